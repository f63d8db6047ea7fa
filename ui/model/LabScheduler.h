// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "ui/model/Lab.h"

#include <QCoreApplication>
#include <QFuture>

#include <functional>
#include <memory>

namespace embedlab::ui {

/// The Lab's computations, one at a time: building a model (from the configuration, or around a
/// loaded matrix), computing embedding(ids) and the other lookup paths, and drawing an initialiser.
/// A small one runs at once on the UI thread (instant, and deterministic for tests), a big one on a
/// worker while the Lab is busy; what is asked meanwhile is merged and runs when the job ends.
/// Owned by the Lab: when a job is done it writes the result into the Lab, the one writer of the
/// model, on the Lab's behalf.
class LabScheduler {
    Q_DECLARE_TR_FUNCTIONS(embedlab::ui::LabScheduler)
public:
    /// A matrix the next rebuild builds its model around.
    struct LoadRequest {
        core::ParameterPtr matrix;
        std::optional<Lab::Operation> operation; // how the history names it, when not a file's load
        QString file;
        QString tensor;
        Lab::LoadRole role = Lab::LoadRole::Embedding;
        QString element = {};    // how the file stores it (Lab::Operation::element)
        Lab::FileHead head = {}; // the file's own lm_head for an untied embedding, when it has one
    };
    /// An initialiser to draw into a new matrix of `parameter`'s shape.
    struct InitJob {
        QString target;
        core::InitSpec spec;
        std::optional<std::uint64_t> seed;
        core::ParameterPtr parameter; // read for its shape only
        core::Generator::State generator;
        QList<Lab::Operation> history;
    };

    explicit LabScheduler(Lab &lab);
    /// Waits for the job running on a worker: it holds only copies and shared pointers, but waiting
    /// keeps tools like ASan quiet and frees the memory deterministically.
    ~LabScheduler();
    LabScheduler(const LabScheduler &) = delete;
    LabScheduler &operator=(const LabScheduler &) = delete;

    /// A new model from the Lab's configuration (`rebuild`, around the load request if there is
    /// one), or the lookup paths of the current model. Runs now when small, else on a worker;
    /// queued behind a running job.
    void schedule(bool rebuild);
    /// The next rebuild builds its model around `request.matrix`.
    void requestLoad(LoadRequest request);
    /// Draws `job`'s initialiser now, or (the newest request wins) once the running job is done.
    void requestInit(InitJob job);
    /// Runs what was requested while a job was running.
    void runPending();
    /// See Lab::whenIdle().
    void whenIdle(QObject *context, std::function<void()> then);

private:
    struct Job;
    struct Built;
    struct InitResult;
    static std::shared_ptr<Built> run(const Job &job);
    /// A new model from job.config (seeded), around job.load's matrix when there is one.
    static void buildModel(const Job &job, Built &built);
    void startJob(const Job &job, bool synchronous);
    void onJobFinished(const std::shared_ptr<Built> &built);
    /// Writes a finished job's model and paths into the Lab, or says why it could not be built.
    void adopt(const std::shared_ptr<Built> &built);
    /// Keeps the model in effect after the requested one could not be built.
    void refuse(const Built &built);
    static std::shared_ptr<InitResult> runInit(const InitJob &job);
    void startInit(const InitJob &job);
    void commitInit(const std::shared_ptr<InitResult> &result);

    Lab &m_lab;
    // Only one job runs at a time; requests that arrive meanwhile are merged into these.
    bool m_rebuildPending = false;
    bool m_pathsPending = false;
    std::shared_ptr<LoadRequest> m_loadRequest; // taken by the next rebuild job
    std::shared_ptr<InitJob> m_pendingInit;     // requested while a job was running
    QFuture<std::shared_ptr<Built>> m_future;
    QFuture<std::shared_ptr<InitResult>> m_initFuture;
};

} // namespace embedlab::ui
