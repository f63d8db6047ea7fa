// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/heatmap/HeatmapMapping.h"

#include <algorithm>
#include <cmath>

namespace embedlab::ui {

namespace {

double fitWidth(const HeatmapMapping &m)
{
    return m.viewport.width() / static_cast<double>(m.columns);
}
double fitHeight(const HeatmapMapping &m)
{
    return m.viewport.height() / static_cast<double>(m.rows);
}

// Centres an axis that is smaller than the viewport; otherwise keeps the viewport covered.
double clampFirst(double first, double cellSize, Index cells, double viewport)
{
    const double extent = static_cast<double>(cells) * cellSize;
    if (extent <= viewport)
        return -(viewport - extent) / 2.0 / cellSize;
    return std::clamp(first, 0.0, static_cast<double>(cells) - viewport / cellSize);
}

bool fuzzyEqual(double a, double b)
{
    return std::abs(a - b) <= 1e-9 * std::max(std::abs(a), std::abs(b));
}

} // namespace

HeatmapMapping HeatmapMapping::fit(Index rows, Index columns, QSizeF viewport, double leastRowHeight)
{
    HeatmapMapping m;
    m.rows = rows;
    m.columns = columns;
    m.viewport = viewport;
    m.leastRowHeight = leastRowHeight;
    if (m.isEmpty())
        return m;
    m.cellWidth = m.minCellWidth();
    m.cellHeight = m.minCellHeight();
    return m.clamped();
}

bool HeatmapMapping::squareCells() const
{
    if (isEmpty())
        return true;
    const double w = fitWidth(*this);
    const double h = fitHeight(*this);
    return std::max(w, h) <= SquareCellsMaxStretch * std::min(w, h);
}

double HeatmapMapping::minCellWidth() const
{
    if (isEmpty())
        return 1.0;
    return squareCells() ? std::min(fitWidth(*this), fitHeight(*this)) : fitWidth(*this);
}

double HeatmapMapping::minCellHeight() const
{
    if (isEmpty())
        return 1.0;
    const double fitted = fitHeight(*this);
    return squareCells() ? std::min(std::max(fitWidth(*this), leastRowHeight), fitted) : fitted;
}

double HeatmapMapping::maxCellWidth() const
{
    return std::max(MaxCellSize, minCellWidth());
}
double HeatmapMapping::maxCellHeight() const
{
    return std::max(MaxCellSize, minCellHeight());
}

QPointF HeatmapMapping::cellToPixel(double row, double column) const
{
    return {(column - firstColumn) * cellWidth, (row - firstRow) * cellHeight};
}

QPointF HeatmapMapping::pixelToCell(QPointF pixel) const
{
    return {firstColumn + pixel.x() / cellWidth, firstRow + pixel.y() / cellHeight};
}

CellIndex HeatmapMapping::cellAt(QPointF pixel) const
{
    if (isEmpty() || pixel.x() < 0 || pixel.y() < 0 || pixel.x() >= viewport.width() ||
        pixel.y() >= viewport.height())
        return {};
    const QPointF c = pixelToCell(pixel);
    const double row = std::floor(c.y());
    const double column = std::floor(c.x());
    if (row < 0 || column < 0 || row >= static_cast<double>(rows) || column >= static_cast<double>(columns))
        return {};
    return {static_cast<Index>(row), static_cast<Index>(column)};
}

QRectF HeatmapMapping::cellRect(Index row, Index column) const
{
    return {cellToPixel(static_cast<double>(row), static_cast<double>(column)),
            QSizeF(cellWidth, cellHeight)};
}

QRectF HeatmapMapping::rowRect(Index row) const
{
    return {cellToPixel(static_cast<double>(row), 0.0),
            QSizeF(cellWidth * static_cast<double>(columns), cellHeight)};
}

QRectF HeatmapMapping::matrixRect() const
{
    return {cellToPixel(0.0, 0.0),
            QSizeF(cellWidth * static_cast<double>(columns), cellHeight * static_cast<double>(rows))};
}

Index HeatmapMapping::firstVisibleRow() const
{
    return std::max<Index>(0, static_cast<Index>(std::floor(firstRow)));
}

Index HeatmapMapping::lastVisibleRow() const
{
    const double end = std::ceil(firstRow + viewport.height() / cellHeight) - 1.0;
    return std::min<Index>(rows - 1, static_cast<Index>(end));
}

Index HeatmapMapping::firstVisibleColumn() const
{
    return std::max<Index>(0, static_cast<Index>(std::floor(firstColumn)));
}

Index HeatmapMapping::lastVisibleColumn() const
{
    const double end = std::ceil(firstColumn + viewport.width() / cellWidth) - 1.0;
    return std::min<Index>(columns - 1, static_cast<Index>(end));
}

HeatmapMapping HeatmapMapping::zoomedAt(QPointF anchor, double factor) const
{
    if (isEmpty())
        return *this;
    const QPointF cell = pixelToCell(anchor);
    HeatmapMapping m = *this;
    m.cellWidth = std::clamp(cellWidth * factor, minCellWidth(), maxCellWidth());
    m.cellHeight = std::clamp(cellHeight * factor, minCellHeight(), maxCellHeight());
    m.firstColumn = cell.x() - anchor.x() / m.cellWidth;
    m.firstRow = cell.y() - anchor.y() / m.cellHeight;
    return m.clamped();
}

HeatmapMapping HeatmapMapping::pannedBy(QPointF delta) const
{
    HeatmapMapping m = *this;
    m.firstColumn -= delta.x() / cellWidth;
    m.firstRow -= delta.y() / cellHeight;
    return m.clamped();
}

HeatmapMapping HeatmapMapping::resized(QSizeF newViewport) const
{
    if (newViewport == viewport)
        return *this;
    if (isEmpty())
        return fit(rows, columns, newViewport, leastRowHeight);
    const double zoomX = cellWidth / minCellWidth();
    const double zoomY = cellHeight / minCellHeight();
    const QPointF centre = pixelToCell(QPointF(viewport.width() / 2.0, viewport.height() / 2.0));
    HeatmapMapping m = fit(rows, columns, newViewport, leastRowHeight);
    if (m.isEmpty())
        return m;
    m.cellWidth = std::clamp(m.cellWidth * zoomX, m.minCellWidth(), m.maxCellWidth());
    m.cellHeight = std::clamp(m.cellHeight * zoomY, m.minCellHeight(), m.maxCellHeight());
    m.firstColumn = centre.x() - newViewport.width() / 2.0 / m.cellWidth;
    m.firstRow = centre.y() - newViewport.height() / 2.0 / m.cellHeight;
    return m.clamped();
}

HeatmapMapping HeatmapMapping::clamped() const
{
    if (isEmpty())
        return *this;
    HeatmapMapping m = *this;
    m.cellWidth = std::clamp(cellWidth, minCellWidth(), maxCellWidth());
    m.cellHeight = std::clamp(cellHeight, minCellHeight(), maxCellHeight());
    m.firstColumn = clampFirst(firstColumn, m.cellWidth, columns, viewport.width());
    m.firstRow = clampFirst(firstRow, m.cellHeight, rows, viewport.height());
    return m;
}

bool HeatmapMapping::isFit() const
{
    return isEmpty() || (fuzzyEqual(cellWidth, minCellWidth()) && fuzzyEqual(cellHeight, minCellHeight()));
}

HeatmapMapping HeatmapMapping::scaled(double devicePixelRatio) const
{
    HeatmapMapping m = *this;
    m.viewport = viewport * devicePixelRatio;
    m.cellWidth = cellWidth * devicePixelRatio;
    m.cellHeight = cellHeight * devicePixelRatio;
    return m;
}

std::vector<CellSpan> HeatmapMapping::axisSpans(double firstCell, double cellSize, int pixels, Index cells,
                                                Index factor)
{
    std::vector<CellSpan> spans(static_cast<std::size_t>(std::max(pixels, 0)));
    const double n = static_cast<double>(cells);
    for (int p = 0; p < pixels; ++p) {
        const double a = firstCell + p / cellSize;
        const double b = firstCell + (p + 1) / cellSize;
        CellSpan &s = spans[static_cast<std::size_t>(p)];
        if (b - a <= 1.0) {
            // Zoomed in: the cell under the pixel centre, so cell edges stay crisp.
            const double c = std::floor((a + b) / 2.0);
            if (c >= 0.0 && c < n)
                s = {static_cast<Index>(c) / factor, static_cast<Index>(c) / factor};
            continue;
        }
        const double first = std::max(0.0, std::floor(a));
        const double last = std::min(n - 1.0, std::ceil(b) - 1.0);
        if (first <= last)
            s = {static_cast<Index>(first) / factor, static_cast<Index>(last) / factor};
    }
    return spans;
}

QDebug operator<<(QDebug debug, const HeatmapMapping &m)
{
    QDebugStateSaver saver(debug);
    debug.nospace() << "HeatmapMapping(" << m.rows << "x" << m.columns << " in " << m.viewport << ", cell "
                    << m.cellWidth << "x" << m.cellHeight << ", first row " << m.firstRow << ", first column "
                    << m.firstColumn << ")";
    return debug;
}

Index niceIndexStep(double minimum)
{
    if (!(minimum > 1.0))
        return 1;
    Index power = 1;
    for (;;) {
        for (const Index m : {1, 2, 5}) {
            if (static_cast<double>(m * power) >= minimum)
                return m * power;
        }
        power *= 10;
    }
}

QString formatWeight(float value)
{
    if (std::isnan(value))
        return QStringLiteral("nan");
    if (std::isinf(value))
        return value > 0 ? QStringLiteral("inf") : QStringLiteral("-inf");
    const double a = std::abs(static_cast<double>(value));
    // PyTorch switches to scientific notation where 4 fixed decimals would hide the value.
    if (a >= 1e8 || (a != 0.0 && a < 1e-4))
        return QString::number(static_cast<double>(value), 'e', 4);
    return QString::number(static_cast<double>(value), 'f', 4);
}

QString cellToolTip(Index row, Index column, float value)
{
    return QStringLiteral("W[%1, %2] = %3").arg(row).arg(column).arg(formatWeight(value));
}

QString aggregationDescription(double rowsPerPixel, double columnsPerPixel, const QString &aggregation)
{
    // Tolerate rounding so "exactly one cell per pixel" counts as 1:1.
    if (rowsPerPixel <= 1.0 + 1e-9 && columnsPerPixel <= 1.0 + 1e-9)
        return {};
    const auto count = [](double perPixel) {
        if (perPixel <= 1.0 + 1e-9)
            return QStringLiteral("1");
        if (perPixel < 10.0 && std::abs(perPixel - std::round(perPixel)) > 0.05)
            return QString::number(perPixel, 'f', 1);
        return QString::number(std::llround(perPixel));
    };
    return QStringLiteral("1 px = %1 x %2 cells, %3")
        .arg(count(rowsPerPixel), count(columnsPerPixel), aggregation);
}

} // namespace embedlab::ui
