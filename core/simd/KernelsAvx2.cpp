// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// The kernels for avx2 (flags and symbol isolation: cmake/EmbedLabSimd.cmake).
#define EMBEDLAB_SIMD_BYTES 32
#define EMBEDLAB_GEMM_MR 6
#define EMBEDLAB_GEMM_NV 2
#include "core/simd/KernelBodies.h"

extern "C" const struct EmbedlabKernels *embedlab_simd_avx2(void)
{
    static const EmbedlabKernels kernels = kernelTable("avx2");
    return &kernels;
}
