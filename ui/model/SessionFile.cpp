// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/model/SessionFile.h"

#include "core/io/NpyWriter.h"
#include "core/io/WeightFile.h"
#include "core/nn/FitRecord.h"
#include "ui/model/JsonNumbers.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>

#include <algorithm>
#include <cmath>
#include <exception>

namespace embedlab::ui {

namespace {

QString key(const char *name)
{
    return QString::fromLatin1(name);
}

const QString kEmbeddingWeight = QStringLiteral("embedding.weight");
const QString kLmHeadWeight = QStringLiteral("lm_head.weight");
const QString kLmHeadBias = QStringLiteral("lm_head.bias");

/// Whether `file` names a file in the session's folder (a plain name, no path).
bool liesBeside(const QJsonValue &file)
{
    const QString name = file.toString();
    return file.isString() && !name.isEmpty() && !name.contains(QLatin1Char('/')) &&
           !name.contains(QLatin1Char('\\')) && name != QLatin1String("..") && name != QLatin1String(".");
}

/// "embedding.weight" -> "embedding_weight_npy", the key version 1 already used.
QString weightsKey(const QString &parameter)
{
    return QString(parameter).replace(QLatin1Char('.'), QLatin1Char('_')) + QStringLiteral("_npy");
}

const std::pair<Lab::Operation::Kind, const char *> kOperationKinds[] = {
    {Lab::Operation::Kind::Tie, "tie"},   {Lab::Operation::Kind::Untie, "untie"},
    {Lab::Operation::Kind::Init, "init"}, {Lab::Operation::Kind::Step, "step"},
    {Lab::Operation::Kind::Load, "load"},
};

QJsonArray historyToJson(const QList<Lab::Operation> &history)
{
    QJsonArray out;
    for (const Lab::Operation &op : history) {
        QJsonObject o;
        for (const auto &[kind, name] : kOperationKinds)
            if (kind == op.kind)
                o[key("kind")] = QLatin1String(name);
        o[key("target")] = op.target;
        o[key("spec")] = op.spec;
        o[key("seed")] = op.seed ? jsonInteger(*op.seed) : QJsonValue();
        o[key("python")] = op.python;
        o[key("output")] = op.output;
        if (!op.element.isEmpty())
            o[key("element")] = op.element;
        out.append(o);
    }
    return out;
}

/// Empty optional when an entry is not an operation.
std::optional<QList<Lab::Operation>> historyFromJson(const QJsonArray &array)
{
    QList<Lab::Operation> out;
    for (const QJsonValue &value : array) {
        const QJsonObject o = value.toObject();
        Lab::Operation op;
        bool known = false;
        for (const auto &[kind, name] : kOperationKinds)
            if (o.value(key("kind")).toString() == QLatin1String(name)) {
                op.kind = kind;
                known = true;
            }
        if (!known || !o.value(key("python")).isString())
            return std::nullopt;
        op.target = o.value(key("target")).toString();
        op.spec = o.value(key("spec")).toString();
        const QJsonValue seed = o.value(key("seed"));
        if (!seed.isNull() && !seed.isUndefined()) {
            op.seed = integerFromJson(seed);
            if (!op.seed)
                return std::nullopt;
        }
        op.python = o.value(key("python")).toString();
        op.output = o.value(key("output")).toString();
        op.element = o.value(key("element")).toString();
        out.append(op);
    }
    return out;
}

} // namespace

QStringList SessionFile::storableParameters()
{
    return {kEmbeddingWeight, kLmHeadWeight, kLmHeadBias};
}

core::Shape SessionFile::shapeOf(const Lab::Config &config, const QString &parameter)
{
    // lm_head = Linear(D, V): its weight is [out, in] = [V, D] like the embedding's, its bias [V].
    if (parameter == kLmHeadBias)
        return {config.numEmbeddings};
    return {config.numEmbeddings, config.embeddingDim};
}

int SessionFile::versionFor(const Session &session)
{
    // Versions 1 and 2 hold these four of the view state; anything else needs version 3.
    ViewState older;
    older.colorMap = session.view.colorMap;
    older.projector = session.view.projector;
    older.animationStep = session.view.animationStep;
    older.lessonStep = session.view.lessonStep;
    if (!(session.view == older))
        return 3;
    for (auto it = session.weightFiles.cbegin(); it != session.weightFiles.cend(); ++it)
        if (it.key() != kEmbeddingWeight)
            return 2;
    return 1;
}

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
    model[key("seed")] = jsonInteger(s.config.seed);
    QJsonArray inits;
    for (const Init &init : s.inits)
        inits.append(QJsonObject{{key("parameter"), init.parameter},
                                 {key("spec"), init.spec},
                                 {key("seed"), init.seed ? jsonInteger(*init.seed) : QJsonValue()}});
    model[key("inits")] = inits;
    for (auto it = s.weightFiles.cbegin(); it != s.weightFiles.cend(); ++it)
        model[weightsKey(it.key())] = it.value();

