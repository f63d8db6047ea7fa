// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/io/WeightFile.h"

#include <cstdint>
#include <span>

namespace embedlab::core {

/// Parses a little-endian GGUF file (version 2 or 3) held in `file`: the metadata key/value pairs
/// (as display strings; long arrays are summarised) and the tensor infos. Shapes are presented
/// PyTorch-style (GGUF stores dims innermost first). F32, F16, BF16 and Q8_0 tensors convert; the
/// other ggml types are listed with TensorInfo::unsupported set. Offsets are checked to be aligned,
/// in bounds and not partially overlapping. Throws core::Error (ValueError) saying what is wrong
/// and where.
WeightIndex readGguf(std::span<const std::uint8_t> file);

} // namespace embedlab::core
