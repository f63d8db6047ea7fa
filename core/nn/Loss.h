// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/tensor/Tensor.h"

namespace embedlab::core {

/// F.softmax(logits / temperature, dim=-1) along the last dimension.
Tensor softmax(const Tensor &logits, double temperature = 1.0);
/// F.log_softmax(logits, dim=-1).
Tensor logSoftmax(const Tensor &logits);

/// F.cross_entropy(logits [N, C], targets [N]) with reduction='mean' (and ignore_index=-100).
/// IndexError "Target 7 is out of bounds." as PyTorch says it.
struct CrossEntropy {
    float loss = 0.0f;
    Tensor gradLogits; // d loss / d logits, same shape as logits
};
CrossEntropy crossEntropy(const Tensor &logits, const LongTensor &targets);

} // namespace embedlab::core
