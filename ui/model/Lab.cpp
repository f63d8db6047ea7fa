// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/model/Lab.h"

#include "core/init/Generator.h"
#include "core/nn/Embedding.h"
#include "core/tensor/Error.h"
#include "ui/model/PythonCode.h"
#include "ui/model/WorkerPool.h"

#include <QFileInfo>
#include <QLocale>

#include <algorithm>
#include <atomic>
#include <limits>
#include <new>

namespace embedlab::ui {

struct Lab::LoadRequest {
    core::ParameterPtr matrix;
    std::optional<Operation> operation; // how the history names it, when not loadOperation()
    QString file;
    QString tensor;
    LoadRole role = LoadRole::Embedding;
    QString element = {};
};

struct Lab::Job {
    Config config;
    std::shared_ptr<core::TiedModel> model; // nullptr: build a new one from config
    core::LongTensor ids;
    bool withIds = false;
    std::shared_ptr<LoadRequest> load;
};

struct Lab::Built {
    Config config;
    std::shared_ptr<core::TiedModel> model;
    bool rebuilt = false;
    core::Generator::State generator;
    QList<Operation> history;
    core::LongTensor ids;
    bool hasPaths = false;
    core::LookupPaths paths;
    core::ParameterPtr weightAfterForward;
    QString error;
};

struct Lab::InitJob {
    QString target;
    core::InitSpec spec;
    std::optional<std::uint64_t> seed;
    core::ParameterPtr parameter; // read for its shape only
    core::Generator::State generator;
    QList<Operation> history;
};

struct Lab::InitResult {
    InitJob job;
    core::Matrix value;
    core::Generator::State generator;
    QString error;
};

namespace {

QString errorText(const core::Error &e)
{
    return QStringLiteral("%1: %2").arg(QLatin1String(e.kindName()), QString::fromStdString(e.what()));
}

core::Index jobCost(const Lab::Config &config, core::Index numIds)
{
    // The one-hot path multiplies V x D per id; building fills V x D (twice when untied). Absurd
    // sizes (a damaged session) must not overflow here: they go to the worker, which refuses them.
    // With D = 0 each id's one-hot row still has V entries (Embedding(10^6, 0) and 40 ids blocked
    // the UI thread for 350 ms; issue "Reliability", soak seed 99): D counts as at least 1.
    core::Index cost = 0;
    if (__builtin_mul_overflow(config.numEmbeddings, std::max<core::Index>(1, config.embeddingDim), &cost) ||
        __builtin_mul_overflow(cost, std::max<core::Index>(2, numIds), &cost))
        return std::numeric_limits<core::Index>::max();
    return cost;
}

Lab::Operation tieOperation(const QString &why)
{
    Lab::Operation op;
    op.kind = Lab::Operation::Kind::Tie;
    op.target = QStringLiteral("lm_head.weight");
    op.python = QStringLiteral("lm_head.weight = embedding.weight  # %1").arg(why);
    return op;
}

QString pyString(const QString &text)
{
    QString escaped = text;
    escaped.replace(QLatin1Char('\\'), QStringLiteral("\\\\"))
        .replace(QLatin1Char('"'), QStringLiteral("\\\""));
    return QLatin1Char('"') + escaped + QLatin1Char('"');
}

Lab::Operation loadOperation(const QString &file, const QString &tensor, Lab::LoadRole role,
                             const QString &element)
{
    // Code that reads the same bytes without torch.load (which would run a pickle).
    Lab::Operation op;
    op.kind = Lab::Operation::Kind::Load;
    op.element = element;
    op.target = role == Lab::LoadRole::Embedding ? QStringLiteral("embedding.weight")
                                                 : QStringLiteral("lm_head.weight");
    op.spec = file + QLatin1Char(':') + tensor;
    const QString suffix = QFileInfo(file).suffix().toLower();
    QStringList lines;
    lines << QStringLiteral("# %1 from %2:%3").arg(op.target, QFileInfo(file).fileName(), tensor);
    if (suffix == QStringLiteral("npy")) {
        lines << QStringLiteral("import numpy")
              << QStringLiteral("w = torch.from_numpy(numpy.load(%1)).float()").arg(pyString(file));
    } else if (suffix == QStringLiteral("gguf")) {
        lines
            << QStringLiteral("import gguf, numpy  # pip install gguf")
            << QStringLiteral("t = next(t for t in gguf.GGUFReader(%1).tensors if t.name == %2)")
                   .arg(pyString(file), pyString(tensor))
            << QStringLiteral(
                   "w = torch.from_numpy(gguf.quants.dequantize(t.data, t.tensor_type).astype(numpy.float32)"
                   ".reshape(%1.weight.shape))")
                   .arg(role == Lab::LoadRole::Embedding ? QStringLiteral("embedding")
                                                         : QStringLiteral("lm_head"));
    } else {
        // framework="pt": NumPy has no bfloat16, so safetensors.numpy refuses BF16 tensors (most of
        // today's checkpoints); get_tensor() reads this tensor alone, not every tensor of the file.
        lines << QStringLiteral("from safetensors import safe_open")
              << QStringLiteral("with safe_open(%1, framework=\"pt\") as f:").arg(pyString(file))
              << QStringLiteral("    w = f.get_tensor(%1).float()").arg(pyString(tensor));
    }
    lines << QStringLiteral("with torch.no_grad():") << QStringLiteral("    %1.copy_(w)").arg(op.target);
    op.python = lines.join(QLatin1Char('\n'));
    return op;
}

std::shared_ptr<const core::Matrix> copyOf(const core::ParameterPtr &p)
{
    return p ? std::make_shared<const core::Matrix>(p->value()) : nullptr;
}

void copyInto(const core::ParameterPtr &p, const std::shared_ptr<const core::Matrix> &values)
{
    if (!p || !values)
        return;
    Q_ASSERT_X(values->rows() == p->value().rows() && values->cols() == p->value().cols(),
               "Lab::restoreWeights",
               "a WeightState must be restored on a model of the shape it was captured from");
    p->value() = *values;
    p->bumpVersion();
}

} // namespace

std::uint64_t Lab::WeightState::bytes() const
{
    std::uint64_t total = 0;
    for (const auto &m : {embedding, lmHead, bias})
        if (m)
            total += std::uint64_t(m->size()) * sizeof(float);
    return total;
}

/// A step computed on a worker: the copies it made (nullptr until done, or when cancelled or failed).
struct Lab::TrainingJob {
    core::LongTensor ids;
    core::LongTensor targets;
    const core::TiedModel *model = nullptr;
    std::atomic<bool> cancelled = false;
    std::shared_ptr<core::DetachedStep> result;
    QString error;
};

Lab::Lab(QObject *parent)
    : QObject(parent)
{
    acceptIds(presetIds(Preset::Reference));
    startJob({m_config, nullptr, m_ids, m_idsValid, nullptr}, true);
    // A new model, a tie or an untie changes model.parameters(): torch.optim would need a new optimiser.
    connect(this, &Lab::modelRebuilt, this, &Lab::dropStaleOptimizer);
    connect(this, &Lab::tiedChanged, this, &Lab::dropStaleOptimizer);
}

Lab::~Lab()
{
    // The worker only touches objects it holds by value or shared_ptr, but waiting keeps tools
    // like ASan quiet and frees the memory deterministically.
    m_future.waitForFinished();
    m_initFuture.waitForFinished();
    if (m_training)
        m_training->cancelled = true;
    m_trainingFuture.waitForFinished();
}

Lab::Config Lab::presetConfig(Preset preset)
{
    Config c;
    if (preset == Preset::Gpt2Small) {
        // GPT-2 small: wte = Embedding(50257, 768), lm_head = Linear(768, 50257, bias=False), tied.
        c.numEmbeddings = 50257;
        c.embeddingDim = 768;
        c.tied = true;
    }
    return c;
}

QString Lab::presetIds(Preset preset)
{
    // GPT-2's tokenizer maps "Hello world" to [15496, 995].
    return preset == Preset::Gpt2Small ? QStringLiteral("15496, 995") : QStringLiteral("2, 3, 1");
}

Vocabulary Lab::presetVocabulary(Preset preset)
{
    return preset == Preset::Gpt2Small ? Vocabulary::gpt2() : Vocabulary();
}

void Lab::setVocabulary(const Vocabulary &vocabulary)
{
    if (vocabulary == m_vocabulary)
        return;
    m_vocabulary = vocabulary;
    Q_EMIT vocabularyChanged();
}

void Lab::setConfig(const Config &config)
{
    if (config == m_config)
        return;
    Config sameButTie = config;
    sameButTie.tied = m_config.tied;
    if (sameButTie == m_config && m_model && !m_busy && m_modelConfig == m_config) {
        // Tying is done in place, as `lm_head.weight = embedding.weight` is: nothing is rebuilt.
        setTied(config.tied);
        return;
    }
    m_config = config;
    Q_EMIT configChanged();
    revalidateIds();
    schedule(true);
}

void Lab::applyPreset(Preset preset)
{
    Config c = presetConfig(preset);
    if (preset == Preset::Gpt2Small)
        c.seed = m_config.seed;
    restore({c, presetIds(preset), nullptr, false, presetVocabulary(preset)});
}

void Lab::setSeed(std::uint64_t seed)
{
    Config c = m_config;
    c.seed = seed;
    setConfig(c);
}

void Lab::setTied(bool tied)
{
    if (!m_model || tied == m_model->isTied())
        return;
    if (tied)
        tie();
    else
        untie(core::TiedModel::UntieMode::Clone);
}

bool Lab::tie()
{
    if (!m_model)
        return false;
    if (m_model->isTied())
        return true;
    core::ParameterPtr dropped;
    try {
        dropped = m_model->tie();
    } catch (const core::Error &e) {
        Q_EMIT tieFailed(errorText(e));
        return false;
    }
    m_config.tied = m_modelConfig.tied = true;
    m_history.append(tieOperation(QStringLiteral("tied: one storage, the embedding's values win")));
    Q_EMIT configChanged();
    Q_EMIT tiedChanged(true);
    Q_EMIT historyChanged();
    Q_EMIT notice(tr("lm_head's own %1 values were dropped; it now shows embedding.weight (one storage)")
                      .arg(QLocale().toString(qint64(dropped->numel()))));
    weightsEdited();
    return true;
}

void Lab::untie(core::TiedModel::UntieMode mode)
{
    if (!m_model || !m_model->isTied())
        return;
    m_model->untie(mode, m_generator);
    m_config.tied = m_modelConfig.tied = false;
    Operation op;
    op.kind = Operation::Kind::Untie;
    op.target = QStringLiteral("lm_head.weight");
    const auto &shape = m_model->lmHead().weight()->shape();
    if (mode == core::TiedModel::UntieMode::Clone) {
        op.spec = QStringLiteral("clone");
        op.python = QStringLiteral(
            "lm_head.weight = torch.nn.Parameter(embedding.weight.detach().clone())  # untied: "
            "own storage, same values");
    } else {
        op.spec = QStringLiteral("reinitialize");
        op.python =
            QStringLiteral("lm_head.weight = torch.nn.Parameter(torch.empty(%1, %2))  # untied: own storage\n"
                           "lm_head.reset_parameters()")
                .arg(shape[0])
                .arg(shape[1]);
    }
    m_history.append(op);
    Q_EMIT configChanged();
    Q_EMIT tiedChanged(false);
    Q_EMIT historyChanged();
    Q_EMIT notice(mode == core::TiedModel::UntieMode::Clone
                      ? tr("lm_head.weight has its own storage again, a copy of embedding.weight")
                      : tr("lm_head.weight has its own storage again, re-initialised by reset_parameters()"));
    weightsEdited();
}

Lab::Snapshot Lab::snapshotWithModel() const
{
    Snapshot s = snapshot();
    if (m_model && !m_busy && m_modelConfig == m_config) {
        auto state = std::make_shared<ModelState>();
        state->config = m_modelConfig;
        state->model = m_model;
        state->generator = m_generator.state();
        state->history = m_history;
        s.model = std::move(state);
    }
    return s;
}

Lab::WeightState Lab::captureWeights(int parts) const
{
    WeightState state;
    state.tied = m_model->isTied();
    if (parts & EmbeddingPart)
        state.embedding = copyOf(m_model->embedding().weight());
    if ((parts & LmHeadPart) && !state.tied)
        state.lmHead = copyOf(m_model->lmHead().weight());
    if (parts & BiasPart)
        state.bias = copyOf(m_model->lmHead().bias());
    state.generator = m_generator.state();
    state.history = m_history;
    state.numEmbeddings = m_model->embedding().numEmbeddings();
    state.embeddingDim = m_model->embedding().embeddingDim();
    state.hasBias = m_model->lmHead().hasBias();
    return state;
}

std::uint64_t Lab::weightBytes(int parts) const
{
    if (!m_model)
        return 0;
    const auto bytesOf = [](const core::ParameterPtr &p) { return p ? std::uint64_t(p->bytes()) : 0; };
    std::uint64_t total = 0;
    if (parts & EmbeddingPart)
        total += bytesOf(m_model->embedding().weight());
    if ((parts & LmHeadPart) && !m_model->isTied())
        total += bytesOf(m_model->lmHead().weight());
    if (parts & BiasPart)
        total += bytesOf(m_model->lmHead().bias());
    return total;
}

bool Lab::restoreWeights(const WeightState &state)
{
    if (!m_model)
        return false;
    const core::Index v = m_model->embedding().numEmbeddings();
    const core::Index d = m_model->embedding().embeddingDim();
    const bool bias = m_model->lmHead().hasBias();
    const auto fits = [](const std::shared_ptr<const core::Matrix> &values, core::Index rows,
                         core::Index cols) {
        return !values || (values->rows() == rows && values->cols() == cols);
    };
    // Copying [4, 5] values into a [6, 3] parameter would resize its matrix behind the Parameter's
    // and the Linear's back, and the next lm_head(h) reads out of bounds (soak seed 7).
    if (state.numEmbeddings != v || state.embeddingDim != d || state.hasBias != bias ||
        !fits(state.embedding, v, d) || !fits(state.lmHead, v, d) || !fits(state.bias, 1, v)) {
        Q_EMIT notice(tr("Undo skipped: that step changed Embedding(%1, %2)%3, but the model is now "
                         "Embedding(%4, %5)%6, replaced outside the undo history (by a lesson step).")
                          .arg(state.numEmbeddings)
                          .arg(state.embeddingDim)
                          .arg(state.hasBias ? tr(" with lm_head.bias") : QString())
                          .arg(v)
                          .arg(d)
                          .arg(bias ? tr(" with lm_head.bias") : QString()));
        return false;
    }
    if (!state.tied && !state.lmHead && m_model->isTied()) {
        // Untying needs lm_head's own values; they were not captured because it had them then.
        Q_EMIT notice(tr("Undo skipped: lm_head.weight was untied when that step was taken and has been "
                         "tied outside the undo history since (by a lesson step)."));
        return false;
    }
    const bool tiedBefore = m_model->isTied();
    if (state.tied && !tiedBefore) {
        m_model->tie();
    } else if (!state.tied && tiedBefore) {
        m_model->lmHead().setWeight(std::make_shared<core::Parameter>(m_model->lmHead().weight()->shape()));
    }
    copyInto(m_model->embedding().weight(), state.embedding);
    if (!state.tied)
        copyInto(m_model->lmHead().weight(), state.lmHead);
    copyInto(m_model->lmHead().bias(), state.bias);
    m_generator.setState(state.generator);
    const bool historyDiffers = !(m_history == state.history);
    m_history = state.history;
    m_config.tied = m_modelConfig.tied = state.tied;
    if (tiedBefore != state.tied) {
        Q_EMIT configChanged();
        Q_EMIT tiedChanged(state.tied);
    }
    if (historyDiffers)
        Q_EMIT historyChanged();
    weightsEdited();
    return true;
}

void Lab::restore(const Snapshot &snapshot)
{
    if (snapshot.vocabulary)
        setVocabulary(*snapshot.vocabulary);
    // Tying and untying work on the model object in place, and an undo of a tie-only change does
    // so without a command of its own: a kept object that is no longer tied as its snapshot says
    // is not that snapshot's model any more, and is rebuilt instead (issue "Reliability", soak
    // seed 2024: "config says tied=1 but the weights are 2 storages").
    if (snapshot.model && snapshot.model->model && snapshot.model->model != m_model && !m_busy &&
        snapshot.model->model->isTied() == snapshot.model->config.tied) {
        // The very model object the snapshot was taken of: exact, and nothing to rebuild.
        const ModelState &state = *snapshot.model;
        const bool tiedBefore = m_model && m_model->isTied();
        const bool configDiffers = !(snapshot.config == m_config);
        m_config = snapshot.config;
        m_modelConfig = state.config;
        m_model = state.model;
        m_generator.setState(state.generator);
        m_history = state.history;
        if (m_selectedRow >= m_modelConfig.numEmbeddings)
            m_selectedRow = -1;
        if (configDiffers)
            Q_EMIT configChanged();
        acceptIds(snapshot.idsText);
        revalidateIds();
        m_hasPaths = false;
        m_paths = {};
        m_weightAfterForward = nullptr;
        Q_EMIT modelRebuilt();
        Q_EMIT weightsChanged();
        Q_EMIT historyChanged();
        if (tiedBefore != m_model->isTied())
            Q_EMIT tiedChanged(m_model->isTied());
        schedule(false);
        return;
    }
    Config sameButTie = snapshot.config;
    sameButTie.tied = m_config.tied;
    if (!snapshot.fresh && sameButTie == m_config && snapshot.config.tied != m_config.tied && m_model &&
        !m_busy) {
        setTied(snapshot.config.tied);
        if (acceptIds(snapshot.idsText))
            schedule(false);
        return;
    }
    const bool configDiffers = !(snapshot.config == m_config);
    m_config = snapshot.config;
    if (configDiffers)
        Q_EMIT configChanged();
    // The ids are validated against the new size before anything is computed.
    const bool idsDiffer = acceptIds(snapshot.idsText);
    if (configDiffers || snapshot.fresh) {
        revalidateIds();
        schedule(true);
    } else if (idsDiffer && m_model) {
        schedule(false);
    }
}

QString Lab::validateIds(const core::LongTensor &ids, core::Index numEmbeddings, core::Index embeddingDim)
{
    try {
        core::Embedding::checkIds(ids, numEmbeddings, embeddingDim);
    } catch (const core::Error &e) {
        return errorText(e);
    }
    return {};
}

void Lab::revalidateIds()
{
    // Ids that fit the old size may not fit the new one: they are kept (nothing is lost) and
    // reported until they fit again.
    const QString error = validateIds(m_ids, m_config.numEmbeddings, m_config.embeddingDim);
    const bool wasValid = m_idsValid;
    m_idsValid = error.isEmpty();
    m_idsError = error;
    if (!m_idsValid)
        Q_EMIT idsError(error);
    else if (!wasValid)
        Q_EMIT idsChanged();
}

bool Lab::acceptIds(const QString &text)
{
    core::LongTensor parsed;
    QString error;
    try {
        parsed = core::parseIds(text.toStdString());
        if (parsed.numel() == 0)
            error = tr("Enter at least one token id, e.g. 2, 3, 1");
        else
            error = validateIds(parsed, m_config.numEmbeddings, m_config.embeddingDim);
    } catch (const core::Error &e) {
        error = errorText(e);
    } catch (const std::exception &e) {
        error = QStringLiteral("ValueError: %1").arg(QString::fromStdString(e.what()));
    }
    if (!error.isEmpty()) {
        m_idsError = error;
        Q_EMIT idsError(error);
        return false;
    }
    m_idsText = text.trimmed();
    m_idsError.clear();
    const bool changed = !(parsed == m_ids) || !m_idsValid;
    m_ids = std::move(parsed);
    m_idsValid = true;
    if (changed)
        Q_EMIT idsChanged();
    return changed;
}

bool Lab::setIdsText(const QString &text)
{
    const bool changed = acceptIds(text);
    if (changed && m_model)
        schedule(false);
    return m_idsError.isEmpty();
}

QList<qint64> Lab::flatIds() const
{
    QList<qint64> out;
    if (!m_idsValid)
        return out;
    out.reserve(m_ids.numel());
    for (std::int64_t id : m_ids.data)
        out.append(id);
    return out;
}

core::ParameterPtr Lab::embeddingWeight() const
{
    return m_model->embedding().weight();
}
core::ParameterPtr Lab::lmHeadWeight() const
{
    return m_model->lmHead().weight();
}
core::ParameterPtr Lab::displayedEmbedding() const
{
    return m_weightAfterForward && m_hasPaths ? m_weightAfterForward : embeddingWeight();
}

QList<int> Lab::renormalisedRows() const
{
    QList<int> rows;
    const core::ParameterPtr after = displayedEmbedding();
    const core::ParameterPtr model = embeddingWeight();
    if (after == model || after->shape() != model->shape())
        return rows;
    for (core::Index r = 0; r < model->value().rows(); ++r)
        if (model->value().row(r) != after->value().row(r))
            rows.append(int(r));
    return rows;
}

core::ParameterPtr Lab::lmHeadBias() const
{
    return m_model->lmHead().bias();
}
bool Lab::isTied() const
{
    return m_model->isTied();
}
core::Index Lab::parameterCount() const
{
    return m_model->parameterCount();
}
std::uint64_t Lab::parameterBytes() const
{
    return m_model->parameterBytes();
}

void Lab::selectRow(int row)
{
    if (row < -1 || row >= m_modelConfig.numEmbeddings || row == m_selectedRow)
        return;
    m_selectedRow = row;
    Q_EMIT rowSelected(row);
}

core::ParameterPtr Lab::parameter(const QString &name) const
{
    if (!m_model)
        return nullptr;
    if (name == QStringLiteral("embedding.weight"))
        return m_model->embedding().weight();
    if (name == QStringLiteral("lm_head.weight"))
        return m_model->lmHead().weight();
    if (name == QStringLiteral("lm_head.bias"))
        return m_model->lmHead().bias();
    return nullptr;
}

void Lab::applyInit(const QString &target, const QString &spec)
{
    try {
        applyInit(target, core::InitSpec::parse(spec.toStdString()));
    } catch (const core::Error &e) {
        Q_EMIT initFailed(errorText(e));
    }
}

void Lab::applyInit(const QString &target, const core::InitSpec &spec, std::optional<std::uint64_t> seed,
                    const WeightState *base)
{
    const core::ParameterPtr p = parameter(target);
    if (!p) {
        Q_EMIT initFailed(QStringLiteral("AttributeError: the model has no parameter '%1'").arg(target));
        return;
    }
    InitJob job{target,
                spec,
                seed,
                p,
                base ? base->generator : m_generator.state(),
                base ? base->history : m_history};
    if (m_busy) {
        // The newest request wins: a drag asks again every few milliseconds.
        m_pendingInit = std::make_shared<InitJob>(std::move(job));
        return;
    }
    startInit(job);
}

void Lab::startInit(const InitJob &job)
{
    if (job.parameter->numel() <= kSynchronousElements) {
        commitInit(runInit(job));
        return;
    }
    setBusy(true);
    Q_EMIT busyMessage(
        tr("Running torch.nn.init.%1_ on %2 ...").arg(QString::fromStdString(job.spec.name()), job.target));
    m_initFuture = runInBackground(
        this, [job] { return runInit(job); },
        [this](const std::shared_ptr<InitResult> &result) {
            // Committed before the Lab is idle again: what waits for idle comes after the values
            // (a session's stored weights must not be overwritten by the initialiser they replace).
            commitInit(result);
            setBusy(false);
            runPending();
        });
}

std::shared_ptr<Lab::InitResult> Lab::runInit(const InitJob &job)
{
    // Into a new matrix, not the parameter: the views keep reading the old values meanwhile, and
    // committing is a swap on the UI thread.
    auto result = std::make_shared<InitResult>();
    result->job = job;
    try {
        core::Generator gen;
        gen.setState(job.generator);
        if (job.seed)
            gen.manualSeed(*job.seed);
        result->value.resize(job.parameter->value().rows(), job.parameter->value().cols());
        job.spec.apply({result->value.data(), job.parameter->shape()}, gen);
        result->generator = gen.state();
    } catch (const core::Error &e) {
        result->error = errorText(e);
    } catch (const std::bad_alloc &) {
        result->error = QStringLiteral("RuntimeError: DefaultCPUAllocator: not enough memory");
    }
    return result;
}

void Lab::commitInit(const std::shared_ptr<InitResult> &result)
{
    if (!result->error.isEmpty()) {
        Q_EMIT initFailed(result->error);
        return;
    }
    // The parameter may have been replaced meanwhile (untie, rebuild): write to what the name is now.
    const core::ParameterPtr p = parameter(result->job.target);
    if (!p || p->shape() != result->job.parameter->shape()) {
        Q_EMIT initFailed(
            tr("%1 changed while it was being initialised; apply again.").arg(result->job.target));
        return;
    }
    p->replaceValue(std::move(result->value));
    m_generator.setState(result->generator);
    Operation op;
    op.kind = Operation::Kind::Init;
    op.target = result->job.target;
    op.spec = QString::fromStdString(result->job.spec.toString());
    op.seed = result->job.seed;
    QStringList lines;
    if (op.seed)
        lines << QStringLiteral("torch.manual_seed(%1)").arg(*op.seed);
    lines << QStringLiteral("with torch.no_grad():")
          << QStringLiteral("    ") +
                 QString::fromStdString(result->job.spec.pythonCall(op.target.toStdString()));
    op.python = lines.join(QLatin1Char('\n'));
    m_history = result->job.history;
    m_history.append(op);
    Q_EMIT historyChanged();
    weightsEdited();
}

void Lab::setOptimizer(const core::OptimizerConfig &config)
{
    if (!(config == m_trainer.optimizer()))
        stopTraining();
    if (m_trainer.setOptimizer(config))
        Q_EMIT optimizerReset(OptimizerResetReason::SettingsChanged);
}

void Lab::resetOptimizer()
{
    stopTraining();
    if (m_trainer.reset())
        Q_EMIT optimizerReset(OptimizerResetReason::ByHand);
}

void Lab::dropStaleOptimizer()
{
    if (!m_model)
        return;
    const bool newModel = m_trainedModel && m_trainedModel != m_model.get();
    if ((newModel || m_trainer.isStaleFor(*m_model)) && m_trainer.reset()) {
        OptimizerResetReason reason = OptimizerResetReason::ParametersChanged;
        if (newModel)
            reason = OptimizerResetReason::NewModel;
        else if (m_model->isTied())
            reason = OptimizerResetReason::Tied;
        Q_EMIT optimizerReset(reason);
    }
    m_trainedModel = m_model.get();
}

bool Lab::trainingFits(core::Index tokens)
{
    TrainingMemory need = trainingMemory(m_config.numEmbeddings, m_config.embeddingDim, isTied(),
                                         m_config.lmHeadBias, tokens, m_trainer.optimizer());
    if (m_model->parameterCount() > kSynchronousTrainingElements)
        need = need.withWorkingCopy(); // startTraining() computes on copies
    const std::optional<std::uint64_t> available = m_availableMemory.bytes();
    if (!available || need.fits(*available))
        return true;
    const QLocale locale;
    const auto size = [&locale](std::uint64_t bytes) { return locale.formattedDataSize(qint64(bytes)); };
    Q_EMIT trainingFailed(tr("This training step needs %1 more memory (gradients %2, optimizer state %3, "
                             "logits %4, working copy %5) but only %6 is available: it was not run.")
                              .arg(size(need.additional()), size(need.grads), size(need.optimizerState),
                                   size(need.logits), size(need.workingCopy), size(*available)));
    return false;
}

bool Lab::trainStep(const core::LongTensor &ids, const core::LongTensor &targets)
{
    if (m_busy || !m_model) {
        // A worker may be reading the weights this step would write.
        Q_EMIT trainingFailed(tr("Training waits until the current computation has finished."));
        return false;
    }
    dropStaleOptimizer();
    try {
        core::Trainer::validateBatch(*m_model, ids, targets);
        core::Trainer::checkSameShape(ids, targets);
        if (!trainingFits(ids.numel()))
            return false;
        // Builds the optimiser first: invalid settings raise before any weight changes.
        m_trainer.prepare(*m_model);
        if (m_trainingGate && !m_trainingGate())
            return false;
        if (m_model->parameterCount() > kSynchronousTrainingElements) {
            startTraining(ids, targets);
            return true;
        }
        Q_EMIT aboutToTrain();
        recordStep(ids, targets, m_trainer.step(*m_model, ids, targets));
        return true;
    } catch (const core::BatchShapeError &e) {
        Q_EMIT trainingFailed(
            tr("targets must have the same shape as ids (ids %1, targets %2): targets[k] is the token that "
               "should follow ids[k]. (PyTorch would accept this after .view(-1), pairing them in flattened "
               "order.)")
                .arg(QString::fromStdString(core::shapeString(e.ids)),
                     QString::fromStdString(core::shapeString(e.targets))));
    } catch (const core::Error &e) {
        Q_EMIT trainingFailed(QString::fromStdString(e.pythonText()));
    }
    return false;
}

void Lab::startTraining(const core::LongTensor &ids, const core::LongTensor &targets)
{
    auto job = std::make_shared<TrainingJob>();
    job->ids = ids;
    job->targets = targets;
    job->model = m_model.get();
    m_training = job;
    setBusy(true);
    Q_EMIT busyMessage(
        tr("Training step on %1 weights ...").arg(QLocale().toString(m_model->parameterCount())));
    Q_EMIT trainingStarted();
    // The worker reads the weights and the optimiser and writes only its copies; nothing else writes
    // them while the Lab is busy, and the Lab waits for the worker when it goes.
    const std::shared_ptr<core::TiedModel> model = m_model;
    const core::Trainer *trainer = &m_trainer;
    m_trainingFuture = runInBackground(
        this,
        [job, model, trainer, this] {
            const auto progress = [job, this](int done, int total) {
                QMetaObject::invokeMethod(
                    this, [this, done, total] { Q_EMIT trainingProgress(done, total); },
                    Qt::QueuedConnection);
                return !job->cancelled;
            };
            try {
                if (std::optional<core::DetachedStep> step =
                        trainer->compute(*model, job->ids, job->targets, progress))
                    job->result = std::make_shared<core::DetachedStep>(std::move(*step));
            } catch (const core::Error &e) {
                job->error = QString::fromStdString(e.pythonText());
            } catch (const std::bad_alloc &) {
                job->error = tr("This training step ran out of memory: it was not run.");
            }
        },
        [this, job] { finishTraining(job); });
}

void Lab::finishTraining(const std::shared_ptr<TrainingJob> &job)
{
    m_training.reset();
    // Committed before the Lab is idle again, so that what waits for idle sees the trained weights.
    if (!job->error.isEmpty()) {
        Q_EMIT trainingFailed(job->error);
    } else if (job->cancelled || !job->result || job->model != m_model.get()) {
        Q_EMIT trainingCancelled();
    } else {
        Q_EMIT aboutToTrain();
        recordStep(job->ids, job->targets, m_trainer.commit(*m_model, std::move(*job->result)));
    }
    job->result.reset();
    setBusy(false);
    runPending();
}

void Lab::cancelTraining()
{
    if (m_training)
        m_training->cancelled = true;
}

void Lab::stopTraining()
{
    // The worker reads the optimiser state that is about to change: it stops at its next phase and
    // its step is dropped when its end is delivered.
    if (!m_training)
        return;
    cancelTraining();
    m_trainingFuture.waitForFinished();
}

void Lab::recordStep(const core::LongTensor &ids, const core::LongTensor &targets,
                     const core::TrainingReport &report)
{
    // The step as PyTorch code, runnable where the code panel puts it: a new optimiser is constructed
    // exactly when the Trainer started a fresh state (first step, other settings, tie, reset, undo).
    PythonCode::Step code;
    code.optimizer = m_trainer.optimizer();
    code.ids = ids;
    code.targets = targets;
    code.numEmbeddings = m_modelConfig.numEmbeddings;
    code.newOptimizer = report.step == 1;
    code.number = 1 + int(std::count_if(m_history.cbegin(), m_history.cend(),
                                        [](const Operation &o) { return o.kind == Operation::Kind::Step; }));
    code.defineModel = code.number == 1;
    Operation op;
    op.kind = Operation::Kind::Step;
    op.python = PythonCode::step(code);
    op.output = PythonCode::printedLoss(report.loss);
    recordWeightsChange(op);
    Q_EMIT trained(report);
}

void Lab::recordWeightsChange(const Operation &op)
{
    m_history.append(op);
    Q_EMIT historyChanged();
    weightsEdited();
}

void Lab::weightsEdited()
{
    Q_EMIT weightsChanged();
    // embedding(ids) and the printed weight follow the new values.
    schedule(false);
}

QStringList Lab::initHistory() const
{
    QStringList out;
    for (const Operation &op : m_history)
        if (op.kind == Operation::Kind::Init)
            out << op.target + QLatin1Char('=') + op.spec;
    return out;
}

std::optional<Lab::InitInEffect> Lab::initInEffect(const QString &target) const
{
    // With tying both names are one storage: the last init through either counts.
    const bool tied = isTied();
    const auto sameStorage = [&](const QString &other) {
        if (other == target)
            return true;
        return tied && other != QStringLiteral("lm_head.bias") && target != QStringLiteral("lm_head.bias");
    };
    int steps = 0;
    for (auto it = m_history.crbegin(); it != m_history.crend(); ++it) {
        if (it->kind == Operation::Kind::Init && sameStorage(it->target)) {
            try {
                return InitInEffect{*it, core::InitSpec::parse(it->spec.toStdString()), steps};
            } catch (const core::Error &) {
                return std::nullopt;
            }
        }
        // Training moves the values away from the initialiser's distribution, but they still come
        // from it (issue #24 item 6): the steps are counted, not a reason to forget it.
        if (it->kind == Operation::Kind::Step)
            ++steps;
        if (it->kind == Operation::Kind::Load)
            return std::nullopt;
        if (it->kind == Operation::Kind::Untie && target == QStringLiteral("lm_head.weight"))
            return std::nullopt;
    }
    return std::nullopt;
}

std::optional<Lab::Expected> Lab::expectedDistribution(const QString &target) const
{
    const core::ParameterPtr p = parameter(target);
    if (!p)
        return std::nullopt;
    if (const std::optional<InitInEffect> init = initInEffect(target)) {
        try {
            const core::init::Distribution d = init->spec.distribution(p->shape());
            if (d.kind == core::init::Distribution::Kind::Other)
                return std::nullopt;
            return Expected{d, init->stepsSince};
        } catch (const core::Error &) {
            return std::nullopt;
        }
    }
    int steps = 0;
    for (const Operation &op : m_history) {
        if (op.kind == Operation::Kind::Load)
            return std::nullopt;
        if (op.kind == Operation::Kind::Untie && op.spec == QStringLiteral("clone") &&
            target == QStringLiteral("lm_head.weight"))
            return std::nullopt; // the embedding's values, whatever made them
        steps += op.kind == Operation::Kind::Step ? 1 : 0;
    }
    // No initialiser ran since the constructor: its default. Tied, lm_head.weight is the embedding.
    const bool linear =
        target == QStringLiteral("lm_head.bias") || (target == QStringLiteral("lm_head.weight") && !isTied());
    return Expected{linear ? core::linearDefaultDistribution(m_modelConfig.embeddingDim)
                           : core::embeddingDefaultDistribution(),
                    steps};
}

std::optional<core::InitSpec> Lab::lastInit(const QString &target) const
{
    const std::optional<InitInEffect> init = initInEffect(target);
    if (!init || init->stepsSince > 0)
        return std::nullopt;
    return init->spec;
}

QString Lab::loadedFrom() const
{
    for (const Operation &op : m_history)
        if (op.kind == Operation::Kind::Load)
            return op.spec;
    return {};
}

void Lab::loadMatrix(core::ParameterPtr matrix, const QString &file, const QString &tensor, LoadRole role,
                     bool tied, const QString &element)
{
    if (!matrix || matrix->dim() != 2) {
        Q_EMIT rebuildFailed(tr("%1 is not a 2-D matrix: only a [V, D] tensor can be a weight.").arg(tensor));
        return;
    }
    Config c = m_config;
    // embedding.weight is [V, D]; lm_head.weight is [out, in] = [V, D] as well.
    c.numEmbeddings = matrix->shape()[0];
    c.embeddingDim = matrix->shape()[1];
    c.paddingIdx.reset();
    c.maxNorm.reset();
    c.tied = role == LoadRole::Embedding && tied;
    m_loadRequest =
        std::make_shared<LoadRequest>(LoadRequest{std::move(matrix), {}, file, tensor, role, element});
    m_config = c;
    Q_EMIT configChanged();
    revalidateIds();
    schedule(true);
}

void Lab::adoptEmbedding(const Config &config, core::ParameterPtr embedding, const Operation &restore)
{
    m_loadRequest = std::make_shared<LoadRequest>(
        LoadRequest{std::move(embedding), restore, {}, {}, LoadRole::Embedding});
    m_config = config;
    Q_EMIT configChanged();
    revalidateIds();
    schedule(true);
}

void Lab::schedule(bool rebuild)
{
    if (m_busy) {
        (rebuild ? m_rebuildPending : m_pathsPending) = true;
        return;
    }
    Job job{m_config, rebuild ? nullptr : m_model, m_ids, m_idsValid, nullptr};
    if (rebuild)
        job.load = std::exchange(m_loadRequest, nullptr);
    startJob(job, jobCost(m_config, m_ids.numel()) <= kSynchronousElements);
}

void Lab::buildModel(const Job &job, Built &built)
{
    const Config &c = job.config;
    // torch.empty(V, D) refuses a negative size ("... negative dimension -1: [-1, 5]"); 0 is a
    // valid, empty size.
    core::checkShapeAllocatable({c.numEmbeddings, c.embeddingDim});
    core::EmbeddingOptions options;
    options.paddingIdx = c.paddingIdx;
    options.maxNorm = c.maxNorm;
    core::Generator gen;
    gen.manualSeed(c.seed);
    const bool loadsEmbedding = job.load && job.load->role == LoadRole::Embedding;
    if (loadsEmbedding) {
        // The loaded matrix is the embedding: only an untied lm_head is a new V x D matrix.
        if (!c.tied)
            core::checkShapeAllocatable({c.numEmbeddings, c.embeddingDim});
        built.model = core::TiedModel::withEmbedding(job.load->matrix, options, c.lmHeadBias, c.tied, gen);
    } else if (job.load) {
        // The loaded matrix is lm_head's: only the embedding is a new V x D matrix, and the Linear's
        // own values are never drawn (a Llama 3 sized throwaway, #15).
        core::checkShapeAllocatable({c.numEmbeddings, c.embeddingDim});
        built.model = core::TiedModel::withLmHead(job.load->matrix, options, c.lmHeadBias, gen);
    } else {
        // An untied model holds two V x D matrices: refuse before allocating either when they would
        // not fit together. A tied one never allocates the Linear's own.
        if (!c.tied)
            core::checkShapeAllocatable({2, c.numEmbeddings, c.embeddingDim});
        built.model =
            core::TiedModel::build(c.numEmbeddings, c.embeddingDim, options, c.lmHeadBias, c.tied, gen);
    }
    if (job.load)
        built.history.append(job.load->operation ? *job.load->operation
                                                 : loadOperation(job.load->file, job.load->tensor,
                                                                 job.load->role, job.load->element));
    if (c.tied) {
        if (!built.model->isTied())
            built.model->tie();
        built.history.append(tieOperation(job.load ? QStringLiteral("tied, as the file's model is")
                                                   : QStringLiteral("tied, as in GPT-2")));
    }
    built.generator = gen.state();
    built.rebuilt = true;
}

std::shared_ptr<Lab::Built> Lab::run(const Job &job)
{
    auto built = std::make_shared<Built>();
    built->config = job.config;
    built->ids = job.ids;
    try {
        if (job.model) {
            built->model = job.model;
        } else {
            buildModel(job, *built);
        }
        if (job.withIds && job.ids.numel() > 0) {
            core::Embedding lookup = built->model->embedding(); // shares the weight
            const bool maxNorm = lookup.options().maxNorm.has_value();
            // With max_norm embedding(ids) renormalises the looked-up rows in place. The shown
            // lookup works on a copy: the model stays what the code panel's operations produced,
            // and only lookups written in the code (a training step's forward) renormalise it.
            if (maxNorm)
                lookup.setWeight(lookup.weight()->clone());
            built->paths = core::computeLookupPaths(lookup, job.ids);
            if (maxNorm)
                built->weightAfterForward = lookup.weight();
            built->hasPaths = true;
        }
    } catch (const core::Error &e) {
        built->error = errorText(e);
    } catch (const std::bad_alloc &) {
        built->error = QStringLiteral("RuntimeError: DefaultCPUAllocator: not enough memory");
    } catch (const std::exception &e) {
        built->error = QStringLiteral("RuntimeError: %1").arg(QString::fromStdString(e.what()));
    }
    if (!built->error.isEmpty() && built->rebuilt == false && job.model == nullptr)
        built->model.reset();
    return built;
}

void Lab::startJob(const Job &job, bool synchronous)
{
    if (synchronous || !m_model) {
        onJobFinished(run(job));
        return;
    }
    setBusy(true);
    const QLocale locale;
    if (!job.model)
        Q_EMIT busyMessage(tr("Building Embedding(%1, %2) and Linear(%2, %1) ...")
                               .arg(locale.toString(qint64(job.config.numEmbeddings)),
                                    locale.toString(qint64(job.config.embeddingDim))));
    else
        Q_EMIT busyMessage(tr("Computing embedding(ids) and one_hot(ids) @ weight ..."));
    m_future = runInBackground(
        this, [job] { return run(job); },
        [this](const std::shared_ptr<Built> &built) { onJobFinished(built); });
}

void Lab::onJobFinished(const std::shared_ptr<Built> &built)
{
    if (std::exchange(m_rebuildPending, false)) {
        // The configuration moved on while this one was computed: showing it would only flash.
        m_pathsPending = false;
        setBusy(false);
        m_pendingInit.reset();
        schedule(true);
        return;
    }
    // Adopted while still busy: whoever waits for the Lab to be idle (whenIdle(), a session's
    // initialisers and stored weights) then finds the new model, not the one it replaces - a
    // session's restore once found the old model, skipped, and the seed's values stayed (#15).
    // Requests made meanwhile are pending and run below.
    adopt(built);
    if (m_idsValid && !(built->ids == m_ids))
        m_pathsPending = true;
    setBusy(false);
    runPending();
}

void Lab::runPending()
{
    if (m_busy)
        return;
    if (std::exchange(m_rebuildPending, false)) {
        m_pendingInit.reset();
        m_pathsPending = false;
        schedule(true);
        return;
    }
    if (m_pendingInit) {
        const std::shared_ptr<InitJob> job = std::exchange(m_pendingInit, nullptr);
        job->parameter = parameter(job->target);
        if (job->parameter) {
            startInit(*job);
            return;
        }
    }
    if (std::exchange(m_pathsPending, false))
        schedule(false);
}

void Lab::adopt(const std::shared_ptr<Built> &built)
{
    if (!built->error.isEmpty() && !built->model) {
        // The requested model could not be built: keep the one in effect and say why.
        const Config failed = built->config;
        if (m_model && failed == m_config) {
            m_config = m_modelConfig;
            Q_EMIT configChanged();
            revalidateIds();
            // The paths of the model in effect still hold: views that showed the refused size's
            // IndexError must show them again (issue "Reliability").
            Q_EMIT pathsChanged();
        }
        Q_EMIT rebuildFailed(built->error);
        return;
    }
    const bool tiedBefore = m_model && m_model->isTied();
    const bool hadModel = m_model != nullptr;
    if (built->rebuilt) {
        m_model = built->model;
        m_modelConfig = built->config;
        m_generator.setState(built->generator);
        m_history = built->history;
        if (m_selectedRow >= m_modelConfig.numEmbeddings)
            m_selectedRow = -1;
    }
    m_hasPaths = built->hasPaths && built->error.isEmpty();
    m_paths = m_hasPaths ? std::move(built->paths) : core::LookupPaths{};
    m_weightAfterForward = std::move(built->weightAfterForward);
    if (built->rebuilt) {
        Q_EMIT modelRebuilt();
        Q_EMIT historyChanged();
        Q_EMIT weightsChanged();
        if (!hadModel || tiedBefore != m_model->isTied())
            Q_EMIT tiedChanged(m_model->isTied());
    }
    if (!built->error.isEmpty())
        Q_EMIT rebuildFailed(built->error);
    Q_EMIT pathsChanged();
}

void Lab::whenIdle(QObject *context, std::function<void()> then)
{
    if (!m_busy) {
        then();
        return;
    }
    // Queued: busyChanged(false) is emitted before the finished job's model is adopted, and `then`
    // must see that model (a screenshot of --preset gpt2 showed the reference's weights). A job
    // started meanwhile keeps it waiting.
    auto connection = std::make_shared<QMetaObject::Connection>();
    *connection = connect(
        this, &Lab::busyChanged, context,
        [this, connection, then = std::move(then)] {
            if (m_busy)
                return;
            QObject::disconnect(*connection);
            then();
        },
        Qt::QueuedConnection);
}

void Lab::setBusy(bool busy)
{
    if (busy == m_busy)
        return;
    m_busy = busy;
    Q_EMIT busyChanged(busy);
}

} // namespace embedlab::ui
