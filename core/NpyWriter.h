// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "Tensor.h"

#include <string>

namespace embedlab::core {

/// The .npy v1.0 header (magic, version, length, dict padded to a multiple of 64 bytes) that
/// numpy.save writes for a little-endian float32 C-order array of this shape.
std::string npyHeader(const Shape &shape);

/// Writes `data` as a little-endian float32 C-order .npy that numpy.load reads. Atomic: the data
/// goes to a temporary file beside `path` which is flushed and renamed over it, so a crash mid-write
/// leaves the old file intact. Throws core::Error (RuntimeError) naming the path and the OS reason.
void writeNpy(const std::string &path, const float *data, const Shape &shape);

} // namespace embedlab::core
