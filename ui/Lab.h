// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/OneHot.h"
#include "core/Parameter.h"
#include "core/Tensor.h"
#include "core/TiedModel.h"

#include <QFuture>
#include <QObject>
#include <QString>

#include <cstdint>
#include <memory>
#include <optional>

namespace embedlab::ui {

/// The one QObject that owns the lesson's core objects (a TiedModel, the seed, the token ids and the
/// computed lookup paths) and tells the views what changed. Core errors are caught here and turned
/// into signals; big models are rebuilt off the UI thread.
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
        bool operator==(const Config &) const = default;
    };
    /// A model configuration plus the ids text, for undo/redo.
    struct Snapshot {
        Config config;
        QString idsText;
        bool operator==(const Snapshot &) const = default;
    };
    enum class Preset { Reference, Gpt2Small };

    /// Models up to this many weight elements are rebuilt synchronously (instantly, and
    /// deterministic for tests); bigger ones on a worker thread.
    static constexpr core::Index kSynchronousElements = 1 << 20;

    /// Opens on the reference documents' example: seed 123, Embedding(4, 5), Linear(5, 4,
    /// bias=False), ids [2, 3, 1].
    explicit Lab(QObject *parent = nullptr);
    ~Lab() override;

    static Config presetConfig(Preset preset);
    static QString presetIds(Preset preset);

    const Config &config() const { return m_config; }
    /// Rebuilds the model (torch.manual_seed(seed), then the constructors) when `config` differs.
    void setConfig(const Config &config);
    void applyPreset(Preset preset);
    void setSeed(std::uint64_t seed);
    void setTied(bool tied);

    Snapshot snapshot() const { return {m_config, m_idsText}; }
    void restore(const Snapshot &snapshot);

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
    /// The weight as printed before embedding(ids) ran (differs only with max_norm, which
    /// renormalises the looked-up rows in place).
    const core::Tensor &weightBeforeForward() const { return m_weightBeforeForward; }

    int selectedRow() const { return m_selectedRow; }
    /// -1 clears the selection; rows outside [0, V) are ignored.
    void selectRow(int row);

    bool isBusy() const { return m_busy; }

    /// Hook for the initialiser specs ("normal:mean=0,std=0.02") once core::InitSpec lands.
    /// Reports through initFailed() until then.
    void applyInit(const QString &parameterName, const QString &spec);

Q_SIGNALS:
    void weightsChanged();
    void rowSelected(int row);
    void tiedChanged(bool tied);
    void idsChanged();
    void idsError(const QString &message);
    void modelRebuilt();
    void configChanged();
    /// The lookup paths (and the printed outputs) were recomputed.
    void pathsChanged();
    void busyChanged(bool busy);
    /// What is being computed, for the status bar ("Building Embedding(50257, 768) ...").
    void busyMessage(const QString &message);
    void rebuildFailed(const QString &message);
    void initFailed(const QString &message);

private:
    struct Job;
    struct Built;
    static std::shared_ptr<Built> run(const Job &job);
    /// Runs `job` now when it is small, else on a worker thread; queues behind a running job.
    void schedule(bool rebuild);
    void startJob(const Job &job, bool synchronous);
    void adopt(const std::shared_ptr<Built> &built);
    void onJobFinished(const std::shared_ptr<Built> &built);
    void setBusy(bool busy);
    /// Empty when `ids` fit an embedding of `numEmbeddings` rows, else PyTorch's message.
    static QString validateIds(const core::LongTensor &ids, core::Index numEmbeddings);
    void revalidateIds();
    /// Parses, validates and takes the ids; returns whether the ids in effect changed.
    bool acceptIds(const QString &text);

    Config m_config;
    Config m_modelConfig;
    std::shared_ptr<core::TiedModel> m_model;
    core::LongTensor m_ids;
    QString m_idsText;
    bool m_idsValid = false;
    QString m_idsError;
    core::LookupPaths m_paths;
    bool m_hasPaths = false;
    core::Tensor m_weightBeforeForward;
    int m_selectedRow = -1;
    bool m_busy = false;
    // Only one job runs at a time; requests that arrive meanwhile are merged into these flags.
    bool m_rebuildPending = false;
    bool m_pathsPending = false;
    QFuture<std::shared_ptr<Built>> m_future;
};

} // namespace embedlab::ui
