// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/init/Init.h"

#include "core/simd/Isa.h"
#include "core/tensor/Error.h"

#include <Eigen/QR>

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cmath>
#include <limits>
#include <numbers>
#include <sstream>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define EMBEDLAB_HAVE_X86 1
#endif

namespace embedlab::core::init {

namespace {

std::atomic<NormalKernel> g_normalKernel{NormalKernel::Avx2};
std::atomic<bool> g_hardwareSimd{true};

// Random draws are taken a chunk at a time so the hot loops run over a cache-resident buffer.
constexpr std::size_t kChunk = 4096; // a multiple of 16, the Box-Muller block
constexpr std::uint32_t kMask24 = (1U << 24) - 1;
constexpr float kInv2Pow24 = 1.0f / 16777216.0f;
constexpr std::uint64_t kMask53 = (std::uint64_t{1} << 53) - 1;
constexpr double kInv2Pow53 = 1.0 / 9007199254740992.0;
// normal_fill_AVX2's _mm256_set1_ps(2.0f * c10::pi<double>): computed in double, rounded once.
constexpr float kTwoPiF = static_cast<float>(2.0 * std::numbers::pi);

/// C++ ostream formatting of a double, as TORCH_CHECK prints numbers ("-1", "3e+38", "nan").
std::string num(double v)
{
    std::ostringstream os;
    os << v;
    return os.str();
}

[[noreturn]] void fail(Error::Kind kind, const std::string &message)
{
    throw Error(kind, message);
}

// ---------------------------------------------------------------------------------------------------
// at::uniform_real_distribution<float>: 24 random bits scaled to [0, 1), then x * (to - from) + from,
// which GCC contracts into one fused multiply-add in PyTorch's AVX2 kernel build.
inline float unitFloat(std::uint32_t r)
{
    return static_cast<float>(r & kMask24) * kInv2Pow24;
}

// ---------------------------------------------------------------------------------------------------
// avx_mathfun.h's log256_ps and sincos256_ps, one lane at a time, with exactly the multiply-adds that
// GCC fused when it compiled PyTorch (it fuses a product into the add or subtract that consumes it,
// taking the earlier product when both operands are products). Verified bit for bit against torch.
namespace cephes {
constexpr float kSqrtHalf = 0.707106781186547524f;
constexpr std::array<float, 9> kLogP{7.0376836292E-2f,  -1.1514610310E-1f, 1.1676998740E-1f,
                                     -1.2420140846E-1f, 1.4249322787E-1f,  -1.6668057665E-1f,
                                     2.0000714765E-1f,  -2.4999993993E-1f, 3.3333331174E-1f};
constexpr float kLogQ1 = -2.12194440e-4f;
constexpr float kLogQ2 = 0.693359375f;
constexpr float kMinusDP1 = -0.78515625f;
constexpr float kMinusDP2 = -2.4187564849853515625e-4f;
constexpr float kMinusDP3 = -3.77489497744594108e-8f;
constexpr float kSinP0 = -1.9515295891E-4f;
constexpr float kSinP1 = 8.3321608736E-3f;
constexpr float kSinP2 = -1.6666654611E-1f;
constexpr float kCosP0 = 2.443315711809948E-005f;
constexpr float kCosP1 = -1.388731625493765E-003f;
constexpr float kCosP2 = 4.166664568298827E-002f;
constexpr float kFourOverPi = 1.27323954473516f;
} // namespace cephes

inline float fromBits(std::uint32_t u)
{
    return std::bit_cast<float>(u);
}
inline std::uint32_t toBits(float f)
{
    return std::bit_cast<std::uint32_t>(f);
}

float emulatedLog(float x)
{
    using namespace cephes;
    const bool invalid = x <= 0.0f;
    const float minNorm = fromBits(0x00800000U);
    x = (x > minNorm) ? x : minNorm; // _mm256_max_ps(x, min_norm_pos)
    auto imm0 = static_cast<std::int32_t>(toBits(x) >> 23);
    x = fromBits((toBits(x) & ~0x7f800000U) | toBits(0.5f));
    imm0 -= 0x7f;
    float e = static_cast<float>(imm0) + 1.0f;
    const bool below = x < kSqrtHalf;
    const float tmp = below ? x : 0.0f;
    x = x - 1.0f;
    e = e - (below ? 1.0f : 0.0f);
    x = x + tmp;
    const float z = x * x;
    float y = kLogP[0];
    for (std::size_t i = 1; i < kLogP.size(); ++i)
        y = std::fma(y, x, kLogP[i]);
    y = y * x;
    y = std::fma(y, z, e * kLogQ1);
    y = std::fma(-z, 0.5f, y);
    x = std::fma(e, kLogQ2, x + y);
    return invalid ? fromBits(0xffffffffU) : x;
}

void emulatedSinCos(float x, float &sinOut, float &cosOut)
{
    using namespace cephes;
    std::uint32_t signSin = toBits(x) & 0x80000000U;
    x = fromBits(toBits(x) & 0x7fffffffU);
    float y = x * kFourOverPi;
    // _mm256_cvttps_epi32 gives INT_MIN for out-of-range lanes; theta here is always in [0, 2*pi).
    std::int32_t j =
        (y < 2147483648.0f) ? static_cast<std::int32_t>(y) : std::numeric_limits<std::int32_t>::min();
    j = static_cast<std::int32_t>((static_cast<std::uint32_t>(j) + 1U) & ~1U);
    y = static_cast<float>(j);
    const std::uint32_t swapSignSin = (static_cast<std::uint32_t>(j) & 4U) << 29;
    const bool polyMask = (j & 2) == 0;
    x = std::fma(y, kMinusDP1, x);
    x = std::fma(y, kMinusDP2, x);
    x = std::fma(y, kMinusDP3, x);
    const std::uint32_t j4 = static_cast<std::uint32_t>(j) - 2U;
    const std::uint32_t signCos = ((~j4) & 4U) << 29;
    signSin ^= swapSignSin;

    const float z = x * x;
    float yc = std::fma(kCosP0, z, kCosP1);
    yc = std::fma(yc, z, kCosP2);
    yc = yc * z;
    yc = std::fma(yc, z, -(z * 0.5f));
    yc = yc + 1.0f;

    float ys = std::fma(kSinP0, z, kSinP1);
    ys = std::fma(ys, z, kSinP2);
    ys = ys * z;
    ys = std::fma(ys, x, x);

    const float ysin2 = polyMask ? ys : 0.0f;
    const float ysin1 = polyMask ? 0.0f : yc;
    ys = ys - ysin2;
    yc = yc - ysin1;
    sinOut = fromBits(toBits(ysin1 + ysin2) ^ signSin);
    cosOut = fromBits(toBits(yc + ys) ^ signCos);
}

/// normal_fill_16_AVX2 on 16 raw 32-bit draws, lane by lane (the fallback on CPUs without AVX2/FMA).
void normalBlocksEmulated(const std::uint32_t *r, float *out, std::size_t blocks, float mean, float std)
{
    for (std::size_t b = 0; b < blocks; ++b, r += 16, out += 16) {
        for (int j = 0; j < 8; ++j) {
            const float u1 = 1.0f - unitFloat(r[j]);
            const float u2 = unitFloat(r[j + 8]);
            const float radius = std::sqrt(-2.0f * emulatedLog(u1));
            float s = 0.0f;
            float c = 0.0f;
            emulatedSinCos(kTwoPiF * u2, s, c);
            out[j] = std::fma(radius * c, std, mean);
            out[j + 8] = std::fma(radius * s, std, mean);
        }
    }
}

/// normal_fill_16 from DistributionTemplates.h (PyTorch's kernel on CPUs without AVX2): libm's
/// logf/cosf/sinf, theta computed in double and rounded, no fused operations in that build.
void normalBlocksScalar(const std::uint32_t *r, float *out, std::size_t blocks, float mean, float std)
{
    for (std::size_t b = 0; b < blocks; ++b, r += 16, out += 16) {
        for (int j = 0; j < 8; ++j) {
            const float u1 = 1.0f - unitFloat(r[j]);
            const float u2 = unitFloat(r[j + 8]);
            const float radius = std::sqrt(-2.0f * std::log(u1));
            const auto theta = static_cast<float>(2.0f * std::numbers::pi * static_cast<double>(u2));
            out[j] = radius * std::cos(theta) * std + mean;
            out[j + 8] = radius * std::sin(theta) * std + mean;
        }
    }
}

void uniformEmulated(const std::uint32_t *r, float *out, std::size_t n, float from, float range)
{
    for (std::size_t i = 0; i < n; ++i)
        out[i] = std::fma(unitFloat(r[i]), range, from);
}

bool cpuHasAvx2Fma()
{
#ifdef EMBEDLAB_HAVE_X86
    // The instruction set chosen for every kernel (EMBEDLAB_ISA=baseline forces the emulation).
    static const bool has = simd::activeIsa() != simd::Isa::Baseline;
    return has && g_hardwareSimd.load();
#else
    return false;
#endif
}

#ifdef EMBEDLAB_HAVE_X86

__attribute__((target("avx2,fma"))) inline __m256 log256(__m256 x)
{
    using namespace cephes;
    const __m256 one = _mm256_set1_ps(1.0f);
    const __m256 invalid = _mm256_cmp_ps(x, _mm256_setzero_ps(), _CMP_LE_OS);
    x = _mm256_max_ps(x, _mm256_castsi256_ps(_mm256_set1_epi32(0x00800000)));
    __m256i imm0 = _mm256_srli_epi32(_mm256_castps_si256(x), 23);
    x = _mm256_and_ps(x, _mm256_castsi256_ps(_mm256_set1_epi32(~0x7f800000)));
    x = _mm256_or_ps(x, _mm256_set1_ps(0.5f));
    imm0 = _mm256_sub_epi32(imm0, _mm256_set1_epi32(0x7f));
    __m256 e = _mm256_add_ps(_mm256_cvtepi32_ps(imm0), one);
    const __m256 mask = _mm256_cmp_ps(x, _mm256_set1_ps(kSqrtHalf), _CMP_LT_OS);
    const __m256 tmp = _mm256_and_ps(x, mask);
    x = _mm256_sub_ps(x, one);
    e = _mm256_sub_ps(e, _mm256_and_ps(one, mask));
    x = _mm256_add_ps(x, tmp);
    const __m256 z = _mm256_mul_ps(x, x);
    __m256 y = _mm256_set1_ps(kLogP[0]);
    for (std::size_t i = 1; i < kLogP.size(); ++i)
        y = _mm256_fmadd_ps(y, x, _mm256_set1_ps(kLogP[i]));
    y = _mm256_mul_ps(y, x);
    y = _mm256_fmadd_ps(y, z, _mm256_mul_ps(e, _mm256_set1_ps(kLogQ1)));
    y = _mm256_fnmadd_ps(z, _mm256_set1_ps(0.5f), y);
    x = _mm256_fmadd_ps(e, _mm256_set1_ps(kLogQ2), _mm256_add_ps(x, y));
    return _mm256_or_ps(x, invalid);
}

__attribute__((target("avx2,fma"))) inline void sincos256(__m256 x, __m256 &sinOut, __m256 &cosOut)
{
    using namespace cephes;
    const __m256 signMask = _mm256_castsi256_ps(_mm256_set1_epi32(static_cast<int>(0x80000000U)));
    __m256 signSin = _mm256_and_ps(x, signMask);
    x = _mm256_andnot_ps(signMask, x);
    __m256 y = _mm256_mul_ps(x, _mm256_set1_ps(kFourOverPi));
    __m256i j = _mm256_cvttps_epi32(y);
    j = _mm256_add_epi32(j, _mm256_set1_epi32(1));
    j = _mm256_and_si256(j, _mm256_set1_epi32(~1));
    y = _mm256_cvtepi32_ps(j);
    const __m256i four = _mm256_set1_epi32(4);
    const __m256i two = _mm256_set1_epi32(2);
    const __m256 swapSignSin = _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_and_si256(j, four), 29));
    const __m256 polyMask =
        _mm256_castsi256_ps(_mm256_cmpeq_epi32(_mm256_and_si256(j, two), _mm256_setzero_si256()));
    x = _mm256_fmadd_ps(y, _mm256_set1_ps(kMinusDP1), x);
    x = _mm256_fmadd_ps(y, _mm256_set1_ps(kMinusDP2), x);
    x = _mm256_fmadd_ps(y, _mm256_set1_ps(kMinusDP3), x);
    const __m256i j4 = _mm256_sub_epi32(j, two);
    const __m256 signCos = _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_andnot_si256(j4, four), 29));
    signSin = _mm256_xor_ps(signSin, swapSignSin);

    const __m256 z = _mm256_mul_ps(x, x);
    __m256 yc = _mm256_fmadd_ps(_mm256_set1_ps(kCosP0), z, _mm256_set1_ps(kCosP1));
    yc = _mm256_fmadd_ps(yc, z, _mm256_set1_ps(kCosP2));
    yc = _mm256_mul_ps(yc, z);
    yc = _mm256_fmsub_ps(yc, z, _mm256_mul_ps(z, _mm256_set1_ps(0.5f)));
    yc = _mm256_add_ps(yc, _mm256_set1_ps(1.0f));

    __m256 ys = _mm256_fmadd_ps(_mm256_set1_ps(kSinP0), z, _mm256_set1_ps(kSinP1));
    ys = _mm256_fmadd_ps(ys, z, _mm256_set1_ps(kSinP2));
    ys = _mm256_mul_ps(ys, z);
    ys = _mm256_fmadd_ps(ys, x, x);

    const __m256 ysin2 = _mm256_and_ps(polyMask, ys);
    const __m256 ysin1 = _mm256_andnot_ps(polyMask, yc);
    ys = _mm256_sub_ps(ys, ysin2);
    yc = _mm256_sub_ps(yc, ysin1);
    sinOut = _mm256_xor_ps(_mm256_add_ps(ysin1, ysin2), signSin);
    cosOut = _mm256_xor_ps(_mm256_add_ps(yc, ys), signCos);
}

