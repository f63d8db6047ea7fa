// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "common/Seed.h"
#include "core/init/Generator.h"
#include "core/init/InitSpec.h"
#include "core/tensor/Error.h"
#include "core/tensor/Stats.h"
#include "core/tensor/Tensor.h"
#include "ui/histogram/HistogramBinning.h"

#include <QTest>

#include <cmath>
#include <limits>
#include <numbers>

using embedlab::ui::HistogramBinning;
namespace core = embedlab::core;
using Kind = core::init::Distribution::Kind;
using RangeMode = HistogramBinning::RangeMode;

Q_DECLARE_METATYPE(HistogramBinning::RangeMode)
Q_DECLARE_METATYPE(HistogramBinning::Statistic)

class TestHistogramBinning : public QObject {
    Q_OBJECT

    // Seeded randomness, overridable with EMBEDLAB_SEED and printed so a failure can be replayed.
    std::uint64_t m_seed = 20260101;

private Q_SLOTS:
    void initTestCase() { m_seed = embedlab::testing::testSeed("histogrambinning", m_seed); }

    void statsMatchTheory_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<qint64>("rows");
        QTest::addColumn<qint64>("cols");
        const QList<QPair<qint64, qint64>> shapes = {{5000, 70}, {200, 300}, {64, 768}};
        const QStringList specs = {
            QStringLiteral("normal"),
            QStringLiteral("normal:mean=0.5,std=0.02"),
            QStringLiteral("uniform"),
            QStringLiteral("uniform:a=-0.1195,b=0.1195"),
            QStringLiteral("trunc_normal"),
            QStringLiteral("trunc_normal:mean=0.1,std=2,a=-1,b=3"),
            QStringLiteral("constant:val=0.25"),
            QStringLiteral("ones"),
            QStringLiteral("zeros"),
            QStringLiteral("xavier_uniform"),
            QStringLiteral("xavier_normal:gain=2"),
            QStringLiteral("kaiming_uniform"),
            QStringLiteral("kaiming_uniform:a=2.23606797749979"), // nn.Linear's default
            QStringLiteral("kaiming_uniform:mode=fan_out,nonlinearity=tanh"),
            QStringLiteral("kaiming_normal"),
            QStringLiteral("kaiming_normal:mode=fan_out,nonlinearity=relu"),
        };
        for (const QString &spec : specs) {
            for (const auto &[rows, cols] : shapes)
                QTest::addRow("%s [%lld, %lld]", qPrintable(spec), rows, cols) << spec << rows << cols;
        }
    }

    // Draws with the real initialiser and checks the measured statistics against distribution():
    // std within 3 % (>= 10000 elements), mean within 5 standard errors, support inside the bounds.
    void statsMatchTheory()
    {
        QFETCH(QString, spec);
        QFETCH(qint64, rows);
        QFETCH(qint64, cols);
        const core::InitSpec s = core::InitSpec::parse(spec.toStdString());
        core::Tensor t({rows, cols});
        core::Generator gen(m_seed);
        s.apply(t.span(), gen);
        const core::Summary m = core::summarize(t.data.data(), t.numel());
        const core::init::Distribution d = s.distribution(t.shape);
        QVERIFY(m.count >= 10000);
        QVERIFY(d.kind != Kind::Other);

        const double meanTolerance = 5.0 * d.std / std::sqrt(double(m.count)) + 1e-6;
        QVERIFY2(std::abs(m.mean - d.mean) < meanTolerance,
                 qPrintable(
                     QStringLiteral("mean %1 expected %2 +- %3").arg(m.mean).arg(d.mean).arg(meanTolerance)));
        if (d.std == 0.0)
            QCOMPARE(m.std, 0.0);
        else
            QVERIFY2(std::abs(m.std - d.std) / d.std < 0.03,
                     qPrintable(QStringLiteral("std %1 expected %2").arg(m.std).arg(d.std)));
        if (d.kind == Kind::Uniform || d.kind == Kind::TruncatedNormal || d.kind == Kind::Constant) {
            // Within float rounding of the bounds (uniform_ computes x * (b - a) + a in float).
            const double slack = 1e-6 * std::max(1.0, std::abs(d.high - d.low));
            QVERIFY(m.min >= d.low - slack);
            QVERIFY(m.max <= d.high + slack);
        }

        const QList<HistogramBinning::StatsRow> table = HistogramBinning::statsRows(m, d);
        QCOMPARE(table.size(), 5);
        QCOMPARE(table[0].statistic, HistogramBinning::Statistic::Mean);
        QCOMPARE(*table[0].expected, d.mean);
        QCOMPARE(*table[1].expected, d.std);
        QCOMPARE(table[4].measured, double(rows * cols));
        QVERIFY(!table[4].expected);
        QCOMPARE(table[2].expected.has_value(), d.kind != Kind::Normal);
    }

    void noDensityForEyeAndOrthogonal_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::newRow("eye") << QStringLiteral("eye");
        QTest::newRow("orthogonal") << QStringLiteral("orthogonal");
    }
    void noDensityForEyeAndOrthogonal()
    {
        QFETCH(QString, spec);
        const core::InitSpec s = core::InitSpec::parse(spec.toStdString());
        core::Tensor t({100, 120});
        core::Generator gen(m_seed);
        s.apply(t.span(), gen);
        const core::init::Distribution d = s.distribution(t.shape);
        QCOMPARE(d.kind, Kind::Other);
        QVERIFY(HistogramBinning::densityPoints(d, 12000, 0.01, -1, 1, false).isEmpty());
        QVERIFY(HistogramBinning::distributionLabel(d).isEmpty());
        const core::Summary m = core::summarize(t.data.data(), t.numel());
        const auto rows = HistogramBinning::statsRows(m, std::nullopt);
        for (const auto &row : rows)
            QVERIFY(!row.expected);
    }

    // The numbers the reference analysis prints, as the table shows them (4 decimals).
    void referenceNumbers()
    {
        const core::init::Distribution linear = core::linearDefaultDistribution(70);
        const auto linearRows = HistogramBinning::statsRows(core::Summary{}, linear);
        QCOMPARE(HistogramBinning::formatValue(*linearRows[1].expected), QStringLiteral("0.0690"));
        QCOMPARE(HistogramBinning::formatValue(*linearRows[2].expected), QStringLiteral("-0.1195"));
        QCOMPARE(HistogramBinning::formatValue(*linearRows[3].expected), QStringLiteral("0.1195"));
        QCOMPARE(HistogramBinning::formatValue(*linearRows[0].expected), QStringLiteral("0.0000"));
        QCOMPARE(HistogramBinning::distributionLabel(linear), QStringLiteral("Uniform(±0.1195)"));
        QCOMPARE(HistogramBinning::distributionLabel(core::InitSpec::parse("uniform").distribution({2, 2})),
                 QStringLiteral("Uniform(0, 1)"));

        const core::init::Distribution embedding = core::embeddingDefaultDistribution();
        const auto embeddingRows = HistogramBinning::statsRows(core::Summary{}, embedding);
        QCOMPARE(HistogramBinning::formatValue(*embeddingRows[1].expected), QStringLiteral("1.0000"));
        QCOMPARE(HistogramBinning::distributionLabel(embedding), QStringLiteral("Normal(0, 1)"));

        // nn.Linear's default is kaiming_uniform_(a=sqrt(5)); its distribution is the same box.
        const core::init::Distribution viaSpec =
            core::InitSpec::parse("kaiming_uniform:a=2.23606797749979").distribution({5000, 70});
        QCOMPARE(viaSpec.kind, Kind::Uniform);
        QVERIFY(std::abs(viaSpec.high - linear.high) < 1e-12);
        QVERIFY(std::abs(viaSpec.std - linear.std) < 1e-12);
    }

    void countsEqualHistc_data()
    {
        QTest::addColumn<int>("bins");
        QTest::addColumn<RangeMode>("mode");
        QTest::addColumn<double>("low");
        QTest::addColumn<double>("high");
        QTest::newRow("auto 100") << 100 << RangeMode::Auto << 0.0 << 0.0;
        QTest::newRow("auto 10") << 10 << RangeMode::Auto << 0.0 << 0.0;
        QTest::newRow("auto 1000") << 1000 << RangeMode::Auto << 0.0 << 0.0;
        QTest::newRow("symmetric 37") << 37 << RangeMode::Symmetric << 0.0 << 0.0;
        QTest::newRow("custom inside") << 50 << RangeMode::Custom << -0.5 << 0.5;
        QTest::newRow("custom beyond") << 64 << RangeMode::Custom << -10.0 << 3.0;
    }
    void countsEqualHistc()
    {
        QFETCH(int, bins);
        QFETCH(RangeMode, mode);
        QFETCH(double, low);
        QFETCH(double, high);
        core::Tensor t({300, 70});
        core::Generator gen(m_seed);
        core::InitSpec::parse("normal:mean=0.3").apply(t.span(), gen);
        const core::Summary s = core::summarize(t.data.data(), t.numel());
        const HistogramBinning::Options options{bins, mode, low, high};
        const auto args = HistogramBinning::histcArguments({s}, options);
        const HistogramBinning::Result r = HistogramBinning::bin(t.data.data(), t.numel(), s, bins, args);

        // What torch.histc(w, bins, min, max) returns for the same arguments.
        double histcMin = 0.0, histcMax = 0.0;
        if (mode == RangeMode::Symmetric) {
            const double m = std::max(std::abs(double(s.min)), std::abs(double(s.max)));
            histcMin = -m;
            histcMax = m;
        } else if (mode == RangeMode::Custom) {
            histcMin = low;
            histcMax = high;
        }
        const std::vector<float> expected = core::histc(t.data.data(), t.numel(), bins, histcMin, histcMax);
        QCOMPARE(r.counts, expected);
        const core::HistRange range = core::histcRange(t.data.data(), t.numel(), histcMin, histcMax);
        QCOMPARE(r.low, double(range.low));
        QCOMPARE(r.high, double(range.high));
        if (mode != RangeMode::Custom)
            QCOMPARE(r.binnedCount(), double(t.numel())); // the data range holds every element
        else
            QVERIFY(r.binnedCount() <= double(t.numel()));
    }

    // Compare mode bins both tensors over one interval so their bars line up.
    void sharedRangeCoversBoth()
    {
        core::Summary a, b;
        a.count = b.count = 10;
        a.min = -3.5f;
        a.max = 4.0f;
        b.min = -0.1f;
        b.max = 0.12f;
        const auto autoArgs = HistogramBinning::histcArguments({a, b}, {});
        QCOMPARE(autoArgs.first, double(-3.5f));
        QCOMPARE(autoArgs.second, 4.0);
        const auto sym = HistogramBinning::histcArguments({a, b}, {100, RangeMode::Symmetric, 0, 0});
        QCOMPARE(sym.first, -4.0);
        QCOMPARE(sym.second, 4.0);
        core::Summary empty; // a 0-element tensor does not widen the range
        const auto withEmpty = HistogramBinning::histcArguments({empty, b}, {});
        QCOMPARE(withEmpty.first, double(-0.1f));
    }

    void errorsUsePyTorchWords_data()
    {
        QTest::addColumn<double>("low");
        QTest::addColumn<double>("high");
        QTest::addColumn<QString>("message");
        QTest::newRow("inverted") << 1.0 << -1.0
                                  << QStringLiteral("torch.histc: max must be larger than min");
        QTest::newRow("empty") << 0.5 << 0.5 << QStringLiteral("torch.histc: max must be larger than min");
        QTest::newRow("infinite") << -1.0 << std::numeric_limits<double>::infinity()
                                  << QStringLiteral("torch.histc: range of [-1, inf] is not finite");
    }
    void errorsUsePyTorchWords()
    {
        QFETCH(double, low);
        QFETCH(double, high);
        QFETCH(QString, message);
        try {
            HistogramBinning::histcArguments({}, {100, RangeMode::Custom, low, high});
            QFAIL("no error");
        } catch (const core::Error &e) {
            QCOMPARE(QString::fromStdString(e.what()), message);
            QCOMPARE(e.kind(), core::Error::Kind::RuntimeError);
        }
    }

    // NaN weights make torch.histc fail; the histogram reports the same instead of drawing.
    void nanDataFailsLikeHistc()
    {
        std::vector<float> data = {0.1f, std::nanf(""), -0.3f};
        const core::Summary s = core::summarize(data.data(), 3);
        const auto args = HistogramBinning::histcArguments({s}, {});
        QVERIFY_THROWS_EXCEPTION(core::Error, HistogramBinning::bin(data.data(), 3, s, 10, args));
    }

    // An all-zeros init (zeros_) has min == max: histc widens the range to [-1, 1].
    void constantDataWidensLikeHistc()
    {
        std::vector<float> data(1000, 0.0f);
        const core::Summary s = core::summarize(data.data(), 1000);
        const auto r =
            HistogramBinning::bin(data.data(), 1000, s, 10, HistogramBinning::histcArguments({s}, {}));
        QCOMPARE(r.low, -1.0);
        QCOMPARE(r.high, 1.0);
        QCOMPARE(r.counts[5], 1000.0f);
    }

    void stepPoints_data()
    {
        QTest::addColumn<bool>("logCounts");
        QTest::newRow("counts") << false;
        QTest::newRow("log10(1 + count)") << true;
    }
    void stepPoints()
    {
        QFETCH(bool, logCounts);
        const std::vector<float> counts = {0, 3, 9, 99, 5};
        const QList<QPointF> p = HistogramBinning::stepPoints(counts, -1.0, 1.5, logCounts);
        QCOMPARE(p.size(), 2 * qsizetype(counts.size()) + 2);
        QCOMPARE(p.first(), QPointF(-1.0, 0.0));
        QCOMPARE(p.last(), QPointF(1.5, 0.0));
        for (std::size_t i = 0; i < counts.size(); ++i) {
            const QPointF left = p[qsizetype(2 * i + 1)], right = p[qsizetype(2 * i + 2)];
            const double y = logCounts ? std::log10(1.0 + counts[i]) : counts[i];
            QCOMPARE(left.y(), y);
            QCOMPARE(right.y(), y);
            QVERIFY(qFuzzyCompare(left.x(), -1.0 + 0.5 * double(i)));
            QVERIFY(qFuzzyCompare(right.x(), -1.0 + 0.5 * double(i + 1)));
        }
        QCOMPARE(p[p.size() - 2].x(), 1.5); // the last edge is exactly high
    }

    void transformCount_data()
    {
        QTest::addColumn<double>("count");
        QTest::addColumn<bool>("logCounts");
        QTest::addColumn<double>("expected");
        QTest::newRow("linear") << 42.0 << false << 42.0;
        QTest::newRow("log empty bin") << 0.0 << true << 0.0;
        QTest::newRow("log 9") << 9.0 << true << 1.0;
        QTest::newRow("log 999") << 999.0 << true << 3.0;
    }
    void transformCount()
    {
        QFETCH(double, count);
        QFETCH(bool, logCounts);
        QFETCH(double, expected);
        QCOMPARE(HistogramBinning::transformCount(count, logCounts), expected);
    }

    // The expected-count curve of a uniform box: vertical walls at +-bound, flat top at
    // N * binWidth / (high - low).
    void uniformDensityIsABox()
    {
        const core::init::Distribution d = core::linearDefaultDistribution(70);
        const double n = 350000, width = 0.25 / 100;
        const QList<QPointF> p = HistogramBinning::densityPoints(d, n, width, -0.125, 0.125, false, 101);
        QCOMPARE(p.size(), 101 + 2 * 2); // each wall adds both one-sided limits
        const double top = n * width / (d.high - d.low);
        int walls = 0;
        for (qsizetype i = 1; i < p.size(); ++i) {
            QVERIFY(p[i].x() >= p[i - 1].x()); // drawn left to right
            if (p[i].x() == p[i - 1].x()) {
                ++walls;
                QVERIFY(qFuzzyCompare(std::abs(p[i].y() - p[i - 1].y()), top));
            }
        }
        QCOMPARE(walls, 2);
        QVERIFY(qFuzzyCompare(p[p.size() / 2].y(), top));
        QCOMPARE(p.first().y(), 0.0);
        QCOMPARE(p.last().y(), 0.0);
    }

    // The curve is scaled to counts: its area divided by the bin width is the element count.
    void densityIntegratesToCount_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::newRow("normal") << QStringLiteral("normal");
        QTest::newRow("uniform") << QStringLiteral("uniform:a=-2,b=1");
        QTest::newRow("trunc_normal") << QStringLiteral("trunc_normal:std=2");
        QTest::newRow("xavier_normal") << QStringLiteral("xavier_normal");
    }
    void densityIntegratesToCount()
    {
        QFETCH(QString, spec);
        const core::init::Distribution d = core::InitSpec::parse(spec.toStdString()).distribution({50, 40});
        const double n = 10000, width = 0.02;
        const QList<QPointF> p = HistogramBinning::densityPoints(d, n, width, -8.0, 8.0, false, 4001);
        double area = 0.0;
        for (qsizetype i = 1; i < p.size(); ++i)
            area += (p[i].x() - p[i - 1].x()) * (p[i].y() + p[i - 1].y()) / 2.0;
        QVERIFY2(std::abs(area / width - n) / n < 1e-3, qPrintable(QString::number(area / width)));
    }

    void normalDensityPeak()
    {
        const core::init::Distribution d = core::embeddingDefaultDistribution();
        const QList<QPointF> p = HistogramBinning::densityPoints(d, 350000, 0.09, -4.5, 4.5, false, 401);
        QCOMPARE(p.size(), 401);
        QCOMPARE(p[200].x(), 0.0);
        QVERIFY(qFuzzyCompare(p[200].y(), 350000 * 0.09 / std::sqrt(2.0 * std::numbers::pi)));
        const QList<QPointF> logP = HistogramBinning::densityPoints(d, 350000, 0.09, -4.5, 4.5, true, 401);
        QVERIFY(qFuzzyCompare(logP[200].y(), std::log10(1.0 + p[200].y())));
    }

    void constantIsASpike()
    {
        const core::init::Distribution d = core::InitSpec::parse("constant:val=0.25").distribution({4, 5});
        const QList<QPointF> p = HistogramBinning::densityPoints(d, 20, 0.1, -1.0, 1.0, false);
        QCOMPARE(p.size(), 5);
        QCOMPARE(p[2], QPointF(0.25, 20.0));
        QVERIFY(HistogramBinning::densityPoints(d, 20, 0.1, 0.5, 1.0, false).isEmpty()); // off chart
    }

    void formatValue_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<HistogramBinning::Statistic>("statistic");
        QTest::addColumn<QString>("text");
        QTest::newRow("4 decimals") << 0.069006555 << HistogramBinning::Statistic::Std
                                    << QStringLiteral("0.0690");
        QTest::newRow("count") << 350000.0 << HistogramBinning::Statistic::Count << QStringLiteral("350000");
        QTest::newRow("gpt-2 count") << 38597376.0 << HistogramBinning::Statistic::Count
                                     << QStringLiteral("38597376");
        QTest::newRow("nan") << std::nan("") << HistogramBinning::Statistic::Mean << QStringLiteral("nan");
        QTest::newRow("-inf") << -HUGE_VAL << HistogramBinning::Statistic::Min << QStringLiteral("-inf");
    }
    void formatValue()
    {
        QFETCH(double, value);
        QFETCH(HistogramBinning::Statistic, statistic);
        QFETCH(QString, text);
        QCOMPARE(HistogramBinning::formatValue(value, statistic), text);
    }
};

QTEST_GUILESS_MAIN(TestHistogramBinning)
#include "tst_histogrambinning.moc"
