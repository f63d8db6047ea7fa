// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/tensor/Tensor.h"

#include <cstdint>

/// The arithmetic of one step of `logits = head(emb(x).mean(dim=1)); F.cross_entropy(logits, y)`
/// as PyTorch 1.13's CPU kernels do it (AVX2 build, the one Debian's python3-torch runs on a PC
/// with AVX2): SLEEF's exp and log, the lane order of its vectorised sums, the cascade sums of
/// torch.sum, and the fused multiply-add its compiler made of log_softmax's backward. Each
/// function has an AVX2 body and a plain one that gives the same bits (EMBEDLAB_ISA=baseline).
// The AVX2 bodies are functions compiled for AVX2 and FMA inside baseline (x86-64-v2) objects, run
// only when usesAvx2(). Besides intrinsics they call baseline functions only, and the inline ones
// they use are built with the baseline's flags: the linker cannot hand AVX2 code to a baseline caller.
#if defined(__x86_64__)
#define EMBEDLAB_FIT_AVX2 __attribute__((target("avx2,fma")))
#endif

namespace embedlab::core::fit {

/// SLEEF 3.5's expf (Sleef_expf8_u10), one lane: what torch.exp and softmax compute per element.
float sleefExp(float x);
/// SLEEF 3.5's logf (Sleef_logf8_u10), one lane: what log_softmax takes of the sum of exps.
float sleefLog(float x);

/// torch.sum(x, dim=0) of a [rows, cols] block whose row r starts at rowAt(r), written to out[cols],
/// in the order of ATen's SumKernel.cpp (vectorized_outer_sum, or scalar_outer_sum below 8 columns):
/// the columns of whole groups of 32 (of 4 below 8 columns) are summed down the rows with its
/// cascade (multi_row_sum), the others with row_sum, which first sums 4 interleaved sequences.
template <typename RowAt> void outerSum(Index rows, Index cols, RowAt rowAt, float *out);

/// F.cross_entropy(logits, targets) (mean over the rows) and its gradient: `logits` [rows, classes]
/// (row r at logits + r * rowStride) is overwritten with d loss / d logits, as log_softmax and nll_loss
/// compute them forward and backward. Targets are row indices in [0, classes) (or -100, ignored). Rows are
/// split over both cores; the loss is summed after, in row order, so the split changes no bit.
float crossEntropyInPlace(float *logits, Index rowStride, const std::int64_t *targets, Index rows,
                          Index classes);

/// Whether the AVX2 bodies run (the active instruction set is AVX2 or AVX-512).
bool usesAvx2();

// ---------------------------------------------------------------------------------------------

namespace detail {

// multi_row_sum<acc_t, nrows>: `lanes` interleaved sums (lane q of step i reads value(i, q)) over
// `steps` steps, each carried up through 4 cascade levels every 2^level_power steps (level_power =
// max(4, ceil(log2(steps)) / 4)), the levels added at the end. `width` columns side by side.
template <int Lanes, typename Value>
void multiRowSum(Index steps, Index width, Value value, float (&result)[Lanes][64])
{
    constexpr int kLevels = 4;
    int ceilLog2 = 0;
    while ((Index{1} << ceilLog2) < steps)
        ++ceilLog2;
    const int levelPower = ceilLog2 / kLevels > 4 ? ceilLog2 / kLevels : 4;
    const Index levelStep = Index{1} << levelPower;
    const Index levelMask = levelStep - 1;
    float acc[kLevels][Lanes][64] = {};
    Index i = 0;
    while (i + levelStep <= steps) {
        for (Index j = 0; j < levelStep; ++j, ++i)
            for (int q = 0; q < Lanes; ++q) {
                const float *x = value(i, q);
                for (Index k = 0; k < width; ++k)
                    acc[0][q][k] = acc[0][q][k] + x[k];
            }
        for (int j = 1; j < kLevels; ++j) {
            for (int q = 0; q < Lanes; ++q)
                for (Index k = 0; k < width; ++k) {
                    acc[j][q][k] = acc[j][q][k] + acc[j - 1][q][k];
                    acc[j - 1][q][k] = 0.0f;
                }
            if ((i & (levelMask << (j * levelPower))) != 0)
                break;
        }
    }
    for (; i < steps; ++i)
        for (int q = 0; q < Lanes; ++q) {
            const float *x = value(i, q);
            for (Index k = 0; k < width; ++k)
                acc[0][q][k] = acc[0][q][k] + x[k];
        }
    for (int j = 1; j < kLevels; ++j)
        for (int q = 0; q < Lanes; ++q)
            for (Index k = 0; k < width; ++k)
                acc[0][q][k] = acc[0][q][k] + acc[j][q][k];
    for (int q = 0; q < Lanes; ++q)
        for (Index k = 0; k < width; ++k)
            result[q][k] = acc[0][q][k];
}

} // namespace detail

template <typename RowAt> void outerSum(Index rows, Index cols, RowAt rowAt, float *out)
{
    // Which columns the cascade sums: whole groups of 32 (vectorized_outer_sum's 4 vectors), or
    // of 4 when there are fewer than 8 columns (scalar_outer_sum).
    const Index cascadeEnd = cols >= 8 ? cols / 32 * 32 : cols / 4 * 4;
    for (Index c0 = 0; c0 < cols;) {
        const Index limit = c0 < cascadeEnd ? cascadeEnd : cols;
        const Index end = limit - c0 < 64 ? limit : c0 + 64;
        const Index width = end - c0;
        float sums[1][64];
        if (c0 < cascadeEnd) {
            detail::multiRowSum<1>(
                rows, width, [&](Index i, int) { return rowAt(i) + c0; }, sums);
        } else {
            // row_sum: the rows as a (-1, 4) array, its 4 columns summed side by side, the rows left
            // over added to the first, then the four added in order.
            const Index steps = rows / 4;
            float partial[4][64];
            detail::multiRowSum<4>(
                steps, width, [&](Index i, int q) { return rowAt(4 * i + q) + c0; }, partial);
            for (Index i = steps * 4; i < rows; ++i) {
                const float *x = rowAt(i) + c0;
                for (Index k = 0; k < width; ++k)
                    partial[0][k] = partial[0][k] + x[k];
            }
            for (int q = 1; q < 4; ++q)
                for (Index k = 0; k < width; ++k)
                    partial[0][k] = partial[0][k] + partial[q][k];
            for (Index k = 0; k < width; ++k)
                sums[0][k] = partial[0][k];
        }
        // The output starts at zero and takes the sum (which turns -0.0 into +0.0).
        for (Index k = 0; k < width; ++k)
            out[c0 + k] = 0.0f + sums[0][k];
        c0 = end;
    }
}

} // namespace embedlab::core::fit
