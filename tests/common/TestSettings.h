// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "ui/model/Settings.h"

#include <QStandardPaths>

namespace embedlab::testing {

/// Points QSettings at Qt's test location (never the user's own preferences) and empties
/// EmbedLab's settings there, so a test starts from the defaults. For tests that link embedlab_ui.
inline void resetAppSettings()
{
    QStandardPaths::setTestModeEnabled(true);
    ui::appSettings().clear();
}

} // namespace embedlab::testing
