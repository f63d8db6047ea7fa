// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/tensor/Tensor.h"

namespace embedlab::core {

/// F.softmax(logits / temperature, dim=-1) along the last dimension.
Tensor softmax(const Tensor &logits, double temperature = 1.0);
/// F.log_softmax(logits, dim=-1).
Tensor logSoftmax(const Tensor &logits);

/// F.cross_entropy's default ignore_index: targets equal to it add nothing to the loss.
constexpr std::int64_t kIgnoreIndex = -100;

/// What F.cross_entropy raises for `inputs` rows of logits and `targets` targets of different
/// counts: ValueError "Expected input batch_size (3) to match target batch_size (2).".
void checkBatchSizes(Index inputs, Index targets);
/// IndexError "Target 7 is out of bounds." for the first target outside [0, classes) that is not
/// kIgnoreIndex, as cross_entropy checks them.
void checkTargets(const LongTensor &targets, Index classes);

/// F.cross_entropy(logits [N, C], targets [N]) with reduction='mean' (and ignore_index=-100).
/// IndexError "Target 7 is out of bounds." as PyTorch says it.
struct CrossEntropy {
    float loss = 0.0f;
    Tensor gradLogits; // d loss / d logits, same shape as logits
};
CrossEntropy crossEntropy(const Tensor &logits, const LongTensor &targets);

} // namespace embedlab::core
