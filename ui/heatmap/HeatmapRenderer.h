// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "ui/heatmap/ColorMap.h"
#include "ui/heatmap/HeatmapMapping.h"
#include "ui/heatmap/HeatmapPyramid.h"

#include <QImage>
#include <QSize>

#include <functional>
#include <memory>

namespace embedlab::ui {

/// Renders a whole row-major matrix into a `target`-sized image at the fit mapping with nothing
/// cached: one pass over the data (both cores) reduces blocks and finds the colour limit
/// m = max |finite w|, a second pass over the pixels colours them through the LUT.
/// Pixels outside the matrix (square-cell letterbox) are transparent.
QImage renderCold(const float *data, Index rows, Index columns, QSize target, const ColorMap &colorMap,
                  Aggregation aggregation);

/// Renders a block-reduced float image of the cells `mapping` shows from a matrix whose cells each
/// cover rowFactor x columnFactor base cells. Pixels outside the matrix are NaN with `outside` set.
/// Exposed for tests and benchmarks; renderCold() and HeatmapRenderer use it.
struct ReducedFrame {
    int width = 0;
    int height = 0;
    std::vector<float> values;
    std::vector<unsigned char> outside; // 1 where no cell is under the pixel
    float limit = 0.0f;                 // max |finite| of the cells read
};
ReducedFrame reduceFrame(const float *data, Index rows, Index columns, Index rowFactor, Index columnFactor,
                         const HeatmapMapping &mapping, Aggregation aggregation);

/// Columns [firstColumn, firstColumn + columnCount) of rows [firstRow, firstRow + rowCount) of a
/// level held as 16-bit words, as float32 at `out`, row after row.
using RowReader =
    std::function<void(Index firstRow, Index rowCount, Index firstColumn, Index columnCount, float *out)>;

/// Renders the frame `mapping` shows straight into colours when the colour limit is known (the
/// pan/zoom path): scanlines showing the same cells are copied, each visible cell is coloured once.
/// With `data` null, the level is read through `readRows` (bf16 or f16 words, issue #28): each
/// stripe of the image converts the cells it shows, never the level.
QImage renderFrameDirect(const float *data, Index rows, Index columns, Index rowFactor, Index columnFactor,
                         const HeatmapMapping &mapping, Aggregation aggregation, const ColorLookup &lookup,
                         const RowReader &readRows = {});

/// Colours a reduced frame through the LUT (both cores), transparent where no cell is.
QImage colorizeFrame(const ReducedFrame &frame, const ColorLookup &lookup);

/// Pan/zoom frames from a cached pyramid: each frame reads the pyramid level that matches its
/// zoom, so it costs about the same for 4 x 5 and for 50257 x 768.
class HeatmapRenderer {
public:
    HeatmapRenderer() = default;

    void setPyramid(std::shared_ptr<const HeatmapPyramid> pyramid) { m_pyramid = std::move(pyramid); }
    const std::shared_ptr<const HeatmapPyramid> &pyramid() const { return m_pyramid; }
    void setColorMap(const ColorMap &colorMap) { m_colorMap = colorMap; }
    const ColorMap &colorMap() const { return m_colorMap; }
    float limit() const;

    /// The plot pixels for `mapping` (its viewport size, in device pixels), transparent outside
    /// the matrix. Needs a pyramid.
    QImage renderFrame(const HeatmapMapping &mapping) const;

private:
    std::shared_ptr<const HeatmapPyramid> m_pyramid;
    ColorMap m_colorMap;
};

} // namespace embedlab::ui
