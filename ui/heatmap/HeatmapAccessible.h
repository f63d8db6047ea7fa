// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/tensor/Parameter.h"
#include "ui/paint/PaintedViewAccessible.h"

#include <QAccessible>
#include <QHash>

namespace embedlab::ui {

class HeatmapView;

/// A heatmap as a screen reader reads it (issue #25 item 2): a table (AT-SPI Table) with a row per
/// row of the weight and a column per column, each cell reading its element as print(weight) writes
/// it (core::ElementFormat), row headers "token id" as the heatmap labels them, column headers by
/// index, the selected row selected, and the view's description (its shape and colour scale) as
/// its text. Cells are made when asked for and only those (GPT-2's 50257 x 768 are 38.6 M): each is
/// registered once with QAccessible and deleted with the table, when the matrix changes, or when
/// more than kMaxCells have been asked for. A cell reads the view each time: values, tokens and
/// selection are never copied.
class HeatmapAccessible : public PaintedViewAccessible, public QAccessibleTableInterface {
public:
    /// The matrix changed (another weight, another shape): the cells asked for so far are dropped.
    static void announceReset(HeatmapView *view);
    /// The selected row changed.
    static void announceSelection(HeatmapView *view);
    /// The keyboard's cell (HeatmapView::cursorCell()) moved, or the view took the focus: the
    /// reader reads that cell (issue #25).
    static void announceCursor(HeatmapView *view);

    explicit HeatmapAccessible(HeatmapView *view);
    ~HeatmapAccessible() override;

    /// The most cells kept at once; the reader is told nothing when they are dropped (it asks again).
    static constexpr int kMaxCells = 4096;

    /// The view; null while it is being destroyed.
    HeatmapView *view() const;
    /// Rows and columns of the weight (0 x 0 without one).
    int rows() const;
    int columns() const;
    /// Element (row, column) as print(weight) writes it; "" outside the matrix.
    QString cellText(int row, int column) const;
    /// "token 5822" with a known vocabulary, "5822" without (the heatmap's row label, unelided).
    QString rowHeaderText(int row) const;
    QString columnHeaderText(int column) const;
    /// Where cell (row, column) is painted, in screen coordinates; a header's strip beside the plot
    /// for row or column -1. Empty when it is scrolled or zoomed out of sight.
    QRect cellRect(int row, int column) const;
    /// The cell (row, column), or the row header (column -1) or column header (row -1); made and
    /// registered on the first request.
    QAccessibleInterface *cell(int row, int column) const;
    /// The child index of cell (row, column): row by row, as child() counts.
    int childIndex(int row, int column) const;

    void *interface_cast(QAccessible::InterfaceType type) override;
    /// The keyboard's cell while the view has the focus.
    QAccessibleInterface *focusChild() const override;
    int childCount() const override;
    QAccessibleInterface *child(int index) const override;
    int indexOfChild(const QAccessibleInterface *child) const override;
    QAccessibleInterface *childAt(int x, int y) const override;

    // QAccessibleTableInterface
    QAccessibleInterface *caption() const override { return nullptr; }
    QAccessibleInterface *summary() const override { return nullptr; }
    QAccessibleInterface *cellAt(int row, int column) const override;
    int selectedCellCount() const override;
    QList<QAccessibleInterface *> selectedCells() const override;
    QString columnDescription(int column) const override;
    QString rowDescription(int row) const override;
    int columnCount() const override { return columns(); }
    int rowCount() const override { return rows(); }
    int selectedColumnCount() const override { return 0; }
    int selectedRowCount() const override;
    QList<int> selectedColumns() const override { return {}; }
    QList<int> selectedRows() const override;
    bool isColumnSelected(int) const override { return false; }
    bool isRowSelected(int row) const override;
    /// Selects `row` as a click on it does (HeatmapView::rowClicked).
    bool selectRow(int row) override;
    bool selectColumn(int) override { return false; }
    bool unselectRow(int) override { return false; }
    bool unselectColumn(int) override { return false; }
    void modelChange(QAccessibleTableModelChangeEvent *event) override;

private:
    core::ParameterPtr weight() const;
    void forgetCells();

    mutable QHash<quint64, QAccessible::Id> m_cells;
};

} // namespace embedlab::ui
