// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/init/Generator.h"
#include "core/init/InitSpec.h"
#include "core/nn/OneHot.h"
#include "core/nn/TiedModel.h"
#include "core/nn/Trainer.h"
#include "core/tensor/Parameter.h"
#include "core/tensor/Tensor.h"
#include "ui/model/Vocabulary.h"

#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

#include <cmath>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>

namespace embedlab::ui {

class LabScheduler;
class LabTraining;

/// The one QObject that owns the lesson's core objects (a TiedModel, the seed, the token ids and the
/// computed lookup paths) and tells the views what changed. Core errors are caught here and turned
/// into signals; big models are rebuilt off the UI thread. Its jobs (rebuilding, lookup paths,
/// initialisers) run in the LabScheduler it owns, its training steps in its LabTraining.
class Lab : public QObject {
    Q_OBJECT
public:
    /// Everything that determines the model: the code panel prints exactly these arguments.
    struct Config {
        core::Index numEmbeddings = 4;
        core::Index embeddingDim = 5;
        std::optional<core::Index> paddingIdx;
        std::optional<double> maxNorm;
        bool lmHeadBias = false;
        bool tied = false;
        std::uint64_t seed = 123;
        bool operator==(const Config &other) const
        {
            // PyTorch accepts max_norm=nan (nothing is renormalised); such a configuration must
            // equal itself, or every setConfig() rebuilds and a tie is never done in place.
            const bool sameMaxNorm = maxNorm.has_value() == other.maxNorm.has_value() &&
                                     (!maxNorm || *maxNorm == *other.maxNorm ||
                                      (std::isnan(*maxNorm) && std::isnan(*other.maxNorm)));
            // Every member is compared: add new ones here too.
            return numEmbeddings == other.numEmbeddings && embeddingDim == other.embeddingDim &&
                   paddingIdx == other.paddingIdx && sameMaxNorm && lmHeadBias == other.lmHeadBias &&
                   tied == other.tied && seed == other.seed;
        }
    };
    /// One thing done to the weights after the constructors, in order. The code panel prints
    /// `python` so the pasted code reproduces the numbers; sessions replay `kind`, `target`, `spec`.
    struct Operation {
        enum class Kind { Tie, Untie, Init, Step, Load };
        Kind kind = Kind::Init;
        /// "embedding.weight", "lm_head.weight" or "lm_head.bias".
        QString target;
        /// Init: core::InitSpec::toString(); Untie: "clone" or "reinitialize"; Load: "FILE:TENSOR".
        QString spec;
        /// torch.manual_seed(seed) right before an Init, when the user asked for it.
        std::optional<std::uint64_t> seed;
        /// The Python lines that do it (no trailing newline).
        QString python;
        /// What those lines print (no trailing newline; empty when they print nothing): the Output
        /// pane shows it before the prints of the state.
        QString output;
        /// Load: how the file stores the tensor's elements, core::elementTypeName() ("Q4_K", "BF16";
        /// empty when not known): the views name the quantisation (issue #30).
        QString element = {};
        bool operator==(const Operation &) const = default;
    };
    /// Everything undo needs to put the weights back exactly: the tie state, the values of the
    /// parts captured (nullptr: not captured, left as they are; core::Parameter::snapshot(), so
    /// bf16 words read in place are shared, not copied), the generator and the history.
    struct WeightState {
        bool tied = false;
        std::shared_ptr<const core::Parameter> embedding;
        std::shared_ptr<const core::Parameter> lmHead; // only when untied
        std::shared_ptr<const core::Parameter> bias;
        core::Generator::State generator;
        QList<Operation> history;
        /// The sizes of the model the values were captured from: they go back only into a model of
        /// the same sizes (the model may have been replaced outside the undo history since).
        core::Index numEmbeddings = 0;
        core::Index embeddingDim = 0;
        bool hasBias = false;
        /// Memory held by the captured values (words shared with a file's mapping hold none).
        std::uint64_t bytes() const;
    };
    enum WeightPart { EmbeddingPart = 1, LmHeadPart = 2, BiasPart = 4, AllParts = 7 };
    /// The model object itself with what belongs to it (kept alive by undo commands so that undoing
    /// a configuration change or a load gives back the exact weights without rebuilding).
    struct ModelState {
        Config config;
        std::shared_ptr<core::TiedModel> model;
        core::Generator::State generator;
        QList<Operation> history;
    };
    /// A model configuration plus the ids text, for undo/redo; `model`, when set, is adopted as it
    /// is instead of rebuilding from `config`.
    struct Snapshot {
        Config config;
        QString idsText;
        std::shared_ptr<const ModelState> model = nullptr;
        /// Build a new model from `config` even when it equals the one in effect (a preset puts
        /// back the default weights after initialisers, steps or loads).
        bool fresh = false;
        /// The tokenizer the rows belong to; nothing keeps the one in effect.
        std::optional<Vocabulary> vocabulary = std::nullopt;
        /// The ids did not fit the size and were kept (revalidateIds()): taken back as they are, where
        /// ids written into a snapshot (a lesson step's "2, 3, 4" on 4 rows) are refused as typed.
        bool idsKept = false;
        /// Compares what the user sees (configuration and ids), not the model objects.
        bool operator==(const Snapshot &other) const
        {
            return config == other.config && idsText == other.idsText;
        }
    };
    enum class Preset { Reference, Gpt2Small };
    /// Which layer a loaded matrix becomes.
    enum class LoadRole { Embedding, LmHead };
    /// The untied lm_head a file stores beside the embedding it loads (Llama 3's lm_head.weight).
    struct FileHead {
        core::ParameterPtr matrix;
        QString tensor;
        QString element; // how the file stores it: a GGUF's output.weight may be Q6_K beside a Q4_K embedding
    };

