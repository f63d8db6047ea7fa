// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/nn/Optimizer.h"
#include "core/nn/TiedModel.h"
#include "core/tensor/Error.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace embedlab::core {

/// Which torch.optim class and its arguments.
struct OptimizerConfig {
    enum class Kind { Sgd, Adam };
    Kind kind = Kind::Sgd;
    SGDOptions sgd;
    AdamOptions adam;
    bool operator==(const OptimizerConfig &other) const;
    /// torch.optim.SGD(params, ...) or Adam(params, ...); ValueError with torch.optim's message
    /// for invalid settings (a negative lr, nesterov without momentum).
    std::unique_ptr<Optimizer> create(std::vector<ParameterPtr> params) const;
    double weightDecay() const { return kind == Kind::Sgd ? sgd.weightDecay : adam.weightDecay; }
    /// True when rows with an earlier gradient keep moving: SGD with momentum, or Adam.
    bool remembers() const { return kind == Kind::Adam || sgd.momentum != 0.0; }
    /// The keyword arguments as Python writes them: lr always, then each one that differs from
    /// torch.optim's default ("lr=0.1", "momentum=0.9", "betas=(0.8, 0.99)", "nesterov=True").
    std::vector<std::string> pythonArguments() const;
    /// `torch.optim.SGD(PARAMS, lr=0.1, ...)` with `params` as the first argument.
    std::string pythonCall(const std::string &params) const;
    /// The class and its keyword arguments, for a label: `Adam(lr=0.01)`, `SGD(lr=0.1, momentum=0.9)`.
    std::string shortCall() const;
};

/// ids and targets of different shapes (with the same number of elements): PyTorch would pair them
/// in flattened order after .view(-1); the lesson refuses, since targets[k] should follow ids[k].
class BatchShapeError : public Error {
public:
    BatchShapeError(Shape ids, Shape targets);
    Shape ids;
    Shape targets;
};

/// What one step did to one parameter.
struct ParameterReport {
    /// "embedding.weight", "lm_head.weight" or "lm_head.bias", as named in model.parameters().
    std::string name;
    /// A copy of .grad after loss.backward() (zeros when it has none).
    ParameterPtr gradient;
    /// after - before.
    ParameterPtr change;
    /// Rows (entries for a 1-D parameter) with a non-zero gradient / with any value changed.
    std::vector<int> gradientRows;
    std::vector<int> changedRows;
    /// Number of rows (entries for a 1-D parameter).
    int rowCount = 0;
    /// Tied weights only (up to Trainer::kSplitElements): the two parts autograd adds into the
    /// shared .grad, recomputed apart from the weights before the step. lookup + head == gradient.
    ParameterPtr lookupGradient;
    ParameterPtr headGradient;
};

/// Everything a view needs to show and explain one step.
struct TrainingReport {
    float loss = 0.0f;
    /// Steps taken with this optimiser state, this one included.
    int step = 0;
    bool tied = false;
    LongTensor ids;
    LongTensor targets;
    EmbeddingOptions embeddingOptions;
    OptimizerConfig optimizer;
    /// The distinct ids in order of first appearance: the rows the embedding looked up.
    std::vector<int> lookedUpRows;
    /// Embedding rows that had a gradient in an earlier step of this optimiser state.
    std::vector<int> rowsWithHistory;
    /// One per distinct parameter, in model.parameters() order.
    std::vector<ParameterReport> parameters;
    /// The report for `name`; with tying "lm_head.weight" answers for embedding.weight.
    const ParameterReport *find(const std::string &name) const;
};

/// A trainer's optimiser state as it was at one moment (Trainer::saveState()): a copy of the
/// optimiser with its state, bound to the same parameters, and the step count. Undo keeps it so that
/// a step undone leaves the optimiser exactly as before it, and a step replayed reproduces its bits.
struct TrainerState {
    OptimizerConfig config;
    std::shared_ptr<const Optimizer> optimizer; ///< nullptr: a fresh optimiser
    int stepCount = 0;
    std::vector<int> rowsWithHistory;
    std::uint64_t bytes() const { return optimizer ? optimizer->stateBytes() : 0; }
};

