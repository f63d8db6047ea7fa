// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// One niceTicks() for the heatmap's colour bar and the histogram's axes (#13). The rows of both
// former copies' tests are here with their assertions, plus the labels' digits.
#include "ui/model/NiceTicks.h"

#include <QTest>

#include <cmath>
#include <limits>

using embedlab::ui::NiceTicks;
using embedlab::ui::niceTicks;

class TestNiceTicks : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void values_data();
    void values();
    void scale_data();
    void scale();
    void label_data();
    void label();
    void valuesAreExactMultiples_data();
    void valuesAreExactMultiples();
};

// The heatmap colour bar's rows (formerly tst_heatmapmapping): the ticks themselves.
void TestNiceTicks::values_data()
{
    QTest::addColumn<double>("min");
    QTest::addColumn<double>("max");
    QTest::addColumn<int>("maxTicks");
    QTest::addColumn<QList<double>>("expected");

    QTest::newRow("reference m") << -2.84 << 2.84 << 7 << QList<double>{-2, -1, 0, 1, 2};
    QTest::newRow("unit") << -1.0 << 1.0 << 5 << QList<double>{-1, -0.5, 0, 0.5, 1};
    QTest::newRow("gpt2-ish") << -0.02 << 0.02 << 5 << QList<double>{-0.02, -0.01, 0, 0.01, 0.02};
    QTest::newRow("magnitudes") << 0.0 << 2.84 << 4 << QList<double>{0, 1, 2};
    QTest::newRow("constant") << 0.0 << 0.0 << 5 << QList<double>{0};
    QTest::newRow("probabilities") << 0.0 << 1.0 << 4 << QList<double>{0, 0.5, 1};
    QTest::newRow("reversed range") << 1.0 << -1.0 << 5 << QList<double>{1};
    QTest::newRow("nan") << std::nan("") << 1.0 << 5 << QList<double>{0};
    QTest::newRow("infinite") << -HUGE_VAL << 1.0 << 5 << QList<double>{0};
}

void TestNiceTicks::values()
{
    QFETCH(double, min);
    QFETCH(double, max);
    QFETCH(int, maxTicks);
    QFETCH(QList<double>, expected);
    const NiceTicks ticks = niceTicks(min, max, maxTicks);
    QCOMPARE(ticks.values.size(), expected.size());
    for (qsizetype i = 0; i < expected.size(); ++i)
        QCOMPARE(ticks.values[i] + 1.0, expected[i] + 1.0);
}

// The histogram's rows (formerly tst_histogrambinning): anchor, interval and decimals.
void TestNiceTicks::scale_data()
{
    QTest::addColumn<double>("low");
    QTest::addColumn<double>("high");
    QTest::addColumn<int>("target");
    QTest::addColumn<double>("anchor");
    QTest::addColumn<double>("interval");
    QTest::addColumn<int>("decimals");
    QTest::newRow("normal(0, 1)") << -4.7 << 4.6 << 8 << -4.0 << 1.0 << 0;
    QTest::newRow("linear(70, 5000)") << -0.1291 << 0.1291 << 8 << -0.1 << 0.05 << 2;
    QTest::newRow("counts") << 0.0 << 13150.0 << 6 << 0.0 << 2000.0 << 0;
    QTest::newRow("log counts") << 0.0 << 5.4 << 6 << 0.0 << 1.0 << 0;
    QTest::newRow("tiny std") << -0.0061 << 0.0059 << 6 << -0.006 << 0.002 << 3;
    QTest::newRow("empty range") << 1.0 << 1.0 << 6 << 1.0 << 1.0 << 0;
    QTest::newRow("quarter-scale weights") << -0.0031 << 0.0031 << 12 << -0.003 << 0.0005 << 4;
    QTest::newRow("probabilities") << 0.0 << 1.0 << 4 << 0.0 << 0.5 << 1;
    QTest::newRow("target 0") << -1.0 << 1.0 << 0 << -1.0 << 1.0 << 0;
}

