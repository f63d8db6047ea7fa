// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/heatmap/ColorMap.h"

#include <QTest>

#include <cmath>
#include <limits>

using embedlab::ui::ColorMap;

class TestColorMap : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void valueToColor_data();
    void valueToColor();
    void nonFiniteColors_data();
    void nonFiniteColors();
    void constantMatrixUsesCentre_data();
    void constantMatrixUsesCentre();
    void magnitudeMapsIgnoreSign();
    void divergingSides_data();
    void divergingSides();
    void names_data();
    void names();
    void rangeIsSymmetricForDiverging_data();
    void rangeIsSymmetricForDiverging();
};

void TestColorMap::valueToColor_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<float>("value");
    QTest::addColumn<float>("limit");
    QTest::addColumn<int>("lutIndex");

    // Diverging: [-m, m] -> [0, 1023], 0 at the centre (index 511.5 rounds up to 512).
    QTest::newRow("RdBu -m") << "RdBu" << -2.84f << 2.84f << 0;
    QTest::newRow("RdBu +m") << "RdBu" << 2.84f << 2.84f << 1023;
    QTest::newRow("RdBu 0") << "RdBu" << 0.0f << 2.84f << 512;
    QTest::newRow("RdBu m/2") << "RdBu" << 1.42f << 2.84f << 767; // 511.5 + 255.75 -> 767.25
    QTest::newRow("RdBu beyond +m clamps") << "RdBu" << 10.0f << 2.84f << 1023;
    QTest::newRow("RdBu beyond -m clamps") << "RdBu" << -10.0f << 2.84f << 0;
    QTest::newRow("PuOr -m") << "PuOr" << -1.0f << 1.0f << 0;
    QTest::newRow("PuOr +m") << "PuOr" << 1.0f << 1.0f << 1023;
    // Sequential: |w| in [0, m].
    QTest::newRow("viridis 0") << "viridis" << 0.0f << 2.0f << 0;
    QTest::newRow("viridis m") << "viridis" << 2.0f << 2.0f << 1023;
    QTest::newRow("viridis -m") << "viridis" << -2.0f << 2.0f << 1023;
    QTest::newRow("cividis m/2") << "cividis" << 1.0f << 2.0f << 512; // 511.5 -> 512
}

void TestColorMap::valueToColor()
{
    QFETCH(QString, name);
    QFETCH(float, value);
    QFETCH(float, limit);
    QFETCH(int, lutIndex);
    const ColorMap map = ColorMap::fromName(name);
    QCOMPARE(map.name(), name);
    QCOMPARE(QColor(map.map(value, limit)), QColor(map.table()[static_cast<std::size_t>(lutIndex)]));
}

void TestColorMap::nonFiniteColors_data()
{
    QTest::addColumn<QString>("name");
    for (const QString &n : ColorMap::names())
        QTest::newRow(qPrintable(n)) << n;
}

void TestColorMap::nonFiniteColors()
{
    QFETCH(QString, name);
    const ColorMap map = ColorMap::fromName(name);
    const float inf = std::numeric_limits<float>::infinity();
    QCOMPARE(map.map(std::numeric_limits<float>::quiet_NaN(), 1.0f), map.nanColor());
    QCOMPARE(map.map(-std::numeric_limits<float>::quiet_NaN(), 1.0f), map.nanColor());
    QCOMPARE(map.map(inf, 1.0f), map.posInfColor());
    QCOMPARE(map.map(-inf, 1.0f), map.negInfColor());
    QCOMPARE(map.map(std::numeric_limits<float>::quiet_NaN(), 0.0f), map.nanColor());
    // Their own colours: none of them appears on the colour scale itself.
    for (const QRgb c : map.table()) {
        QVERIFY(c != map.nanColor());
        QVERIFY(c != map.posInfColor());
        QVERIFY(c != map.negInfColor());
    }
    QVERIFY(map.nanColor() != map.posInfColor());
}

