// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/tensor/Downsample.h"
#include "core/tensor/Overview.h"
#include "core/tensor/Parameter.h"
#include "core/tensor/RowSource.h"
#include "core/tensor/Tensor.h"

#include <QString>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

namespace embedlab::ui {

using core::Index;
// The block reduction has its home in core (a weight file's decode makes the first level too).
using core::accumulateMaxAbs;
using core::accumulateSum;
using core::aggregate;
using core::Aggregation;
using core::PyramidLevel;

/// "max |w|" or "mean", as shown on screen.
QString aggregationName(Aggregation aggregation);

/// max |w| over the finite values, 0 when there are none (the colour limit m), with every core.
float maxAbsFinite(const float *values, Index count);
/// maxAbsFinite() of a parameter's values: the limit of the overview recorded with them (a weight
/// file's load made it), else a pass over them.
float maxAbsFinite(const core::Parameter &weight);

/// Runs work(begin, end) over [0, count) split into one stripe per core (the caller's thread
/// takes the last stripe); stripes are at least `minPerStripe` long.
void forEachStripe(Index count, const std::function<void(Index, Index)> &work, Index minPerStripe = 1);

/// Level-of-detail pyramid of a row-major float matrix. Level 0 is the matrix itself (not copied:
/// the caller keeps it alive); each further level halves the longer axis (per-axis reduction, as
/// 50257 x 768 is very tall), down to about one screen. A frame reads the deepest level that is
/// not coarser than its pixels, so it touches fewer than 4 cells per pixel.
class HeatmapPyramid {
public:
    HeatmapPyramid() = default;
    HeatmapPyramid(const HeatmapPyramid &) = delete;
    HeatmapPyramid &operator=(const HeatmapPyramid &) = delete;
    HeatmapPyramid(HeatmapPyramid &&) = default;
    HeatmapPyramid &operator=(HeatmapPyramid &&) = default;

    /// The level shapes build() makes for a rows x columns matrix (core::pyramidLevels()).
    static std::vector<PyramidLevel> levelShapes(Index rows, Index columns);

    /// Builds every level with both cores and computes the colour limit. Returns early with an
    /// incomplete pyramid when `cancel` becomes true (a newer rebuild superseded this one). Level 1
    /// and the limit are taken from `overview` (shared, not copied) when it is this matrix's, with
    /// this aggregation: a weight file's decode made it (issue #15).
    static HeatmapPyramid build(const float *data, Index rows, Index columns, Aggregation aggregation,
                                const std::atomic<bool> *cancel = nullptr,
                                std::shared_ptr<const core::Overview> overview = nullptr);
    /// build() of a matrix whose rows may be 16-bit words (core::RowSource): they are converted a row
    /// group at a time, and level 0 is then not kept as float32 (levelData(0) is null).
    static HeatmapPyramid build(const core::RowSource &matrix, Aggregation aggregation,
                                const std::atomic<bool> *cancel = nullptr,
                                std::shared_ptr<const core::Overview> overview = nullptr);

    /// The pyramid of `weight`'s current values (its version), built once (from its overview() when
    /// it has one: level 1 then costs no pass over the weight) and shared by every view
    /// that shows them - the embedding and a tied lm_head, a figure's own view - and freed with its
    /// last user: a Llama 3 sized matrix then has one pyramid, not three. A request made while the
    /// same pyramid is being built waits for that build. `changedAt`: a stamp() taken when the values
    /// were written without a new version (a view was told of it): only a build that started after
    /// it is used, so two views told of one write share one new build. Thread-safe.
    static std::shared_ptr<const HeatmapPyramid> shared(const core::ParameterPtr &weight,
                                                        Aggregation aggregation,
                                                        const std::atomic<bool> *cancel = nullptr,
                                                        std::uint64_t changedAt = 0);
    /// A new point in time for shared()'s `changedAt`, later than every build started before.
    static std::uint64_t stamp();

    /// False when build() was cancelled before every level was made.
    bool isComplete() const { return m_levels.empty() || m_data.size() + 1 == m_levels.size(); }
    bool isEmpty() const { return m_levels.empty(); }
    Index rows() const { return m_levels.empty() ? 0 : m_levels.front().rows; }
    Index columns() const { return m_levels.empty() ? 0 : m_levels.front().columns; }
    Aggregation aggregation() const { return m_aggregation; }
    /// max |finite w| of the whole matrix (the colour limit m).
    float limit() const { return m_limit; }
    /// Where the values it was built from lie (core::Parameter::storage()).
    const void *storage() const { return m_storage; }

    int levelCount() const { return static_cast<int>(m_levels.size()); }
    const PyramidLevel &level(int i) const { return m_levels[static_cast<std::size_t>(i)]; }
    /// Level i's values as float32; null for a level of 16-bit words: level 0 when the matrix is
    /// wordsSource()'s, a reduced level when levelCells() holds words.
    const float *levelData(int i) const;
    /// Level i's cells (i >= 1): float32, or a bf16 or f16 matrix's max |w| cells as its words.
    const core::LevelCells *levelCells(int i) const;
    /// The parameter whose bf16 or f16 words are level 0 (no float32 copy of them), else null.
    const core::Parameter *wordsSource() const { return m_source.get(); }
    /// The deepest level whose cells are no coarser than one pixel on either axis.
    int chooseLevel(double rowsPerPixel, double columnsPerPixel) const;
    static int chooseLevel(const std::vector<PyramidLevel> &levels, double rowsPerPixel,
                           double columnsPerPixel);

private:
    const float *m_base = nullptr;
    const void *m_storage = nullptr;
    // bf16 or f16 words in place: level 0, read by the renderer a stripe of rows at a time.
    core::ParameterPtr m_source;
    Aggregation m_aggregation = Aggregation::MaxAbs;
    float m_limit = 0.0f;
    std::vector<PyramidLevel> m_levels;
    // m_data[i] holds level i + 1; level 1 may be a weight's recorded overview, and when that holds
    // words, so do the levels made from it.
    std::vector<std::shared_ptr<const core::LevelCells>> m_data;
};

} // namespace embedlab::ui