    QJsonObject view;
    view[key("color_map")] = s.view.colorMap;
    view[key("projector")] = s.view.projector;
    view[key("animation_step")] = s.view.animationStep;
    view[key("lesson_step")] = s.view.lessonStep;

    QJsonObject root;
    root[key("format")] = QStringLiteral("embedlab-session");
    root[key("version")] = versionFor(s);
    root[key("model")] = model;
    root[key("ids")] = s.idsText;
    if (!s.tokenizer.isEmpty())
        root[key("tokenizer")] = s.tokenizer;
    if (!s.history.isEmpty())
        root[key("history")] = historyToJson(s.history);
    if (!s.fitFile.isEmpty())
        root[key("fit_run")] = s.fitFile;
    root[key("view")] = view;
    if (versionFor(s) >= 3)
        root[key("document")] = s.view.toJson();
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
        if (!v.isDouble() || v.toDouble() < 0 || v.toDouble() > 1e9 ||
            v.toDouble() != std::floor(v.toDouble()))
            return std::nullopt;
        return static_cast<core::Index>(v.toDouble());
    };
    const auto v = size("num_embeddings");
    const auto d = size("embedding_dim");
    const auto seed = integerFromJson(model.value(key("seed")));
    if (!v || !d || !seed)
        return fail(
            tr("The session is damaged: num_embeddings, embedding_dim and seed must be non-negative whole "
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
            parsed.seed = integerFromJson(init.value(key("seed")));
            if (!parsed.seed)
                return fail(tr("The session is damaged: an initialiser's seed is not a whole number."));
        }
        s.inits.append(parsed);
    }
    for (const QString &parameter : storableParameters()) {
        const QJsonValue file = model.value(weightsKey(parameter));
        if (file.isUndefined() || file.isNull())
            continue;
        const QString name = file.toString();
        if (!liesBeside(file))
            return fail(tr("The session is damaged: the weights file must lie beside the session."));
        // A tied lm_head.weight is embedding.weight; a bias the model does not have cannot be restored.
        if ((parameter == kLmHeadWeight && s.config.tied) ||
            (parameter == kLmHeadBias && !s.config.lmHeadBias))
            return fail(tr("The session is damaged: it stores %1, which its model does not have on its own.")
                            .arg(parameter));
        s.weightFiles.insert(parameter, name);
    }
    const QJsonValue fitRun = root.value(key("fit_run"));
    if (!fitRun.isUndefined() && !liesBeside(fitRun))
        return fail(tr("The session is damaged: the fit's run must lie beside the session."));
    s.fitFile = fitRun.toString();
    if (!root.value(key("ids")).isString())
        return fail(tr("The session is damaged: the ids are missing."));
    s.idsText = root.value(key("ids")).toString();
    const QJsonValue tokenizer = root.value(key("tokenizer"));
    if (!tokenizer.isUndefined() && !tokenizer.isString())
        return fail(tr("The session is damaged: the tokenizer must be a file name."));
    s.tokenizer = tokenizer.toString();
    // Optional: sessions saved before it was kept have none.
    const QJsonValue history = root.value(key("history"));
    if (!history.isUndefined()) {
        std::optional<QList<Lab::Operation>> operations = historyFromJson(history.toArray());
        if (!history.isArray() || !operations)
            return fail(tr("The session is damaged: its history must list operations with their code."));
        s.history = std::move(*operations);
    }

    const QJsonObject view = root.value(key("view")).toObject();
    s.view.colorMap = view.value(key("color_map")).toString(s.view.colorMap);
    s.view.projector = view.value(key("projector")).toBool();
    s.view.animationStep = view.value(key("animation_step")).toInt(0);
    s.view.lessonStep = view.value(key("lesson_step")).toInt(-1);
    const QJsonValue document = root.value(key("document"));
    if (!document.isUndefined()) {
        QString viewError;
        const std::optional<ViewState> state =
            document.isObject() ? ViewState::fromJson(document.toObject(), &viewError) : std::nullopt;
        if (!state)
            return fail(viewError.isEmpty() ? tr("The session is damaged: its document must be an object.")
                                            : viewError);
        s.view = *state;
    }
    return s;
}

