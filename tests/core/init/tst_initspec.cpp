// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/init/InitSpec.h"
#include "core/tensor/Error.h"

#include <QTest>

#include <cmath>

using namespace embedlab;

class TestInitSpec : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void parsesAndPrintsPython_data();
    void parsesAndPrintsPython();
    void rejectsLikePython_data();
    void rejectsLikePython();
    void distributions_data();
    void distributions();
    void everyNameParses();
    void applyConsumesLikeTheInitialiser();
    void unquoted_data();
    void unquoted();
};

void TestInitSpec::parsesAndPrintsPython_data()
{
    QTest::addColumn<QString>("spec");
    QTest::addColumn<QString>("python");
    QTest::addColumn<QString>("canonical");
    QTest::newRow("normal") << "normal:mean=0,std=0.02"
                            << "torch.nn.init.normal_(w, mean=0.0, std=0.02)"
                            << "normal:mean=0,std=0.02";
    QTest::newRow("defaults") << "normal"
                              << "torch.nn.init.normal_(w)"
                              << "normal";
    QTest::newRow("underscore") << "zeros_"
                                << "torch.nn.init.zeros_(w)"
                                << "zeros";
    QTest::newRow("kaiming") << "kaiming_normal:a=0,mode=fan_out,nonlinearity=relu"
                             << "torch.nn.init.kaiming_normal_(w, a=0.0, mode='fan_out', nonlinearity='relu')"
                             << "kaiming_normal:a=0,mode=fan_out,nonlinearity=relu";
    QTest::newRow("trunc") << "trunc_normal:mean=0,std=0.02,a=-0.04,b=0.04"
                           << "torch.nn.init.trunc_normal_(w, mean=0.0, std=0.02, a=-0.04, b=0.04)"
                           << "trunc_normal:mean=0,std=0.02,a=-0.04,b=0.04";
    QTest::newRow("exponent") << "normal:std=1e-5"
                              << "torch.nn.init.normal_(w, std=1e-05)"
                              << "normal:std=1e-5";
    QTest::newRow("spaces") << " constant : val = 0.25 "
                            << "torch.nn.init.constant_(w, val=0.25)"
                            << "constant:val=0.25";
    QTest::newRow("quoted") << "kaiming_uniform:mode='fan_in'"
                            << "torch.nn.init.kaiming_uniform_(w, mode='fan_in')"
                            << "kaiming_uniform:mode=fan_in";
    QTest::newRow("inf") << "constant:val=inf"
                         << "torch.nn.init.constant_(w, val=float('inf'))"
                         << "constant:val=inf";
}

void TestInitSpec::parsesAndPrintsPython()
{
    QFETCH(QString, spec);
    QFETCH(QString, python);
    QFETCH(QString, canonical);
    const core::InitSpec s = core::InitSpec::parse(spec.toStdString());
    QCOMPARE(QString::fromStdString(s.pythonCall("w")), python);
    QCOMPARE(QString::fromStdString(s.toString()), canonical);
    QCOMPARE(core::InitSpec::parse(s.toString()), s);
}

void TestInitSpec::rejectsLikePython_data()
{
    QTest::addColumn<QString>("spec");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown") << "glorot"
                             << "AttributeError: module 'torch.nn.init' has no attribute 'glorot_'";
    QTest::newRow("keyword") << "normal:sigma=1"
                             << "TypeError: normal_() got an unexpected keyword argument 'sigma'";
    QTest::newRow("twice") << "normal:std=1,std=2"
                           << "TypeError: normal_() got multiple values for argument 'std'";
    QTest::newRow("value") << "uniform:a=x"
                           << "ValueError: could not convert string to float: 'x'";
    QTest::newRow("missing") << "constant"
                             << "TypeError: constant_() missing 1 required positional argument: 'val'";
    QTest::newRow("no equals")
        << "normal:0.02"
        << "ValueError: expected key=value in initialiser spec 'normal:0.02', got '0.02'";
    QTest::newRow("empty") << ""
                           << "AttributeError: module 'torch.nn.init' has no attribute '_'";
}

void TestInitSpec::rejectsLikePython()
{
    QFETCH(QString, spec);
    QFETCH(QString, message);
    try {
        core::InitSpec::parse(spec.toStdString());
        QFAIL("expected an error");
    } catch (const core::Error &e) {
        QCOMPARE(QString::fromLatin1(e.kindName()) + QStringLiteral(": ") + QString::fromStdString(e.what()),
                 message);
    }
}

