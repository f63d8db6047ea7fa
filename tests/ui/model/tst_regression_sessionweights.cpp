// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// Regression test for issue "Reliability" (nothing lost): a session save must never leave the OLD
// session naming NEW weights. Writing the weights beside a session under one fixed name
// (NAME.embedding.npy) before committing the session did exactly that when the save was killed
// between the two: a different shape made the old session unloadable, the same shape silently
// loaded other numbers. A child process saves a new session over an old one in a loop and is
// SIGKILLed at random moments; the session found afterwards must load with its own weights.
// EMBEDLAB_SEED replays the kill times.
#include "common/Seed.h"
#include "core/tensor/Parameter.h"
#include "ui/model/SessionFile.h"

#include <QTemporaryDir>
#include <QTest>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <random>
#include <thread>

using namespace embedlab;
using embedlab::ui::SessionFile;

namespace {

const QString kEmbedding = QStringLiteral("embedding.weight");

core::Parameter weights(core::Index v, core::Index d, float base)
{
    core::Parameter p({v, d});
    for (core::Index i = 0; i < p.value().size(); ++i)
        p.value().data()[i] = base + float(i % 97) * 0.01f;
    return p;
}

SessionFile::Session session(core::Index v, core::Index d, std::uint64_t seed)
{
    SessionFile::Session s;
    s.config.numEmbeddings = v;
    s.config.embeddingDim = d;
    s.config.seed = seed;
    s.idsText = QStringLiteral("0, 1");
    return s;
}

} // namespace

class TestRegressionSessionWeights : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void killedSaveKeepsOldSessionWhole();
};

void TestRegressionSessionWeights::killedSaveKeepsOldSessionWhole()
{
    const quint64 seed = testing::testSeed("sessionweights");
    std::mt19937_64 rng(seed);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString file = dir.filePath(QStringLiteral("lesson.embedlab"));
    const core::Parameter oldWeights = weights(4, 5, -1.0f);
    const core::Parameter newWeights = weights(64, 256, 2.0f);
    const SessionFile::Session oldSession = session(4, 5, 1);
    const SessionFile::Session newSession = session(64, 256, 2);

    // How long one save takes here, to spread the kills over it.
    QCOMPARE(SessionFile::write(file, newSession, {{kEmbedding, &newWeights}}), QString());
    const auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < 5; ++i)
        QCOMPARE(SessionFile::write(file, newSession, {{kEmbedding, &newWeights}}), QString());
    const auto saveUs =
        std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - t0).count() /
        5;

    const int rounds = 40;
    int broken = 0;
    QString firstBreak;
    for (int round = 0; round < rounds; ++round) {
        QCOMPARE(SessionFile::write(file, oldSession, {{kEmbedding, &oldWeights}}), QString());
        const pid_t child = fork();
        QVERIFY(child >= 0);
        if (child == 0) {
            for (;;)
                SessionFile::write(file, newSession, {{kEmbedding, &newWeights}});
        }
        const auto delayUs =
            std::uniform_int_distribution<long long>(0, 3 * std::max<long long>(saveUs, 100))(rng);
        std::this_thread::sleep_for(std::chrono::microseconds(delayUs));
        QCOMPARE(::kill(child, SIGKILL), 0);
        int status = 0;
        QCOMPARE(::waitpid(child, &status, 0), child);

        QString error;
        const std::optional<SessionFile::Session> read = SessionFile::read(file, &error);
        QVERIFY2(read, qPrintable(error));
        const bool isOld = read->config.seed == 1;
        const core::Parameter &expected = isOld ? oldWeights : newWeights;
        core::Parameter loaded({read->config.numEmbeddings, read->config.embeddingDim});
        const QString weightsError = SessionFile::readWeights(file, *read, kEmbedding, loaded);
        if (!weightsError.isEmpty() || loaded.value() != expected.value()) {
            ++broken;
            if (firstBreak.isEmpty())
                firstBreak =
                    QStringLiteral("round %1 (killed after %2 us of a %3 us save): the %4 session %5")
                        .arg(round)
                        .arg(delayUs)
                        .arg(saveUs)
                        .arg(isOld ? QStringLiteral("old") : QStringLiteral("new"),
                             weightsError.isEmpty() ? QStringLiteral("loads weights that are not its own")
                                                    : weightsError);
        }
    }
    std::printf("sessionweights: %d of %d killed saves left a session that lost its weights\n", broken,
                rounds);
    QVERIFY2(broken == 0, qPrintable(firstBreak));
}

QTEST_GUILESS_MAIN(TestRegressionSessionWeights)
#include "tst_regression_sessionweights.moc"
