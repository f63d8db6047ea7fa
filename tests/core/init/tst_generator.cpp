// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "common/Golden.h"
#include "core/init/Generator.h"
#include "core/init/Init.h"
#include "core/tensor/Error.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

#include <cstring>
#include <vector>

using embedlab::core::Error;
using embedlab::core::Generator;
using embedlab::core::Tensor;
using embedlab::testing::loadGolden;
using embedlab::testing::tensorFromJson;

namespace {

std::uint32_t floatBits(float f)
{
    std::uint32_t u = 0;
    std::memcpy(&u, &f, sizeof u);
    return u;
}

/// Compares our state with the fields of torch.Generator.get_state() (CPUGeneratorImplState).
void compareState(const Generator::State &ours, const QJsonObject &torch)
{
    QCOMPARE(ours.seed, torch.value(QLatin1String("seed")).toString().toULongLong());
    const QJsonArray mt = torch.value(QLatin1String("mt")).toArray();
    QCOMPARE(mt.size(), 624);
    for (int i = 0; i < 624; ++i)
        QCOMPARE(ours.mt[static_cast<std::size_t>(i)], static_cast<std::uint32_t>(mt.at(i).toInteger()));
    // at::mt19937 counts `left` down from 624 and twists when it reaches 0; our index counts up.
    QCOMPARE(ours.index, 625 - torch.value(QLatin1String("left")).toInt());
    QCOMPARE(ours.nextDoubleNormal.has_value(), torch.value(QLatin1String("doubleNormalValid")).toBool());
    if (ours.nextDoubleNormal)
        QCOMPARE(*ours.nextDoubleNormal, torch.value(QLatin1String("doubleNormal")).toDouble());
    QCOMPARE(ours.nextFloatNormal.has_value(), torch.value(QLatin1String("floatNormalValid")).toBool());
}

} // namespace

