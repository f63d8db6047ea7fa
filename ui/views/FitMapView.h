// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QColor>
#include <QList>
#include <QPointF>
#include <QStringList>
#include <QWidget>

class QPainter;

namespace embedlab::ui {

/// The Fit panel's 2-D map (issue #27): the chosen tokens of the text at their core::TokenMap
/// places, each dot labelled with its token. Passive: it paints what it is given.
class FitMapView : public QWidget {
    Q_OBJECT
public:
    explicit FitMapView(QWidget *parent = nullptr);
    /// `labels[i]` at `points[i]` (the first component runs right, the second up).
    void setPoints(const QStringList &labels, const QList<QPointF> &points);
    const QStringList &labels() const { return m_labels; }
    const QList<QPointF> &points() const { return m_points; }
    /// Where the dots were before, oldest first: each entry the places of every label, as points.
    /// Drawn as a line behind each dot that fades with age.
    void setTrail(const QList<QList<QPointF>> &trail);
    const QList<QList<QPointF>> &trail() const { return m_trail; }
    /// Written at the top left ("tied", "untied" while comparing); empty: none.
    void setTitle(const QString &title);
    const QString &title() const { return m_title; }
    void setDotColor(const QColor &color);
    /// For a screen reader (its accessible text, a line each): every word and the word nearest it
    /// on the map, "king, nearest queen".
    QStringList nearestLines() const;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    void describe();
    void paintTrails(QPainter &painter, QRect area) const;

private:
    QStringList m_labels;
    QList<QPointF> m_points;
    QList<QList<QPointF>> m_trail;
    QString m_title;
    QColor m_dotColor{0x1f, 0x77, 0xb4};
};

} // namespace embedlab::ui
