// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/model/LabTraining.h"

#include "core/tensor/Error.h"
#include "ui/model/LabScheduler.h"
#include "ui/model/PythonCode.h"
#include "ui/model/WorkerPool.h"

#include <QLocale>

#include <algorithm>
#include <atomic>
#include <new>

namespace embedlab::ui {

/// A step computed on a worker: the copies it made (nullptr until done, or when cancelled or failed).
struct LabTraining::Job {
    core::LongTensor ids;
    core::LongTensor targets;
    const core::TiedModel *model = nullptr;
    std::atomic<bool> cancelled = false;
    std::shared_ptr<core::DetachedStep> result;
    QString error;
};

LabTraining::LabTraining(Lab &lab)
    : m_lab(lab)
{}

LabTraining::~LabTraining()
{
    if (m_job)
        m_job->cancelled = true;
    m_future.waitForFinished();
}

void LabTraining::setOptimizer(const core::OptimizerConfig &config)
{
    if (!(config == m_trainer.optimizer()))
        stop();
    if (m_trainer.setOptimizer(config))
        Q_EMIT m_lab.optimizerReset(Lab::OptimizerResetReason::SettingsChanged);
}

void LabTraining::resetOptimizer()
{
    stop();
    if (m_trainer.reset())
        Q_EMIT m_lab.optimizerReset(Lab::OptimizerResetReason::ByHand);
}

void LabTraining::dropStaleOptimizer()
{
    const core::TiedModel *model = m_lab.m_model.get();
    if (!model)
        return;
    const bool newModel = m_trainedModel && m_trainedModel != model;
    if ((newModel || m_trainer.isStaleFor(*model)) && m_trainer.reset()) {
        Lab::OptimizerResetReason reason = Lab::OptimizerResetReason::ParametersChanged;
        if (newModel)
            reason = Lab::OptimizerResetReason::NewModel;
        else if (model->isTied())
            reason = Lab::OptimizerResetReason::Tied;
        Q_EMIT m_lab.optimizerReset(reason);
    }
    m_trainedModel = model;
}

bool LabTraining::fits(core::Index tokens)
{
    const Lab::Config &config = m_lab.m_config;
    TrainingMemory need = trainingMemory(config.numEmbeddings, config.embeddingDim, m_lab.isTied(),
                                         config.lmHeadBias, tokens, m_trainer.optimizer());
    if (m_lab.m_model->parameterCount() > Lab::kSynchronousTrainingElements)
        need = need.withWorkingCopy(); // start() computes on copies
    const std::optional<std::uint64_t> available = m_availableMemory.bytes();
    if (!available || need.fits(*available))
        return true;
    const QLocale locale;
    const auto size = [&locale](std::uint64_t bytes) { return locale.formattedDataSize(qint64(bytes)); };
    Q_EMIT m_lab.trainingFailed(
        tr("This training step needs %1 more memory (gradients %2, optimizer state %3, "
           "logits %4, working copy %5) but only %6 is available: it was not run.")
            .arg(size(need.additional()), size(need.grads), size(need.optimizerState), size(need.logits),
                 size(need.workingCopy), size(*available)));
    return false;
}

bool LabTraining::trainStep(const core::LongTensor &ids, const core::LongTensor &targets)
{
    const std::shared_ptr<core::TiedModel> &model = m_lab.m_model;
    if (m_lab.m_busy || !model) {
        // A worker may be reading the weights this step would write.
        Q_EMIT m_lab.trainingFailed(tr("Training waits until the current computation has finished."));
        return false;
    }
    dropStaleOptimizer();
    try {
        core::Trainer::validateBatch(*model, ids, targets);
        core::Trainer::checkSameShape(ids, targets);
        if (!fits(ids.numel()))
            return false;
        // Builds the optimiser first: invalid settings raise before any weight changes.
        m_trainer.prepare(*model);
        if (m_gate && !m_gate())
            return false;
        if (model->parameterCount() > Lab::kSynchronousTrainingElements) {
            start(ids, targets);
            return true;
        }
        Q_EMIT m_lab.aboutToTrain();
        record(ids, targets, m_trainer.step(*model, ids, targets));
        return true;
    } catch (const core::BatchShapeError &e) {
        Q_EMIT m_lab.trainingFailed(
            tr("targets must have the same shape as ids (ids %1, targets %2): targets[k] is the token that "
               "should follow ids[k]. (PyTorch would accept this after .view(-1), pairing them in flattened "
               "order.)")
                .arg(QString::fromStdString(core::shapeString(e.ids)),
                     QString::fromStdString(core::shapeString(e.targets))));
    } catch (const core::Error &e) {
        Q_EMIT m_lab.trainingFailed(QString::fromStdString(e.pythonText()));
    }
    return false;
}

void LabTraining::start(const core::LongTensor &ids, const core::LongTensor &targets)
{
    auto job = std::make_shared<Job>();
    job->ids = ids;
    job->targets = targets;
    job->model = m_lab.m_model.get();
    m_job = job;
    m_lab.setBusy(true);
    Q_EMIT m_lab.busyMessage(
        tr("Training step on %1 weights ...").arg(QLocale().toString(m_lab.m_model->parameterCount())));
    Q_EMIT m_lab.trainingStarted();
    // The worker reads the weights and the optimiser and writes only its copies; nothing else writes
    // them while the Lab is busy, and the Lab waits for the worker when it goes.
    const std::shared_ptr<core::TiedModel> model = m_lab.m_model;
    const core::Trainer *trainer = &m_trainer;
    Lab *lab = &m_lab;
    m_future = runInBackground(
        lab,
        [job, model, trainer, lab] {
            const auto progress = [job, lab](int done, int total) {
                QMetaObject::invokeMethod(
                    lab, [lab, done, total] { Q_EMIT lab->trainingProgress(done, total); },
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
        [this, job] { finish(job); });
}

void LabTraining::finish(const std::shared_ptr<Job> &job)
{
    m_job.reset();
    // Committed before the Lab is idle again, so that what waits for idle sees the trained weights.
    if (!job->error.isEmpty()) {
        Q_EMIT m_lab.trainingFailed(job->error);
    } else if (job->cancelled || !job->result || job->model != m_lab.m_model.get()) {
        Q_EMIT m_lab.trainingCancelled();
    } else {
        Q_EMIT m_lab.aboutToTrain();
        record(job->ids, job->targets, m_trainer.commit(*m_lab.m_model, std::move(*job->result)));
    }
    job->result.reset();
    m_lab.setBusy(false);
    m_lab.m_scheduler->runPending();
}

void LabTraining::restoreState(const core::TrainerState &state)
{
    m_trainer.restoreState(state);
    m_trainedModel = m_lab.m_model.get();
}

void LabTraining::replay(const core::TrainingReport &recorded)
{
    // As the step was taken: its settings (another setting dropped the state then too), and a fresh
    // optimiser when it was the first step of its state (a reset by hand, a new model, undo).
    core::TiedModel &model = *m_lab.m_model;
    m_trainer.setOptimizer(recorded.optimizer);
    if (recorded.step == 1)
        m_trainer.reset();
    m_trainer.prepare(model);
    m_trainedModel = &model;
    record(recorded.ids, recorded.targets, m_trainer.step(model, recorded.ids, recorded.targets));
}

void LabTraining::cancel()
{
    if (m_job)
        m_job->cancelled = true;
}

void LabTraining::stop()
{
    // The worker reads the optimiser state that is about to change: it stops at its next phase and
    // its step is dropped when its end is delivered.
    if (!m_job)
        return;
    cancel();
    m_future.waitForFinished();
}

void LabTraining::record(const core::LongTensor &ids, const core::LongTensor &targets,
                         const core::TrainingReport &report)
{
    // The step as PyTorch code, runnable where the code panel puts it: a new optimiser is constructed
    // exactly when the Trainer started a fresh state (first step, other settings, tie, reset, undo).
    const QList<Lab::Operation> &history = m_lab.history();
    PythonCode::Step code;
    code.optimizer = m_trainer.optimizer();
    code.ids = ids;
    code.targets = targets;
    code.numEmbeddings = m_lab.m_modelConfig.numEmbeddings;
    code.newOptimizer = report.step == 1;
    code.number = 1 + int(std::count_if(history.cbegin(), history.cend(), [](const Lab::Operation &o) {
                      return o.kind == Lab::Operation::Kind::Step;
                  }));
    code.defineModel = code.number == 1;
    Lab::Operation op;
    op.kind = Lab::Operation::Kind::Step;
    op.python = PythonCode::step(code);
    op.output = PythonCode::printedLoss(report.loss);
    m_lab.recordWeightsChange(op);
    Q_EMIT m_lab.trained(report);
}

} // namespace embedlab::ui
