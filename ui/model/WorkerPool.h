// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/tensor/Retire.h"

#include <QFuture>
#include <QFutureWatcher>
#include <QObject>
#include <QPointer>
#include <QScopeGuard>
#include <QtConcurrent/QtConcurrentRun>

#include <memory>
#include <type_traits>
#include <utility>

class QThreadPool;

namespace embedlab::ui {

/// The threads EmbedLab's background jobs run on (building models, overviews, histograms,
/// formatting output): pass it to QtConcurrent::run(). Not QThreadPool::globalInstance(): Qt 6.4's
/// raster paint engine splits big fills into segments on the global pool and the UI thread waits
/// for them, so a long job there stalls painting until it ends (issue "Reliability": 280 ms with
/// GPT-2 on two cores). A child of the application, so it waits for its jobs when the application
/// goes. Call it from the UI thread.
QThreadPool *workerPool();

/// QtConcurrent::run(workerPool(), job), with a core::ReadGuard held from this call until the job
/// returns: weights replaced meanwhile (a training step, an initialiser) keep their old storage for
/// it. Every background job goes through here.
template <typename Job> auto runOnWorkers(Job &&job)
{
    return QtConcurrent::run(
        workerPool(), [guard = std::make_shared<core::ReadGuard>(), job = std::forward<Job>(job)]() mutable {
            const auto release = qScopeGuard([&guard] { guard.reset(); });
            return job();
        });
}

/// Runs `job()` on workerPool() (runOnWorkers()) and then `done(result)` on the UI thread, unless `context`
/// was destroyed meanwhile. Returns the job's future (to wait for it or test isFinished()).
///
/// The one home of the background-job pattern: a QFutureWatcher rather than
/// QFuture::then(context), whose continuations deadlocked waitForFinished() in our tests on Qt
/// 6.4.2. A caller that only wants the newest of several jobs keeps a counter (see BackgroundJobs).
template <typename Job, typename Done> auto runInBackground(QObject *context, Job &&job, Done &&done)
{
    using Result = std::invoke_result_t<Job>;
    QFuture<Result> future = runOnWorkers(std::forward<Job>(job));
    auto *watcher = new QFutureWatcher<Result>(context);
    QObject::connect(watcher, &QFutureWatcherBase::finished, context,
                     [watcher, done = std::forward<Done>(done)]() mutable {
                         watcher->deleteLater();
                         if constexpr (std::is_void_v<Result>)
                             done();
                         else
                             done(watcher->result());
                     });
    watcher->setFuture(future);
    return future;
}

/// Jobs of which only the newest counts: each start() makes every earlier one stale, and its
/// `done` is not called for a stale job. For views that recompute on every change.
class BackgroundJobs {
public:
    template <typename Job, typename Done> auto start(QObject *context, Job &&job, Done &&done)
    {
        const quint64 generation = ++m_generation;
        ++m_running;
        return runInBackground(context, std::forward<Job>(job),
                               [this, generation, done = std::forward<Done>(done)](auto &&...result) mutable {
                                   --m_running;
                                   if (generation == m_generation)
                                       done(std::forward<decltype(result)>(result)...);
                               });
    }
    /// Makes every running job stale.
    void invalidate() { ++m_generation; }
    /// True while any job (stale or not) has not finished.
    bool isRunning() const { return m_running > 0; }

private:
    quint64 m_generation = 0;
    int m_running = 0;
};

} // namespace embedlab::ui
