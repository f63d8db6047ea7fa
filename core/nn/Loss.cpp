// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/nn/Loss.h"

#include "core/tensor/Error.h"
#include "core/tensor/Parallel.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace embedlab::core {

namespace {

// Sum of a row in ATen's reduce_all order for 8 float lanes: lane sums, then a pairwise tree.
float laneSum(const float *x, Index n)
{
    float lanes[8] = {};
    Index d = 0;
    for (; d + 8 <= n; d += 8)
        for (int j = 0; j < 8; ++j)
            lanes[j] = lanes[j] + x[d + j];
    // The partial last vector is loaded with zeros in the unused lanes.
    for (int j = 0; d + j < n; ++j)
        lanes[j] = lanes[j] + x[d + j];
    float a[4];
    for (int j = 0; j < 4; ++j)
        a[j] = lanes[j] + lanes[j + 4];
    return (a[0] + a[2]) + (a[1] + a[3]);
}

float rowMax(const float *x, Index n)
{
    float m = -std::numeric_limits<float>::infinity();
    for (Index d = 0; d < n; ++d) {
        if (std::isnan(x[d]))
            return x[d];
        m = std::max(m, x[d]);
    }
    return m;
}

// std::exp for softmax arguments, which reach -100 and below with wide logits: below -104 the
// result rounds to +0, and glibc gets there through its slow underflow path (it sets errno). Returning
// the +0 directly gives the same bits at a fraction of the cost.
inline float expOrZero(float x)
{
    return x < -104.0f ? 0.0f : std::exp(x);
}

void checkLastDim(const Tensor &t, const char *what)
{
    if (t.dim() == 0)
        throw Error(Error::Kind::IndexError,
                    std::string(what) +
                        ": Dimension out of range (expected to be in range of [-1, 0], but got -1)");
}

} // namespace

Tensor softmax(const Tensor &logits, double temperature)
{
    checkLastDim(logits, "softmax");
    Tensor out(logits.shape);
    const Index n = logits.shape.back();
    const Index rows = n == 0 ? 0 : logits.numel() / n;
    const auto t = static_cast<float>(temperature);
    std::vector<float> scaled(static_cast<std::size_t>(n));
    for (Index r = 0; r < rows; ++r) {
        const float *x = logits.data.data() + r * n;
        float *y = out.data.data() + r * n;
        for (Index d = 0; d < n; ++d)
            scaled[static_cast<std::size_t>(d)] = temperature == 1.0 ? x[d] : x[d] / t;
        const float m = rowMax(scaled.data(), n);
        for (Index d = 0; d < n; ++d)
            y[d] = expOrZero(scaled[static_cast<std::size_t>(d)] - m);
        const float inv = 1.0f / laneSum(y, n);
        for (Index d = 0; d < n; ++d)
            y[d] = y[d] * inv;
    }
    return out;
}

Tensor logSoftmax(const Tensor &logits)
{
    checkLastDim(logits, "log_softmax");
    Tensor out(logits.shape);
    const Index n = logits.shape.back();
    const Index rows = n == 0 ? 0 : logits.numel() / n;
    std::vector<float> e(static_cast<std::size_t>(n));
    for (Index r = 0; r < rows; ++r) {
        const float *x = logits.data.data() + r * n;
        float *y = out.data.data() + r * n;
        const float m = rowMax(x, n);
        for (Index d = 0; d < n; ++d)
            e[static_cast<std::size_t>(d)] = expOrZero(x[d] - m);
        const float logSum = std::log(laneSum(e.data(), n));
        // ATen keeps this order so large logits with a small spread keep their precision.
        for (Index d = 0; d < n; ++d)
            y[d] = (x[d] - m) - logSum;
    }
    return out;
}

void checkBatchSizes(Index inputs, Index targets)
{
    if (inputs != targets)
        throw Error(Error::Kind::ValueError, "Expected input batch_size (" + std::to_string(inputs) +
                                                 ") to match target batch_size (" + std::to_string(targets) +
                                                 ").");
}

