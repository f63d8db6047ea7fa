// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/nn/Trainer.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>

namespace embedlab::ui {

/// What the initialiser editors describe before it runs: the call the preview line shows and Apply
/// (or a pause with Live on) commits.
struct InitDraft {
    QString target = QStringLiteral("embedding.weight");
    /// core::InitSpec::toString(), e.g. "normal:std=0.02"; or the text typed while it is invalid.
    QString spec = QStringLiteral("normal");
    /// torch.manual_seed(seed) right before the call.
    std::optional<std::uint64_t> seed;
    bool live = true;
    bool operator==(const InitDraft &) const = default;
};

/// The Training panel's batch: by default the next-token task on the ids in effect (inputs
/// ids[..., :-1], targets ids[..., 1:], core::NextTokenBatch), which the document keeps in step with
/// the ids; the teacher may type a batch of their own (followsIds false).
struct TrainingBatch {
    bool followsIds = true;
    /// As the fields show them; while followsIds, the document writes them from the ids.
    QString ids = QStringLiteral("2, 3");
    QString targets = QStringLiteral("3, 1");
    bool operator==(const TrainingBatch &) const = default;
};

/// Where the Unembedding panel's h comes from, and the softmax temperature.
struct UnembeddingState {
    enum class Source { Token, Random, Typed };
    Source source = Source::Token;
    int token = 0;
    std::uint64_t seed = 0;
    /// The values typed (Source::Typed), as the field shows them.
    QString typed;
    double temperature = 1.0;
    bool operator==(const UnembeddingState &) const = default;
};

/// The histogram's tensor and whether it overlays both weights.
struct HistogramState {
    QString target = QStringLiteral("embedding.weight");
    bool compare = false;
    bool operator==(const HistogramState &) const = default;
};

/// The Fit a Text panel's run (issue #27) as the session file keeps it: its settings and how far it
/// went. The run itself (every loss, emb.weight at each step) is not stored: a fit is deterministic
/// (core::FitTimeline), so replaying it to `head` and seeking to `current` brings it back bit for bit.
struct FitState {
    /// The most steps a run is brought back to (a damaged session must not replay for hours).
    static constexpr int kMaxHead = 1'000'000;
    /// The fastest run: steps per frame (a tiny model takes a thousand steps in a few milliseconds).
    static constexpr int kMaxSpeed = 1000;
    /// The shipped text's code ("en", "vi", "zh"), or "own" for ownText; empty: no run.
    QString text;
    bool tied = true;
    /// The step shown, 0 .. head.
    int current = 0;
    /// The furthest step taken.
    int head = 0;
    /// Steps per frame while it runs.
    int speed = 4;
    /// The user's own text (pasted, or read from a .txt), when `text` is "own".
    QString ownText;
    /// Tied and untied side by side: a second run of the same text with the other tying follows
    /// this one's step.
    bool compare = false;
    /// The tokens learnt: "" for the text's default (GPT-2's, characters for Chinese), "chars",
    /// or a tokenizer's source (Vocabulary::kGpt2Source, a tokenizer file: the opened model's).
    QString tokens = {};
    /// torch.optim.SGD or Adam with the Training panel's keys (issue #27 item 2); Adam(lr=0.01), as
    /// `embedlab-cli fit`, unless the user chose another.
    core::OptimizerConfig optimizer = defaultOptimizer();
    bool operator==(const FitState &) const = default;
    /// core::FitConfig::defaultOptimizer().
    static core::OptimizerConfig defaultOptimizer();
};

/// Every part of the document that is not the model itself (configuration, weights, tokenizer and
/// ids live in the Lab): how it is shown and what the editors hold. One list (fields()) names each
/// field once; the session file, the transition test and the language switch loop over it.
struct ViewState {
    /// What the ids field holds: the ids in effect as text, or an entry the model refused (kept with
    /// its error, "2, 3, 4" on 4 rows). Empty: the ids in effect.
    QString idsEntry;
    /// The field takes text for the tokenizer instead of ids.
    bool textMode = false;
    /// The row every view marks (-1: none).
    int selectedRow = -1;
    int animationStep = 0;
    QString colorMap = QStringLiteral("RdBu");
    /// The heatmaps outline the storage blocks and scale groups of a quantised tensor (issue #30).
    bool blockGrid = false;
    InitDraft initDraft;
    core::OptimizerConfig optimizer = defaultOptimizer();
    TrainingBatch trainingBatch;
    UnembeddingState unembedding;
    HistogramState histogram;
    /// -1: the guided lesson is not running.
    int lessonStep = -1;
    bool projector = false;
    /// Projected, the side panels shown from View, in the order shown (projector mode hides the
    /// others): a whole picture (Fit a Text, PanelRegistry::Panel::replacesMainWhenProjected) in the
    /// main pane's place, the others docked. Empty outside projector mode.
    QStringList projectedPanels;
    bool focus = false;
    /// The side panels shown, by registry name ("layer", "code", ...).
    QStringList panels = defaultPanels();
    FitState fit;

    bool operator==(const ViewState &) const = default;

    static QStringList defaultPanels();
    /// The Training panel's first settings: SGD(lr=0.1), and Adam(lr=0.01) when Adam is chosen.
    static core::OptimizerConfig defaultOptimizer();

    /// One field of the document: its key in the session file.
    enum class Field {
        IdsEntry,
        TextMode,
        SelectedRow,
        AnimationStep,
        ColorMap,
        BlockGrid,
        InitDraft,
        Optimizer,
        TrainingBatch,
        Unembedding,
        Histogram,
        LessonStep,
        Projector,
        ProjectedPanels,
        Focus,
        Panels,
        Fit,
    };
    struct FieldInfo {
        Field field;
        const char *key;
    };
    /// Every field, in the order the session file writes them.
    static const QList<FieldInfo> &fields();
    /// Whether `a` and `b` agree on `field`.
    static bool sameField(const ViewState &a, const ViewState &b, Field field);

    /// The fields as JSON ("textMode": true, "initDraft": {...}, ...).
    QJsonObject toJson() const;
    /// Reads what `object` holds over the defaults; a field of the wrong type is an error (returns
    /// nullopt and sets `error` naming it). Missing fields keep their defaults (older sessions).
    static std::optional<ViewState> fromJson(const QJsonObject &object, QString *error);
};

/// JSON of an optimiser's settings ({"kind": "adam", "lr": 0.001, ...}) and back.
QJsonObject optimizerToJson(const core::OptimizerConfig &config);
std::optional<core::OptimizerConfig> optimizerFromJson(const QJsonObject &object, QString *error);

} // namespace embedlab::ui
