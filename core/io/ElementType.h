// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/tensor/Half.h" // halfToFloat(), ggml's GGML_FP16_TO_FP32

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace embedlab::core {

/// How one element is encoded in the file, whatever name its format gives the dtype. The ggml block
/// types (Q4_0 ... TQ2_0) store their elements in blocks that share a scale (issue #30).
enum class ElementType {
    Bool,
    U8,
    I8,
    U16,
    I16,
    U32,
    I32,
    U64,
    I64,
    F16,
    BF16,
    F32,
    F64,
    Q4_0,
    Q4_1,
    Q5_0,
    Q5_1,
    Q8_0,
    Q2_K,
    Q3_K,
    Q4_K,
    Q5_K,
    Q6_K,
    IQ4_NL,
    IQ4_XS,
    TQ1_0,
    TQ2_0,
    Unsupported
};

/// The unit a tensor's bytes are cut into: one element of a plain type, one block of a ggml type.
struct StorageBlock {
    /// Elements one block holds: 1 for F32, 32 for Q8_0, 256 for Q4_K; 0 for Unsupported.
    std::size_t elements = 0;
    /// Bytes of one block: 4 for F32, 34 for Q8_0, 144 for Q4_K; 0 for Unsupported.
    std::size_t bytes = 0;
    /// Elements that share one scale (and minimum) inside a block: 32 for Q4_K, 16 for Q6_K, the
    /// whole block for Q4_0 and the ternary types; 1 for plain types.
    std::size_t scaleGroup = 0;
    bool operator==(const StorageBlock &) const = default;
};

StorageBlock storageBlock(ElementType type);

/// True for the ggml block types, whose values are a scale times a few-bit integer (plus a minimum).
bool isBlockQuantised(ElementType type);

/// Bits of the file each weight takes, scales included: 32 for F32, 16 for BF16, 8.5 for Q8_0, 4.5
/// for Q4_K, 6.5625 for Q6_K. 0 for Unsupported.
double bitsPerWeight(ElementType type);

/// The 16-bit float type a Parameter reads in place for F16 and BF16; none for other types.
std::optional<HalfType> halfType(ElementType type);

/// ggml's name of a block type ("Q4_K"); the enumerator's name for plain types ("F32", "BF16").
std::string_view elementTypeName(ElementType type);

/// The type elementTypeName() calls `name`; none for any other text (a session names the type its
/// weights were loaded as).
std::optional<ElementType> elementTypeNamed(std::string_view name);

/// How many values one weight of a block type can take inside its scale group (2^bits of its
/// integer level, 3 for the ternary types, the codebook's 16 entries for IQ4_NL and IQ4_XS): 16 for
/// Q4_K, 64 for Q6_K; 0 for plain types.
int quantLevels(ElementType type);

/// Whether a block type stores a minimum beside each scale (what a level of 0 decodes to): Q4_1,
/// Q5_1, Q2_K, Q4_K, Q5_K. The others are symmetric around 0.
bool storesMinimum(ElementType type);

} // namespace embedlab::core
