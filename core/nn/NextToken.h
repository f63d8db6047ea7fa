// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/tensor/Tensor.h"

namespace embedlab::core {

/// The next-token task on a sequence of ids, as a language model is trained: every id but the last
/// is an input and the id after it its target, `ids[..., :-1]` and `ids[..., 1:]` (along the last
/// dimension, so each row of a 2-D batch is a sequence of its own).
struct NextTokenBatch {
    LongTensor inputs;
    LongTensor targets;

    /// The batch of `ids`; empty (numel() == 0, shape [0] or [rows, 0]) when the sequences are shorter
    /// than two ids or `ids` is 0-D, where there is nothing to predict.
    static NextTokenBatch of(const LongTensor &ids);
    bool empty() const { return inputs.numel() == 0; }
    bool operator==(const NextTokenBatch &) const = default;
};

} // namespace embedlab::core
