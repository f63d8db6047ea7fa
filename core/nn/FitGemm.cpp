// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/nn/FitGemm.h"

#include "core/nn/FitKernels.h"
#include "core/tensor/Parallel.h"

#include <algorithm>
#include <cmath>
#include <vector>

#if defined(EMBEDLAB_FIT_AVX2)
#include <immintrin.h>
#endif

namespace embedlab::core::fit {

namespace {

// Blocking: kDepth terms of the sum at a time keep B's packed panel (kDepth x kWidth floats) in the
// second-level cache; C carries the running sums from one block of terms to the next, so every
// element is still summed in increasing order.
constexpr Index kDepth = 256;
constexpr Index kWidth = 1024;
constexpr Index kRows = 6;  // the register tile: 6 rows of C
constexpr Index kCols = 16; // by 16 columns (two AVX2 vectors): 12 accumulators

void plainBlock(Index m, Index n, Index k, Strided a, Strided b, float *c, Index ldc, bool first)
{
    for (Index i = 0; i < m; ++i)
        for (Index j = 0; j < n; ++j) {
            float acc = first ? 0.0f : c[i * ldc + j];
            for (Index l = 0; l < k; ++l)
                acc = std::fma(a.data[i * a.rowStride + l * a.colStride],
                               b.data[l * b.rowStride + j * b.colStride], acc);
            c[i * ldc + j] = acc;
        }
}

#if defined(EMBEDLAB_FIT_AVX2)

// B's block [k, n] as tiles of 16 columns, each k x 16 contiguous floats, zero past column n.
void packB(Index k, Index n, Strided b, float *out)
{
    for (Index j0 = 0; j0 < n; j0 += kCols) {
        const Index width = std::min(kCols, n - j0);
        for (Index l = 0; l < k; ++l) {
            const float *src = b.data + l * b.rowStride + j0 * b.colStride;
            float *dst = out + (j0 / kCols) * k * kCols + l * kCols;
            if (b.colStride == 1)
                std::copy(src, src + width, dst);
            else
                for (Index j = 0; j < width; ++j)
                    dst[j] = src[j * b.colStride];
            std::fill(dst + width, dst + kCols, 0.0f);
        }
    }
}

// A's block [m, k] as panels of 6 rows, each k x 6 contiguous floats, zero past row m. A is packed
// when its terms are strided (A = G^T: its rows are what is contiguous), so it is read term by term,
// 48 rows (8 panels, 3 cache lines of a term) at a time, and each panel is written in order.
void packA(Index m, Index k, Strided a, float *out)
{
    constexpr Index kGroup = 8 * kRows;
    const Index panels = (m + kRows - 1) / kRows;
    std::fill(out + (panels - 1) * k * kRows, out + panels * k * kRows, 0.0f);
    for (Index g0 = 0; g0 < m; g0 += kGroup) {
        const Index g1 = std::min(m, g0 + kGroup);
        for (Index l = 0; l < k; ++l) {
            const float *src = a.data + l * a.colStride;
            for (Index i = g0; i < g1; ++i)
                out[(i / kRows) * k * kRows + l * kRows + i % kRows] = src[i * a.rowStride];
        }
    }
}

EMBEDLAB_FIT_AVX2 inline __m256i columnMask(Index width)
{
    return _mm256_cmpgt_epi32(_mm256_set1_epi32(static_cast<int>(width)),
                              _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
}

// One 6 x 16 tile of C over k terms. A is read at a + r * ars + l * acs (a packed panel: ars = 1,
// acs = 6), B from its packed tile; only the `rows` x `cols` corner of C is read and written.
EMBEDLAB_FIT_AVX2 void tile(Index k, const float *a, Index ars, Index acs, const float *b, float *c,
                            Index ldc, Index rows, Index cols, bool first)
{
    const __m256i mask0 = columnMask(cols);
    const __m256i mask1 = columnMask(cols - 8);
    __m256 acc[kRows][2];
#pragma GCC unroll 6
    for (Index r = 0; r < kRows; ++r) {
        if (first || r >= rows) {
            acc[r][0] = _mm256_setzero_ps();
            acc[r][1] = _mm256_setzero_ps();
        } else {
            acc[r][0] = _mm256_maskload_ps(c + r * ldc, mask0);
            acc[r][1] = _mm256_maskload_ps(c + r * ldc + 8, mask1);
        }
    }
    for (Index l = 0; l < k; ++l) {
        const __m256 b0 = _mm256_loadu_ps(b + l * kCols);
        const __m256 b1 = _mm256_loadu_ps(b + l * kCols + 8);
        const float *al = a + l * acs;
#pragma GCC unroll 6
        for (Index r = 0; r < kRows; ++r) {
            const __m256 av = _mm256_broadcast_ss(al + r * ars);
            acc[r][0] = _mm256_fmadd_ps(av, b0, acc[r][0]);
            acc[r][1] = _mm256_fmadd_ps(av, b1, acc[r][1]);
        }
    }
#pragma GCC unroll 6
    for (Index r = 0; r < kRows; ++r) {
        if (r >= rows)
            break;
        if (cols >= kCols) {
            _mm256_storeu_ps(c + r * ldc, acc[r][0]);
            _mm256_storeu_ps(c + r * ldc + 8, acc[r][1]);
        } else {
            _mm256_maskstore_ps(c + r * ldc, mask0, acc[r][0]);
            _mm256_maskstore_ps(c + r * ldc + 8, mask1, acc[r][1]);
        }
    }
}

// A tile of C whose A operand has contiguous rows (A = G^T, a(i, l) = a[i + l * acs]): 16 rows of C
// as two vectors of A's row l, times 6 columns broadcast from B's packed tile (6 floats a term),
// over k terms. The running sums are kept transposed in `sums` ([6][16] floats: column j's 16 rows),
// from zero when `first`. G is read in place, a block of its rows at a time.
EMBEDLAB_FIT_AVX2 void tileTransposed(Index k, const float *a, Index acs, const float *b, float *sums,
                                      Index rows, bool first)
{
    const __m256i mask0 = columnMask(rows);
    const __m256i mask1 = columnMask(rows - 8);
    __m256 acc[kRows][2];
#pragma GCC unroll 6
    for (Index j = 0; j < kRows; ++j) {
        acc[j][0] = first ? _mm256_setzero_ps() : _mm256_loadu_ps(sums + j * 16);
        acc[j][1] = first ? _mm256_setzero_ps() : _mm256_loadu_ps(sums + j * 16 + 8);
    }
    for (Index l = 0; l < k; ++l) {
        const float *al = a + l * acs;
        const __m256 a0 = rows >= 16 ? _mm256_loadu_ps(al) : _mm256_maskload_ps(al, mask0);
        const __m256 a1 = rows >= 16 ? _mm256_loadu_ps(al + 8) : _mm256_maskload_ps(al + 8, mask1);
        const float *bl = b + l * kRows;
#pragma GCC unroll 6
        for (Index j = 0; j < kRows; ++j) {
            const __m256 bv = _mm256_broadcast_ss(bl + j);
            acc[j][0] = _mm256_fmadd_ps(a0, bv, acc[j][0]);
            acc[j][1] = _mm256_fmadd_ps(a1, bv, acc[j][1]);
        }
    }
#pragma GCC unroll 6
    for (Index j = 0; j < kRows; ++j) {
        _mm256_storeu_ps(sums + j * 16, acc[j][0]);
        _mm256_storeu_ps(sums + j * 16 + 8, acc[j][1]);
    }
}

// C[i0:i1, j0:j1] for A = G^T: B packed in tiles of 6 columns (k x 6 floats each, zero past column
// j1); strips of 16 rows of C; for each, blocks of 128 terms (8 KiB of G, which stays in the
// first-level cache while every column tile reads it; the first tile fetches the next strip's), the sums
// carried from block to block in a transposed buffer and written to C at the end of the strip.
void transposedPart(Index i0, Index i1, Index j0, Index j1, Index k, Strided a, Strided b, float *c,
                    Index ldc)
{
    constexpr Index kBlock = 64;
    const Index tiles = (j1 - j0 + kRows - 1) / kRows;
    std::vector<float> packed(static_cast<std::size_t>(tiles * k * kRows), 0.0f);
    for (Index t = 0; t < tiles; ++t)
        for (Index l = 0; l < k; ++l)
            for (Index jj = 0; jj < std::min(kRows, j1 - j0 - t * kRows); ++jj)
                packed[static_cast<std::size_t>((t * k + l) * kRows + jj)] =
                    b.data[l * b.rowStride + (j0 + t * kRows + jj) * b.colStride];
    std::vector<float> sums(static_cast<std::size_t>(tiles * kRows * 16));
    for (Index i = i0; i < i1; i += 16) {
        const Index rows = std::min<Index>(16, i1 - i);
        for (Index l0 = 0; l0 < k; l0 += kBlock)
            for (Index t = 0; t < tiles; ++t)
                tileTransposed(std::min(kBlock, k - l0), a.data + i + l0 * a.colStride, a.colStride,
                               packed.data() + (t * k + l0) * kRows, sums.data() + t * kRows * 16, rows,
                               l0 == 0);
        for (Index t = 0; t < tiles; ++t)
            for (Index jj = 0; jj < std::min(kRows, j1 - j0 - t * kRows); ++jj)
                for (Index r = 0; r < rows; ++r)
                    c[(i + r) * ldc + j0 + t * kRows + jj] =
                        sums[static_cast<std::size_t>((t * kRows + jj) * 16 + r)];
    }
}

// C[0:m, 0:n] for one block of k terms. A is used in place when its terms are contiguous
// (colStride 1), else packed.
void avx2Block(Index m, Index n, Index k, Strided a, const float *packedB, std::vector<float> &packedA,
               float *c, Index ldc, bool first)
{
    const bool direct = a.colStride == 1;
    if (!direct) {
        packedA.resize(static_cast<std::size_t>((m + kRows - 1) / kRows * kRows * k));
        packA(m, k, a, packedA.data());
    }
    for (Index i0 = 0; i0 < m; i0 += kRows) {
        const Index rows = std::min(kRows, m - i0);
        const float *ai = direct ? a.data + i0 * a.rowStride : packedA.data() + i0 * k;
        const Index ars = direct ? a.rowStride : 1;
        const Index acs = direct ? 1 : kRows;
        for (Index j0 = 0; j0 < n; j0 += kCols) {
            const float *bj = packedB + (j0 / kCols) * k * kCols;
            if (direct && rows < kRows) {
                // A partial panel in place: each row on its own (the tile's six rows all read it), so
                // no row past m is read.
                for (Index r = 0; r < rows; ++r)
                    tile(k, a.data + (i0 + r) * a.rowStride, 0, 1, bj, c + (i0 + r) * ldc + j0, ldc, 1,
                         std::min(kCols, n - j0), first);
                continue;
            }
            tile(k, ai, ars, acs, bj, c + i0 * ldc + j0, ldc, rows, std::min(kCols, n - j0), first);
        }
    }
}

#endif

// C[i0:i1, j0:j1], all k terms, on one thread.
void gemmPart(Index i0, Index i1, Index j0, Index j1, Index k, Strided a, Strided b, float *c, Index ldc)
{
    if (i0 >= i1 || j0 >= j1)
        return;
    if (k == 0) {
        for (Index i = i0; i < i1; ++i)
            std::fill(c + i * ldc + j0, c + i * ldc + j1, 0.0f);
        return;
    }
#if defined(EMBEDLAB_FIT_AVX2)
    if (usesAvx2() && a.rowStride == 1 && a.colStride != 1) {
        // fma(a, b, acc) == fma(b, a, acc): the products are the same, so is each sum.
        transposedPart(i0, i1, j0, j1, k, a, b, c, ldc);
        return;
    }
    if (usesAvx2()) {
        std::vector<float> packedB, packedA;
        for (Index l0 = 0; l0 < k; l0 += kDepth) {
            const Index depth = std::min(kDepth, k - l0);
            for (Index jb = j0; jb < j1; jb += kWidth) {
                const Index width = std::min(kWidth, j1 - jb);
                packedB.resize(static_cast<std::size_t>((width + kCols - 1) / kCols * kCols * depth));
                packB(depth, width, {b.data + l0 * b.rowStride + jb * b.colStride, b.rowStride, b.colStride},
                      packedB.data());
                const Strided ab{a.data + i0 * a.rowStride + l0 * a.colStride, a.rowStride, a.colStride};
                avx2Block(i1 - i0, width, depth, ab, packedB.data(), packedA, c + i0 * ldc + jb, ldc,
                          l0 == 0);
            }
        }
        return;
    }
#endif
    plainBlock(i1 - i0, j1 - j0, k, {a.data + i0 * a.rowStride, a.rowStride, a.colStride},
               {b.data + j0 * b.colStride, b.rowStride, b.colStride}, c + i0 * ldc + j0, ldc, true);
}

} // namespace

void gemmFma(Index m, Index n, Index k, Strided a, Strided b, float *c, Index ldc)
{
    if (m <= 0 || n <= 0)
        return;
    const Index work = m * n * std::max<Index>(k, 1);
    // Both cores take half of the longer side of C; each packs the operand it shares with the other.
    if (n >= 4 * m) {
        parallel::forTwo(
            n, work, parallel::kMinMultiplyAdds,
            [&](Index j0, Index j1) { gemmPart(0, m, j0, j1, k, a, b, c, ldc); }, kCols);
    } else {
        parallel::forTwo(
            m, work, parallel::kMinMultiplyAdds,
            [&](Index i0, Index i1) { gemmPart(i0, i1, 0, n, k, a, b, c, ldc); }, kRows);
    }
}

} // namespace embedlab::core::fit
