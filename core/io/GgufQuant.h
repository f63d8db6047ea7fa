// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/io/ElementType.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

namespace embedlab::core {

/// Decodes `blockCount` whole blocks of a ggml block type (isBlockQuantised(type)), read from
/// `blocks`, into blockCount * storageBlock(type).elements floats at `out`, as ggml's reference
/// dequantize_row_* functions (ggml-quants.c) do: the same integer unpacking and the same float
/// operations in the same order, each rounded on its own (no fused multiply-add), so the same bits.
/// A NaN or infinite scale gives NaN or infinite values, as in ggml (issue #30).
void dequantiseBlocks(ElementType type, const std::uint8_t *blocks, std::size_t blockCount, float *out);

/// One element of a block-quantised tensor taken apart (the heatmap's tooltip, issue #30). Its
/// decoded value is exactly `scale * quant`, plus `*minimum` when the type has one.
struct QuantElement {
    /// The stored block the element lies in: element / storageBlock(type).elements.
    std::size_t block = 0;
    /// The group of elements sharing its scale (and minimum): [groupFirst, groupFirst +
    /// groupElements), flat C-order indices; groupElements is storageBlock(type).scaleGroup.
    std::size_t groupFirst = 0;
    std::size_t groupElements = 0;
    /// The step the group's integer levels are multiplied by: the block's f16 scale d (Q4_0, Q8_0,
    /// IQ4_NL, TQ2_0), or d times the group's 4-, 6- or 8-bit scale (K-quants, IQ4_XS).
    float scale = 0.0f;
    /// What a quant of 0 decodes to, for the types that store a minimum (Q4_1, Q5_1: the block's m;
    /// Q2_K, Q4_K, Q5_K: -dmin * m of the group); std::nullopt for the symmetric types.
    std::optional<float> minimum;
    /// The integer level as ggml multiplies it: -8..7 for Q4_0, 0..15 for Q4_K, -32..31 for Q6_K,
    /// the codebook entry (-127..113) for IQ4_NL and IQ4_XS, -1..1 for the ternary types.
    int quant = 0;
    /// The element's decoded value, the bits dequantiseBlocks() gives it.
    float value = 0.0f;

    bool operator==(const QuantElement &) const = default;
};

/// Element `element` (flat C-order index) of a tensor of block type `type` whose bytes are
/// `tensorBytes`. Reads one block. Throws core::Error (ValueError) when the type is not a block type
/// or the element lies past the blocks `tensorBytes` holds.
QuantElement quantElement(ElementType type, std::span<const std::uint8_t> tensorBytes, std::size_t element);

} // namespace embedlab::core