/// One training step computed on copies of the weights and of the optimiser state (Trainer::compute,
/// on any thread), given to the model by Trainer::commit() on the model's thread. Dropped before
/// the commit, it leaves the model and the optimiser exactly as they were.
struct DetachedStep {
    std::unique_ptr<TiedModel> model;     ///< the copies, stepped
    std::unique_ptr<Optimizer> optimizer; ///< bound to model's parameters
    TrainingReport report;
    std::vector<int> rowsWithHistory; ///< after this step
};

/// Training steps on a TiedModel with an optimiser whose state (momentum buffers, Adam's averages)
/// survives between steps until the settings, the model's parameters or reset() change it.
class Trainer {
public:
    /// Up to this many weight elements the tied gradient is split into its two uses.
    static constexpr Index kSplitElements = 1 << 20;

    /// PyTorch's error for a batch that embedding(ids) or cross_entropy would refuse
    /// (IndexError for ids or targets out of range, ValueError for batch sizes that differ).
    static void validateBatch(const TiedModel &model, const LongTensor &ids, const LongTensor &targets);

    const OptimizerConfig &optimizer() const { return m_config; }
    /// Returns whether optimiser state was dropped (settings differ and steps were taken).
    bool setOptimizer(const OptimizerConfig &config);
    /// Drops the optimiser state; returns whether there was any.
    bool reset();
    /// True when `model.parameters()` is no longer the set the optimiser was built for.
    bool isStaleFor(const TiedModel &model) const;
    int stepCount() const { return m_stepCount; }
    /// A copy of the optimiser's settings and state (bound to the same parameters).
    TrainerState saveState() const;
    /// Puts back what saveState() took; the state stays usable for another restore.
    void restoreState(const TrainerState &state);
    /// Bytes saveState() would copy.
    std::uint64_t stateBytes() const { return m_optimizer ? m_optimizer->stateBytes() : 0; }

    /// zero_grad, forward, cross_entropy(logits.view(-1, V), targets.view(-1)), backward, step.
    /// Throws Error (and changes nothing but the optimiser state of stale parameters) for a bad
    /// batch or invalid optimiser settings. ids and targets of other shapes are paired in flattened
    /// order, as PyTorch does; a lesson that wants them alike calls checkSameShape() first.
    TrainingReport step(TiedModel &model, const LongTensor &ids, const LongTensor &targets);

    /// Called between the phases of compute() with the phases done and their number; returning
    /// false cancels the step there.
    using Progress = std::function<bool(int done, int total)>;
    /// step() on copies: reads `model` and this trainer, writes neither, so a worker thread may run
    /// it while nothing else writes them. The batch must be valid and prepare() done. Empty when
    /// `progress` cancelled it.
    std::optional<DetachedStep> compute(const TiedModel &model, const LongTensor &ids,
                                        const LongTensor &targets, const Progress &progress = {}) const;
    /// Gives the stepped copies' values (and gradients) to `model`'s parameters without copying them
    /// and takes the stepped optimiser state. `model` must still be the one compute() read.
    TrainingReport commit(TiedModel &model, DetachedStep &&step);
    /// BatchShapeError when ids and targets differ in shape.
    static void checkSameShape(const LongTensor &ids, const LongTensor &targets);

    /// Builds the optimiser for `model.parameters()` unless the current one fits (a fresh one
    /// drops the state); ValueError with torch.optim's message for invalid settings.
    void prepare(const TiedModel &model);

private:
    OptimizerConfig m_config;
    std::unique_ptr<Optimizer> m_optimizer;
    int m_stepCount = 0;
    std::vector<int> m_rowsWithHistory;
};

} // namespace embedlab::core