__attribute__((target("avx2,fma"))) inline __m256 unitFloat8(const std::uint32_t *r)
{
    const __m256i bits = _mm256_and_si256(_mm256_loadu_si256(reinterpret_cast<const __m256i *>(r)),
                                          _mm256_set1_epi32(static_cast<int>(kMask24)));
    return _mm256_mul_ps(_mm256_cvtepi32_ps(bits), _mm256_set1_ps(kInv2Pow24));
}

__attribute__((target("avx2,fma"))) void normalBlocksAvx2(const std::uint32_t *r, float *out,
                                                          std::size_t blocks, float mean, float std)
{
    const __m256 twoPi = _mm256_set1_ps(kTwoPiF);
    const __m256 one = _mm256_set1_ps(1.0f);
    const __m256 minusTwo = _mm256_set1_ps(-2.0f);
    const __m256 meanV = _mm256_set1_ps(mean);
    const __m256 stdV = _mm256_set1_ps(std);
    for (std::size_t b = 0; b < blocks; ++b, r += 16, out += 16) {
        const __m256 u1 = _mm256_sub_ps(one, unitFloat8(r));
        const __m256 u2 = unitFloat8(r + 8);
        const __m256 radius = _mm256_sqrt_ps(_mm256_mul_ps(minusTwo, log256(u1)));
        const __m256 theta = _mm256_mul_ps(twoPi, u2);
        __m256 sinTheta;
        __m256 cosTheta;
        sincos256(theta, sinTheta, cosTheta);
        _mm256_storeu_ps(out, _mm256_fmadd_ps(_mm256_mul_ps(radius, cosTheta), stdV, meanV));
        _mm256_storeu_ps(out + 8, _mm256_fmadd_ps(_mm256_mul_ps(radius, sinTheta), stdV, meanV));
    }
}

