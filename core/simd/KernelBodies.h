// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// The kernels' one source, included by each per-ISA translation unit after it has defined
// EMBEDLAB_SIMD_BYTES (vector width) and the GEMM tile sizes. Everything here has internal linkage.
//
// Bit-identical on every instruction set by construction: vectors only ever combine lanes that are
// independent results (elements of C, fixed accumulator lanes), every operation is one IEEE
// multiply or add (-ffp-contract=off forbids fusing them), and the order of the additions into one
// result is fixed by the data, not by the vector width, the tile size or the cache blocking.
#pragma once

#include "core/simd/Kernels.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <new>

#if defined(__SSE2__)
#include <immintrin.h>
#endif

#if !defined(EMBEDLAB_SIMD_BYTES) || !defined(EMBEDLAB_GEMM_MR) || !defined(EMBEDLAB_GEMM_NV)
#error "define EMBEDLAB_SIMD_BYTES, EMBEDLAB_GEMM_MR and EMBEDLAB_GEMM_NV before including KernelBodies.h"
#endif

namespace {

using Index = std::ptrdiff_t;
typedef float VecF __attribute__((vector_size(EMBEDLAB_SIMD_BYTES)));
constexpr Index kLanes = EMBEDLAB_SIMD_BYTES / static_cast<Index>(sizeof(float));
constexpr Index kMr = EMBEDLAB_GEMM_MR; // rows of C per micro-tile
constexpr Index kNv = EMBEDLAB_GEMM_NV; // vectors of C per micro-tile row
constexpr Index kNr = kNv * kLanes;     // columns of C per micro-tile
// Cache blocking as in BLIS and OpenBLAS (Goto's layout): a depth block of A's rows (kMc x kKc) stays
// in L2, a depth block of B's columns (kKc x kNc) in L2 or L3, and each of B's micro-panels (kKc x kNr)
// close to the core while it meets every micro-panel of A. The register tile (6 x 16 with AVX2: 12
// accumulators, 2 vectors of B, a broadcast and a product fill the 16 registers) reaches 113 GFLOP/s
// per core on this Zen 4 with separate multiplies and adds, as FMA does (116; tile_avx2_muladd and
// tile_avx2_fma in embedlab-bench): Zen's two adders work beside its two multipliers. Measured here
// (issue #28), the block product alone ran at 107-110 GFLOP/s when B's block shared L2 with A's
// (256 columns) and at 103-105 with 1024 columns from L3, whatever the depth (256-768); a depth of
// 768 covers GPT-2's features in one block, so lm_head's result is written once instead of reloaded.
#ifndef EMBEDLAB_GEMM_KC
#define EMBEDLAB_GEMM_KC 768
#endif
#ifndef EMBEDLAB_GEMM_MC
#define EMBEDLAB_GEMM_MC 144
#endif
#ifndef EMBEDLAB_GEMM_NC
#define EMBEDLAB_GEMM_NC 1024
#endif
constexpr Index kKc = EMBEDLAB_GEMM_KC;
constexpr Index kMc = (EMBEDLAB_GEMM_MC / kMr) * kMr;
constexpr Index kNc = (EMBEDLAB_GEMM_NC / kNr) * kNr;
#ifndef EMBEDLAB_GEMM_NC_NARROW
#define EMBEDLAB_GEMM_NC_NARROW 256
#endif
#ifndef EMBEDLAB_GEMM_WHOLE_A
#define EMBEDLAB_GEMM_WHOLE_A (Index{2} << 20)
#endif
constexpr Index kNcNarrow = std::max<Index>(kNr, (EMBEDLAB_GEMM_NC_NARROW / kNr) * kNr);
constexpr Index kWholeA = EMBEDLAB_GEMM_WHOLE_A; // floats of A packed whole at most (8 MB)

inline VecF load(const float *p)
{
    VecF v;
    std::memcpy(&v, p, sizeof v);
    return v;
}

inline void store(float *p, VecF v)
{
    std::memcpy(p, &v, sizeof v);
}

// The lane indices that interleave the low (high) halves of two vectors: {a0, b0, a1, b1, ...}, for
// __builtin_shufflevector (GCC 12 and clang).
#if EMBEDLAB_SIMD_BYTES == 16
#define EMBEDLAB_INTERLEAVE_LO 0, 4, 1, 5
#define EMBEDLAB_INTERLEAVE_HI 2, 6, 3, 7
#elif EMBEDLAB_SIMD_BYTES == 32
#define EMBEDLAB_INTERLEAVE_LO 0, 8, 1, 9, 2, 10, 3, 11
#define EMBEDLAB_INTERLEAVE_HI 4, 12, 5, 13, 6, 14, 7, 15
#else
#define EMBEDLAB_INTERLEAVE_LO 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23
#define EMBEDLAB_INTERLEAVE_HI 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31
#endif

// A kLanes x kLanes block transposed in registers: log2(kLanes) rounds of interleaving row r with row
// r + kLanes / 2 (a perfect shuffle of the rows) turn rows into columns. Moves lanes, computes nothing.
inline void transpose(VecF (&v)[kLanes])
{
    constexpr Index half = kLanes / 2;
#pragma GCC unroll 4
    for (Index round = 1; round < kLanes; round *= 2) {
        VecF t[kLanes];
#pragma GCC unroll 16
        for (Index r = 0; r < half; ++r) {
            t[2 * r] = __builtin_shufflevector(v[r], v[r + half], EMBEDLAB_INTERLEAVE_LO);
            t[2 * r + 1] = __builtin_shufflevector(v[r], v[r + half], EMBEDLAB_INTERLEAVE_HI);
        }
#pragma GCC unroll 16
        for (Index r = 0; r < kLanes; ++r)
            v[r] = t[r];
    }
}

// Operand element (i, j) is at data[i * rs + j * cs].
struct Strided {
    const float *data;
    Index rs, cs;
    float at(Index i, Index j) const { return data[i * rs + j * cs]; }
};

// Packs A[i0 .. i0+mc, k0 .. k0+kc] as micro-panels of kMr rows: panel p, depth k, row r at
// dst[(p * kc + k) * kMr + r]; rows past mc are zero. Whole vectors are stored, so up to kLanes
// floats past the last panel may be written (the buffers keep that slack).
void packA(float *dst, Strided a, Index i0, Index mc, Index k0, Index kc)
{
    for (Index p = 0; p * kMr < mc; ++p) {
        float *panel = dst + p * kc * kMr;
        const Index rows = std::min(kMr, mc - p * kMr);
        const float *src = a.data + (i0 + p * kMr) * a.rs + k0 * a.cs;
        if (rows == kMr && a.rs == 1) {
            // A = X^T (the weight's gradient): the panel's rows lie side by side at every depth, in
            // rows of X a page or more apart, which no hardware prefetcher follows: the line that
            // the panels after next start in is fetched on the way.
            for (Index k = 0; k < kc; ++k) {
                __builtin_prefetch(src + k * a.cs + 2 * kMr);
                std::memcpy(panel + k * kMr, src + k * a.cs, sizeof(float) * kMr);
            }
            continue;
        }
        Index k = 0;
        if (rows == kMr && a.cs == 1 && kMr <= kLanes) {
            // Row-major A: kLanes depths of the panel's rows (the last one repeated up to kLanes rows)
            // turned in registers; each depth's vector is stored whole, and the lanes past kMr are
            // overwritten by the next depth's store.
            for (; k + kLanes <= kc; k += kLanes) {
                VecF v[kLanes];
#pragma GCC unroll 16
                for (Index r = 0; r < kLanes; ++r)
                    v[r] = load(src + std::min(r, kMr - 1) * a.rs + k);
                transpose(v);
#pragma GCC unroll 16
                for (Index kk = 0; kk < kLanes; ++kk)
                    store(panel + (k + kk) * kMr, v[kk]);
            }
        }
        for (; k < kc; ++k)
            for (Index r = 0; r < kMr; ++r)
                panel[k * kMr + r] = r < rows ? src[r * a.rs + k * a.cs] : 0.0f;
    }
}

// Packs B[k0 .. k0+kc, j0 .. j0+nc] as micro-panels of kNr columns: panel p, depth k, column c at
// dst[(p * kc + k) * kNr + c]; columns past nc are zero.
void packB(float *dst, Strided b, Index k0, Index kc, Index j0, Index nc)
{
    for (Index p = 0; p * kNr < nc; ++p) {
        float *panel = dst + p * kc * kNr;
        const Index cols = std::min(kNr, nc - p * kNr);
        const float *src = b.data + k0 * b.rs + (j0 + p * kNr) * b.cs;
        if (cols == kNr && b.cs == 1) {
            for (Index k = 0; k < kc; ++k)
                std::memcpy(panel + k * kNr, src + k * b.rs, sizeof(float) * kNr);
            continue;
        }
        Index k = 0;
        if (cols == kNr && b.rs == 1) {
            // B = W^T (lm_head): every column is a row of W, turned kLanes x kLanes in registers.
            for (; k + kLanes <= kc; k += kLanes) {
#pragma GCC unroll 4
                for (Index g = 0; g < kNv; ++g) {
                    VecF v[kLanes];
#pragma GCC unroll 16
                    for (Index l = 0; l < kLanes; ++l)
                        v[l] = load(src + (g * kLanes + l) * b.cs + k);
                    transpose(v);
#pragma GCC unroll 16
                    for (Index kk = 0; kk < kLanes; ++kk)
                        store(panel + (k + kk) * kNr + g * kLanes, v[kk]);
                }
            }
        }
        for (; k < kc; ++k)
            for (Index c = 0; c < kNr; ++c)
                panel[k * kNr + c] = c < cols ? src[k * b.rs + c * b.cs] : 0.0f;
    }
}

// One kMr x kNr tile of C: tile = (first ? +0 : tile) + sum over the kc packed depths, in order.
// `tile` is C itself (row stride ldc) or a scratch tile for the edges. A later depth block starts
// from the tile in C, so the rows of the next tile (`next`, row stride ldc) are fetched meanwhile.
void microKernel(Index kc, const float *__restrict pa, const float *__restrict pb, float *tile, Index ldc,
                 bool first, const float *next)
{
    if (next != nullptr) {
#pragma GCC unroll 16
        for (Index r = 0; r < kMr; ++r) {
            __builtin_prefetch(next + r * ldc);
            __builtin_prefetch(next + r * ldc + kNr - 1);
        }
    }
    VecF acc[kMr][kNv];
#pragma GCC unroll 16
    for (Index r = 0; r < kMr; ++r)
#pragma GCC unroll 8
        for (Index v = 0; v < kNv; ++v)
            acc[r][v] = first ? VecF{} : load(tile + r * ldc + v * kLanes);
#pragma GCC unroll 4
    for (Index k = 0; k < kc; ++k) {
        VecF b[kNv];
#pragma GCC unroll 8
        for (Index v = 0; v < kNv; ++v)
            b[v] = load(pb + k * kNr + v * kLanes);
#pragma GCC unroll 16
        for (Index r = 0; r < kMr; ++r) {
            const float a = pa[k * kMr + r];
#pragma GCC unroll 8
            for (Index v = 0; v < kNv; ++v)
                acc[r][v] = acc[r][v] + a * b[v];
        }
    }
#pragma GCC unroll 16
    for (Index r = 0; r < kMr; ++r)
#pragma GCC unroll 8
        for (Index v = 0; v < kNv; ++v)
            store(tile + r * ldc + v * kLanes, acc[r][v]);
}

// The packed block [mc, kc] x [kc, nc] added into C (or written, for the first depth block): each
// micro-panel of B (kc x kNr, in L1) meets every micro-panel of A (the block, in L2) in turn.
void blockProduct(Index mc, Index nc, Index kc, const float *pa, const float *pb, float *c, Index ldc,
                  bool first)
{
    alignas(64) float edge[kMr * kNr];
    for (Index j = 0; j < nc; j += kNr) {
        const Index cols = std::min(kNr, nc - j);
        for (Index i = 0; i < mc; i += kMr) {
            const Index rows = std::min(kMr, mc - i);
            const float *a = pa + (i / kMr) * kc * kMr, *b = pb + (j / kNr) * kc * kNr;
            float *out = c + i * ldc + j;
            const float *next = first               ? nullptr
                                : i + 2 * kMr <= mc ? out + kMr * ldc
                                : j + 2 * kNr <= nc ? c + j + kNr
                                                    : nullptr;
            if (rows == kMr && cols == kNr) {
                microKernel(kc, a, b, out, ldc, first, next);
                continue;
            }
            for (Index r = 0; r < rows && !first; ++r)
                std::copy(out + r * ldc, out + r * ldc + cols, edge + r * kNr);
            microKernel(kc, a, b, edge, kNr, first, next);
            for (Index r = 0; r < rows; ++r)
                std::copy(edge + r * kNr, edge + r * kNr + cols, out + r * ldc);
        }
    }
}

struct AlignedBuffer {
    float *data;
    explicit AlignedBuffer(Index n)
        : data(static_cast<float *>(
              ::operator new (static_cast<std::size_t>(n) * sizeof(float), std::align_val_t{64})))
    {}
    ~AlignedBuffer() { ::operator delete (data, std::align_val_t{64}); }
    AlignedBuffer(const AlignedBuffer &) = delete;
    AlignedBuffer &operator=(const AlignedBuffer &) = delete;
};

void gemm(Index m, Index n, Index k, const float *a, Index ars, Index acs, const float *b, Index brs,
          Index bcs, float *c, Index ldc)
{
    if (m <= 0 || n <= 0)
        return;
    if (k <= 0) {
        for (Index i = 0; i < m; ++i)
            std::fill(c + i * ldc, c + i * ldc + n, 0.0f);
        return;
    }
    const Strided sa{a, ars, acs}, sb{b, brs, bcs};
    const Index mc = std::min(kMc, (m + kMr - 1) / kMr * kMr), kcMax = std::min(kKc, k);
    const Index mPadded = (m + kMr - 1) / kMr * kMr;
    // A small A (lm_head's hidden states, a batch's inputs) is packed once, whole, and B's column
    // blocks are narrowed so that one block and one block of A share L2; a large A (a gradient) is
    // packed block by block under wide column blocks, so that it is packed once too.
    const bool wholeA = mPadded * k <= kWholeA;
    const Index nc = std::min(wholeA ? kNcNarrow : kNc, (n + kNr - 1) / kNr * kNr);
    AlignedBuffer packedA((wholeA ? mPadded * k : mc * kcMax) + kLanes), packedB(nc * kcMax + kLanes);
    // Where the block of rows i0 at depth k0 is packed; blocks are packed in increasing order, each
    // one's whole-vector stores spilling only into the next.
    const auto blockOfA = [&](Index i0, Index k0, Index kc) {
        return wholeA ? packedA.data + mPadded * k0 + i0 * kc : packedA.data;
    };
    if (wholeA) {
        for (Index k0 = 0; k0 < k; k0 += kKc) {
            const Index kc = std::min(kKc, k - k0);
            for (Index i0 = 0; i0 < m; i0 += mc)
                packA(blockOfA(i0, k0, kc), sa, i0, std::min(mc, m - i0), k0, kc);
        }
    }
    for (Index j0 = 0; j0 < n; j0 += nc) {
        const Index ncHere = std::min(nc, n - j0);
        for (Index k0 = 0; k0 < k; k0 += kKc) {
            const Index kc = std::min(kKc, k - k0);
            packB(packedB.data, sb, k0, kc, j0, ncHere);
            for (Index i0 = 0; i0 < m; i0 += mc) {
                const Index mcHere = std::min(mc, m - i0);
                if (!wholeA)
                    packA(packedA.data, sa, i0, mcHere, k0, kc);
                blockProduct(mcHere, ncHere, kc, blockOfA(i0, k0, kc), packedB.data, c + i0 * ldc + j0, ldc,
                             k0 == 0);
            }
        }
    }
}

// W's elements as rowDots reads them: float32, or bfloat16 words widened exactly (a bf16 is a float's
// upper half), one at a time or kLanes at a time.
inline float element(const float *w, Index i)
{
    return w[i];
}
inline float element(const std::uint16_t *w, Index i)
{
    return std::bit_cast<float>(static_cast<std::uint32_t>(w[i]) << 16);
}
inline VecF loadLanes(const float *w)
{
    return load(w);
}
inline VecF loadLanes(const std::uint16_t *w)
{
    typedef std::uint16_t VecH __attribute__((vector_size(EMBEDLAB_SIMD_BYTES / 2)));
    typedef std::uint32_t VecW __attribute__((vector_size(EMBEDLAB_SIMD_BYTES)));
    VecH h;
    std::memcpy(&h, w, sizeof h);
    return reinterpret_cast<VecF>(__builtin_convertvector(h, VecW) << 16);
}

// rowDots for M rows of x and kLanes rows of W at w: lane l of acc[i] is the dot product of x row i
// and W row l, its terms added in increasing k. Whole kLanes x kLanes blocks of W are transposed so
// that every step is one vector multiply and one vector add; the last depth % kLanes go lane by lane.
template <int M, typename T>
void rowDotsBlock(Index depth, const float *x, Index ldx, const T *w, Index ldw, float *c, Index ldc)
{
    VecF acc[M] = {};
    Index k = 0;
    for (; k + kLanes <= depth; k += kLanes) {
        VecF t[kLanes];
#pragma GCC unroll 16
        for (Index l = 0; l < kLanes; ++l)
            t[l] = loadLanes(w + l * ldw + k);
        transpose(t);
#pragma GCC unroll 16
        for (Index kk = 0; kk < kLanes; ++kk)
#pragma GCC unroll 4
            for (int i = 0; i < M; ++i)
                acc[i] = acc[i] + x[i * ldx + k + kk] * t[kk];
    }
    for (; k < depth; ++k) {
        VecF column;
        for (Index l = 0; l < kLanes; ++l)
            column[l] = element(w, l * ldw + k);
        for (int i = 0; i < M; ++i)
            acc[i] = acc[i] + x[i * ldx + k] * column;
    }
    for (int i = 0; i < M; ++i)
        for (Index l = 0; l < kLanes; ++l)
            c[i * ldc + l] = acc[i][l];
}

template <int M, typename T>
void rowDotsRows(Index n, Index depth, const float *x, Index ldx, const T *w, Index ldw, float *c, Index ldc)
{
    Index j = 0;
    for (; j + kLanes <= n; j += kLanes)
        rowDotsBlock<M>(depth, x, ldx, w + j * ldw, ldw, c + j, ldc);
    for (; j < n; ++j) {
        for (int i = 0; i < M; ++i) {
            float s = 0.0f;
            for (Index k = 0; k < depth; ++k)
                s = s + x[i * ldx + k] * element(w, j * ldw + k);
            c[i * ldc + j] = s;
        }
    }
}

template <typename T>
void rowDots(Index m, Index n, Index depth, const float *x, Index ldx, const T *w, Index ldw, float *c,
             Index ldc)
{
    // Up to four rows of x share each pass over W; more rows take more passes.
    for (Index i = 0; i < m; i += 4) {
        const float *xi = x + i * ldx;
        float *ci = c + i * ldc;
        switch (std::min<Index>(4, m - i)) {
        case 1:
            rowDotsRows<1>(n, depth, xi, ldx, w, ldw, ci, ldc);
            break;
        case 2:
            rowDotsRows<2>(n, depth, xi, ldx, w, ldw, ci, ldc);
            break;
        case 3:
            rowDotsRows<3>(n, depth, xi, ldx, w, ldw, ci, ldc);
            break;
        default:
            rowDotsRows<4>(n, depth, xi, ldx, w, ldw, ci, ldc);
            break;
        }
    }
}

typedef std::uint32_t VecU __attribute__((vector_size(EMBEDLAB_SIMD_BYTES)));
constexpr Index kMtN = 624, kMtM = 397;

inline VecU loadU(const std::uint32_t *p)
{
    VecU v;
    std::memcpy(&v, p, sizeof v);
    return v;
}

// MT19937's recurrence for one word, on a word or on a vector of words.
template <typename T> inline T twistPair(T u, T v)
{
    const T mixed = (u & 0x80000000U) | (v & 0x7fffffffU);
    return (mixed >> 1) ^ (-(v & 1U) & 0x9908b0dfU);
}

// Words [begin, end) of the twist: word i becomes word i + offset ^ twistPair(word i, word i + 1).
// A vector of kLanes words reads words at most kLanes ahead of it (still old) and, from word 227 on,
// words 227 behind it (already new): the same reads as one word at a time.
inline void twistWords(std::uint32_t *p, Index begin, Index end, Index offset)
{
    const Index vectorEnd = begin + (end - begin) / kLanes * kLanes;
    for (Index i = begin; i < vectorEnd; i += kLanes) {
        const VecU next = loadU(p + i + offset) ^ twistPair(loadU(p + i), loadU(p + i + 1));
        std::memcpy(p + i, &next, sizeof next);
    }
    for (Index i = vectorEnd; i < end; ++i)
        p[i] = p[i + offset] ^ twistPair(p[i], p[i + 1]);
}

void twist(std::uint32_t *p)
{
    twistWords(p, 0, kMtN - kMtM, kMtM);
    twistWords(p, kMtN - kMtM, kMtN - 1, kMtM - kMtN);
    p[kMtN - 1] = p[kMtM - 1] ^ twistPair(p[kMtN - 1], p[0]);
}

constexpr int kStatLanes = 16;

void moments(const float *x, Index n, double shift, double *sumOut, double *sqOut, float *loOut, float *hiOut)
{
    double sum[kStatLanes] = {}, sq[kStatLanes] = {};
    float lo[kStatLanes], hi[kStatLanes];
    std::fill(lo, lo + kStatLanes, x[0]);
    std::fill(hi, hi + kStatLanes, x[0]);
    Index i = 0;
    for (; i + kStatLanes <= n; i += kStatLanes) {
        for (int j = 0; j < kStatLanes; ++j) {
            const float v = x[i + j];
            const double d = static_cast<double>(v) - shift;
            sum[j] += d;
            sq[j] += d * d;
            lo[j] = v < lo[j] ? v : lo[j];
            hi[j] = v > hi[j] ? v : hi[j];
        }
    }
    for (; i < n; ++i) {
        const float v = x[i];
        const double d = static_cast<double>(v) - shift;
        sum[0] += d;
        sq[0] += d * d;
        lo[0] = v < lo[0] ? v : lo[0];
        hi[0] = v > hi[0] ? v : hi[0];
    }
    double s = 0.0, q = 0.0;
    float mn = lo[0], mx = hi[0];
    for (int j = 0; j < kStatLanes; ++j) {
        s += sum[j];
        q += sq[j];
        mn = lo[j] < mn ? lo[j] : mn;
        mx = hi[j] > mx ? hi[j] : mx;
    }
    *sumOut = s;
    *sqOut = q;
    *loOut = mn;
    *hiOut = mx;
}

void extremes(const float *x, Index n, float *loOut, float *hiOut, int *nanOut)
{
    // NaN marks are floats too: lanes of one type vectorise, mixed int/float lanes do not.
    float lo[kStatLanes], hi[kStatLanes], nan[kStatLanes] = {};
    std::fill(lo, lo + kStatLanes, std::numeric_limits<float>::infinity());
    std::fill(hi, hi + kStatLanes, -std::numeric_limits<float>::infinity());
    Index i = 0;
    for (; i + kStatLanes <= n; i += kStatLanes) {
        for (int j = 0; j < kStatLanes; ++j) {
            const float v = x[i + j];
            lo[j] = v < lo[j] ? v : lo[j];
            hi[j] = v > hi[j] ? v : hi[j];
            nan[j] = v != v ? 1.0f : nan[j];
        }
    }
    for (; i < n; ++i) {
        const float v = x[i];
        lo[0] = v < lo[0] ? v : lo[0];
        hi[0] = v > hi[0] ? v : hi[0];
        nan[0] = v != v ? 1.0f : nan[0];
    }
    float mn = std::numeric_limits<float>::infinity(), mx = -std::numeric_limits<float>::infinity();
    bool anyNan = false;
    for (int j = 0; j < kStatLanes; ++j) {
        mn = lo[j] < mn ? lo[j] : mn;
        mx = hi[j] > mx ? hi[j] : mx;
        anyNan = anyNan || nan[j] != 0.0f;
    }
    *loOut = mn;
    *hiOut = mx;
    *nanOut = anyNan ? 1 : 0;
}

void bins(const float *x, Index n, float left, float right, int binCount, int *pos)
{
    const float width = right - left;
    const float binsF = static_cast<float>(binCount);
    for (Index i = 0; i < n; ++i) {
        const float v = x[i];
        const bool inside = (v >= left) & (v <= right);
        const float t = (v - left) * binsF / width;
        // Out-of-range values may give -inf, inf or NaN here: clamp so the conversion is defined;
        // they go to the extra slot anyway.
        float clamped = t < binsF ? t : binsF;
        clamped = t >= 0.0f ? clamped : 0.0f;
        int p = static_cast<int>(clamped);
        p = p == binCount ? binCount - 1 : p;
        pos[i] = inside ? p : binCount;
    }
}

#if defined(__SSE2__)
// A whole vector written around the caches (p aligned to the vector's width).
inline void streamVector(float *p, VecF v)
{
#if EMBEDLAB_SIMD_BYTES == 64
    _mm512_stream_ps(p, v);
#elif EMBEDLAB_SIMD_BYTES == 32
    _mm256_stream_ps(p, v);
#else
    _mm_stream_ps(p, v);
#endif
}

// One row: 4-float streams up to the vector's alignment and after the last whole vector. The
// rows come from all over W and the hardware prefetcher stops at page boundaries, so the next
// row (`next`) is fetched a line per line copied.
void streamRow(float *dst, const float *src, const char *next, Index dim)
{
    Index d = 0;
    for (; d < dim && reinterpret_cast<std::uintptr_t>(dst + d) % EMBEDLAB_SIMD_BYTES != 0; d += 4)
        _mm_stream_ps(dst + d, _mm_loadu_ps(src + d));
    for (; d + kLanes <= dim; d += kLanes) {
        if (d % 16 < kLanes) // once per 64-byte line
            __builtin_prefetch(next + d * Index{sizeof(float)});
        streamVector(dst + d, load(src + d));
    }
    for (; d < dim; d += 4)
        _mm_stream_ps(dst + d, _mm_loadu_ps(src + d));
}
#endif

void gatherRows(float *out, const float *w, const std::int64_t *ids, Index dim, Index begin, Index end,
                int stream)
{
    const auto rowBytes = static_cast<std::size_t>(dim) * sizeof(float);
#if defined(__SSE2__)
    if (stream != 0) {
        for (Index i = begin; i < end; ++i) {
            const char *next = reinterpret_cast<const char *>(w + ids[std::min(i + 1, end - 1)] * dim);
            streamRow(out + i * dim, w + ids[i] * dim, next, dim);
        }
        _mm_sfence(); // the streaming stores are weakly ordered: visible before the caller's join()
        return;
    }
#else
    (void)stream;
#endif
    for (Index i = begin; i < end; ++i)
        std::memcpy(out + i * dim, w + ids[i] * dim, rowBytes);
}

void addScaled(float *self, const float *other, float alpha, Index n)
{
    for (Index i = 0; i < n; ++i)
        self[i] = std::fma(other[i], alpha, self[i]);
}

// This instruction set's entry in the dispatch table (core/simd/Isa.cpp).
EmbedlabKernels kernelTable(const char *name)
{
    return {.name = name,
            .gemm = gemm,
            .rowDots = rowDots<float>,
            .rowDotsBf16 = rowDots<std::uint16_t>,
            .twist = twist,
            .moments = moments,
            .extremes = extremes,
            .bins = bins,
            .addScaled = addScaled,
            .gatherRows = gatherRows};
}

} // namespace
