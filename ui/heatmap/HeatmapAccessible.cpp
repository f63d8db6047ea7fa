// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/heatmap/HeatmapAccessible.h"

#include "core/format/TensorFormat.h"
#include "ui/heatmap/HeatmapCellAccessible.h"
#include "ui/heatmap/HeatmapView.h"

#include <QFontMetrics>

#include <algorithm>
#include <limits>
#include <span>
#include <utility>

namespace embedlab::ui {

namespace {

// One key per place: headers are row or column -1, hence the + 1.
quint64 cellKey(int row, int column)
{
    return (quint64(quint32(row + 1)) << 32) | quint32(column + 1);
}

} // namespace

void HeatmapAccessible::announceReset(HeatmapView *view)
{
    if (!QAccessible::isActive())
        return;
    // QAccessible hands the event to modelChange(), which drops the cells, then to the reader.
    QAccessibleTableModelChangeEvent event(view, QAccessibleTableModelChangeEvent::ModelReset);
    QAccessible::updateAccessibility(&event);
}

void HeatmapAccessible::announceSelection(HeatmapView *view)
{
    if (!QAccessible::isActive())
        return;
    QAccessibleEvent event(view, QAccessible::SelectionWithin);
    QAccessible::updateAccessibility(&event);
}

void HeatmapAccessible::announceCursor(HeatmapView *view)
{
    const CellIndex at = view->cursorCell();
    if (!at.isValid() || !view->hasFocus() || !QAccessible::isActive())
        return;
    const auto *table = dynamic_cast<HeatmapAccessible *>(QAccessible::queryAccessibleInterface(view));
    if (table)
        PaintedViewAccessible::announceFocusedItem(view, table->childIndex(int(at.row), int(at.column)));
}

HeatmapAccessible::HeatmapAccessible(HeatmapView *view)
    : PaintedViewAccessible(view, QAccessible::Table)
{}

HeatmapAccessible::~HeatmapAccessible()
{
    forgetCells();
}

void HeatmapAccessible::forgetCells()
{
    const QHash<quint64, QAccessible::Id> cells = std::exchange(m_cells, {});
    for (const QAccessible::Id id : cells)
        QAccessible::deleteAccessibleInterface(id);
}

HeatmapView *HeatmapAccessible::view() const
{
    // Null while the widget is being destroyed (QWidget's destructor still announces it hidden).
    return qobject_cast<HeatmapView *>(object());
}

core::ParameterPtr HeatmapAccessible::weight() const
{
    const HeatmapView *v = view();
    return v ? v->matrix() : nullptr;
}

int HeatmapAccessible::rows() const
{
    const core::ParameterPtr w = weight();
    return w ? int(w->rows()) : 0;
}

int HeatmapAccessible::columns() const
{
    const core::ParameterPtr w = weight();
    return w ? int(w->cols()) : 0;
}

QString HeatmapAccessible::cellText(int row, int column) const
{
    const core::ParameterPtr w = weight();
    if (!w || row < 0 || column < 0 || row >= rows() || column >= columns())
        return {};
    // print() picks one format from the elements it shows (at most 2 x 3 x 2 x 3 of a large weight),
    // so a cell's text is made with the whole tensor's format, not its own. Read where the values lie:
    // bf16 words in place are not converted for a screen reader's question (#28).
    const core::ElementFormat format(*w);
    return QString::fromStdString(format(w->at(row, column)));
}

QString HeatmapAccessible::rowHeaderText(int row) const
{
    const QString number = QString::number(row);
    const HeatmapView *v = view();
    if (!v)
        return number;
    const Vocabulary &vocabulary = v->vocabulary();
    return vocabulary.isKnown() ? vocabulary.label(row) + QLatin1Char(' ') + number : number;
}

QString HeatmapAccessible::columnHeaderText(int column) const
{
    return QString::number(column);
}

QRect HeatmapAccessible::cellRect(int row, int column) const
{
    const HeatmapView *v = view();
    if (!v)
        return {};
    const HeatmapMapping map = v->mapping();
    const QRect plot = v->plotRect();
    QRectF local;
    if (row < 0) {
        const QRectF c = map.cellRect(0, column);
        local = QRectF(c.left(), plot.height(), c.width(), QFontMetrics(v->font()).height());
    } else if (column < 0) {
        const QRectF r = map.rowRect(row);
        local = QRectF(-plot.left(), r.top(), plot.left(), r.height());
    } else {
        local = map.cellRect(row, column);
    }
    QRect shown = local.translated(plot.topLeft()).toAlignedRect();
    if (row >= 0 && column >= 0)
        shown &= plot;
    else if (row < 0)
        shown &= QRect(plot.left(), 0, plot.width(), v->height());
    else
        shown &= QRect(0, plot.top(), v->width(), plot.height());
    if (shown.isEmpty())
        return {};
    return QRect(v->mapToGlobal(shown.topLeft()), shown.size());
}

QAccessibleInterface *HeatmapAccessible::cell(int row, int column) const
{
    if (row < -1 || column < -1 || (row < 0 && column < 0) || row >= rows() || column >= columns())
        return nullptr;
    const quint64 key = cellKey(row, column);
    if (const auto found = m_cells.constFind(key); found != m_cells.constEnd())
        return QAccessible::accessibleInterface(found.value());
    if (m_cells.size() >= kMaxCells)
        const_cast<HeatmapAccessible *>(this)->forgetCells();
    auto *made = new HeatmapCellAccessible(view(), row, column);
    m_cells.insert(key, QAccessible::registerAccessibleInterface(made));
    return made;
}

void *HeatmapAccessible::interface_cast(QAccessible::InterfaceType type)
{
    if (type == QAccessible::TableInterface)
        return static_cast<QAccessibleTableInterface *>(this);
    return PaintedViewAccessible::interface_cast(type);
}

QAccessibleInterface *HeatmapAccessible::focusChild() const
{
    const HeatmapView *v = view();
    if (!v || !v->hasFocus() || !v->cursorCell().isValid())
        return nullptr;
    return cell(int(v->cursorCell().row), int(v->cursorCell().column));
}

int HeatmapAccessible::childIndex(int row, int column) const
{
    if (row < 0 || column < 0 || row >= rows() || column >= columns())
        return -1;
    return int(std::min<qint64>(qint64(row) * columns() + column, std::numeric_limits<int>::max()));
}

int HeatmapAccessible::childCount() const
{
    // The cells, row by row, as Qt's own tables count them; readers walk a table through its
    // interface (the AT-SPI tree walkers stop after a few items).
    return int(std::min<qint64>(qint64(rows()) * columns(), std::numeric_limits<int>::max()));
}

QAccessibleInterface *HeatmapAccessible::child(int index) const
{
    const int cols = columns();
    if (index < 0 || cols == 0 || index >= childCount())
        return nullptr;
    return cell(index / cols, index % cols);
}

int HeatmapAccessible::indexOfChild(const QAccessibleInterface *child) const
{
    const auto *c = child ? const_cast<QAccessibleInterface *>(child)->tableCellInterface() : nullptr;
    if (!c || child->parent() != this)
        return -1;
    return childIndex(c->rowIndex(), c->columnIndex());
}

QAccessibleInterface *HeatmapAccessible::childAt(int x, int y) const
{
    const HeatmapView *v = view();
    if (!v)
        return nullptr;
    const QRect plot = v->plotRect();
    const QPoint local = v->mapFromGlobal(QPoint(x, y));
    if (!plot.contains(local))
        return nullptr;
    const CellIndex at = v->mapping().cellAt(QPointF(local - plot.topLeft()));
    return at.isValid() ? cell(int(at.row), int(at.column)) : nullptr;
}

QAccessibleInterface *HeatmapAccessible::cellAt(int row, int column) const
{
    return row >= 0 && column >= 0 ? cell(row, column) : nullptr;
}

int HeatmapAccessible::selectedCellCount() const
{
    return selectedRowCount() * columns();
}

QList<QAccessibleInterface *> HeatmapAccessible::selectedCells() const
{
    // Made all at once, so none of them may drop another: at most kMaxCells, with room for them.
    const int count = std::min(columns(), kMaxCells);
    if (m_cells.size() + count > kMaxCells)
        const_cast<HeatmapAccessible *>(this)->forgetCells();
    QList<QAccessibleInterface *> cells;
    for (const int row : selectedRows()) {
        for (int column = 0; column < count; ++column)
            cells.append(cell(row, column));
    }
    return cells;
}

QString HeatmapAccessible::columnDescription(int column) const
{
    return column >= 0 && column < columns() ? columnHeaderText(column) : QString();
}

QString HeatmapAccessible::rowDescription(int row) const
{
    return row >= 0 && row < rows() ? rowHeaderText(row) : QString();
}

int HeatmapAccessible::selectedRowCount() const
{
    return int(selectedRows().size());
}

QList<int> HeatmapAccessible::selectedRows() const
{
    const int row = view() ? view()->selectedRow() : -1;
    return row >= 0 && row < rows() ? QList<int>{row} : QList<int>{};
}

bool HeatmapAccessible::isRowSelected(int row) const
{
    return row >= 0 && view() && view()->selectedRow() == row;
}

bool HeatmapAccessible::selectRow(int row)
{
    if (row < 0 || row >= rows()) // rows() is 0 without a view
        return false;
    Q_EMIT view()->rowClicked(row);
    return true;
}

void HeatmapAccessible::modelChange(QAccessibleTableModelChangeEvent *)
{
    forgetCells();
}

} // namespace embedlab::ui
