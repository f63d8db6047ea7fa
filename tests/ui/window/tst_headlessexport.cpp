// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/io/WeightFile.h"
#include "core/tensor/Parameter.h"
#include "ui/model/SessionFile.h"

#include <QCoreApplication>
#include <QFile>
#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <bit>

class TestHeadlessExport : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void eachViewAndFormat_data();
    void eachViewAndFormat();
    void options();
    void badOptions_data();
    void badOptions();
    void oneOptionList();
    void exportHoldsTheFilesValues_data();
    void exportHoldsTheFilesValues();
    void windowOfASessionReplaysItsFit();

private:
    struct Run {
        int exitCode = -1;
        QString stderrText;
        QString stdoutText;
    };
    Run run(const QStringList &arguments);
    QString m_program;
    QTemporaryDir m_dir;
};

void TestHeadlessExport::initTestCase()
{
    m_program = QCoreApplication::applicationDirPath() + QStringLiteral("/../app/embedlab");
    QVERIFY2(QFile::exists(m_program), qPrintable(m_program));
    QVERIFY(m_dir.isValid());
}

TestHeadlessExport::Run TestHeadlessExport::run(const QStringList &arguments)
{
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_dir.filePath(QStringLiteral("config")));
    env.insert(QStringLiteral("XDG_RUNTIME_DIR"), m_dir.path());
    process.setProcessEnvironment(env);
    process.start(m_program, arguments);
    if (!process.waitForFinished(180000))
        return {};
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            QString::fromLocal8Bit(process.readAllStandardError()),
            QString::fromLocal8Bit(process.readAllStandardOutput())};
}

void TestHeadlessExport::eachViewAndFormat_data()
{
    QTest::addColumn<QString>("view");
    QTest::addColumn<QString>("suffix");
    for (const char *view : {"heatmap", "onehot", "histogram", "unembedding", "window"})
        for (const char *suffix : {"png", "svg", "pdf"})
            QTest::addRow("%s.%s", view, suffix) << QString::fromLatin1(view) << QString::fromLatin1(suffix);
}

void TestHeadlessExport::eachViewAndFormat()
{
    QFETCH(QString, view);
    QFETCH(QString, suffix);
    const QString out = m_dir.filePath(view + QLatin1Char('.') + suffix);
    const Run r = run({QStringLiteral("--export"), view, QStringLiteral("--out"), out});
    QVERIFY2(r.exitCode == 0, qPrintable(r.stderrText));
    QFile file(out);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray head = file.read(64);
    if (suffix == QLatin1String("png"))
        QVERIFY(head.startsWith("\x89PNG"));
    else if (suffix == QLatin1String("pdf"))
        QVERIFY(head.startsWith("%PDF"));
    else
        QVERIFY(head.contains("<?xml") || head.contains("<svg"));
}

void TestHeadlessExport::options()
{
    const QString out = m_dir.filePath(QStringLiteral("options.png"));
    const Run r = run({QStringLiteral("--export"),    QStringLiteral("heatmap"),
                       QStringLiteral("--out"),       out,
                       QStringLiteral("--scale"),     QStringLiteral("2"),
                       QStringLiteral("--projector"), QStringLiteral("--language"),
                       QStringLiteral("vi"),          QStringLiteral("--seed"),
                       QStringLiteral("7"),           QStringLiteral("--num-embeddings"),
                       QStringLiteral("6"),           QStringLiteral("--embedding-dim"),
                       QStringLiteral("3"),           QStringLiteral("--ids"),
                       QStringLiteral("5,0"),         QStringLiteral("--tied"),
                       QStringLiteral("--init"),      QStringLiteral("normal:std=0.02"),
                       QStringLiteral("--size"),      QStringLiteral("500x300")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.stderrText));
    const QImage image(out);
    QCOMPARE(image.size(), QSize(1000, 600));
    QVERIFY(std::abs(image.dotsPerMeterX() * 0.0254 - 192.0) < 0.5);

    const QString window = m_dir.filePath(QStringLiteral("projector.png"));
    const Run w = run({QStringLiteral("--export"), QStringLiteral("window"), QStringLiteral("--out"), window,
                       QStringLiteral("--projector")});
    QVERIFY2(w.exitCode == 0, qPrintable(w.stderrText));
    QCOMPARE(QImage(window).size(), QSize(1024, 768));

    // Issue #25 item 5: a slide's PNG on no background at all.
    const QString clear = m_dir.filePath(QStringLiteral("transparent.png"));
    const Run t =
        run({QStringLiteral("--export"), QStringLiteral("heatmap"), QStringLiteral("--out"), clear,
             QStringLiteral("--background"), QStringLiteral("transparent"), QStringLiteral("--scale"),
             QStringLiteral("2"), QStringLiteral("--size"), QStringLiteral("400x300")});
    QVERIFY2(t.exitCode == 0, qPrintable(t.stderrText));
    const QImage transparent = QImage(clear).convertToFormat(QImage::Format_ARGB32);
    QCOMPARE(transparent.size(), QSize(800, 600));
    QCOMPARE(qAlpha(transparent.pixel(0, 0)), 0);
    QCOMPARE(qAlpha(transparent.pixel(799, 599)), 0);
}

