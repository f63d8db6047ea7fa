// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "common/Golden.h"
#include "core/init/Generator.h"
#include "core/init/Init.h"
#include "core/tensor/Error.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <cmath>
#include <limits>
#include <map>
#include <numbers>

using embedlab::core::Error;
using embedlab::core::Generator;
using embedlab::core::Index;
using embedlab::core::Shape;
using embedlab::core::Tensor;
using embedlab::testing::bitMismatches;
using embedlab::testing::loadGolden;
using embedlab::testing::maxAbsDiff;
using embedlab::testing::shapeFromJson;
using embedlab::testing::tensorFromJson;
namespace nninit = embedlab::core::init;

Q_DECLARE_METATYPE(embedlab::core::Shape)

namespace {

double numberArg(const QJsonObject &args, const char *key)
{
    return embedlab::testing::numberFromJson(args.value(QLatin1String(key)));
}

std::string stringArg(const QJsonObject &args, const char *key)
{
    return args.value(QLatin1String(key)).toString().toStdString();
}

/// The same dispatcher as apply() in tests/golden/gen_init.py.
void apply(const QString &op, Tensor &t, const QJsonObject &args, Generator &gen)
{
    const auto s = t.span();
    if (op == QLatin1String("uniform_"))
        nninit::uniform_(s, numberArg(args, "a"), numberArg(args, "b"), gen);
    else if (op == QLatin1String("normal_"))
        nninit::normal_(s, numberArg(args, "mean"), numberArg(args, "std"), gen);
    else if (op == QLatin1String("trunc_normal_"))
        nninit::trunc_normal_(s, numberArg(args, "mean"), numberArg(args, "std"), numberArg(args, "a"),
                              numberArg(args, "b"), gen);
    else if (op == QLatin1String("constant_"))
        nninit::constant_(s, numberArg(args, "val"));
    else if (op == QLatin1String("ones_"))
        nninit::ones_(s);
    else if (op == QLatin1String("zeros_"))
        nninit::zeros_(s);
    else if (op == QLatin1String("eye_"))
        nninit::eye_(s);
    else if (op == QLatin1String("xavier_uniform_"))
        nninit::xavier_uniform_(s, numberArg(args, "gain"), gen);
    else if (op == QLatin1String("xavier_normal_"))
        nninit::xavier_normal_(s, numberArg(args, "gain"), gen);
    else if (op == QLatin1String("kaiming_uniform_"))
        nninit::kaiming_uniform_(s, numberArg(args, "a"), stringArg(args, "mode"),
                                 stringArg(args, "nonlinearity"), gen);
    else if (op == QLatin1String("kaiming_normal_"))
        nninit::kaiming_normal_(s, numberArg(args, "a"), stringArg(args, "mode"),
                                stringArg(args, "nonlinearity"), gen);
    else if (op == QLatin1String("orthogonal_"))
        nninit::orthogonal_(s, numberArg(args, "gain"), gen);
    else
        qFatal("unknown initialiser %s in a fixture", qPrintable(op));
}

std::uint64_t seedOf(const QJsonObject &o)
{
    return o.value(QLatin1String("seed")).toString().toULongLong();
}

Tensor nanTensor(const Shape &shape)
{
    return Tensor(shape, std::numeric_limits<float>::quiet_NaN());
}

/// Elements compared bit for bit per initialiser, reported at the end of the run.
std::map<QString, std::pair<long long, long long>> &tally()
{
    static std::map<QString, std::pair<long long, long long>> counts;
    return counts;
}

double &orthogonalMaxDiff()
{
    static double worst = 0.0;
    return worst;
}

void record(const QString &op, const Tensor &expected, long long mismatches)
{
    auto &entry = tally()[op];
    entry.first += expected.numel() - std::max(mismatches, 0LL);
    entry.second += expected.numel();
}

} // namespace

