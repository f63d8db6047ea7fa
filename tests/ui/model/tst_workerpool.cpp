// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// workerPool(), runInBackground() and BackgroundJobs: the one home of EmbedLab's background jobs (#13).
#include "ui/model/WorkerPool.h"

#include <QCoreApplication>
#include <QSemaphore>
#include <QTest>
#include <QThread>
#include <QThreadPool>

#include <atomic>
#include <memory>

using embedlab::ui::BackgroundJobs;
using embedlab::ui::runInBackground;
using embedlab::ui::workerPool;

class TestWorkerPool : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void poolIsOwnAndOwnedByTheApplication();
    void jobRunsOffTheUiThreadAndDoneOnIt();
    void voidJob();
    void doneIsDroppedWithItsContext();
    void onlyTheNewestJobCounts();
    void invalidateMakesRunningJobsStale();
};

void TestWorkerPool::poolIsOwnAndOwnedByTheApplication()
{
    QThreadPool *pool = workerPool();
    QVERIFY(pool);
    QCOMPARE(workerPool(), pool); // one pool
    QVERIFY(pool != QThreadPool::globalInstance());
    QCOMPARE(pool->parent(), QCoreApplication::instance());
    QCOMPARE(pool->objectName(), QStringLiteral("embedlabWorkers"));
    QCOMPARE(pool->maxThreadCount(), QThread::idealThreadCount());
}

void TestWorkerPool::jobRunsOffTheUiThreadAndDoneOnIt()
{
    QObject context;
    QThread *jobThread = nullptr;
    QThread *doneThread = nullptr;
    int result = 0;
    auto future = runInBackground(
        &context,
        [&jobThread] {
            jobThread = QThread::currentThread();
            return 6 * 7;
        },
        [&](int value) {
            doneThread = QThread::currentThread();
            result = value;
        });
    future.waitForFinished();
    QCOMPARE(future.result(), 42);
    QTRY_COMPARE(result, 42);
    QVERIFY(jobThread != QCoreApplication::instance()->thread());
    QCOMPARE(doneThread, QCoreApplication::instance()->thread());
}

void TestWorkerPool::voidJob()
{
    QObject context;
    std::atomic<int> ran{0};
    int done = 0;
    runInBackground(
        &context, [&ran] { ++ran; }, [&done] { ++done; });
    QTRY_COMPARE(done, 1);
    QCOMPARE(ran.load(), 1);
}

void TestWorkerPool::doneIsDroppedWithItsContext()
{
    auto context = std::make_unique<QObject>();
    QSemaphore release;
    int done = 0;
    auto future = runInBackground(
        context.get(),
        [&release] {
            release.acquire();
            return 1;
        },
        [&done](int) { ++done; });
    context.reset(); // the view went away while its job ran
    release.release();
    future.waitForFinished();
    QCOMPARE(future.result(), 1);
    QTest::qWait(50); // any queued delivery would arrive now
    QCOMPARE(done, 0);
}

void TestWorkerPool::onlyTheNewestJobCounts()
{
    QObject context;
    BackgroundJobs jobs;
    QVERIFY(!jobs.isRunning());
    QSemaphore first;
    QList<int> delivered;
    auto older = jobs.start(
        &context,
        [&first] {
            first.acquire();
            return 1;
        },
        [&delivered](int v) { delivered << v; });
    QVERIFY(jobs.isRunning());
    auto newer = jobs.start(
        &context, [] { return 2; }, [&delivered](int v) { delivered << v; });
    first.release();
    older.waitForFinished();
    newer.waitForFinished();
    QTRY_VERIFY(!jobs.isRunning()); // both finished, the stale one too
    QCOMPARE(delivered, QList<int>{2});
}

void TestWorkerPool::invalidateMakesRunningJobsStale()
{
    QObject context;
    BackgroundJobs jobs;
    QSemaphore release;
    int done = 0;
    auto future = jobs.start(
        &context,
        [&release] {
            release.acquire();
            return 3;
        },
        [&done](int) { ++done; });
    jobs.invalidate();
    QVERIFY(jobs.isRunning());
    release.release();
    future.waitForFinished();
    QTRY_VERIFY(!jobs.isRunning());
    QCOMPARE(done, 0);
}

QTEST_GUILESS_MAIN(TestWorkerPool)
#include "tst_workerpool.moc"
