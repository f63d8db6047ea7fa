// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "common/Golden.h"
#include "common/Seed.h"
#include "core/init/InitSpec.h"
#include "core/tensor/Error.h"
#include "core/tensor/Stats.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>

using namespace embedlab;

class TestStats : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void histcMatchesPyTorch_data();
    void histcMatchesPyTorch();
    void summaryMatchesPyTorch_data();
    void summaryMatchesPyTorch();
    void histcErrors_data();
    void histcErrors();
    void largeInputSplitsAcrossThreadsConsistently();
    void theoryOfTheReferenceAnalysis();
    void nanAndInfSummary();
    void builderInAnyOrderIsSummarize_data();
    void builderInAnyOrderIsSummarize();
    void nonFiniteCountedInTheirBlocks_data();
    void nonFiniteCountedInTheirBlocks();
};

namespace {
void addCaseRows(bool withHistcArgs)
{
    const QJsonArray cases =
        testing::loadGolden(QStringLiteral("stats/stats.json")).value(QLatin1String("cases")).toArray();
    for (const QJsonValue &c : cases) {
        const QJsonObject o = c.toObject();
        const QString name = o.value(QLatin1String("name")).toString();
        if (!withHistcArgs) {
            if (o.contains(QLatin1String("mean")))
                QTest::newRow(qPrintable(name)) << o;
            continue;
        }
        for (const QJsonValue &h : o.value(QLatin1String("histc")).toArray()) {
            const QJsonObject ho = h.toObject();
            const QString row = QStringLiteral("%1 bins=%2 [%3, %4]")
                                    .arg(name)
                                    .arg(ho.value(QLatin1String("bins")).toInt())
                                    .arg(ho.value(QLatin1String("min")).toDouble())
                                    .arg(ho.value(QLatin1String("max")).toDouble());
            QTest::newRow(qPrintable(row)) << o << ho;
        }
    }
}
} // namespace

void TestStats::histcMatchesPyTorch_data()
{
    QTest::addColumn<QJsonObject>("input");
    QTest::addColumn<QJsonObject>("histc");
    addCaseRows(true);
}

void TestStats::histcMatchesPyTorch()
{
    QFETCH(QJsonObject, input);
    QFETCH(QJsonObject, histc);
    const core::Tensor t = testing::tensorFromJson(input.value(QLatin1String("input")));
    const auto bins = histc.value(QLatin1String("bins")).toInteger();
    const double lo = histc.value(QLatin1String("min")).toDouble();
    const double hi = histc.value(QLatin1String("max")).toDouble();
    if (histc.contains(QLatin1String("error"))) {
        try {
            core::histc(t.data.data(), t.numel(), bins, lo, hi);
            QFAIL("expected an error");
        } catch (const core::Error &e) {
            QCOMPARE(QString::fromStdString(e.what()), histc.value(QLatin1String("error")).toString());
        }
        return;
    }
    const std::vector<float> counts = core::histc(t.data.data(), t.numel(), bins, lo, hi);
    const QJsonArray expected = histc.value(QLatin1String("counts")).toArray();
    QCOMPARE(static_cast<qsizetype>(counts.size()), expected.size());
    for (qsizetype i = 0; i < expected.size(); ++i)
        QCOMPARE(counts[static_cast<std::size_t>(i)], static_cast<float>(expected[i].toDouble()));
}

void TestStats::summaryMatchesPyTorch_data()
{
    QTest::addColumn<QJsonObject>("input");
    addCaseRows(false);
}

void TestStats::summaryMatchesPyTorch()
{
    QFETCH(QJsonObject, input);
    const core::Tensor t = testing::tensorFromJson(input.value(QLatin1String("input")));
    const core::Summary s = core::summarize(t.data.data(), t.numel());
    auto expect = [&](const char *key) {
        const QJsonValue v = input.value(QLatin1String(key));
        return v.isString() ? (v.toString() == QLatin1String("nan")   ? std::nan("")
                               : v.toString() == QLatin1String("inf") ? HUGE_VAL
                                                                      : -HUGE_VAL)
                            : v.toDouble();
    };
    QCOMPARE(s.count, t.numel());
    QCOMPARE(s.min, static_cast<float>(expect("min")));
    QCOMPARE(s.max, static_cast<float>(expect("max")));
    // PyTorch reduces in float32 with its own summation order; we accumulate in double. Both are
    // the true value to float precision.
    const double mean = expect("mean");
    const double std = expect("std");
    if (std::isnan(mean))
        QVERIFY(std::isnan(s.mean));
    else
        QVERIFY2(std::abs(s.mean - mean) <= 1e-6 * std::max(1.0, std::abs(mean)),
                 qPrintable(QString::number(s.mean - mean)));
    if (std::isnan(std))
        QVERIFY(std::isnan(s.std));
    else
        QVERIFY2(std::abs(s.std - std) <= 2e-6 * std::max(1.0, std),
                 qPrintable(QString::number(s.std - std)));
}

