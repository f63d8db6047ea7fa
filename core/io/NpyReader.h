// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/io/WeightFile.h"

#include <cstddef>
#include <cstdint>
#include <span>

namespace embedlab::core {

/// NumPy's cap on the header dict (numpy/lib/format.py `_MAX_HEADER_SIZE`, in characters).
inline constexpr std::size_t kNpyMaxHeaderSize = 10000;

/// Parses a .npy file (format 1.0, 2.0 or 3.0) held in `file`: one tensor named "array". Reads
/// little- and big-endian f2/f4/f8, i1..i8, u1..u8 and b1 in C or Fortran order; refuses object
/// arrays (pickles), structured and other dtypes. Throws core::Error (ValueError) saying what is
/// wrong and where.
WeightIndex readNpy(std::span<const std::uint8_t> file);

} // namespace embedlab::core
