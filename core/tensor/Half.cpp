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

void widen(const std::uint16_t *in, HalfType type, float *out, std::size_t count)
{
    // The bf16 loop is a shift the compiler vectorises; f16 goes word by word (loads, not a hot path).
    if (type == HalfType::BFloat16) {
        for (std::size_t i = 0; i < count; ++i)
            out[i] = bfloat16ToFloat(in[i]);
    } else {
        for (std::size_t i = 0; i < count; ++i)
            out[i] = halfToFloat(in[i]);
    }
}

} // namespace embedlab::core
