// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/views/NeighboursPanel.h"

#include "ui/paint/AccessibleNames.h"
#include "ui/paint/PaintedViewAccessible.h"
#include "ui/paint/TextColors.h"
#include "ui/views/ScatterAccessible.h"

#include <QFontMetrics>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPainter>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <limits>

namespace embedlab::ui {

namespace {

constexpr double kChosenRadius = 5.0;
constexpr double kRadius = 3.5;

QString pointLabel(const NeighbourItem &item)
{
    return item.token.isEmpty() ? QString::number(item.id) : item.token;
}

} // namespace

ProjectionScatter::ProjectionScatter(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("neighbourScatter"));
    PaintedViewAccessible::installFor<ProjectionScatter, ScatterAccessible>(); // a list of its points
    PaintedViewAccessible::describe(this, tr("PCA scatter of the neighbours"), tr("No points yet"));
}

void ProjectionScatter::setPoints(const NeighbourItem &chosen, const QList<NeighbourItem> &items)
{
    m_chosen = chosen;
    m_items = items;
    m_hasPoints = true;
    update();
    // For a screen reader: every point, the chosen row first (token, id, x, y), as a text and as
    // the list's items (ScatterAccessible).
    QStringList lines;
    for (int i = 0; i < pointCount(); ++i)
        lines.append(pointText(i));
    PaintedViewAccessible::describe(this, tr("PCA scatter of the neighbours"), lines.join(QLatin1Char('\n')));
    if (QAccessible::isActive()) {
        QAccessibleEvent reorder(this, QAccessible::ObjectReorder);
        QAccessible::updateAccessibility(&reorder);
    }
}

int ProjectionScatter::pointCount() const
{
    return m_hasPoints ? int(m_items.size()) + 1 : 0;
}

QString ProjectionScatter::pointText(int i) const
{
    if (i < 0 || i >= pointCount())
        return {};
    const NeighbourItem &item = i == 0 ? m_chosen : m_items[i - 1];
    const QString x = QLocale().toString(item.point.x(), 'g', 3);
    const QString y = QLocale().toString(item.point.y(), 'g', 3);
    if (item.token.isEmpty()) // a row without a tokenizer
        return tr("row %1 at %2, %3").arg(item.id).arg(x, y);
    return tr("%1 (id %2) at %3, %4").arg(item.token).arg(item.id).arg(x, y);
}

QRect ProjectionScatter::pointRect(int i) const
{
    const QList<QPointF> at = anchors();
    if (i < 0 || i >= at.size())
        return {};
    const double radius = i == 0 ? kChosenRadius : kRadius;
    return QRectF(at[i] - QPointF(radius, radius), QSizeF(2 * radius, 2 * radius)).toAlignedRect();
}

QList<NeighbourItem> ProjectionScatter::items() const
{
    if (!m_hasPoints)
        return {};
    QList<NeighbourItem> all{m_chosen};
    all.append(m_items);
    return all;
}

QList<QPointF> ProjectionScatter::anchors() const
{
    const QList<NeighbourItem> all = items();
    QList<QPointF> points;
    for (const NeighbourItem &item : all)
        points.append(item.point);
    // Below the title, with room for the labels to the right of the points.
    const QFontMetrics fm(font());
    const QRect area(8, fm.height() * 2, std::max(1, width() - 16 - fm.averageCharWidth() * 10),
                     std::max(1, height() - fm.height() * 3));
    QList<QPointF> out;
    for (const QPointF &p : std::as_const(points))
        out.append(toPixel(p, points, area));
    return out;
}

QPointF ProjectionScatter::toPixel(QPointF point, const QList<QPointF> &points, QRect area)
{
    double x0 = std::numeric_limits<double>::max();
    double y0 = x0;
    double x1 = std::numeric_limits<double>::lowest();
    double y1 = x1;
    for (const QPointF &p : points) {
        x0 = std::min(x0, p.x());
        x1 = std::max(x1, p.x());
        y0 = std::min(y0, p.y());
        y1 = std::max(y1, p.y());
    }
    // Each axis stretched to the area (a dock is often wide and short); a single value sits in the
    // middle of its axis. The first component runs right, the second up.
    const auto place = [](double v, double lo, double hi, double from, double length) {
        return hi - lo > 1e-12 ? from + (v - lo) / (hi - lo) * length : from + length / 2.0;
    };
    return {place(point.x(), x0, x1, area.left(), area.width()),
            place(-point.y(), -y1, -y0, area.top(), area.height())};
}

