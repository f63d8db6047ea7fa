// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/tensor/Tensor.h"

#include <vector>

namespace embedlab::core {

/// What the statistics table shows of a weight tensor.
struct Summary {
    Index count = 0;
    double mean = 0.0; // torch.mean
    double std = 0.0;  // torch.std (unbiased, N - 1); NaN for fewer than 2 elements, as PyTorch
    float min = 0.0f;  // torch.min / torch.max (NaN if any element is NaN)
    float max = 0.0f;
    Index nanCount = 0;
    Index infCount = 0;
    bool operator==(const Summary &) const = default;
};
/// Mean and std are accumulated in double in one pass (blocks centred on their own first element,
/// merged with Chan's update, so large matrices keep their digits); they agree with PyTorch's
/// float32 reductions to float precision. Uses both cores for large inputs.
Summary summarize(const float *data, Index count);

/// torch.histc(input, bins, min, max) on float32, as PyTorch computes it: when min == max the
/// data's own min and max are used (and widened by 1 each way when they are equal too), elements
/// outside [min, max] and NaNs are ignored, the bin is int((x - min) * bins / (max - min)) in float
/// arithmetic, and x == max falls in the last bin. Throws core::Error with PyTorch's message for
/// bins <= 0 or a non-finite or inverted range.
std::vector<float> histc(const float *data, Index count, Index bins = 100, double min = 0.0,
                         double max = 0.0);

/// The [min, max] histc actually bins over for these arguments (after the rules above).
struct HistRange {
    float low = 0.0f;
    float high = 0.0f;
};
HistRange histcRange(const float *data, Index count, double min, double max);

} // namespace embedlab::core
