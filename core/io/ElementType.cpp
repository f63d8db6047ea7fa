// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/io/ElementType.h"

#include <bit>

namespace embedlab::core {

namespace {

struct TypeTraits {
    std::string_view name;
    StorageBlock block;
};

// The block sizes are ggml's (ggml-common.h's block_* structs); a K-quant's 256 elements share one
// f16 super-scale and a 4- or 6-bit scale per group of 16 or 32.
TypeTraits traits(ElementType type)
{
    switch (type) {
    case ElementType::Bool:
        return {"BOOL", {1, 1, 1}};
    case ElementType::U8:
        return {"U8", {1, 1, 1}};
    case ElementType::I8:
        return {"I8", {1, 1, 1}};
    case ElementType::U16:
        return {"U16", {1, 2, 1}};
    case ElementType::I16:
        return {"I16", {1, 2, 1}};
    case ElementType::U32:
        return {"U32", {1, 4, 1}};
    case ElementType::I32:
        return {"I32", {1, 4, 1}};
    case ElementType::U64:
        return {"U64", {1, 8, 1}};
    case ElementType::I64:
        return {"I64", {1, 8, 1}};
    case ElementType::F16:
        return {"F16", {1, 2, 1}};
    case ElementType::BF16:
        return {"BF16", {1, 2, 1}};
    case ElementType::F32:
        return {"F32", {1, 4, 1}};
    case ElementType::F64:
        return {"F64", {1, 8, 1}};
    case ElementType::Q4_0:
        return {"Q4_0", {32, 18, 32}};
    case ElementType::Q4_1:
        return {"Q4_1", {32, 20, 32}};
    case ElementType::Q5_0:
        return {"Q5_0", {32, 22, 32}};
    case ElementType::Q5_1:
        return {"Q5_1", {32, 24, 32}};
    case ElementType::Q8_0:
        return {"Q8_0", {32, 34, 32}};
    case ElementType::Q2_K:
        return {"Q2_K", {256, 84, 16}};
    case ElementType::Q3_K:
        return {"Q3_K", {256, 110, 16}};
    case ElementType::Q4_K:
        return {"Q4_K", {256, 144, 32}};
    case ElementType::Q5_K:
        return {"Q5_K", {256, 176, 32}};
    case ElementType::Q6_K:
        return {"Q6_K", {256, 210, 16}};
    case ElementType::IQ4_NL:
        return {"IQ4_NL", {32, 18, 32}};
    case ElementType::IQ4_XS:
        return {"IQ4_XS", {256, 136, 32}};
    case ElementType::TQ1_0:
        return {"TQ1_0", {256, 54, 256}};
    case ElementType::TQ2_0:
        return {"TQ2_0", {256, 66, 256}};
    case ElementType::Unsupported:
        break;
    }
    return {"unsupported", {}};
}

} // namespace

StorageBlock storageBlock(ElementType type)
{
    return traits(type).block;
}

bool isBlockQuantised(ElementType type)
{
    return traits(type).block.elements > 1;
}

double bitsPerWeight(ElementType type)
{
    const StorageBlock b = traits(type).block;
    return b.elements ? 8.0 * static_cast<double>(b.bytes) / static_cast<double>(b.elements) : 0.0;
}

std::optional<HalfType> halfType(ElementType type)
{
    if (type == ElementType::BF16)
        return HalfType::BFloat16;
    if (type == ElementType::F16)
        return HalfType::Float16;
    return std::nullopt;
}

std::string_view elementTypeName(ElementType type)
{
    return traits(type).name;
}

std::optional<ElementType> elementTypeNamed(std::string_view name)
{
    for (int t = 0; t < static_cast<int>(ElementType::Unsupported); ++t) {
        if (traits(static_cast<ElementType>(t)).name == name)
            return static_cast<ElementType>(t);
    }
    return std::nullopt;
}

int quantLevels(ElementType type)
{
    switch (type) {
    case ElementType::Q2_K:
        return 4;
    case ElementType::Q3_K:
        return 8;
    case ElementType::Q4_0:
    case ElementType::Q4_1:
    case ElementType::Q4_K:
    case ElementType::IQ4_NL:
    case ElementType::IQ4_XS:
        return 16;
    case ElementType::Q5_0:
    case ElementType::Q5_1:
    case ElementType::Q5_K:
        return 32;
    case ElementType::Q6_K:
        return 64;
    case ElementType::Q8_0:
        return 256;
    case ElementType::TQ1_0:
    case ElementType::TQ2_0:
        return 3;
    default:
        return 0;
    }
}

bool storesMinimum(ElementType type)
{
    return type == ElementType::Q4_1 || type == ElementType::Q5_1 || type == ElementType::Q2_K ||
           type == ElementType::Q4_K || type == ElementType::Q5_K;
}

} // namespace embedlab::core
