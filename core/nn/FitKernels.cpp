// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/nn/FitKernels.h"

#include "core/simd/Isa.h"
#include "core/tensor/Parallel.h"

#include <algorithm>
#include <bit>
#include <cfloat>
#include <cmath>
#include <limits>
#include <vector>

#if defined(EMBEDLAB_FIT_AVX2)
#include <immintrin.h>
#endif

namespace embedlab::core::fit {

namespace {

// SLEEF's constants (src/common/misc.h and xexpf/xlogf_u1 in src/libm/sleefsimdsp.c, 3.5.1).
constexpr float kRLn2 = 1.442695040888963407359924681001892137426645954152985934135449406931f;
constexpr float kL2U = 0.693145751953125f;
constexpr float kL2L = 1.428606765330187045e-06f;
constexpr float kExpC0 = static_cast<float>(0.000198527617612853646278381);
constexpr float kExpC1 = static_cast<float>(0.00139304355252534151077271);
constexpr float kExpC2 = static_cast<float>(0.00833336077630519866943359);
constexpr float kExpC3 = static_cast<float>(0.0416664853692054748535156);
constexpr float kExpC4 = static_cast<float>(0.166666671633720397949219);
constexpr float kExpC5 = 0.5f;

// _mm256_cvtps_epi32: round to nearest even; NaN and values out of range give INT32_MIN.
std::int32_t roundToInt(float x)
{
    if (!(x >= -2147483648.0f && x < 2147483648.0f))
        return std::numeric_limits<std::int32_t>::min();
    return static_cast<std::int32_t>(std::nearbyint(x));
}

// vpow2i_vf_vi2: 2^q built in the exponent bits (integer lanes wrap around, hence unsigned).
float pow2i(std::int32_t q)
{
    return std::bit_cast<float>((static_cast<std::uint32_t>(q) + 0x7fu) << 23);
}

// A double-float (SLEEF's vfloat2): x + y with |y| below half an ulp of x.
struct Float2 {
    float x, y;
};

Float2 addTwo(float x, float y) // dfadd2_vf2_vf_vf
{
    const float s = x + y;
    const float v = s - x;
    return {s, (x - (s - v)) + (y - v)};
}

Float2 mulScalar(Float2 x, float y) // dfmul_vf2_vf2_vf, FMA build
{
    const float s = x.x * y;
    return {s, std::fma(x.y, y, std::fma(x.x, y, -s))};
}

Float2 divide(Float2 n, Float2 d) // dfdiv_vf2_vf2_vf2, FMA build
{
    const float t = 1.0f / d.x;
    const float s = n.x * t;
    const float u = std::fma(t, n.x, -s);
    const float v = std::fma(-d.y, t, std::fma(-d.x, t, 1.0f));
    return {s, std::fma(s, v, std::fma(n.y, t, u))};
}

Float2 add(Float2 x, Float2 y) // dfadd_vf2_vf2_vf2
{
    const float s = x.x + y.x;
    return {s, (((x.x - s) + y.x) + x.y) + y.y};
}

Float2 add(Float2 x, float y) // dfadd_vf2_vf2_vf
{
    const float s = x.x + y;
    return {s, ((x.x - s) + y) + x.y};
}

// The gradient's fused multiply-add: Debian's PyTorch is compiled with GCC's default
// -ffp-contract=fast, so `x - exp(y) * sum` in log_softmax's backward is one vfnmadd.
float gradientOf(float logProb, float sum, float grad)
{
    return std::fma(-sleefExp(logProb), sum, grad);
}

// One row of log_softmax: its max and log(sum(exp(x - max))) with vec::map_reduce_all's lanes.
struct RowStats {
    float max;
    float logSum;
};

float rowMax(const float *x, Index n)
{
    float m = -std::numeric_limits<float>::infinity();
    for (Index c = 0; c < n; ++c) {
        if (std::isnan(x[c]))
            return x[c];
        m = x[c] > m ? x[c] : m;
    }
    return m;
}

RowStats plainRowStats(const float *x, Index n)
{
    const float m = rowMax(x, n);
    float sum;
    if (n < 8) {
        // vec_reduce_all's slow path: the lanes added one after another.
        sum = sleefExp(x[0] - m);
        for (Index c = 1; c < n; ++c)
            sum = sum + sleefExp(x[c] - m);
    } else {
        float lanes[8];
        for (int j = 0; j < 8; ++j)
            lanes[j] = sleefExp(x[j] - m);
        Index c = 8;
        for (; c < n - n % 8; c += 8)
            for (int j = 0; j < 8; ++j)
                lanes[j] = lanes[j] + sleefExp(x[c + j] - m);
        for (int j = 0; c + j < n; ++j)
            lanes[j] = lanes[j] + sleefExp(x[c + j] - m);
        // VecReduceAllSIMD<float>: halves, then pairs, then neighbours.
        float a[4];
        for (int j = 0; j < 4; ++j)
            a[j] = lanes[j] + lanes[j + 4];
        sum = (a[0] + a[2]) + (a[1] + a[3]);
    }
    return {m, sleefLog(sum)};
}

void plainGradientRow(float *x, Index n, RowStats st, std::int64_t target, float g)
{
    const float sum = target == -100 ? 0.0f : g;
    for (Index c = 0; c < n; ++c) {
        const float logProb = (x[c] - st.max) - st.logSum;
        x[c] = gradientOf(logProb, sum, c == target ? sum : 0.0f);
    }
}

#if defined(EMBEDLAB_FIT_AVX2)

EMBEDLAB_FIT_AVX2 inline __m256 exp8(__m256 d)
{
    const __m256i q = _mm256_cvtps_epi32(_mm256_mul_ps(d, _mm256_set1_ps(kRLn2)));
    const __m256 qf = _mm256_cvtepi32_ps(q);
    __m256 s = _mm256_fmadd_ps(qf, _mm256_set1_ps(-kL2U), d);
    s = _mm256_fmadd_ps(qf, _mm256_set1_ps(-kL2L), s);
    __m256 u = _mm256_set1_ps(kExpC0);
    u = _mm256_fmadd_ps(u, s, _mm256_set1_ps(kExpC1));
    u = _mm256_fmadd_ps(u, s, _mm256_set1_ps(kExpC2));
    u = _mm256_fmadd_ps(u, s, _mm256_set1_ps(kExpC3));
    u = _mm256_fmadd_ps(u, s, _mm256_set1_ps(kExpC4));
    u = _mm256_fmadd_ps(u, s, _mm256_set1_ps(kExpC5));
    u = _mm256_add_ps(_mm256_set1_ps(1.0f), _mm256_fmadd_ps(_mm256_mul_ps(s, s), u, s));
    const __m256i half = _mm256_srai_epi32(q, 1);
    const __m256i bias = _mm256_set1_epi32(0x7f);
    const __m256 p1 = _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_add_epi32(half, bias), 23));
    const __m256 p2 =
        _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_add_epi32(_mm256_sub_epi32(q, half), bias), 23));
    u = _mm256_mul_ps(_mm256_mul_ps(u, p1), p2);
    u = _mm256_andnot_ps(_mm256_cmp_ps(d, _mm256_set1_ps(-104.0f), _CMP_LT_OQ), u);
    return _mm256_blendv_ps(u, _mm256_set1_ps(std::numeric_limits<float>::infinity()),
                            _mm256_cmp_ps(_mm256_set1_ps(100.0f), d, _CMP_LT_OQ));
}

