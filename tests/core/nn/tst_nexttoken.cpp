// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// Issue #29 item 1: the Training panel's default batch is the next-token task on the ids in effect,
// inputs ids[..., :-1] and targets ids[..., 1:] as PyTorch slices them.
#include "core/nn/NextToken.h"
#include "core/nn/OneHot.h"

#include <QTest>

using namespace embedlab;

class TestNextToken : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void slices_data();
    void slices();
    void zeroDimensional();
};

void TestNextToken::slices_data()
{
    QTest::addColumn<QString>("ids");
    QTest::addColumn<QString>("inputs");
    QTest::addColumn<QString>("targets");
    QTest::addColumn<bool>("empty");
    // The reference example: [2, 3, 1] -> inputs [2, 3], targets [3, 1].
    QTest::newRow("reference") << "2, 3, 1"
                               << "2, 3"
                               << "3, 1" << false;
    QTest::newRow("Hello world") << "15496, 995"
                                 << "15496"
                                 << "995" << false;
    QTest::newRow("repeated ids") << "5, 5, 5, 0"
                                  << "5, 5, 5"
                                  << "5, 5, 0" << false;
    // Each row of a batch is its own sequence: [[2, 3, 1], [0, 1, 2]][:, :-1].
    QTest::newRow("2-D") << "[[2, 3, 1], [0, 1, 2]]"
                         << "[[2, 3], [0, 1]]"
                         << "[[3, 1], [1, 2]]" << false;
    QTest::newRow("3-D") << "[[[1, 2], [3, 0]]]"
                         << "[[[1], [3]]]"
                         << "[[[2], [0]]]" << false;
    QTest::newRow("one id: nothing to predict") << "[7]"
                                                << ""
                                                << "" << true;
    QTest::newRow("rows of one id") << "[[1], [2]]"
                                    << ""
                                    << "" << true;
}

void TestNextToken::slices()
{
    QFETCH(QString, ids);
    QFETCH(QString, inputs);
    QFETCH(QString, targets);
    QFETCH(bool, empty);
    const core::LongTensor all = core::parseIds(ids.toStdString());
    const core::NextTokenBatch batch = core::NextTokenBatch::of(all);
    QCOMPARE(batch.empty(), empty);
    core::Shape emptyShape = all.shape;
    emptyShape.back() = 0;
    QCOMPARE(batch.inputs.shape, empty ? emptyShape : core::parseIds(inputs.toStdString()).shape);
    QCOMPARE(batch.targets.shape, batch.inputs.shape);
    if (empty) {
        QVERIFY(batch.inputs.data.empty() && batch.targets.data.empty());
        return;
    }
    QCOMPARE(batch.inputs.data, core::parseIds(inputs.toStdString()).data);
    QCOMPARE(batch.targets.data, core::parseIds(targets.toStdString()).data);
}

void TestNextToken::zeroDimensional()
{
    // torch.tensor(5)[:-1] raises: a 0-D tensor has no sequence.
    const core::NextTokenBatch batch = core::NextTokenBatch::of(core::LongTensor{{}, {5}});
    QVERIFY(batch.empty());
    QCOMPARE(batch.inputs.shape, core::Shape{0});
}

QTEST_GUILESS_MAIN(TestNextToken)
#include "tst_nexttoken.moc"
