// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/nn/Trainer.h"
#include "ui/model/Lab.h"
#include "ui/model/UndoMemory.h"

#include <QCoreApplication>
#include <QFuture>

#include <functional>
#include <memory>

namespace embedlab::ui {

/// The Lab's training steps: the optimiser and its state, the memory check, a step at once on a
/// small model or on copies on a worker (cancellable) on a big one, and the step's record in the
/// history. Owned by the Lab, whose weights it changes on the Lab's behalf; the Lab's public
/// training API (trainStep(), setOptimizer(), ...) forwards here.
class LabTraining {
    Q_DECLARE_TR_FUNCTIONS(embedlab::ui::LabTraining)
public:
    explicit LabTraining(Lab &lab);
    /// Cancels a step running on a worker and waits for it.
    ~LabTraining();
    LabTraining(const LabTraining &) = delete;
    LabTraining &operator=(const LabTraining &) = delete;

    /// See Lab::setOptimizer(), Lab::resetOptimizer(), Lab::trainStep() and Lab::cancelTraining().
    void setOptimizer(const core::OptimizerConfig &config);
    const core::OptimizerConfig &optimizer() const { return m_trainer.optimizer(); }
    void resetOptimizer();
    bool trainStep(const core::LongTensor &ids, const core::LongTensor &targets);
    void cancel();
    bool isRunning() const { return m_job != nullptr; }
    int stepCount() const { return m_trainer.stepCount(); }
    void setAvailableMemory(std::optional<std::uint64_t> bytes) { m_availableMemory.set(bytes); }
    void setGate(std::function<bool()> gate) { m_gate = std::move(gate); }
    /// See Lab::trainerState(), Lab::restoreTrainerState() and Lab::replayTrainingStep().
    core::TrainerState saveState() const { return m_trainer.saveState(); }
    std::uint64_t stateBytes() const { return m_trainer.stateBytes(); }
    void restoreState(const core::TrainerState &state);
    void replay(const core::TrainingReport &recorded);
    /// Drops the optimiser state when the model's parameters are no longer the ones it was built
    /// for (a new model, a tie or an untie: torch.optim would need a new optimiser).
    void dropStaleOptimizer();

private:
    struct Job;
    /// False (and trainingFailed() says what it would need) when a step of `tokens` ids does not fit.
    bool fits(core::Index tokens);
    void start(const core::LongTensor &ids, const core::LongTensor &targets);
    void finish(const std::shared_ptr<Job> &job);
    /// Cancels the step running on a worker and waits until it no longer reads the optimiser.
    void stop();
    /// Records a step that changed the weights: its code in the Lab's history, then trained().
    void record(const core::LongTensor &ids, const core::LongTensor &targets,
                const core::TrainingReport &report);

    Lab &m_lab;
    core::Trainer m_trainer;
    AvailableMemory m_availableMemory;
    const core::TiedModel *m_trainedModel = nullptr; // the model m_trainer's state belongs to
    std::function<bool()> m_gate;
    std::shared_ptr<Job> m_job; // the step running on a worker
    QFuture<void> m_future;
};

} // namespace embedlab::ui
