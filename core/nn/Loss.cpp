// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/nn/Loss.h"

#include "core/nn/FitKernels.h"
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
    // log_softmax, nll_loss and their backward as PyTorch's AVX2 kernels compute them (SLEEF's exp
    // and log, the fused backward), rows shared by both cores; the gradient overwrites a copy.
    CrossEntropy result;
    result.gradLogits = logits;
    result.loss =
        fit::crossEntropyInPlace(result.gradLogits.data.data(), classes, targets.data.data(), batch, classes);
    return result;
}

} // namespace embedlab::core