__attribute__((target("avx2,fma"))) void uniformAvx2(const std::uint32_t *r, float *out, std::size_t n,
                                                     float from, float range)
{
    const __m256 fromV = _mm256_set1_ps(from);
    const __m256 rangeV = _mm256_set1_ps(range);
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8)
        _mm256_storeu_ps(out + i, _mm256_fmadd_ps(unitFloat8(r + i), rangeV, fromV));
    uniformEmulated(r + i, out + i, n - i, from, range);
}
#endif

using BlockKernel = void (*)(const std::uint32_t *, float *, std::size_t, float, float);

BlockKernel normalBlockKernel(NormalKernel kernel)
{
    if (kernel == NormalKernel::Scalar)
        return normalBlocksScalar;
#ifdef EMBEDLAB_HAVE_X86
    if (cpuHasAvx2Fma())
        return normalBlocksAvx2;
#endif
    return normalBlocksEmulated;
}

/// at::normal_distribution<double> followed by the cast to float (normal_ on fewer than 16 elements).
float normalDoubleSample(Generator &gen, double mean, double std)
{
    std::optional<double> &cache = gen.nextDoubleNormalSample();
    if (cache) {
        const double ret = *cache;
        cache.reset();
        return static_cast<float>(std::fma(ret, std, mean));
    }
    const double u1 = static_cast<double>(gen.random64() & kMask53) * kInv2Pow53;
    const double u2 = static_cast<double>(gen.random64() & kMask53) * kInv2Pow53;
    const double r = std::sqrt(-2.0 * std::log(1.0 - u2));
    const double theta = 2.0 * std::numbers::pi * u1;
    cache = r * std::sin(theta);
    return static_cast<float>(std::fma(r * std::cos(theta), std, mean));
}

