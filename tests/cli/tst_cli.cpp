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

// The float32 .npy at `path` as a tensor (no shape when it cannot be read).
core::Tensor npyTensor(const QString &path)
{
    core::Tensor t;
    std::vector<float> data;
    if (readNpy(path, t.shape, data))
        t.data.assign(data.begin(), data.end());
    else
        t.shape.clear();
    return t;
}

// A command PyTorch refused prints the last line of its traceback and exits 1; one it ran exits 0
// with nothing on stderr.
void checkOutcome(const Run &r, const QString &expectedErr)
{
    QCOMPARE(r.status, QProcess::NormalExit);
    if (!expectedErr.isEmpty()) {
        QCOMPARE(r.err, expectedErr);
        QCOMPARE(r.out, QString());
        QCOMPARE(r.exitCode, 1);
        return;
    }
    QCOMPARE(r.err, QString());
    QCOMPARE(r.exitCode, 0);
}

// "K LOSS" lines against PyTorch's: the same steps, each loss within `relative` of PyTorch's (exp
// and log, and the order of long sums, may differ from PyTorch's in the last bits).
void checkLossLines(const QString &out, const QString &expected, double relative)
{
    const QStringList lines = out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    const QStringList want = expected.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), want.size());
    for (int k = 0; k < lines.size(); ++k) {
        const QStringList got = lines[k].split(QLatin1Char(' '));
        const QStringList ref = want[k].split(QLatin1Char(' '));
        QCOMPARE(got.size(), 2);
        QCOMPARE(got[0], ref[0]);
        QVERIFY2(std::abs(got[1].toDouble() - ref[1].toDouble()) <= relative * std::abs(ref[1].toDouble()),
                 qPrintable(lines[k] + QStringLiteral(" vs PyTorch's ") + want[k]));
    }
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
    void fitMatchesPyTorch_data();
    void fitMatchesPyTorch();
    void fitUsageErrors_data();
    void fitUsageErrors();
    void fitSameBitsOnEveryInstructionSet();
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

// A command line refused with one explanation on stderr (its first line `firstLine` unless empty).
static void checkRefusal(const QStringList &args, int exitCode, const QString &firstLine)
{
    const Run r = runCli(args);
    QCOMPARE(r.status, QProcess::NormalExit);
    QCOMPARE(r.exitCode, exitCode);
    QVERIFY2(!r.err.isEmpty(), "an error must be explained on stderr");
    QCOMPARE(r.out, QString());
    if (!firstLine.isEmpty())
        QVERIFY2(r.err.startsWith(firstLine), qPrintable(r.err));
}

void TestCli::usageErrors()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, firstLine);
    checkRefusal(args, exitCode, firstLine);
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
    const QString expectedErr = expected.value(QLatin1String("stderr")).toString();
    checkOutcome(r, expectedErr);
    if (QTest::currentTestFailed() || !expectedErr.isEmpty())
        return;
    checkLossLines(r.out, expected.value(QLatin1String("stdout")).toString(), 1e-6);
    for (const auto &[path, key] : {std::pair{weightPath, "weight"}, std::pair{headPath, "lm_head"}})
        QVERIFY2(testing::maxAbsDiff(npyTensor(path),
                                     testing::tensorFromJson(expected.value(QLatin1String(key)))) <= 1e-5,
                 key);
}

// Issue #27: embedlab-cli fit against PyTorch 1.13 running the same loop (tests/golden/gen_fit.py):
// the lines of the steps printed, losses within 1e-5 relative, emb.weight within 1e-4, and
// Python's UnicodeDecodeError for a file that is not UTF-8.
void TestCli::fitMatchesPyTorch_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QJsonObject>("expected");
    const QList<testing::CliCase> cases = testing::cliCases(QStringLiteral("fit/cases.json"));
    QVERIFY(cases.size() >= 16);
    for (const testing::CliCase &c : cases)
        QTest::newRow(qPrintable(c.args.mid(1).join(QLatin1Char(' ')).section(QLatin1Char('/'), -1)))
            << c.args << c.json;
}

void TestCli::fitMatchesPyTorch()
{
    QFETCH(QStringList, args);
    QFETCH(QJsonObject, expected);
    QTemporaryDir dir;
    const QString weightPath = dir.filePath(QStringLiteral("emb.npy"));
    const Run r = runCli(args + QStringList{QStringLiteral("--npy"), weightPath});
    const QString expectedErr = expected.value(QLatin1String("stderr")).toString();
    checkOutcome(r, expectedErr);
    if (QTest::currentTestFailed() || !expectedErr.isEmpty())
        return;
    checkLossLines(r.out, expected.value(QLatin1String("stdout")).toString(), 1e-5);
    const core::Tensor weight = npyTensor(weightPath);
    QCOMPARE(weight.dim(), core::Index(2));
    if (expected.contains(QLatin1String("weight")))
        QVERIFY(testing::maxAbsDiff(
                    weight, testing::tensorFromJson(expected.value(QLatin1String("weight")))) <= 1e-4);
}

