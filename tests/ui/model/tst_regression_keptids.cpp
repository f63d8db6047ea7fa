// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// Regression test for tst_transitions seed 1, once its "model's size" action was reachable: ids
// that no longer fit a shrunken model are kept and reported (Lab::revalidateIds()), but undoing a
// later preset gave back the preset's "2, 3, 1", since restoring a snapshot refused the kept ids as
// it refuses typed ones. Undo must bring back what was there (issue #24: a transition loses
// nothing). A lesson step's ids written into a snapshot ("2, 3, 4" on 4 rows) are still refused.
#include "ui/model/Document.h"
#include "ui/model/Lab.h"
#include "ui/model/LabUndo.h"

#include <QTest>

using embedlab::ui::Document;
using embedlab::ui::Lab;
using embedlab::ui::LabUndo;

class TestRegressionKeptIds : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void undoBringsBackIdsThatDoNotFit();
    void writtenIdsThatDoNotFitAreRefused();
    void trainingBatchFollowsIdsBroughtBack();

private:
    static bool idle(const Lab &lab)
    {
        return QTest::qWaitFor([&lab] { return !lab.isBusy(); }, 30000);
    }
};

void TestRegressionKeptIds::undoBringsBackIdsThatDoNotFit()
{
    Lab lab;
    LabUndo undo(&lab);
    QVERIFY(idle(lab));
    Lab::Config config = lab.config();
    config.numEmbeddings = 6;
    config.embeddingDim = 2;
    undo.applySnapshot(QStringLiteral("Change layers"), {config, QStringLiteral("5, 0, 0, 5")});
    QVERIFY(idle(lab));
    QVERIFY(lab.idsValid());
    // The model shrinks under the ids: kept, reported.
    config.numEmbeddings = 5;
    undo.applySnapshot(QStringLiteral("Change layers"), {config, lab.idsText()});
    QVERIFY(idle(lab));
    QCOMPARE(lab.idsText(), QStringLiteral("5, 0, 0, 5"));
    QVERIFY(!lab.idsValid());
    undo.applyPreset(Lab::Preset::Reference);
    QVERIFY(idle(lab));
    QCOMPARE(lab.idsText(), QStringLiteral("2, 3, 1"));
    undo.undo();
    QVERIFY(idle(lab));
    QCOMPARE(lab.modelConfig().numEmbeddings, 5);
    QCOMPARE(lab.idsText(), QStringLiteral("5, 0, 0, 5"));
    QVERIFY(!lab.idsValid());
    QVERIFY(!lab.idsErrorMessage().isEmpty());
    // Redo and undo once more: the same.
    undo.redo();
    QVERIFY(idle(lab));
    QCOMPARE(lab.idsText(), QStringLiteral("2, 3, 1"));
    QVERIFY(lab.idsValid());
    undo.undo();
    QVERIFY(idle(lab));
    QCOMPARE(lab.idsText(), QStringLiteral("5, 0, 0, 5"));
    // Undoing the shrink: the ids fit again.
    undo.undo();
    QVERIFY(idle(lab));
    QCOMPARE(lab.modelConfig().numEmbeddings, 6);
    QVERIFY(lab.idsValid());
    QCOMPARE(lab.idsText(), QStringLiteral("5, 0, 0, 5"));
}

void TestRegressionKeptIds::writtenIdsThatDoNotFitAreRefused()
{
    Lab lab;
    LabUndo undo(&lab);
    QVERIFY(idle(lab));
    // As a lesson step writes them: refused, the ids in effect stay and the error is reported.
    undo.applySnapshot(QStringLiteral("Lesson"), {lab.config(), QStringLiteral("2, 3, 4")});
    QVERIFY(idle(lab));
    QCOMPARE(lab.idsText(), QStringLiteral("2, 3, 1"));
    QVERIFY(lab.idsValid());
    QVERIFY(lab.idsErrorMessage().contains(QStringLiteral("IndexError")));
}

void TestRegressionKeptIds::trainingBatchFollowsIdsBroughtBack()
{
    // tst_transitions, seed 2911228153: undo brought back ids kept on a shrunken model, which Lab
    // reports by idsError alone; the Training panel's next-token batch stayed the later ids'.
    Document doc;
    Lab *lab = doc.lab();
    LabUndo *undo = doc.undo();
    QVERIFY(idle(*lab));
    QVERIFY(doc.trainingBatch().followsIds);
    Lab::Config config = lab->config();
    config.numEmbeddings = 6;
    undo->applySnapshot(QStringLiteral("Change layers"), {config, QStringLiteral("5, 0, 0, 5")});
    QVERIFY(idle(*lab));
    config.numEmbeddings = 5;
    undo->applySnapshot(QStringLiteral("Change layers"), {config, lab->idsText()});
    QVERIFY(idle(*lab));
    QVERIFY(!lab->idsValid());
    QCOMPARE(doc.trainingBatch().ids, QStringLiteral("5, 0, 0"));
    undo->applyPreset(Lab::Preset::Reference);
    QVERIFY(idle(*lab));
    QCOMPARE(doc.trainingBatch().ids, QStringLiteral("2, 3"));
    undo->undo();
    QVERIFY(idle(*lab));
    QCOMPARE(lab->idsText(), QStringLiteral("5, 0, 0, 5"));
    QCOMPARE(doc.trainingBatch().ids, QStringLiteral("5, 0, 0"));
    QCOMPARE(doc.trainingBatch().targets, QStringLiteral("0, 0, 5"));
    QVERIFY(doc.trainingBatch() == doc.nextTokenBatch());
}

QTEST_MAIN(TestRegressionKeptIds)
#include "tst_regression_keptids.moc"