/// The raw MT19937 streams and the generator state against torch.Generator (PyTorch 1.13).
class TestGenerator : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void defaultSeed()
    {
        Generator g;
        QCOMPARE(g.initialSeed(), std::uint64_t{67280421310721ULL});
        QCOMPARE(g.initialSeed(), Generator::kDefaultSeed);
        Generator explicitDefault(Generator::kDefaultSeed);
        for (int i = 0; i < 2000; ++i)
            QCOMPARE(g.random(), explicitDefault.random());
    }

    void streams_data()
    {
        QTest::addColumn<QString>("seed");
        QTest::addColumn<QJsonArray>("random64");
        const QJsonObject golden = loadGolden(QStringLiteral("init/generator.json"));
        for (const QJsonValue &s : golden.value(QLatin1String("streams")).toArray()) {
            const QJsonObject o = s.toObject();
            const QString seed = o.value(QLatin1String("seed")).toString();
            QTest::newRow(qPrintable(QLatin1String("seed ") + seed))
                << seed << o.value(QLatin1String("random64")).toArray();
        }
    }

    /// torch's random_(-2**63, None) is the raw random64(): first 32-bit draw high, second low.
    void streams()
    {
        QFETCH(QString, seed);
        QFETCH(QJsonArray, random64);
        const std::uint64_t s = seed.toULongLong();
        Generator g64(s);
        Generator g32(s);
        QCOMPARE(g64.initialSeed(), s);
        std::vector<std::uint32_t> bulk(random64.size() * 2);
        Generator gBulk(s);
        // Split fills that cross the 624-word twist at odd places.
        gBulk.randomFill(bulk.data(), 5);
        gBulk.randomFill(bulk.data() + 5, 700);
        gBulk.randomFill(bulk.data() + 705, bulk.size() - 705);
        for (qsizetype i = 0; i < random64.size(); ++i) {
            const std::uint64_t expected = random64.at(i).toString().toULongLong(nullptr, 16);
            QCOMPARE(g64.random64(), expected);
            QCOMPARE(g32.random(), static_cast<std::uint32_t>(expected >> 32));
            QCOMPARE(g32.random(), static_cast<std::uint32_t>(expected & 0xffffffffU));
            QCOMPARE(bulk[static_cast<std::size_t>(2 * i)], static_cast<std::uint32_t>(expected >> 32));
            QCOMPARE(bulk[static_cast<std::size_t>(2 * i + 1)],
                     static_cast<std::uint32_t>(expected & 0xffffffffU));
        }
    }

    void seedUsesLow32BitsOnly_data()
    {
        QTest::addColumn<quint64>("low");
        QTest::addColumn<quint64>("high");
        QTest::newRow("123 vs 2^32+123") << quint64{123} << (quint64{1} << 32) + 123;
        QTest::newRow("5 vs 2^63+5") << quint64{5} << (quint64{1} << 63) + 5;
        QTest::newRow("2^32-1 vs 2^64-1") << quint64{0xffffffffULL} << quint64{0xffffffffffffffffULL};
    }

    /// at::mt19937 seeds its state from `seed & 0xffffffff` but reports the full seed.
    void seedUsesLow32BitsOnly()
    {
        QFETCH(quint64, low);
        QFETCH(quint64, high);
        Generator a(low);
        Generator b(high);
        QCOMPARE(b.initialSeed(), std::uint64_t{high});
        for (int i = 0; i < 1300; ++i)
            QCOMPARE(a.random(), b.random());
    }

    void stateMatchesTorch_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<int>("step");
        QTest::newRow("fresh default generator") << QStringLiteral("stateFresh") << 0;
        QTest::newRow("after 1000 uniform draws") << QStringLiteral("stateAfter1000Uniform") << 1;
        QTest::newRow("normal_ on 3 leaves a cached sample") << QStringLiteral("stateWithCache") << 2;
        QTest::newRow("normal_ on 1 uses the cache") << QStringLiteral("stateAfterCache") << 3;
    }

    void stateMatchesTorch()
    {
        QFETCH(QString, key);
        QFETCH(int, step);
        namespace init = embedlab::core::init;
        const QJsonObject golden = loadGolden(QStringLiteral("init/generator.json"));
        Generator g;
        if (step == 1) {
            g.manualSeed(11);
            std::vector<float> v(1000);
            init::uniform_({v.data(), {1000}}, 0.0, 1.0, g);
        } else if (step >= 2) {
            g.manualSeed(5);
            Tensor t({3});
            init::normal_(t.span(), 0.0, 1.0, g);
            if (step == 3) {
                Tensor one({1});
                init::normal_(one.span(), 0.25, 3.0, g);
            }
        }
        compareState(g.state(), golden.value(key).toObject());
    }

    /// The Box-Muller pair of at::normal_distribution<double>: the second value waits in the generator.
    void cachedNormalSample()
    {
        namespace init = embedlab::core::init;
        const QJsonObject golden = loadGolden(QStringLiteral("init/generator.json"));
        Generator g(static_cast<std::uint64_t>(golden.value(QLatin1String("cacheSeed")).toInteger()));
        QVERIFY(!g.nextDoubleNormalSample().has_value());
        Tensor first3({3});
        init::normal_(first3.span(), 0.0, 1.0, g);
        QCOMPARE(
            embedlab::testing::bitMismatches(first3, tensorFromJson(golden.value(QLatin1String("first3")))),
            0);
        QVERIFY(g.nextDoubleNormalSample().has_value());

        // Served from the cache: the engine must not move.
        const Generator::State before = g.state();
        Tensor next1({1});
        init::normal_(next1.span(), 0.25, 3.0, g);
        QCOMPARE(floatBits(next1.data[0]),
                 floatBits(tensorFromJson(golden.value(QLatin1String("next1"))).data.at(0)));
        QVERIFY(!g.nextDoubleNormalSample().has_value());
        QCOMPARE(g.state().mt, before.mt);
        QCOMPARE(g.state().index, before.index);

        // manual_seed drops the cache (CPUGeneratorImpl::set_current_seed).
        init::normal_(first3.span(), 0.0, 1.0, g);
        QVERIFY(g.nextDoubleNormalSample().has_value());
        g.manualSeed(5);
        QVERIFY(!g.nextDoubleNormalSample().has_value());
        QVERIFY(!g.nextFloatNormalSample().has_value());
        Tensor reseeded({1});
        init::normal_(reseeded.span(), 0.0, 1.0, g);
        QCOMPARE(floatBits(reseeded.data[0]),
                 floatBits(tensorFromJson(golden.value(QLatin1String("reseeded1"))).data.at(0)));
        // The same first value as the very first normal_ on a fresh seed.
        QCOMPARE(floatBits(reseeded.data[0]),
                 floatBits(tensorFromJson(golden.value(QLatin1String("first3"))).data.at(0)));
    }

    void saveAndRestore_data()
    {
        QTest::addColumn<quint64>("seed");
        QTest::addColumn<int>("warmup");
        QTest::newRow("fresh, twist pending") << quint64{0} << 0;
        QTest::newRow("mid block") << quint64{123} << 17;
        QTest::newRow("at the twist") << quint64{2024} << 624;
        QTest::newRow("past two twists") << (quint64{1} << 63) + 5 << 1300;
    }

    /// torch.get_rng_state / set_rng_state: the stream and both normal caches continue exactly.
    void saveAndRestore()
    {
        QFETCH(quint64, seed);
        QFETCH(int, warmup);
        namespace init = embedlab::core::init;
        Generator g(seed);
        for (int i = 0; i < warmup; ++i)
            g.random();
        Tensor odd({5});
        init::normal_(odd.span(), 0.0, 1.0, g); // leaves a cached double sample
        g.nextFloatNormalSample() = 0.75f;
        const Generator::State saved = g.state();
        QVERIFY(saved.nextDoubleNormal.has_value());

        Tensor a({7});
        init::normal_(a.span(), 1.0, 2.0, g);
        std::vector<std::uint32_t> drawsA(700);
        for (auto &d : drawsA)
            d = g.random();

        Generator other(999);
        other.setState(saved);
        QCOMPARE(other.state(), saved);
        QCOMPARE(other.initialSeed(), std::uint64_t{seed});
        QCOMPARE(other.nextFloatNormalSample().value_or(0.0f), 0.75f);
        Tensor b({7});
        init::normal_(b.span(), 1.0, 2.0, other);
        QCOMPARE(embedlab::testing::bitMismatches(a, b), 0);
        for (const auto d : drawsA)
            QCOMPARE(other.random(), d);
    }

    void discardEqualsDraws_data()
    {
        QTest::addColumn<int>("warmup");
        QTest::addColumn<qint64>("count");
        for (const int warmup : {0, 17, 624}) {
            for (const qint64 count : {qint64{0}, qint64{1}, qint64{606}, qint64{607}, qint64{624},
                                       qint64{625}, qint64{1248}, qint64{624} * 300 + 17, qint64{1} << 20})
                QTest::addRow("after %d draws, skip %lld", warmup, static_cast<long long>(count))
                    << warmup << count;
        }
    }

    /// Issue #15: discard(n) (a weight a file replaces, twists vectorised per instruction set) leaves
    /// the generator exactly where n calls to random() do, also across many 624-word blocks.
    void discardEqualsDraws()
    {
        QFETCH(int, warmup);
        QFETCH(qint64, count);
        Generator drawn(2024), skipped(2024);
        for (int i = 0; i < warmup; ++i) {
            drawn.random();
            skipped.random();
        }
        for (qint64 i = 0; i < count; ++i)
            drawn.random();
        skipped.discard(static_cast<std::uint64_t>(count));
        // Lazy: the state says what is still to skip, and settles to torch.get_rng_state()'s fields.
        QCOMPARE(skipped.state().pendingDiscard, std::uint64_t(count));
        QCOMPARE(skipped.state(), drawn.state());
        const Generator::State settled = skipped.state().settled();
        QCOMPARE(settled.pendingDiscard, std::uint64_t{0});
        QVERIFY(settled.mt == drawn.state().mt);
        QCOMPARE(settled.index, drawn.state().index);
        Generator restored(7), copy(drawn);
        restored.setState(skipped.state());
        QCOMPARE(restored.random(), copy.random());
        for (int i = 0; i < 1300; ++i)
            QCOMPARE(skipped.random(), drawn.random());
    }

    void invalidStateThrows_data()
    {
        QTest::addColumn<int>("index");
        QTest::newRow("negative") << -1;
        QTest::newRow("past the end") << 625;
    }

    void invalidStateThrows()
    {
        QFETCH(int, index);
        Generator g(3);
        const Generator::State good = g.state();
        Generator::State bad = good;
        bad.index = index;
        try {
            g.setState(bad);
            QFAIL("setState accepted an invalid index");
        } catch (const Error &e) {
            QCOMPARE(e.kind(), Error::Kind::RuntimeError);
            QCOMPARE(QString::fromStdString(e.what()), QStringLiteral("Invalid mt19937 state"));
        }
        QCOMPARE(g.state(), good); // unchanged by the refused state
    }
};

QTEST_GUILESS_MAIN(TestGenerator)
#include "tst_generator.moc"