void TestStats::histcErrors_data()
{
    QTest::addColumn<qint64>("bins");
    QTest::addColumn<double>("lo");
    QTest::addColumn<double>("hi");
    QTest::addColumn<QString>("message");
    QTest::newRow("zero bins") << qint64(0) << 0.0 << 0.0
                               << QStringLiteral(
                                      "torch.histogram(): bins must be > 0, but got 0 for dimension 0");
    QTest::newRow("negative bins") << qint64(-1) << 0.0 << 0.0
                                   << QStringLiteral(
                                          "torch.histogram(): bins must be > 0, but got -1 for dimension 0");
    QTest::newRow("inverted") << qint64(10) << 2.0 << 1.0
                              << QStringLiteral("torch.histc: max must be larger than min");
    QTest::newRow("nan range") << qint64(10) << std::nan("") << 1.0
                               << QStringLiteral("torch.histc: range of [nan, 1] is not finite");
    QTest::newRow("inf range") << qint64(10) << 0.0 << double(HUGE_VAL)
                               << QStringLiteral("torch.histc: range of [0, inf] is not finite");
}

void TestStats::histcErrors()
{
    QFETCH(qint64, bins);
    QFETCH(double, lo);
    QFETCH(double, hi);
    QFETCH(QString, message);
    const float data[] = {1.0f, 2.0f};
    try {
        core::histc(data, 2, bins, lo, hi);
        QFAIL("expected an error");
    } catch (const core::Error &e) {
        QCOMPARE(QString::fromLatin1(e.what()), message);
    }
}

void TestStats::largeInputSplitsAcrossThreadsConsistently()
{
    // Above the threading threshold the two halves are merged; the result must equal a plain loop.
    std::mt19937 rng(unsigned(testing::testSeed("stats", 7u)));
    std::normal_distribution<float> normal;
    std::vector<float> data(3'000'001);
    for (float &x : data)
        x = normal(rng);
    const std::vector<float> counts =
        core::histc(data.data(), static_cast<core::Index>(data.size()), 50, -3, 3);
    std::vector<float> plain(50, 0.0f);
    double total = 0;
    for (float x : data) {
        if (x >= -3.0f && x <= 3.0f) {
            auto pos = static_cast<long>((x - -3.0f) * 50.0f / 6.0f);
            plain[static_cast<std::size_t>(pos == 50 ? 49 : pos)] += 1.0f;
            total += 1;
        }
    }
    QCOMPARE(counts, plain);
    const core::Summary s = core::summarize(data.data(), static_cast<core::Index>(data.size()));
    QVERIFY(std::abs(s.mean) < 0.01);
    QVERIFY(std::abs(s.std - 1.0) < 0.01);
    QVERIFY(total > 0.99 * static_cast<double>(data.size()));
}

void TestStats::theoryOfTheReferenceAnalysis()
{
    // The numbers the reference analysis quotes: Linear(70, 5000) bound 0.1195, std 0.0690;
    // Embedding(5000, 70) std 1 - and real PyTorch draws agree with them.
    const QJsonObject theory =
        testing::loadGolden(QStringLiteral("stats/stats.json")).value(QLatin1String("theory")).toObject();
    const auto linear = core::linearDefaultDistribution(70);
    QCOMPARE(QString::number(linear.high, 'f', 4), QStringLiteral("0.1195"));
    QCOMPARE(QString::number(linear.std, 'f', 4), QStringLiteral("0.0690"));
    const QJsonObject lin = theory.value(QLatin1String("linear_70_5000")).toObject();
    QCOMPARE(linear.high, lin.value(QLatin1String("bound")).toDouble());
    QVERIFY(std::abs(lin.value(QLatin1String("measured_std")).toDouble() - linear.std) < 0.001);
    const auto embedding = core::embeddingDefaultDistribution();
    QCOMPARE(embedding.std, 1.0);
    QVERIFY(std::abs(theory.value(QLatin1String("embedding_5000_70"))
                         .toObject()
                         .value(QLatin1String("measured_std"))
                         .toDouble() -
                     1.0) < 0.01);
}

void TestStats::nanAndInfSummary()
{
    const float data[] = {1.0f, std::nanf(""), 2.0f, HUGE_VALF};
    const core::Summary s = core::summarize(data, 4);
    QCOMPARE(s.nanCount, core::Index(1));
    QCOMPARE(s.infCount, core::Index(1));
    QVERIFY(std::isnan(s.mean));
    QVERIFY(std::isnan(s.std));
    QVERIFY(std::isnan(s.max));
    const core::Summary empty = core::summarize(nullptr, 0);
    QCOMPARE(empty.count, core::Index(0));
    QVERIFY(std::isnan(empty.mean));
}

