// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/init/Generator.h"
#include "core/tensor/Parameter.h"
#include "core/tensor/Tensor.h"

#include <optional>
#include <string>

namespace embedlab::core {

/// The keyword arguments of torch.nn.Embedding after the two sizes, with PyTorch's defaults.
struct EmbeddingOptions {
    std::optional<Index> paddingIdx;
    std::optional<double> maxNorm;
    double normType = 2.0;
    bool scaleGradByFreq = false;
    bool sparse = false;
    bool operator==(const EmbeddingOptions &) const = default;
};

/// torch.nn.Embedding(num_embeddings, embedding_dim, ...): weight [V, D], default init normal_(0, 1)
/// then the padding row zeroed. Errors are core::Error with PyTorch's words.
class Embedding {
public:
    /// Constructs and runs reset_parameters() with `gen`, consuming it exactly as PyTorch does.
    /// AssertionError "Padding_idx must be within num_embeddings"; negative sizes as torch.empty.
    Embedding(Index numEmbeddings, Index embeddingDim, const EmbeddingOptions &options, Generator &gen);
    /// Adopts `weight` ([V, D], not copied, not initialised): the embedding of a loaded matrix.
    Embedding(ParameterPtr weight, const EmbeddingOptions &options);

    Index numEmbeddings() const { return m_numEmbeddings; }
    Index embeddingDim() const { return m_embeddingDim; }
    /// Normalised to 0..V-1 as PyTorch stores it (padding_idx=-1 on V=4 becomes 3).
    std::optional<Index> paddingIdx() const { return m_options.paddingIdx; }
    const EmbeddingOptions &options() const { return m_options; }

    const ParameterPtr &weight() const { return m_weight; }
    /// `embedding.weight = p`: shares p's storage (shape must be [V, D]).
    void setWeight(ParameterPtr weight);

    /// nn.Embedding.reset_parameters(): normal_(0, 1), then the padding row set to zero.
    void resetParameters(Generator &gen);

    /// embedding(ids) for ids of any rank: output shape ids.shape + [D]. With max_norm, the looked-up
    /// rows whose norm exceeds it are renormalised in place first (torch.embedding_renorm_).
    /// Errors for ids outside [0, V) as checkIds() throws them.
    Tensor forward(const LongTensor &ids);
    /// Backward of forward(ids): accumulates into weight()->grad() as embedding_dense_backward does
    /// (rows accumulated per id in order; the padding row gets none; scale_grad_by_freq divides by
    /// the id's count in the batch).
    void backward(const LongTensor &ids, const Tensor &gradOutput);

    /// "Embedding(4, 5, padding_idx=0)" as print(module) shows it.
    std::string repr() const;

    /// Throws what embedding(ids) raises for ids outside [0, V) of a [V, D] weight: IndexError "index
    /// out of range in self"; with V = 0, RuntimeError "index_select(): self indexing axis dim should
    /// be positive"; with D = 0, RuntimeError "INDICES element is out of DATA bounds, id=I axis_dim=V".
    static void checkIds(const LongTensor &ids, Index numEmbeddings, Index embeddingDim);

private:
    Index m_numEmbeddings = 0;
    Index m_embeddingDim = 0;
    EmbeddingOptions m_options;
    ParameterPtr m_weight;
};

} // namespace embedlab::core
