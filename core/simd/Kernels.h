// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// The hot loops, compiled once per instruction set (KernelsBaseline.cpp, KernelsAvx2.cpp,
// KernelsAvx512.cpp) from one source (KernelBodies.h). Only plain pointers and sizes cross this
// boundary: each ISA's object keeps its code (and every inline function it instantiated) to itself,
// so code built for AVX-512 can never be picked by the linker for a caller on an older CPU.
#pragma once

#include <cstddef>
#include <cstdint>

extern "C" {

/// C = A * B for row-major C [m, n] (row stride ldc); A [m, k] and B [k, n] are read through
/// element strides, so transposed operands need no copy. Every element of C is the sum over k in
/// increasing order, one rounding per multiplication and one per addition, starting from +0.0:
/// the same bits on every instruction set, whatever the blocking or the number of threads.
typedef void (*embedlab_gemm_fn)(std::ptrdiff_t m, std::ptrdiff_t n, std::ptrdiff_t k, const float *a,
                                 std::ptrdiff_t aRowStride, std::ptrdiff_t aColStride, const float *b,
                                 std::ptrdiff_t bRowStride, std::ptrdiff_t bColStride, float *c,
                                 std::ptrdiff_t ldc);

/// c[i * ldc + j] = the dot product of row i of X [m, k] (row stride ldx) and row j of W [n, k] (row
/// stride ldw), for j < n: y = x W^T for a few x, as lm_head(h) computes it. Each element is summed
/// as embedlab_gemm_fn sums it (in increasing k from +0.0, one rounding per operation), so the
/// same bits as the gemm of x and W^T; W is read once for all m rows, its rows a vector's width at a
/// time.
typedef void (*embedlab_rowdots_fn)(std::ptrdiff_t m, std::ptrdiff_t n, std::ptrdiff_t k, const float *x,
                                    std::ptrdiff_t ldx, const float *w, std::ptrdiff_t ldw, float *c,
                                    std::ptrdiff_t ldc);

/// embedlab_rowdots_fn with W stored as bfloat16 words (a weight file's, read in place): each word is
/// widened to float32 exactly (its upper half) as it is loaded, and the sums are rowDots', so the
/// same bits as rowDots over W's float32 copy.
typedef void (*embedlab_rowdots_bf16_fn)(std::ptrdiff_t m, std::ptrdiff_t n, std::ptrdiff_t k, const float *x,
                                         std::ptrdiff_t ldx, const std::uint16_t *w, std::ptrdiff_t ldw,
                                         float *c, std::ptrdiff_t ldc);

/// One generation (the twist) of MT19937's 624-word state, in place: only 32-bit shifts, ands and
/// xors, so the same words on every instruction set. The cost of skipping draws (Generator::discard).
typedef void (*embedlab_twist_fn)(std::uint32_t *state);

/// Sums of (x - shift) and (x - shift)^2 in double, min and max of x[0, n), in 16 fixed lanes
/// (lane j takes the elements i with i % 16 == j, the tail goes to lane 0); the lanes are then
/// added in order 0..15. NaN never wins a min or max; lo and hi start at x[0].
typedef void (*embedlab_moments_fn)(const float *x, std::ptrdiff_t n, double shift, double *sum, double *sq,
                                    float *lo, float *hi);

/// min and max of x[0, n) in 16 fixed lanes as above (starting from +inf and -inf); *nan is set
/// when an element is NaN.
typedef void (*embedlab_extremes_fn)(const float *x, std::ptrdiff_t n, float *lo, float *hi, int *nan);

/// histc's bin of each x[0, n): trunc((x - left) * bins / (right - left)) in float, bins - 1 for
/// x == right, `bins` (an extra slot) for values outside [left, right] and NaN.
typedef void (*embedlab_bins_fn)(const float *x, std::ptrdiff_t n, float left, float right, int bins,
                                 int *pos);

/// self[i] = fma(other[i], alpha, self[i]) for i in [0, n): ATen's add_(other, alpha=alpha) on CPU
/// float tensors. A fused multiply-add is rounded once, so every instruction set gives the same bits
/// (one instruction with FMA, the C library's fmaf on the baseline).
typedef void (*embedlab_add_scaled_fn)(float *self, const float *other, float alpha, std::ptrdiff_t n);

/// out[i * dim, (i + 1) * dim) = w[ids[i] * dim, (ids[i] + 1) * dim) for i in [begin, end): the rows
/// of an embedding lookup, bits copied unchanged. With `stream` (x86 only; out 16-byte aligned and
/// dim a multiple of 4) the rows are written with non-temporal stores, for outputs larger than the
/// caches: a plain store first reads its line from memory, and the lines would be evicted unread.
typedef void (*embedlab_gather_rows_fn)(float *out, const float *w, const std::int64_t *ids,
                                        std::ptrdiff_t dim, std::ptrdiff_t begin, std::ptrdiff_t end,
                                        int stream);

struct EmbedlabKernels {
    const char *name;
    embedlab_gemm_fn gemm;
    embedlab_rowdots_fn rowDots;
    embedlab_rowdots_bf16_fn rowDotsBf16;
    embedlab_twist_fn twist;
    embedlab_moments_fn moments;
    embedlab_extremes_fn extremes;
    embedlab_bins_fn bins;
    embedlab_add_scaled_fn addScaled;
    embedlab_gather_rows_fn gatherRows;
};

const struct EmbedlabKernels *embedlab_simd_baseline(void);
#if defined(__x86_64__)
const struct EmbedlabKernels *embedlab_simd_avx2(void);
const struct EmbedlabKernels *embedlab_simd_avx512(void);
#endif
}