void TestStats::nonFiniteCountedInTheirBlocks_data()
{
    QTest::addColumn<int>("count");
    QTest::addColumn<QList<int>>("at");
    QTest::addColumn<QList<float>>("special");
    const float inf = HUGE_VALF, nan = std::nanf("");
    QTest::newRow("+inf") << 10'000 << QList<int>{5000} << QList<float>{inf};
    QTest::newRow("-inf first, two halves")
        << 2'100'000 << QList<int>{0, 2'000'000} << QList<float>{-inf, -inf};
    QTest::newRow("both infinities") << 2'100'000 << QList<int>{7, 1'500'000} << QList<float>{inf, -inf};
    QTest::newRow("NaN and inf in one block") << 9000 << QList<int>{4100, 4101} << QList<float>{nan, inf};
    QTest::newRow("a block of NaN") << 12'288 << QList<int>{4096, 5000, 8191} << QList<float>{nan, nan, nan};
}

// Issue #28: NaN and infinities are counted in the block they are in (a bf16 file's words are then
// summarised on the way, with no float32 copy), giving what one plain pass over the data gives.
void TestStats::nonFiniteCountedInTheirBlocks()
{
    QFETCH(int, count);
    QFETCH(QList<int>, at);
    QFETCH(QList<float>, special);
    std::vector<float> data(static_cast<std::size_t>(count));
    for (std::size_t i = 0; i < data.size(); ++i)
        data[i] = static_cast<float>(static_cast<int>(i * 2654435761u % 2001) - 1000) / 64.0f;
    for (qsizetype k = 0; k < at.size(); ++k)
        data[static_cast<std::size_t>(at[k])] = special[k];
    core::Index nan = 0, inf = 0;
    double sum = 0.0;
    float lo = HUGE_VALF, hi = -HUGE_VALF;
    for (const float x : data) {
        if (std::isnan(x)) {
            ++nan;
            continue;
        }
        inf += std::isinf(x) ? 1 : 0;
        sum += x;
        lo = std::min(lo, x);
        hi = std::max(hi, x);
    }
    const core::Summary s = core::summarize(data.data(), count);
    QCOMPARE(s.nanCount, nan);
    QCOMPARE(s.infCount, inf);
    QVERIFY(std::isnan(s.std));
    const double mean = nan ? std::nan("") : sum / count;
    QVERIFY2(std::isnan(mean) ? std::isnan(s.mean) : s.mean == mean, qPrintable(QString::number(s.mean)));
    QVERIFY(nan ? std::isnan(s.min) && std::isnan(s.max) : s.min == lo && s.max == hi);
}

void TestStats::builderInAnyOrderIsSummarize_data()
{
    QTest::addColumn<int>("count");
    QTest::addColumn<int>("run");
    QTest::addColumn<bool>("nonFinite");
    QTest::newRow("one element") << 1 << 4096 << false;
    QTest::newRow("under one block") << 1000 << 4096 << false;
    QTest::newRow("blocks and a tail, one thread") << 100'003 << 8192 << false;
    QTest::newRow("two halves (over 2^20), block runs") << 3'000'017 << 4096 << false;
    QTest::newRow("decode-sized runs") << 3'000'017 << (1 << 20) << false;
    QTest::newRow("NaN and inf") << 2'100'000 << (1 << 20) << true;
}

// Issue #15: the statistics taken from each block while a weight file is decoded (two threads, any
// order) are summarize()'s, bit for bit, NaN and infinities included.
void TestStats::builderInAnyOrderIsSummarize()
{
    QFETCH(int, count);
    QFETCH(int, run);
    QFETCH(bool, nonFinite);
    std::mt19937 rng(11);
    std::normal_distribution<float> normal(3.0f, 0.5f);
    std::vector<float> data(static_cast<std::size_t>(count));
    for (float &x : data)
        x = normal(rng);
    if (nonFinite) {
        data[12345] = std::nanf("");
        data[2'000'000] = -HUGE_VALF;
    }
    const core::Index n = count;
    const core::Index step = std::max<core::Index>(core::SummaryBuilder::kBlock, run);
    core::SummaryBuilder builder(n);
    std::vector<core::Index> starts;
    for (core::Index at = 0; at < n; at += step)
        starts.push_back(at);
    std::reverse(starts.begin(), starts.end()); // the last run first
    for (core::Index at : starts)
        builder.add(data.data(), at, std::min(n, at + step));
    const core::Summary got = builder.finish(), want = core::summarize(data.data(), n);
    QCOMPARE(got.count, want.count);
    QCOMPARE(got.nanCount, want.nanCount);
    QCOMPARE(got.infCount, want.infCount);
    for (const auto &[a, b] : {std::pair{got.mean, want.mean}, std::pair{got.std, want.std}})
        QVERIFY2(std::memcmp(&a, &b, sizeof a) == 0, qPrintable(QStringLiteral("%1 vs %2").arg(a).arg(b)));
    for (const auto &[a, b] : {std::pair{got.min, want.min}, std::pair{got.max, want.max}})
        QVERIFY(std::memcmp(&a, &b, sizeof a) == 0);
    QCOMPARE(std::isnan(got.mean), nonFinite);
}

QTEST_GUILESS_MAIN(TestStats)
#include "tst_stats.moc"