// The first `n` lanes (n < 8) from x, zeros after: Vectorized<float>::loadu(ptr, count).
EMBEDLAB_FIT_AVX2 inline __m256 loadPartial(const float *x, Index n)
{
    alignas(32) float buffer[8] = {};
    for (Index j = 0; j < n; ++j)
        buffer[j] = x[j];
    return _mm256_load_ps(buffer);
}

EMBEDLAB_FIT_AVX2 inline __m256i tailMask(Index n)
{
    return _mm256_cmpgt_epi32(_mm256_set1_epi32(static_cast<int>(n)),
                              _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
}

EMBEDLAB_FIT_AVX2 RowStats avx2RowStats(const float *x, Index n)
{
    if (n < 8)
        return plainRowStats(x, n);
    // The max first (its order does not matter). A NaN anywhere takes the plain path, which
    // returns that NaN as vec::maximum propagates it.
    __m256 vmax = _mm256_loadu_ps(x);
    __m256 nan = _mm256_cmp_ps(vmax, vmax, _CMP_UNORD_Q);
    Index c = 8;
    for (; c + 8 <= n; c += 8) {
        const __m256 v = _mm256_loadu_ps(x + c);
        vmax = _mm256_max_ps(vmax, v);
        nan = _mm256_or_ps(nan, _mm256_cmp_ps(v, v, _CMP_UNORD_Q));
    }
    alignas(32) float lanes[8];
    _mm256_store_ps(lanes, vmax);
    float m = lanes[0];
    for (int j = 1; j < 8; ++j)
        m = lanes[j] > m ? lanes[j] : m;
    bool anyNan = _mm256_movemask_ps(nan) != 0;
    for (; c < n; ++c) {
        anyNan = anyNan || std::isnan(x[c]);
        m = x[c] > m ? x[c] : m;
    }
    if (anyNan)
        return plainRowStats(x, n);

    const __m256 vm = _mm256_set1_ps(m);
    __m256 acc = exp8(_mm256_sub_ps(_mm256_loadu_ps(x), vm));
    c = 8;
    for (; c < n - n % 8; c += 8)
        acc = _mm256_add_ps(acc, exp8(_mm256_sub_ps(_mm256_loadu_ps(x + c), vm)));
    if (c < n) {
        const __m256 t = exp8(_mm256_sub_ps(loadPartial(x + c, n - c), vm));
        acc = _mm256_blendv_ps(acc, _mm256_add_ps(acc, t), _mm256_castsi256_ps(tailMask(n - c)));
    }
    __m256 v = _mm256_add_ps(acc, _mm256_permute2f128_ps(acc, acc, 0x1));
    v = _mm256_add_ps(v, _mm256_shuffle_ps(v, v, 0x4E));
    v = _mm256_add_ps(v, _mm256_shuffle_ps(v, v, 0xB1));
    return {m, sleefLog(_mm256_cvtss_f32(v))};
}

EMBEDLAB_FIT_AVX2 void avx2GradientRow(float *x, Index n, RowStats st, std::int64_t target, float g)
{
    const float sum = target == -100 ? 0.0f : g;
    const __m256 vmax = _mm256_set1_ps(st.max);
    const __m256 vlog = _mm256_set1_ps(st.logSum);
    const __m256 vsum = _mm256_set1_ps(sum);
    const float picked = target >= 0 && target < n ? x[target] : 0.0f;
    Index c = 0;
    for (; c + 8 <= n; c += 8) {
        const __m256 lp = _mm256_sub_ps(_mm256_sub_ps(_mm256_loadu_ps(x + c), vmax), vlog);
        _mm256_storeu_ps(x + c, _mm256_fnmadd_ps(exp8(lp), vsum, _mm256_setzero_ps()));
    }
    if (c < n) {
        alignas(32) float out[8];
        const __m256 lp = _mm256_sub_ps(_mm256_sub_ps(loadPartial(x + c, n - c), vmax), vlog);
        _mm256_store_ps(out, _mm256_fnmadd_ps(exp8(lp), vsum, _mm256_setzero_ps()));
        for (Index j = 0; j < n - c; ++j)
            x[c + j] = out[j];
    }
    if (target >= 0 && target < n)
        x[target] = gradientOf((picked - st.max) - st.logSum, sum, sum);
}

#endif

} // namespace

