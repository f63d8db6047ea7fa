// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "SessionFile.h"

#include "core/NpyReader.h"
#include "core/NpyWriter.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>

#include <cmath>
#include <cstring>
#include <exception>
#include <span>

namespace embedlab::ui {

namespace {

QString key(const char *name)
{
    return QString::fromLatin1(name);
}

/// Sizes and seeds travel as strings when they exceed a double's exact integers.
QJsonValue bigInteger(std::uint64_t value)
{
    if (value <= (std::uint64_t(1) << 53))
        return QJsonValue(static_cast<qint64>(value));
    return QJsonValue(QString::number(value));
}

std::optional<std::uint64_t> toBigInteger(const QJsonValue &value)
{
    if (value.isString()) {
        bool ok = false;
        const qulonglong v = value.toString().toULongLong(&ok);
        return ok ? std::optional<std::uint64_t>(v) : std::nullopt;
    }
    if (!value.isDouble() || value.toDouble() < 0 || value.toDouble() != std::floor(value.toDouble()))
        return std::nullopt;
    return static_cast<std::uint64_t>(value.toDouble());
}

} // namespace

QJsonObject SessionFile::toJson(const Session &s)
{
    QJsonObject model;
    model[key("num_embeddings")] = static_cast<qint64>(s.config.numEmbeddings);
    model[key("embedding_dim")] = static_cast<qint64>(s.config.embeddingDim);
    model[key("padding_idx")] =
        s.config.paddingIdx ? QJsonValue(static_cast<qint64>(*s.config.paddingIdx)) : QJsonValue();
    model[key("max_norm")] = s.config.maxNorm ? QJsonValue(*s.config.maxNorm) : QJsonValue();
    model[key("lm_head_bias")] = s.config.lmHeadBias;
    model[key("tied")] = s.config.tied;
    model[key("seed")] = bigInteger(s.config.seed);
    QJsonArray inits;
    for (const Init &init : s.inits)
        inits.append(QJsonObject{{key("parameter"), init.parameter},
                                 {key("spec"), init.spec},
                                 {key("seed"), init.seed ? bigInteger(*init.seed) : QJsonValue()}});
    model[key("inits")] = inits;
    if (!s.weightsFile.isEmpty())
        model[key("embedding_weight_npy")] = s.weightsFile;

    QJsonObject view;
    view[key("color_map")] = s.colorMap;
    view[key("projector")] = s.projector;
    view[key("animation_step")] = s.animationStep;
    view[key("lesson_step")] = s.lessonStep;

    QJsonObject root;
    root[key("format")] = QStringLiteral("embedlab-session");
    root[key("version")] = kVersion;
    root[key("model")] = model;
    root[key("ids")] = s.idsText;
    root[key("view")] = view;
    return root;
}

std::optional<SessionFile::Session> SessionFile::fromJson(const QJsonObject &root, QString *error)
{
    const auto fail = [error](const QString &message) {
        if (error)
            *error = message;
        return std::nullopt;
    };
    if (root.value(key("format")).toString() != QLatin1String("embedlab-session") ||
        !root.value(key("version")).isDouble())
        return fail(tr("This is not an EmbedLab session."));
    const int version = root.value(key("version")).toInt();
    if (version > kVersion)
        return fail(
            tr("This session was saved by a newer EmbedLab (session version %1; this version reads up "
               "to %2). Update EmbedLab to open it.")
                .arg(version)
                .arg(kVersion));
    if (version < 1)
        return fail(tr("The session has an invalid version (%1).").arg(version));

    Session s;
    const QJsonObject model = root.value(key("model")).toObject();
    const auto size = [&model](const char *name) -> std::optional<core::Index> {
        const QJsonValue v = model.value(key(name));
        if (!v.isDouble() || v.toDouble() < 1 || v.toDouble() > 1e9 ||
            v.toDouble() != std::floor(v.toDouble()))
            return std::nullopt;
        return static_cast<core::Index>(v.toDouble());
    };
    const auto v = size("num_embeddings");
    const auto d = size("embedding_dim");
    const auto seed = toBigInteger(model.value(key("seed")));
    if (!v || !d || !seed)
        return fail(
            tr("The session is damaged: num_embeddings, embedding_dim and seed must be positive whole "
               "numbers."));
    s.config.numEmbeddings = *v;
    s.config.embeddingDim = *d;
    s.config.seed = *seed;
    const QJsonValue padding = model.value(key("padding_idx"));
    if (padding.isDouble())
        s.config.paddingIdx = static_cast<core::Index>(padding.toDouble());
    else if (!padding.isNull() && !padding.isUndefined())
        return fail(tr("The session is damaged: padding_idx must be a number or null."));
    const QJsonValue maxNorm = model.value(key("max_norm"));
    if (maxNorm.isDouble())
        s.config.maxNorm = maxNorm.toDouble();
    else if (!maxNorm.isNull() && !maxNorm.isUndefined())
        return fail(tr("The session is damaged: max_norm must be a number or null."));
    s.config.lmHeadBias = model.value(key("lm_head_bias")).toBool();
    s.config.tied = model.value(key("tied")).toBool();
    for (const QJsonValue &value : model.value(key("inits")).toArray()) {
        const QJsonObject init = value.toObject();
        if (!init.value(key("spec")).isString())
            return fail(tr("The session is damaged: every initialiser needs a spec."));
        Init parsed{init.value(key("parameter")).toString(QStringLiteral("embedding.weight")),
                    init.value(key("spec")).toString(), std::nullopt};
        if (!init.value(key("seed")).isNull() && !init.value(key("seed")).isUndefined()) {
            parsed.seed = toBigInteger(init.value(key("seed")));
            if (!parsed.seed)
                return fail(tr("The session is damaged: an initialiser's seed is not a whole number."));
        }
        s.inits.append(parsed);
    }
    s.weightsFile = model.value(key("embedding_weight_npy")).toString();
    if (s.weightsFile.contains(QLatin1Char('/')) || s.weightsFile.contains(QLatin1Char('\\')))
        return fail(tr("The session is damaged: the weights file must lie beside the session."));
    if (!root.value(key("ids")).isString())
        return fail(tr("The session is damaged: the ids are missing."));
    s.idsText = root.value(key("ids")).toString();

    const QJsonObject view = root.value(key("view")).toObject();
    s.colorMap = view.value(key("color_map")).toString(s.colorMap);
    s.projector = view.value(key("projector")).toBool();
    s.animationStep = view.value(key("animation_step")).toInt(0);
    s.lessonStep = view.value(key("lesson_step")).toInt(-1);
    return s;
}

QString SessionFile::weightsFileFor(const QString &fileName, const core::Parameter &weights)
{
    // The name carries a digest of the values: a new save never overwrites the file the previous
    // session names, so a save killed half-way leaves the old session whole.
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(QByteArrayView(reinterpret_cast<const char *>(weights.value().data()),
                                static_cast<qsizetype>(weights.bytes())));
    const QString digest = QString::fromLatin1(hash.result().toHex().left(12));
    return QFileInfo(fileName).completeBaseName() + QStringLiteral(".embedding-%1.npy").arg(digest);
}

QString SessionFile::write(const QString &fileName, Session session, const core::Parameter *weights)
{
    // What the session being replaced refers to, removed once the new one is committed.
    QString oldWeights;
    if (QFileInfo::exists(fileName)) {
        QString ignored;
        if (const std::optional<Session> old = read(fileName, &ignored))
            oldWeights = old->weightsFile;
    }
    const QDir dir = QFileInfo(fileName).dir();
    session.weightsFile.clear();
    if (weights) {
        session.weightsFile = weightsFileFor(fileName, *weights);
        const QString path = dir.filePath(session.weightsFile);
        try {
            core::writeNpy(path.toStdString(), weights->value().data(), weights->shape());
        } catch (const std::exception &e) {
            return tr("Could not save the weights to '%1': %2").arg(path, QString::fromStdString(e.what()));
        }
    }
    QSaveFile file(fileName);
    if (!file.open(QIODevice::WriteOnly))
        return tr("Could not save the session to '%1': %2").arg(fileName, file.errorString());
    file.write(QJsonDocument(toJson(session)).toJson(QJsonDocument::Indented));
    if (!file.commit())
        return tr("Could not save the session to '%1': %2").arg(fileName, file.errorString());
    if (!oldWeights.isEmpty() && oldWeights != session.weightsFile)
        QFile::remove(dir.filePath(oldWeights));
    return {};
}

std::optional<SessionFile::Session> SessionFile::read(const QString &fileName, QString *error)
{
    QFile file(fileName);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = tr("Could not open '%1': %2").arg(fileName, file.errorString());
        return std::nullopt;
    }
    constexpr qint64 kMaxBytes = 16 << 20;
    if (file.size() > kMaxBytes) {
        if (error)
            *error = tr("'%1' is too large to be an EmbedLab session.").arg(fileName);
        return std::nullopt;
    }
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject()) {
        if (error)
            *error = tr("'%1' is damaged: %2 at byte %3.")
                         .arg(fileName, parseError.errorString())
                         .arg(parseError.offset);
        return std::nullopt;
    }
    QString why;
    std::optional<Session> session = fromJson(document.object(), &why);
    if (!session && error)
        *error = tr("Could not open '%1': %2").arg(fileName, why);
    return session;
}

