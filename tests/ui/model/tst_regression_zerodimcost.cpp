// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// Regression test for issue "Reliability" (found by tst_soak, seeds 13 and 99): Lab::schedule()
// runs cheap jobs on the UI thread and estimated the cost as V * D * ids, which is 0 for
// Embedding(10^6, 0). But the one-hot path still builds V entries per id, so setting
// embedding_dim = 0 with 40 ids blocked the UI thread for 350 ms. Such a job goes to the worker.
#include "ui/model/Lab.h"

#include <QStringList>
#include <QTest>

using embedlab::ui::Lab;

class TestRegressionZeroDimCost : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void emptyRowsStillCostTheirOneHots();
};

void TestRegressionZeroDimCost::emptyRowsStillCostTheirOneHots()
{
    Lab lab;
    Lab::Config c = lab.config();
    c.numEmbeddings = 1000000;
    c.embeddingDim = 1;
    lab.setConfig(c);
    QTRY_VERIFY_WITH_TIMEOUT(!lab.isBusy(), 60000);
    QStringList ids;
    for (int i = 0; i < 40; ++i)
        ids << QString::number(i * 24999);
    QVERIFY(lab.setIdsText(ids.join(QStringLiteral(", "))));
    QTRY_VERIFY_WITH_TIMEOUT(!lab.isBusy(), 60000);
    QVERIFY(lab.idsValid());

    c.embeddingDim = 0; // PyTorch builds Embedding(10^6, 0); its one-hots are still [40, 10^6]
    lab.setConfig(c);
    QVERIFY2(lab.isBusy(), "40 one-hot rows of 10^6 entries were computed on the UI thread");
    QTRY_VERIFY_WITH_TIMEOUT(!lab.isBusy(), 60000);
    QCOMPARE(lab.modelConfig().embeddingDim, 0);
    QVERIFY(lab.hasPaths());
}

QTEST_GUILESS_MAIN(TestRegressionZeroDimCost)
#include "tst_regression_zerodimcost.moc"