void TestColorMap::constantMatrixUsesCentre_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<float>("limit");
    QTest::addColumn<float>("value");
    QTest::addColumn<double>("centre");
    QTest::newRow("RdBu zeros") << "RdBu" << 0.0f << 0.0f << 0.5;
    QTest::newRow("RdBu m=0 but value") << "RdBu" << 0.0f << 0.3f << 0.5;
    QTest::newRow("PuOr zeros") << "PuOr" << 0.0f << -0.0f << 0.5;
    QTest::newRow("viridis zeros") << "viridis" << 0.0f << 0.0f << 0.0;
    QTest::newRow("RdBu limit nan") << "RdBu" << std::numeric_limits<float>::quiet_NaN() << 1.0f << 0.5;
    QTest::newRow("RdBu limit inf") << "RdBu" << std::numeric_limits<float>::infinity() << 1.0f << 0.5;
}

void TestColorMap::constantMatrixUsesCentre()
{
    QFETCH(QString, name);
    QFETCH(float, limit);
    QFETCH(float, value);
    QFETCH(double, centre);
    const ColorMap map = ColorMap::fromName(name);
    QCOMPARE(QColor(map.map(value, limit)), QColor(map.colorAt(centre)));
    const auto lookup = map.lookup(limit);
    QCOMPARE(lookup.scale, 0.0f); // no division by m == 0
}

void TestColorMap::magnitudeMapsIgnoreSign()
{
    const ColorMap map = ColorMap::fromName(QStringLiteral("viridis"));
    QVERIFY(!map.isDiverging());
    for (const float v : {0.1f, 0.5f, 1.3f, 2.0f})
        QCOMPARE(map.map(-v, 2.0f), map.map(v, 2.0f));
    // A denormal limit must not overflow into an undefined index.
    QCOMPARE(map.map(0.0f, 1e-42f), map.table().front());
}

void TestColorMap::divergingSides_data()
{
    QTest::addColumn<QString>("name");
    QTest::newRow("RdBu") << "RdBu";
    QTest::newRow("PuOr") << "PuOr";
}

void TestColorMap::divergingSides()
{
    QFETCH(QString, name);
    const ColorMap map = ColorMap::fromName(name);
    QVERIFY(map.isDiverging());
    const QColor neg(map.map(-1.0f, 1.0f));
    const QColor pos(map.map(1.0f, 1.0f));
    const QColor zero(map.map(0.0f, 1.0f));
    // matplotlib's orientation: RdBu runs red -> blue, PuOr orange -> purple, near-white in between.
    QVERIFY(neg.red() > neg.blue());
    QVERIFY(pos.blue() > pos.red());
    QVERIFY(zero.lightness() > 230);
    QVERIFY(neg.lightness() < 100);
    QVERIFY(pos.lightness() < 100);
}

void TestColorMap::names_data()
{
    QTest::addColumn<QString>("asked");
    QTest::addColumn<QString>("expected");
    QTest::newRow("default") << "RdBu"
                             << "RdBu";
    QTest::newRow("case") << "rdbu"
                          << "RdBu";
    QTest::newRow("viridis") << "Viridis"
                             << "viridis";
    QTest::newRow("cividis") << "cividis"
                             << "cividis";
    QTest::newRow("puor") << "PUOR"
                          << "PuOr";
    QTest::newRow("unknown falls back") << "jet"
                                        << "RdBu";
}

void TestColorMap::names()
{
    QFETCH(QString, asked);
    QFETCH(QString, expected);
    QCOMPARE(ColorMap::fromName(asked).name(), expected);
    QCOMPARE(ColorMap::isKnownName(asked), asked != QLatin1String("jet"));
    QCOMPARE(ColorMap().name(), QStringLiteral("RdBu"));
}

void TestColorMap::rangeIsSymmetricForDiverging_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<float>("limit");
    QTest::addColumn<float>("min");
    QTest::addColumn<float>("max");
    QTest::newRow("RdBu") << "RdBu" << 2.84f << -2.84f << 2.84f;
    QTest::newRow("RdBu zeros") << "RdBu" << 0.0f << 0.0f << 0.0f;
    QTest::newRow("viridis") << "viridis" << 2.84f << 0.0f << 2.84f;
}

void TestColorMap::rangeIsSymmetricForDiverging()
{
    QFETCH(QString, name);
    QFETCH(float, limit);
    QFETCH(float, min);
    QFETCH(float, max);
    const ColorMap map = ColorMap::fromName(name);
    QCOMPARE(map.rangeMin(limit), min);
    QCOMPARE(map.rangeMax(limit), max);
}

QTEST_GUILESS_MAIN(TestColorMap)
#include "tst_colormap.moc"
