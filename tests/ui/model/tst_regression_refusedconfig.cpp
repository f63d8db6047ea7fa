// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// Regression test for issue "Reliability" (found by tst_soak, seed 3567861600): a configuration the
// Lab refuses (a negative num_embeddings, as a damaged session could ask) first made the ids invalid
// against the refused size, so the code panel printed "IndexError: index out of range in self";
// the refusal restored the model and the ids' validity but emitted nothing the code panel
// listens to, so the error stayed on screen while the ids were valid.
// Since issue "fidelity gap: Embedding(0, 5)", num_embeddings = 0 is built, as PyTorch builds it,
// and only negative sizes are refused, with torch.empty's words.
#include "ui/model/Lab.h"
#include "ui/views/CodePanel.h"

#include <QSignalSpy>
#include <QTest>

using embedlab::ui::CodePanel;
using embedlab::ui::Lab;

class TestRegressionRefusedConfig : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void refusedSizeLeavesNoStaleError_data();
    void refusedSizeLeavesNoStaleError();
    void zeroSizeIsBuilt();
};

void TestRegressionRefusedConfig::refusedSizeLeavesNoStaleError_data()
{
    QTest::addColumn<qint64>("numEmbeddings");
    QTest::addColumn<qint64>("embeddingDim");
    QTest::addColumn<QString>("message");
    // The messages are what torch.nn.Embedding(V, D) raises in PyTorch 1.13.
    QTest::newRow("-3 x 5") << qint64(-3) << qint64(5)
                            << "RuntimeError: Trying to create tensor with negative dimension -3: [-3, 5]";
    QTest::newRow("-1 x -2") << qint64(-1) << qint64(-2)
                             << "RuntimeError: Trying to create tensor with negative dimension -1: [-1, -2]";
    QTest::newRow("0 x -3") << qint64(0) << qint64(-3)
                            << "RuntimeError: Trying to create tensor with negative dimension -3: [0, -3]";
}

void TestRegressionRefusedConfig::refusedSizeLeavesNoStaleError()
{
    QFETCH(qint64, numEmbeddings);
    QFETCH(qint64, embeddingDim);
    QFETCH(QString, message);
    Lab lab;
    CodePanel panel;
    panel.setLab(&lab);
    QVERIFY(lab.setIdsText(QStringLiteral("0, 0")));
    QSignalSpy failed(&lab, &Lab::rebuildFailed);
    Lab::Config c = lab.config();
    c.numEmbeddings = numEmbeddings;
    c.embeddingDim = embeddingDim;
    lab.setConfig(c);
    QTRY_VERIFY_WITH_TIMEOUT(!lab.isBusy(), 30000);
    QCOMPARE(failed.count(), 1);
    QCOMPARE(failed.at(0).at(0).toString(), message);
    QCOMPARE(lab.config().numEmbeddings, 4);
    QVERIFY(lab.idsValid());
    QVERIFY(lab.hasPaths());
    QTRY_VERIFY2_WITH_TIMEOUT(!panel.outputText().contains(QStringLiteral("Error")),
                              qPrintable(panel.outputText()), 30000);
    QVERIFY2(panel.outputText().contains(QStringLiteral("grad_fn=<EmbeddingBackward0>")),
             qPrintable(panel.outputText()));
}

void TestRegressionRefusedConfig::zeroSizeIsBuilt()
{
    Lab lab;
    CodePanel panel;
    panel.setLab(&lab);
    QVERIFY(lab.setIdsText(QStringLiteral("0, 0")));
    QSignalSpy failed(&lab, &Lab::rebuildFailed);
    Lab::Config c = lab.config();
    c.numEmbeddings = 0;
    lab.setConfig(c);
    QTRY_VERIFY_WITH_TIMEOUT(!lab.isBusy(), 30000);
    QCOMPARE(failed.count(), 0);
    QCOMPARE(lab.modelConfig().numEmbeddings, 0);
    // Every lookup into a 0-row weight raises; PyTorch's index_select says so in these words.
    QVERIFY(!lab.idsValid());
    QCOMPARE(lab.idsErrorMessage(),
             QStringLiteral("RuntimeError: index_select(): self indexing axis dim should be positive"));
    QTRY_VERIFY2_WITH_TIMEOUT(
        panel.outputText().endsWith(QStringLiteral("\nRuntimeError: index_select(): self "
                                                   "indexing axis dim should be positive\n")),
        qPrintable(panel.outputText()), 30000);
}

QTEST_MAIN(TestRegressionRefusedConfig)
#include "tst_regression_refusedconfig.moc"
