// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/tensor/Tensor.h"

#include <vector>

namespace embedlab::core {

/// How a block of cells becomes one value (one pixel of the heatmap) when zoomed out.
enum class Aggregation {
    MaxAbs, ///< the value of largest |w|, sign kept; NaN beats Inf beats finite, so outliers stay visible
    Mean,   ///< the mean of the block (NaN if any is NaN)
};

/// Reduces `count` values to one (the reference the tests check the fast paths against).
float aggregate(const float *values, Index count, Aggregation aggregation);
/// max |w| over the finite values of one run, 0 when there are none (one thread).
float maxAbsFiniteRun(const float *values, Index count);

/// The row kernels of the pyramid and the renderer, over n values. accumulateMaxAbs keeps in acc[j]
/// whichever of acc[j] and src[j] has the larger |w| (NaN > Inf > finite, sign kept);
/// accumulateSum adds weight * src[j]. Both return max |finite src[j]| (0 if none).
float accumulateMaxAbs(float *acc, const float *src, Index n);
float accumulateSum(float *acc, const float *src, Index n, float weight);

/// The shape of one level of a heatmap pyramid: each of its cells covers rowFactor x columnFactor
/// cells of the matrix (level 0).
struct PyramidLevel {
    Index rows = 0;
    Index columns = 0;
    Index rowFactor = 1;
    Index columnFactor = 1;
    bool operator==(const PyramidLevel &) const = default;
};

/// Stop reducing once both axes are at most this many cells.
constexpr Index kPyramidSmallestSide = 256;
/// Levels of more cells than this (64 MB) reduce a tall matrix's rows by 8, not 2 (issue #15).
constexpr Index kPyramidBigLevelCells = Index(1) << 24;
/// A tall matrix whose rows by 8 would still leave more cells than this (32 Mi) reduces them by 16.
constexpr Index kPyramidHugeLevelCells = Index(1) << 25;

/// The level shapes of a rows x columns matrix's pyramid, level 0 (the matrix) first: each further
/// level halves the longer axis (or both), down to about one screen.
std::vector<PyramidLevel> pyramidLevels(Index rows, Index columns);

/// Row `i` of level `to` from the rows of level `from` it covers: `src` is level `from` (all of it),
/// the row is written to dst + i * to.columns. `base` is level 0; `scratch` is resized to
/// from.columns. `to` divides `from` by 1 or 2 along the columns. Returns max |finite w| of the
/// source values read. The one reduction both the heatmap's pyramid and a weight file's decode use.
float downsampleRow(const float *src, const PyramidLevel &from, float *dst, const PyramidLevel &to,
                    const PyramidLevel &base, Aggregation aggregation, Index i, std::vector<float> &scratch);
/// downsampleRow() with `rows` pointing at the first row of `from` that row `i` covers (row
/// i * (to.rowFactor / from.rowFactor): a level's rows converted piece by piece need not be whole),
/// writing row `i` at `row` (to.columns values) rather than into a whole level.
float downsampleRowInto(const float *rows, const PyramidLevel &from, float *row, const PyramidLevel &to,
                        const PyramidLevel &base, Aggregation aggregation, Index i,
                        std::vector<float> &scratch);

} // namespace embedlab::core
