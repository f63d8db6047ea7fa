// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/tensor/Tensor.h"

#include <string>
#include <utility>
#include <vector>

namespace embedlab::core {

/// One float32 tensor to save: borrowed, C-order data with its shape.
struct NamedTensor {
    std::string name;
    const float *data = nullptr;
    Shape shape;
};

/// Writes `tensors` as a little-endian F32 .safetensors file that safetensors.torch.load_file,
/// safetensors.numpy and WeightFile read: header padded with spaces to a multiple of 8 bytes (so the
/// data is aligned), tensors in the given order, `metadata` as `__metadata__`. Atomic like writeNpy.
/// Tied weights are the caller's choice: save one name (as safetensors.torch.save_model does), since
/// the safetensors library refuses two names for one storage. Throws core::Error: ValueError for an
/// empty or duplicate name, RuntimeError naming the path and the OS reason when writing fails.
void writeSafetensors(const std::string &path, const std::vector<NamedTensor> &tensors,
                      const std::vector<std::pair<std::string, std::string>> &metadata = {});

} // namespace embedlab::core