    /// Models up to this many weight elements are rebuilt synchronously (instantly, and
    /// deterministic for tests); bigger ones on a worker thread.
    static constexpr core::Index kSynchronousElements = 1 << 20;

    /// Opens on the reference documents' example: seed 123, Embedding(4, 5), Linear(5, 4,
    /// bias=False), ids [2, 3, 1].
    explicit Lab(QObject *parent = nullptr);
    ~Lab() override;

    static Config presetConfig(Preset preset);
    static QString presetIds(Preset preset);
    /// GPT-2's real tokenizer for its preset, none for the reference example.
    static Vocabulary presetVocabulary(Preset preset);

    const Config &config() const { return m_config; }
    /// Rebuilds the model (torch.manual_seed(seed), then the constructors) when `config` differs.
    void setConfig(const Config &config);
    void applyPreset(Preset preset);
    void setSeed(std::uint64_t seed);
    /// Ties in place (tie()) or unties keeping the values (untie(Clone)); no rebuild.
    void setTied(bool tied);
    /// `lm_head.weight = embedding.weight` on the current model: the embedding's storage wins.
    /// Emits notice() saying what happened to lm_head's own values, or tieFailed() with core's
    /// message when the Linear is not Linear(D, V). Returns whether the model is tied afterwards.
    bool tie();
    /// Gives lm_head its own storage: a clone of the shared values, or a reset_parameters() weight
    /// (and bias) drawn from the Lab's generator.
    void untie(core::TiedModel::UntieMode mode);

    Snapshot snapshot() const { return {m_config, m_idsText, nullptr, false, m_vocabulary, !m_idsValid}; }
    /// snapshot() plus the current model object (when no rebuild is running).
    Snapshot snapshotWithModel() const;
    void restore(const Snapshot &snapshot);

    /// Deep copies of the `parts` (WeightPart flags) of the current model, with the tie state,
    /// generator and history. Synchronous: a GPT-2 sized weight is a 154 MB copy.
    WeightState captureWeights(int parts) const;
    /// The bytes captureWeights(parts) would copy, without copying.
    std::uint64_t weightBytes(int parts) const;
    /// Puts back what captureWeights() took: re-ties or unties in place, copies the values into
    /// the current parameters, restores the generator and history. Refused (returns false, changes
    /// nothing, emits notice() saying why) when the current model has other sizes than the one
    /// `state` was taken from: a lesson step or a direct setConfig() replaced it without an undo step.
    bool restoreWeights(const WeightState &state);

