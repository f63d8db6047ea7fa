// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/heatmap/HeatmapCellAccessible.h"

#include "ui/heatmap/HeatmapAccessible.h"
#include "ui/heatmap/HeatmapView.h"

namespace embedlab::ui {

HeatmapCellAccessible::HeatmapCellAccessible(HeatmapView *view, int row, int column)
    : PaintedItemAccessible(view)
    , m_row(row)
    , m_column(column)
{}

HeatmapAccessible *HeatmapCellAccessible::heatmap() const
{
    return dynamic_cast<HeatmapAccessible *>(parent());
}

bool HeatmapCellAccessible::isValid() const
{
    const HeatmapAccessible *table = heatmap();
    return table && m_row < table->rows() && m_column < table->columns();
}

QString HeatmapCellAccessible::text(QAccessible::Text t) const
{
    const HeatmapAccessible *table = heatmap();
    if (!table)
        return {};
    if (t == QAccessible::Name) {
        if (m_row < 0)
            return table->columnHeaderText(m_column);
        if (m_column < 0)
            return table->rowHeaderText(m_row);
        return table->cellText(m_row, m_column);
    }
    if (t == QAccessible::Description && m_row >= 0 && m_column >= 0)
        return QStringLiteral("W[%1, %2]").arg(m_row).arg(m_column);
    return {};
}

QRect HeatmapCellAccessible::rect() const
{
    const HeatmapAccessible *table = heatmap();
    return table ? table->cellRect(m_row, m_column) : QRect();
}

QAccessible::Role HeatmapCellAccessible::role() const
{
    if (m_row < 0)
        return QAccessible::ColumnHeader;
    if (m_column < 0)
        return QAccessible::RowHeader;
    return QAccessible::Cell;
}

QAccessible::State HeatmapCellAccessible::state() const
{
    QAccessible::State s = PaintedItemAccessible::state();
    s.readOnly = true;
    s.selectable = m_row >= 0 && m_column >= 0;
    s.selected = isSelected();
    // The keyboard's cell (a heatmap takes arrows, issue #25 item 1), focused while the view is.
    s.focusable = s.selectable;
    const auto *v = qobject_cast<const HeatmapView *>(view());
    s.focused = s.focusable && v && v->hasFocus() && v->cursorCell() == CellIndex{m_row, m_column};
    return s;
}

void *HeatmapCellAccessible::interface_cast(QAccessible::InterfaceType type)
{
    if (type == QAccessible::TableCellInterface)
        return static_cast<QAccessibleTableCellInterface *>(this);
    return nullptr;
}

bool HeatmapCellAccessible::isSelected() const
{
    const HeatmapAccessible *table = heatmap();
    return table && m_row >= 0 && m_column >= 0 && table->isRowSelected(m_row);
}

QList<QAccessibleInterface *> HeatmapCellAccessible::columnHeaderCells() const
{
    const HeatmapAccessible *table = heatmap();
    QAccessibleInterface *header = table && m_row >= 0 ? table->cell(-1, m_column) : nullptr;
    return header ? QList<QAccessibleInterface *>{header} : QList<QAccessibleInterface *>{};
}

QList<QAccessibleInterface *> HeatmapCellAccessible::rowHeaderCells() const
{
    const HeatmapAccessible *table = heatmap();
    QAccessibleInterface *header = table && m_column >= 0 ? table->cell(m_row, -1) : nullptr;
    return header ? QList<QAccessibleInterface *>{header} : QList<QAccessibleInterface *>{};
}

QAccessibleInterface *HeatmapCellAccessible::table() const
{
    return heatmap();
}

} // namespace embedlab::ui
