// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/heatmap/HeatmapRenderer.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

namespace embedlab::ui {

namespace {

constexpr std::uint32_t AbsMask = 0x7fffffffu;

inline float pickMaxAbs(float a, float b)
{
    return (std::bit_cast<std::uint32_t>(b) & AbsMask) > (std::bit_cast<std::uint32_t>(a) & AbsMask) ? b : a;
}

} // namespace

QImage colorizeFrame(const ReducedFrame &frame, const ColorLookup &lookup)
{
    QImage image(frame.width, frame.height, QImage::Format_ARGB32_Premultiplied);
    if (image.isNull())
        return image;
    forEachStripe(
        frame.height,
        [&](Index begin, Index end) {
            for (Index y = begin; y < end; ++y) {
                auto *line = reinterpret_cast<QRgb *>(image.scanLine(static_cast<int>(y)));
                const std::size_t row = static_cast<std::size_t>(y) * static_cast<std::size_t>(frame.width);
                const float *v = frame.values.data() + row;
                const unsigned char *out = frame.outside.data() + row;
                for (int x = 0; x < frame.width; ++x)
                    line[x] = out[x] ? 0u : lookup(v[x]);
            }
        },
        32);
    return image;
}

namespace {

// Which cells every output pixel reads, per axis, in the cells of the level being read.
struct FrameSpans {
    std::vector<CellSpan> rows;
    std::vector<CellSpan> columns;
    Index firstColumn = 0; // the columns any pixel reads: [firstColumn, lastColumn]
    Index lastColumn = -1;
    bool oneColumnPerPixel = true; // zoomed in or 1:1 horizontally: no column reduction
};

FrameSpans frameSpans(const HeatmapMapping &mapping, int width, int height, Index rows, Index columns,
                      Index rowFactor, Index columnFactor)
{
    FrameSpans f;
    f.rows = HeatmapMapping::axisSpans(mapping.firstRow, mapping.cellHeight, height, mapping.rows, rowFactor);
    f.columns = HeatmapMapping::axisSpans(mapping.firstColumn, mapping.cellWidth, width, mapping.columns,
                                          columnFactor);
    f.firstColumn = std::numeric_limits<Index>::max();
    for (CellSpan &s : f.columns) {
        if (s.first < 0)
            continue;
        s.last = std::min(s.last, columns - 1);
        f.firstColumn = std::min(f.firstColumn, s.first);
        f.lastColumn = std::max(f.lastColumn, s.last);
        f.oneColumnPerPixel = f.oneColumnPerPixel && s.first == s.last;
    }
    for (CellSpan &s : f.rows) {
        if (s.first >= 0)
            s.last = std::min(s.last, rows - 1);
    }
    return f;
}

// Where reduceRows() finds the cells: `data` holds `stride` values a row, from row `firstRow` and
// column `firstColumn` on (a stripe's cells converted from 16-bit words), else the whole level.
struct CellRows {
    const float *data = nullptr;
    Index stride = 0;
    Index firstRow = 0;
    Index firstColumn = 0;
    const float *at(Index row, Index column) const
    {
        return data + (row - firstRow) * stride + (column - firstColumn);
    }
};

// Reduces the rows of one pixel row into acc (over the frame's column range) and returns a pointer
// to the reduced values: the matrix row itself when there is only one.
const float *reduceRows(const CellRows &cells, const FrameSpans &f, CellSpan rs, Aggregation aggregation,
                        std::vector<float> &acc, bool alwaysAccumulate, float &limit)
{
    const Index span = f.lastColumn - f.firstColumn + 1;
    if (rs.first == rs.last && !alwaysAccumulate)
        return cells.at(rs.first, f.firstColumn);
    std::fill(acc.begin(), acc.end(), 0.0f);
    for (Index r = rs.first; r <= rs.last; ++r) {
        const float *src = cells.at(r, f.firstColumn);
        const float l = aggregation == Aggregation::MaxAbs ? accumulateMaxAbs(acc.data(), src, span)
                                                           : accumulateSum(acc.data(), src, span, 1.0f);
        limit = std::max(limit, l);
    }
    return acc.data();
}

// The value of one pixel from its row-reduced cells.
inline float reduceColumns(const float *reduced, CellSpan cs, Index firstColumn, float rowCount,
                           Aggregation aggregation)
{
    const float *a = reduced + (cs.first - firstColumn);
    const Index n = cs.last - cs.first + 1;
    float v = a[0];
    if (aggregation == Aggregation::MaxAbs) {
        for (Index k = 1; k < n; ++k)
            v = pickMaxAbs(v, a[k]);
        return v;
    }
    for (Index k = 1; k < n; ++k)
        v += a[k];
    return rowCount == 1.0f && n == 1 ? v : v / (rowCount * static_cast<float>(n));
}

} // namespace

ReducedFrame reduceFrame(const float *data, Index rows, Index columns, Index rowFactor, Index columnFactor,
                         const HeatmapMapping &mapping, Aggregation aggregation)
{
    ReducedFrame f;
    f.width = std::max(0, static_cast<int>(std::lround(mapping.viewport.width())));
    f.height = std::max(0, static_cast<int>(std::lround(mapping.viewport.height())));
    const std::size_t pixels = static_cast<std::size_t>(f.width) * static_cast<std::size_t>(f.height);
    f.values.assign(pixels, 0.0f);
    f.outside.assign(pixels, 1);
    if (pixels == 0 || mapping.isEmpty() || rows <= 0 || columns <= 0 || data == nullptr)
        return f;
    const FrameSpans spans = frameSpans(mapping, f.width, f.height, rows, columns, rowFactor, columnFactor);
    if (spans.lastColumn < spans.firstColumn)
        return f;

    std::vector<float> limits(64, 0.0f);
    std::atomic<int> next{0};
    forEachStripe(
        f.height,
        [&](Index begin, Index end) {
            float limit = 0.0f;
            std::vector<float> acc(static_cast<std::size_t>(spans.lastColumn - spans.firstColumn + 1));
            for (Index y = begin; y < end; ++y) {
                const CellSpan rs = spans.rows[static_cast<std::size_t>(y)];
                if (rs.first < 0)
                    continue;
                // Always accumulate: the limit must see every cell read.
                const float *reduced = reduceRows({data, columns}, spans, rs, aggregation, acc, true, limit);
                const auto rowCount = static_cast<float>(rs.last - rs.first + 1);
                const std::size_t line = static_cast<std::size_t>(y) * static_cast<std::size_t>(f.width);
                for (int x = 0; x < f.width; ++x) {
                    const CellSpan cs = spans.columns[static_cast<std::size_t>(x)];
                    if (cs.first < 0)
                        continue;
                    f.values[line + static_cast<std::size_t>(x)] =
                        reduceColumns(reduced, cs, spans.firstColumn, rowCount, aggregation);
                    f.outside[line + static_cast<std::size_t>(x)] = 0;
                }
            }
            const int k = next.fetch_add(1);
            if (k < static_cast<int>(limits.size()))
                limits[static_cast<std::size_t>(k)] = limit;
        },
        16);
    f.limit = *std::max_element(limits.begin(), limits.end());
    return f;
}

QImage renderFrameDirect(const float *data, Index rows, Index columns, Index rowFactor, Index columnFactor,
                         const HeatmapMapping &mapping, Aggregation aggregation, const ColorLookup &lookup,
                         const RowReader &readRows)
{
    const int width = std::max(0, static_cast<int>(std::lround(mapping.viewport.width())));
    const int height = std::max(0, static_cast<int>(std::lround(mapping.viewport.height())));
    QImage image(width, height, QImage::Format_ARGB32_Premultiplied);
    if (image.isNull())
        return image;
    if (mapping.isEmpty() || rows <= 0 || columns <= 0 || (data == nullptr && !readRows)) {
        image.fill(Qt::transparent);
        return image;
    }
    const FrameSpans spans = frameSpans(mapping, width, height, rows, columns, rowFactor, columnFactor);
    if (spans.lastColumn < spans.firstColumn) {
        image.fill(Qt::transparent);
        return image;
    }
    const Index span = spans.lastColumn - spans.firstColumn + 1;

    forEachStripe(
        height,
        [&](Index begin, Index end) {
            float limit = 0.0f;
            std::vector<float> acc(static_cast<std::size_t>(span));
            std::vector<QRgb> cellColors(static_cast<std::size_t>(span));
            const QRgb *previous = nullptr;
            CellSpan previousSpan;
            // 16-bit words: the cells this stripe shows, converted once (a few MB), not the level.
            core::FloatStorage stripe;
            CellRows cells{data, columns};
            if (!data) {
                Index first = 0, last = -1;
                for (Index y = begin; y < end; ++y) {
                    const CellSpan rs = spans.rows[static_cast<std::size_t>(y)];
                    if (rs.first >= 0) {
                        first = last < 0 ? rs.first : std::min(first, rs.first);
                        last = std::max(last, rs.last);
                    }
                }
                if (last >= 0) {
                    stripe.resize(static_cast<std::size_t>((last - first + 1) * span));
                    readRows(first, last - first + 1, spans.firstColumn, span, stripe.data());
                }
                cells = {stripe.data(), span, first, spans.firstColumn};
            }
            for (Index y = begin; y < end; ++y) {
                auto *line = reinterpret_cast<QRgb *>(image.scanLine(static_cast<int>(y)));
                const CellSpan rs = spans.rows[static_cast<std::size_t>(y)];
                if (rs.first < 0) {
                    std::fill(line, line + width, 0u); // transparent, outside the matrix
                    continue;
                }
                // Zoomed in, consecutive pixel rows show the same cells: copy the scanline.
                if (previous && rs == previousSpan) {
                    std::memcpy(line, previous, static_cast<std::size_t>(width) * sizeof(QRgb));
                    continue;
                }
                const float *reduced = reduceRows(cells, spans, rs, aggregation, acc, false, limit);
                const auto rowCount = static_cast<float>(rs.last - rs.first + 1);
                if (spans.oneColumnPerPixel) {
                    // Colour each visible cell once, then spread the colours over its pixels.
                    for (Index k = 0; k < span; ++k) {
                        const float v = aggregation == Aggregation::Mean ? reduced[k] / rowCount : reduced[k];
                        cellColors[static_cast<std::size_t>(k)] = lookup(v);
                    }
                    for (int x = 0; x < width; ++x) {
                        const CellSpan cs = spans.columns[static_cast<std::size_t>(x)];
                        line[x] = cs.first < 0
                                      ? 0u
                                      : cellColors[static_cast<std::size_t>(cs.first - spans.firstColumn)];
                    }
                } else {
                    for (int x = 0; x < width; ++x) {
                        const CellSpan cs = spans.columns[static_cast<std::size_t>(x)];
                        if (cs.first >= 0)
                            line[x] =
                                lookup(reduceColumns(reduced, cs, spans.firstColumn, rowCount, aggregation));
                    }
                }
                previous = line;
                previousSpan = rs;
            }
        },
        16);
    return image;
}

QImage renderCold(const float *data, Index rows, Index columns, QSize target, const ColorMap &colorMap,
                  Aggregation aggregation)
{
    const HeatmapMapping mapping = HeatmapMapping::fit(rows, columns, QSizeF(target));
    if (mapping.isEmpty()) {
        QImage empty(target, QImage::Format_ARGB32_Premultiplied);
        empty.fill(Qt::transparent);
        return empty;
    }
    const ReducedFrame frame = reduceFrame(data, rows, columns, 1, 1, mapping, aggregation);
    return colorizeFrame(frame, colorMap.lookup(frame.limit));
}

float HeatmapRenderer::limit() const
{
    return m_pyramid ? m_pyramid->limit() : 0.0f;
}

QImage HeatmapRenderer::renderFrame(const HeatmapMapping &mapping) const
{
    Q_ASSERT_X(m_pyramid, "HeatmapRenderer::renderFrame", "call setPyramid() first");
    const int i = m_pyramid->chooseLevel(mapping.rowsPerPixel(), mapping.columnsPerPixel());
    const PyramidLevel &l = m_pyramid->level(i);
    const float *data = m_pyramid->levelData(i);
    RowReader readRows;
    if (!data && i == 0) {
        readRows = [words = m_pyramid->wordsSource()](Index row, Index rows, Index column, Index columns,
                                                      float *out) {
            words->copyBlock(row, rows, column, columns, out);
        };
    } else if (!data) {
        readRows = [cells = m_pyramid->levelCells(i), width = l.columns](Index row, Index rows, Index column,
                                                                         Index columns, float *out) {
            for (Index r = 0; r < rows; ++r)
                cells->copy((row + r) * width + column, columns, out + r * columns);
        };
    }
    return renderFrameDirect(data, l.rows, l.columns, l.rowFactor, l.columnFactor, mapping,
                             m_pyramid->aggregation(), m_colorMap.lookup(limit()), readRows);
}

} // namespace embedlab::ui
