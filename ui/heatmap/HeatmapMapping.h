// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/tensor/Tensor.h"

#include <QDebug>
#include <QPointF>
#include <QRectF>
#include <QSizeF>
#include <QString>

#include <vector>

namespace embedlab::ui {

using core::Index;

/// One matrix cell; row and column are -1 when a pixel lies outside the matrix.
struct CellIndex {
    Index row = -1;
    Index column = -1;
    bool isValid() const { return row >= 0 && column >= 0; }
    bool operator==(const CellIndex &) const = default;
};

/// The cells one output pixel covers along one axis, inclusive, in the cells of a pyramid level.
/// first == -1 marks a pixel outside the matrix (painted as background).
struct CellSpan {
    Index first = -1;
    Index last = -1;
    bool operator==(const CellSpan &) const = default;
};

/// Cell <-> pixel mapping of the plot area for one zoom/pan state. Pixel (0, 0) is the plot's
/// top-left corner; each axis has its own cell size because a 50257 x 768 matrix only fits a
/// screen stretched. Zooming never goes past the whole matrix, nor past MaxCellSize per cell.
struct HeatmapMapping {
    static constexpr double MaxCellSize = 64.0;
    /// Below this aspect ratio of the two fitting cell sizes the cells stay square.
    static constexpr double SquareCellsMaxStretch = 4.0;

    Index rows = 0;
    Index columns = 0;
    QSizeF viewport;          // plot area size in pixels
    double cellWidth = 1.0;   // pixels per column
    double cellHeight = 1.0;  // pixels per row
    double firstColumn = 0.0; // cell coordinate at the viewport's left edge (negative: centred)
    double firstRow = 0.0;    // cell coordinate at the viewport's top edge
    /// Square cells are stretched to rows this tall where the viewport's height allows: a small
    /// matrix's row numbers then each have their line in a narrow view (0: square).
    double leastRowHeight = 0.0;

    /// The whole matrix, centred: square cells unless that would waste most of the viewport, rows at
    /// least `leastRowHeight` tall where it allows.
    static HeatmapMapping fit(Index rows, Index columns, QSizeF viewport, double leastRowHeight = 0.0);

    bool isEmpty() const { return rows <= 0 || columns <= 0 || viewport.isEmpty(); }
    /// True when the cells are square at fit (small matrices), so zoom keeps them square.
    bool squareCells() const;
    double minCellWidth() const;
    double minCellHeight() const;
    double maxCellWidth() const;
    double maxCellHeight() const;

    double rowsPerPixel() const { return 1.0 / cellHeight; }
    double columnsPerPixel() const { return 1.0 / cellWidth; }
    /// The pixel position of a (fractional) cell coordinate.
    QPointF cellToPixel(double row, double column) const;
    /// The fractional cell coordinate under a pixel position: x() is the column, y() the row.
    QPointF pixelToCell(QPointF pixel) const;
    /// The cell under a pixel position, invalid outside the matrix.
    CellIndex cellAt(QPointF pixel) const;
    QRectF cellRect(Index row, Index column) const;
    /// The pixels of a whole row (every column), not clipped to the viewport.
    QRectF rowRect(Index row) const;
    /// The pixels the matrix covers, not clipped.
    QRectF matrixRect() const;
    /// The rows (columns) at least partly visible, inclusive; first > last when none.
    Index firstVisibleRow() const;
    Index lastVisibleRow() const;
    Index firstVisibleColumn() const;
    Index lastVisibleColumn() const;

    /// Zoom by `factor` (> 1 zooms in) keeping the cell under `anchor` under it, then clamp.
    HeatmapMapping zoomedAt(QPointF anchor, double factor) const;
    /// Move the content by `delta` pixels (drag direction), then clamp.
    HeatmapMapping pannedBy(QPointF delta) const;
    /// The same state for a new viewport size: keeps the zoom relative to fit and the centre cell.
    HeatmapMapping resized(QSizeF newViewport) const;
    /// Cell sizes within [min, max]; a matrix smaller than the viewport is centred, a larger one
    /// covers it (no empty margins from panning too far).
    HeatmapMapping clamped() const;
    /// True when showing the whole matrix at fit size.
    bool isFit() const;
    /// The same mapping in device pixels (devicePixelRatio).
    HeatmapMapping scaled(double devicePixelRatio) const;

    /// For each of `pixels` output pixels along one axis, the cells of a level whose cells are
    /// `factor` base cells wide (base cell size `cellSize` px, `firstCell` at pixel 0). Zoomed in,
    /// a pixel takes the cell under its centre; zoomed out, every cell it touches.
    static std::vector<CellSpan> axisSpans(double firstCell, double cellSize, int pixels, Index cells,
                                           Index factor);

    bool operator==(const HeatmapMapping &) const = default;
};

QDebug operator<<(QDebug debug, const HeatmapMapping &mapping);

/// The smallest integer step of the form 1, 2 or 5 times a power of ten that is >= `minimum`
/// (label every step-th row or column); 1 for minimum <= 1.
Index niceIndexStep(double minimum);

/// A weight as PyTorch prints it: 4 decimals ("0.3374", "-1.8061"), scientific notation for very
/// large or small magnitudes ("1.2346e+08"), and "nan", "inf", "-inf".
QString formatWeight(float value);
/// "W[i, j] = value".
QString cellToolTip(Index row, Index column, float value);
/// "1 px = 26 x 1 cells, max |w|" for a zoom level, or "" when a pixel shows at most one cell.
QString aggregationDescription(double rowsPerPixel, double columnsPerPixel, const QString &aggregation);

} // namespace embedlab::ui
