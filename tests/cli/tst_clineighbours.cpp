// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// `embedlab-cli neighbours` end to end (issue #14): the real executable against what
// F.cosine_similarity gave (tests/golden/gen_neighbours.py, tests/golden/cli/neighbours.json).
#include "common/Golden.h"
#include "common/Process.h"

#include <QProcess>
#include <QTest>

using namespace embedlab;

namespace {

using testing::runCli;

// The cases name files as @GOLDEN@/..., the tests/golden folder wherever it is.
QString located(QString text)
{
    QString golden = testing::goldenPath(QString());
    golden.chop(1);
    return text.replace(QLatin1String("@GOLDEN@"), golden);
}

} // namespace

class TestCliNeighbours : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void matchesPyTorch_data();
    void matchesPyTorch();
    void usageErrors_data();
    void usageErrors();
};

void TestCliNeighbours::matchesPyTorch_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("expectedOut");
    QTest::addColumn<QString>("expectedErr");
    const QList<testing::CliCase> cases = testing::cliCases(QStringLiteral("cli/neighbours.json"));
    QVERIFY(cases.size() >= 20);
    for (const testing::CliCase &c : cases) {
        QStringList args;
        for (const QString &a : c.args)
            args << located(a);
        QTest::newRow(qPrintable(c.args.join(QLatin1Char(' ')))) << args << c.out << located(c.err);
    }
}

void TestCliNeighbours::matchesPyTorch()
{
    QFETCH(QStringList, args);
    QFETCH(QString, expectedOut);
    QFETCH(QString, expectedErr);
    const testing::ProcessResult r = runCli(args);
    QCOMPARE(r.status, QProcess::NormalExit);
    QCOMPARE(r.err, expectedErr);
    QCOMPARE(r.out, expectedOut);
    QCOMPARE(r.exitCode, expectedErr.isEmpty() ? 0 : 1);
}

void TestCliNeighbours::usageErrors_data()
{
    const QString ties = located(QStringLiteral("@GOLDEN@/neighbours/ties.npy"));
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("firstLine");
    QTest::newRow("no row") << QStringList{QStringLiteral("neighbours"), ties}
                            << QStringLiteral(
                                   "embedlab-cli: 'neighbours' needs FILE[:TENSOR] and ROW, got 1 arguments");
    QTest::newRow("two rows")
        << QStringList{QStringLiteral("neighbours"), ties, QStringLiteral("1"), QStringLiteral("2")}
        << QStringLiteral("embedlab-cli: 'neighbours' needs FILE[:TENSOR] and ROW, got 3 arguments");
    QTest::newRow("unknown option") << QStringList{QStringLiteral("neighbours"), ties, QStringLiteral("1"),
                                                   QStringLiteral("--top")}
                                    << QStringLiteral("embedlab-cli: unknown option --top for 'neighbours'");
    QTest::newRow("k without value") << QStringList{QStringLiteral("neighbours"), ties, QStringLiteral("1"),
                                                    QStringLiteral("--k")}
                                     << QStringLiteral("embedlab-cli: option --k needs a value");
}

void TestCliNeighbours::usageErrors()
{
    QFETCH(QStringList, args);
    QFETCH(QString, firstLine);
    const testing::ProcessResult r = runCli(args);
    QCOMPARE(r.status, QProcess::NormalExit);
    QCOMPARE(r.exitCode, 2);
    QCOMPARE(r.out, QString());
    QVERIFY2(r.err.startsWith(firstLine + QLatin1Char('\n')), qPrintable(r.err));
}

QTEST_GUILESS_MAIN(TestCliNeighbours)
#include "tst_clineighbours.moc"
