// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/tensor/Downsample.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <limits>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace embedlab::core {

namespace {

constexpr std::uint32_t AbsMask = 0x7fffffffu;
constexpr std::uint32_t InfBits = 0x7f800000u;

// |w| as an unsigned integer orders finite < Inf < NaN, which is exactly the priority MaxAbs needs,
// and integer compares let the compiler vectorise without caring about NaN semantics.
inline std::uint32_t absKey(float v)
{
    return std::bit_cast<std::uint32_t>(v) & AbsMask;
}

// How many base cells cell i of a level with this factor covers along an axis of baseCells.
Index baseCount(Index i, Index factor, Index baseCells)
{
    return std::min((i + 1) * factor, baseCells) - i * factor;
}

} // namespace

// The kernels are written with SSE2 (every x86-64 has it) because GCC at -O2 does not vectorise
// them, and the cold render of GPT-2's 38.6 M weights is bound by exactly these loops.
#if defined(__SSE2__)
namespace {

inline __m128i selectBits(__m128i mask, __m128i a, __m128i b)
{
    return _mm_or_si128(_mm_and_si128(mask, a), _mm_andnot_si128(mask, b));
}

inline __m128i maxKey(__m128i a, __m128i b)
{
    return selectBits(_mm_cmpgt_epi32(a, b), a, b);
}

inline std::uint32_t horizontalMax(__m128i v)
{
    alignas(16) std::uint32_t lanes[4];
    _mm_store_si128(reinterpret_cast<__m128i *>(lanes), v);
    return std::max(std::max(lanes[0], lanes[1]), std::max(lanes[2], lanes[3]));
}

// Keys are < 2^31, so the signed compares of SSE2 order them correctly.
inline __m128i finiteKey(__m128i key, __m128i inf)
{
    return _mm_and_si128(_mm_cmpgt_epi32(inf, key), key);
}

} // namespace
#endif

float accumulateMaxAbs(float *__restrict acc, const float *__restrict src, Index n)
{
    std::uint32_t limit = 0;
    Index j = 0;
#if defined(__SSE2__)
    const __m128i mask = _mm_set1_epi32(static_cast<int>(AbsMask));
    const __m128i inf = _mm_set1_epi32(static_cast<int>(InfBits));
    __m128i lim = _mm_setzero_si128();
    for (; j + 4 <= n; j += 4) {
        const __m128i s = _mm_castps_si128(_mm_loadu_ps(src + j));
        const __m128i a = _mm_castps_si128(_mm_loadu_ps(acc + j));
        const __m128i ks = _mm_and_si128(s, mask);
        const __m128i ka = _mm_and_si128(a, mask);
        _mm_storeu_ps(acc + j, _mm_castsi128_ps(selectBits(_mm_cmpgt_epi32(ks, ka), s, a)));
        lim = maxKey(finiteKey(ks, inf), lim);
    }
    limit = horizontalMax(lim);
#endif
    for (; j < n; ++j) {
        const std::uint32_t s = std::bit_cast<std::uint32_t>(src[j]);
        const std::uint32_t a = std::bit_cast<std::uint32_t>(acc[j]);
        const std::uint32_t ks = s & AbsMask;
        acc[j] = std::bit_cast<float>(ks > (a & AbsMask) ? s : a);
        const std::uint32_t finite = ks < InfBits ? ks : 0u;
        limit = finite > limit ? finite : limit;
    }
    return std::bit_cast<float>(limit);
}

float accumulateSum(float *__restrict acc, const float *__restrict src, Index n, float weight)
{
    std::uint32_t limit = 0;
    Index j = 0;
#if defined(__SSE2__)
    const __m128i mask = _mm_set1_epi32(static_cast<int>(AbsMask));
    const __m128i inf = _mm_set1_epi32(static_cast<int>(InfBits));
    const __m128 w = _mm_set1_ps(weight);
    __m128i lim = _mm_setzero_si128();
    for (; j + 4 <= n; j += 4) {
        const __m128 s = _mm_loadu_ps(src + j);
        _mm_storeu_ps(acc + j, _mm_add_ps(_mm_loadu_ps(acc + j), _mm_mul_ps(w, s)));
        lim = maxKey(finiteKey(_mm_and_si128(_mm_castps_si128(s), mask), inf), lim);
    }
    limit = horizontalMax(lim);
#endif
    for (; j < n; ++j) {
        acc[j] += weight * src[j];
        const std::uint32_t ks = absKey(src[j]);
        const std::uint32_t finite = ks < InfBits ? ks : 0u;
        limit = finite > limit ? finite : limit;
    }
    return std::bit_cast<float>(limit);
}

float aggregate(const float *values, Index count, Aggregation aggregation)
{
    if (count <= 0)
        return std::numeric_limits<float>::quiet_NaN();
    if (aggregation == Aggregation::MaxAbs) {
        float best = values[0];
        for (Index i = 1; i < count; ++i) {
            if (absKey(values[i]) > absKey(best))
                best = values[i];
        }
        return best;
    }
    double sum = 0.0;
    for (Index i = 0; i < count; ++i)
        sum += values[i];
    return static_cast<float>(sum / static_cast<double>(count));
}

