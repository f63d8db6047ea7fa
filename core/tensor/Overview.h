// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/tensor/Downsample.h"
#include "core/tensor/Half.h"
#include "core/tensor/Tensor.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace embedlab::core {

/// The cells of one reduced level of a heatmap pyramid, row-major: float32, or 16-bit words when
/// they are max |w| cells of a bf16 or f16 matrix. Those cells are values of the matrix itself, so
/// its type holds them exactly in half the memory (Llama 3's overview: 131 MB, not 263, issue #28).
class LevelCells {
public:
    LevelCells() = default;
    /// `count` cells, left unset; words of `words` when given.
    explicit LevelCells(Index count, std::optional<HalfType> words = std::nullopt);

    Index size() const
    {
        return m_words ? static_cast<Index>(m_halves.size()) : static_cast<Index>(m_floats.size());
    }
    std::optional<HalfType> wordsType() const { return m_words; }
    /// The cells as float32; null when they are words (read them with copy()).
    const float *floats() const { return m_words ? nullptr : m_floats.data(); }
    /// Cells [first, first + count) as float32 at `out`, exactly.
    void copy(Index first, Index count, float *out) const;
    /// Rows [first, first + count) of a level `columns` wide as float32: where they lie, or
    /// converted into `scratch`.
    const float *rowsAt(Index first, Index count, Index columns, std::vector<float> &scratch) const;
    /// Sets cells [first, first + count) from float32 values (which words hold exactly).
    void store(Index first, const float *values, Index count);

private:
    std::optional<HalfType> m_words;
    FloatStorage m_floats;
    std::vector<std::uint16_t> m_halves;
};

/// The first reduced level of a matrix's heatmap pyramid (level 1 of pyramidLevels()), with the
/// colour limit: the part of the pyramid that reads every weight. Levels 2 and up are made from it.
struct Overview {
    PyramidLevel level;
    Aggregation aggregation = Aggregation::MaxAbs;
    /// level.rows x level.columns.
    LevelCells values;
    /// max |finite w| of the whole matrix.
    float limit = 0.0f;
};

/// An Overview made while a matrix is written block by block (a weight file decoded in parallel
/// blocks, issue #15): add() each run of the matrix once it holds its final values, from any thread
/// and in any order; each group of rows that one overview row covers is reduced by the add() that
/// completes it, while the run is still in the cache, with downsampleRow() as the heatmap's own
/// build does, so the same bits without another pass over the matrix.
class OverviewBuilder {
public:
    /// `words`: the matrix's values are of that 16-bit type; max |w| cells are then kept as its words.
    OverviewBuilder(Index rows, Index columns, Aggregation aggregation = Aggregation::MaxAbs,
                    std::optional<HalfType> words = std::nullopt);
    OverviewBuilder(const OverviewBuilder &) = delete;
    OverviewBuilder &operator=(const OverviewBuilder &) = delete;

    /// False when the matrix is small enough to be its own overview (at most
    /// kPyramidSmallestSide cells each way): add() then does nothing and finish() returns nullptr.
    bool isNeeded() const { return m_overview != nullptr; }
    /// Elements [begin, end) of `data` (the whole row-major matrix) hold their final values. Each
    /// element is added once. Thread-safe.
    void add(const float *data, Index begin, Index end);
    /// Rows of the matrix that one overview row covers (its last row may cover fewer).
    Index groupRows() const { return m_overview ? m_overview->level.rowFactor : 0; }
    /// Overview rows [firstGroup, lastGroup) whole, from `rows`: the matrix from row
    /// firstGroup * groupRows() on (a piece converted on its own). Each group is added once, by add()
    /// or here. Thread-safe.
    void addGroups(const float *rows, Index firstGroup, Index lastGroup);
    /// The overview once every element was added; nullptr when some were not (a cancelled decode)
    /// or when it is not needed.
    std::shared_ptr<const Overview> finish();

private:
    void reduceGroup(const float *groupRows, Index group, std::vector<float> &scratch,
                     std::vector<float> &row);

    PyramidLevel m_base;
    Index m_groupElements = 0; // elements of the matrix one overview row covers (the last may be short)
    std::shared_ptr<Overview> m_overview;
    std::unique_ptr<std::atomic<Index>[]> m_missing; // per overview row: elements not yet added
    std::atomic<Index> m_groupsDone{0};
    std::atomic<std::uint32_t> m_limitBits{0}; // a non-negative float's bits order as the float
};

} // namespace embedlab::core