QString SessionFile::weightsFileFor(const QString &fileName, const QString &parameter,
                                    const core::Parameter &weights)
{
    // The name carries a digest of the values: a new save never overwrites the file the previous
    // session names, so a save killed half-way leaves the old session whole.
    QCryptographicHash hash(QCryptographicHash::Sha256);
    // The float32 bytes, read where they lie (bf16 words converted piece by piece, no copy).
    weights.forEachRun(0, weights.numel(), [&hash](const float *values, core::Index n) {
        hash.addData(QByteArrayView(reinterpret_cast<const char *>(values), n * qsizetype(sizeof(float))));
    });
    const QString digest = QString::fromLatin1(hash.result().toHex().left(12));
    QString part = parameter;
    if (part.endsWith(QLatin1String(".weight")))
        part.chop(int(qstrlen(".weight")));
    return QFileInfo(fileName).completeBaseName() + QStringLiteral(".%1-%2.npy").arg(part, digest);
}

namespace {

/// Writes `fit` beside the session `fileName` as NAME.fit-DIGEST.safetensors (the digest of its
/// bytes: a new save never overwrites the file the previous one names) and returns that name.
/// Throws core::Error when it cannot be written.
QString writeFitBeside(const QString &fileName, const core::FitRecords &fit)
{
    const QDir dir = QFileInfo(fileName).dir();
    const QString base = QFileInfo(fileName).completeBaseName();
    const QString part = dir.filePath(base + QStringLiteral(".fit.part"));
    core::writeFitRecords(part.toStdString(), fit);
    QFile written(part);
    QCryptographicHash hash(QCryptographicHash::Sha256);
    const bool read = written.open(QIODevice::ReadOnly) && hash.addData(&written);
    written.close();
    const QString name =
        base + QStringLiteral(".fit-%1.safetensors").arg(QString::fromLatin1(hash.result().toHex().left(12)));
    const QString path = dir.filePath(name);
    // The same digest: the same bytes are there already.
    if (read && QFileInfo::exists(path) && QFile::remove(part))
        return name;
    if (!read || !QFile::rename(part, path)) {
        const QString why = read ? QStringLiteral("cannot rename %1").arg(part) : written.errorString();
        QFile::remove(part);
        throw core::Error(core::Error::Kind::RuntimeError,
                          QStringLiteral("%1: %2").arg(path, why).toStdString());
    }
    return name;
}

} // namespace

