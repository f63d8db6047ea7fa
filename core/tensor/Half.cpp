// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/tensor/Half.h"

namespace embedlab::core {

float halfToFloat(std::uint16_t h)
{
    const std::uint32_t sign = static_cast<std::uint32_t>(h & 0x8000) << 16;
    const std::uint32_t exponent = (h >> 10) & 0x1f;
    std::uint32_t mantissa = h & 0x3ff;
    std::uint32_t bits;
    if (exponent == 0x1f) {
        bits = sign | 0x7f800000 | (mantissa << 13);
    } else if (exponent != 0) {
        bits = sign | ((exponent + 112) << 23) | (mantissa << 13);
    } else if (mantissa == 0) {
        bits = sign;
    } else {
        // Subnormal half: normalise into a float.
        std::uint32_t e = 113;
        while ((mantissa & 0x400) == 0) {
            mantissa <<= 1;
            --e;
        }
        bits = sign | (e << 23) | ((mantissa & 0x3ff) << 13);
    }
    return std::bit_cast<float>(bits);
}

namespace {

// halfToFloat() backwards, for a float32 that a binary16 holds exactly.
std::uint16_t floatToHalfExact(float value)
{
    const auto bits = std::bit_cast<std::uint32_t>(value);
    const auto sign = static_cast<std::uint16_t>((bits >> 16) & 0x8000);
    const std::uint32_t exponent = (bits >> 23) & 0xff;
    const std::uint32_t mantissa = bits & 0x7fffff;
    if (exponent == 0xff)
        return static_cast<std::uint16_t>(sign | 0x7c00 | (mantissa >> 13));
    if (exponent >= 113)
        return static_cast<std::uint16_t>(sign | ((exponent - 112) << 10) | (mantissa >> 13));
    if (exponent < 103)
        return sign; // zero: nothing smaller than the least subnormal half is exact
    return static_cast<std::uint16_t>(sign | ((0x800000 | mantissa) >> (126 - exponent)));
}

} // namespace

void narrowExact(const float *in, HalfType type, std::uint16_t *out, std::size_t count)
{
    if (type == HalfType::BFloat16) {
        for (std::size_t i = 0; i < count; ++i)
            out[i] = static_cast<std::uint16_t>(std::bit_cast<std::uint32_t>(in[i]) >> 16);
    } else {
        for (std::size_t i = 0; i < count; ++i)
            out[i] = floatToHalfExact(in[i]);
    }
}

namespace {

// halfToFloat() without branches, so that the compiler vectorises the loop over a row (an f16
// matrix is read in place by every view and product, #28). Exponent and mantissa move into place
// and the exponent is rebased; Inf and NaN get the rest of the float exponent (payloads kept, no
// arithmetic on them); a subnormal or zero is renormalised by one exact float subtraction of 2^-14.
inline std::uint32_t halfBits(std::uint16_t h)
{
    constexpr std::uint32_t kExponent = 0x7c00u << 13, kRebase = (127u - 15u) << 23;
    const std::uint32_t shifted = (std::uint32_t{h} & 0x7fffu) << 13, exponent = shifted & kExponent;
    // All-ones masks rather than ?: which GCC turns into branches (and then vectorises nothing).
    const std::uint32_t infOrNaN = 0u - static_cast<std::uint32_t>(exponent == kExponent);
    const std::uint32_t small = 0u - static_cast<std::uint32_t>(exponent == 0);
    const std::uint32_t normal = shifted + kRebase + (kRebase & infOrNaN);
    const auto renormalised = std::bit_cast<std::uint32_t>(
        std::bit_cast<float>(shifted + kRebase + (1u << 23)) - std::bit_cast<float>(113u << 23));
    return (renormalised & small) | (normal & ~small) | (std::uint32_t{h} & 0x8000u) << 16;
}

} // namespace

void widen(const std::uint16_t *in, HalfType type, float *out, std::size_t count)
{
    // Both loops vectorise: bf16 is a shift, f16 the branch-free halfBits() (0.27 ns a word in the
    // cache on this AMD EPYC, against 1.25 for halfToFloat() word by word).
    if (type == HalfType::BFloat16) {
        for (std::size_t i = 0; i < count; ++i)
            out[i] = bfloat16ToFloat(in[i]);
    } else {
        for (std::size_t i = 0; i < count; ++i)
            out[i] = std::bit_cast<float>(halfBits(in[i]));
    }
}

} // namespace embedlab::core
