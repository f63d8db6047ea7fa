// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// Regression test for issue "Reliability" (found by tst_soak, seed 3567861600): a configuration the
// Lab refuses (here num_embeddings = 0, as a damaged session could ask) first made the ids invalid
// against the refused size, so the code panel printed "IndexError: index out of range in self";
// the refusal restored the model and the ids' validity but emitted nothing the code panel
// listens to, so the error stayed on screen while the ids were valid.
#include "ui/CodePanel.h"
#include "ui/Lab.h"

#include <QSignalSpy>
#include <QTest>

using embedlab::ui::CodePanel;
using embedlab::ui::Lab;

class TestRegressionRefusedConfig : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void refusedSizeLeavesNoStaleError_data();
    void refusedSizeLeavesNoStaleError();
};

void TestRegressionRefusedConfig::refusedSizeLeavesNoStaleError_data()
{
    QTest::addColumn<qint64>("numEmbeddings");
    QTest::newRow("0") << qint64(0);
    QTest::newRow("-3") << qint64(-3);
}

void TestRegressionRefusedConfig::refusedSizeLeavesNoStaleError()
{
    QFETCH(qint64, numEmbeddings);
    Lab lab;
    CodePanel panel;
    panel.setLab(&lab);
    QVERIFY(lab.setIdsText(QStringLiteral("0, 0")));
    QSignalSpy failed(&lab, &Lab::rebuildFailed);
    Lab::Config c = lab.config();
    c.numEmbeddings = numEmbeddings;
    lab.setConfig(c);
    QTRY_VERIFY_WITH_TIMEOUT(!lab.isBusy(), 30000);
    QCOMPARE(failed.count(), 1);
    QVERIFY(lab.idsValid());
    QVERIFY(lab.hasPaths());
    QTRY_VERIFY2_WITH_TIMEOUT(!panel.outputText().contains(QStringLiteral("IndexError")),
                              qPrintable(panel.outputText()), 30000);
    QVERIFY2(panel.outputText().contains(QStringLiteral("grad_fn=<EmbeddingBackward0>")),
             qPrintable(panel.outputText()));
}

QTEST_MAIN(TestRegressionRefusedConfig)
#include "tst_regression_refusedconfig.moc"
