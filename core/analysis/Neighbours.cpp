// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/analysis/Neighbours.h"

#include "core/tensor/Error.h"
#include "core/tensor/Parallel.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <string>
#include <thread>

namespace embedlab::core {

namespace {

Index rowsOf(const RowSource &weight)
{
    if (weight.dim() != 2)
        throw Error(Error::Kind::ValueError,
                    "neighbours need a 2-D tensor [rows, dim], got shape " + shapeString(weight.shape()));
    return weight.rows();
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

// bfloat16 (the top half of a float32), rounded to nearest even; NaN stays NaN.
std::uint16_t toBfloat16(float x)
{
    std::uint32_t bits = 0;
    std::memcpy(&bits, &x, 4);
    if (std::isnan(x))
        return static_cast<std::uint16_t>((bits >> 16) | 0x40);
    bits += 0x7fff + ((bits >> 16) & 1);
    return static_cast<std::uint16_t>(bits >> 16);
}

float fromBfloat16(std::uint16_t h)
{
    const std::uint32_t bits = static_cast<std::uint32_t>(h) << 16;
    float x = 0.0f;
    std::memcpy(&x, &bits, 4);
    return x;
}

// unit . v for a bfloat16 row, in 16 fixed float lanes (vectorised by the compiler at any -march).
float unitDot(const std::uint16_t *unit, const float *v, Index n)
{
    constexpr Index kLanes = 16;
    float acc[kLanes] = {};
    Index j = 0;
    for (; j + kLanes <= n; j += kLanes)
        for (Index l = 0; l < kLanes; ++l)
            acc[l] += fromBfloat16(unit[j + l]) * v[j + l];
    for (; j < n; ++j)
        acc[0] += fromBfloat16(unit[j]) * v[j];
    float sum = 0.0f;
    for (const float a : acc)
        sum += a;
    return sum;
}

} // namespace

RowNeighbours::RowNeighbours(RowSource weight)
    : m_weight(std::move(weight))
{
    const Index rows = rowsOf(m_weight);
    const Index dim = m_weight.cols();
    m_norms.assign(static_cast<std::size_t>(rows), 0.0);
    m_unitRows.assign(static_cast<std::size_t>(rows * dim), 0);
    if (rows == 0 || dim == 0)
        return;
    parallel::forTwo(rows, rows * dim, parallel::kMinElements, [&](Index begin, Index end) {
        std::vector<double> x(static_cast<std::size_t>(dim));
        std::vector<float> scratch;
        for (Index i = begin; i < end; ++i) {
            const float *row = m_weight.rowsAt(i, 1, scratch);
            std::copy(row, row + dim, x.begin());
            const double norm = std::sqrt(dot(row, x.data(), dim));
            m_norms[static_cast<std::size_t>(i)] = norm;
            if (norm == 0.0)
                continue;
            for (Index j = 0; j < dim; ++j)
                m_unitRows[static_cast<std::size_t>(i * dim + j)] =
                    toBfloat16(static_cast<float>(x[j] / norm));
        }
    });
}

void RowNeighbours::checkRow(std::int64_t row) const
{
    if (row < 0 || row >= rows())
        throw Error(Error::Kind::IndexError, "index " + std::to_string(row) +
                                                 " is out of bounds for dimension 0 with size " +
                                                 std::to_string(rows()));
}

std::vector<double> RowNeighbours::rowInDouble(std::int64_t row) const
{
    std::vector<float> scratch;
    const float *x = m_weight.rowsAt(row, 1, scratch);
    return {x, x + m_weight.cols()};
}

float RowNeighbours::cosine(std::int64_t i, const std::vector<double> &v, double self,
                            std::vector<float> &scratch) const
{
    const double norm = m_norms[static_cast<std::size_t>(i)];
    // A zero row has cosine 0 with every row (F.cosine_similarity clamps the norms at eps).
    if (norm == 0.0 || self == 0.0)
        return 0.0f;
    const Index dim = m_weight.cols();
    return static_cast<float>(dot(m_weight.rowsAt(i, 1, scratch), v.data(), dim) / (norm * self));
}

std::vector<float> RowNeighbours::cosines(std::int64_t row) const
{
    checkRow(row);
    const Index dim = m_weight.cols();
    const std::vector<double> v = rowInDouble(row);
    const double self = m_norms[static_cast<std::size_t>(row)];
    std::vector<float> result(static_cast<std::size_t>(rows()));
    // Each row's sum is computed alone, so the split over two threads does not change a bit.
    parallel::forTwo(rows(), rows() * dim, parallel::kMinElements, [&](Index begin, Index end) {
        std::vector<float> scratch;
        for (Index i = begin; i < end; ++i)
            result[static_cast<std::size_t>(i)] = cosine(i, v, self, scratch);
    });
    return result;
}

namespace {

// The k best of at(0) .. at(count - 1), `skip` left out: a heap of the best so far with its worst
// on top, which most items fail to beat.
template <typename At>
std::vector<Neighbour> bestOf(std::int64_t count, std::int64_t k, std::int64_t skip, At at)
{
    std::vector<Neighbour> best;
    best.reserve(static_cast<std::size_t>(k));
    for (std::int64_t j = 0; j < count && k > 0; ++j) {
        if (j == skip)
            continue;
        const Neighbour n = at(j);
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

} // namespace

std::vector<float> RowNeighbours::approximateCosines(std::int64_t row) const
{
    const Index rows = this->rows(), dim = m_weight.cols();
    const double self = m_norms[static_cast<std::size_t>(row)];
    std::vector<float> result(static_cast<std::size_t>(rows), 0.0f);
    if (self == 0.0 || dim == 0)
        return result;
    std::vector<float> v(static_cast<std::size_t>(dim)), scratch;
    const float *x = m_weight.rowsAt(row, 1, scratch);
    for (Index j = 0; j < dim; ++j)
        v[static_cast<std::size_t>(j)] = static_cast<float>(x[j] / self);
    // Chunks taken from a counter: on a loaded machine one thread may be descheduled for a while and
    // the other takes its share (fixed halves would wait for it).
    constexpr Index kChunk = 2048;
    std::atomic<Index> next{0};
    auto run = [&] {
        for (Index begin = next.fetch_add(kChunk); begin < rows; begin = next.fetch_add(kChunk)) {
            for (Index i = begin; i < std::min(rows, begin + kChunk); ++i)
                result[static_cast<std::size_t>(i)] = unitDot(m_unitRows.data() + i * dim, v.data(), dim);
        }
    };
    if (!parallel::enabled(rows * dim, parallel::kMinElements)) {
        run();
        return result;
    }
    std::thread helper(run);
    run();
    helper.join();
    return result;
}

std::vector<Neighbour> RowNeighbours::nearest(std::int64_t row, std::int64_t k) const
{
    checkRow(row);
    if (k < 0)
        throw Error(Error::Kind::ValueError, "k must be at least 0, got " + std::to_string(k));
    k = std::min(k, rows() - 1);
    if (k == 0)
        return {};
    // A fast pass over the bfloat16 unit rows finds the k best up to its error, below `slack`: each
    // unit row's elements are off by at most 2^-9 + 2^-23 relative, the products and the float sum
    // add (dim + 8) units of 2^-24, all times sum |x_i v_i| <= 1, and the reported cosine's own
    // rounding 2^-24. Every row that can be among the k best by the exact cosine is within 2 slack
    // of the k-th approximate cosine; only those are summed again in double.
    const std::vector<float> approx = approximateCosines(row);
    const float kth = bestOf(rows(), k, row,
                             [&](std::int64_t j) {
                                 return Neighbour{j, approx[static_cast<std::size_t>(j)]};
                             })
                          .back()
                          .cosine;
    const Index dim = m_weight.cols();
    const double slack = 1.01 * (0x1p-9 + 0x1p-22 + static_cast<double>(dim + 8) * 0x1p-24);
    const std::vector<double> v = rowInDouble(row);
    const double self = m_norms[static_cast<std::size_t>(row)];
    std::vector<Neighbour> candidates;
    std::vector<float> scratch;
    for (std::int64_t j = 0; j < rows(); ++j) {
        // NaN compares false, so NaN rows stay candidates (they rank last anyway).
        if (j != row && (std::isnan(kth) || !(approx[static_cast<std::size_t>(j)] < kth - 2.0 * slack)))
            candidates.push_back({j, cosine(j, v, self, scratch)});
    }
    return bestOf(static_cast<std::int64_t>(candidates.size()), k, -1,
                  [&](std::int64_t j) { return candidates[static_cast<std::size_t>(j)]; });
}

} // namespace embedlab::core
