// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "ui/model/Lab.h"
#include "ui/model/ViewState.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

namespace embedlab::core {
struct FitRecords;
class WeightFile;
} // namespace embedlab::core

namespace embedlab::ui {

/// A `.embedlab` session: JSON with a "version" field holding the sizes, seed, initialisers in
/// order, tie state, ids and view settings. The weights are regenerated from the seed and the
/// initialisers; only the parameters whose values cannot be regenerated (trained, loaded, untied)
/// are stored beside the session, each as `NAME.PART-DIGEST.npy` (`NAME.embedding-...`,
/// `NAME.lm_head-...`, `NAME.lm_head.bias-...`). Writes are atomic (QSaveFile) and never overwrite
/// the weights the previous version of the session names; reading a damaged or newer file reports
/// why and returns nothing, so the caller's state stays as it was.
///
/// The Fit a Text panel's run (issue #27) is kept whole beside it too, as `NAME.fit-DIGEST.safetensors`
/// (core::writeFitRecords: its losses, and its weights and optimiser state at the step shown), named
/// by "fit_run"; an EmbedLab that does not read it replays the run from its settings instead, to
/// the same bits.
///
/// Version 1 stores at most embedding.weight; version 2 adds lm_head.weight and lm_head.bias;
/// version 3 the whole view state of the document (ViewState: text mode, selection, the editors,
/// the optimiser, the panels). A session is written with the lowest version that holds it, so an
/// EmbedLab that reads only version 1 opens every session it can restore whole and refuses the
/// others as newer.
class SessionFile {
    Q_DECLARE_TR_FUNCTIONS(SessionFile)
public:
    static constexpr int kVersion = 3;
    static constexpr const char *kSuffix = "embedlab";

    /// `torch.nn.init.NAME_(parameter, ...)` as the session lists it.
    struct Init {
        QString parameter = QStringLiteral("embedding.weight");
        QString spec;
        /// torch.manual_seed(seed) right before the call, when the user asked for it.
        std::optional<std::uint64_t> seed;
        bool operator==(const Init &) const = default;
    };
    struct Session {
        Lab::Config config;
        QString idsText = QStringLiteral("2, 3, 1");
        QList<Init> inits;
        /// How the document is shown and what its editors hold (version 3; versions 1 and 2 kept
        /// the colour map, projector mode and the animation and lesson steps).
        ViewState view;
        /// Parameter name ("embedding.weight", "lm_head.weight", "lm_head.bias") -> file name,
        /// relative to the session, of its stored values. Parameters not listed are regenerated.
        QMap<QString, QString> weightFiles;
        /// The tokenizer the rows belong to: a tokenizer file, Vocabulary::kGpt2Source, or "" for
        /// none (also every session saved before tokenizers existed).
        QString tokenizer;
        /// What was done to the weights, with the code the code panel shows for it (training steps
        /// included), when the weights are stored: reopened, the code panel shows the same code
        /// rather than loads of the stored files. Empty in sessions saved before it was kept.
        QList<Lab::Operation> history;
        /// The file, relative to the session, of the fit's stored run (core::writeFitRecords), ""
        /// for none: its settings alone are then replayed.
        QString fitFile;
        bool operator==(const Session &) const = default;
    };

    /// The parameters a session can store, in the order they are written and restored.
    static QStringList storableParameters();
    /// The shape `parameter` has in a model built from `config`.
    static core::Shape shapeOf(const Lab::Config &config, const QString &parameter);
    /// The lowest session version that holds `session` whole.
    static int versionFor(const Session &session);

    static QJsonObject toJson(const Session &session);
    /// Empty optional and `error` set when the object is not a session this version understands.
    static std::optional<Session> fromJson(const QJsonObject &object, QString *error);

    /// Parameter name -> its values, for write().
    using Weights = QMap<QString, const core::Parameter *>;

    /// Writes `session` atomically. Each of `weights` is written as .npy beside it first (so a
    /// session never names a file that is missing) and replaces `weightFiles`, and so is `fit` (the
    /// fit's run, FitSession::records()), which replaces `fitFile`. Returns an error or "".
    static QString write(const QString &fileName, Session session, const Weights &weights = {},
                         const core::FitRecords *fit = nullptr);
    static std::optional<Session> read(const QString &fileName, QString *error);
    /// Reads the stored values of `parameter` of `session` (saved beside `sessionFileName`) into
    /// `weights`, whose shape must match. Returns an error or "" (also when none are stored).
    static QString readWeights(const QString &sessionFileName, const Session &session,
                               const QString &parameter, core::Parameter &weights);
    /// Reads every stored parameter of `session` with the shape its configuration gives it. Empty
    /// optional and `error` set when one is missing or damaged.
    static std::optional<QMap<QString, core::ParameterPtr>>
    readAllWeights(const QString &sessionFileName, const Session &session, QString *error);
    /// The fit's stored run of `session` (saved beside `sessionFileName`), opened and checked to be
    /// one (core::isFitRecordFile); nullptr when it names none, or with `error` set when it is missing
    /// or damaged (the run can still be replayed from its settings).
    static std::shared_ptr<const core::WeightFile> readFit(const QString &sessionFileName,
                                                           const Session &session, QString *error);
    /// The .npy name stored beside `fileName` for these values of `parameter`:
    /// NAME.embedding-DIGEST.npy, NAME.lm_head-DIGEST.npy or NAME.lm_head.bias-DIGEST.npy.
    static QString weightsFileFor(const QString &fileName, const QString &parameter,
                                  const core::Parameter &weights);
};

} // namespace embedlab::ui
