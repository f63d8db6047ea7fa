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

/// summarize() for data written block by block (a weight file decoded in parallel blocks): add() each
/// run of the data once, from any thread and in any order (runs start at multiples of kBlock), while
/// it is still in the cache; finish() then merges the blocks in summarize()'s order, so the same
/// bits, without another pass over the data (NaN and infinities are counted in the block they are in).
class SummaryBuilder {
public:
    /// Elements per block of the one-pass variance; each block is centred on its own first element.
    static constexpr Index kBlock = 4096;
    explicit SummaryBuilder(Index count);
    /// Elements [begin, end) of `data` (the whole array); begin is a multiple of kBlock.
    void add(const float *data, Index begin, Index end);
    /// Elements [begin, end) at `run` (a piece of the array converted on its own).
    void addRun(const float *run, Index begin, Index end);
    /// The summary of the whole array; every element must have been added.
    Summary finish() const;

    /// One block's count, mean, sum of squared deviations, min and max; for a block holding NaN or
    /// infinities also how many and which signs of infinity (min and max then leave NaN out).
    struct Block {
        double n = 0.0;
        double mean = 0.0;
        double m2 = 0.0;
        float min = 0.0f;
        float max = 0.0f;
        Index nan = 0;
        Index inf = 0;
        bool positiveInf = false;
        bool negativeInf = false;
    };

private:
    Index m_count = 0;
    std::vector<Block> m_blocks;
};

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

class Parameter;
/// histc() and histcRange() of a parameter's values where they lie (16-bit words converted piece by
/// piece, without a float32 copy): the same counts and range as of value().
std::vector<float> histc(const Parameter &p, Index bins, double min, double max);
HistRange histcRange(const Parameter &p, double min, double max);

} // namespace embedlab::core