    /// The optimiser's settings and state as they are now (undo keeps them with a step's weights).
    core::TrainerState trainerState() const;
    std::uint64_t trainerStateBytes() const;
    /// Puts back what trainerState() took, for the current model's parameters.
    void restoreTrainerState(const core::TrainerState &state);
    /// A recorded training step once more, synchronously and exactly (undo and redo replay it): the
    /// report's batch and optimiser settings, from a fresh optimiser when it was the first step of
    /// its state. Records it in history() and emits trained(), as the step did.
    void replayTrainingStep(const core::TrainingReport &recorded);
    /// Undo or redo put the optimiser's state back (or forward) with the weights: views say so.
    void notifyOptimizerRestored() { Q_EMIT optimizerReset(OptimizerResetReason::Restored); }

    /// Parses and validates the ids ("2, 3, 1", "[[2, 3], [1, 0]]"). On success the ids take
    /// effect and idsChanged() is emitted; otherwise idsError() carries PyTorch's message and the
    /// last valid ids stay in effect. Returns whether the text was accepted.
    bool setIdsText(const QString &text);
    QString idsText() const { return m_idsText; }
    const core::LongTensor &ids() const { return m_ids; }
    /// The ids flattened in order (one animation step group per id).
    QList<qint64> flatIds() const;
    /// False while the ids in effect do not fit the model (after shrinking num_embeddings).
    bool idsValid() const { return m_idsValid; }
    QString idsErrorMessage() const { return m_idsError; }

    /// The tokenizer the rows of the model belong to (none: rows are shown by id only).
    const Vocabulary &vocabulary() const { return m_vocabulary; }
    /// Takes `vocabulary` for the rows and emits vocabularyChanged() when it is another one.
    void setVocabulary(const Vocabulary &vocabulary);

    /// The configuration the current model was built with (config() may be ahead of it while a
    /// big model is being rebuilt).
    const Config &modelConfig() const { return m_modelConfig; }
    const core::TiedModel &model() const { return *m_model; }
    core::ParameterPtr embeddingWeight() const;
    core::ParameterPtr lmHeadWeight() const;
    core::ParameterPtr lmHeadBias() const;
    bool isTied() const;
    core::Index parameterCount() const;
    std::uint64_t parameterBytes() const;

    /// embedding(ids), weight[ids], one_hot(ids) @ weight and the Linear path, computed for real.
    /// Empty tensors while there are no valid ids or while they are being computed.
    const core::LookupPaths &paths() const { return m_paths; }
    bool hasPaths() const { return m_hasPaths; }
    /// With max_norm: the weight as print(embedding.weight) shows it after the code's embedding(ids),
    /// which renormalises the looked-up rows in place. The Lab's own lookup runs on a copy, so the
    /// model keeps the values the history produced (issue #16 item 8); nullptr without max_norm.
    core::ParameterPtr weightAfterForward() const { return m_weightAfterForward; }
    /// The embedding weight as PyTorch holds it after the printed code: weightAfterForward() with
    /// max_norm, else embeddingWeight(). The heatmap and the statistics show this one, so they never
    /// disagree with the code's last print (issue #24 item 9).
    core::ParameterPtr displayedEmbedding() const;
    /// The rows the code's embedding(ids) renormalised (max_norm), in order; empty without.
    QList<int> renormalisedRows() const;

    int selectedRow() const { return m_selectedRow; }
    /// -1 clears the selection; rows outside [0, V) are ignored.
    void selectRow(int row);

    bool isBusy() const { return m_busy; }
    /// Runs `then` once the Lab has finished what it is computing (at once when it is idle), unless
    /// `context` is destroyed first.
    void whenIdle(QObject *context, std::function<void()> then);

