// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/paint/PaintedText.h"

#include <QFontMetricsF>
#include <QPainter>

namespace embedlab::ui {

bool PaintedText::fits(double tolerance) const
{
    return shown == text && room.adjusted(-tolerance, -tolerance, tolerance, tolerance).contains(rect);
}

QDebug operator<<(QDebug debug, const PaintedText &text)
{
    const QDebugStateSaver saver(debug);
    debug.nospace() << "PaintedText(" << text.text;
    if (text.shown != text.text)
        debug << " shown as " << text.shown;
    return debug << ", " << text.rect << " in " << text.room << ')';
}

void drawRecordedText(QPainter &painter, const QRectF &room, int flags, const QString &text,
                      PaintedTexts *log, Qt::TextElideMode elide)
{
    QString shown = text;
    if (elide != Qt::ElideNone)
        shown = QFontMetricsF(painter.font(), painter.device()).elidedText(text, elide, room.width());
    QRectF drawn;
    painter.drawText(room, flags, shown, &drawn);
    if (log)
        log->append(
            {text, shown, drawn, room, fontPixelSize(painter.font(), painter.device()->logicalDpiY())});
}

double fontPixelSize(const QFont &font, double dpi)
{
    return font.pixelSize() > 0 ? font.pixelSize() : font.pointSizeF() * dpi / 72.0;
}

} // namespace embedlab::ui
