// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// Regression test for the soak crash "SIGSEGV in Linear::forward during an undo" (tst_soak, seed 7):
// a lesson step (or any direct Lab::setConfig()) replaces the model by one of another size without
// an undo step. Undoing an older tie or init then copied the [4, 5] values it held into the new
// model's [6, 3] parameters, which resized their matrices behind the Parameter's and the Linear's
// back, and lm_head(h) in the UnembeddingView (refreshed on tiedChanged) read out of bounds.
#include "ui/model/Lab.h"
#include "ui/model/UndoCommands.h"
#include "ui/views/UnembeddingView.h"

#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

using embedlab::ui::Lab;
using embedlab::ui::UnembeddingView;
using embedlab::ui::WeightsCommand;

class TestRegressionReplacedModelUndo : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void undoAfterOutOfBandResize_data();
    void undoAfterOutOfBandResize();
};

void TestRegressionReplacedModelUndo::undoAfterOutOfBandResize_data()
{
    QTest::addColumn<QString>("step");
    QTest::addColumn<bool>("bias");
    QTest::newRow("tie") << QStringLiteral("tie") << false;
    QTest::newRow("tie, with bias") << QStringLiteral("tie") << true;
    QTest::newRow("init embedding") << QStringLiteral("init") << false;
}

void TestRegressionReplacedModelUndo::undoAfterOutOfBandResize()
{
    QFETCH(QString, step);
    QFETCH(bool, bias);
    Lab lab;
    Lab::Config config = lab.config();
    config.lmHeadBias = bias;
    lab.setConfig(config);
    QTRY_VERIFY_WITH_TIMEOUT(!lab.isBusy(), 30000);
    QCOMPARE(lab.model().embedding().numEmbeddings(), 4);

    // Wired as MainWindow wires it.
    UnembeddingView view;
    view.setModel(&lab.model());
    connect(&lab, &Lab::modelRebuilt, &view, [&] { view.setModel(&lab.model()); });
    connect(&lab, &Lab::tiedChanged, &view, &UnembeddingView::refresh);
    connect(&lab, &Lab::weightsChanged, &view, &UnembeddingView::refresh);

    QUndoStack stack;
    if (step == QStringLiteral("tie")) {
        const Lab::WeightState before = lab.captureWeights(Lab::LmHeadPart); // as MainWindow::requestTie
        QVERIFY(lab.tie());
        stack.push(new WeightsCommand(&lab, before, Lab::LmHeadPart | Lab::BiasPart, QStringLiteral("Tie")));
    } else {
        const Lab::WeightState before = lab.captureWeights(Lab::EmbeddingPart);
        stack.push(new WeightsCommand(&lab, before, Lab::EmbeddingPart, QStringLiteral("Init")));
        lab.applyInit(QStringLiteral("embedding.weight"), QStringLiteral("ones"));
        QCOMPARE(lab.embeddingWeight()->value()(0, 0), 1.0f);
    }

    // A lesson step: another size, no undo step.
    config = lab.config();
    config.numEmbeddings = 6;
    config.embeddingDim = 3;
    lab.setConfig(config);
    QTRY_VERIFY_WITH_TIMEOUT(!lab.isBusy() && lab.modelConfig().numEmbeddings == 6, 30000);
    const bool tied = lab.isTied();
    const std::uint64_t version = lab.embeddingWeight()->version();

    QSignalSpy notices(&lab, &Lab::notice);
    QSignalSpy tiedChanges(&lab, &Lab::tiedChanged);
    stack.undo(); // crashed here
    // The model of the new size is untouched and consistent.
    QCOMPARE(lab.isTied(), tied);
    QCOMPARE(lab.embeddingWeight()->version(), version);
    for (const embedlab::core::ParameterPtr &p : lab.model().parameters()) {
        const embedlab::core::Shape &shape = p->shape();
        QCOMPARE(p->value().size(), embedlab::core::numel(shape));
        QCOMPARE(p->value().cols(), shape.back());
    }
    QCOMPARE(lab.lmHeadWeight()->value().rows(), 6);
    QCOMPARE(lab.lmHeadWeight()->value().cols(), 3);
    QCOMPARE(view.hidden().size(), std::size_t(3));
    QCOMPARE(view.logits().numel(), 6);
    // Refused, and saying why.
    QCOMPARE(notices.count(), 1);
    QVERIFY2(notices.at(0).at(0).toString().contains(QStringLiteral("Embedding(6, 3)")),
             qPrintable(notices.at(0).at(0).toString()));
    QCOMPARE(tiedChanges.count(), 0);

    // The step is dropped: redoing and undoing it again change nothing either.
    const auto *command = static_cast<const WeightsCommand *>(stack.command(0));
    QVERIFY(command->isDropped());
    QVERIFY(command->text().contains(QStringLiteral("dropped")));
    stack.redo();
    stack.undo();
    QCOMPARE(lab.embeddingWeight()->version(), version);
    QCOMPARE(lab.model().embedding().numEmbeddings(), 6);
    QCOMPARE(view.logits().numel(), 6);
}

QTEST_MAIN(TestRegressionReplacedModelUndo)
#include "tst_regression_replacedmodelundo.moc"
