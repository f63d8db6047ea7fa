// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// The embedlab-cli contract end to end: the real executable against what real PyTorch printed.
#include "common/Golden.h"
#include "common/Process.h"

#include <QFile>
#include <QJsonArray>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <cstring>
#include <utility>

using namespace embedlab;

namespace {

using Run = testing::ProcessResult;

using testing::runCli;

// Reads back a little-endian float32 .npy as numpy.save writes it.
bool readNpy(const QString &path, core::Shape &shape, std::vector<float> &data)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return false;
    const QByteArray bytes = f.readAll();
    if (!bytes.startsWith("\x93NUMPY\x01\x00"))
        return false;
    const int headerLength =
        static_cast<unsigned char>(bytes[8]) | (static_cast<unsigned char>(bytes[9]) << 8);
    const QByteArray header = bytes.mid(10, headerLength);
    if ((10 + headerLength) % 64 != 0 || !header.contains("'descr': '<f4'") ||
        !header.contains("'fortran_order': False"))
        return false;
    const qsizetype open = header.indexOf('(', header.indexOf("'shape'"));
    const qsizetype close = header.indexOf(')', open);
    shape.clear();
    for (const QByteArray &d : header.mid(open + 1, close - open - 1).split(',')) {
        if (!d.trimmed().isEmpty())
            shape.push_back(d.trimmed().toLongLong());
    }
    const qsizetype payload = bytes.size() - 10 - headerLength;
    if (payload != static_cast<qsizetype>(core::numel(shape) * 4))
        return false;
    data.resize(static_cast<std::size_t>(core::numel(shape)));
    if (payload > 0) // an empty vector's data() may be null, which memcpy must not see
        std::memcpy(data.data(), bytes.constData() + 10 + headerLength, static_cast<std::size_t>(payload));
    return true;
}

} // namespace

class TestCli : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void matchesPyTorch_data();
    void matchesPyTorch();
    void npyMatchesWeight_data() { matchesPyTorch_data(); }
    void npyMatchesWeight();
    void usageErrors_data();
    void usageErrors();
    void unwritableNpyFails();
    void trainMatchesPyTorch_data();
    void trainMatchesPyTorch();
};

void TestCli::matchesPyTorch_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("expectedOut");
    QTest::addColumn<QString>("expectedErr");
    QTest::addColumn<QJsonValue>("weight");
    const QList<testing::CliCase> cases = testing::cliCases();
    QVERIFY(cases.size() >= 40);
    for (const testing::CliCase &c : cases)
        QTest::newRow(qPrintable(c.args.join(QLatin1Char(' '))))
            << c.args << c.out << c.err << c.json.value(QLatin1String("weight"));
}

void TestCli::matchesPyTorch()
{
    QFETCH(QStringList, args);
    QFETCH(QString, expectedOut);
    QFETCH(QString, expectedErr);
    const Run r = runCli(args);
    QCOMPARE(r.status, QProcess::NormalExit);
    if (expectedErr.isEmpty()) {
        QCOMPARE(r.err, QString());
        QCOMPARE(r.out, expectedOut);
        QCOMPARE(r.exitCode, 0);
    } else {
        QCOMPARE(r.err, expectedErr);
        QCOMPARE(r.out, QString());
        QCOMPARE(r.exitCode, 1);
    }
}

void TestCli::npyMatchesWeight()
{
    QFETCH(QStringList, args);
    QFETCH(QJsonValue, weight);
    if (weight.isUndefined())
        QSKIP("no weight stored for this case (error or large)");
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("w.npy"));
    const Run r = runCli(args + QStringList{QStringLiteral("--npy"), path});
    QCOMPARE(r.exitCode, 0);
    core::Shape shape;
    std::vector<float> data;
    QVERIFY(readNpy(path, shape, data));
    const core::Tensor expected = testing::tensorFromJson(weight);
    QCOMPARE(shape, expected.shape);
    core::Tensor got;
    got.shape = shape;
    got.data.assign(data.begin(), data.end());
    // Bit-identical everywhere except orthogonal_, whose QR (Eigen, double) differs from LAPACK's
    // float QR in the last bits: its target is 1e-4.
    if (args.join(QLatin1Char(' ')).contains(QLatin1String("orthogonal")))
        QVERIFY(testing::maxAbsDiff(got, expected) < 1e-4);
    else
        QCOMPARE(testing::bitMismatches(got, expected), 0LL);
}