void TestHeadlessExport::badOptions_data()
{
    QTest::addColumn<QStringList>("arguments");
    const QString png = QStringLiteral("x.png");
    const auto a = [](std::initializer_list<const char *> list) {
        QStringList out;
        for (const char *s : list)
            out.append(QString::fromLatin1(s));
        return out;
    };
    QTest::newRow("unknown view") << a({"--export", "table", "--out", "x.png"});
    QTest::newRow("no out") << a({"--export", "heatmap"});
    QTest::newRow("bad suffix") << a({"--export", "heatmap", "--out", "x.jpg"});
    QTest::newRow("scale 5") << a({"--export", "heatmap", "--out", "x.png", "--scale", "5"});
    QTest::newRow("language") << a({"--export", "heatmap", "--out", "x.png", "--language", "fr"});
    QTest::newRow("unknown option") << a({"--export", "heatmap", "--out", "x.png", "--colour", "red"});
    QTest::newRow("bad ids") << a({"--export", "heatmap", "--out", "x.png", "--ids", "2,9"});
    QTest::newRow("bad init") << a({"--export", "heatmap", "--out", "x.png", "--init", "bogus:x=1"});
    QTest::newRow("bad size") << a({"--export", "heatmap", "--out", "x.png", "--num-embeddings", "-3"});
    QTest::newRow("missing session") << a(
        {"--export", "heatmap", "--out", "x.png", "--session", "/no/such.embedlab"});
    QTest::newRow("unwritable") << a({"--export", "heatmap", "--out", "/no/such/dir/x.png"});
    QTest::newRow("background") << a({"--export", "heatmap", "--out", "x.png", "--background", "grey"});
    QTest::newRow("the window's option")
        << a({"--export", "heatmap", "--out", "x.png", "--scenario", "tied"});
    Q_UNUSED(png);
}

void TestHeadlessExport::badOptions()
{
    QFETCH(QStringList, arguments);
    const Run r = run(arguments);
    QVERIFY(r.exitCode != 0);
    QVERIFY(r.exitCode != -1); // no crash
    // One line of ours, after whatever the platform printed.
    const QStringList lines = r.stderrText.trimmed().split(QLatin1Char('\n'));
    QVERIFY2(lines.last().startsWith(QStringLiteral("embedlab: ")), qPrintable(r.stderrText));
    QCOMPARE(r.stderrText.count(QStringLiteral("embedlab: ")), 1);
}

void TestHeadlessExport::oneOptionList()
{
    // Issue #24 item 8: the window and --export read one list (CommandLine), so --help names every
    // option of both, and an option of one is refused by the other by its name.
    const Run help = run({QStringLiteral("--help")});
    QCOMPARE(help.exitCode, 0);
    for (const char *option : {"--export", "--out", "--scale", "--weights", "--preset", "--step", "--size",
                               "--screenshot", "--scenario", "--dump-session"})
        QVERIFY2(help.stdoutText.contains(QLatin1String(option)), option);
    const Run window = run({QStringLiteral("--out"), QStringLiteral("x.png")});
    QCOMPARE(window.exitCode, 2);
    QVERIFY2(window.stderrText.contains(QStringLiteral("embedlab: --out goes with --export")),
             qPrintable(window.stderrText));
    const Run exported = run({QStringLiteral("--export"), QStringLiteral("heatmap"), QStringLiteral("--out"),
                              m_dir.filePath(QStringLiteral("o.png")), QStringLiteral("--dump-session"),
                              m_dir.filePath(QStringLiteral("s.embedlab"))});
    QCOMPARE(exported.exitCode, 2);
    QVERIFY2(exported.stderrText.contains(QStringLiteral("--dump-session goes with the window")),
             qPrintable(exported.stderrText));
}

namespace {

// 1100 x 1000: over a million weights, so the model is built, restored and initialised on worker
// threads, where the export once ran before the restore (issue #15).
constexpr qint64 kRows = 1100;
constexpr qint64 kColumns = 1000;

float valueAt(qint64 i)
{
    // Exact in bf16 (8 significant bits) and far from normal_(0, 1)'s or normal_(0, 5)'s draws.
    return float(100 + i % 97) * (i % 2 ? 1.0f : -1.0f);
}

/// A one-tensor bf16 .safetensors of kRows x kColumns valueAt(i).
QByteArray bf16Safetensors()
{
    QByteArray header = QByteArrayLiteral("{\"wte.weight\":{\"dtype\":\"BF16\",\"shape\":[") +
                        QByteArray::number(kRows) + ',' + QByteArray::number(kColumns) +
                        QByteArrayLiteral("],\"data_offsets\":[0,") +
                        QByteArray::number(kRows * kColumns * 2) + QByteArrayLiteral("]}}");
    header += QByteArray((8 - header.size() % 8) % 8, ' ');
    QByteArray bytes(8, '\0');
    const quint64 length = quint64(header.size());
    for (int k = 0; k < 8; ++k)
        bytes[k] = char((length >> (8 * k)) & 0xff);
    bytes += header;
    for (qint64 i = 0; i < kRows * kColumns; ++i) {
        const auto bits = std::bit_cast<quint32>(valueAt(i)) >> 16;
        bytes += char(bits & 0xff);
        bytes += char(bits >> 8);
    }
    return bytes;
}

} // namespace

