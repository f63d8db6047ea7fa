// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/analysis/Neighbours.h"

#include "core/tensor/Error.h"
#include "core/tensor/Parallel.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace embedlab::core {

namespace {

Index rowsOf(const TensorSpan &weight)
{
    if (weight.dim() != 2)
        throw Error(Error::Kind::ValueError,
                    "neighbours need a 2-D tensor [rows, dim], got shape " + shapeString(weight.shape));
    return weight.shape[0];
}

// The order of the answer: higher cosine first, equal cosines by smaller id, NaN (a row holding NaN
// or infinity) after every number.
bool ranksBefore(const Neighbour &a, const Neighbour &b)
{
    const bool aNan = std::isnan(a.cosine), bNan = std::isnan(b.cosine);
    if (aNan != bNan)
        return bNan;
    if (!aNan && a.cosine != b.cosine)
        return a.cosine > b.cosine;
    return a.id < b.id;
}

// x . y in double with four partial sums in a fixed order: the cosine is then float32's rounding of
// the exact value (as NumPy's float64 gives it) whatever the instruction set, and a row scaled by a
// power of two ties exactly with the original.
double dot(const float *x, const double *y, Index n)
{
    double s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0;
    Index j = 0;
    for (; j + 4 <= n; j += 4) {
        s0 += static_cast<double>(x[j]) * y[j];
        s1 += static_cast<double>(x[j + 1]) * y[j + 1];
        s2 += static_cast<double>(x[j + 2]) * y[j + 2];
        s3 += static_cast<double>(x[j + 3]) * y[j + 3];
    }
    for (; j < n; ++j)
        s0 += static_cast<double>(x[j]) * y[j];
    return (s0 + s1) + (s2 + s3);
}

} // namespace

RowNeighbours::RowNeighbours(const TensorSpan &weight)
    : m_weight(weight)
{
    const Index rows = rowsOf(weight);
    const Index dim = weight.shape[1];
    m_norms.assign(static_cast<std::size_t>(rows), 0.0);
    if (rows == 0 || dim == 0)
        return;
    parallel::forTwo(rows, weight.numel(), parallel::kMinElements, [&](Index begin, Index end) {
        std::vector<double> x(static_cast<std::size_t>(dim));
        for (Index i = begin; i < end; ++i) {
            const float *row = weight.data + i * dim;
            std::copy(row, row + dim, x.begin());
            m_norms[static_cast<std::size_t>(i)] = std::sqrt(dot(row, x.data(), dim));
        }
    });
}

std::vector<float> RowNeighbours::cosines(std::int64_t row) const
{
    const Index rows = static_cast<Index>(m_norms.size());
    if (row < 0 || row >= rows)
        throw Error(Error::Kind::IndexError, "index " + std::to_string(row) +
                                                 " is out of bounds for dimension 0 with size " +
                                                 std::to_string(rows));
    std::vector<float> result(static_cast<std::size_t>(rows), 0.0f);
    const Index dim = m_weight.shape[1];
    const double self = m_norms[static_cast<std::size_t>(row)];
    if (dim == 0 || self == 0.0)
        return result;
    const float *w = m_weight.data;
    const std::vector<double> v(w + row * dim, w + (row + 1) * dim);
    // One pass over the matrix, its rows split over two threads; each row's sum is computed alone,
    // so the split does not change a bit.
    parallel::forTwo(rows, rows * dim, parallel::kMinElements, [&](Index begin, Index end) {
        for (Index i = begin; i < end; ++i) {
            const double norm = m_norms[static_cast<std::size_t>(i)];
            // A zero row has cosine 0 (F.cosine_similarity clamps the norms at eps).
            if (norm != 0.0)
                result[static_cast<std::size_t>(i)] =
                    static_cast<float>(dot(w + i * dim, v.data(), dim) / (norm * self));
        }
    });
    return result;
}

std::vector<Neighbour> RowNeighbours::nearest(std::int64_t row, std::int64_t k) const
{
    const std::vector<float> cos = cosines(row);
    if (k < 0)
        throw Error(Error::Kind::ValueError, "k must be at least 0, got " + std::to_string(k));
    const auto rows = static_cast<std::int64_t>(cos.size());
    k = std::min(k, rows - 1);
    // A heap of the best k so far, its worst on top: most rows fail the first comparison.
    std::vector<Neighbour> best;
    best.reserve(static_cast<std::size_t>(k));
    for (std::int64_t i = 0; i < rows && k > 0; ++i) {
        if (i == row)
            continue;
        const Neighbour n{i, cos[static_cast<std::size_t>(i)]};
        if (static_cast<std::int64_t>(best.size()) < k) {
            best.push_back(n);
            std::push_heap(best.begin(), best.end(), ranksBefore);
        } else if (ranksBefore(n, best.front())) {
            std::pop_heap(best.begin(), best.end(), ranksBefore);
            best.back() = n;
            std::push_heap(best.begin(), best.end(), ranksBefore);
        }
    }
    std::sort_heap(best.begin(), best.end(), ranksBefore);
    return best;
}

} // namespace embedlab::core
