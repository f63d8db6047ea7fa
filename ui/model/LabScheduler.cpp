// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/model/LabScheduler.h"

#include "core/nn/Embedding.h"
#include "core/tensor/Error.h"
#include "ui/model/PythonCode.h"
#include "ui/model/WorkerPool.h"

#include <QLocale>

#include <algorithm>
#include <limits>
#include <new>
#include <utility>

namespace embedlab::ui {

struct LabScheduler::Job {
    Lab::Config config;
    std::shared_ptr<core::TiedModel> model; // nullptr: build a new one from config
    core::LongTensor ids;
    bool withIds = false;
    std::shared_ptr<LoadRequest> load;
};

struct LabScheduler::Built {
    Lab::Config config;
    std::shared_ptr<core::TiedModel> model;
    bool rebuilt = false;
    core::Generator::State generator;
    QList<Lab::Operation> history;
    core::LongTensor ids;
    bool hasPaths = false;
    core::LookupPaths paths;
    core::ParameterPtr weightAfterForward;
    QString error;
};

struct LabScheduler::InitResult {
    InitJob job;
    core::Matrix value;
    core::Generator::State generator;
    QString error;
};

namespace {

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

Lab::Operation loadOperation(const QString &file, const QString &tensor, Lab::LoadRole role,
                             const QString &element)
{
    Lab::Operation op;
    op.kind = Lab::Operation::Kind::Load;
    op.element = element;
    op.target = role == Lab::LoadRole::Embedding ? QStringLiteral("embedding.weight")
                                                 : QStringLiteral("lm_head.weight");
    op.spec = file + QLatin1Char(':') + tensor;
    op.python = PythonCode::load(file, tensor, op.target, PythonCode::Origin::Opened);
    return op;
}

QString outOfMemory()
{
    return QStringLiteral("RuntimeError: DefaultCPUAllocator: not enough memory");
}

} // namespace

LabScheduler::LabScheduler(Lab &lab)
    : m_lab(lab)
{}

LabScheduler::~LabScheduler()
{
    m_future.waitForFinished();
    m_initFuture.waitForFinished();
}

void LabScheduler::schedule(bool rebuild)
{
    if (m_lab.m_busy) {
        (rebuild ? m_rebuildPending : m_pathsPending) = true;
        return;
    }
    Job job{m_lab.m_config, rebuild ? nullptr : m_lab.m_model, m_lab.m_ids, m_lab.m_idsValid, nullptr};
    if (rebuild)
        job.load = std::exchange(m_loadRequest, nullptr);
    startJob(job, jobCost(m_lab.m_config, m_lab.m_ids.numel()) <= Lab::kSynchronousElements);
}

void LabScheduler::requestLoad(LoadRequest request)
{
    m_loadRequest = std::make_shared<LoadRequest>(std::move(request));
}

void LabScheduler::buildModel(const Job &job, Built &built)
{
    const Lab::Config &c = job.config;
    // torch.empty(V, D) refuses a negative size ("... negative dimension -1: [-1, 5]"); 0 is a
    // valid, empty size.
    core::checkShapeAllocatable({c.numEmbeddings, c.embeddingDim});
    core::EmbeddingOptions options;
    options.paddingIdx = c.paddingIdx;
    options.maxNorm = c.maxNorm;
    core::Generator gen;
    gen.manualSeed(c.seed);
    const bool loadsEmbedding = job.load && job.load->role == Lab::LoadRole::Embedding;
    if (loadsEmbedding && job.load->head.matrix) {
        // Both matrices come from the file: no new V x D matrix at all.
        built.model = core::TiedModel::withEmbeddingAndHead(job.load->matrix, job.load->head.matrix, options,
                                                            c.lmHeadBias, gen);
    } else if (loadsEmbedding) {
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
    if (job.load && job.load->head.matrix)
        built.history.append(loadOperation(job.load->file, job.load->head.tensor, Lab::LoadRole::LmHead,
                                           job.load->head.element));
    if (c.tied) {
        if (!built.model->isTied())
            built.model->tie();
        built.history.append(Lab::tieOperation(job.load ? QStringLiteral("tied, as the file's model is")
                                                        : QStringLiteral("tied, as in GPT-2")));
    }
    built.generator = gen.state();
    built.rebuilt = true;
}

std::shared_ptr<LabScheduler::Built> LabScheduler::run(const Job &job)
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
        built->error = QString::fromStdString(e.pythonText());
    } catch (const std::bad_alloc &) {
        built->error = outOfMemory();
    } catch (const std::exception &e) {
        built->error = QStringLiteral("RuntimeError: %1").arg(QString::fromStdString(e.what()));
    }
    if (!built->error.isEmpty() && built->rebuilt == false && job.model == nullptr)
        built->model.reset();
    return built;
}

