// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
//
// Issue #24 item 6: training steps share one snapshot per run and undo replays from it. Every step
// undone must be bit-identical to the state before it (weights and optimiser: the step redone gives
// the same bits again), and a run of steps that no longer fit one snapshot each still undoes to
// its start within the budget.

#include "common/TestSettings.h"
#include "core/tensor/Tensor.h"
#include "ui/model/Document.h"
#include "ui/model/Lab.h"
#include "ui/model/LabUndo.h"
#include "ui/model/UndoCommands.h"

#include <QDeadlineTimer>
#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

#include <random>

using namespace embedlab;
using ui::Document;
using ui::Lab;

namespace {

QByteArray bytesOf(const core::ParameterPtr &p)
{
    return p ? QByteArray(reinterpret_cast<const char *>(p->value().data()), qsizetype(p->bytes()))
             : QByteArray();
}

/// Every weight's bytes.
QList<QByteArray> weightsOf(const Lab &lab)
{
    return {bytesOf(lab.embeddingWeight()), bytesOf(lab.lmHeadWeight()), bytesOf(lab.lmHeadBias())};
}

core::LongTensor randomIds(std::mt19937 &rng, core::Index rows, int n)
{
    core::LongTensor t{{n}, std::vector<std::int64_t>(std::size_t(n))};
    for (auto &id : t.data)
        id = std::uniform_int_distribution<std::int64_t>(0, rows - 1)(rng);
    return t;
}

} // namespace

class TestUndoReplay : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { testing::resetAppSettings(); }
    void undoneStepsAreBitIdentical_data();
    void undoneStepsAreBitIdentical();
    void runUndoesToItsStartWithinTheBudget();
    void longRunKeepsAnAnchorEveryFewSteps();

private:
    /// One step through the Lab (and its training gate, as the Training panel does); waits for a
    /// step computed on a worker.
    static bool step(Lab *lab, const core::LongTensor &ids, const core::LongTensor &targets);
};

bool TestUndoReplay::step(Lab *lab, const core::LongTensor &ids, const core::LongTensor &targets)
{
    // A big model's printed paths are computed in the background after each step: the next waits.
    QDeadlineTimer idle(60000);
    while (lab->isBusy() && !idle.hasExpired())
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    QSignalSpy trained(lab, &Lab::trained);
    if (!lab->trainStep(ids, targets))
        return false;
    return !trained.isEmpty() || trained.wait(60000);
}

void TestUndoReplay::undoneStepsAreBitIdentical_data()
{
    QTest::addColumn<int>("kind"); // 0 SGD, 1 SGD with momentum and weight decay, 2 Adam, 3 AMSGrad
    QTest::addColumn<bool>("tied");
    QTest::addColumn<bool>("bias");
    for (int kind = 0; kind < 4; ++kind)
        for (bool tied : {false, true})
            QTest::addRow("optimizer %d %s", kind, tied ? "tied" : "untied") << kind << tied << !tied;
}