void TestHeadlessExport::exportHoldsTheFilesValues_data()
{
    QTest::addColumn<QString>("source");
    QTest::newRow("--weights bf16 safetensors") << QStringLiteral("weights");
    QTest::newRow("--session with stored weights and an initialiser") << QStringLiteral("session");
}

// Issue #15: what is exported is what the file holds, never the seed's normal_(0, 1) values nor a
// session's initialiser that its stored weights replace.
void TestHeadlessExport::exportHoldsTheFilesValues()
{
    QFETCH(QString, source);
    QStringList arguments{QStringLiteral("--export"), QStringLiteral("weights")};
    if (source == QLatin1String("weights")) {
        const QString file = m_dir.filePath(QStringLiteral("lone_wte.safetensors"));
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
        out.write(bf16Safetensors());
        out.close();
        arguments << QStringLiteral("--weights") << file;
    } else {
        namespace ui = embedlab::ui;
        ui::SessionFile::Session session;
        session.config.numEmbeddings = kRows;
        session.config.embeddingDim = kColumns;
        session.config.seed = 7;
        session.inits.append({QStringLiteral("embedding.weight"), QStringLiteral("normal:std=5"), {}});
        embedlab::core::Parameter stored({kRows, kColumns});
        for (qint64 i = 0; i < kRows * kColumns; ++i)
            stored.value().data()[i] = valueAt(i);
        const QString file = m_dir.filePath(QStringLiteral("stored.embedlab"));
        const QString error =
            ui::SessionFile::write(file, session, {{QStringLiteral("embedding.weight"), &stored}});
        QVERIFY2(error.isEmpty(), qPrintable(error));
        arguments << QStringLiteral("--session") << file;
    }
    const QString npy = m_dir.filePath(source + QStringLiteral("_exported.npy"));
    arguments << QStringLiteral("--out") << npy;
    const Run r = run(arguments);
    QVERIFY2(r.exitCode == 0, qPrintable(r.stderrText));
    const auto exported = embedlab::core::WeightFile::open(npy.toStdString()).toFloat32("array");
    QVERIFY(exported.has_value());
    QCOMPARE(exported->shape, (embedlab::core::Shape{kRows, kColumns}));
    for (qint64 i = 0; i < kRows * kColumns; ++i) {
        if (exported->data[std::size_t(i)] != valueAt(i))
            QFAIL(qPrintable(QStringLiteral("element %1 is %2, the file holds %3")
                                 .arg(i)
                                 .arg(double(exported->data[std::size_t(i)]))
                                 .arg(double(valueAt(i)))));
    }
}

void TestHeadlessExport::windowOfASessionReplaysItsFit()
{
    // Issue #27: a session keeps the Fit a Text run's settings; exporting its window waited for an
    // idle signal the fit never gave, and the window must show the run replayed to its step.
    namespace ui = embedlab::ui;
    ui::SessionFile::Session session;
    session.view.panels = {QStringLiteral("layer"), QStringLiteral("fit")};
    session.view.fit = ui::FitState{QStringLiteral("own"),
                                    false,
                                    25,
                                    40,
                                    9,
                                    QStringLiteral("The king and the queen. The man and the woman.\n")};
    const QString file = m_dir.filePath(QStringLiteral("fit.embedlab"));
    QCOMPARE(ui::SessionFile::write(file, session), QString());
    const QString png = m_dir.filePath(QStringLiteral("fit.png"));
    const Run exported =
        run({QStringLiteral("--export"), QStringLiteral("window"), QStringLiteral("--size"),
             QStringLiteral("1024x768"), QStringLiteral("--session"), file, QStringLiteral("--out"), png});
    QVERIFY2(exported.exitCode == 0, qPrintable(exported.stderrText));
    QVERIFY(!QImage(png).isNull());
    const QString dumped = m_dir.filePath(QStringLiteral("fit-dumped.embedlab"));
    const Run dump = run({file, QStringLiteral("--dump-session"), dumped});
    QVERIFY2(dump.exitCode == 0, qPrintable(dump.stderrText));
    QString error;
    const std::optional<ui::SessionFile::Session> back = ui::SessionFile::read(dumped, &error);
    QVERIFY2(back, qPrintable(error));
    QVERIFY(back->view.fit == session.view.fit);
}

QTEST_GUILESS_MAIN(TestHeadlessExport)
#include "tst_headlessexport.moc"