QList<QRectF> ProjectionScatter::labelPlaces(QPointF p, QSizeF size, double gap)
{
    const double w = size.width();
    const double h = size.height();
    const QRectF right(QPointF(p.x() + gap, p.y() - h / 2), size);
    const QRectF left(QPointF(p.x() - gap - w, p.y() - h / 2), size);
    // Above and below clear the band of the side labels, which are centred on the dot.
    const QRectF above(QPointF(p.x() - w / 2, p.y() - h * 1.5 - 1), size);
    const QRectF below(QPointF(p.x() - w / 2, p.y() + h / 2 + 1), size);
    QList<QRectF> places{right, left, above, below};
    for (int ring = 1; ring <= kLabelRings; ++ring) {
        const double step = ring * (h + 1);
        places << right.translated(0, -step) << right.translated(0, step) << left.translated(0, -step)
               << left.translated(0, step) << above.translated(0, -step) << below.translated(0, step);
    }
    return places;
}

QList<QRectF> ProjectionScatter::placeLabels(const QList<QPointF> &anchors, const QList<QSizeF> &sizes,
                                             double gap, QRectF bounds)
{
    QList<QRectF> placed;
    for (qsizetype i = 0; i < anchors.size(); ++i) {
        QRectF chosen;
        for (const QRectF &candidate : labelPlaces(anchors[i], sizes.value(i), gap)) {
            const bool clear = std::none_of(placed.cbegin(), placed.cend(), [&](const QRectF &other) {
                return !other.isEmpty() && other.intersects(candidate);
            });
            if (bounds.contains(candidate) && clear) {
                chosen = candidate;
                break;
            }
        }
        placed.append(chosen);
    }
    return placed;
}

void ProjectionScatter::drawLabels(QPainter &painter, const QList<QRectF> &labels, const QStringList &texts)
{
    for (qsizetype i = 0; i < labels.size(); ++i) {
        if (!labels[i].isEmpty())
            painter.drawText(labels[i], Qt::AlignCenter, texts.value(i));
    }
}

QSize ProjectionScatter::sizeHint() const
{
    const int line = fontMetrics().height();
    return {line * 18, line * 14};
}

QSize ProjectionScatter::minimumSizeHint() const
{
    const int line = fontMetrics().height();
    return {line * 8, line * 6};
}

void ProjectionScatter::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QPalette pal = palette();
    painter.fillRect(rect(), pal.color(QPalette::Base));
    painter.setPen(pal.color(QPalette::Text));
    const QFontMetrics fm(font());
    painter.drawText(QRect(4, 2, width() - 8, fm.height()), Qt::AlignLeft | Qt::AlignVCenter,
                     tr("PCA of every row: first two components"));
    if (!m_hasPoints)
        return;
    // The chosen row's label first, then its neighbours best first: a label with no free place is
    // left out rather than drawn over another (the list beside names every row).
    const QList<NeighbourItem> items = this->items();
    const QList<QPointF> anchors = this->anchors();
    QList<QSizeF> sizes;
    for (const NeighbourItem &item : items)
        sizes.append(QSizeF(fm.horizontalAdvance(pointLabel(item)), fm.height()));
    const QList<QRectF> labels =
        placeLabels(anchors, sizes, 7.0, QRectF(rect()).adjusted(0, fm.height(), 0, 0));
    for (qsizetype i = items.size() - 1; i >= 0; --i) { // the chosen dot on top
        const double radius = i == 0 ? kChosenRadius : kRadius;
        painter.setPen(Qt::NoPen);
        painter.setBrush(i == 0 ? QColor(0xd6, 0x27, 0x28) : QColor(0x1f, 0x77, 0xb4));
        painter.drawEllipse(anchors[i], radius, radius);
    }
    painter.setPen(pal.color(QPalette::Text));
    QStringList texts;
    for (const NeighbourItem &item : items)
        texts.append(pointLabel(item));
    drawLabels(painter, labels, texts);
}

