// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/nn/FitCorpus.h"
#include "core/nn/TiedModel.h"
#include "core/nn/Trainer.h"

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

namespace embedlab::core {

/// The settings of a fit. The defaults are the app's run ("watch it learn"): on each shipped text
/// (resources/texts) it puts tokens that belong together nearer than tokens that do not - king and
/// queen, apple and pear, Monday and Tuesday, two and three - for any seed tried
/// (tests/core/nn/tst_fit, learnsWhatBelongsTogether). It ties the head as GPT-2 does: on texts this
/// small a tied matrix learns from both ends of each example and its neighbourhoods are much clearer.
/// `embedlab-cli fit` keeps PyTorch's untied model unless --tied is given (FitCommand).
struct FitConfig {
    Index dim = 16;    ///< D, embedding_dim
    Index context = 4; ///< C, the tokens before each target
    Index batch = 32;  ///< B, examples per step
    std::uint64_t seed = 0;
    bool tied = true;  ///< head.weight = emb.weight
    bool bias = false; ///< nn.Linear(D, V, bias=...)
    OptimizerConfig optimizer = defaultOptimizer();
    /// Adam with lr=0.01 (the keys' defaults are torch.optim's, as for `embedlab-cli train`).
    static OptimizerConfig defaultOptimizer();
    /// The number of steps of the default run: about 34 passes over a 1,000-token text.
    static constexpr std::int64_t kDefaultSteps = 1000;
    bool operator==(const FitConfig &) const = default;
};

/// Why rows of emb.weight that the batch did not look up changed too (flags).
enum FitChange : unsigned {
    kChangedByLookup = 1,      ///< the looked-up rows have a gradient (sparse: SGD, untied)
    kChangedByTying = 2,       ///< lm_head's gradient reaches every row of the shared weight
    kChangedByMomentum = 4,    ///< rows with an earlier gradient keep moving (Adam; SGD momentum)
    kChangedByWeightDecay = 8, ///< weight_decay pulls every row
};

/// What one step did, for the views (loss curve, heatmaps with changed rows and the reason).
struct FitStepReport {
    std::int64_t step = 0; ///< from 1
    float loss = 0.0f;     ///< loss.item()
    /// The distinct rows of the batch's contexts, ascending.
    std::vector<std::int32_t> lookedUpRows;
    /// The rows of emb.weight whose values changed, ascending.
    std::vector<std::int32_t> changedRows;
    /// FitChange flags: why the rows changed (kChangedByLookup alone: sparse).
    unsigned reasons = 0;
};

/// Everything a step depends on, at one step: the parameters and the optimiser state.
struct FitSnapshot {
    std::int64_t step = 0;
    /// Copies of model.parameters() (emb.weight, lm_head.weight unless tied, lm_head.bias).
    std::vector<ParameterPtr> parameters;
    /// The optimiser's state (momentum buffers, Adam's moments and step), bound to `parameters`.
    std::unique_ptr<Optimizer> optimizer;
    /// Bytes held by the parameters and the optimiser state.
    std::size_t bytes = 0;
};

/// Training an Embedding and a Linear head on a text, exactly as this PyTorch 1.13 loop does:
///
///     torch.manual_seed(S)
///     emb = nn.Embedding(V, D); head = nn.Linear(D, V, bias=B)
///     head.weight = emb.weight                       # when tied
///     opt = torch.optim.Adam(nn.ModuleList([emb, head]).parameters(), ...)   # or SGD
///     for k in 1, 2, ...:
///         i = torch.arange((k - 1) * B, k * B) % len(y)  # sequential batches
///         loss = F.cross_entropy(head(emb(x[i]).mean(dim=1)), y[i])
///         opt.zero_grad(); loss.backward(); opt.step()
///
/// with x[i] = rows[i : i + C] and y[i] = rows[i + C] (FitCorpus). Its arithmetic is PyTorch's
/// (core/nn/FitKernels.h), each element computed by one
/// thread in a fixed order: the same steps give the same bits on any number of threads, so a step
/// computed again from a snapshot is bit-identical.
class TextFit {
public:
    /// Builds the model (the generator consumed as PyTorch's constructors do) and the optimiser.
    /// Throws core::Error (ValueError) for a text with fewer than context + 1 tokens, a size below
    /// 1, or optimiser settings torch.optim refuses (its message).
    TextFit(std::shared_ptr<const FitCorpus> corpus, const FitConfig &config);

    const FitConfig &config() const { return m_config; }
    const FitCorpus &corpus() const { return *m_corpus; }
    const std::shared_ptr<const FitCorpus> &sharedCorpus() const { return m_corpus; }
    Index vocabSize() const { return m_corpus->vocabSize(); }
    Index exampleCount() const { return m_examples; }
    /// ln V: the loss of a uniform guess, where a fresh model starts near.
    double uniformLoss() const;

    /// Steps taken so far.
    std::int64_t stepCount() const { return m_step; }
    /// Takes the next step and returns its loss.item(); fills `report` when given (its changed
    /// rows cost a copy and a comparison of emb.weight).
    float step(FitStepReport *report = nullptr);
    /// The index of the first example of step k (from 1): ((k - 1) * B) mod (number of examples).
    Index firstExampleOf(std::int64_t step) const;

    /// emb.weight [V, D], lm_head.weight [V, D] (the same storage when tied), lm_head.bias [V].
    const TiedModel &model() const { return *m_model; }
    ConstMatrixMap embedding() const { return std::as_const(*m_model->embedding().weight()).value(); }
    ConstMatrixMap head() const { return std::as_const(*m_model->lmHead().weight()).value(); }

    /// The state at this step, and back to it: the next step() then gives the same bits again.
    FitSnapshot snapshot() const;
    void restore(const FitSnapshot &snapshot);
    /// What snapshot() holds, in bytes: the parameters and the optimiser's state.
    std::size_t snapshotBytes() const;

private:
    void forward(Index first);
    void backward();

    std::shared_ptr<const FitCorpus> m_corpus;
    FitConfig m_config;
    Index m_examples = 0;
    std::unique_ptr<TiedModel> m_model;
    std::vector<ParameterPtr> m_parameters;
    std::unique_ptr<Optimizer> m_optimizer;
    std::int64_t m_step = 0;
    // Buffers of one step, kept between steps.
    std::vector<std::int64_t> m_targets; // [B]
    Matrix m_hidden;                     // [B, D]: emb(x).mean(dim=1)
    Matrix m_logits;                     // [B, V] (rows m_logitsStride apart): logits, then d loss / d logits
    Index m_logitsStride = 0;
    Matrix m_gradHidden;     // [B, D]
    LongTensor m_contextIds; // [B, C]: x[i], the rows of the batch's contexts
    Tensor m_gradContext;    // [B, C, D]: emb(x)'s gradient
    Matrix m_before;         // emb.weight before the step (reports)
};

} // namespace embedlab::core