void checkNormalStd(double std)
{
    if (!(std >= 0.0))
        fail(Error::Kind::RuntimeError, "normal expects std >= 0.0, but found std " + num(std));
}

/// uniform_'s argument checks (aten/src/ATen/native/DistributionTemplates.h, uniform_impl_).
void checkUniformRange(double from, double to)
{
    const double lowest = std::numeric_limits<float>::lowest();
    const double max = std::numeric_limits<float>::max();
    if (!(from >= lowest && from <= max))
        fail(Error::Kind::RuntimeError, "from is out of bounds for float");
    if (!(to >= lowest && to <= max))
        fail(Error::Kind::RuntimeError, "to is out of bounds for float");
    if (!(from <= to))
        fail(Error::Kind::RuntimeError, "uniform_ expects to return a [from, to) range, but found from=" +
                                            num(from) + " > to=" + num(to));
    if (!(to - from <= max))
        fail(Error::Kind::RuntimeError,
             "uniform_ expects to-from <= std::numeric_limits<Float>::max(), but found to=" + num(to) +
                 " and from=" + num(from) + " which result in to-from to exceed the limit");
}

void fill(TensorSpan t, float value)
{
    std::fill_n(t.data, t.numel(), value);
}

/// Python's true division, which raises ZeroDivisionError where C++ would give inf or nan.
double pyDivide(double a, double b)
{
    if (b == 0.0)
        fail(Error::Kind::ZeroDivisionError, "float division by zero");
    return a / b;
}