void checkTargets(const LongTensor &targets, Index classes)
{
    // Checked in order, so the error names the same target PyTorch's does.
    for (std::int64_t t : targets.data)
        if (t != kIgnoreIndex && (t < 0 || t >= classes))
            throw Error(Error::Kind::IndexError, "Target " + std::to_string(t) + " is out of bounds.");
}

CrossEntropy crossEntropy(const Tensor &logits, const LongTensor &targets)
{
    if (logits.dim() != 2 || targets.dim() != 1)
        throw Error(Error::Kind::ValueError, "cross_entropy expects logits [N, C] and targets [N], got " +
                                                 shapeString(logits.shape) + " and " +
                                                 shapeString(targets.shape));
    const Index batch = logits.shape[0];
    const Index classes = logits.shape[1];
    checkBatchSizes(batch, targets.shape[0]);
    checkTargets(targets, classes);
    const auto ignored =
        static_cast<Index>(std::count(targets.data.begin(), targets.data.end(), kIgnoreIndex));
    const auto totalWeight = static_cast<float>(batch - ignored);
    // nll_loss_backward puts -1/total_weight at each target; log_softmax_backward then gives
    // grad - exp(logp) * sum(grad) per row.
    const float g = -(1.0f / totalWeight);

    // log_softmax, the picked log-probabilities and the gradient, row by row, without keeping the
    // [N, C] log-probabilities: the gradient row holds exp(x - max) until it is overwritten. Rows
    // are independent, so they are split over both cores.
    CrossEntropy result;
    result.gradLogits = Tensor(logits.shape, uninitialized); // every element is written below
    std::vector<float> picked(static_cast<std::size_t>(batch), 0.0f);
    parallel::forTwo(batch, batch * classes, parallel::kMinElements, [&](Index begin, Index end) {
        for (Index b = begin; b < end; ++b) {
            const float *x = logits.data.data() + b * classes;
            float *out = result.gradLogits.data.data() + b * classes;
            const float m = rowMax(x, classes);
            for (Index c = 0; c < classes; ++c)
                out[c] = expOrZero(x[c] - m);
            const float logSum = std::log(laneSum(out, classes));
            const std::int64_t t = targets.data[static_cast<std::size_t>(b)];
            if (t != kIgnoreIndex)
                picked[static_cast<std::size_t>(b)] = (x[t] - m) - logSum;
            const float rowSum = t == kIgnoreIndex ? 0.0f : g;
            for (Index c = 0; c < classes; ++c) {
                // ATen keeps this order so large logits with a small spread keep their precision.
                const float lp = (x[c] - m) - logSum;
                const float gc = (c == t) ? g : 0.0f;
                out[c] = gc - expOrZero(lp) * rowSum;
            }
        }
    });

    // nll_loss_out_frame: cascade (multi-level) summation of -logp[target], then / total weight.
    constexpr int kLevels = 8;
    int ceilLog2 = 0;
    while ((Index{1} << ceilLog2) < batch)
        ++ceilLog2;
    const int levelPower = std::max(4, ceilLog2 / kLevels);
    const Index levelMask = (Index{1} << levelPower) - 1;
    float partial[kLevels] = {};
    for (Index b = 0; b < batch; ++b) {
        if (targets.data[static_cast<std::size_t>(b)] == kIgnoreIndex)
            continue;
        partial[0] -= picked[static_cast<std::size_t>(b)];
        for (int j = 0; j + 1 < kLevels; ++j) {
            const Index mask = levelMask << (j * levelPower);
            if ((b & mask) != 0)
                break;
            partial[j + 1] += partial[j];
            partial[j] = 0;
        }
    }
    float loss = 0.0f;
    for (float p : partial)
        loss += p;
    result.loss = loss / totalWeight;
    return result;
}

} // namespace embedlab::core
