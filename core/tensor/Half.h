// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>

namespace embedlab::core {

/// The 16-bit float types a weight file stores and a Parameter reads in place (issue #28).
enum class HalfType : std::uint8_t { BFloat16, Float16 };

/// A bfloat16's float32 value: its bits are a float32's upper half, so the conversion is exact.
inline float bfloat16ToFloat(std::uint16_t word)
{
    return std::bit_cast<float>(static_cast<std::uint32_t>(word) << 16);
}

/// An IEEE binary16's float32 value (exact: subnormals normalised, Inf and NaN payloads kept).
float halfToFloat(std::uint16_t half);

/// `count` little-endian words of `type` at `in` as float32 at `out`, exactly.
void widen(const std::uint16_t *in, HalfType type, float *out, std::size_t count);

/// The inverse of widen() on float32 values that `type` holds exactly (values widen() gave, or a
/// choice among them such as a max |w|): `count` words of `type` at `out`, NaN payloads kept.
void narrowExact(const float *in, HalfType type, std::uint16_t *out, std::size_t count);

} // namespace embedlab::core