NeighboursPanel::NeighboursPanel(QWidget *parent)
    : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    auto *searchRow = new QHBoxLayout;
    m_search = new QLineEdit(this);
    m_search->setObjectName(QStringLiteral("neighbourSearch"));
    m_search->setPlaceholderText(tr("token or row id, e.g. Hello or 15496"));
    m_search->setClearButtonEnabled(true);
    m_k = new QSpinBox(this);
    m_k->setObjectName(QStringLiteral("neighbourK"));
    m_k->setRange(1, NeighbourSearch::kMaxK);
    m_k->setValue(NeighbourSearch::kDefaultK);
    m_k->setPrefix(tr("top "));
    // Named after what they show: the field its hint, the spin box its prefix ("top").
    AccessibleNames::nameAfter(m_search, m_search->placeholderText());
    AccessibleNames::nameAfter(m_k, m_k->prefix());
    searchRow->addWidget(m_search, 1);
    searchRow->addWidget(m_k);
    layout->addLayout(searchRow);
    // Random rows said to be random before anything is listed (issue #26).
    m_untrained = new QWidget(this);
    m_untrained->setObjectName(QStringLiteral("neighbourUntrained"));
    auto *untrainedRow = new QHBoxLayout(m_untrained);
    untrainedRow->setContentsMargins(0, 0, 0, 0);
    m_untrainedNote = new QLabel(m_untrained);
    m_untrainedNote->setWordWrap(true);
    m_untrainedNote->setStyleSheet(
        QStringLiteral("color: %1; font-weight: bold;").arg(TextColors::note().name()));
    m_openCheckpoint = new QPushButton(tr("Open trained weights\u2026"), m_untrained);
    m_openCheckpoint->setObjectName(QStringLiteral("openCheckpoint"));
    m_openCheckpoint->setToolTip(tr("File > Open Weights: a trained checkpoint's embedding (.safetensors, "
                                    "GGUF, .npy), whose neighbours mean something"));
    untrainedRow->addWidget(m_untrainedNote, 1);
    untrainedRow->addWidget(m_openCheckpoint, 0, Qt::AlignTop);
    m_untrained->setVisible(false);
    layout->addWidget(m_untrained);
    m_heading = new QLabel(tr("Click a row of the heatmap or search a token."), this);
    m_heading->setObjectName(QStringLiteral("neighbourHeading"));
    m_heading->setWordWrap(true);
    layout->addWidget(m_heading);
    auto *splitter = new QSplitter(Qt::Vertical, this);
    m_list = new QTreeWidget(splitter);
    m_list->setObjectName(QStringLiteral("neighbourList"));
    m_list->setAccessibleName(tr("Neighbours"));
    m_list->setRootIsDecorated(false);
    m_list->setHeaderLabels({tr("id"), tr("token"), tr("cosine")});
    m_list->header()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_scatter = new ProjectionScatter(splitter);
    splitter->addWidget(m_list);
    splitter->addWidget(m_scatter);
    layout->addWidget(splitter, 1);
    m_message = new QLabel(this);
    m_message->setObjectName(QStringLiteral("neighbourMessage"));
    m_message->setWordWrap(true);
    layout->addWidget(m_message);
    connect(m_search, &QLineEdit::returnPressed, this, [this] { Q_EMIT searchRequested(m_search->text()); });
    connect(m_openCheckpoint, &QPushButton::clicked, this, &NeighboursPanel::openCheckpointRequested);
    connect(m_k, &QSpinBox::valueChanged, this, &NeighboursPanel::kChanged);
    connect(m_list, &QTreeWidget::itemClicked, this,
            [this](QTreeWidgetItem *item) { Q_EMIT rowClicked(item->data(0, Qt::UserRole).toLongLong()); });
}

void NeighboursPanel::setK(int k)
{
    m_k->setValue(k);
}

void NeighboursPanel::setItems(const QList<NeighbourItem> &shown)
{
    if (shown.isEmpty())
        return;
    const NeighbourItem chosen = shown.front();
    const QList<NeighbourItem> items = shown.mid(1);
    m_heading->setText(
        chosen.token.isEmpty()
            ? tr("Rows most like row %1, by cosine similarity:").arg(chosen.id)
            : tr("Rows most like row %1 (%2), by cosine similarity:").arg(chosen.id).arg(chosen.token));
    m_list->clear();
    QList<QTreeWidgetItem *> rows;
    for (const NeighbourItem &item : items) {
        auto *row = new QTreeWidgetItem(
            {QString::number(item.id), item.token, QString::number(double(item.cosine), 'f', 6)});
        row->setData(0, Qt::UserRole, item.id);
        row->setTextAlignment(0, Qt::AlignRight);
        row->setTextAlignment(2, Qt::AlignRight);
        rows.append(row);
    }
    m_list->addTopLevelItems(rows);
    m_list->resizeColumnToContents(0);
    m_list->resizeColumnToContents(2);
    m_scatter->setPoints(chosen, items);
    m_message->clear();
}

void NeighboursPanel::setUntrained(const QString &init)
{
    m_untrainedNote->setText(
        init.isEmpty() ? QString()
                       : tr("Untrained: seeded %1; neighbours of random rows mean nothing.").arg(init));
    m_untrained->setVisible(!init.isEmpty());
}

QString NeighboursPanel::untrainedNote() const
{
    return m_untrainedNote->text();
}

void NeighboursPanel::setMessage(const QString &message)
{
    m_message->setText(message);
}

QString NeighboursPanel::message() const
{
    return m_message->text();
}

QList<qint64> NeighboursPanel::listedIds() const
{
    QList<qint64> ids;
    for (int i = 0; i < m_list->topLevelItemCount(); ++i)
        ids.append(m_list->topLevelItem(i)->data(0, Qt::UserRole).toLongLong());
    return ids;
}

} // namespace embedlab::ui
