// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// Issue "Reliability" (nothing lost): a writer killed mid-save must leave the old file intact and
// loadable. A child process writes a large .npy over the same path in a loop with core::writeNpy;
// the parent SIGKILLs it at random moments and then loads the file: it must be the old array or a
// complete new one, never a torn mixture. EMBEDLAB_SEED replays the kill times.
#include "common/Seed.h"
#include "core/io/NpyWriter.h"
#include "core/io/WeightFile.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <random>
#include <thread>
#include <vector>

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kAsan = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kAsan = true;
#else
constexpr bool kAsan = false;
#endif
#else
constexpr bool kAsan = false;
#endif

using namespace embedlab;

namespace {

std::vector<float> pattern(core::Index n, float base)
{
    std::vector<float> v(static_cast<std::size_t>(n));
    for (core::Index i = 0; i < n; ++i)
        v[static_cast<std::size_t>(i)] = base + float(i % 1000) * 0.001f;
    return v;
}

// 0: the old array, 1: the new one, -1: neither (torn or unreadable; `why` says how).
int whichArray(const std::string &path, const std::vector<float> &oldData, const core::Shape &oldShape,
               const std::vector<float> &newData, const core::Shape &newShape, QString &why)
{
    try {
        const core::WeightFile file = core::WeightFile::open(path);
        const auto t = file.toFloat32("array");
        if (!t) {
            why = QStringLiteral("conversion cancelled");
            return -1;
        }
        if (t->shape == oldShape && t->data == oldData)
            return 0;
        if (t->shape == newShape && t->data == newData)
            return 1;
        why = QStringLiteral("the file holds an array that is neither the old nor the new one");
        return -1;
    } catch (const std::exception &e) {
        why = QString::fromUtf8(e.what());
        return -1;
    }
}

} // namespace

class TestAtomicSave : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void npyWriterKilledMidSave();
    void failedSaveKeepsOldFile();
};

void TestAtomicSave::npyWriterKilledMidSave()
{
    const quint64 seed = testing::testSeed("atomicsave");
    std::mt19937_64 rng(seed);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string path = dir.filePath(QStringLiteral("weights.npy")).toStdString();
    const core::Shape oldShape{4, 5};
    const std::vector<float> oldData = pattern(20, -7.0f);
    core::writeNpy(path, oldData.data(), oldShape);

    // Big enough that a kill usually lands mid-write (16 MB, 4 MB under ASan).
    const core::Shape newShape{kAsan ? 1024 : 4096, 1024};
    const std::vector<float> newData = pattern(newShape[0] * newShape[1], 3.0f);

    const int rounds = kAsan ? 12 : 30;
    int sawOld = 0;
    int sawNew = 0;
    for (int round = 0; round < rounds; ++round) {
        const pid_t child = fork();
        QVERIFY(child >= 0);
        if (child == 0) {
            // Only async-signal-safe-ish work here: write until killed.
            for (;;) {
                try {
                    core::writeNpy(path, newData.data(), newShape);
                } catch (...) {
                    _exit(3);
                }
            }
        }
        const int delayUs = std::uniform_int_distribution<int>(0, kAsan ? 200000 : 60000)(rng);
        std::this_thread::sleep_for(std::chrono::microseconds(delayUs));
        QCOMPARE(::kill(child, SIGKILL), 0);
        int status = 0;
        QCOMPARE(::waitpid(child, &status, 0), child);
        QVERIFY2(WIFSIGNALED(status), "the writer ended on its own: it failed to write");
        QString why;
        const int which = whichArray(path, oldData, oldShape, newData, newShape, why);
        QVERIFY2(
            which >= 0,
            qPrintable(QStringLiteral("round %1, killed after %2 us: %3").arg(round).arg(delayUs).arg(why)));
        (which == 0 ? sawOld : sawNew) += 1;
        // Back to the old file for the next round, so "old intact" is tested every time.
        core::writeNpy(path, oldData.data(), oldShape);
    }
    // The temporaries of killed writers stay behind (nothing can remove them at SIGKILL): they must
    // at least never be taken for the file itself.
    const QStringList leftovers =
        QDir(dir.path()).entryList({QStringLiteral("weights.npy.tmp-*")}, QDir::Files);
    std::printf(
        "atomicsave: %d rounds: old intact %d, new complete %d; %d temporary files left by killed writers\n",
        rounds, sawOld, sawNew, int(leftovers.size()));
    QCOMPARE(sawOld + sawNew, rounds);
}

void TestAtomicSave::failedSaveKeepsOldFile()
{
    // A save that fails must not damage what is there.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string path = dir.filePath(QStringLiteral("w.npy")).toStdString();
    const std::vector<float> oldData = pattern(6, 1.0f);
    core::writeNpy(path, oldData.data(), {2, 3});
    // Make the folder read-only: the temporary cannot be created, the old file stays.
    QFile::setPermissions(dir.path(), QFileDevice::ReadOwner | QFileDevice::ExeOwner);
    bool threw = false;
    try {
        const std::vector<float> other = pattern(6, 2.0f);
        core::writeNpy(path, other.data(), {2, 3});
    } catch (const std::exception &) {
        threw = true;
    }
    QFile::setPermissions(dir.path(),
                          QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    QString why;
    const int which = whichArray(path, oldData, {2, 3}, pattern(6, 2.0f), {2, 3}, why);
    if (!threw && geteuid() == 0)
        QSKIP("running as root: a read-only folder does not stop the write");
    QVERIFY(threw);
    QCOMPARE(which, 0);
}

QTEST_GUILESS_MAIN(TestAtomicSave)
#include "tst_atomicsave.moc"
