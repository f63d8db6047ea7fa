// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QSettings>

namespace embedlab::ui {

/// EmbedLab's preferences and window state: QSettings("EmbedLab", "EmbedLab"), the one place that
/// names them.
inline QSettings appSettings()
{
    return QSettings(QStringLiteral("EmbedLab"), QStringLiteral("EmbedLab"));
}

} // namespace embedlab::ui
