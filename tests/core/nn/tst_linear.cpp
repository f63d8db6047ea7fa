// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "common/Golden.h"
#include "core/nn/Linear.h"
#include "core/tensor/Error.h"

#include <QJsonArray>
#include <QTest>

#include <cmath>

using namespace embedlab;
using namespace embedlab::testing;
using core::Linear;

namespace {

QJsonArray cases(const char *section)
{
    return loadGolden(QStringLiteral("layers/linear.json")).value(QLatin1String(section)).toArray();
}

core::Tensor gradTensor(const core::Parameter &p)
{
    core::Tensor t(p.shape());
    std::copy(p.grad().data(), p.grad().data() + p.grad().size(), t.data.begin());
    return t;
}

QByteArray describe(const core::Tensor &a, const core::Tensor &b)
{
    return "max |diff| = " + QByteArray::number(maxAbsDiff(a, b), 'g', 3) + ", tolerance " +
           QByteArray::number(scaledTolerance(b), 'g', 3);
}

} // namespace

/// nn.Linear against PyTorch 1.13. Init is bit-exact; products are compared within 1e-6 (scaled by
/// the magnitude of the values) because BLAS sums in its own order.
class TestLinear : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void defaultInit_data()
    {
        QTest::addColumn<QJsonObject>("c");
        for (const QJsonValue &v : cases("init")) {
            const QJsonObject c = v.toObject();
            QTest::addRow("seed%lld_%s", c.value(QLatin1String("seed")).toInteger(),
                          qPrintable(c.value(QLatin1String("repr")).toString()))
                << c;
        }
    }
    void defaultInit() // bit-exact: kaiming_uniform_(a=sqrt(5)) then the bias, from one generator
    {
        QFETCH(QJsonObject, c);
        core::Generator gen(static_cast<std::uint64_t>(c.value(QLatin1String("seed")).toInteger()));
        const bool bias = c.value(QLatin1String("bias")).toBool();
        Linear l(c.value(QLatin1String("in")).toInteger(), c.value(QLatin1String("out")).toInteger(), bias,
                 gen);
        QCOMPARE(QString::fromStdString(l.repr()), c.value(QLatin1String("repr")).toString());
        QCOMPARE(l.hasBias(), bias);
        QCOMPARE(bitMismatches(l.weight()->toTensor(), tensorFromJson(c.value(QLatin1String("weight")))), 0);
        if (bias)
            QCOMPARE(
                bitMismatches(l.bias()->toTensor(), tensorFromJson(c.value(QLatin1String("bias_value")))), 0);
    }

    // Issue #15: an lm_head loaded from a weight file comes with the statistics its decode took;
    // setWeight() gives it a new version() but must not throw them away (0.3 s of CPU at Llama size).
    void setWeightKeepsTheRecordedStatistics()
    {
        core::Generator gen(0);
        Linear l(3, 4, false, gen);
        auto loaded = std::make_shared<core::Parameter>(core::Shape{4, 3});
        loaded->value().setConstant(2.0f);
        core::Summary recorded = core::summarize(loaded->value().data(), loaded->numel());
        recorded.max = 5.0f; // not what a new pass would compute: shows whether it was kept
        loaded->recordSummary(recorded);
        const std::uint64_t version = loaded->version();
        l.setWeight(loaded);
        QVERIFY(loaded->version() > version);
        QCOMPARE(loaded->summary().max, 5.0f);
    }

    void referenceWeight()
    {
        // Linear(4, 5, bias=False) after torch.manual_seed(123): the lesson's first row.
        core::Generator gen(123);
        Linear l(4, 5, false, gen);
        const float expected[] = {-0.2039f, 0.0166f, -0.2483f, 0.1886f};
        for (int j = 0; j < 4; ++j)
            QVERIFY(std::abs(l.weight()->value()(0, j) - expected[j]) < 5e-5f);
    }

    void forwardBackward_data()
    {
        QTest::addColumn<QJsonObject>("c");
        for (const QJsonValue &v : cases("forward"))
            QTest::newRow(qPrintable(v.toObject().value(QLatin1String("name")).toString())) << v.toObject();
    }
    void forwardBackward()
    {
        QFETCH(QJsonObject, c);
        const bool bias = c.value(QLatin1String("bias")).toBool();
        core::Generator gen(0);
        Linear l(c.value(QLatin1String("in")).toInteger(), c.value(QLatin1String("out")).toInteger(), bias,
                 gen);
        l.weight()->value() = tensorFromJson(c.value(QLatin1String("weight"))).asMatrix();
        if (bias)
            l.bias()->value() = tensorFromJson(c.value(QLatin1String("bias_value")))
                                    .asMatrix()
                                    .reshaped<Eigen::RowMajor>(1, l.outFeatures());
        const core::Tensor x = tensorFromJson(c.value(QLatin1String("input")));

        const core::Tensor y = l.forward(x);
        const core::Tensor expectedY = tensorFromJson(c.value(QLatin1String("output")));
        QCOMPARE(y.shape, expectedY.shape);
        QVERIFY2(maxAbsDiff(y, expectedY) <= scaledTolerance(expectedY), describe(y, expectedY));
        QCOMPARE(QString::fromStdString(l.gradFnName(x.dim())), c.value(QLatin1String("grad_fn")).toString());

        const core::Tensor gX = l.backward(x, tensorFromJson(c.value(QLatin1String("grad_output"))));
        const core::Tensor expectedGX = tensorFromJson(c.value(QLatin1String("grad_input")));
        QCOMPARE(gX.shape, expectedGX.shape);
        QVERIFY2(maxAbsDiff(gX, expectedGX) <= scaledTolerance(expectedGX), describe(gX, expectedGX));
        const core::Tensor expectedGW = tensorFromJson(c.value(QLatin1String("grad_weight")));
        QVERIFY2(maxAbsDiff(gradTensor(*l.weight()), expectedGW) <= scaledTolerance(expectedGW),
                 describe(gradTensor(*l.weight()), expectedGW));
        if (bias) {
            const core::Tensor expectedGB = tensorFromJson(c.value(QLatin1String("grad_bias")));
            QVERIFY2(maxAbsDiff(gradTensor(*l.bias()), expectedGB) <= scaledTolerance(expectedGB),
                     describe(gradTensor(*l.bias()), expectedGB));
        }
    }

    void errors_data()
    {
        QTest::addColumn<QJsonObject>("c");
        int i = 0;
        for (const QJsonValue &v : cases("errors"))
            QTest::addRow("%d_%s", i++, qPrintable(v.toObject().value(QLatin1String("message")).toString()))
                << v.toObject();
    }
    void errors() // PyTorch's exception type and exact message
    {
        QFETCH(QJsonObject, c);
        core::Generator gen(1);
        try {
            Linear l(c.value(QLatin1String("in")).toInteger(), c.value(QLatin1String("out")).toInteger(),
                     c.value(QLatin1String("bias")).toBool(), gen);
            if (c.value(QLatin1String("call")).toString() == QLatin1String("forward"))
                l.forward(core::Tensor(shapeFromJson(c.value(QLatin1String("shape")))));
            QFAIL("no error thrown");
        } catch (const core::Error &err) {
            QCOMPARE(QString::fromLatin1(err.kindName()), c.value(QLatin1String("type")).toString());
            QCOMPARE(QString::fromStdString(err.what()), c.value(QLatin1String("message")).toString());
        }
    }

    void zeroFanInBiasIsZero()
    {
        // bound = 1/sqrt(fan_in) if fan_in > 0 else 0: Linear(0, 3) has a zero bias.
        core::Generator gen(5);
        Linear l(0, 3, true, gen);
        QCOMPARE(l.bias()->value().cwiseAbs().maxCoeff(), 0.0f);
        const core::Tensor y = l.forward(core::Tensor({2, 0}));
        QCOMPARE(y.shape, (core::Shape{2, 3}));
        QCOMPARE(y.data, std::vector<float>(6, 0.0f));
        // A set bias still reaches every row of an empty-feature input, as x @ W.T + b does.
        l.bias()->value().setConstant(1.5f);
        QCOMPARE(l.forward(core::Tensor({2, 0})).data, std::vector<float>(6, 1.5f));
    }

    void uninitialisedOutputIsFullyWritten_data()
    {
        QTest::addColumn<core::Index>("in");
        QTest::addColumn<bool>("bias");
        // [300, in] @ [in, 3000]: two threads above 4 Mi multiply-adds; depth 0 still gives zeros (+ b).
        QTest::newRow("two threads") << core::Index{16} << false;
        QTest::newRow("two threads, bias") << core::Index{16} << true;
        QTest::newRow("in_features=0") << core::Index{0} << false;
        QTest::newRow("in_features=0, bias") << core::Index{0} << true;
    }
    void uninitialisedOutputIsFullyWritten() // issue #7: forward's output is not zero-filled first
    {
        QFETCH(core::Index, in);
        QFETCH(bool, bias);
        core::Generator gen(9);
        Linear l(in, 3000, bias, gen);
        core::Tensor x({300, in});
        for (std::size_t i = 0; i < x.data.size(); ++i)
            x.data[i] = static_cast<float>(std::sin(0.01 * static_cast<double>(i)));
        {
            // Freed just before forward(), so its output most likely reuses these NaN bytes.
            const core::Tensor poison({300, 3000}, std::nanf(""));
            QVERIFY(std::isnan(poison.data.back()));
        }
        const core::Tensor y = l.forward(x);
        const auto w = l.weight()->value();
        for (core::Index r = 0; r < 300; ++r) {
            for (core::Index c = 0; c < 3000; ++c) {
                double dot = bias ? static_cast<double>(l.bias()->value()(0, c)) : 0.0;
                for (core::Index k = 0; k < in; ++k)
                    dot += static_cast<double>(x.data[std::size_t(r * in + k)]) * w(c, k);
                const float got = y.data[std::size_t(r * 3000 + c)];
                if (!(std::abs(got - dot) <= 1e-5))
                    QFAIL(qPrintable(
                        QStringLiteral("y[%1, %2] is %3, want %4").arg(r).arg(c).arg(got).arg(dot)));
            }
        }
    }

    void setWeightRejectsWrongShape()
    {
        core::Generator gen(5);
        Linear l(4, 5, false, gen);
        auto p = std::make_shared<core::Parameter>(core::Shape{4, 5});
        QVERIFY_THROWS_EXCEPTION(core::Error, l.setWeight(p));
        auto q = std::make_shared<core::Parameter>(core::Shape{5, 4});
        l.setWeight(q);
        QCOMPARE(l.weight().get(), q.get());
    }
};

QTEST_GUILESS_MAIN(TestLinear)
#include "tst_linear.moc"