QString SessionFile::readWeights(const QString &sessionFileName, const Session &session,
                                 core::Parameter &weights)
{
    if (session.weightsFile.isEmpty())
        return {};
    const QString path = QFileInfo(sessionFileName).dir().filePath(session.weightsFile);
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return tr("Could not open the session's weights '%1': %2").arg(path, file.errorString());
    const QByteArray bytes = file.readAll();
    try {
        const std::span<const std::uint8_t> data(reinterpret_cast<const std::uint8_t *>(bytes.constData()),
                                                 static_cast<std::size_t>(bytes.size()));
        const core::WeightIndex index = core::readNpy(data);
        if (index.tensors.size() != 1 || index.tensors.front().shape != weights.shape())
            return tr("The session's weights '%1' do not have the shape of embedding.weight.").arg(path);
        const std::optional<core::Tensor> tensor = core::convertToFloat32(index.tensors.front(), data);
        if (!tensor)
            return tr("The session's weights '%1' cannot be read as float32.").arg(path);
        std::memcpy(weights.value().data(), tensor->data.data(), weights.bytes());
    } catch (const std::exception &e) {
        return tr("The session's weights '%1' are damaged: %2").arg(path, QString::fromStdString(e.what()));
    }
    return {};
}

} // namespace embedlab::ui
