// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// core::argmax and core::topK as torch.argmax / torch.topk order them (issue #13: this lived in
// UnembeddingView).
#include "core/nn/TopK.h"

#include <QTest>

#include <cmath>
#include <limits>

using namespace embedlab;

namespace {

core::Tensor tensor(const std::vector<float> &values)
{
    core::Tensor t({core::Index(values.size())});
    t.data.assign(values.begin(), values.end());
    return t;
}

constexpr float kNan = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

} // namespace

Q_DECLARE_METATYPE(std::vector<float>)
Q_DECLARE_METATYPE(std::vector<core::Index>)

class TestTopK : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void argmax_data();
    void argmax();
    void topK_data();
    void topK();
};

void TestTopK::argmax_data()
{
    QTest::addColumn<std::vector<float>>("values");
    QTest::addColumn<core::Index>("expected");
    QTest::newRow("empty") << std::vector<float>{} << core::Index(-1);
    QTest::newRow("one") << std::vector<float>{-3.0f} << core::Index(0);
    QTest::newRow("first of equal maxima") << std::vector<float>{1.0f, 5.0f, 5.0f, 2.0f} << core::Index(1);
    QTest::newRow("NaN beats every number") << std::vector<float>{1.0f, kInf, kNan, 2.0f} << core::Index(2);
    QTest::newRow("first NaN") << std::vector<float>{kNan, kNan} << core::Index(0);
    QTest::newRow("all -inf") << std::vector<float>{-kInf, -kInf} << core::Index(0);
    QTest::newRow("negative zero ties zero") << std::vector<float>{-0.0f, 0.0f} << core::Index(0);
}

void TestTopK::argmax()
{
    QFETCH(std::vector<float>, values);
    QFETCH(core::Index, expected);
    QCOMPARE(core::argmax(tensor(values)), expected);
}

void TestTopK::topK_data()
{
    QTest::addColumn<std::vector<float>>("values");
    QTest::addColumn<core::Index>("k");
    QTest::addColumn<std::vector<core::Index>>("expected");
    const std::vector<float> x{0.5f, 3.0f, -1.0f, 3.0f, 2.0f};
    QTest::newRow("k = 3, equal values by index") << x << core::Index(3) << std::vector<core::Index>{1, 3, 4};
    QTest::newRow("k = all") << x << core::Index(5) << std::vector<core::Index>{1, 3, 4, 0, 2};
    QTest::newRow("k clamped") << x << core::Index(9) << std::vector<core::Index>{1, 3, 4, 0, 2};
    QTest::newRow("k = 0") << x << core::Index(0) << std::vector<core::Index>{};
    QTest::newRow("NaN first") << std::vector<float>{1.0f, kNan, kInf} << core::Index(2)
                               << std::vector<core::Index>{1, 2};
    QTest::newRow("empty") << std::vector<float>{} << core::Index(3) << std::vector<core::Index>{};
}

void TestTopK::topK()
{
    QFETCH(std::vector<float>, values);
    QFETCH(core::Index, k);
    QFETCH(std::vector<core::Index>, expected);
    QCOMPARE(core::topK(tensor(values), k), expected);
}

QTEST_GUILESS_MAIN(TestTopK)
#include "tst_topk.moc"
