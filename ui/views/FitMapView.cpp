// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/views/FitMapView.h"

#include "ui/paint/PaintedViewAccessible.h"
#include "ui/views/NeighboursPanel.h"

#include <QPainter>

#include <algorithm>

namespace embedlab::ui {

FitMapView::FitMapView(QWidget *parent)
    : QWidget(parent)
{
    // Tab reaches it, for a screen reader to read out which word is nearest which; a click does
    // not take the focus from the timeline's arrow keys.
    setFocusPolicy(Qt::TabFocus);
    setToolTip(tr("The text's most frequent words on a fixed plane, aligned from step to step, each "
                  "trailing a line through its recent places"));
    PaintedViewAccessible::mark(this, QAccessible::Chart);
    describe();
}

QStringList FitMapView::nearestLines() const
{
    // On the map's plane, as a student reads the picture: each word and the word drawn nearest it.
    QStringList lines;
    for (qsizetype i = 0; i < m_points.size(); ++i) {
        qsizetype nearest = -1;
        double best = 0.0;
        for (qsizetype j = 0; j < m_points.size(); ++j) {
            const QPointF d = m_points[j] - m_points[i];
            const double squared = QPointF::dotProduct(d, d);
            if (j != i && (nearest < 0 || squared < best)) {
                nearest = j;
                best = squared;
            }
        }
        if (nearest >= 0)
            lines.append(tr("%1, nearest %2").arg(m_labels.value(i), m_labels.value(nearest)));
    }
    return lines;
}

void FitMapView::describe()
{
    const QStringList lines = nearestLines();
    PaintedViewAccessible::describe(this,
                                    m_title.isEmpty() ? tr("Token map") : tr("Token map, %1").arg(m_title),
                                    lines.isEmpty() ? tr("No words yet") : lines.join(QLatin1Char('\n')));
}

void FitMapView::setPoints(const QStringList &labels, const QList<QPointF> &points)
{
    m_labels = labels;
    m_points = points;
    describe();
    update();
}

void FitMapView::setTrail(const QList<QList<QPointF>> &trail)
{
    m_trail = trail;
    update();
}

void FitMapView::setTitle(const QString &title)
{
    if (title == m_title)
        return;
    m_title = title;
    describe();
    update();
}

void FitMapView::setDotColor(const QColor &color)
{
    m_dotColor = color;
    update();
}

QSize FitMapView::sizeHint() const
{
    return {fontMetrics().averageCharWidth() * 40, fontMetrics().lineSpacing() * 14};
}

QSize FitMapView::minimumSizeHint() const
{
    return {fontMetrics().averageCharWidth() * 24, fontMetrics().lineSpacing() * 6};
}

void FitMapView::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QPalette pal = palette();
    painter.fillRect(rect(), pal.color(QPalette::Base));
    // Its frame in the highlight colour while it has the keyboard.
    painter.setPen(QPen(pal.color(hasFocus() ? QPalette::Highlight : QPalette::Mid), hasFocus() ? 2 : 1));
    painter.drawRect(QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5));
    const QFontMetrics fm = fontMetrics();
    if (!m_title.isEmpty()) {
        painter.setPen(pal.color(QPalette::Text));
        painter.drawText(rect().adjusted(fm.averageCharWidth(), 2, 0, 0), Qt::AlignLeft | Qt::AlignTop,
                         m_title);
    }
    if (m_points.isEmpty())
        return;
    // Room for a label on either side of the outermost dots.
    const int margin = fm.averageCharWidth() * 6;
    const QRect area = rect().adjusted(margin, fm.height(), -margin, -fm.height());
    QList<QPointF> anchors;
    QList<QSizeF> sizes;
    for (qsizetype i = 0; i < m_points.size(); ++i) {
        anchors.append(ProjectionScatter::toPixel(m_points[i], m_points, area));
        sizes.append(QSizeF(fm.horizontalAdvance(m_labels.value(i)), fm.height()));
    }
    const QList<QRectF> labels = ProjectionScatter::placeLabels(anchors, sizes, 6.0, QRectF(rect()));
    paintTrails(painter, area);
    painter.setPen(Qt::NoPen);
    painter.setBrush(m_dotColor);
    for (const QPointF &p : anchors)
        painter.drawEllipse(p, 3.5, 3.5);
    painter.setPen(pal.color(QPalette::Text));
    ProjectionScatter::drawLabels(painter, labels, m_labels);
}

void FitMapView::paintTrails(QPainter &painter, QRect area) const
{
    // On the dots' own scale (the places of the step shown span the area), each dot's line from its
    // oldest place to where it is now, fainter the older.
    const qsizetype steps = m_trail.size();
    for (qsizetype k = 0; k < steps; ++k) {
        QColor color = m_dotColor;
        color.setAlphaF(0.12f + 0.5f * float(k + 1) / float(steps));
        painter.setPen(QPen(color, 1.5, Qt::SolidLine, Qt::RoundCap));
        const QList<QPointF> &from = m_trail[k];
        const QList<QPointF> &to = k + 1 < steps ? m_trail[k + 1] : m_points;
        for (qsizetype i = 0; i < std::min(from.size(), to.size()); ++i)
            painter.drawLine(ProjectionScatter::toPixel(from[i], m_points, area),
                             ProjectionScatter::toPixel(to[i], m_points, area));
    }
}

} // namespace embedlab::ui