double normCdf(double x)
{
    return (1.0 + std::erf(x / std::sqrt(2.0))) / 2.0;
}

/// calc_erfinv<float> from aten/src/ATen/native/Math.h, with the multiply-adds GCC fused in the
/// AVX2 build of erfinv_.
float erfinvFloat(float y)
{
    constexpr std::array<float, 4> a{0.886226899f, -1.645349621f, 0.914624893f, -0.140543331f};
    constexpr std::array<float, 4> b{-2.118377725f, 1.442710462f, -0.329097515f, 0.012229801f};
    constexpr std::array<float, 4> c{-1.970840454f, -1.624906493f, 3.429567803f, 1.641345311f};
    constexpr std::array<float, 2> d{3.543889200f, 1.637067800f};
    const float yAbs = std::fabs(y);
    if (yAbs > 1.0f)
        return std::numeric_limits<float>::quiet_NaN();
    if (yAbs == 1.0f)
        return std::copysign(std::numeric_limits<float>::infinity(), y);
    float x = 0.0f;
    if (yAbs <= 0.7f) {
        const float z = y * y;
        const float numer = std::fma(std::fma(std::fma(a[3], z, a[2]), z, a[1]), z, a[0]);
        const float denom = std::fma(std::fma(std::fma(std::fma(b[3], z, b[2]), z, b[1]), z, b[0]), z, 1.0f);
        x = y * numer / denom;
    } else {
        const float z = std::sqrt(-std::log((1.0f - yAbs) / 2.0f));
        const float numer = std::fma(std::fma(std::fma(c[3], z, c[2]), z, c[1]), z, c[0]);
        const float denom = std::fma(std::fma(d[1], z, d[0]), z, 1.0f);
        x = std::copysign(numer, y) / denom;
    }
    const float twoOverSqrtPi = 2.0f / static_cast<float>(std::sqrt(std::numbers::pi));
    x = x - (std::erf(x) - y) / (twoOverSqrtPi * std::exp(-x * x));
    x = x - (std::erf(x) - y) / (twoOverSqrtPi * std::exp(-x * x));
    return x;
}

