// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

namespace embedlab::bench {

class BenchRunner;

/// Issue #28's question, measured on the machine at hand: what does the GEMM's register tile give up
/// by rounding every multiply and every add (the same bits on every instruction set) instead of
/// fusing them (FMA, one rounding, different bits)? Adds tile_avx2_muladd and tile_avx2_fma (the
/// 6 x 16 tile of core/simd/'s AVX2 kernel) and tile_avx512_muladd and tile_avx512_fma (6 x 32) for
/// the instruction sets this CPU has. The panels sit in L1, so the time is the arithmetic's alone.
void addRegisterTileWorkloads(BenchRunner &runner, bool quick);

} // namespace embedlab::bench
