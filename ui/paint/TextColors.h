// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QColor>
#include <QList>
#include <QString>

class QPalette;

/// The one home of every text colour the app chooses itself (issue #25 item 3). Each reaches WCAG 2.2
/// AA against every background it is drawn on: 4.5:1 for text, 3:1 for large text. The Okabe-Ito hues
/// of the views are kept, darkened just enough (all three channels scaled by one factor) to reach
/// 4.6:1 on the darkest light surface the app paints text on, #e6e6e6 (projector buttons).
/// `pairs()` lists every (text, background) pair; tests/ui/paint/tst_contrast.cpp checks them.
namespace embedlab::ui::TextColors {

/// True when the application's palette is dark (Theme::isDark): the colours below then come in
/// their light variants, each mixed with white just enough to reach 4.6:1 on the lightest dark
/// surface the app paints text on (#3c3c3c), for a dark desktop and the high-contrast dark theme.
bool darkApp();

/// num_embeddings, out_features and their numbers: Okabe-Ito vermillion #d55e00 darkened.
QColor numEmbeddings(bool dark = darkApp());
/// embedding_dim, in_features and their numbers: Okabe-Ito blue #0072b2 darkened.
QColor embeddingDim(bool dark = darkApp());
/// "equal", the lookup path's labels, an argmax that is the source token: Okabe-Ito bluish green
/// #009e73 darkened.
QColor equal(bool dark = darkApp());
/// "differ", error messages, a wrong argmax.
QColor error(bool dark = darkApp());
/// The backgrounds of the white "equal" and "differ" badges: the light theme's equal() and error(),
/// on any theme (a badge brings its own background).
QColor equalBadge();
QColor errorBadge();
/// "out of date" written as text: Okabe-Ito orange #e69f00 darkened.
QColor outOfDate(bool dark = darkApp());
/// The background of the "out of date" badge, with black text on it.
QColor outOfDateBadge();
/// A warning note (the Neighbours panel's "untrained" note).
QColor note(bool dark = darkApp());
/// The Training panel's "surprise" label: its text and its background.
QColor surpriseText();
QColor surpriseBackground();

/// The frame a focused painted view (a heatmap, the token chips) draws around itself (issue #25
/// item 1): a non-text indicator, so 3:1 against every surface it is drawn on (WCAG 2.2 1.4.11).
/// GNOME's accent blue, its light variant on a dark palette.
QColor focusFrame(bool dark = darkApp());

/// The light backgrounds that tell neighbouring token chips apart, in turn; their text is #202020,
/// their ids #555555, and the focused chip is ringed in focusFrame(false), on any theme (a chip
/// brings its own background).
QList<QColor> chipBackgrounds();

/// How opaque secondary text (axis labels, the one-hot digits, hints) is over its background.
constexpr double kSecondaryAlpha = 0.65;
/// Secondary text for a palette: its Text colour at kSecondaryAlpha, so it follows a dark palette too.
QColor secondary(const QPalette &palette);

/// The one-hot vector's "1" on its orange: black at kSecondaryAlpha, whatever the theme.
QColor oneOnOrange();

/// `color` drawn over the opaque `background`, as the painter blends it.
QColor composite(const QColor &color, const QColor &background);
/// WCAG 2.x relative luminance of an opaque colour (sRGB transfer function).
double relativeLuminance(const QColor &color);
/// WCAG 2.x contrast ratio (1 to 21) of `text` (composited when translucent) on `background`.
double contrastRatio(const QColor &text, const QColor &background);

/// One colour pair the app paints, and the ratio WCAG asks of it.
struct Pair {
    QString what;      ///< where it is drawn
    QColor text;       ///< the text colour (may be translucent: composited over the background)
    QColor background; ///< the opaque background
    double minimum;    ///< 4.5 for text, 3.0 for large text
};
/// Every pair of the colours above with the surfaces they are drawn on, and the badges. Light: window
/// #efefef, dock panes #ececec, projector buttons #e6e6e6, views and projector mode #ffffff. Dark:
/// the high-contrast black and its #1a1a1a and #262626, and a dark desktop's #2a2a2a to #3c3c3c.
QList<Pair> pairs(bool dark);

} // namespace embedlab::ui::TextColors