bool usesAvx2()
{
#if defined(EMBEDLAB_FIT_AVX2)
    static const bool avx2 = simd::activeIsa() != simd::Isa::Baseline;
    return avx2;
#else
    return false;
#endif
}

float sleefExp(float d)
{
    const std::int32_t q = roundToInt(d * kRLn2);
    const auto qf = static_cast<float>(q);
    float s = std::fma(qf, -kL2U, d);
    s = std::fma(qf, -kL2L, s);
    float u = kExpC0;
    u = std::fma(u, s, kExpC1);
    u = std::fma(u, s, kExpC2);
    u = std::fma(u, s, kExpC3);
    u = std::fma(u, s, kExpC4);
    u = std::fma(u, s, kExpC5);
    u = 1.0f + std::fma(s * s, u, s);
    const std::int32_t half = q >> 1;
    u = (u * pow2i(half)) *
        pow2i(static_cast<std::int32_t>(static_cast<std::uint32_t>(q) - static_cast<std::uint32_t>(half)));
    if (d < -104.0f)
        u = 0.0f;
    if (100.0f < d)
        u = std::numeric_limits<float>::infinity();
    return u;
}

float sleefLog(float d)
{
    const bool tiny = d < FLT_MIN;
    if (tiny)
        d = d * (static_cast<float>(std::int64_t{1} << 32) * static_cast<float>(std::int64_t{1} << 32));
    // vilogb2k_vi2_vf and vldexp3_vf_vf_vi2: exponent bits read and written directly.
    std::int32_t e =
        static_cast<std::int32_t>((std::bit_cast<std::uint32_t>(d * (1.0f / 0.75f)) >> 23) & 0xffu) - 0x7f;
    const float m =
        std::bit_cast<float>(std::bit_cast<std::uint32_t>(d) - (static_cast<std::uint32_t>(e) << 23));
    if (tiny)
        e -= 64;
    Float2 s = mulScalar({0.69314718246459960938f, -1.904654323148236017e-09f}, static_cast<float>(e));
    const Float2 x = divide(addTwo(-1.0f, m), addTwo(1.0f, m));
    const float x2 = x.x * x.x;
    float t = 0.3027294874e+0f;
    t = std::fma(t, x2, 0.3996108174e+0f);
    t = std::fma(t, x2, 0.6666694880e+0f);
    s = add(s, Float2{x.x * 2.0f, x.y * 2.0f});
    s = add(s, (x2 * x.x) * t);
    float r = s.x + s.y;
    if (d == std::numeric_limits<float>::infinity())
        r = std::numeric_limits<float>::infinity();
    if (d < 0.0f || std::isnan(d))
        r = std::numeric_limits<float>::quiet_NaN();
    if (d == 0.0f)
        r = -std::numeric_limits<float>::infinity();
    return r;
}

