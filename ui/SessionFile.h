// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "ui/Lab.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

namespace embedlab::ui {

/// A `.embedlab` session: JSON with a "version" field holding the sizes, seed, initialisers in
/// order, tie state, ids and view settings. The weights are regenerated from the seed and the
/// initialisers; only when they were edited (trained, loaded) are they stored beside the session as
/// `NAME.embedding-DIGEST.npy`. Writes are atomic (QSaveFile) and never overwrite the weights the
/// previous version of the session names; reading a damaged or newer file reports
/// why and returns nothing, so the caller's state stays as it was.
class SessionFile {
    Q_DECLARE_TR_FUNCTIONS(SessionFile)
public:
    static constexpr int kVersion = 1;
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
        QString colorMap = QStringLiteral("RdBu");
        bool projector = false;
        int animationStep = 0;
        int lessonStep = -1; ///< -1: no lesson running
        /// File name (relative to the session) of the stored embedding.weight, empty when regenerated.
        QString weightsFile;
        bool operator==(const Session &) const = default;
    };

    static QJsonObject toJson(const Session &session);
    /// Empty optional and `error` set when the object is not a session this version understands.
    static std::optional<Session> fromJson(const QJsonObject &object, QString *error);

    /// Writes `session` atomically. With `weights`, also writes them as .npy beside it (first, so a
    /// session never names a file that is missing) and sets `weightsFile`. Returns an error or "".
    static QString write(const QString &fileName, Session session, const core::Parameter *weights = nullptr);
    static std::optional<Session> read(const QString &fileName, QString *error);
    /// Reads the stored weights of `session` (saved beside `sessionFileName`) into `weights`, whose
    /// shape must match. Returns an error or "".
    static QString readWeights(const QString &sessionFileName, const Session &session,
                               core::Parameter &weights);
    /// The .npy name stored beside `fileName` for these values: NAME.embedding-DIGEST.npy.
    static QString weightsFileFor(const QString &fileName, const core::Parameter &weights);
};

} // namespace embedlab::ui
