// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// Issue #15: the heatmap overview made block by block while a weight decodes (core::OverviewBuilder)
// and what a Parameter keeps of it.
#include "common/Seed.h"
#include "core/tensor/Overview.h"
#include "core/tensor/Parameter.h"

#include <QTest>

#include <algorithm>
#include <bit>
#include <cstring>
#include <random>
#include <thread>

using namespace embedlab;
using core::Index;

namespace {

unsigned seed()
{
    return unsigned(testing::testSeed("overview", 20261126u));
}

// Level 1 row by row, in order, on one thread: what HeatmapPyramid::build computes.
std::vector<float> referenceLevel(const std::vector<float> &w, const core::PyramidLevel &base,
                                  const core::PyramidLevel &to, core::Aggregation aggregation, float *limit)
{
    std::vector<float> out(static_cast<std::size_t>(to.rows * to.columns));
    std::vector<float> scratch;
    *limit = 0.0f;
    for (Index i = 0; i < to.rows; ++i)
        *limit = std::max(*limit,
                          core::downsampleRow(w.data(), base, out.data(), to, base, aggregation, i, scratch));
    return out;
}

} // namespace

class TestOverview : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void runsInAnyOrderGiveTheSameBits_data();
    void runsInAnyOrderGiveTheSameBits();
    void parameterDropsItOnWrite();
    void wordCellsHoldTheirValues_data();
    void wordCellsHoldTheirValues();
};

void TestOverview::runsInAnyOrderGiveTheSameBits_data()
{
    QTest::addColumn<qlonglong>("rows");
    QTest::addColumn<qlonglong>("columns");
    QTest::addColumn<int>("aggregation");
    const auto maxAbs = int(core::Aggregation::MaxAbs), mean = int(core::Aggregation::Mean);
    QTest::newRow("tall odd") << 2053LL << 97LL << maxAbs;
    QTest::newRow("tall odd mean") << 2053LL << 97LL << mean;
    QTest::newRow("square odd") << 601LL << 515LL << maxAbs;
    QTest::newRow("square odd mean") << 601LL << 515LL << mean;
    QTest::newRow("wide") << 7LL << 5003LL << maxAbs;
}

void TestOverview::runsInAnyOrderGiveTheSameBits()
{
    QFETCH(qlonglong, rows);
    QFETCH(qlonglong, columns);
    QFETCH(int, aggregation);
    const auto a = static_cast<core::Aggregation>(aggregation);
    std::mt19937 rng(seed());
    // Any bf16 pattern: NaN, infinities, and +x beside -x, whose order decides which one is kept.
    std::vector<float> w(static_cast<std::size_t>(rows * columns));
    for (float &v : w)
        v = std::bit_cast<float>(static_cast<std::uint32_t>(rng() >> 16 << 16));
    const std::vector<core::PyramidLevel> levels = core::pyramidLevels(rows, columns);
    QVERIFY(levels.size() >= 2);
    float limit = 0.0f;
    const std::vector<float> want = referenceLevel(w, levels[0], levels[1], a, &limit);

    // Runs of random length that cut rows anywhere, added in a shuffled order by two threads.
    std::vector<std::pair<Index, Index>> runs;
    for (Index at = 0; at < rows * columns;) {
        const Index n = std::min<Index>(rows * columns - at, 1 + Index(rng() % 3000));
        runs.emplace_back(at, at + n);
        at += n;
    }
    std::shuffle(runs.begin(), runs.end(), rng);
    core::OverviewBuilder builder(rows, columns, a);
    QVERIFY(builder.isNeeded());
    std::thread other([&] {
        for (std::size_t k = 0; k < runs.size(); k += 2)
            builder.add(w.data(), runs[k].first, runs[k].second);
    });
    for (std::size_t k = 1; k < runs.size(); k += 2)
        builder.add(w.data(), runs[k].first, runs[k].second);
    other.join();
    const std::shared_ptr<const core::Overview> got = builder.finish();
    QVERIFY(got);
    QCOMPARE(got->level, levels[1]);
    QCOMPARE(got->values.size(), core::Index(want.size()));
    QVERIFY(std::memcmp(got->values.floats(), want.data(), want.size() * sizeof(float)) == 0);
    QCOMPARE(got->limit, limit);
    QCOMPARE(got->limit, core::maxAbsFiniteRun(w.data(), Index(w.size())));
}

void TestOverview::parameterDropsItOnWrite()
{
    auto p = std::make_shared<core::Parameter>(core::Shape{600, 300});
    p->value().setConstant(0.25f);
    core::OverviewBuilder builder(600, 300);
    builder.add(p->value().data(), 0, p->numel());
    const std::shared_ptr<const core::Overview> overview = builder.finish();
    QVERIFY(overview);
    QCOMPARE(overview->limit, 0.25f);
    p->recordOverview(overview);
    p->recordSummary(core::summarize(p->value().data(), p->numel()));
    QCOMPARE(p->overview(), overview);
    // A new owner (Linear::setWeight, an lm_head loaded from a file) keeps both records.
    const std::uint64_t before = p->version();
    p->renewVersion();
    QVERIFY(p->version() > before);
    QCOMPARE(p->overview(), overview);
    p->value()(0, 0) = 3.0f; // a summary recorded for these values would say max 0.25
    QCOMPARE(p->summary().max, 0.25f);
    // A write drops them: the next summary is computed, the overview is gone.
    p->bumpVersion();
    QVERIFY(!p->overview());
    QCOMPARE(p->summary().max, 3.0f);
}

void TestOverview::wordCellsHoldTheirValues_data()
{
    QTest::addColumn<core::HalfType>("type");
    QTest::newRow("bf16") << core::HalfType::BFloat16;
    QTest::newRow("f16") << core::HalfType::Float16;
}

// Issue #28: a bf16 or f16 matrix's max |w| cells kept as its words give back every one of the
// 65536 values exactly (subnormals, infinities and NaN payloads of f16 too).
void TestOverview::wordCellsHoldTheirValues()
{
    QFETCH(core::HalfType, type);
    std::vector<std::uint16_t> words(65536);
    for (std::size_t i = 0; i < words.size(); ++i)
        words[i] = static_cast<std::uint16_t>(i);
    std::vector<float> values(words.size()), back(words.size());
    core::widen(words.data(), type, values.data(), words.size());
    for (std::size_t i = 0; i < words.size(); ++i) { // the vectorised loop gives the scalar reference's bits
        const float reference =
            type == core::HalfType::BFloat16 ? core::bfloat16ToFloat(words[i]) : core::halfToFloat(words[i]);
        QVERIFY2(std::memcmp(&values[i], &reference, sizeof reference) == 0,
                 qPrintable(QString::number(i, 16)));
    }
    std::vector<float> shifted(words.size());
    core::widen(words.data() + 1, type, shifted.data(), words.size() - 1); // unaligned, with a tail
    QVERIFY(std::memcmp(values.data() + 1, shifted.data(), (words.size() - 1) * sizeof(float)) == 0);
    core::LevelCells cells(core::Index(words.size()), type);
    QVERIFY(!cells.floats());
    cells.store(0, values.data(), core::Index(values.size()));
    cells.copy(0, core::Index(values.size()), back.data());
    QVERIFY(std::memcmp(values.data(), back.data(), values.size() * sizeof(float)) == 0);
    std::vector<std::uint16_t> narrowed(words.size());
    core::narrowExact(values.data(), type, narrowed.data(), values.size());
    QVERIFY(narrowed == words);
}

QTEST_GUILESS_MAIN(TestOverview)
#include "tst_overview.moc"