/// torch.nn.init against fixtures written by tests/golden/gen_init.py with PyTorch 1.13 (AVX2 build).
class TestInit : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        nninit::setNormalKernel(nninit::NormalKernel::Avx2);
        nninit::setHardwareSimd(true);
    }

    void cleanupTestCase()
    {
        for (const auto &[op, counts] : tally())
            qInfo("%-18s %lld / %lld elements bit-identical to PyTorch", qPrintable(op), counts.first,
                  counts.second);
        qInfo("orthogonal_ (LAPACK vs Eigen QR) max abs diff %g", orthogonalMaxDiff());
    }

    /// The example every EmbedLab user sees first: torch.manual_seed(123); torch.empty(4, 5).normal_().
    void referenceExample()
    {
        const float printed[20] = {0.3374f,  -0.1778f, -0.3035f, -0.5880f, 1.5810f,  1.3010f,  1.2753f,
                                   -0.2010f, -0.1606f, -0.4015f, 0.6957f,  -1.8061f, -1.1589f, 0.3255f,
                                   -0.6315f, -2.8400f, -0.7849f, -1.4096f, -0.4076f, 0.7953f};
        Generator g(123);
        Tensor t({4, 5});
        nninit::normal_(t.span(), 0.0, 1.0, g);
        for (int i = 0; i < 20; ++i)
            QVERIFY2(std::fabs(t.data[static_cast<std::size_t>(i)] - printed[i]) <= 0.00005f,
                     qPrintable(QString::number(i)));
    }

    void normalSweep_data()
    {
        QTest::addColumn<QJsonObject>("testCase");
        const QJsonObject golden = loadGolden(QStringLiteral("init/normal_sweep.json"));
        for (const QJsonValue &c : golden.value(QLatin1String("cases")).toArray()) {
            const QJsonObject o = c.toObject();
            QTest::newRow(qPrintable(QStringLiteral("seed %1 N(%2, %3)")
                                         .arg(o.value(QLatin1String("seed")).toString())
                                         .arg(o.value(QLatin1String("mean")).toDouble())
                                         .arg(o.value(QLatin1String("std")).toDouble())))
                << o;
        }
    }

    /// normal_ on sizes 1..40 (both sides of the 16-element switch, every tail length) chained on one
    /// generator, so each call also starts from the stream position and normal cache the last one left.
    void normalSweep()
    {
        QFETCH(QJsonObject, testCase);
        Generator g(seedOf(testCase));
        const double mean = testCase.value(QLatin1String("mean")).toDouble();
        const double std = testCase.value(QLatin1String("std")).toDouble();
        for (const QJsonValue &step : testCase.value(QLatin1String("steps")).toArray()) {
            const Tensor expected = tensorFromJson(step);
            Tensor t = nanTensor(expected.shape);
            nninit::normal_(t.span(), mean, std, g);
            const long long bad = bitMismatches(t, expected);
            record(QStringLiteral("normal_"), expected, bad);
            QVERIFY2(bad == 0, qPrintable(QStringLiteral("size %1: %2 mismatches, max diff %3")
                                              .arg(expected.numel())
                                              .arg(bad)
                                              .arg(maxAbsDiff(t, expected))));
        }
    }

    void uniformSweep_data()
    {
        QTest::addColumn<QJsonObject>("testCase");
        const QJsonObject golden = loadGolden(QStringLiteral("init/uniform_sweep.json"));
        for (const QJsonValue &c : golden.value(QLatin1String("cases")).toArray()) {
            const QJsonObject o = c.toObject();
            QTest::newRow(qPrintable(QStringLiteral("seed %1 U(%2, %3)")
                                         .arg(o.value(QLatin1String("seed")).toString())
                                         .arg(o.value(QLatin1String("a")).toDouble())
                                         .arg(o.value(QLatin1String("b")).toDouble())))
                << o;
        }
    }

    void uniformSweep()
    {
        QFETCH(QJsonObject, testCase);
        Generator g(seedOf(testCase));
        const double a = testCase.value(QLatin1String("a")).toDouble();
        const double b = testCase.value(QLatin1String("b")).toDouble();
        for (const QJsonValue &step : testCase.value(QLatin1String("steps")).toArray()) {
            const Tensor expected = tensorFromJson(step);
            Tensor t = nanTensor(expected.shape);
            nninit::uniform_(t.span(), a, b, g);
            const long long bad = bitMismatches(t, expected);
            record(QStringLiteral("uniform_"), expected, bad);
            QCOMPARE(bad, 0LL);
        }
    }

    void initialisers_data()
    {
        QTest::addColumn<QJsonObject>("testCase");
        const QJsonObject golden = loadGolden(QStringLiteral("init/initialisers.json"));
        int i = 0;
        for (const QJsonValue &c : golden.value(QLatin1String("cases")).toArray()) {
            const QJsonObject o = c.toObject();
            const Tensor expected = tensorFromJson(o.value(QLatin1String("expected")));
            QTest::newRow(
                qPrintable(QStringLiteral("%1 #%2 %3 %4")
                               .arg(o.value(QLatin1String("op")).toString())
                               .arg(i++)
                               .arg(QString::fromStdString(embedlab::core::shapeString(expected.shape)))
                               .arg(QString::fromUtf8(QJsonDocument(o.value(QLatin1String("args")).toObject())
                                                          .toJson(QJsonDocument::Compact)))))
                << o;
        }
    }

    /// Every initialiser alone, then one more normal_ and uniform_ draw proving it consumed exactly
    /// PyTorch's share of the stream (and left the same cached normal sample).
    void initialisers()
    {
        QFETCH(QJsonObject, testCase);
        const QString op = testCase.value(QLatin1String("op")).toString();
        Generator g(seedOf(testCase));
        const Tensor expected = tensorFromJson(testCase.value(QLatin1String("expected")));
        Tensor t = nanTensor(expected.shape);
        apply(op, t, testCase.value(QLatin1String("args")).toObject(), g);
        if (op == QLatin1String("orthogonal_")) {
            // QR is not reproduced bit for bit (PyTorch calls LAPACK's sgeqrf, we use Eigen in double).
            orthogonalMaxDiff() = std::max(orthogonalMaxDiff(), maxAbsDiff(t, expected));
            QVERIFY2(maxAbsDiff(t, expected) <= 1e-4, qPrintable(QString::number(maxAbsDiff(t, expected))));
        } else {
            const long long bad = bitMismatches(t, expected);
            record(op, expected, bad);
            QVERIFY2(bad == 0,
                     qPrintable(
                         QStringLiteral("%1 mismatches, max diff %2").arg(bad).arg(maxAbsDiff(t, expected))));
        }
        Tensor afterNormal({1});
        nninit::normal_(afterNormal.span(), 0.0, 1.0, g);
        QCOMPARE(bitMismatches(afterNormal, tensorFromJson(testCase.value(QLatin1String("afterNormal")))),
                 0LL);
        Tensor afterUniform({20});
        nninit::uniform_(afterUniform.span(), 0.0, 1.0, g);
        QCOMPARE(bitMismatches(afterUniform, tensorFromJson(testCase.value(QLatin1String("afterUniform")))),
                 0LL);
    }

    void chains_data()
    {
        QTest::addColumn<QJsonObject>("testCase");
        const QJsonObject golden = loadGolden(QStringLiteral("init/chains.json"));
        for (const QJsonValue &c : golden.value(QLatin1String("cases")).toArray())
            QTest::newRow(
                qPrintable(QLatin1String("seed ") + c.toObject().value(QLatin1String("seed")).toString()))
                << c.toObject();
    }

    /// normal_, uniform_, kaiming_uniform_, a cached normal sample, trunc_normal_, orthogonal_, ... on
    /// one generator: any wrong consumption shifts every later step.
    void chains()
    {
        QFETCH(QJsonObject, testCase);
        Generator g(seedOf(testCase));
        int index = 0;
        for (const QJsonValue &s : testCase.value(QLatin1String("steps")).toArray()) {
            const QJsonObject step = s.toObject();
            const QString op = step.value(QLatin1String("op")).toString();
            const Tensor expected = tensorFromJson(step.value(QLatin1String("expected")));
            Tensor t = nanTensor(expected.shape);
            apply(op, t, step.value(QLatin1String("args")).toObject(), g);
            const QString where = QStringLiteral("step %1 (%2)").arg(index++).arg(op);
            if (op == QLatin1String("orthogonal_")) {
                orthogonalMaxDiff() = std::max(orthogonalMaxDiff(), maxAbsDiff(t, expected));
                QVERIFY2(maxAbsDiff(t, expected) <= 1e-4, qPrintable(where));
            } else {
                const long long bad = bitMismatches(t, expected);
                record(QStringLiteral("chained ") + op, expected, bad);
                QVERIFY2(bad == 0, qPrintable(where));
            }
        }
    }

    void large_data()
    {
        QTest::addColumn<QJsonObject>("testCase");
        const QJsonObject golden = loadGolden(QStringLiteral("init/large.json"));
        for (const QJsonValue &c : golden.value(QLatin1String("cases")).toArray()) {
            const QJsonObject o = c.toObject();
            QTest::newRow(qPrintable(QStringLiteral("%1 %2 seed %3")
                                         .arg(o.value(QLatin1String("op")).toString())
                                         .arg(QString::fromStdString(embedlab::core::shapeString(
                                             shapeFromJson(o.value(QLatin1String("shape"))))))
                                         .arg(o.value(QLatin1String("seed")).toString())))
                << o;
        }
    }

    /// 5000x70-sized tensors: a sum, a few hundred sampled elements, the largest |x|, and the next draw.
    void large()
    {
        QFETCH(QJsonObject, testCase);
        Generator g(seedOf(testCase));
        Tensor t(shapeFromJson(testCase.value(QLatin1String("shape"))));
        apply(testCase.value(QLatin1String("op")).toString(), t,
              testCase.value(QLatin1String("args")).toObject(), g);

        double sum = 0.0;
        double absMax = 0.0;
        for (const float v : t.data) {
            sum += v;
            absMax = std::max(absMax, static_cast<double>(std::fabs(v)));
        }
        QCOMPARE(absMax, testCase.value(QLatin1String("absMax")).toDouble());
        QVERIFY2(std::fabs(sum - testCase.value(QLatin1String("sum")).toDouble()) <= 1e-6,
                 qPrintable(QString::number(sum, 'g', 17)));

        const Tensor expected = tensorFromJson(testCase.value(QLatin1String("values")));
        const QJsonArray indices = testCase.value(QLatin1String("indices")).toArray();
        Tensor sampled({static_cast<Index>(indices.size())});
        for (qsizetype i = 0; i < indices.size(); ++i)
            sampled.data[static_cast<std::size_t>(i)] =
                t.data[static_cast<std::size_t>(indices.at(i).toInteger())];
        const long long bad = bitMismatches(sampled, expected);
        record(QStringLiteral("large ") + testCase.value(QLatin1String("op")).toString(), expected, bad);
        QCOMPARE(bad, 0LL);

        Tensor after({8});
        nninit::normal_(after.span(), 0.0, 1.0, g);
        QCOMPARE(bitMismatches(after, tensorFromJson(testCase.value(QLatin1String("after")))), 0LL);
    }

    void emulationMatchesHardware_data()
    {
        QTest::addColumn<Index>("size");
        QTest::addColumn<double>("mean");
        QTest::addColumn<double>("std");
        QTest::newRow("16") << Index{16} << 0.0 << 1.0;
        QTest::newRow("17") << Index{17} << 0.5 << 2.5;
        QTest::newRow("100003") << Index{100003} << -0.2 << 0.02;
        QTest::newRow("350000") << Index{350000} << 0.0 << 1.0;
    }

    /// The scalar emulation used on CPUs without AVX2/FMA gives the same bits as the intrinsics.
    void emulationMatchesHardware()
    {
        QFETCH(Index, size);
        QFETCH(double, mean);
        QFETCH(double, std);
        if (!nninit::hardwareSimd())
            QSKIP("this CPU has no AVX2/FMA: only the emulation runs (and is checked by the fixtures)");
        Tensor hw({size});
        Tensor emu({size});
        Tensor hwU({size});
        Tensor emuU({size});
        Generator g1(77);
        nninit::normal_(hw.span(), mean, std, g1);
        nninit::uniform_(hwU.span(), -0.3, 0.7, g1);
        QVERIFY(!nninit::setHardwareSimd(false));
        Generator g2(77);
        nninit::normal_(emu.span(), mean, std, g2);
        nninit::uniform_(emuU.span(), -0.3, 0.7, g2);
        nninit::setHardwareSimd(true);
        QCOMPARE(bitMismatches(hw, emu), 0LL);
        QCOMPARE(bitMismatches(hwU, emuU), 0LL);
    }

    void scalarKernel_data() { normalSweep_data(); }

    /// PyTorch's non-AVX2 kernel (libm logf/cosf/sinf) draws the same stream and lands within float
    /// rounding of the AVX2 results this PyTorch build prints.
    void scalarKernel()
    {
        QFETCH(QJsonObject, testCase);
        nninit::setNormalKernel(nninit::NormalKernel::Scalar);
        QCOMPARE(nninit::normalKernel(), nninit::NormalKernel::Scalar);
        Generator g(seedOf(testCase));
        const double mean = testCase.value(QLatin1String("mean")).toDouble();
        const double std = testCase.value(QLatin1String("std")).toDouble();
        for (const QJsonValue &step : testCase.value(QLatin1String("steps")).toArray()) {
            const Tensor expected = tensorFromJson(step);
            Tensor t = nanTensor(expected.shape);
            nninit::normal_(t.span(), mean, std, g);
            QVERIFY(maxAbsDiff(t, expected) <= 4e-6 * std::max(1.0, std));
        }
    }

    void errors_data()
    {
        QTest::addColumn<QJsonObject>("testCase");
        const QJsonObject golden = loadGolden(QStringLiteral("init/errors.json"));
        for (const QJsonValue &c : golden.value(QLatin1String("cases")).toArray()) {
            const QJsonObject o = c.toObject();
            QTest::newRow(qPrintable(o.value(QLatin1String("message")).toString())) << o;
        }
    }

    /// PyTorch's exception type and message, captured from torch itself; a refused call draws nothing.
    void errors()
    {
        QFETCH(QJsonObject, testCase);
        Generator g(1);
        const Generator::State before = g.state();
        Tensor t(shapeFromJson(testCase.value(QLatin1String("shape"))));
        try {
            apply(testCase.value(QLatin1String("op")).toString(), t,
                  testCase.value(QLatin1String("args")).toObject(), g);
            QFAIL("no error thrown");
        } catch (const Error &e) {
            QCOMPARE(QString::fromLatin1(e.kindName()), testCase.value(QLatin1String("kind")).toString());
            QCOMPARE(QString::fromStdString(e.what()), testCase.value(QLatin1String("message")).toString());
        }
        QCOMPARE(g.state(), before);
    }

    void zeroDivision_data()
    {
        QTest::addColumn<QString>("op");
        QTest::addColumn<Shape>("shape");
        QTest::newRow("xavier_uniform_ on 0x0") << QStringLiteral("xavier_uniform_") << Shape{0, 0};
        QTest::newRow("xavier_normal_ on 0x0x3") << QStringLiteral("xavier_normal_") << Shape{0, 0, 3};
        QTest::newRow("trunc_normal_ with std 0") << QStringLiteral("trunc_normal_") << Shape{2, 2};
    }

    /// Python raises ZeroDivisionError "float division by zero" here.
    void zeroDivision()
    {
        QFETCH(QString, op);
        QFETCH(Shape, shape);
        Generator g;
        Tensor t(shape);
        QJsonObject args{{QStringLiteral("gain"), 1.0},
                         {QStringLiteral("mean"), 0.0},
                         {QStringLiteral("std"), 0.0},
                         {QStringLiteral("a"), -2.0},
                         {QStringLiteral("b"), 2.0}};
        try {
            apply(op, t, args, g);
            QFAIL("no error thrown");
        } catch (const Error &e) {
            QCOMPARE(QString::fromStdString(e.what()), QStringLiteral("float division by zero"));
            QCOMPARE(e.kind(), Error::Kind::ZeroDivisionError);
        }
    }

    void zeroElementKaimingIsNoOp_data()
    {
        QTest::addColumn<QString>("op");
        QTest::newRow("kaiming_uniform_") << QStringLiteral("kaiming_uniform_");
        QTest::newRow("kaiming_normal_") << QStringLiteral("kaiming_normal_");
    }

    /// init.py returns before computing fans ("Initializing zero-element tensors is a no-op").
    void zeroElementKaimingIsNoOp()
    {
        QFETCH(QString, op);
        Generator g(4);
        const Generator::State before = g.state();
        Tensor t(Shape{0, 5});
        apply(op, t,
              QJsonObject{{QStringLiteral("a"), 0.0},
                          {QStringLiteral("mode"), QStringLiteral("bogus")},
                          {QStringLiteral("nonlinearity"), QStringLiteral("bogus")}},
              g);
        QCOMPARE(g.state(), before);
    }

    void noRandomness_data()
    {
        QTest::addColumn<QString>("op");
        QTest::addColumn<float>("first");
        QTest::addColumn<float>("second");
        QTest::newRow("constant_") << QStringLiteral("constant_") << 0.3f << 0.3f;
        QTest::newRow("ones_") << QStringLiteral("ones_") << 1.0f << 1.0f;
        QTest::newRow("zeros_") << QStringLiteral("zeros_") << 0.0f << 0.0f;
        QTest::newRow("eye_") << QStringLiteral("eye_") << 1.0f << 0.0f;
    }

    void noRandomness()
    {
        QFETCH(QString, op);
        QFETCH(float, first);
        QFETCH(float, second);
        Generator g(8);
        nninit::normal_(Tensor({3}).span(), 0.0, 1.0, g); // with a cached normal sample too
        const Generator::State before = g.state();
        Tensor t({3, 4});
        apply(op, t, QJsonObject{{QStringLiteral("val"), 0.3}}, g);
        QCOMPARE(t.data[0], first);
        QCOMPARE(t.data[1], second);
        QCOMPARE(g.state(), before);
    }

    void gains_data()
    {
        QTest::addColumn<QString>("nonlinearity");
        QTest::addColumn<QJsonValue>("param");
        QTest::addColumn<double>("expected");
        const QJsonObject golden = loadGolden(QStringLiteral("init/gain.json"));
        for (const QJsonValue &c : golden.value(QLatin1String("gains")).toArray()) {
            const QJsonObject o = c.toObject();
            const QString name = o.value(QLatin1String("nonlinearity")).toString();
            const QJsonValue param = o.value(QLatin1String("param"));
            QTest::newRow(qPrintable(name + QLatin1Char(' ') + QString::number(param.toDouble(-1))))
                << name << param << o.value(QLatin1String("value")).toDouble();
        }
    }

    void gains()
    {
        QFETCH(QString, nonlinearity);
        QFETCH(QJsonValue, param);
        QFETCH(double, expected);
        const std::optional<double> p =
            param.isDouble() ? std::optional<double>(param.toDouble()) : std::nullopt;
        QCOMPARE(nninit::calculateGain(nonlinearity.toStdString(), p), expected); // exact double
    }

    void fans_data()
    {
        QTest::addColumn<Shape>("shape");
        QTest::addColumn<Index>("fanIn");
        QTest::addColumn<Index>("fanOut");
        const QJsonObject golden = loadGolden(QStringLiteral("init/gain.json"));
        for (const QJsonValue &c : golden.value(QLatin1String("fans")).toArray()) {
            const QJsonObject o = c.toObject();
            const Shape shape = shapeFromJson(o.value(QLatin1String("shape")));
            QTest::newRow(embedlab::core::shapeString(shape).c_str())
                << shape << Index{o.value(QLatin1String("fanIn")).toInteger()}
                << Index{o.value(QLatin1String("fanOut")).toInteger()};
        }
    }

    void fans()
    {
        QFETCH(Shape, shape);
        QFETCH(Index, fanIn);
        QFETCH(Index, fanOut);
        const nninit::Fans f = nninit::calculateFanInAndFanOut(shape);
        QCOMPARE(f.fanIn, fanIn);
        QCOMPARE(f.fanOut, fanOut);
    }

    void density_data()
    {
        using Kind = nninit::Distribution::Kind;
        QTest::addColumn<int>("kind");
        QTest::addColumn<double>("mean");
        QTest::addColumn<double>("std");
        QTest::addColumn<double>("low");
        QTest::addColumn<double>("high");
        QTest::addColumn<double>("at");
        QTest::addColumn<double>("expected");
        const double peak = 1.0 / std::sqrt(2.0 * std::numbers::pi);
        QTest::newRow("N(0,1) at 0") << int(Kind::Normal) << 0.0 << 1.0 << 0.0 << 0.0 << 0.0 << peak;
        QTest::newRow("N(1,2) at 3") << int(Kind::Normal) << 1.0 << 2.0 << 0.0 << 0.0 << 3.0
                                     << peak / 2.0 * std::exp(-0.5);
        QTest::newRow("U(-1,3) inside") << int(Kind::Uniform) << 0.0 << 0.0 << -1.0 << 3.0 << 0.5 << 0.25;
        QTest::newRow("U(-1,3) outside") << int(Kind::Uniform) << 0.0 << 0.0 << -1.0 << 3.0 << 3.5 << 0.0;
        // Truncating N(0,1) to [-2, 2] keeps 95.45% of the mass.
        QTest::newRow("TN(0,1,-2,2) at 0") << int(Kind::TruncatedNormal) << 0.0 << 1.0 << -2.0 << 2.0 << 0.0
                                           << peak / std::erf(2.0 / std::sqrt(2.0));
        QTest::newRow("TN outside") << int(Kind::TruncatedNormal) << 0.0 << 1.0 << -2.0 << 2.0 << 2.5 << 0.0;
        QTest::newRow("constant") << int(Kind::Constant) << 0.3 << 0.0 << 0.0 << 0.0 << 0.3 << 0.0;
        QTest::newRow("N with std 0") << int(Kind::Normal) << 0.0 << 0.0 << 0.0 << 0.0 << 0.0 << 0.0;
    }

    void density()
    {
        QFETCH(int, kind);
        QFETCH(double, mean);
        QFETCH(double, std);
        QFETCH(double, low);
        QFETCH(double, high);
        QFETCH(double, at);
        QFETCH(double, expected);
        nninit::Distribution d;
        d.kind = static_cast<nninit::Distribution::Kind>(kind);
        d.mean = mean;
        d.std = std;
        d.low = low;
        d.high = high;
        QVERIFY2(std::fabs(d.density(at) - expected) <= 1e-12,
                 qPrintable(QString::number(d.density(at), 'g', 17)));
        if (d.kind == nninit::Distribution::Kind::TruncatedNormal ||
            d.kind == nninit::Distribution::Kind::Uniform) {
            // A density integrates to 1 over its support (midpoint rule).
            const int steps = 200000;
            const double h = (high - low) / steps;
            double area = 0.0;
            for (int i = 0; i < steps; ++i)
                area += d.density(low + (i + 0.5) * h) * h;
            QVERIFY(std::fabs(area - 1.0) <= 1e-6);
        }
    }
};

QTEST_GUILESS_MAIN(TestInit)
#include "tst_init.moc"