float maxAbsFiniteRun(const float *values, Index count)
{
    std::uint32_t limit = 0;
    Index i = 0;
#if defined(__SSE2__)
    const __m128i mask = _mm_set1_epi32(static_cast<int>(AbsMask));
    const __m128i inf = _mm_set1_epi32(static_cast<int>(InfBits));
    __m128i lim = _mm_setzero_si128();
    for (; i + 4 <= count; i += 4) {
        const __m128i k = _mm_and_si128(_mm_castps_si128(_mm_loadu_ps(values + i)), mask);
        lim = maxKey(finiteKey(k, inf), lim);
    }
    limit = horizontalMax(lim);
#endif
    for (; i < count; ++i) {
        const std::uint32_t k = absKey(values[i]);
        const std::uint32_t finite = k < InfBits ? k : 0u;
        limit = finite > limit ? finite : limit;
    }
    return std::bit_cast<float>(limit);
}

std::vector<PyramidLevel> pyramidLevels(Index rows, Index columns)
{
    std::vector<PyramidLevel> levels{{rows, columns, 1, 1}};
    if (rows <= 0 || columns <= 0)
        return levels;
    while (levels.back().rows > kPyramidSmallestSide || levels.back().columns > kPyramidSmallestSide) {
        PyramidLevel l = levels.back();
        // Halve the longer axis first: a tall vocabulary matrix needs rows reduced long before columns.
        bool halveRows = l.rows > 2 * l.columns;
        bool halveColumns = l.columns > 2 * l.rows;
        if (!halveRows && !halveColumns)
            halveRows = halveColumns = true;
        halveRows = halveRows && l.rows > 1;
        halveColumns = halveColumns && l.columns > 1;
        // Levels that keep the columns whole add up to the matrix's own size: 2 GB more for Llama
        // 3's 128256 x 4096, GPT-2's 50257 x 768 too. Above kPyramidBigLevelCells the rows are
        // divided by 8 per level (a frame then reads up to 16 cells per pixel there, still a few
        // milliseconds).
        Index step = halveRows && !halveColumns && l.rows * l.columns > kPyramidBigLevelCells ? 8 : 2;
        // A first level of a vocabulary Llama 3's size or more would still be 65 M cells: 16 rows a
        // cell keep it under kPyramidHugeLevelCells (issue #28: the overview is most of the memory
        // beside the file; frames between 8 and 16 rows a pixel read the matrix's visible cells).
        if (step == 8 && l.rows * l.columns / 8 > kPyramidHugeLevelCells)
            step = 16;
        if (halveRows) {
            l.rows = (l.rows + step - 1) / step;
            l.rowFactor *= step;
        }
        if (halveColumns) {
            l.columns = (l.columns + step - 1) / step;
            l.columnFactor *= step;
        }
        levels.push_back(l);
    }
    return levels;
}

float downsampleRow(const float *src, const PyramidLevel &from, float *dst, const PyramidLevel &to,
                    const PyramidLevel &base, Aggregation aggregation, Index i, std::vector<float> &scratch)
{
    const Index firstRow = i * (to.rowFactor / from.rowFactor);
    return downsampleRowInto(src + firstRow * from.columns, from, dst + i * to.columns, to, base, aggregation,
                             i, scratch);
}

float downsampleRowInto(const float *rows, const PyramidLevel &from, float *out, const PyramidLevel &to,
                        const PyramidLevel &base, Aggregation aggregation, Index i,
                        std::vector<float> &scratch)
{
    const Index rf = to.rowFactor / from.rowFactor;
    const Index cf = to.columnFactor / from.columnFactor;
    const Index r0 = i * rf;
    const Index r1 = std::min(r0 + rf, from.rows);
    scratch.assign(static_cast<std::size_t>(from.columns), 0.0f);
    float *acc = scratch.data();
    float limit = 0.0f;
    float total = 0.0f;
    for (Index r = r0; r < r1; ++r) {
        const float *row = rows + (r - r0) * from.columns;
        if (aggregation == Aggregation::MaxAbs) {
            limit = std::max(limit, accumulateMaxAbs(acc, row, from.columns));
        } else {
            const auto w = static_cast<float>(baseCount(r, from.rowFactor, base.rows));
            total += w;
            limit = std::max(limit, accumulateSum(acc, row, from.columns, w));
        }
    }
    if (aggregation == Aggregation::Mean) {
        for (float &a : scratch)
            a /= total;
    }
    if (cf == 1) {
        std::copy(scratch.begin(), scratch.end(), out);
        return limit;
    }
    for (Index j = 0; j < to.columns; ++j) {
        const Index c0 = 2 * j;
        const Index c1 = std::min(c0 + 2, from.columns);
        if (c1 - c0 == 1) {
            out[j] = acc[c0];
        } else if (aggregation == Aggregation::MaxAbs) {
            out[j] = absKey(acc[c0 + 1]) > absKey(acc[c0]) ? acc[c0 + 1] : acc[c0];
        } else {
            const auto wa = static_cast<float>(baseCount(c0, from.columnFactor, base.columns));
            const auto wb = static_cast<float>(baseCount(c0 + 1, from.columnFactor, base.columns));
            out[j] = (acc[c0] * wa + acc[c0 + 1] * wb) / (wa + wb);
        }
    }
    return limit;
}

} // namespace embedlab::core