    /// `torch.nn.init.NAME_(target, ...)` on "embedding.weight", "lm_head.weight" or "lm_head.bias",
    /// consuming the Lab's generator as PyTorch would after the constructors (after
    /// torch.manual_seed(seed) when `seed` is set). With `base`, the generator and history start
    /// from it instead (a slider drag re-running its first request). Big tensors are initialised on a
    /// worker thread; errors arrive through initFailed().
    void applyInit(const QString &target, const core::InitSpec &spec, std::optional<std::uint64_t> seed = {},
                   const WeightState *base = nullptr);
    /// The same with a spec written as text ("normal:mean=0,std=0.02").
    void applyInit(const QString &target, const QString &spec);
    /// Something outside the Lab (the training panel) changed the weights: records `op`, updates views.
    void recordWeightsChange(const Operation &op);

    /// Replaces the model by one whose embedding (LoadRole::Embedding: Embedding(V, D) from the
    /// matrix's [V, D]) or lm_head (LmHead: Linear(D, V) from [V, D]) is `matrix` itself (adopted,
    /// not copied), built after torch.manual_seed(seed) like any model; the values it replaces are
    /// never drawn (core::TiedModel::withEmbedding). `tied` ties the lm_head to a loaded embedding.
    /// `element` is how the file stores it (core::elementTypeName(), Operation::element). `head`, the
    /// file's own lm_head of the same shape, becomes lm_head.weight of an untied loaded embedding.
    void loadMatrix(core::ParameterPtr matrix, const QString &file, const QString &tensor, LoadRole role,
                    bool tied, const QString &element = {}, const FileHead &head = {});

    /// A session's model: `config` built around `embedding` (stored values, adopted as
    /// embedding.weight: nothing drawn for them, no copy), recorded in the history as `restore`.
    void adoptEmbedding(const Config &config, core::ParameterPtr embedding, const Operation &restore);

