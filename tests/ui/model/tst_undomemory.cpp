// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/model/UndoMemory.h"

#include <QTemporaryFile>
#include <QTest>

using embedlab::ui::AvailableMemory;
using embedlab::ui::TrainingMemory;
namespace core = embedlab::core;

class TestUndoMemory : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void snapshotFits_data();
    void snapshotFits();
    void llama3TiedAdam();
    void llama3UntiedPlainSgd();
    void smallUntiedWithBiasAndMomentum();
    void parsesMemAvailable();
    void availableMemoryIsReadOnceOrInjected();
};

void TestUndoMemory::snapshotFits_data()
{
    QTest::addColumn<quint64>("snapshot");
    QTest::addColumn<quint64>("budget");
    QTest::addColumn<bool>("fits");
    // GPT-2's wte [50257, 768] float32 is 154,389,504 bytes.
    QTest::newRow("gpt2 under 1 GiB") << quint64(154389504) << (quint64(1) << 30) << true;
    QTest::newRow("llama3 2.1 GB over 1 GiB") << quint64(2101346304) << (quint64(1) << 30) << false;
    QTest::newRow("exactly the budget") << quint64(1024) << quint64(1024) << true;
    QTest::newRow("one byte over") << quint64(1025) << quint64(1024) << false;
    QTest::newRow("zero budget, empty snapshot") << quint64(0) << quint64(0) << true;
}

void TestUndoMemory::snapshotFits()
{
    QFETCH(quint64, snapshot);
    QFETCH(quint64, budget);
    QFETCH(bool, fits);
    QCOMPARE(embedlab::ui::snapshotFitsUndoBudget(snapshot, budget), fits);
}

void TestUndoMemory::llama3TiedAdam()
{
    core::OptimizerConfig adam;
    adam.kind = core::OptimizerConfig::Kind::Adam;
    const TrainingMemory m = embedlab::ui::trainingMemory(128256, 4096, true, false, 8, adam);
    QCOMPARE(m.weights, quint64(2101346304)); // 525,336,576 floats
    QCOMPARE(m.grads, quint64(2101346304));
    QCOMPARE(m.optimizerState, quint64(4202692608)); // exp_avg and exp_avg_sq
    QCOMPARE(m.logits, quint64(8208384));            // 2 x [8, 128256] floats
    QCOMPARE(m.total(), quint64(8413593600));
    QCOMPARE(m.additional(), quint64(6312247296));
    QVERIFY(!m.fits(quint64(4) << 30));
    QVERIFY(m.fits(quint64(6312247296)));
    QVERIFY(!m.fits(quint64(6312247295)));
    // On a worker (every Llama-sized step) the step computes into copies of the weights and of
    // Adam's two moments: 2.1 GB + 4.2 GB more.
    const TrainingMemory worker = m.withWorkingCopy();
    QCOMPARE(worker.workingCopy, quint64(6304038912));
    QCOMPARE(worker.additional(), quint64(12616286208));
    QVERIFY(!worker.fits(quint64(12616286207)));
    QCOMPARE(m.workingCopy, quint64(0));
}

void TestUndoMemory::llama3UntiedPlainSgd()
{
    const TrainingMemory m =
        embedlab::ui::trainingMemory(128256, 4096, false, false, 8, core::OptimizerConfig{});
    QCOMPARE(m.weights, quint64(4202692608));
    QCOMPARE(m.optimizerState, quint64(0)); // SGD without momentum keeps no buffer
    QCOMPARE(m.additional(), quint64(4210900992));
}

void TestUndoMemory::smallUntiedWithBiasAndMomentum()
{
    core::OptimizerConfig sgd;
    sgd.sgd.momentum = 0.9;
    // Embedding(4, 5) + Linear(5, 4) with bias: 20 + 20 + 4 = 44 floats.
    const TrainingMemory m = embedlab::ui::trainingMemory(4, 5, false, true, 3, sgd);
    QCOMPARE(m.weights, quint64(176));
    QCOMPARE(m.grads, quint64(176));
    QCOMPARE(m.optimizerState, quint64(176));
    QCOMPARE(m.logits, quint64(96));
    QCOMPARE(m.total(), quint64(624));
}

void TestUndoMemory::parsesMemAvailable()
{
    const QByteArray meminfo = "MemTotal:        8029696 kB\n"
                               "MemFree:          512000 kB\n"
                               "MemAvailable:    3145728 kB\n"
                               "Buffers:          102400 kB\n";
    QCOMPARE(embedlab::ui::parseMemAvailable(meminfo), std::optional<std::uint64_t>(quint64(3221225472)));
    QCOMPARE(embedlab::ui::parseMemAvailable("MemTotal: 1 kB\n"), std::nullopt);
    QCOMPARE(embedlab::ui::parseMemAvailable("MemAvailable: lots\n"), std::nullopt);
}

void TestUndoMemory::availableMemoryIsReadOnceOrInjected()
{
    QTemporaryFile file;
    QVERIFY(file.open());
    file.write("MemAvailable:    2048 kB\n");
    file.flush();
    AvailableMemory memory(file.fileName());
    QCOMPARE(memory.bytes(), std::optional<std::uint64_t>(2097152));
    // Read once: a later change of the file is not seen.
    file.resize(0);
    file.write("MemAvailable:    1 kB\n");
    file.flush();
    QCOMPARE(memory.bytes(), std::optional<std::uint64_t>(2097152));
    memory.set(4096);
    QCOMPARE(memory.bytes(), std::optional<std::uint64_t>(4096));
    AvailableMemory missing(QStringLiteral("/nonexistent/meminfo"));
    QCOMPARE(missing.bytes(), std::nullopt);
}

QTEST_GUILESS_MAIN(TestUndoMemory)
#include "tst_undomemory.moc"
