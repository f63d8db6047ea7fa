// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/nn/Embedding.h"
#include "core/nn/Linear.h"
#include "core/nn/Optimizer.h"

#include <memory>
#include <string>

namespace embedlab::core {

/// The lesson's model: token ids -> Embedding(V, D) -> lm_head = Linear(D, V, bias) -> logits [.., V].
/// Tying is `lm_head.weight = embedding.weight` (aliasing, one storage), as GPT-2 does.
class TiedModel {
public:
    /// Builds the embedding, then the lm_head, each consuming `gen` in that order (like a module
    /// whose __init__ creates wte then lm_head).
    TiedModel(Index numEmbeddings, Index embeddingDim, const EmbeddingOptions &options, bool lmHeadBias,
              Generator &gen);
    /// The model after `Embedding(V, D); Linear(D, V); embedding.weight.copy_(w)` with `weight` as w
    /// ([V, D]), lm_head tied to it when `tied`: `weight` becomes embedding.weight (no copy), and the
    /// values it replaces are not drawn - `gen` only skips their draws, so it ends exactly where
    /// PyTorch's does. An untied lm_head (and any bias) is drawn as usual.
    /// The model after `Embedding(V, D); Linear(D, V)`, then `lm_head.weight = embedding.weight` when
    /// `tied`: a tied model never holds the Linear's own V x D values, whose draws `gen` skips (GPT-2's
    /// preset peaked at 4.1x its weight).
    static std::unique_ptr<TiedModel> build(Index numEmbeddings, Index embeddingDim,
                                            const EmbeddingOptions &options, bool lmHeadBias, bool tied,
                                            Generator &gen);
    static std::unique_ptr<TiedModel> withEmbedding(ParameterPtr weight, const EmbeddingOptions &options,
                                                    bool lmHeadBias, bool tied, Generator &gen);
    /// The untied model of a file that stores both matrices ([V, D] each, Llama 3's): `embedding`
    /// becomes embedding.weight and `head` lm_head.weight (no copies); `gen` skips the draws of both,
    /// as withEmbedding() and withLmHead() do; any bias is drawn as usual (issue #28).
    static std::unique_ptr<TiedModel> withEmbeddingAndHead(ParameterPtr embedding, ParameterPtr head,
                                                           const EmbeddingOptions &options, bool lmHeadBias,
                                                           Generator &gen);
    /// The untied model after `Embedding(V, D); Linear(D, V); lm_head.weight.copy_(w)` with `weight`
    /// as w ([V, D]): `weight` becomes lm_head.weight (no copy) and the Linear's own V x D values are
    /// never drawn - `gen` skips them; the embedding and any bias are drawn as usual (issue #15).
    static std::unique_ptr<TiedModel> withLmHead(ParameterPtr weight, const EmbeddingOptions &options,
                                                 bool lmHeadBias, Generator &gen);

    Embedding &embedding() { return *m_embedding; }
    const Embedding &embedding() const { return *m_embedding; }
    Linear &lmHead() { return *m_lmHead; }
    const Linear &lmHead() const { return *m_lmHead; }

    bool isTied() const { return m_embedding->weight() == m_lmHead->weight(); }
    /// `lm_head.weight = embedding.weight`: the embedding's storage wins, the Linear's own values are
    /// dropped (returned so the UI can show what happened to them). RuntimeError naming both shapes
    /// when the Linear is not Linear(D, V).
    ParameterPtr tie();
    enum class UntieMode { Clone, Reinitialize };
    /// Gives lm_head its own storage: a clone of the current values, or a fresh reset_parameters()
    /// weight drawn from `gen`.
    void untie(UntieMode mode, Generator &gen);

    /// sum(p.numel() for p in model.parameters()): a shared storage counts once.
    Index parameterCount() const;
    /// parameterCount() * 4 (float32).
    std::uint64_t parameterBytes() const;
    /// The distinct parameters in model.parameters() order (embedding.weight, lm_head.weight if not
    /// tied, lm_head.bias if any).
    std::vector<ParameterPtr> parameters() const;

    /// The same layers with copies of the parameters (own storage, the tie kept, no gradients): a
    /// training step can be computed on it while this model is shown, and dropped.
    std::unique_ptr<TiedModel> copied() const;

    /// logits = lm_head(embedding(ids)).
    Tensor forward(const LongTensor &ids);

    /// One training step: zero_grad, forward, cross_entropy(logits.view(-1, V), targets.view(-1)),
    /// backward, optimizer.step(). Returns the loss as PyTorch computes it.
    struct StepResult {
        float loss = 0.0f;
        Tensor logits;
    };
    StepResult trainStep(const LongTensor &ids, const LongTensor &targets, Optimizer &optimizer);

    std::string repr() const;

private:
    TiedModel(std::unique_ptr<Embedding> embedding, std::unique_ptr<Linear> lmHead);

    std::unique_ptr<Embedding> m_embedding;
    std::unique_ptr<Linear> m_lmHead;
};

} // namespace embedlab::core
