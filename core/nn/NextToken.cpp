// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/nn/NextToken.h"

namespace embedlab::core {

NextTokenBatch NextTokenBatch::of(const LongTensor &ids)
{
    NextTokenBatch batch;
    if (ids.shape.empty()) {
        // A 0-D tensor has no last dimension to slice (PyTorch raises there): no task.
        batch.inputs.shape = batch.targets.shape = {0};
        return batch;
    }
    const Index length = ids.shape.back();
    const Index kept = length > 0 ? length - 1 : 0;
    Shape shape = ids.shape;
    shape.back() = kept;
    batch.inputs.shape = batch.targets.shape = shape;
    if (kept == 0)
        return batch;
    const Index sequences = ids.numel() / length;
    batch.inputs.data.reserve(std::size_t(sequences * kept));
    batch.targets.data.reserve(std::size_t(sequences * kept));
    for (Index s = 0; s < sequences; ++s) {
        const auto first = ids.data.begin() + s * length;
        batch.inputs.data.insert(batch.inputs.data.end(), first, first + kept);
        batch.targets.data.insert(batch.targets.data.end(), first + 1, first + length);
    }
    return batch;
}

} // namespace embedlab::core
