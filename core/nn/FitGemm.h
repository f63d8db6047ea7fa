// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/tensor/Tensor.h"

namespace embedlab::core::fit {

/// A matrix operand read through element strides: element (i, j) is data[i * rowStride + j * colStride],
/// so a transposed operand is the same memory with the strides swapped.
struct Strided {
    const float *data;
    Index rowStride;
    Index colStride;
};

/// C = A B for C [m, n] (row-major, row stride ldc), A [m, k], B [k, n]: every element summed in
/// increasing order of the k terms from +0.0, one fused multiply-add per term - what an unblocked
/// sgemm computes on a CPU with FMA, and what the OpenBLAS that Debian's PyTorch 1.13 calls computes
/// for sums of fewer than 32 terms (it regroups longer ones, so there the two agree to rounding).
/// Each element is computed by one thread in that order, so the bits depend neither on the split over
/// both cores nor on the instruction set (EMBEDLAB_ISA=baseline runs a plain loop with std::fma).
void gemmFma(Index m, Index n, Index k, Strided a, Strided b, float *c, Index ldc);

} // namespace embedlab::core::fit