void LabScheduler::startJob(const Job &job, bool synchronous)
{
    if (synchronous || !m_lab.m_model) {
        onJobFinished(run(job));
        return;
    }
    m_lab.setBusy(true);
    const QLocale locale;
    if (!job.model)
        Q_EMIT m_lab.busyMessage(tr("Building Embedding(%1, %2) and Linear(%2, %1) ...")
                                     .arg(locale.toString(qint64(job.config.numEmbeddings)),
                                          locale.toString(qint64(job.config.embeddingDim))));
    else
        Q_EMIT m_lab.busyMessage(tr("Computing embedding(ids) and one_hot(ids) @ weight ..."));
    m_future = runInBackground(
        &m_lab, [job] { return run(job); },
        [this](const std::shared_ptr<Built> &built) { onJobFinished(built); });
}

void LabScheduler::onJobFinished(const std::shared_ptr<Built> &built)
{
    if (std::exchange(m_rebuildPending, false)) {
        // The configuration moved on while this one was computed: showing it would only flash.
        m_pathsPending = false;
        m_lab.setBusy(false);
        m_pendingInit.reset();
        schedule(true);
        return;
    }
    // Adopted while still busy: whoever waits for the Lab to be idle (whenIdle(), a session's
    // initialisers and stored weights) then finds the new model, not the one it replaces - a
    // session's restore once found the old model, skipped, and the seed's values stayed (#15).
    // Requests made meanwhile are pending and run below.
    adopt(built);
    if (m_lab.m_idsValid && !(built->ids == m_lab.m_ids))
        m_pathsPending = true;
    m_lab.setBusy(false);
    runPending();
}

void LabScheduler::runPending()
{
    if (m_lab.m_busy)
        return;
    if (std::exchange(m_rebuildPending, false)) {
        m_pendingInit.reset();
        m_pathsPending = false;
        schedule(true);
        return;
    }
    if (m_pendingInit) {
        const std::shared_ptr<InitJob> job = std::exchange(m_pendingInit, nullptr);
        job->parameter = m_lab.parameter(job->target);
        if (job->parameter) {
            startInit(*job);
            return;
        }
    }
    if (std::exchange(m_pathsPending, false))
        schedule(false);
}

void LabScheduler::refuse(const Built &built)
{
    Lab &lab = m_lab;
    if (lab.m_model && built.config == lab.m_config) {
        lab.m_config = lab.m_modelConfig;
        Q_EMIT lab.configChanged();
        lab.revalidateIds();
        // The paths of the model in effect still hold: views that showed the refused size's
        // IndexError must show them again (issue "Reliability").
        Q_EMIT lab.pathsChanged();
    }
    Q_EMIT lab.rebuildFailed(built.error);
}

void LabScheduler::adopt(const std::shared_ptr<Built> &built)
{
    if (!built->error.isEmpty() && !built->model) {
        // The requested model could not be built: keep the one in effect and say why.
        refuse(*built);
        return;
    }
    Lab &lab = m_lab;
    const bool tiedBefore = lab.m_model && lab.m_model->isTied();
    const bool hadModel = lab.m_model != nullptr;
    if (built->rebuilt) {
        lab.m_model = built->model;
        lab.m_modelConfig = built->config;
        lab.m_generator.setState(built->generator);
        lab.m_history = built->history;
        if (lab.m_selectedRow >= lab.m_modelConfig.numEmbeddings)
            lab.m_selectedRow = -1;
    }
    lab.m_hasPaths = built->hasPaths && built->error.isEmpty();
    lab.m_paths = lab.m_hasPaths ? std::move(built->paths) : core::LookupPaths{};
    lab.m_weightAfterForward = std::move(built->weightAfterForward);
    if (built->rebuilt) {
        Q_EMIT lab.modelRebuilt();
        Q_EMIT lab.historyChanged();
        Q_EMIT lab.weightsChanged();
        if (!hadModel || tiedBefore != lab.m_model->isTied())
            Q_EMIT lab.tiedChanged(lab.m_model->isTied());
    }
    if (!built->error.isEmpty())
        Q_EMIT lab.rebuildFailed(built->error);
    Q_EMIT lab.pathsChanged();
}

