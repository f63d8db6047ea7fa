// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "RegisterTile.h"

#include "BenchRunner.h"
#include "core/simd/Isa.h"

#include <array>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace embedlab::bench {

#if defined(__x86_64__)

namespace {

constexpr int kRows = 6;    // rows of the tile: broadcasts of A, as in core/simd/'s AVX2 kernel
constexpr int kDepth = 256; // depths per pass: A's panel is 6 KB and B's 16 or 32 KB, all in L1
constexpr int kMaxColumns = 32;

struct Panels {
    alignas(64) float a[kDepth * kRows];
    alignas(64) float b[kDepth * kMaxColumns];
    Panels()
    {
        // Small values: the sums of many passes stay normal and finite.
        for (int i = 0; i < kDepth * kRows; ++i)
            a[i] = 1e-3f * static_cast<float>(i % 97);
        for (int i = 0; i < kDepth * kMaxColumns; ++i)
            b[i] = 1e-4f * static_cast<float>(i % 89);
    }
};

// One depth of one row of the tile: c += a * b for both of its vectors, with two roundings or one.
template <bool Fused>
__attribute__((target("avx2,fma"))) inline void step(__m256 &c0, __m256 &c1, __m256 a, __m256 b0, __m256 b1)
{
    if constexpr (Fused) {
        c0 = _mm256_fmadd_ps(a, b0, c0);
        c1 = _mm256_fmadd_ps(a, b1, c1);
    } else {
        c0 = _mm256_add_ps(c0, _mm256_mul_ps(a, b0));
        c1 = _mm256_add_ps(c1, _mm256_mul_ps(a, b1));
    }
}

template <bool Fused>
__attribute__((target("avx512f"))) inline void step(__m512 &c0, __m512 &c1, __m512 a, __m512 b0, __m512 b1)
{
    if constexpr (Fused) {
        c0 = _mm512_fmadd_ps(a, b0, c0);
        c1 = _mm512_fmadd_ps(a, b1, c1);
    } else {
        c0 = _mm512_add_ps(c0, _mm512_mul_ps(a, b0));
        c1 = _mm512_add_ps(c1, _mm512_mul_ps(a, b1));
    }
}

// out[r * 16 + j] = the tile's element (r, j) after `passes` passes over the panels. The twelve
// accumulators are named: GCC keeps an array of them in memory and stores each at every depth.
template <bool Fused>
__attribute__((target("avx2,fma"))) void tileAvx2(const Panels &p, long passes, float *out)
{
    __m256 c00{}, c01{}, c10{}, c11{}, c20{}, c21{}, c30{}, c31{}, c40{}, c41{}, c50{}, c51{};
    for (long pass = 0; pass < passes; ++pass) {
        const float *a = p.a, *b = p.b;
        for (int k = 0; k < kDepth; ++k, a += kRows, b += 16) {
            const __m256 b0 = _mm256_load_ps(b), b1 = _mm256_load_ps(b + 8);
            step<Fused>(c00, c01, _mm256_set1_ps(a[0]), b0, b1);
            step<Fused>(c10, c11, _mm256_set1_ps(a[1]), b0, b1);
            step<Fused>(c20, c21, _mm256_set1_ps(a[2]), b0, b1);
            step<Fused>(c30, c31, _mm256_set1_ps(a[3]), b0, b1);
            step<Fused>(c40, c41, _mm256_set1_ps(a[4]), b0, b1);
            step<Fused>(c50, c51, _mm256_set1_ps(a[5]), b0, b1);
        }
    }
    const __m256 all[] = {c00, c01, c10, c11, c20, c21, c30, c31, c40, c41, c50, c51};
    for (int v = 0; v < 12; ++v)
        _mm256_storeu_ps(out + v * 8, all[v]);
}

// The same with AVX-512: a 6 x 32 tile, out[r * 32 + j].
template <bool Fused>
__attribute__((target("avx512f"))) void tileAvx512(const Panels &p, long passes, float *out)
{
    __m512 c00{}, c01{}, c10{}, c11{}, c20{}, c21{}, c30{}, c31{}, c40{}, c41{}, c50{}, c51{};
    for (long pass = 0; pass < passes; ++pass) {
        const float *a = p.a, *b = p.b;
        for (int k = 0; k < kDepth; ++k, a += kRows, b += 32) {
            const __m512 b0 = _mm512_load_ps(b), b1 = _mm512_load_ps(b + 16);
            step<Fused>(c00, c01, _mm512_set1_ps(a[0]), b0, b1);
            step<Fused>(c10, c11, _mm512_set1_ps(a[1]), b0, b1);
            step<Fused>(c20, c21, _mm512_set1_ps(a[2]), b0, b1);
            step<Fused>(c30, c31, _mm512_set1_ps(a[3]), b0, b1);
            step<Fused>(c40, c41, _mm512_set1_ps(a[4]), b0, b1);
            step<Fused>(c50, c51, _mm512_set1_ps(a[5]), b0, b1);
        }
    }
    const __m512 all[] = {c00, c01, c10, c11, c20, c21, c30, c31, c40, c41, c50, c51};
    for (int v = 0; v < 12; ++v)
        _mm512_storeu_ps(out + v * 16, all[v]);
}

using TileFn = void (*)(const Panels &, long, float *);

void addTile(BenchRunner &runner, const std::string &isa, int columns, bool fused, TileFn tile, long passes)
{
    auto panels = std::make_shared<Panels>();
    auto out = std::make_shared<std::array<float, kRows * kMaxColumns>>();
    const double gflop = 2.0 * kRows * columns * kDepth * static_cast<double>(passes) * 1e-9;
    char flop[32];
    std::snprintf(flop, sizeof flop, "%.3f", gflop);
    runner.add({"tile_" + isa + (fused ? "_fma" : "_muladd"),
                std::to_string(kRows) + " x " + std::to_string(columns) + " register tile, " +
                    (fused ? "fused multiply-adds" : "separate multiplies and adds") + ", " + flop +
                    " GFLOP from L1",
                [=] { tile(*panels, passes, out->data()); },
                [=]() -> std::string {
                    // The corners of the tile, summed one depth at a time in plain C++.
                    for (const int r : {0, kRows - 1}) {
                        for (const int j : {0, columns - 1}) {
                            float acc = 0.0f;
                            for (long pass = 0; pass < passes; ++pass)
                                for (int k = 0; k < kDepth; ++k) {
                                    const float a = panels->a[k * kRows + r], b = panels->b[k * columns + j];
                                    if (fused) {
                                        acc = std::fma(a, b, acc);
                                    } else {
                                        const float product = a * b;
                                        acc = acc + product;
                                    }
                                }
                            const float got = (*out)[static_cast<std::size_t>(r * columns + j)];
                            if (std::memcmp(&acc, &got, sizeof acc) != 0)
                                return "element (" + std::to_string(r) + ", " + std::to_string(j) + ") is " +
                                       std::to_string(got) + ", the plain sum " + std::to_string(acc);
                        }
                    }
                    return {};
                }});
}

} // namespace

void addRegisterTileWorkloads(BenchRunner &runner, bool quick)
{
    // About 2.5 GFLOP a run (25 ms at 100 GFLOP/s).
    const long passes = quick ? 200 : 50000;
    if (core::simd::supported(core::simd::Isa::Avx2)) {
        addTile(runner, "avx2", 16, false, tileAvx2<false>, passes);
        addTile(runner, "avx2", 16, true, tileAvx2<true>, passes);
    }
    if (core::simd::supported(core::simd::Isa::Avx512)) {
        addTile(runner, "avx512", 32, false, tileAvx512<false>, passes / 2);
        addTile(runner, "avx512", 32, true, tileAvx512<true>, passes / 2);
    }
}

#else

void addRegisterTileWorkloads(BenchRunner &, bool) {}

#endif

} // namespace embedlab::bench