void TestNiceTicks::scale()
{
    QFETCH(double, low);
    QFETCH(double, high);
    QFETCH(int, target);
    QFETCH(double, anchor);
    QFETCH(double, interval);
    QFETCH(int, decimals);
    const NiceTicks t = niceTicks(low, high, target);
    QVERIFY2(std::abs(t.anchor - anchor) < 1e-12, qPrintable(QString::number(t.anchor)));
    QVERIFY(qFuzzyCompare(t.step, interval));
    QCOMPARE(t.decimals, decimals);
    QVERIFY(!std::signbit(t.anchor) || t.anchor != 0.0); // never -0
}

// Every tick gets the digits it needs, and no more: -0.0025 is not "-0.003", 0.5 is not "0." or "1".
void TestNiceTicks::label_data()
{
    QTest::addColumn<double>("low");
    QTest::addColumn<double>("high");
    QTest::addColumn<int>("target");
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("text");
    QTest::newRow("-0.0025") << -0.0031 << 0.0031 << 12 << -0.0025 << QStringLiteral("-0.0025");
    QTest::newRow("probability 0.5") << 0.0 << 1.0 << 4 << 0.5 << QStringLiteral("0.5");
    QTest::newRow("probability 1") << 0.0 << 1.0 << 4 << 1.0 << QStringLiteral("1.0");
    QTest::newRow("zero, not -0") << -1.0 << 1.0 << 5 << -0.0 << QStringLiteral("0.0");
    QTest::newRow("rounding noise, not -0") << -0.3 << 0.3 << 6 << -1e-17 << QStringLiteral("0.0");
    QTest::newRow("count") << 0.0 << 13150.0 << 6 << 12000.0 << QStringLiteral("12000");
    QTest::newRow("gpt2 std") << -0.02 << 0.02 << 5 << -0.01 << QStringLiteral("-0.01");
    QTest::newRow("tiny std") << -0.0061 << 0.0059 << 6 << -0.006 << QStringLiteral("-0.006");
}

void TestNiceTicks::label()
{
    QFETCH(double, low);
    QFETCH(double, high);
    QFETCH(int, target);
    QFETCH(double, value);
    QFETCH(QString, text);
    QCOMPARE(niceTicks(low, high, target).label(value), text);
}

// The ticks are k * step for consecutive k, cover [low, high] and print back to themselves.
void TestNiceTicks::valuesAreExactMultiples_data()
{
    QTest::addColumn<double>("low");
    QTest::addColumn<double>("high");
    QTest::addColumn<int>("target");
    const double ranges[][2] = {{-4.7, 4.6}, {-0.1291, 0.1291}, {0.0, 13150.0}, {-3e-5, 7e-5}, {-2.84, 2.84}};
    for (const auto &r : ranges) {
        for (int target = 2; target <= 9; ++target)
            QTest::addRow("[%g, %g] x %d", r[0], r[1], target) << r[0] << r[1] << target;
    }
}

void TestNiceTicks::valuesAreExactMultiples()
{
    QFETCH(double, low);
    QFETCH(double, high);
    QFETCH(int, target);
    const NiceTicks t = niceTicks(low, high, target);
    QVERIFY(!t.values.isEmpty());
    QCOMPARE(t.values.first(), t.anchor);
    QVERIFY(t.values.first() >= low - t.step * 1e-9);
    QVERIFY(t.values.first() - t.step < low);
    QVERIFY(t.values.last() <= high + t.step * 1e-9);
    QVERIFY(t.values.last() + t.step > high);
    for (const double v : t.values) {
        const double k = std::round(v / t.step);
        QCOMPARE(v + 1.0, k * t.step + 1.0);
        QVERIFY2(std::abs(t.label(v).toDouble() - v) <= t.step * 1e-9, qPrintable(t.label(v)));
    }
}

QTEST_GUILESS_MAIN(TestNiceTicks)
#include "tst_niceticks.moc"
