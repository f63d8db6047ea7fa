// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "ui/model/NeighbourSearch.h"

#include <QList>
#include <QPointF>
#include <QRect>
#include <QString>
#include <QStringList>
#include <QWidget>

class QLabel;
class QPainter;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTreeWidget;

namespace embedlab::ui {

/// The chosen row and its neighbours on the principal plane, each labelled by token (or id).
class ProjectionScatter : public QWidget {
    Q_OBJECT
public:
    explicit ProjectionScatter(QWidget *parent = nullptr);
    /// `chosen` is drawn highlighted; `items` around it.
    void setPoints(const NeighbourItem &chosen, const QList<NeighbourItem> &items);
    /// Where `point` lands in `area` when `points` (among them `point`) are stretched to fill it.
    static QPointF toPixel(QPointF point, const QList<QPointF> &points, QRect area);
    /// Rings of places around a dot tried for its label.
    static constexpr int kLabelRings = 4;
    /// The places tried for a label of `size` at the dot `p`, nearest first: right (`gap` from the
    /// dot), left, above, below; then, ring by ring, the sides one line further up or down.
    static QList<QRectF> labelPlaces(QPointF p, QSizeF size, double gap);
    /// Rectangles for labels of `sizes` beside the dots at `anchors`, in order of priority: each
    /// takes the first of its labelPlaces() that stays in `bounds` and clears the labels placed
    /// before it; an empty rectangle where none does (the list beside names every row).
    static QList<QRectF> placeLabels(const QList<QPointF> &anchors, const QList<QSizeF> &sizes, double gap,
                                     QRectF bounds);
    /// Each placed label's text, in the painter's pen (an empty place draws nothing).
    static void drawLabels(QPainter &painter, const QList<QRectF> &labels, const QStringList &texts);
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

    /// The points drawn: the chosen row, then its neighbours best first (0 before setPoints()).
    int pointCount() const;
    /// Point `i` for a screen reader: "token (id N) at x, y", x and y its two components.
    QString pointText(int i) const;
    /// Point `i`'s dot, in the view's coordinates.
    QRect pointRect(int i) const;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    /// The chosen row, then the neighbours.
    QList<NeighbourItem> items() const;
    /// Where each of items() is drawn, in the view's coordinates.
    QList<QPointF> anchors() const;

    NeighbourItem m_chosen;
    QList<NeighbourItem> m_items;
    bool m_hasPoints = false;
};

/// The neighbours dock: a search field (a token or a row id), how many neighbours, the list of
/// the nearest rows by cosine similarity with their tokens, and the scatter on the principal plane.
/// Passive: it shows what it is given and says what the user asked for.
class NeighboursPanel : public QWidget {
    Q_OBJECT
public:
    explicit NeighboursPanel(QWidget *parent = nullptr);

    void setK(int k);
    /// Shows the chosen row (first of `items`) and its neighbours (the rest, best first).
    void setItems(const QList<NeighbourItem> &items);
    /// The rows are an initialiser's draw no training has moved (issue #26): `init` is its name
    /// ("normal_"). The panel says its neighbours mean nothing and offers a trained checkpoint. Empty:
    /// the weights are data (loaded) or trained, and nothing is said.
    void setUntrained(const QString &init);
    /// What setUntrained() shows ("" when hidden).
    QString untrainedNote() const;
    QPushButton *openCheckpointButton() const { return m_openCheckpoint; }
    /// A line under the list: a failed search, or "computing ...".
    void setMessage(const QString &message);
    QString message() const;
    /// The rows listed, in order.
    QList<qint64> listedIds() const;
    /// The list's text for `id` in column 1 (token) and 2 (cosine), for tests and export.
    QTreeWidget *list() const { return m_list; }
    ProjectionScatter *scatter() const { return m_scatter; }

Q_SIGNALS:
    /// The search field was confirmed with `text` (a token or a row id).
    void searchRequested(const QString &text);
    void kChanged(int k);
    /// A listed row was clicked.
    void rowClicked(qint64 id);
    /// The user wants trained weights instead of random ones: File > Open Weights. (Training them
    /// here, watching the embeddings learn, is another issue's; its button goes beside this one.)
    void openCheckpointRequested();

private:
    QLineEdit *m_search = nullptr;
    QSpinBox *m_k = nullptr;
    QLabel *m_heading = nullptr;
    QWidget *m_untrained = nullptr;
    QLabel *m_untrainedNote = nullptr;
    QPushButton *m_openCheckpoint = nullptr;
    QTreeWidget *m_list = nullptr;
    QLabel *m_message = nullptr;
    ProjectionScatter *m_scatter = nullptr;
};

} // namespace embedlab::ui
