// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// Issue #12: the .deb's programs run on an x86-64-v2 CPU without AVX (QEMU's Westmere model) and
// print exactly what they print natively: the golden CLI cases and a heatmap export.
#include "common/Golden.h"

#include <QImage>
#include <QJsonArray>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QTest>

using namespace embedlab;

namespace {

struct Run {
    int exitCode = -1;
    QProcess::ExitStatus status = QProcess::CrashExit;
    QString out, err;
};

// program under `qemu-x86_64 -cpu Westmere`, or natively when cpu is empty.
Run run(const QString &cpu, const QString &program, const QStringList &args, const QStringList &env = {})
{
    QProcess p;
    QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
    e.remove(QStringLiteral("EMBEDLAB_ISA"));
    for (const QString &kv : env)
        e.insert(kv.section(QLatin1Char('='), 0, 0), kv.section(QLatin1Char('='), 1));
    p.setProcessEnvironment(e);
    if (cpu.isEmpty())
        p.start(program, args);
    else
        p.start(QStringLiteral(EMBEDLAB_QEMU_PATH), QStringList{QStringLiteral("-cpu"), cpu, program} + args);
    Run r;
    if (!p.waitForFinished(600000))
        return r;
    r.exitCode = p.exitCode();
    r.status = p.exitStatus();
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

} // namespace

class TestPackage : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cliUnderWestmereMatchesPyTorch_data();
    void cliUnderWestmereMatchesPyTorch();
    void westmereHasNoAvx2();
    void heatmapExportUnderWestmereMatchesNative();

private:
    QTemporaryDir m_root;
    QString m_cli, m_gui;
};

void TestPackage::initTestCase()
{
    QVERIFY(m_root.isValid());
    QProcess extract;
    extract.start(QStringLiteral("dpkg-deb"),
                  QStringList{QStringLiteral("-x"), QStringLiteral(EMBEDLAB_DEB_PATH), m_root.path()});
    QVERIFY(extract.waitForFinished(120000));
    QCOMPARE(extract.exitCode(), 0);
    m_cli = m_root.filePath(QStringLiteral("usr/bin/embedlab-cli"));
    m_gui = m_root.filePath(QStringLiteral("usr/bin/embedlab"));
    QVERIFY(QFileInfo(m_cli).isExecutable());
    QVERIFY(QFileInfo(m_gui).isExecutable());
}

void TestPackage::cliUnderWestmereMatchesPyTorch_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("expectedOut");
    QTest::addColumn<QString>("expectedErr");
    const QList<testing::CliCase> cases = testing::cliCases();
    QVERIFY(cases.size() >= 40);
    for (const testing::CliCase &c : cases)
        QTest::newRow(qPrintable(c.args.join(QLatin1Char(' ')))) << c.args << c.out << c.err;
}

void TestPackage::cliUnderWestmereMatchesPyTorch()
{
    QFETCH(QStringList, args);
    QFETCH(QString, expectedOut);
    QFETCH(QString, expectedErr);
    const Run r = run(QStringLiteral("Westmere"), m_cli, args);
    // A SIGILL shows as qemu's "uncaught target signal 4" and a crash exit code.
    QVERIFY2(r.status == QProcess::NormalExit, qPrintable(r.err));
    QCOMPARE(r.err, expectedErr);
    QCOMPARE(r.out, expectedErr.isEmpty() ? expectedOut : QString());
    QCOMPARE(r.exitCode, expectedErr.isEmpty() ? 0 : 1);
}

void TestPackage::westmereHasNoAvx2()
{
    // The emulated CPU really lacks AVX2: asking for it falls back to the baseline kernels with a
    // note, and the numbers stay the same.
    const QStringList args{
        QStringLiteral("linear"),        QStringLiteral("70"), QStringLiteral("50"),
        QStringLiteral("--seed"),        QStringLiteral("3"),  QStringLiteral("--onehot-forward"),
        QStringLiteral("[[2,3],[69,0]]")};
    const Run native = run(QString(), m_cli, args);
    QCOMPARE(native.exitCode, 0);
    const Run forced = run(QStringLiteral("Westmere"), m_cli, args, {QStringLiteral("EMBEDLAB_ISA=avx2")});
    QCOMPARE(forced.exitCode, 0);
    QVERIFY2(
        forced.err.contains(QLatin1String("EMBEDLAB_ISA=avx2 is not supported by this CPU, using baseline")),
        qPrintable(forced.err));
    QCOMPARE(forced.out, native.out);
}

void TestPackage::heatmapExportUnderWestmereMatchesNative()
{
    QTemporaryDir out;
    QVERIFY(out.isValid());
    const QStringList common{QStringLiteral("--export"),
                             QStringLiteral("heatmap"),
                             QStringLiteral("--seed"),
                             QStringLiteral("7"),
                             QStringLiteral("--num-embeddings"),
                             QStringLiteral("3000"),
                             QStringLiteral("--embedding-dim"),
                             QStringLiteral("200"),
                             QStringLiteral("--out")};
    const QString nativePng = out.filePath(QStringLiteral("native.png"));
    const QString westmerePng = out.filePath(QStringLiteral("westmere.png"));
    const QStringList env{QStringLiteral("QT_QPA_PLATFORM=offscreen")};
    const Run native = run(QString(), m_gui, common + QStringList{nativePng}, env);
    QVERIFY2(native.exitCode == 0, qPrintable(native.err));
    const Run westmere = run(QStringLiteral("Westmere"), m_gui, common + QStringList{westmerePng}, env);
    QVERIFY2(westmere.status == QProcess::NormalExit && westmere.exitCode == 0, qPrintable(westmere.err));
    const QImage a(nativePng), b(westmerePng);
    QVERIFY(!a.isNull());
    QVERIFY(a.width() > 100 && a.height() > 100);
    QCOMPARE(b.size(), a.size());
    QVERIFY2(a == b, "the heatmap exported under Westmere differs from the native export");
}

QTEST_GUILESS_MAIN(TestPackage)
#include "tst_package.moc"
