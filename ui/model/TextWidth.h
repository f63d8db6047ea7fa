// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QFont>
#include <QFontMetricsF>
#include <QString>

#include <algorithm>
#include <cmath>

namespace embedlab::ui {

/// The whole pixels `text` needs in `font` so that QFontMetrics::elidedText() keeps all of it.
/// QFontMetrics::horizontalAdvance() rounds to the nearest pixel: a title given exactly that
/// width lost its last characters to "…" with room to spare ("embedding.weight  [4, …").
inline int textWidth(const QFont &font, const QString &text)
{
    return int(std::ceil(QFontMetricsF(font).horizontalAdvance(text)));
}

/// The whole pixels `text` covers when QPainter draws it on one line in `font`: its box, which can be
/// a pixel wider than the advance. The heatmap's bold title, "sau − trước" in Vietnamese with 简体中文's
/// fonts (a bold FreeType makes from a regular face), was drawn 65.9 px wide in the 65 px its advance
/// asked for.
inline int drawnTextWidth(const QFont &font, const QString &text)
{
    const QFontMetricsF metrics(font);
    return int(std::ceil(std::max(metrics.horizontalAdvance(text),
                                  metrics.boundingRect(QRectF(), Qt::TextSingleLine, text).width())));
}

/// The pixels a line of text is tall in `font`: QFontMetricsF::height() to the nearest pixel.
/// QFontMetrics::height() rounds the ascent and the descent each: with Noto Sans CJK SC (the
/// primary font under LANG=zh_CN.UTF-8) projected, text drawn 27.5 px tall got rows of 27 px. Not
/// rounded up: a pixel more a line pushed the projected window past 768 px; the half pixel at most
/// that the text may then exceed its row by is in the font's leading, not its glyphs.
inline int textHeight(const QFont &font)
{
    return qRound(QFontMetricsF(font).height());
}

} // namespace embedlab::ui
