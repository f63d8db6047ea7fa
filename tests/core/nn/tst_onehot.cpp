// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "common/Golden.h"
#include "common/Seed.h"
#include "core/nn/OneHot.h"
#include "core/tensor/Error.h"
#include "core/tensor/Parallel.h"

#include <QJsonArray>
#include <QTest>

#include <cmath>
#include <limits>
#include <random>

using namespace embedlab;
using namespace embedlab::testing;

Q_DECLARE_METATYPE(embedlab::core::Tensor)
Q_DECLARE_METATYPE(embedlab::core::Matrix)

namespace {

QJsonArray cases(const char *section)
{
    return loadGolden(QStringLiteral("layers/onehot.json")).value(QLatin1String(section)).toArray();
}

constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

// The dense product itself, one Eigen GEMM: what oneHotMatmul's shortcut must reproduce.
core::Tensor denseProduct(const core::Tensor &hot, const core::Matrix &weight)
{
    core::Shape shape = hot.shape;
    shape.back() = weight.cols();
    core::Tensor out(shape);
    const core::Index rows = weight.rows() == 0 ? 0 : hot.numel() / weight.rows();
    Eigen::Map<core::Matrix> result(out.data.data(), rows, weight.cols());
    const Eigen::Map<const core::Matrix> hotM(hot.data.data(), rows, weight.rows());
    core::parallel::product(result, hotM, weight);
    return out;
}

core::Tensor hotRows(const std::vector<std::int64_t> &ids, core::Index v)
{
    core::LongTensor t;
    t.shape = {static_cast<core::Index>(ids.size())};
    t.data = ids;
    return core::toFloat(core::oneHot(t, v));
}

core::Matrix rampWeight(core::Index v, core::Index d)
{
    core::Matrix w(v, d);
    for (core::Index i = 0; i < w.size(); ++i)
        w.data()[i] = static_cast<float>(i % 7) - 3.0f; // includes +0.0 and negatives
    return w;
}

} // namespace

