// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/io/WeightFile.h"

#include <cstdint>
#include <span>

namespace embedlab::core {

/// The safetensors library's cap on the JSON header (MAX_HEADER_SIZE, 100 MB).
inline constexpr std::uint64_t kSafetensorsMaxHeaderSize = 100'000'000;

/// Parses a .safetensors file held in `file`: the 8-byte little-endian header length, the JSON
/// header (strict: valid UTF-8, no duplicate names, exactly dtype/shape/data_offsets per tensor,
/// string-valued __metadata__) and the data offsets, which must tile the data section as the
/// safetensors library requires, except that two names may alias exactly the same bytes (reported as
/// tied). Tensors are returned in data order. Throws core::Error (ValueError) saying what is wrong and
/// where.
WeightIndex readSafetensors(std::span<const std::uint8_t> file);

} // namespace embedlab::core
