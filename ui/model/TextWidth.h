// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QFont>
#include <QFontMetricsF>
#include <QString>

#include <cmath>

namespace embedlab::ui {

/// The whole pixels `text` needs in `font` so that QFontMetrics::elidedText() keeps all of it.
/// QFontMetrics::horizontalAdvance() rounds to the nearest pixel: a title given exactly that
/// width lost its last characters to "…" with room to spare ("embedding.weight  [4, …").
inline int textWidth(const QFont &font, const QString &text)
{
    return int(std::ceil(QFontMetricsF(font).horizontalAdvance(text)));
}

} // namespace embedlab::ui