void TestUndoReplay::undoneStepsAreBitIdentical()
{
    QFETCH(int, kind);
    QFETCH(bool, tied);
    QFETCH(bool, bias);
    Document doc;
    Lab *lab = doc.lab();
    Lab::Config config = lab->config();
    config.numEmbeddings = 12;
    config.embeddingDim = 6;
    config.tied = tied;
    config.lmHeadBias = bias;
    lab->setConfig(config);
    core::OptimizerConfig optimizer;
    optimizer.kind = kind >= 2 ? core::OptimizerConfig::Kind::Adam : core::OptimizerConfig::Kind::Sgd;
    optimizer.sgd.lr = 0.3;
    if (kind == 1) {
        optimizer.sgd.momentum = 0.9;
        optimizer.sgd.weightDecay = 0.01;
    }
    optimizer.adam.lr = 0.05;
    optimizer.adam.amsgrad = kind == 3;
    lab->setOptimizer(optimizer);
    std::mt19937 rng(7 + kind);
    QList<QList<QByteArray>> before;
    QList<QList<QByteArray>> after;
    QList<float> losses;
    QList<std::pair<core::LongTensor, core::LongTensor>> batches;
    for (int i = 0; i < 12; ++i) {
        batches.append({randomIds(rng, 12, 5), randomIds(rng, 12, 5)});
        before.append(weightsOf(*lab));
        QSignalSpy trained(lab, &Lab::trained);
        QVERIFY(step(lab, batches.last().first, batches.last().second));
        losses.append(trained.last().at(0).value<core::TrainingReport>().loss);
        after.append(weightsOf(*lab));
    }
    QUndoStack *stack = doc.undo()->stack();
    QCOMPARE(stack->count(), 12);
    // Undo each step: the weights before it, bit for bit. Redo it: the same step again (the
    // optimiser's state came back too), then undo it for good.
    for (int i = 11; i >= 0; --i) {
        QVERIFY(doc.undo()->canUndo());
        doc.undo()->undo();
        QVERIFY2(weightsOf(*lab) == before[i], qPrintable(QStringLiteral("undo of step %1").arg(i + 1)));
        QSignalSpy trained(lab, &Lab::trained);
        doc.undo()->redo();
        QVERIFY2(weightsOf(*lab) == after[i], qPrintable(QStringLiteral("redo of step %1").arg(i + 1)));
        QCOMPARE(trained.last().at(0).value<core::TrainingReport>().loss, losses[i]);
        doc.undo()->undo();
    }
    QVERIFY(!doc.undo()->canUndo());
    // From the start again, the same batches give the same bits: nothing of the run lingered.
    for (int i = 0; i < 3; ++i) {
        QVERIFY(step(lab, batches[i].first, batches[i].second));
        QVERIFY(weightsOf(*lab) == after[i]);
    }
}

void TestUndoReplay::runUndoesToItsStartWithinTheBudget()
{
    // Five Adam steps on a model whose snapshot is 16 MiB under a 40 MiB budget: one snapshot per
    // step (the old undo) kept two of them; one per run keeps all five, and undo reaches the start.
    Document doc;
    Lab *lab = doc.lab();
    doc.undo()->setBudget(40u << 20);
    Lab::Config config = lab->config();
    config.numEmbeddings = 16384;
    config.embeddingDim = 256;
    config.tied = true;
    lab->setConfig(config);
    QTRY_VERIFY_WITH_TIMEOUT(!lab->isBusy(), 60000);
    core::OptimizerConfig adam;
    adam.kind = core::OptimizerConfig::Kind::Adam;
    lab->setOptimizer(adam);
    std::mt19937 rng(3);
    const QList<QByteArray> start = weightsOf(*lab);
    for (int i = 0; i < 5; ++i)
        QVERIFY(step(lab, randomIds(rng, config.numEmbeddings, 8), randomIds(rng, config.numEmbeddings, 8)));
    QTRY_VERIFY_WITH_TIMEOUT(!lab->isBusy(), 60000);
    QCOMPARE(doc.undo()->stack()->count(), 5);
    QVERIFY(doc.undo()->historyBytes() <= 40u << 20);
    for (int i = 0; i < 5; ++i) {
        QTRY_VERIFY_WITH_TIMEOUT(!lab->isBusy(), 60000);
        QVERIFY2(doc.undo()->canUndo(), qPrintable(QStringLiteral("undo %1 of 5").arg(i + 1)));
        doc.undo()->undo();
    }
    QVERIFY(weightsOf(*lab) == start);
    QCOMPARE(lab->trainingSteps(), 0);
}

void TestUndoReplay::longRunKeepsAnAnchorEveryFewSteps()
{
    Document doc;
    Lab *lab = doc.lab();
    std::mt19937 rng(11);
    const int steps = 2 * ui::LabUndo::kStepsPerAnchor + 1;
    for (int i = 0; i < steps; ++i)
        QVERIFY(step(lab, randomIds(rng, 4, 3), randomIds(rng, 4, 3)));
    QUndoStack *stack = doc.undo()->stack();
    int anchors = 0;
    for (int i = 0; i < stack->count(); ++i) {
        const auto *command = dynamic_cast<const ui::TrainingStepCommand *>(stack->command(i));
        QVERIFY(command);
        anchors += command->isAnchor() ? 1 : 0;
        QVERIFY(command->stepsFromAnchor() <= ui::LabUndo::kStepsPerAnchor);
    }
    QCOMPARE(anchors, 3); // steps 1, 9 and 17
}

QTEST_MAIN(TestUndoReplay)
#include "tst_undoreplay.moc"
