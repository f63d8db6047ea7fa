// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/simd/Isa.h"

#include <cstdio>
#include <cstdlib>

namespace embedlab::core::simd {

std::string isaName(Isa isa)
{
    switch (isa) {
    case Isa::Avx2:
        return "avx2";
    case Isa::Avx512:
        return "avx512";
    case Isa::Baseline:
        break;
    }
    return "baseline";
}

bool supported(Isa isa)
{
#if defined(__x86_64__) && defined(EMBEDLAB_SIMD_DISPATCH)
    // libgcc's checks include the operating system's support (XCR0) for the wider registers.
    static const bool avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    static const bool avx512 = avx2 && __builtin_cpu_supports("avx512f") &&
                               __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512bw") &&
                               __builtin_cpu_supports("avx512dq");
    switch (isa) {
    case Isa::Avx2:
        return avx2;
    case Isa::Avx512:
        return avx512;
    case Isa::Baseline:
        break;
    }
    return true;
#else
    return isa == Isa::Baseline;
#endif
}

std::vector<Isa> supportedIsas()
{
    std::vector<Isa> isas;
    for (Isa isa : {Isa::Baseline, Isa::Avx2, Isa::Avx512}) {
        if (supported(isa))
            isas.push_back(isa);
    }
    return isas;
}

const EmbedlabKernels &kernelsFor(Isa isa)
{
#if defined(__x86_64__) && defined(EMBEDLAB_SIMD_DISPATCH)
    if (isa == Isa::Avx512 && supported(isa))
        return *embedlab_simd_avx512();
    if (isa == Isa::Avx2 && supported(isa))
        return *embedlab_simd_avx2();
#endif
    (void)isa;
    return *embedlab_simd_baseline();
}

namespace {

// The widest set, except on AMD's Zen 4, whose AVX-512 runs on 256-bit units: there the GEMM
// (separate multiplies and adds, two of each per cycle either way) measured 70 GFLOP/s with
// AVX-512 against 81 with AVX2, and the other kernels gained nothing.
Isa preferredIsa()
{
    const Isa widest = supportedIsas().back();
#if defined(__x86_64__) && defined(EMBEDLAB_SIMD_DISPATCH)
    if (widest == Isa::Avx512 && __builtin_cpu_is("amd"))
        return Isa::Avx2;
#endif
    return widest;
}

Isa chooseIsa()
{
    const Isa widest = preferredIsa();
    const char *forced = std::getenv("EMBEDLAB_ISA");
    if (forced == nullptr || *forced == '\0')
        return widest;
    for (Isa isa : {Isa::Baseline, Isa::Avx2, Isa::Avx512}) {
        if (isaName(isa) != forced)
            continue;
        if (supported(isa))
            return isa;
        std::fprintf(stderr, "embedlab: EMBEDLAB_ISA=%s is not supported by this CPU, using %s\n", forced,
                     isaName(widest).c_str());
        return widest;
    }
    std::fprintf(stderr, "embedlab: unknown EMBEDLAB_ISA=%s (baseline, avx2, avx512), using %s\n", forced,
                 isaName(widest).c_str());
    return widest;
}

} // namespace

Isa activeIsa()
{
    static const Isa isa = chooseIsa();
    return isa;
}

const EmbedlabKernels &kernels()
{
    static const EmbedlabKernels &chosen = kernelsFor(activeIsa());
    return chosen;
}

} // namespace embedlab::core::simd
