// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "ui/model/Settings.h"

#include <QCoreApplication>
#include <QDir>
#include <QSettings>
#include <QStandardPaths>

namespace embedlab::testing {

/// Points QSettings at a folder of this test process's own (never the user's preferences, nor
/// another test's running beside it under ctest -j: the lesson's remembered step raced between
/// them) and empties EmbedLab's settings there, so a test starts from the defaults. For tests that
/// link embedlab_ui.
inline void resetAppSettings()
{
    QStandardPaths::setTestModeEnabled(true);
    QSettings::setPath(
        QSettings::NativeFormat, QSettings::UserScope,
        QDir::temp().filePath(QStringLiteral("embedlab-test-%1").arg(QCoreApplication::applicationPid())));
    ui::appSettings().clear();
}

} // namespace embedlab::testing