void TestInitSpec::distributions_data()
{
    QTest::addColumn<QString>("spec");
    QTest::addColumn<qint64>("rows");
    QTest::addColumn<qint64>("cols");
    QTest::addColumn<double>("mean");
    QTest::addColumn<double>("std");
    QTest::addColumn<double>("high");
    // Linear(70, 5000): weight [5000, 70]; kaiming_uniform(a=sqrt(5)) has bound 1/sqrt(70).
    QTest::newRow("linear default") << QStringLiteral("kaiming_uniform:a=2.23606797749979") << qint64(5000)
                                    << qint64(70) << 0.0 << 1.0 / std::sqrt(70.0) / std::sqrt(3.0)
                                    << 1.0 / std::sqrt(70.0);
    QTest::newRow("normal") << QStringLiteral("normal:mean=1,std=0.5") << qint64(3) << qint64(4) << 1.0 << 0.5
                            << 0.0;
    QTest::newRow("uniform") << QStringLiteral("uniform:a=-1,b=3") << qint64(3) << qint64(4) << 1.0
                             << 4.0 / std::sqrt(12.0) << 3.0;
    QTest::newRow("xavier") << QStringLiteral("xavier_uniform") << qint64(30) << qint64(10) << 0.0
                            << std::sqrt(2.0 / 40.0) << std::sqrt(6.0 / 40.0);
    QTest::newRow("kaiming relu fan_out")
        << QStringLiteral("kaiming_normal:mode=fan_out,nonlinearity=relu") << qint64(30) << qint64(10) << 0.0
        << std::sqrt(2.0) / std::sqrt(30.0) << 0.0;
    // A symmetric truncation at +-2 sigma keeps the mean and shrinks the std to 0.8796 sigma.
    QTest::newRow("trunc") << QStringLiteral("trunc_normal:std=2,a=-4,b=4") << qint64(3) << qint64(4) << 0.0
                           << 2.0 * 0.8796256610342398 << 4.0;
    QTest::newRow("constant") << QStringLiteral("constant:val=0.25") << qint64(3) << qint64(4) << 0.25 << 0.0
                              << 0.25;
}

void TestInitSpec::distributions()
{
    QFETCH(QString, spec);
    QFETCH(qint64, rows);
    QFETCH(qint64, cols);
    QFETCH(double, mean);
    QFETCH(double, std);
    QFETCH(double, high);
    const auto d = core::InitSpec::parse(spec.toStdString()).distribution({rows, cols});
    QVERIFY(std::abs(d.mean - mean) < 1e-9);
    QVERIFY2(std::abs(d.std - std) < 1e-6, qPrintable(QString::number(d.std, 'g', 10)));
    QVERIFY(std::abs(d.high - high) < 1e-12);
}

void TestInitSpec::everyNameParses()
{
    QCOMPARE(core::InitSpec::names().size(), std::size_t(12));
    for (const std::string &name : core::InitSpec::names()) {
        if (name == "constant")
            continue;
        QCOMPARE(core::InitSpec::parse(name).name(), name);
    }
}

void TestInitSpec::applyConsumesLikeTheInitialiser()
{
    // The spec is a thin front: applying it must draw exactly what the direct call draws.
    core::Generator a(123), b(123);
    std::vector<float> x(20), y(20);
    core::InitSpec::parse("uniform:a=-0.5,b=0.5").apply({x.data(), {4, 5}}, a);
    core::init::uniform_({y.data(), {4, 5}}, -0.5, 0.5, b);
    QCOMPARE(x, y);
    QCOMPARE(a.state(), b.state());
}

void TestInitSpec::unquoted_data()
{
    // One unquote for core and the initialiser panel's defaults (issue #24 item 8).
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("value");
    QTest::newRow("single quotes") << "'fan_in'"
                                   << "fan_in";
    QTest::newRow("double quotes") << "\"leaky_relu\""
                                   << "leaky_relu";
    QTest::newRow("number") << "0.01"
                            << "0.01";
    QTest::newRow("mismatched quotes kept") << "'a\""
                                            << "'a\"";
    QTest::newRow("lone quote kept") << "'"
                                     << "'";
    QTest::newRow("empty string") << "''"
                                  << "";
}

void TestInitSpec::unquoted()
{
    QFETCH(QString, source);
    QFETCH(QString, value);
    QCOMPARE(QString::fromStdString(core::InitSpec::unquoted(source.toStdString())), value);
    // The panel's defaults come through it: kaiming's mode is fan_in, unquoted.
    if (source == QStringLiteral("'fan_in'")) {
        for (const auto &[key, def] : core::InitSpec::keywords("kaiming_uniform"))
            if (key == "mode")
                QCOMPARE(QString::fromStdString(core::InitSpec::unquoted(def)), value);
    }
}

QTEST_GUILESS_MAIN(TestInitSpec)
#include "tst_initspec.moc"