double correctFan(const Shape &shape, const std::string &mode)
{
    std::string lower = mode;
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char ch) {
        return static_cast<char>((ch >= 'A' && ch <= 'Z') ? ch - 'A' + 'a' : ch);
    });
    if (lower != "fan_in" && lower != "fan_out")
        fail(Error::Kind::ValueError,
             "Mode " + lower + " not supported, please use one of ['fan_in', 'fan_out']");
    const Fans fans = calculateFanInAndFanOut(shape);
    return static_cast<double>(lower == "fan_in" ? fans.fanIn : fans.fanOut);
}

bool hasZeroDim(const Shape &shape)
{
    return std::find(shape.begin(), shape.end(), Index{0}) != shape.end();
}

} // namespace

void setNormalKernel(NormalKernel kernel)
{
    g_normalKernel.store(kernel);
}

NormalKernel normalKernel()
{
    return g_normalKernel.load();
}

bool setHardwareSimd(bool enabled)
{
    g_hardwareSimd.store(enabled);
    return cpuHasAvx2Fma();
}

bool hardwareSimd()
{
    return cpuHasAvx2Fma();
}

Fans calculateFanInAndFanOut(const Shape &shape)
{
    if (shape.size() < 2)
        fail(Error::Kind::ValueError,
             "Fan in and fan out can not be computed for tensor with fewer than 2 dimensions");
    Index receptive = 1;
    for (std::size_t i = 2; i < shape.size(); ++i)
        receptive *= shape[i];
    return {shape[1] * receptive, shape[0] * receptive};
}

double calculateGain(const std::string &nonlinearity, std::optional<double> param)
{
    static const std::array<const char *, 8> linear{
        "linear",           "conv1d",           "conv2d",           "conv3d",
        "conv_transpose1d", "conv_transpose2d", "conv_transpose3d", "sigmoid"};
    if (std::find(linear.begin(), linear.end(), nonlinearity) != linear.end())
        return 1.0;
    if (nonlinearity == "tanh")
        return 5.0 / 3;
    if (nonlinearity == "relu")
        return std::sqrt(2.0);
    if (nonlinearity == "leaky_relu") {
        const double negativeSlope = param.value_or(0.01);
        return std::sqrt(2.0 / (1 + std::pow(negativeSlope, 2.0)));
    }
    if (nonlinearity == "selu")
        return 3.0 / 4;
    fail(Error::Kind::ValueError, "Unsupported nonlinearity " + nonlinearity);
}

