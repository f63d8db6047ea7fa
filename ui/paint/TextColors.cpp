// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/paint/TextColors.h"

#include "ui/paint/Theme.h"

#include <QGuiApplication>

#include <QPalette>

#include <algorithm>
#include <cmath>

namespace embedlab::ui::TextColors {

bool darkApp()
{
    return Theme::isDark(QGuiApplication::palette());
}

// Okabe-Ito originals in the comments. Light: R, G and B scaled by one factor (the hue stays) until
// the ratio on #e6e6e6 reached 4.6:1. Dark: mixed with white until 4.6:1 on #3c3c3c.
QColor numEmbeddings(bool dark)
{
    if (dark)
        return QColor(0xe4, 0x96, 0x59); // #d55e00 35 % white: 4.63:1 on #3c3c3c, 8.8:1 on black
    return QColor(0xa8, 0x4a, 0x00);     // #d55e00 x 0.79: 3.27:1 -> 4.88:1 on #ececec
}

QColor embeddingDim(bool dark)
{
    if (dark)
        return QColor(0x70, 0xb0, 0xd4); // #0072b2 44 % white: 4.65:1 on #3c3c3c
    return QColor(0x00, 0x6b, 0xa6);     // #0072b2 x 0.935: 4.39:1 -> 4.87:1 on #ececec
}

QColor equal(bool dark)
{
    if (dark)
        return QColor(0x4a, 0xba, 0x9c); // #009e73 29 % white: 4.62:1 on #3c3c3c
    return equalBadge();
}

QColor equalBadge()
{
    return QColor(0x00, 0x74, 0x55); // #009e73 x 0.735: 3.42:1 -> 5.79:1 on white
}

QColor error(bool dark)
{
    if (dark)
        return QColor(0xf0, 0x8b, 0x96); // #e6374a 42 % white: 4.64:1 on #3c3c3c
    return errorBadge();
}

QColor errorBadge()
{
    return QColor(0xb2, 0x18, 0x2b); // already 5.5:1 on #e6e6e6; replaces #c0392b, #c01c28 and red
}

QColor outOfDate(bool dark)
{
    if (dark)
        return outOfDateBadge();     // #e69f00 itself: 4.90:1 on #3c3c3c
    return QColor(0x88, 0x5e, 0x00); // #e69f00 x 0.59: 1.91:1 -> 4.87:1 on #ececec
}

QColor outOfDateBadge()
{
    return QColor(0xe6, 0x9f, 0x00);
}

QColor note(bool dark)
{
    if (dark)
        return QColor(0xf0, 0xa0, 0x78); // #9a3412's hue, light: 5.7:1 on #3c3c3c
    return QColor(0x9a, 0x34, 0x12);
}

QColor surpriseText()
{
    return QColor(0x5a, 0x23, 0x00);
}

QColor focusFrame(bool dark)
{
    // GNOME's accent blue: 5.0:1 on #e6e6e6, 6.4:1 on white; its light variant 4.8:1 on #3c3c3c.
    return dark ? QColor(0x78, 0xae, 0xed) : QColor(0x1a, 0x5f, 0xb4);
}

QList<QColor> chipBackgrounds()
{
    return {QColor(0xd6, 0xe9, 0xf8), QColor(0xfd, 0xe2, 0xc4), QColor(0xd9, 0xf2, 0xd9),
            QColor(0xea, 0xdc, 0xf5), QColor(0xf8, 0xd7, 0xda)};
}

QColor surpriseBackground()
{
    return QColor(0xfd, 0xe0, 0xc5);
}

QColor oneOnOrange()
{
    return QColor(0, 0, 0, int(std::lround(255 * kSecondaryAlpha)));
}

QColor secondary(const QPalette &palette)
{
    QColor c = palette.color(QPalette::Text);
    c.setAlphaF(float(kSecondaryAlpha));
    return c;
}

QColor composite(const QColor &color, const QColor &background)
{
    const double a = color.alphaF();
    auto mix = [a](int f, int b) { return int(std::lround(a * f + (1.0 - a) * b)); };
    return QColor(mix(color.red(), background.red()), mix(color.green(), background.green()),
                  mix(color.blue(), background.blue()));
}

double relativeLuminance(const QColor &color)
{
    auto linear = [](int channel) {
        const double c = channel / 255.0;
        return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * linear(color.red()) + 0.7152 * linear(color.green()) + 0.0722 * linear(color.blue());
}

double contrastRatio(const QColor &text, const QColor &background)
{
    const double a = relativeLuminance(composite(text, background));
    const double b = relativeLuminance(background);
    return (std::max(a, b) + 0.05) / (std::min(a, b) + 0.05);
}

QList<Pair> pairs(bool dark)
{
    const QList<std::pair<QString, QColor>> surfaces =
        dark
            ? QList<std::pair<QString, QColor>>{{QStringLiteral("contrast black #000000"), QColor(Qt::black)},
                                                {QStringLiteral("contrast alternate #1a1a1a"),
                                                 QColor(0x1a, 0x1a, 0x1a)},
                                                {QStringLiteral("contrast button #262626"),
                                                 QColor(0x26, 0x26, 0x26)},
                                                {QStringLiteral("dark base #2a2a2a"),
                                                 QColor(0x2a, 0x2a, 0x2a)},
                                                {QStringLiteral("dark window #353535"),
                                                 QColor(0x35, 0x35, 0x35)},
                                                {QStringLiteral("dark button #3c3c3c"),
                                                 QColor(0x3c, 0x3c, 0x3c)}}
            : QList<std::pair<QString, QColor>>{
                  {QStringLiteral("window #efefef"), QColor(0xef, 0xef, 0xef)},
                  {QStringLiteral("dock pane #ececec"), QColor(0xec, 0xec, 0xec)},
                  {QStringLiteral("button #e6e6e6"), QColor(0xe6, 0xe6, 0xe6)},
                  {QStringLiteral("view #ffffff"), QColor(Qt::white)},
                  {QStringLiteral("alternate #f7f7f7"), QColor(0xf7, 0xf7, 0xf7)}};
    const QList<std::pair<QString, QColor>> texts = {
        {QStringLiteral("num_embeddings"), numEmbeddings(dark)},
        {QStringLiteral("embedding_dim"), embeddingDim(dark)},
        {QStringLiteral("equal"), equal(dark)},
        {QStringLiteral("error"), error(dark)},
        {QStringLiteral("out of date"), outOfDate(dark)},
        {QStringLiteral("note"), note(dark)},
    };
    QList<Pair> out;
    for (const auto &[surfaceName, surface] : surfaces) {
        for (const auto &[textName, text] : texts)
            out.append({textName + QStringLiteral(" on ") + surfaceName, text, surface, 4.5});
        QPalette palette(surface);
        palette.setColor(QPalette::Text, dark ? Qt::white : Qt::black);
        out.append({QStringLiteral("secondary on ") + surfaceName, secondary(palette), surface, 4.5});
        out.append({QStringLiteral("focus frame on ") + surfaceName, focusFrame(dark), surface, 3.0});
    }
    // The one-hot view's "1" is secondary text on the Okabe-Ito orange of the one (the badge's colour):
    // the light theme's on every theme (OneHotView).
    out.append({QStringLiteral("one-hot digit on its orange"), oneOnOrange(), outOfDateBadge(), 4.5});
    const QColor white(Qt::white);
    out.append({QStringLiteral("\"equal\" badge"), white, equalBadge(), 4.5});
    out.append({QStringLiteral("\"differ\" badge"), white, errorBadge(), 4.5});
    out.append({QStringLiteral("\"out of date\" badge"), QColor(Qt::black), outOfDateBadge(), 4.5});
    out.append({QStringLiteral("surprise label"), surpriseText(), surpriseBackground(), 4.5});
    for (const QColor &chip : chipBackgrounds()) {
        const QString name = QStringLiteral(" on chip ") + chip.name();
        out.append({QStringLiteral("token") + name, QColor(0x20, 0x20, 0x20), chip, 4.5});
        out.append({QStringLiteral("token id") + name, QColor(0x55, 0x55, 0x55), chip, 4.5});
        out.append({QStringLiteral("focus ring") + name, focusFrame(false), chip, 3.0});
    }
    return out;
}

} // namespace embedlab::ui::TextColors
