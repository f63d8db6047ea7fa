// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// The kernels for baseline (flags and symbol isolation: cmake/EmbedLabSimd.cmake).
#define EMBEDLAB_SIMD_BYTES 16
#define EMBEDLAB_GEMM_MR 4
#define EMBEDLAB_GEMM_NV 2
#include "core/simd/KernelBodies.h"

extern "C" const struct EmbedlabKernels *embedlab_simd_baseline(void)
{
    static const EmbedlabKernels kernels = kernelTable("baseline");
    return &kernels;
}