float crossEntropyInPlace(float *logits, Index rowStride, const std::int64_t *targets, Index rows,
                          Index classes)
{
    Index counted = 0;
    for (Index b = 0; b < rows; ++b)
        counted += targets[b] != -100 ? 1 : 0;
    // nll_loss_backward puts -grad_output / total_weight at each target.
    const float g = -(1.0f / static_cast<float>(counted));
    std::vector<float> picked(static_cast<std::size_t>(rows), 0.0f);
    const bool avx2 = usesAvx2();
    parallel::forTwo(rows, rows * classes * 16, parallel::kMinElements, [&](Index begin, Index end) {
        for (Index b = begin; b < end; ++b) {
            float *x = logits + b * rowStride;
            const std::int64_t t = targets[b];
#if defined(EMBEDLAB_FIT_AVX2)
            const RowStats st = avx2 ? avx2RowStats(x, classes) : plainRowStats(x, classes);
#else
            const RowStats st = plainRowStats(x, classes);
#endif
            if (t != -100)
                picked[static_cast<std::size_t>(b)] = (x[t] - st.max) - st.logSum;
#if defined(EMBEDLAB_FIT_AVX2)
            if (avx2) {
                avx2GradientRow(x, classes, st, t, g);
                continue;
            }
#endif
            plainGradientRow(x, classes, st, t, g);
        }
    });

    // nll_loss_out_frame: -picked summed in 8 cascade levels, then divided by the total weight.
    constexpr int kLevels = 8;
    int ceilLog2 = 0;
    while ((Index{1} << ceilLog2) < rows)
        ++ceilLog2;
    const int levelPower = std::max(4, ceilLog2 / kLevels);
    const Index levelMask = (Index{1} << levelPower) - 1;
    float partial[kLevels] = {};
    for (Index b = 0; b < rows; ++b) {
        if (targets[b] == -100)
            continue;
        partial[0] -= picked[static_cast<std::size_t>(b)];
        for (int j = 0; j + 1 < kLevels; ++j) {
            if ((b & (levelMask << (j * levelPower))) != 0)
                break;
            partial[j + 1] += partial[j];
            partial[j] = 0;
        }
    }
    float loss = 0.0f;
    for (float p : partial)
        loss += p;
    return loss / static_cast<float>(counted);
}

} // namespace embedlab::core::fit
