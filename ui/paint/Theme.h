// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QList>
#include <QPaintDevice>
#include <QPalette>
#include <QString>

#include <optional>

/// The app's themes (issue #25 item 3): the desktop's own palette, light or dark, or a high-contrast
/// one, light or dark, chosen in Preferences. The one home of the palettes: projector mode takes the
/// high-contrast palette of the theme's brightness, and TextColors picks its light or dark colours by
/// the brightness of the application's palette.
namespace embedlab::ui::Theme {

enum class Kind { System, ContrastLight, ContrastDark };

/// Every theme, in the order Preferences lists them.
QList<Kind> all();
/// The theme's key in the settings and on the command line: "system", "contrast-light", "contrast-dark".
QString key(Kind kind);
std::optional<Kind> fromKey(const QString &key);
/// The theme's name for the user, translated.
QString displayName(Kind kind);

/// Black on white, thick black borders, a dark blue highlight: projector mode's palette too.
QPalette contrastLight();
/// White on black, a yellow highlight with black text on it, cyan links.
QPalette contrastDark();
/// True when the palette's text is light on a dark background.
bool isDark(const QPalette &palette);
/// What projector mode shows over a window in `palette`: the high-contrast palette of its brightness.
QPalette projectorPalette(const QPalette &palette);
/// Projector mode's style sheet for that palette: borders `lineWidth` px in its text colour.
QString projectorStyleSheet(const QPalette &palette, int lineWidth, int indicatorSize = 13);
/// 16 px, the least projected text a room reads (#25 item 4), in points on `device`.
double legiblePointSize(const QPaintDevice &device);

/// Makes `kind` the application's palette (QApplication::setPalette). The desktop's palette is
/// remembered on the first call, so that choosing System later brings it back.
void apply(Kind kind);
/// The theme the settings name ("view/theme"), System when none or an unknown one.
Kind fromSettings();

} // namespace embedlab::ui::Theme
