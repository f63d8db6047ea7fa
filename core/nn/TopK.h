// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/tensor/Tensor.h"

#include <vector>

namespace embedlab::core {

/// logits.argmax().item(): the flat index of the first maximum, where a NaN beats every number.
/// -1 for an empty tensor (PyTorch raises "argmax(): Expected reduction dim to be specified for
/// input.numel() == 0."; the caller words it).
Index argmax(const Tensor &t);

/// torch.topk(t.flatten(), k).indices: the k largest first, NaN counted as largest, equal values
/// by lower index. k is clamped to [0, numel].
std::vector<Index> topK(const Tensor &t, Index k);

} // namespace embedlab::core