void uniform_(TensorSpan t, double a, double b, Generator &gen)
{
    checkUniformRange(a, b);
    const auto from = static_cast<float>(a);
    const auto to = static_cast<float>(b);
    const float range = to - from;
    auto *out = t.data;
    std::array<std::uint32_t, kChunk> draws{};
    for (auto left = static_cast<std::size_t>(t.numel()); left > 0;) {
        const std::size_t len = std::min(left, kChunk);
        gen.randomFill(draws.data(), len);
#ifdef EMBEDLAB_HAVE_X86
        if (cpuHasAvx2Fma())
            uniformAvx2(draws.data(), out, len, from, range);
        else
#endif
            uniformEmulated(draws.data(), out, len, from, range);
        out += len;
        left -= len;
    }
}

void normal_(TensorSpan t, double mean, double std, Generator &gen)
{
    checkNormalStd(std);
    const auto n = static_cast<std::size_t>(t.numel());
    if (n < 16) {
        for (std::size_t i = 0; i < n; ++i)
            t.data[i] = normalDoubleSample(gen, mean, std);
        return;
    }
    const BlockKernel kernel = normalBlockKernel(normalKernel());
    const auto meanF = static_cast<float>(mean);
    const auto stdF = static_cast<float>(std);
    std::array<std::uint32_t, kChunk> draws{};
    const std::size_t whole = n / 16 * 16;
    for (std::size_t i = 0; i < whole; i += kChunk) {
        const std::size_t len = std::min(kChunk, whole - i);
        gen.randomFill(draws.data(), len);
        kernel(draws.data(), t.data + i, len / 16, meanF, stdF);
    }
    if (n % 16 != 0) {
        // PyTorch first fills every element with a uniform, then redraws the last 16 and transforms
        // them as one block: the leftover uniforms are consumed from the stream but never kept.
        gen.randomFill(draws.data(), n % 16);
        gen.randomFill(draws.data(), 16);
        kernel(draws.data(), t.data + n - 16, 1, meanF, stdF);
    }
}

void trunc_normal_(TensorSpan t, double mean, double std, double a, double b, Generator &gen)
{
    const double l = normCdf(pyDivide(a - mean, std));
    const double u = normCdf(pyDivide(b - mean, std));
    uniform_(t, 2 * l - 1, 2 * u - 1, gen);
    const auto scale = static_cast<float>(std * std::sqrt(2.0));
    const auto shift = static_cast<float>(mean);
    const auto lo = static_cast<float>(a);
    const auto hi = static_cast<float>(b);
    for (Index i = 0, n = t.numel(); i < n; ++i) {
        float v = erfinvFloat(t.data[i]);
        v = v * scale;
        v = v + shift;
        t.data[i] = std::isnan(v) ? v : std::min(std::max(v, lo), hi);
    }
}

void constant_(TensorSpan t, double val)
{
    fill(t, static_cast<float>(val));
}

void ones_(TensorSpan t)
{
    fill(t, 1.0f);
}

void zeros_(TensorSpan t)
{
    fill(t, 0.0f);
}

void eye_(TensorSpan t)
{
    if (t.dim() != 2)
        fail(Error::Kind::ValueError, "Only tensors with 2 dimensions are supported");
    fill(t, 0.0f);
    const Index rows = t.shape[0];
    const Index cols = t.shape[1];
    for (Index i = 0; i < std::min(rows, cols); ++i)
        t.data[i * cols + i] = 1.0f;
}

