// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// Regression test for issue "Reliability" (found by tst_soak, seed 2024, action 1735: "config says
// tied=1 but the weights are 2 storages" after an undo). Undo keeps the model object a snapshot was
// taken of, so that redo gives the exact weights back. But tying and untying change that object in
// place (an undo of a tie-only change does it without a command of its own), and restoring the
// snapshot then installed an untied object under a configuration that said tied, or the reverse.
#include "ui/model/Lab.h"

#include <QTest>

using embedlab::ui::Lab;

class TestRegressionKeptModelTie : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void restoredModelMatchesItsConfig_data();
    void restoredModelMatchesItsConfig();
};

void TestRegressionKeptModelTie::restoredModelMatchesItsConfig_data()
{
    QTest::addColumn<bool>("tiedWhenTaken");
    QTest::newRow("taken untied, tied since") << false;
    QTest::newRow("taken tied, untied since") << true;
}

void TestRegressionKeptModelTie::restoredModelMatchesItsConfig()
{
    QFETCH(bool, tiedWhenTaken);
    Lab lab;
    QTRY_VERIFY_WITH_TIMEOUT(!lab.isBusy(), 30000);
    lab.setTied(tiedWhenTaken);
    QCOMPARE(lab.isTied(), tiedWhenTaken);
    const Lab::Snapshot taken = lab.snapshotWithModel();
    QVERIFY(taken.model);
    QCOMPARE(taken.model->config.tied, tiedWhenTaken);

    lab.setTied(!tiedWhenTaken); // in place, on the object the snapshot keeps
    Lab::Config other = lab.config();
    other.numEmbeddings = 6; // another model object
    lab.setConfig(other);
    QTRY_VERIFY_WITH_TIMEOUT(!lab.isBusy() && lab.modelConfig().numEmbeddings == 6, 30000);

    lab.restore(taken);
    QTRY_VERIFY_WITH_TIMEOUT(!lab.isBusy(), 30000);
    QCOMPARE(lab.modelConfig().numEmbeddings, 4);
    // What the configuration says is what the weights are: one storage exactly when tied.
    QCOMPARE(lab.modelConfig().tied, tiedWhenTaken);
    QCOMPARE(lab.isTied(), tiedWhenTaken);
    QCOMPARE(lab.embeddingWeight() == lab.lmHeadWeight(), tiedWhenTaken);
    QVERIFY(lab.config() == lab.modelConfig());
}

QTEST_GUILESS_MAIN(TestRegressionKeptModelTie)
#include "tst_regression_keptmodeltie.moc"
