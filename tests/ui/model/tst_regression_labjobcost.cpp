// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// Regression test for issue "Reliability": Lab::schedule() estimated a job's cost as
// num_embeddings * embedding_dim * max(2, ids), a signed overflow (undefined behaviour, an abort
// under UBSan) for absurd sizes such as a damaged session's Embedding(2^63 - 1, 2) or
// Embedding(10^9, 10^9) with ten ids. Such a configuration must be refused with a message, the
// model in effect kept.
#include "ui/model/Lab.h"

#include <QSignalSpy>
#include <QTest>

#include <limits>

using embedlab::ui::Lab;

class TestRegressionLabJobCost : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void absurdConfigIsRefused_data();
    void absurdConfigIsRefused();
};

void TestRegressionLabJobCost::absurdConfigIsRefused_data()
{
    QTest::addColumn<qint64>("numEmbeddings");
    QTest::addColumn<qint64>("embeddingDim");
    QTest::addColumn<QString>("ids");
    QTest::newRow("INT64_MAX x 2") << std::numeric_limits<qint64>::max() << qint64(2)
                                   << QStringLiteral("2, 3, 1");
    QTest::newRow("10^9 x 10^9, ten ids")
        << qint64(1000000000) << qint64(1000000000) << QStringLiteral("0, 1, 2, 3, 0, 1, 2, 3, 0, 1");
    QTest::newRow("10^9 x 768") << qint64(1000000000) << qint64(768) << QStringLiteral("2, 3, 1");
}

void TestRegressionLabJobCost::absurdConfigIsRefused()
{
    QFETCH(qint64, numEmbeddings);
    QFETCH(qint64, embeddingDim);
    QFETCH(QString, ids);
    Lab lab;
    QVERIFY(lab.setIdsText(ids));
    const Lab::Config before = lab.modelConfig();
    QSignalSpy failed(&lab, &Lab::rebuildFailed);
    Lab::Config c = lab.config();
    c.numEmbeddings = numEmbeddings;
    c.embeddingDim = embeddingDim;
    lab.setConfig(c);
    QTRY_VERIFY_WITH_TIMEOUT(!lab.isBusy(), 60000);
    QCOMPARE(failed.count(), 1);
    const QString message = failed.at(0).at(0).toString();
    QVERIFY2(message.contains(QStringLiteral("bytes")) || message.contains(QStringLiteral("overflow")),
             qPrintable(message));
    QCOMPARE(lab.modelConfig(), before);
    QCOMPARE(lab.config(), before);
    QCOMPARE(lab.embeddingWeight()->shape(),
             (embedlab::core::Shape{before.numEmbeddings, before.embeddingDim}));
}

QTEST_GUILESS_MAIN(TestRegressionLabJobCost)
#include "tst_regression_labjobcost.moc"