void xavier_uniform_(TensorSpan t, double gain, Generator &gen)
{
    const Fans fans = calculateFanInAndFanOut(t.shape);
    const double std = gain * std::sqrt(pyDivide(2.0, static_cast<double>(fans.fanIn + fans.fanOut)));
    const double bound = std::sqrt(3.0) * std;
    uniform_(t, -bound, bound, gen);
}

void xavier_normal_(TensorSpan t, double gain, Generator &gen)
{
    const Fans fans = calculateFanInAndFanOut(t.shape);
    const double std = gain * std::sqrt(pyDivide(2.0, static_cast<double>(fans.fanIn + fans.fanOut)));
    normal_(t, 0.0, std, gen);
}

void kaiming_uniform_(TensorSpan t, double a, const std::string &mode, const std::string &nonlinearity,
                      Generator &gen)
{
    if (hasZeroDim(t.shape))
        return; // PyTorch warns "Initializing zero-element tensors is a no-op" and draws nothing
    const double fan = correctFan(t.shape, mode);
    const double gain = calculateGain(nonlinearity, a);
    const double std = gain / std::sqrt(fan);
    const double bound = std::sqrt(3.0) * std;
    uniform_(t, -bound, bound, gen);
}

void kaiming_normal_(TensorSpan t, double a, const std::string &mode, const std::string &nonlinearity,
                     Generator &gen)
{
    if (hasZeroDim(t.shape))
        return; // PyTorch warns "Initializing zero-element tensors is a no-op" and draws nothing
    const double fan = correctFan(t.shape, mode);
    const double gain = calculateGain(nonlinearity, a);
    const double std = gain / std::sqrt(fan);
    normal_(t, 0.0, std, gen);
}

void orthogonal_(TensorSpan t, double gain, Generator &gen)
{
    if (t.dim() < 2)
        fail(Error::Kind::ValueError, "Only tensors with 2 or more dimensions are supported");
    if (t.numel() == 0)
        return;
    const Index rows = t.shape[0];
    const Index cols = t.numel() / rows;
    Tensor flattened(Shape{rows, cols});
    normal_(flattened.span(), 0.0, 1.0, gen);

    using MatrixD = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic>;
    MatrixD m = flattened.asMatrix().cast<double>();
    const bool wide = rows < cols;
    if (wide)
        m.transposeInPlace();
    const Eigen::HouseholderQR<MatrixD> qr(m);
    MatrixD q = qr.householderQ() * MatrixD::Identity(m.rows(), m.cols());
    for (Index j = 0; j < q.cols(); ++j) {
        const double d = qr.matrixQR()(j, j);
        q.col(j) *= static_cast<double>((d > 0.0) - (d < 0.0)); // torch.sign, 0 for 0
    }
    if (wide)
        q.transposeInPlace();
    const auto g = static_cast<float>(gain);
    Eigen::Map<Matrix> out(t.data, rows, cols);
    out = q.cast<float>();
    out *= g;
}

double Distribution::density(double x) const
{
    constexpr double kInvSqrt2Pi = 0.3989422804014327;
    switch (kind) {
    case Kind::Normal: {
        if (!(std > 0.0))
            return 0.0;
        const double z = (x - mean) / std;
        return kInvSqrt2Pi / std * std::exp(-0.5 * z * z);
    }
    case Kind::Uniform:
        return (high > low && x >= low && x <= high) ? 1.0 / (high - low) : 0.0;
    case Kind::TruncatedNormal: {
        if (!(std > 0.0) || !(high > low) || x < low || x > high)
            return 0.0;
        const double mass = normCdf((high - mean) / std) - normCdf((low - mean) / std);
        if (!(mass > 0.0))
            return 0.0;
        const double z = (x - mean) / std;
        return kInvSqrt2Pi / std * std::exp(-0.5 * z * z) / mass;
    }
    case Kind::Constant:
    case Kind::Other:
        return 0.0;
    }
    return 0.0;
}

} // namespace embedlab::core::init