/// F.one_hot, the four lookup paths and the ids parser against PyTorch 1.13: all bit-exact.
class TestOneHot : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void oneHot_data()
    {
        QTest::addColumn<QJsonObject>("c");
        int i = 0;
        for (const QJsonValue &v : cases("cases"))
            QTest::addRow("case%d", i++) << v.toObject();
    }
    void oneHot()
    {
        QFETCH(QJsonObject, c);
        const core::LongTensor out = core::oneHot(longTensorFromJson(c.value(QLatin1String("ids"))),
                                                  c.value(QLatin1String("num_classes")).toInteger());
        QCOMPARE(out, longTensorFromJson(c.value(QLatin1String("output"))));
        const core::Tensor f = core::toFloat(out);
        QCOMPARE(f.shape, out.shape);
        for (std::size_t i = 0; i < f.data.size(); ++i)
            QCOMPARE(f.data[i], static_cast<float>(out.data[i]));
    }

    void oneHotErrors_data()
    {
        QTest::addColumn<QJsonObject>("c");
        int i = 0;
        for (const QJsonValue &v : cases("errors"))
            QTest::addRow("%d_%s", i++, qPrintable(v.toObject().value(QLatin1String("message")).toString()))
                << v.toObject();
    }
    void oneHotErrors()
    {
        QFETCH(QJsonObject, c);
        try {
            core::oneHot(longTensorFromJson(c.value(QLatin1String("ids"))),
                         c.value(QLatin1String("num_classes")).toInteger());
            QFAIL("no error thrown");
        } catch (const core::Error &err) {
            QCOMPARE(QString::fromLatin1(err.kindName()), c.value(QLatin1String("type")).toString());
            QCOMPARE(QString::fromStdString(err.what()), c.value(QLatin1String("message")).toString());
        }
    }

    void lookupPaths_data()
    {
        QTest::addColumn<QJsonObject>("c");
        for (const QJsonValue &v : cases("paths"))
            QTest::newRow(qPrintable(v.toObject().value(QLatin1String("name")).toString())) << v.toObject();
    }
    void lookupPaths() // bit-exact, including the NaN that 0 * inf puts in the product paths
    {
        QFETCH(QJsonObject, c);
        const core::Tensor w = tensorFromJson(c.value(QLatin1String("weight")));
        core::Generator gen(0);
        core::Embedding e(w.shape[0], w.shape[1], {}, gen);
        e.weight()->value() = w.asMatrix();
        const core::LookupPaths p =
            core::computeLookupPaths(e, longTensorFromJson(c.value(QLatin1String("ids"))));
        QCOMPARE(bitMismatches(p.call, tensorFromJson(c.value(QLatin1String("call")))), 0);
        QCOMPARE(bitMismatches(p.index, tensorFromJson(c.value(QLatin1String("index")))), 0);
        QCOMPARE(bitMismatches(p.oneHotMm, tensorFromJson(c.value(QLatin1String("one_hot_mm")))), 0);
        QCOMPARE(bitMismatches(p.linear, tensorFromJson(c.value(QLatin1String("linear")))), 0);
        QCOMPARE(p.allEqual(), c.value(QLatin1String("all_equal")).toBool());
    }

    void parseLikeTorchTensor_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QJsonObject>("expected");
        for (const QJsonValue &v : cases("parse"))
            QTest::newRow(qPrintable(v.toObject().value(QLatin1String("text")).toString()))
                << v.toObject().value(QLatin1String("text")).toString()
                << v.toObject().value(QLatin1String("ids")).toObject();
        // Without brackets: the same 1-D tensor as [2, 3, 1].
        const QJsonObject flat = cases("parse").at(0).toObject().value(QLatin1String("ids")).toObject();
        QTest::newRow("bare spaces") << QStringLiteral("2, 3, 1") << flat;
        QTest::newRow("bare no spaces") << QStringLiteral("2,3,1") << flat;
        QTest::newRow("padded") << QStringLiteral("  [ 2 ,3,\t1 ]  ") << flat;
    }
    void parseLikeTorchTensor()
    {
        QFETCH(QString, text);
        QFETCH(QJsonObject, expected);
        QCOMPARE(core::parseIds(text.toStdString()), longTensorFromJson(expected));
    }

    void parseRagged_data()
    {
        QTest::addColumn<QJsonObject>("c");
        for (const QJsonValue &v : cases("parse_errors"))
            QTest::newRow(qPrintable(v.toObject().value(QLatin1String("text")).toString())) << v.toObject();
    }
    void parseRagged() // torch.tensor's own message
    {
        QFETCH(QJsonObject, c);
        try {
            core::parseIds(c.value(QLatin1String("text")).toString().toStdString());
            QFAIL("no error thrown");
        } catch (const core::Error &err) {
            QCOMPARE(QString::fromLatin1(err.kindName()), c.value(QLatin1String("type")).toString());
            QCOMPARE(QString::fromStdString(err.what()), c.value(QLatin1String("message")).toString());
        }
    }

    void parseRejects_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("messageContains");
        QTest::newRow("empty") << QString() << QStringLiteral("no token ids");
        QTest::newRow("blank") << QStringLiteral("   ") << QStringLiteral("no token ids");
        QTest::newRow("empty list") << QStringLiteral("[]") << QStringLiteral("no token ids");
        QTest::newRow("word") << QStringLiteral("hello") << QStringLiteral("'hello'");
        QTest::newRow("float") << QStringLiteral("[1.5, 2]") << QStringLiteral("'1.5'");
        QTest::newRow("mixed depth") << QStringLiteral("[1, [2]]") << QStringLiteral("got a list");
        QTest::newRow("unclosed") << QStringLiteral("[1, 2") << QStringLiteral("missing ']'");
        QTest::newRow("trailing") << QStringLiteral("[1] x") << QStringLiteral("after the closing");
        QTest::newRow("dangling comma") << QStringLiteral("1, 2,") << QStringLiteral("expected an integer");
        QTest::newRow("overflow") << QStringLiteral("[99999999999999999999]")
                                  << QStringLiteral("Overflow when unpacking long");
    }
    void parseRejects()
    {
        QFETCH(QString, text);
        QFETCH(QString, messageContains);
        try {
            core::parseIds(text.toStdString());
            QFAIL("no error thrown");
        } catch (const core::Error &err) {
            QCOMPARE(err.kind(), core::Error::Kind::ValueError);
            QVERIFY2(QString::fromStdString(err.what()).contains(messageContains), err.what());
        }
    }

    // The one-hot shortcut of oneHotMatmul against the dense GEMM, bit for bit (any NaN equals any
    // NaN, as in the golden comparisons): signed zeros, Inf and NaN in the looked-up row and in
    // other rows of its columns, -0.0 in the one-hot matrix, and inputs that are not one-hot.
    void oneHotShortcutMatchesDenseProduct_data()
    {
        QTest::addColumn<core::Tensor>("hot");
        QTest::addColumn<core::Matrix>("weight");
        const core::Index v = 40, d = 9;
        const std::vector<std::int64_t> ids{3, 0, 39, 3, 17};
        const core::Tensor hot = hotRows(ids, v);
        QTest::newRow("finite") << hot << rampWeight(v, d);
        core::Matrix negZero = rampWeight(v, d);
        negZero.row(3).setConstant(-0.0f);
        negZero(17, 2) = -0.0f;
        QTest::newRow("-0.0 weights") << hot << negZero;
        core::Matrix allNegZero = core::Matrix::Constant(v, d, -0.0f);
        QTest::newRow("all -0.0 weights") << hot << allNegZero;
        core::Tensor signedHot = hot;
        for (float &x : signedHot.data)
            x = x == 0.0f ? -0.0f : x;
        QTest::newRow("-0.0 in one_hot") << signedHot << allNegZero;
        core::Matrix infHot = rampWeight(v, d);
        infHot(3, 1) = kInf;
        infHot(17, 4) = -kInf;
        QTest::newRow("inf in the looked-up row") << hot << infHot;
        core::Matrix infElsewhere = rampWeight(v, d);
        infElsewhere(5, 1) = kInf; // row 5 is never looked up: column 1 is NaN everywhere
        QTest::newRow("inf in another row") << hot << infElsewhere;
        core::Matrix nanHot = rampWeight(v, d);
        nanHot(39, 8) = kNaN;
        QTest::newRow("nan in the looked-up row") << hot << nanHot;
        core::Matrix twoBad = rampWeight(v, d);
        twoBad(3, 6) = kInf;
        twoBad(0, 6) = -kInf; // each of rows 3 and 0 poisons the other's column 6
        twoBad(22, 7) = kNaN;
        twoBad(23, 7) = kInf;
        QTest::newRow("two non-finite in a column") << hot << twoBad;
        core::Tensor twoOnes = hot;
        twoOnes.data[5] = 1.0f;
        QTest::newRow("not one-hot: two ones") << twoOnes << rampWeight(v, d);
        core::Tensor two = hot;
        two.data[3] = 2.0f;
        QTest::newRow("not one-hot: a 2") << two << rampWeight(v, d);
        core::Tensor zeroRow = hot;
        zeroRow.data[3] = 0.0f;
        QTest::newRow("not one-hot: a zero row") << zeroRow << infElsewhere;
        core::Tensor nanInHot = hot;
        nanInHot.data[7] = kNaN;
        QTest::newRow("not one-hot: nan") << nanInHot << rampWeight(v, d);
        // A tiny product starts from +0.0 too (Eigen's coefficient-based path did not; PyTorch
        // prints 0. here): the shortcut applies at every size (#12).
        core::Matrix tiny = core::Matrix::Constant(3, 2, -0.0f);
        tiny(1, 0) = -1.0f;
        QTest::newRow("tiny -0.0") << hotRows({1, 2}, 3) << tiny;
        core::Tensor rank3 = hotRows({1, 2, 3, 4, 5, 6}, v);
        rank3.shape = {2, 3, v};
        QTest::newRow("rank 3") << rank3 << infHot;
        QTest::newRow("one id, one column") << hotRows({3}, v) << core::Matrix(negZero.leftCols(1));
    }
    void oneHotShortcutMatchesDenseProduct()
    {
        QFETCH(core::Tensor, hot);
        QFETCH(core::Matrix, weight);
        const core::Tensor fast = core::oneHotMatmul(hot, weight);
        const core::Tensor dense = denseProduct(hot, weight);
        QCOMPARE(fast.shape, dense.shape);
        QCOMPARE(bitMismatches(fast, dense), 0);
        for (std::size_t i = 0; i < fast.data.size(); ++i)
            QCOMPARE(std::signbit(fast.data[i]) || std::isnan(fast.data[i]),
                     std::signbit(dense.data[i]) || std::isnan(dense.data[i]));
    }

    void oneHotShortcutMatchesDenseProductRandomly()
    {
        std::mt19937 rng(unsigned(testing::testSeed("onehot", 13u)));
        const float specials[] = {0.0f, -0.0f, kInf, -kInf, kNaN, 1e-45f, -3.5f};
        for (int round = 0; round < 200; ++round) {
            const core::Index v = std::uniform_int_distribution<core::Index>(1, 80)(rng);
            const core::Index d = std::uniform_int_distribution<core::Index>(1, 24)(rng);
            const auto n = std::uniform_int_distribution<std::size_t>(1, 12)(rng);
            std::vector<std::int64_t> ids(n);
            for (std::int64_t &id : ids)
                id = std::uniform_int_distribution<std::int64_t>(0, v - 1)(rng);
            core::Matrix w(v, d);
            std::normal_distribution<float> normal;
            const double specialRate = std::uniform_real_distribution<double>(0.0, 0.2)(rng);
            for (core::Index i = 0; i < w.size(); ++i)
                w.data()[i] = std::bernoulli_distribution(specialRate)(rng)
                                  ? specials[std::uniform_int_distribution<int>(0, 6)(rng)]
                                  : normal(rng);
            const core::Tensor hot = hotRows(ids, v);
            const core::Tensor fast = core::oneHotMatmul(hot, w);
            const core::Tensor dense = denseProduct(hot, w);
            if (bitMismatches(fast, dense) != 0)
                QFAIL(qPrintable(QStringLiteral("round %1 (V=%2, D=%3) differs from the dense product")
                                     .arg(round)
                                     .arg(v)
                                     .arg(d)));
        }
    }

    void costs_data()
    {
        QTest::addColumn<qlonglong>("numIds");
        QTest::addColumn<qlonglong>("vocab");
        QTest::addColumn<qlonglong>("dim");
        QTest::newRow("gpt2 32x512") << 32LL * 512 << 50257LL << 768LL;
        QTest::newRow("reference") << 3LL << 4LL << 5LL;
        QTest::newRow("empty vocab") << 2LL << 0LL << 5LL;
    }
    void costs()
    {
        QFETCH(qlonglong, numIds);
        QFETCH(qlonglong, vocab);
        QFETCH(qlonglong, dim);
        const core::PathCost lookup = core::lookupCost(numIds, vocab, dim);
        QCOMPARE(lookup.multiplyAdds, 0);
        QCOMPARE(lookup.multiplyAddsByZero, 0);
        QCOMPARE(lookup.bytesRead, numIds * dim * 4);
        QCOMPARE(lookup.bytesWritten, numIds * dim * 4);
        const core::PathCost mm = core::oneHotMatmulCost(numIds, vocab, dim);
        QCOMPARE(mm.multiplyAdds, numIds * vocab * dim);
        QCOMPARE(mm.multiplyAddsByZero, numIds * std::max(vocab - 1, 0LL) * dim);
        QCOMPARE(mm.bytesRead, numIds * vocab * 4 + vocab * dim * 4);
        QCOMPARE(mm.bytesWritten, numIds * dim * 4);
    }

    void gpt2CostsAsTheLessonStatesThem()
    {
        const core::PathCost mm = core::oneHotMatmulCost(32 * 512, 50257, 768);
        QCOMPARE(mm.multiplyAdds, 632'379'408'384LL);       // 32*512*50257*768
        QCOMPARE(mm.multiplyAddsByZero, 632'366'825'472LL); // 32*512*50256*768
        QCOMPARE(core::lookupCost(32 * 512, 50257, 768).bytesRead, 50'331'648LL);
    }
};

QTEST_GUILESS_MAIN(TestOneHot)
#include "tst_onehot.moc"
