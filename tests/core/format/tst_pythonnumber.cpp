// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// core::pythonFloat against what Python printed (tests/golden/gen_pynumber.py), issue #13: one home
// for Python's float text; TrainingPanel's copy printed infinity as "inf.0".
#include "common/Golden.h"
#include "core/format/PythonNumber.h"

#include <QJsonArray>
#include <QTest>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

using namespace embedlab;

class TestPythonNumber : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void matchesPython_data();
    void matchesPython();
    void fixtureCoversTheEdges();
    void floatLossesRoundTrip();
};

void TestPythonNumber::matchesPython_data()
{
    QTest::addColumn<quint64>("bits");
    QTest::addColumn<QString>("expected");
    const QJsonArray cases =
        testing::loadGolden(QStringLiteral("pynumber/floats.json")).value(QLatin1String("cases")).toArray();
    QVERIFY(cases.size() >= 100);
    int row = 0;
    for (const QJsonValue &c : cases) {
        const QJsonObject o = c.toObject();
        bool ok = false;
        const quint64 bits = o.value(QLatin1String("bits")).toString().toULongLong(&ok, 16);
        QVERIFY(ok);
        // str(x) and repr(x) are one text in Python 3; the fixture records both to prove it.
        QCOMPARE(o.value(QLatin1String("text")).toString(), o.value(QLatin1String("repr")).toString());
        QTest::addRow("%d %s %s", row++, qPrintable(o.value(QLatin1String("note")).toString()),
                      qPrintable(o.value(QLatin1String("text")).toString()))
            << bits << o.value(QLatin1String("text")).toString();
    }
}

void TestPythonNumber::matchesPython()
{
    QFETCH(quint64, bits);
    QFETCH(QString, expected);
    const double value = std::bit_cast<double>(static_cast<std::uint64_t>(bits));
    QCOMPARE(QString::fromStdString(core::pythonFloat(value)), expected);
}

void TestPythonNumber::fixtureCoversTheEdges()
{
    // The values the issue names must be in the fixture, so a regenerated file cannot drop them.
    const QJsonArray cases =
        testing::loadGolden(QStringLiteral("pynumber/floats.json")).value(QLatin1String("cases")).toArray();
    QStringList texts;
    for (const QJsonValue &c : cases)
        texts << c.toObject().value(QLatin1String("text")).toString();
    for (const char *needed :
         {"inf", "-inf", "nan", "1e-08", "2.0", "-0.0", "0.1", "1e+16", "0.0001", "1e-05"})
        QVERIFY2(texts.contains(QLatin1String(needed)), needed);
}

void TestPythonNumber::floatLossesRoundTrip()
{
    // loss.item() is a float32 widened to a double: its text must read back to the same float32.
    std::uint32_t state = 13;
    for (int i = 0; i < 2000; ++i) {
        state = state * 1664525u + 1013904223u;
        const float f = std::bit_cast<float>(state & 0x7f7fffffu); // finite, positive
        const std::string text = core::pythonFloat(double(f));
        QCOMPARE(static_cast<float>(std::strtod(text.c_str(), nullptr)), f);
    }
}

QTEST_GUILESS_MAIN(TestPythonNumber)
#include "tst_pythonnumber.moc"
