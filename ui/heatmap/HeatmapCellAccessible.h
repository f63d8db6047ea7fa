// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "ui/paint/PaintedItemAccessible.h"

namespace embedlab::ui {

class HeatmapAccessible;
class HeatmapView;

/// One cell of a heatmap's table (HeatmapAccessible), or one of its headers: row -1 is column
/// `column`'s header, column -1 row `row`'s. It holds only its place and reads the view when asked.
class HeatmapCellAccessible : public PaintedItemAccessible, public QAccessibleTableCellInterface {
public:
    HeatmapCellAccessible(HeatmapView *view, int row, int column);

    bool isValid() const override;
    /// Name: the element as print() writes it (a header: its label); description: "W[row, column]".
    QString text(QAccessible::Text t) const override;
    QRect rect() const override;
    QAccessible::Role role() const override;
    QAccessible::State state() const override;
    void *interface_cast(QAccessible::InterfaceType type) override;

    // QAccessibleTableCellInterface
    bool isSelected() const override;
    QList<QAccessibleInterface *> columnHeaderCells() const override;
    QList<QAccessibleInterface *> rowHeaderCells() const override;
    int columnIndex() const override { return m_column; }
    int rowIndex() const override { return m_row; }
    int columnExtent() const override { return 1; }
    int rowExtent() const override { return 1; }
    QAccessibleInterface *table() const override;

private:
    HeatmapAccessible *heatmap() const;

    int m_row;
    int m_column;
};

} // namespace embedlab::ui