    /// What was done to the weights after the constructors, in order.
    const QList<Operation> &history() const { return m_history; }
    /// The initialisers in order, as "TARGET=SPEC" ("embedding.weight=normal:std=0.02").
    QStringList initHistory() const;
    /// The last initialiser applied to `target` (through the tie for lm_head.weight) when nothing
    /// but initialisers ran since, if any.
    std::optional<core::InitSpec> lastInit(const QString &target) const;
    /// The initialiser the values of `target` come from: its operation, its spec, and how many
    /// training steps moved them since. None after a load or an untie of lm_head.
    struct InitInEffect {
        Operation operation;
        core::InitSpec spec;
        int stepsSince = 0;
    };
    std::optional<InitInEffect> initInEffect(const QString &target) const;
    /// What theory predicts for the values of `target`: the distribution of the initialiser they
    /// come from (through training steps, counted in stepsSince), else the constructor's default.
    /// None after a load (the values are data) or for an initialiser without a density.
    struct Expected {
        core::init::Distribution distribution;
        int stepsSince = 0;
    };
    std::optional<Expected> expectedDistribution(const QString &target) const;
    /// "FILE:TENSOR" when the current weights came from a file, else empty.
    QString loadedFrom() const;
    /// Why the optimiser state was dropped (views word it).
    enum class OptimizerResetReason { ByHand, SettingsChanged, NewModel, Tied, ParametersChanged, Restored };
    /// The optimiser the next trainStep() uses; other settings than the current ones drop its state.
    void setOptimizer(const core::OptimizerConfig &config);
    const core::OptimizerConfig &optimizer() const;
    /// Drops the momentum buffers / Adam state: the next step starts a fresh optimiser.
    void resetOptimizer();
    /// The memory a training step may add (MemAvailable of /proc/meminfo, read once, unless set
    /// here); a step that needs more is refused with trainingFailed() naming what it would need.
    void setAvailableMemory(std::optional<std::uint64_t> bytes);
    /// Steps taken with the current optimiser state (0 after a reset).
    int trainingSteps() const;
    /// Models up to this many weights are trained on the UI thread (at once, deterministic for
    /// tests); a step on a bigger one runs on a worker thread and can be cancelled.
    static constexpr core::Index kSynchronousTrainingElements = 1 << 21;
    /// One training step (zero_grad, forward, cross_entropy, backward, optimizer.step()), the only
    /// way the weights are trained. Refused while a job runs, for ids and targets of different
    /// shapes, or with PyTorch's message for a bad batch or invalid optimiser settings: then
    /// trainingFailed() says why, nothing changes, and false is returned. The training gate may
    /// decline it (false, nothing changes). Otherwise emits aboutToTrain() right before the
    /// weights change, records the step in history() and emits trained() with what changed: at
    /// once for a small model; for a big one the step is computed on copies on a worker
    /// (trainingStarted(), trainingProgress(), busy meanwhile) and committed when it is done, or
    /// dropped by cancelTraining() (trainingCancelled(), nothing changes). True when it ran or
    /// started.
    bool trainStep(const core::LongTensor &ids, const core::LongTensor &targets);
    /// Drops the step running on a worker: the weights and the optimiser stay exactly as they were.
    void cancelTraining();
    bool isTraining() const;
    /// Asked once a step is valid, before anything is copied for it (the undo history asks whether
    /// a step that cannot be undone may run); false declines the step.
    void setTrainingGate(std::function<bool()> gate);
    core::ParameterPtr parameter(const QString &name) const;
    const core::Generator &generator() const { return m_generator; }

Q_SIGNALS:
    void weightsChanged();
    void rowSelected(int row);
    void tiedChanged(bool tied);
    void idsChanged();
    void idsError(const QString &message);
    /// vocabulary() is another tokenizer, or none.
    void vocabularyChanged();
    void modelRebuilt();
    void configChanged();
    /// The lookup paths (and the printed outputs) were recomputed.
    void pathsChanged();
    void busyChanged(bool busy);
    /// What is being computed, for the status bar ("Building Embedding(50257, 768) ...").
    void busyMessage(const QString &message);
    void rebuildFailed(const QString &message);
    void initFailed(const QString &message);
    void tieFailed(const QString &message);
    /// history() changed (an init, tie, untie, step or load, or their undo).
    void historyChanged();
    /// Something the user should know about what just happened (status bar / info bar).
    void notice(const QString &message);
    /// A training step is valid and the weights are about to change: take an undo snapshot now.
    void aboutToTrain();
    void trained(const core::TrainingReport &report);
    void trainingFailed(const QString &message);
    /// A step on a big model is being computed on a worker; cancelTraining() drops it.
    void trainingStarted();
    /// `done` of the step's phases are done.
    void trainingProgress(int done, int total);
    /// The step running on a worker was dropped; nothing changed.
    void trainingCancelled();
    /// The optimiser state (momentum buffers, Adam's averages) was dropped.
    void optimizerReset(embedlab::ui::Lab::OptimizerResetReason reason);

private:
    friend class LabScheduler;
    friend class LabTraining;
    /// After any change of the values: repaint, print, recompute embedding(ids).
    void weightsEdited();
    void setBusy(bool busy);
    static Operation tieOperation(const QString &why);
    /// Empty when `ids` fit a [numEmbeddings, embeddingDim] embedding, else PyTorch's message.
    static QString validateIds(const core::LongTensor &ids, core::Index numEmbeddings,
                               core::Index embeddingDim);
    void revalidateIds();
    /// Parses, validates and takes the ids; returns whether the ids in effect changed.
    bool acceptIds(const QString &text);
    /// A snapshot's ids: kept ones (Snapshot::idsKept) back as they were, also when they do not fit
    /// its size (the teacher's ids after the model shrank under them), reported as revalidateIds()
    /// does; others through acceptIds(). Returns whether the ids in effect changed.
    bool restoreIds(const Snapshot &snapshot);

    Config m_config;
    Config m_modelConfig;
    std::shared_ptr<core::TiedModel> m_model;
    core::LongTensor m_ids;
    QString m_idsText;
    Vocabulary m_vocabulary;
    bool m_idsValid = false;
    QString m_idsError;
    core::LookupPaths m_paths;
    bool m_hasPaths = false;
    core::ParameterPtr m_weightAfterForward;
    int m_selectedRow = -1;
    bool m_busy = false;
    core::Generator m_generator;
    QList<Operation> m_history;
    // Last: destroyed first, each waits for its worker while the Lab is whole.
    std::unique_ptr<LabScheduler> m_scheduler;
    std::unique_ptr<LabTraining> m_training;
};

} // namespace embedlab::ui
