// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// Regression test for issue "Reliability": ids nested 65,000 lists deep ("[[[[...1]]]]", pasted into
// the ids field or given to `embedlab-cli --lookup`) recursed in core::parseIds until the stack
// overflowed (SIGSEGV). torch.tensor() refuses more than 128 nested lists with
// "ValueError: too many dimensions 'list'"; so does parseIds now.
#include "core/nn/OneHot.h"
#include "core/tensor/Error.h"

#include <QTest>

#include <string>

using namespace embedlab;

class TestRegressionDeepIds : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void depth_data();
    void depth();
};

void TestRegressionDeepIds::depth_data()
{
    QTest::addColumn<int>("depth");
    QTest::addColumn<bool>("accepted");
    QTest::newRow("1") << 1 << true;
    QTest::newRow("128, PyTorch's MAX_DIMS") << 128 << true;
    QTest::newRow("129") << 129 << false;
    QTest::newRow("65000") << 65000 << false;
    QTest::newRow("1000000") << 1000000 << false;
}

void TestRegressionDeepIds::depth()
{
    QFETCH(int, depth);
    QFETCH(bool, accepted);
    const std::string text =
        std::string(std::size_t(depth), '[') + "1" + std::string(std::size_t(depth), ']');
    try {
        const core::LongTensor ids = core::parseIds(text);
        QVERIFY(accepted);
        QCOMPARE(ids.shape, core::Shape(std::size_t(depth), 1));
    } catch (const core::Error &e) {
        QVERIFY2(!accepted, e.what());
        QCOMPARE(std::string(e.kindName()), std::string("ValueError"));
        QCOMPARE(std::string(e.what()), std::string("too many dimensions 'list'"));
    }
}

QTEST_GUILESS_MAIN(TestRegressionDeepIds)
#include "tst_regression_deepids.moc"
