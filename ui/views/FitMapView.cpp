// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/views/FitMapView.h"

#include "ui/views/NeighboursPanel.h"

#include <QPainter>

#include <algorithm>

namespace embedlab::ui {

FitMapView::FitMapView(QWidget *parent)
    : QWidget(parent)
{
    setFocusPolicy(Qt::NoFocus);
    setAccessibleName(tr("Token map"));
    setAccessibleDescription(tr("The text's most frequent words on a fixed plane, aligned from step to "
                                "step, each trailing a line through its recent places"));
}

void FitMapView::setPoints(const QStringList &labels, const QList<QPointF> &points)
{
    m_labels = labels;
    m_points = points;
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
    setAccessibleName(title.isEmpty() ? tr("Token map") : tr("Token map, %1").arg(title));
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
    painter.setPen(pal.color(QPalette::Mid));
    painter.drawRect(rect().adjusted(0, 0, -1, -1));
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
    for (qsizetype i = 0; i < labels.size(); ++i) {
        if (!labels[i].isEmpty())
            painter.drawText(labels[i], Qt::AlignCenter, m_labels.value(i));
    }
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
