// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/simd/Kernels.h"

#include <string>
#include <vector>

namespace embedlab::core::simd {

/// The instruction sets the kernels are built for. Baseline is what the whole program is compiled
/// for (x86-64-v2 by default: SSE4.2), so it runs on every supported CPU.
enum class Isa { Baseline, Avx2, Avx512 };

/// "baseline", "avx2", "avx512".
std::string isaName(Isa isa);

/// Whether this CPU (and its operating system) can run the kernels built for `isa`.
bool supported(Isa isa);

/// Every instruction set that is supported here, Baseline first.
std::vector<Isa> supportedIsas();

/// The kernels for `isa`; `isa` must be supported.
const EmbedlabKernels &kernelsFor(Isa isa);

/// The instruction set chosen once, at the first call: the fastest supported one (the widest, but
/// AVX2 on AMD CPUs), or the one named by the environment variable EMBEDLAB_ISA (baseline, avx2,
/// avx512) when this CPU supports it. An unknown or unsupported name falls back to the default,
/// with a note on stderr.
Isa activeIsa();

/// The kernels of activeIsa().
const EmbedlabKernels &kernels();

} // namespace embedlab::core::simd
