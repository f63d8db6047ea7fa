// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QSettings>

namespace embedlab::ui {

/// The version of the window layout saved in the settings (QMainWindow::saveState()) and by the view
/// modes. 2: the initialisers behind the layers on the left (#16 item 15); a layout saved by an
/// older window would keep the weights at 352 px of 1366.
inline constexpr int kWindowLayoutVersion = 2;

/// EmbedLab's preferences and window state: QSettings("EmbedLab", "EmbedLab"), the one place that
/// names them.
inline QSettings appSettings()
{
    return QSettings(QStringLiteral("EmbedLab"), QStringLiteral("EmbedLab"));
}

} // namespace embedlab::ui