void LabScheduler::whenIdle(QObject *context, std::function<void()> then)
{
    if (!m_lab.m_busy) {
        then();
        return;
    }
    // Queued: busyChanged(false) is emitted before the finished job's model is adopted, and `then`
    // must see that model (a screenshot of --preset gpt2 showed the reference's weights). A job
    // started meanwhile keeps it waiting.
    auto connection = std::make_shared<QMetaObject::Connection>();
    *connection = QObject::connect(
        &m_lab, &Lab::busyChanged, context,
        [lab = &m_lab, connection, then = std::move(then)] {
            if (lab->m_busy)
                return;
            QObject::disconnect(*connection);
            then();
        },
        Qt::QueuedConnection);
}

void LabScheduler::requestInit(InitJob job)
{
    if (m_lab.m_busy) {
        // The newest request wins: a drag asks again every few milliseconds.
        m_pendingInit = std::make_shared<InitJob>(std::move(job));
        return;
    }
    startInit(job);
}

void LabScheduler::startInit(const InitJob &job)
{
    if (job.parameter->numel() <= Lab::kSynchronousElements) {
        commitInit(runInit(job));
        return;
    }
    m_lab.setBusy(true);
    Q_EMIT m_lab.busyMessage(
        tr("Running torch.nn.init.%1_ on %2 ...").arg(QString::fromStdString(job.spec.name()), job.target));
    m_initFuture = runInBackground(
        &m_lab, [job] { return runInit(job); },
        [this](const std::shared_ptr<InitResult> &result) {
            // Committed before the Lab is idle again: what waits for idle comes after the values
            // (a session's stored weights must not be overwritten by the initialiser they replace).
            commitInit(result);
            m_lab.setBusy(false);
            runPending();
        });
}

std::shared_ptr<LabScheduler::InitResult> LabScheduler::runInit(const InitJob &job)
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
        result->value.resize(job.parameter->rows(), job.parameter->cols());
        job.spec.apply({result->value.data(), job.parameter->shape()}, gen);
        result->generator = gen.state();
    } catch (const core::Error &e) {
        result->error = QString::fromStdString(e.pythonText());
    } catch (const std::bad_alloc &) {
        result->error = outOfMemory();
    }
    return result;
}

void LabScheduler::commitInit(const std::shared_ptr<InitResult> &result)
{
    Lab &lab = m_lab;
    if (!result->error.isEmpty()) {
        Q_EMIT lab.initFailed(result->error);
        return;
    }
    // The parameter may have been replaced meanwhile (untie, rebuild): write to what the name is now.
    const core::ParameterPtr p = lab.parameter(result->job.target);
    if (!p || p->shape() != result->job.parameter->shape()) {
        Q_EMIT lab.initFailed(
            tr("%1 changed while it was being initialised; apply again.").arg(result->job.target));
        return;
    }
    p->replaceValue(std::move(result->value));
    lab.m_generator.setState(result->generator);
    Lab::Operation op;
    op.kind = Lab::Operation::Kind::Init;
    op.target = result->job.target;
    op.spec = QString::fromStdString(result->job.spec.toString());
    op.seed = result->job.seed;
    op.python = PythonCode::init(op.target, result->job.spec, op.seed);
    lab.m_history = result->job.history;
    lab.m_history.append(op);
    Q_EMIT lab.historyChanged();
    lab.weightsEdited();
}

} // namespace embedlab::ui