void TestCli::fitUsageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("firstLine");
    const QString text = testing::goldenPath(QStringLiteral("fit/tiny.txt"));
    const QStringList chars{QStringLiteral("--tokenizer"), QStringLiteral("chars")};
    const auto fit = [&](const QStringList &rest) { return QStringList{QStringLiteral("fit"), text} + rest; };
    QTest::newRow("no tokenizer") << fit({}) << 2
                                  << "embedlab-cli: 'fit' needs --tokenizer TOKENIZER (a tokenizer file) or "
                                     "--tokenizer chars";
    QTest::newRow("no file") << QStringList{QStringLiteral("fit")} + chars << 2
                             << "embedlab-cli: 'fit' needs one TEXT_FILE, got 0";
    QTest::newRow("two files") << fit(chars + QStringList{text}) << 2
                               << "embedlab-cli: 'fit' needs one TEXT_FILE, got 2";
    QTest::newRow("dim 0") << fit(chars + QStringList{QStringLiteral("--dim"), QStringLiteral("0")}) << 2
                           << "embedlab-cli: --dim must be at least 1, got 0";
    QTest::newRow("context -1") << fit(chars + QStringList{QStringLiteral("--context"), QStringLiteral("-1")})
                                << 2 << "embedlab-cli: --context must be at least 1, got -1";
    QTest::newRow("every 0") << fit(chars + QStringList{QStringLiteral("--every"), QStringLiteral("0")}) << 2
                             << "embedlab-cli: --every must be at least 1, got 0";
    QTest::newRow("steps -1") << fit(chars + QStringList{QStringLiteral("--steps"), QStringLiteral("-1")})
                              << 2 << "embedlab-cli: --steps must not be negative, got -1";
    QTest::newRow("batch text") << fit(chars + QStringList{QStringLiteral("--batch"), QStringLiteral("many")})
                                << 1 << "ValueError: invalid literal for int() with base 10: 'many'";
    QTest::newRow("unknown option") << fit(chars + QStringList{QStringLiteral("--lr"), QStringLiteral("0.1")})
                                    << 2 << "embedlab-cli: unknown option --lr for 'fit'";
    QTest::newRow("unknown optimiser")
        << fit(chars + QStringList{QStringLiteral("--optimizer"), QStringLiteral("rmsprop")}) << 2
        << "embedlab-cli: --optimizer: unknown optimiser 'rmsprop' (sgd or adam)";
    QTest::newRow("torch.optim's refusal")
        << fit(chars + QStringList{QStringLiteral("--optimizer"), QStringLiteral("sgd:lr=0.1,nesterov=1")})
        << 1 << "ValueError: Nesterov momentum requires a momentum and zero dampening";
    QTest::newRow("too few tokens")
        << fit(chars + QStringList{QStringLiteral("--context"), QStringLiteral("11")}) << 1
        << "ValueError: the text has 11 tokens: a context of 11 needs at least 12 (one example)";
    QTest::newRow("missing file")
        << QStringList{QStringLiteral("fit"), QStringLiteral("/nonexistent.txt")} + chars << 1
        << "RuntimeError: cannot open '/nonexistent.txt': No such file or directory";
    QTest::newRow("missing tokenizer")
        << fit({QStringLiteral("--tokenizer"), QStringLiteral("/nonexistent/vocab.json")}) << 1 << QString();
}

void TestCli::fitUsageErrors()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, firstLine);
    checkRefusal(args, exitCode, firstLine);
}

// Every instruction set gives the same bits (the AVX2 loops reproduce the plain ones exactly).
void TestCli::fitSameBitsOnEveryInstructionSet()
{
    QTemporaryDir dir;
    QByteArray weights[2];
    QString printed[2];
    const char *isas[2] = {"baseline", "avx2"};
    for (int i = 0; i < 2; ++i) {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("EMBEDLAB_ISA"), QLatin1String(isas[i]));
        p.setProcessEnvironment(env);
        const QString npy = dir.filePath(QStringLiteral("w%1.npy").arg(i));
        p.start(QStringLiteral(EMBEDLAB_CLI_PATH),
                {QStringLiteral("fit"), QStringLiteral(EMBEDLAB_ROOT_DIR "/resources/texts/zh.txt"),
                 QStringLiteral("--tokenizer"), QStringLiteral("chars"), QStringLiteral("--steps"),
                 QStringLiteral("60"), QStringLiteral("--every"), QStringLiteral("1"),
                 QStringLiteral("--tied"), QStringLiteral("--bias"), QStringLiteral("--dim"),
                 QStringLiteral("37"), QStringLiteral("--batch"), QStringLiteral("45"),
                 QStringLiteral("--npy"), npy});
        QVERIFY(p.waitForFinished(120000));
        QCOMPARE(p.exitCode(), 0);
        printed[i] = QString::fromUtf8(p.readAllStandardOutput());
        QFile f(npy);
        QVERIFY(f.open(QIODevice::ReadOnly));
        weights[i] = f.readAll();
    }
    QCOMPARE(printed[0].count(QLatin1Char('\n')), 60);
    QCOMPARE(printed[1], printed[0]);
    QVERIFY(weights[1] == weights[0]);
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
