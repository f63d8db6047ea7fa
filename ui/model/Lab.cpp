// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/model/Lab.h"

#include "core/init/Generator.h"
#include "core/nn/Embedding.h"
#include "core/tensor/Error.h"
#include "ui/model/LabScheduler.h"
#include "ui/model/LabTraining.h"
#include "ui/model/PythonCode.h"

#include <QLocale>

namespace embedlab::ui {

namespace {

std::shared_ptr<const core::Parameter> snapshotOf(const core::ParameterPtr &p)
{
    return p ? p->snapshot() : nullptr;
}

// Puts the captured values back into `p`. Float32 values are copied into its float32 storage (no
// second buffer of a 2 GB matrix); captured values that are a file's bytes (16-bit words, or
// float32 where they lie) become its storage again (a snapshot of them, so that the state can be
// restored again: the pages written meanwhile are given back), and words of `p`'s own are replaced
// rather than converted to be overwritten.
void copyInto(const core::ParameterPtr &p, const std::shared_ptr<const core::Parameter> &values)
{
    if (!p || !values)
        return;
    Q_ASSERT_X(values->shape() == p->shape(), "Lab::restoreWeights",
               "a WeightState must be restored on a model of the shape it was captured from");
    if (values->holdsFileValues() || p->halfType()) {
        p->replaceValue(std::move(*values->snapshot()));
        return;
    }
    p->value() = values->value();
    p->bumpVersion();
}

} // namespace

std::uint64_t Lab::WeightState::bytes() const
{
    std::uint64_t total = 0;
    for (const auto &p : {embedding, lmHead, bias})
        if (p && !p->inPlace())
            total += p->bytes();
    return total;
}

Lab::Lab(QObject *parent)
    : QObject(parent)
    , m_scheduler(std::make_unique<LabScheduler>(*this))
    , m_training(std::make_unique<LabTraining>(*this))
{
    acceptIds(presetIds(Preset::Reference));
    m_scheduler->schedule(true); // the first model is built at once: there is none to show meanwhile
    // A new model, a tie or an untie changes model.parameters(): torch.optim would need a new optimiser.
    connect(this, &Lab::modelRebuilt, this, [this] { m_training->dropStaleOptimizer(); });
    connect(this, &Lab::tiedChanged, this, [this] { m_training->dropStaleOptimizer(); });
}

// The helpers wait for their workers as they go (LabScheduler, LabTraining).
Lab::~Lab() = default;

Lab::Operation Lab::tieOperation(const QString &why)
{
    Operation op;
    op.kind = Operation::Kind::Tie;
    op.target = QStringLiteral("lm_head.weight");
    op.python = PythonCode::tie(why);
    return op;
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
    m_scheduler->schedule(true);
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
        Q_EMIT tieFailed(QString::fromStdString(e.pythonText()));
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
    const bool reinitialize = mode == core::TiedModel::UntieMode::Reinitialize;
    op.spec = reinitialize ? QStringLiteral("reinitialize") : QStringLiteral("clone");
    op.python = PythonCode::untie(!reinitialize, shape[0], shape[1]);
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
        state.embedding = snapshotOf(m_model->embedding().weight());
    if ((parts & LmHeadPart) && !state.tied)
        state.lmHead = snapshotOf(m_model->lmHead().weight());
    if (parts & BiasPart)
        state.bias = snapshotOf(m_model->lmHead().bias());
    state.generator = m_generator.state();
    state.history = m_history;
    state.numEmbeddings = m_model->embedding().numEmbeddings();
    state.embeddingDim = m_model->embedding().embeddingDim();
    state.hasBias = m_model->lmHead().hasBias();
    return state;
}

core::TrainerState Lab::trainerState() const
{
    return m_training->saveState();
}

std::uint64_t Lab::trainerStateBytes() const
{
    return m_training->stateBytes();
}

void Lab::restoreTrainerState(const core::TrainerState &state)
{
    m_training->restoreState(state);
}

void Lab::replayTrainingStep(const core::TrainingReport &recorded)
{
    m_training->replay(recorded);
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
    const auto fits = [](const std::shared_ptr<const core::Parameter> &values, core::Index rows,
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
        restoreIds(snapshot);
        revalidateIds();
        m_hasPaths = false;
        m_paths = {};
        m_weightAfterForward = nullptr;
        Q_EMIT modelRebuilt();
        Q_EMIT weightsChanged();
        Q_EMIT historyChanged();
        if (tiedBefore != m_model->isTied())
            Q_EMIT tiedChanged(m_model->isTied());
        m_scheduler->schedule(false);
        return;
    }
    Config sameButTie = snapshot.config;
    sameButTie.tied = m_config.tied;
    if (!snapshot.fresh && sameButTie == m_config && snapshot.config.tied != m_config.tied && m_model &&
        !m_busy) {
        setTied(snapshot.config.tied);
        if (restoreIds(snapshot))
            m_scheduler->schedule(false);
        return;
    }
    const bool configDiffers = !(snapshot.config == m_config);
    m_config = snapshot.config;
    if (configDiffers)
        Q_EMIT configChanged();
    // The ids are validated against the new size before anything is computed.
    const bool idsDiffer = restoreIds(snapshot);
    if (configDiffers || snapshot.fresh) {
        revalidateIds();
        m_scheduler->schedule(true);
    } else if (idsDiffer && m_model) {
        m_scheduler->schedule(false);
    }
}

QString Lab::validateIds(const core::LongTensor &ids, core::Index numEmbeddings, core::Index embeddingDim)
{
    try {
        core::Embedding::checkIds(ids, numEmbeddings, embeddingDim);
    } catch (const core::Error &e) {
        return QString::fromStdString(e.pythonText());
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
        error = QString::fromStdString(e.pythonText());
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

bool Lab::restoreIds(const Snapshot &snapshot)
{
    // Undo after a preset on a shrunken model gave back the preset's "2, 3, 1" instead of the
    // teacher's "5, 0, 0, 5", which acceptIds() refuses on 5 rows (tst_transitions, seed 1).
    if (!snapshot.idsKept)
        return acceptIds(snapshot.idsText);
    core::LongTensor parsed;
    try {
        parsed = core::parseIds(snapshot.idsText.toStdString());
    } catch (const std::exception &) {
        return acceptIds(snapshot.idsText); // not ids at all: refused, with acceptIds()'s message
    }
    const bool changed = !(parsed == m_ids) || snapshot.idsText.trimmed() != m_idsText;
    m_idsText = snapshot.idsText.trimmed();
    m_ids = std::move(parsed);
    const bool wasValid = m_idsValid;
    revalidateIds();
    if (changed && m_idsValid && wasValid)
        Q_EMIT idsChanged();
    return changed || wasValid != m_idsValid;
}

bool Lab::setIdsText(const QString &text)
{
    const bool changed = acceptIds(text);
    if (changed && m_model)
        m_scheduler->schedule(false);
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
    for (core::Index r = 0; r < model->rows(); ++r)
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
        Q_EMIT initFailed(QString::fromStdString(e.pythonText()));
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
    m_scheduler->requestInit({target, spec, seed, p, base ? base->generator : m_generator.state(),
                              base ? base->history : m_history});
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
    m_scheduler->schedule(false);
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
                     bool tied, const QString &element, const FileHead &head)
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
    const bool withHead =
        head.matrix && role == LoadRole::Embedding && !c.tied && head.matrix->shape() == matrix->shape();
    m_scheduler->requestLoad(
        {std::move(matrix), {}, file, tensor, role, element, withHead ? head : FileHead{}});
    m_config = c;
    Q_EMIT configChanged();
    revalidateIds();
    m_scheduler->schedule(true);
}

void Lab::adoptEmbedding(const Config &config, core::ParameterPtr embedding, const Operation &restore)
{
    m_scheduler->requestLoad({std::move(embedding), restore, {}, {}, LoadRole::Embedding});
    m_config = config;
    Q_EMIT configChanged();
    revalidateIds();
    m_scheduler->schedule(true);
}

void Lab::whenIdle(QObject *context, std::function<void()> then)
{
    m_scheduler->whenIdle(context, std::move(then));
}

void Lab::setOptimizer(const core::OptimizerConfig &config)
{
    m_training->setOptimizer(config);
}

const core::OptimizerConfig &Lab::optimizer() const
{
    return m_training->optimizer();
}

void Lab::resetOptimizer()
{
    m_training->resetOptimizer();
}

void Lab::setAvailableMemory(std::optional<std::uint64_t> bytes)
{
    m_training->setAvailableMemory(bytes);
}

int Lab::trainingSteps() const
{
    return m_training->stepCount();
}

bool Lab::trainStep(const core::LongTensor &ids, const core::LongTensor &targets)
{
    return m_training->trainStep(ids, targets);
}

void Lab::cancelTraining()
{
    m_training->cancel();
}

bool Lab::isTraining() const
{
    return m_training->isRunning();
}

void Lab::setTrainingGate(std::function<bool()> gate)
{
    m_training->setGate(std::move(gate));
}

void Lab::setBusy(bool busy)
{
    if (busy == m_busy)
        return;
    m_busy = busy;
    Q_EMIT busyChanged(busy);
}

} // namespace embedlab::ui
