// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "Lab.h"

#include "core/Error.h"
#include "core/Generator.h"

#include <QLocale>
#include <QtConcurrent/QtConcurrentRun>

#include <new>

namespace embedlab::ui {

struct Lab::Job {
    Config config;
    std::shared_ptr<core::TiedModel> model; // nullptr: build a new one from config
    core::LongTensor ids;
    bool withIds = false;
};

struct Lab::Built {
    Config config;
    std::shared_ptr<core::TiedModel> model;
    bool rebuilt = false;
    core::LongTensor ids;
    bool hasPaths = false;
    core::LookupPaths paths;
    core::Tensor weightBeforeForward;
    QString error;
};

namespace {

QString errorText(const core::Error &e)
{
    return QStringLiteral("%1: %2").arg(QLatin1String(e.kindName()), QString::fromStdString(e.what()));
}

core::Index jobCost(const Lab::Config &config, core::Index numIds)
{
    // The one-hot path multiplies V x D per id; building fills V x D (twice when untied).
    return config.numEmbeddings * config.embeddingDim * std::max<core::Index>(2, numIds);
}

} // namespace

Lab::Lab(QObject *parent)
    : QObject(parent)
{
    acceptIds(presetIds(Preset::Reference));
    startJob({m_config, nullptr, m_ids, m_idsValid}, true);
}

Lab::~Lab()
{
    // The worker only touches objects it holds by value or shared_ptr, but waiting keeps tools
    // like ASan quiet and frees the memory deterministically.
    m_future.waitForFinished();
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

void Lab::setConfig(const Config &config)
{
    if (config == m_config)
        return;
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
    restore({c, presetIds(preset)});
}

void Lab::setSeed(std::uint64_t seed)
{
    Config c = m_config;
    c.seed = seed;
    setConfig(c);
}

void Lab::setTied(bool tied)
{
    // Rebuilding (rather than tying in place) keeps the state reproducible from the printed code:
    // an untied lm_head always holds the values its constructor drew.
    Config c = m_config;
    c.tied = tied;
    setConfig(c);
}

void Lab::restore(const Snapshot &snapshot)
{
    const bool configDiffers = !(snapshot.config == m_config);
    m_config = snapshot.config;
    if (configDiffers)
        Q_EMIT configChanged();
    // The ids are validated against the new size before anything is computed.
    const bool idsDiffer = acceptIds(snapshot.idsText);
    if (configDiffers) {
        revalidateIds();
        schedule(true);
    } else if (idsDiffer && m_model) {
        schedule(false);
    }
}

QString Lab::validateIds(const core::LongTensor &ids, core::Index numEmbeddings)
{
    for (std::int64_t id : ids.data) {
        if (id < 0 || id >= numEmbeddings)
            return QStringLiteral("IndexError: index out of range in self");
    }
    return {};
}

void Lab::revalidateIds()
{
    // Ids that fit the old size may not fit the new one: they are kept (nothing is lost) and
    // reported until they fit again.
    const QString error = validateIds(m_ids, m_config.numEmbeddings);
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
            error = validateIds(parsed, m_config.numEmbeddings);
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

void Lab::applyInit(const QString &parameterName, const QString &spec)
{
    Q_EMIT initFailed(tr("Custom initialisers (%1 for %2) are not available in this version yet.")
                          .arg(spec, parameterName));
}

void Lab::schedule(bool rebuild)
{
    if (m_busy) {
        (rebuild ? m_rebuildPending : m_pathsPending) = true;
        return;
    }
    Job job{m_config, rebuild ? nullptr : m_model, m_ids, m_idsValid};
    startJob(job, jobCost(m_config, m_ids.numel()) <= kSynchronousElements);
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
            const Config &c = job.config;
            if (c.numEmbeddings <= 0 || c.embeddingDim <= 0)
                throw core::Error(core::Error::Kind::RuntimeError,
                                  "Trying to create tensor with negative dimension " +
                                      std::to_string(std::min(c.numEmbeddings, c.embeddingDim)) + ": [" +
                                      std::to_string(c.numEmbeddings) + ", " +
                                      std::to_string(c.embeddingDim) + "]");
            core::EmbeddingOptions options;
            options.paddingIdx = c.paddingIdx;
            options.maxNorm = c.maxNorm;
            core::Generator gen;
            gen.manualSeed(c.seed);
            built->model = std::make_shared<core::TiedModel>(c.numEmbeddings, c.embeddingDim, options,
                                                             c.lmHeadBias, gen);
            if (c.tied)
                built->model->tie();
            built->rebuilt = true;
        }
        if (job.withIds && job.ids.numel() > 0) {
            core::Embedding &embedding = built->model->embedding();
            if (embedding.options().maxNorm)
                built->weightBeforeForward = embedding.weight()->toTensor();
            built->paths = core::computeLookupPaths(embedding, job.ids);
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
    m_future = QtConcurrent::run(&Lab::run, job);
    m_future.then(this, [this](const std::shared_ptr<Built> &built) { onJobFinished(built); });
}

void Lab::onJobFinished(const std::shared_ptr<Built> &built)
{
    const bool rebuildPending = std::exchange(m_rebuildPending, false);
    const bool pathsPending = std::exchange(m_pathsPending, false);
    setBusy(false);
    if (rebuildPending) {
        // The configuration moved on while this one was computed: showing it would only flash.
        schedule(true);
        return;
    }
    adopt(built);
    if (pathsPending || (m_idsValid && !(built->ids == m_ids)))
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
        }
        Q_EMIT rebuildFailed(built->error);
        return;
    }
    const bool tiedBefore = m_model && m_model->isTied();
    const bool hadModel = m_model != nullptr;
    if (built->rebuilt) {
        m_model = built->model;
        m_modelConfig = built->config;
        if (m_selectedRow >= m_modelConfig.numEmbeddings)
            m_selectedRow = -1;
    }
    m_hasPaths = built->hasPaths && built->error.isEmpty();
    m_paths = m_hasPaths ? std::move(built->paths) : core::LookupPaths{};
    m_weightBeforeForward = std::move(built->weightBeforeForward);
    if (built->rebuilt) {
        Q_EMIT modelRebuilt();
        Q_EMIT weightsChanged();
        if (!hadModel || tiedBefore != m_model->isTied())
            Q_EMIT tiedChanged(m_model->isTied());
    } else if (m_modelConfig.maxNorm && m_hasPaths) {
        // max_norm renormalised the looked-up rows in place, as PyTorch does.
        m_model->embedding().weight()->bumpVersion();
        Q_EMIT weightsChanged();
    }
    if (!built->error.isEmpty())
        Q_EMIT rebuildFailed(built->error);
    Q_EMIT pathsChanged();
}

void Lab::setBusy(bool busy)
{
    if (busy == m_busy)
        return;
    m_busy = busy;
    Q_EMIT busyChanged(busy);
}

} // namespace embedlab::ui
