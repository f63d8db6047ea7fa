// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QDebug>
#include <QList>
#include <QRectF>
#include <QString>

class QFont;
class QPainter;

namespace embedlab::ui {

/// One piece of text a view painted: what it meant to show, what it drew, the rectangle the drawn
/// text covers and the room it was given. Views that paint their own text keep the list of their
/// last paint, so a test can tell a cut or elided text from one that fits (issue #16 item 13).
struct PaintedText {
    QString text;  ///< the whole text
    QString shown; ///< what was drawn: `text`, or less of it when elided
    QRectF rect;   ///< the drawn text's box, as laid out by the painter
    QRectF room;   ///< the rectangle it was drawn into
    /// The font's size in the device's logical pixels (a projector's back row needs 16 and more, #25).
    double pixelSize = 0.0;

    /// The whole text was drawn inside its room (to within `tolerance` pixels on each side).
    bool fits(double tolerance = 0.5) const;

    bool operator==(const PaintedText &) const = default;
};
using PaintedTexts = QList<PaintedText>;

QDebug operator<<(QDebug debug, const PaintedText &text);

/// The size of `font` in logical pixels at `dpi` dots per inch (a point is 1/72 inch).
double fontPixelSize(const QFont &font, double dpi);

/// QPainter::drawText(room, flags, text) that also appends what it drew to `log`, if given. With an
/// elide mode other than Qt::ElideNone, a text wider than `room` is drawn elided (and logged so).
void drawRecordedText(QPainter &painter, const QRectF &room, int flags, const QString &text,
                      PaintedTexts *log, Qt::TextElideMode elide = Qt::ElideNone);

} // namespace embedlab::ui
