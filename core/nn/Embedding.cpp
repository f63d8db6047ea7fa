// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/nn/Embedding.h"

#include "core/format/PythonNumber.h"
#include "core/init/Init.h"
#include "core/tensor/Error.h"
#include "core/tensor/Parallel.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <vector>

namespace embedlab::core {

namespace {

// Lookup outputs from this size on are written with streaming stores. Larger than the last-level
// cache of most CPUs (Eigen's l3CacheSize() is no guide: 320 MiB in a VM whose L3 is 32 MiB).
constexpr Index kStreamingBytes = Index{32} << 20;

// Row norms as ATen's CPU norm kernel computes them for a contiguous float row, so that
// max_norm rescales exactly the rows PyTorch rescales, by exactly the same factor.
float rowNorm(const float *x, Index n, double p)
{
    if (p == 2.0) {
        // Vectorised last-dim path: 8 fused lanes, lanes summed in order, then the scalar tail
        // (which the compiler splits into blocks of 4 unfused multiply-adds and a fused remainder).
        float lanes[8] = {};
        Index d = 0;
        for (; d < n - (n % 8); d += 8)
            for (int j = 0; j < 8; ++j)
                lanes[j] = std::fma(x[d + j], x[d + j], lanes[j]);
        float acc = lanes[0];
        for (int j = 1; j < 8; ++j)
            acc = acc + lanes[j];
        const Index tail = n - d;
        const Index blockEnd = d + (tail / 4) * 4;
        for (; d < blockEnd; ++d) {
            const float sq = x[d] * x[d];
            acc = acc + sq;
        }
        for (; d < n; ++d)
            acc = std::fma(x[d], x[d], acc);
        return std::sqrt(acc);
    }
    if (p == 1.0) {
        float acc = 0.0f;
        for (Index d = 0; d < n; ++d)
            acc = acc + std::abs(x[d]);
        return acc;
    }
    if (std::isinf(p)) {
        float acc = p > 0 ? 0.0f : std::numeric_limits<float>::infinity();
        for (Index d = 0; d < n; ++d) {
            const float a = std::abs(x[d]);
            if (std::isnan(a))
                return a;
            acc = p > 0 ? std::max(acc, a) : std::min(acc, a);
        }
        return acc;
    }
    if (p == 0.0) {
        float acc = 0.0f;
        for (Index d = 0; d < n; ++d)
            acc += x[d] != 0.0f ? 1.0f : 0.0f;
        return acc;
    }
    // Other orders: PyTorch uses its own pow; agreement here is to within float rounding.
    const auto pf = static_cast<float>(p);
    float acc = 0.0f;
    for (Index d = 0; d < n; ++d)
        acc = acc + std::pow(std::abs(x[d]), pf);
    return std::pow(acc, 1.0f / pf);
}

} // namespace

Embedding::Embedding(Index numEmbeddings, Index embeddingDim, const EmbeddingOptions &options, Generator &gen)
    : m_numEmbeddings(numEmbeddings)
    , m_embeddingDim(embeddingDim)
    , m_options(options)
{
    // Same order as nn.Embedding.__init__: the padding check comes before the weight is allocated.
    if (m_options.paddingIdx) {
        Index &p = *m_options.paddingIdx;
        if (p > 0 && p >= numEmbeddings)
            throw Error(Error::Kind::AssertionError, "Padding_idx must be within num_embeddings");
        if (p < 0) {
            if (p < -numEmbeddings)
                throw Error(Error::Kind::AssertionError, "Padding_idx must be within num_embeddings");
            p = numEmbeddings + p;
        }
    }
    m_weight = std::make_shared<Parameter>(Shape{numEmbeddings, embeddingDim});
    resetParameters(gen);
}

Embedding::Embedding(ParameterPtr weight, const EmbeddingOptions &options)
    : m_numEmbeddings(weight->shape().at(0))
    , m_embeddingDim(weight->shape().at(1))
    , m_options(options)
    , m_weight(std::move(weight))
{
    if (m_options.paddingIdx) {
        Index &p = *m_options.paddingIdx;
        if ((p > 0 && p >= m_numEmbeddings) || p < -m_numEmbeddings)
            throw Error(Error::Kind::AssertionError, "Padding_idx must be within num_embeddings");
        if (p < 0)
            p += m_numEmbeddings;
    }
}

void Embedding::setWeight(ParameterPtr weight)
{
    if (!weight || weight->shape() != Shape{m_numEmbeddings, m_embeddingDim})
        throw Error(Error::Kind::RuntimeError,
                    "Embedding(" + std::to_string(m_numEmbeddings) + ", " + std::to_string(m_embeddingDim) +
                        ") needs a weight of shape " + shapeString({m_numEmbeddings, m_embeddingDim}) +
                        ", got " + (weight ? shapeString(weight->shape()) : std::string("None")));
    m_weight = std::move(weight);
    m_weight->renewVersion(); // a new owner, the same values: their statistics stay (#15)
}

void Embedding::resetParameters(Generator &gen)
{
    init::normal_(m_weight->span(), 0.0, 1.0, gen);
    if (m_options.paddingIdx) {
        const Index p = *m_options.paddingIdx;
        if (p >= m_numEmbeddings) // only reachable with V = 0 and padding_idx = 0
            throw Error(Error::Kind::IndexError, "index " + std::to_string(p) +
                                                     " is out of bounds for dimension 0 with size " +
                                                     std::to_string(m_numEmbeddings));
        m_weight->value().row(p).setZero();
    }
    m_weight->bumpVersion();
}

void Embedding::checkIds(const LongTensor &ids, Index numEmbeddings, Index embeddingDim)
{
    // An empty weight takes other kernels in PyTorch 1.13, which word the error differently.
    if (numEmbeddings == 0 && !ids.data.empty())
        throw Error(Error::Kind::RuntimeError, "index_select(): self indexing axis dim should be positive");
    for (std::int64_t id : ids.data) {
        if (id >= 0 && id < numEmbeddings)
            continue;
        if (embeddingDim == 0)
            throw Error(Error::Kind::RuntimeError,
                        "INDICES element is out of DATA bounds, id=" + std::to_string(id) +
                            " axis_dim=" + std::to_string(numEmbeddings));
        throw Error(Error::Kind::IndexError, "index out of range in self");
    }
}

Tensor Embedding::forward(const LongTensor &ids)
{
    if (m_options.maxNorm) {
        MatrixMap w = m_weight->value();
        // embedding_renorm_: each distinct id once, in sorted order. Rows are selected with
        // Python-style indexing (so -1 renormalises the last row) before index_select rejects it.
        std::vector<std::int64_t> sorted = ids.data;
        std::sort(sorted.begin(), sorted.end());
        const double maxNorm = *m_options.maxNorm;
        bool changed = false;
        for (std::size_t i = 0; i < sorted.size(); ++i) {
            if (i > 0 && sorted[i] == sorted[i - 1])
                continue;
            std::int64_t row = sorted[i];
            if (row < -m_numEmbeddings || row >= m_numEmbeddings)
                throw Error(Error::Kind::IndexError, "select(): index " + std::to_string(row) +
                                                         " out of range for tensor of size " +
                                                         shapeString(m_weight->shape()) + " at dimension 0");
            if (row < 0)
                row += m_numEmbeddings;
            float *data = w.row(row).data();
            const double norm = rowNorm(data, m_embeddingDim, m_options.normType);
            if (norm > maxNorm) {
                const auto scale = static_cast<float>(maxNorm / (norm + 1e-7));
                for (Index d = 0; d < m_embeddingDim; ++d)
                    data[d] = data[d] * scale;
                changed = true;
            }
        }
        if (changed)
            m_weight->bumpVersion();
    }
    checkIds(ids, m_numEmbeddings, m_embeddingDim);
    Shape outShape = ids.shape;
    outShape.push_back(m_embeddingDim);
    Tensor out(outShape, uninitialized);
    const auto numIds = static_cast<Index>(ids.data.size());
    const auto rowBytes = static_cast<std::size_t>(m_embeddingDim) * sizeof(float);
    if (rowBytes == 0)
        return out; // embedding_dim = 0: nothing to copy (and memcpy must not see the null data pointer)
    // Streaming stores take whole 16-byte blocks: rows of a multiple of 4 floats, an aligned start.
    const bool stream = numIds * static_cast<Index>(rowBytes) >= kStreamingBytes && m_embeddingDim % 4 == 0 &&
                        reinterpret_cast<std::uintptr_t>(out.data.data()) % 16 == 0;
    // The rows are copied by the kernels of the instruction set in use (core/simd/): AVX2's 32-byte
    // streaming stores took 20 % less CPU time than 16-byte ones on a 32 x 512 GPT-2 lookup (#28).
    const embedlab_gather_rows_fn gather = simd::kernels().gatherRows;
    const bool words = m_weight->halfType().has_value(); // bf16 or f16 in place: converted row by row
    const float *w = words ? nullptr : m_weight->value().data();
    parallel::forTwo(numIds, numIds * m_embeddingDim, parallel::kMinElements, [&](Index begin, Index end) {
        if (!words) {
            gather(out.data.data(), w, ids.data.data(), m_embeddingDim, begin, end, stream ? 1 : 0);
            return;
        }
        for (Index i = begin; i < end; ++i)
            m_weight->copyRows(ids.data[static_cast<std::size_t>(i)], 1,
                               out.data.data() + i * m_embeddingDim);
    });
    return out;
}

void Embedding::backward(const LongTensor &ids, const Tensor &gradOutput)
{
    checkIds(ids, m_numEmbeddings, m_embeddingDim);
    const auto numIds = static_cast<Index>(ids.data.size());
    if (gradOutput.numel() != numIds * m_embeddingDim)
        throw Error(Error::Kind::RuntimeError, "embedding backward: gradient of shape " +
                                                   shapeString(gradOutput.shape) +
                                                   " does not match ids of shape " + shapeString(ids.shape) +
                                                   " and embedding_dim " + std::to_string(m_embeddingDim));
    std::vector<std::int64_t> counts;
    if (m_options.scaleGradByFreq) {
        counts.assign(static_cast<std::size_t>(m_numEmbeddings), 0);
        for (std::int64_t id : ids.data)
            ++counts[static_cast<std::size_t>(id)];
    }
    const std::int64_t padding = m_options.paddingIdx ? *m_options.paddingIdx : -1;
    // grad_weight[k].add_(grad[i], scale) for each i in order, from a zero row: ATen's add kernel
    // is a fused multiply-add.
    const embedlab_add_scaled_fn addScaled = simd::kernels().addScaled;
    auto addRow = [&](float *dst, Index i, std::int64_t k) {
        double scale = 1.0;
        if (m_options.scaleGradByFreq)
            scale /= static_cast<double>(counts[static_cast<std::size_t>(k)]);
        addScaled(dst, gradOutput.data.data() + i * m_embeddingDim, static_cast<float>(scale),
                  m_embeddingDim);
    };
    if (!m_weight->hasGrad()) {
        Matrix &grad = m_weight->grad();
        grad.setZero(m_numEmbeddings, m_embeddingDim);
        for (Index i = 0; i < numIds; ++i) {
            const std::int64_t k = ids.data[static_cast<std::size_t>(i)];
            if (k != padding)
                addRow(grad.row(k).data(), i, k);
        }
        return;
    }
    // The weight already has a gradient (tied to lm_head, which autograd reaches first): .grad is
    // the sum of two dense [V, D] gradients, this one zero outside the looked-up rows. The
    // looked-up rows are built in a compact buffer and the sum is taken row by row; the other rows
    // still get + 0.0f, which turns a -0.0 into +0.0 exactly as the dense sum does.
    std::vector<std::int32_t> slot(static_cast<std::size_t>(m_numEmbeddings), -1);
    Index used = 0;
    for (std::int64_t k : ids.data)
        if (k != padding && slot[static_cast<std::size_t>(k)] < 0)
            slot[static_cast<std::size_t>(k)] = static_cast<std::int32_t>(used++);
    Matrix rows = Matrix::Zero(used, m_embeddingDim);
    for (Index i = 0; i < numIds; ++i) {
        const std::int64_t k = ids.data[static_cast<std::size_t>(i)];
        if (k != padding)
            addRow(rows.row(slot[static_cast<std::size_t>(k)]).data(), i, k);
    }
    Matrix &grad = m_weight->grad();
    parallel::forTwo(m_numEmbeddings, m_numEmbeddings * m_embeddingDim, parallel::kMinElements,
                     [&](Index begin, Index end) {
                         for (Index k = begin; k < end; ++k) {
                             float *g = grad.row(k).data();
                             const std::int32_t s = slot[static_cast<std::size_t>(k)];
                             if (s < 0) {
                                 for (Index d = 0; d < m_embeddingDim; ++d)
                                     g[d] = g[d] + 0.0f;
                                 continue;
                             }
                             const float *r = rows.row(s).data();
                             for (Index d = 0; d < m_embeddingDim; ++d)
                                 g[d] = g[d] + r[d];
                         }
                     });
}

std::string Embedding::repr() const
{
    std::string s = "Embedding(" + std::to_string(m_numEmbeddings) + ", " + std::to_string(m_embeddingDim);
    if (m_options.paddingIdx)
        s += ", padding_idx=" + std::to_string(*m_options.paddingIdx);
    if (m_options.maxNorm)
        s += ", max_norm=" + pythonFloat(*m_options.maxNorm);
    if (m_options.normType != 2.0)
        s += ", norm_type=" + pythonFloat(m_options.normType);
    if (m_options.scaleGradByFreq)
        s += ", scale_grad_by_freq=True";
    if (m_options.sparse)
        s += ", sparse=True";
    return s + ")";
}

} // namespace embedlab::core
