// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/tensor/RowSource.h"
#include "core/tensor/Tensor.h"

#include <array>
#include <cstdint>
#include <vector>

namespace embedlab::core {

/// One row of a weight matrix and its cosine similarity to the row asked about.
struct Neighbour {
    std::int64_t id = 0;
    float cosine = 0.0f;
    bool operator==(const Neighbour &) const = default;
};

/// Nearest rows of a [rows, dim] float32 matrix by cosine similarity. The row norms are computed once
/// when built, with a bfloat16 copy of the unit rows (half the matrix's size) that a query scans
/// before summing its few candidates exactly; the matrix must outlive this object and stay unchanged
/// (rebuild after an edit). bf16 or f16 words in place are read a row at a time (RowSource).
class RowNeighbours {
public:
    /// Throws core::Error (ValueError) when `weight` is not 2-D.
    explicit RowNeighbours(RowSource weight);
    /// The `k` rows most similar to `row`, by descending cosine, ties by smaller id, `row` itself
    /// excluded; a zero row has cosine 0 with every row. Throws core::Error (IndexError) for a row
    /// outside the matrix. `k` larger than rows - 1 gives every other row; a negative `k` throws
    /// core::Error (ValueError). A NaN cosine (a row holding NaN) ranks after every number.
    std::vector<Neighbour> nearest(std::int64_t row, std::int64_t k) const;
    /// The cosine similarity of every row to `row` (its own included), in row order.
    std::vector<float> cosines(std::int64_t row) const;
    /// Number of rows of the matrix.
    std::int64_t rows() const { return static_cast<std::int64_t>(m_norms.size()); }

private:
    void checkRow(std::int64_t row) const;
    /// Row i's cosine to the row `v` of norm `self`, summed in double: float32's rounding of the
    /// exact value.
    float cosine(std::int64_t i, const std::vector<double> &v, double self,
                 std::vector<float> &scratch) const;
    /// Row `row` in double (the query of an exact cosine).
    std::vector<double> rowInDouble(std::int64_t row) const;
    /// Every row's cosine to `row` from the bfloat16 unit rows (fast, off by at most ~2^-9).
    std::vector<float> approximateCosines(std::int64_t row) const;

    RowSource m_weight;
    std::vector<double> m_norms;
    /// The rows divided by their norms, as bfloat16: half the matrix's bytes for the fast scan.
    std::vector<std::uint16_t> m_unitRows;
};

/// The first two principal components of every row of a [rows, dim] matrix (rows centred), found by
/// a few passes of a randomized power method with a fixed seed, so the picture is reproducible. Each
/// axis has its largest |component| positive (the first of equal ones), so its sign is fixed too.
struct Projection2d {
    std::vector<float> mean;                ///< [dim]
    std::array<std::vector<float>, 2> axes; ///< two unit vectors of [dim], orthogonal
    /// The 2-D coordinates of one row: (row - mean) . axes[0] and . axes[1]. Throws core::Error
    /// (IndexError) for a row outside `weight`, (ValueError) when its rows do not have mean's size.
    std::array<float, 2> project(const RowSource &weight, std::int64_t row) const;
};
/// Throws core::Error (ValueError) unless `weight` is 2-D with at least one row and two columns.
Projection2d principalPlane(const RowSource &weight, int passes = 6);

} // namespace embedlab::core