void TestCli::usageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("firstLine");
    QTest::newRow("no command") << QStringList{} << 2 << QStringLiteral("usage: embedlab-cli embedding");
    QTest::newRow("unknown command") << QStringList{QStringLiteral("conv")} << 2
                                     << QStringLiteral("embedlab-cli: unknown command 'conv'");
    QTest::newRow("one size") << QStringList{QStringLiteral("embedding"), QStringLiteral("4")} << 2
                              << QStringLiteral("embedlab-cli: 'embedding' needs exactly two sizes, got 1");
    QTest::newRow("text size")
        << QStringList{QStringLiteral("embedding"), QStringLiteral("four"), QStringLiteral("5")} << 1
        << QStringLiteral("ValueError: invalid literal for int() with base 10: 'four'");
    QTest::newRow("missing value") << QStringList{QStringLiteral("linear"), QStringLiteral("4"),
                                                  QStringLiteral("5"), QStringLiteral("--seed")}
                                   << 2 << QStringLiteral("embedlab-cli: option --seed needs a value");
    QTest::newRow("unknown init") << QStringList{QStringLiteral("linear"), QStringLiteral("4"),
                                                 QStringLiteral("5"), QStringLiteral("--init"),
                                                 QStringLiteral("glorot")}
                                  << 1
                                  << QStringLiteral(
                                         "AttributeError: module 'torch.nn.init' has no attribute 'glorot_'");
    QTest::newRow("unknown keyword")
        << QStringList{QStringLiteral("linear"), QStringLiteral("4"), QStringLiteral("5"),
                       QStringLiteral("--init"), QStringLiteral("normal:sigma=2")}
        << 1 << QStringLiteral("TypeError: normal_() got an unexpected keyword argument 'sigma'");
    QTest::newRow("bad value") << QStringList{QStringLiteral("linear"), QStringLiteral("4"),
                                              QStringLiteral("5"), QStringLiteral("--init"),
                                              QStringLiteral("normal:std=wide")}
                               << 1
                               << QStringLiteral("ValueError: could not convert string to float: 'wide'");
    QTest::newRow("missing val")
        << QStringList{QStringLiteral("linear"), QStringLiteral("4"), QStringLiteral("5"),
                       QStringLiteral("--init"), QStringLiteral("constant")}
        << 1 << QStringLiteral("TypeError: constant_() missing 1 required positional argument: 'val'");
    QTest::newRow("absurd size") << QStringList{QStringLiteral("embedding"), QStringLiteral("1000000000"),
                                                QStringLiteral("1000000000")}
                                 << 1
                                 << QStringLiteral(
                                        "MemoryError: DefaultCPUAllocator: can't allocate memory: you tried "
                                        "to allocate 4000000000000000000 bytes.");
    QTest::newRow("bad ids") << QStringList{QStringLiteral("embedding"), QStringLiteral("4"),
                                            QStringLiteral("5"), QStringLiteral("--lookup"),
                                            QStringLiteral("two")}
                             << 1 << QString();
}

void TestCli::usageErrors()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, firstLine);
    const Run r = runCli(args);
    QCOMPARE(r.status, QProcess::NormalExit);
    QCOMPARE(r.exitCode, exitCode);
    QVERIFY2(!r.err.isEmpty(), "an error must be explained on stderr");
    QCOMPARE(r.out, QString());
    if (!firstLine.isEmpty())
        QVERIFY2(r.err.startsWith(firstLine), qPrintable(r.err));
}

void TestCli::unwritableNpyFails()
{
    const Run r = runCli({QStringLiteral("embedding"), QStringLiteral("4"), QStringLiteral("5"),
                          QStringLiteral("--npy"), QStringLiteral("/nonexistent-dir/w.npy")});
    QCOMPARE(r.exitCode, 1);
    QCOMPARE(r.err, QStringLiteral(
                        "RuntimeError: cannot write '/nonexistent-dir/w.npy': No such file or directory\n"));
}

// Issue #13, "Training in core, with a CLI contract": embedlab-cli train against PyTorch 1.13
// (tests/golden/gen_train.py). exp/log come from libm here and SLEEF there, so losses are compared
// within 1e-6 relative and weights within 1e-5; errors must match PyTorch's last traceback line.
void TestCli::trainMatchesPyTorch_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QJsonObject>("expected");
    const QJsonArray cases =
        testing::loadGolden(QStringLiteral("train/cases.json")).value(QLatin1String("cases")).toArray();
    QVERIFY(cases.size() >= 25);
    for (const QJsonValue &c : cases) {
        QStringList args;
        for (const QJsonValue &a : c.toObject().value(QLatin1String("args")).toArray())
            args << a.toString();
        QTest::newRow(qPrintable(args.join(QLatin1Char(' ')))) << args << c.toObject();
    }
}

void TestCli::trainMatchesPyTorch()
{
    QFETCH(QStringList, args);
    QFETCH(QJsonObject, expected);
    QTemporaryDir dir;
    const QString weightPath = dir.filePath(QStringLiteral("w.npy"));
    const QString headPath = dir.filePath(QStringLiteral("h.npy"));
    const Run r = runCli(
        args + QStringList{QStringLiteral("--npy"), weightPath, QStringLiteral("--lm-head-npy"), headPath});
    QCOMPARE(r.status, QProcess::NormalExit);
    const QString expectedErr = expected.value(QLatin1String("stderr")).toString();
    if (!expectedErr.isEmpty()) {
        QCOMPARE(r.err, expectedErr);
        QCOMPARE(r.out, QString());
        QCOMPARE(r.exitCode, 1);
        return;
    }
    QCOMPARE(r.err, QString());
    QCOMPARE(r.exitCode, 0);
    const QStringList lines = r.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    const QJsonArray losses = expected.value(QLatin1String("losses")).toArray();
    QCOMPARE(lines.size(), losses.size());
    for (int k = 0; k < lines.size(); ++k) {
        const QStringList parts = lines[k].split(QLatin1Char(' '));
        QCOMPARE(parts.size(), 2);
        QCOMPARE(parts[0], QString::number(k + 1));
        const double want = losses[k].toDouble();
        const double got = parts[1].toDouble();
        QVERIFY2(
            std::abs(got - want) <= 1e-6 * std::abs(want),
            qPrintable(QStringLiteral("step %1: %2 vs PyTorch's %3").arg(k + 1).arg(parts[1]).arg(want)));
    }
    for (const auto &[path, key] : {std::pair{weightPath, "weight"}, std::pair{headPath, "lm_head"}}) {
        core::Shape shape;
        std::vector<float> data;
        QVERIFY(readNpy(path, shape, data));
        const core::Tensor want = testing::tensorFromJson(expected.value(QLatin1String(key)));
        QCOMPARE(shape, want.shape);
        core::Tensor got;
        got.shape = shape;
        got.data.assign(data.begin(), data.end());
        QVERIFY2(testing::maxAbsDiff(got, want) <= 1e-5, key);
    }
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