QString SessionFile::write(const QString &fileName, Session session, const Weights &weights,
                           const core::FitRecords *fit)
{
    // What the session being replaced refers to, removed once the new one is committed.
    QStringList oldWeights;
    if (QFileInfo::exists(fileName)) {
        QString ignored;
        if (const std::optional<Session> old = read(fileName, &ignored)) {
            oldWeights = old->weightFiles.values();
            if (!old->fitFile.isEmpty())
                oldWeights.append(old->fitFile);
        }
    }
    const QDir dir = QFileInfo(fileName).dir();
    session.weightFiles.clear();
    for (auto it = weights.cbegin(); it != weights.cend(); ++it) {
        Q_ASSERT_X(it.value() && storableParameters().contains(it.key()), "SessionFile::write",
                   "pass only embedding.weight, lm_head.weight or lm_head.bias, with their values");
        const QString name = weightsFileFor(fileName, it.key(), *it.value());
        const QString path = dir.filePath(name);
        try {
            core::writeNpy(path.toStdString(), *it.value());
        } catch (const std::exception &e) {
            return tr("Could not save the weights to '%1': %2").arg(path, QString::fromStdString(e.what()));
        }
        session.weightFiles.insert(it.key(), name);
    }
    session.fitFile.clear();
    if (fit) {
        try {
            session.fitFile = writeFitBeside(fileName, *fit);
        } catch (const std::exception &e) {
            return tr("Could not save the fit's run beside '%1': %2")
                .arg(fileName, QString::fromStdString(e.what()));
        }
    }
    QSaveFile file(fileName);
    if (!file.open(QIODevice::WriteOnly))
        return tr("Could not save the session to '%1': %2").arg(fileName, file.errorString());
    file.write(QJsonDocument(toJson(session)).toJson(QJsonDocument::Indented));
    if (!file.commit())
        return tr("Could not save the session to '%1': %2").arg(fileName, file.errorString());
    QStringList kept = session.weightFiles.values();
    kept.append(session.fitFile);
    for (const QString &old : oldWeights)
        if (!kept.contains(old))
            QFile::remove(dir.filePath(old));
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

namespace {

/// Reads the .npy stored for `parameter` and checks it has `shape` before anything of that size is
/// allocated (a damaged session may claim any size). A big float32 array is used where it lies in
/// the file (core::WeightFile::Placement), others are decoded once, straight into the new
/// Parameter; its statistics and overview come from the same pass. Returns an error or "".
QString readStored(const QString &sessionFileName, const SessionFile::Session &session,
                   const QString &parameter, const core::Shape &shape, core::ParameterPtr &out)
{
    const QString path = QFileInfo(sessionFileName).dir().filePath(session.weightFiles.value(parameter));
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return SessionFile::tr("Could not open the session's weights '%1': %2").arg(path, file.errorString());
    file.close();
    try {
        const core::WeightFile weights = core::WeightFile::open(path.toStdString());
        if (weights.format() != core::WeightFile::Format::Npy || weights.tensors().size() != 1 ||
            weights.tensors().front().shape != shape)
            return SessionFile::tr("The session's weights '%1' do not have the shape of %2.")
                .arg(path, parameter);
        out = weights.toParameter(weights.tensors().front().name);
        if (!out)
            return SessionFile::tr("The session's weights '%1' cannot be read as float32.").arg(path);
    } catch (const std::exception &e) {
        return SessionFile::tr("The session's weights '%1' are damaged: %2")
            .arg(path, QString::fromStdString(e.what()));
    }
    return {};
}

} // namespace

QString SessionFile::readWeights(const QString &sessionFileName, const Session &session,
                                 const QString &parameter, core::Parameter &weights)
{
    if (!session.weightFiles.contains(parameter))
        return {};
    core::ParameterPtr stored;
    const QString error = readStored(sessionFileName, session, parameter, weights.shape(), stored);
    if (error.isEmpty())
        weights.replaceValue(std::move(*stored));
    return error;
}

std::shared_ptr<const core::WeightFile> SessionFile::readFit(const QString &sessionFileName,
                                                             const Session &session, QString *error)
{
    if (session.fitFile.isEmpty())
        return nullptr;
    const QString path = QFileInfo(sessionFileName).dir().filePath(session.fitFile);
    try {
        auto file = std::make_shared<const core::WeightFile>(core::WeightFile::open(path.toStdString()));
        if (core::isFitRecordFile(*file))
            return file;
        if (error)
            *error = tr("'%1' is not a run EmbedLab stored.").arg(path);
    } catch (const std::exception &e) {
        if (error)
            *error = QString::fromStdString(e.what());
    }
    return nullptr;
}

std::optional<QMap<QString, core::ParameterPtr>>
SessionFile::readAllWeights(const QString &sessionFileName, const Session &session, QString *error)
{
    QMap<QString, core::ParameterPtr> out;
    for (const QString &parameter : storableParameters()) {
        if (!session.weightFiles.contains(parameter))
            continue;
        const core::Shape shape = shapeOf(session.config, parameter);
        core::ParameterPtr values;
        const QString why = readStored(sessionFileName, session, parameter, shape, values);
        if (!why.isEmpty()) {
            if (error)
                *error = why;
            return std::nullopt;
        }
        out.insert(parameter, std::move(values));
    }
    return out;
}

} // namespace embedlab::ui
