// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// The kernels for avx512 (flags and symbol isolation: cmake/EmbedLabSimd.cmake).
#define EMBEDLAB_SIMD_BYTES 64
#define EMBEDLAB_GEMM_MR 4
#define EMBEDLAB_GEMM_NV 4
#include "core/simd/KernelBodies.h"

extern "C" const struct EmbedlabKernels *embedlab_simd_avx512(void)
{
    static const EmbedlabKernels kernels = kernelTable("avx512");
    return &kernels;
}
