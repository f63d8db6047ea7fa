// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// Issue "Reliability": a table of hostile inputs to embedlab-cli and to the headless modes of
// embedlab (--export, --screenshot). Each must end the process normally (never by a signal, a
// sanitizer report or a hang) with a non-zero exit code and a one-line message on stderr.
#include "common/Files.h"
#include "common/GgufBytes.h"
#include "common/Process.h"
#include "core/io/NpyWriter.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <iterator>

using namespace embedlab;

namespace {

using Run = testing::ProcessResult;

// What no error may ever contain: signs of a crash, a sanitizer or an uncaught exception.
const char *const kCrashSigns[] = {"AddressSanitizer",
                                   "LeakSanitizer",
                                   "runtime error:",
                                   "terminate called",
                                   "Segmentation fault",
                                   "Aborted",
                                   "core dumped",
                                   "QFATAL",
                                   "ASSERT"};

enum class Expect { Fails, Any };

constexpr int fails = int(Expect::Fails);
constexpr int any = int(Expect::Any);

QString s(const char *text)
{
    return QString::fromUtf8(text);
}

void row(const char *name, const QStringList &args, int expect)
{
    QTest::newRow(name) << args << expect;
}

QStringList withArgs(QStringList a, std::initializer_list<const char *> rest)
{
    for (const char *r : rest)
        a << s(r);
    return a;
}

QStringList emb(std::initializer_list<const char *> rest)
{
    return withArgs({s("embedding"), s("4"), s("5")}, rest);
}

QStringList lin(std::initializer_list<const char *> rest)
{
    return withArgs({s("linear"), s("5"), s("4")}, rest);
}

QString nested(int depth)
{
    return QString(depth, QLatin1Char('[')) + s("1") + QString(depth, QLatin1Char(']'));
}

// The rows of cli_data(), by what they attack.
void addSizeRows()
{
    // Sizes.
    row("no command", {}, fails);
    row("unknown command", {s("frobnicate")}, fails);
    row("one size", {s("embedding"), s("4")}, fails);
    row("three sizes", {s("embedding"), s("4"), s("5"), s("6")}, fails);
    row("negative rows", {s("embedding"), s("-1"), s("5")}, fails);
    row("negative dim", {s("embedding"), s("4"), s("-5")}, fails);
    row("text size", {s("embedding"), s("abc"), s("5")}, fails);
    row("float size", {s("embedding"), s("4.5"), s("5")}, fails);
    row("empty size", {s("embedding"), s(""), s("5")}, fails);
    row("overflowing size", {s("embedding"), s("99999999999999999999"), s("5")}, fails);
    row("1e9 x 768", {s("embedding"), s("1000000000"), s("768")}, fails);
    row("storage overflow", {s("embedding"), s("9223372036854775807"), s("9223372036854775807")}, fails);
    row("linear negative", {s("linear"), s("5"), s("-4")}, fails);
    row("linear absurd", {s("linear"), s("1000000000"), s("1000000000")}, fails);
    row("linear text", {s("linear"), s("a"), s("b")}, fails);
}

void addOptionRows()
{
    // Options.
    row("unknown option", emb({"--frobnicate"}), fails);
    row("seed without value", emb({"--seed"}), fails);
    row("seed text", emb({"--seed", "abc"}), fails);
    row("seed overflow", emb({"--seed", "999999999999999999999999"}), fails);
    row("padding_idx too big", emb({"--padding-idx", "4"}), fails);
    row("padding_idx too small", emb({"--padding-idx", "-5"}), fails);
    row("padding_idx text", emb({"--padding-idx", "x"}), fails);
    row("max_norm text", emb({"--max-norm", "big"}), fails);
    row("max_norm nan", emb({"--max-norm", "nan", "--lookup", "1"}), any);
    row("max_norm inf", emb({"--max-norm", "inf", "--lookup", "1"}), any);
    // Initialisers.
    row("unknown init", emb({"--init", "glorot"}), fails);
    row("init without value", emb({"--init"}), fails);
    row("init empty", emb({"--init", ""}), fails);
    row("init only keywords", emb({"--init", ":std=1"}), fails);
    row("unknown keyword", emb({"--init", "normal:sigma=1"}), fails);
    row("keyword without value", emb({"--init", "normal:std"}), fails);
    row("keyword repeated", emb({"--init", "normal:std=1,std=2"}), fails);
    row("keyword text", emb({"--init", "normal:std=wide"}), fails);
    row("std negative", emb({"--init", "normal:std=-1"}), fails);
    row("std nan", emb({"--init", "normal:std=nan"}), fails);
    row("mean inf", emb({"--init", "normal:mean=inf"}), any);
    row("uniform reversed", emb({"--init", "uniform:a=1,b=0"}), fails);
    row("uniform nan", emb({"--init", "uniform:a=nan,b=1"}), any);
    row("uniform inf", emb({"--init", "uniform:a=-inf,b=inf"}), any);
    row("trunc_normal reversed", emb({"--init", "trunc_normal:a=1,b=-1"}), any);
    row("trunc_normal nan", emb({"--init", "trunc_normal:mean=nan"}), any);
    row("kaiming bad mode", emb({"--init", "kaiming_uniform:mode=fan_middle"}), fails);
    row("kaiming bad nonlinearity", emb({"--init", "kaiming_normal:nonlinearity=swish"}), fails);
    row("kaiming a text", emb({"--init", "kaiming_uniform:a=x"}), fails);
    row("xavier gain text", emb({"--init", "xavier_uniform:gain=abc"}), fails);
    row("xavier gain nan", emb({"--init", "xavier_normal:gain=nan"}), any);
    row("orthogonal gain inf", emb({"--init", "orthogonal:gain=inf"}), any);
    row("constant missing val", emb({"--init", "constant"}), fails);
    row("constant nan", emb({"--init", "constant:val=nan"}), any);
    row("constant 1e309", emb({"--init", "constant:val=1e309"}), any);
    row("eye on 3-D-less", lin({"--init", "eye:gain=2"}), fails);
}

void addIdRows()
{
    const QString deep = nested(60000);
    const QString wide = nested(200);
    // Ids.
    row("id -1", emb({"--lookup", "-1"}), fails);
    row("id 4 of 4", emb({"--lookup", "4"}), fails);
    row("id text", emb({"--lookup", "two"}), fails);
    row("ids empty", emb({"--lookup", ""}), fails);
    row("ids []", emb({"--lookup", "[]"}), fails);
    row("ids ragged", emb({"--lookup", "[[1, 2], [3]]"}), fails);
    row("ids unclosed", emb({"--lookup", "[1, 2"}), fails);
    row("ids overflow", emb({"--lookup", "99999999999999999999"}), fails);
    row("ids float", emb({"--lookup", "1.5"}), fails);
    row("ids 200 deep", QStringList{s("embedding"), s("4"), s("5"), s("--lookup"), wide}, any);
    row("ids 60000 deep", QStringList{s("embedding"), s("4"), s("5"), s("--lookup"), deep}, fails);
    row("onehot id too big", lin({"--onehot-forward", "5"}), fails);
    row("onehot id negative", lin({"--onehot-forward", "-1"}), fails);
    row("onehot ids 60000 deep", QStringList{s("linear"), s("5"), s("4"), s("--onehot-forward"), deep},
        fails);
}

void addPathRows()
{
    // Output paths.
    row("npy unwritable", emb({"--npy", "/proc/embedlab-hostile.npy"}), fails);
    row("npy missing folder", emb({"--npy", "{dir}/no/such/folder/w.npy"}), fails);
    row("npy is a folder", emb({"--npy", "{dir}/folder.npy"}), fails);
    row("npy empty path", emb({"--npy", ""}), fails);
    row("bias-npy without bias", lin({"--no-bias", "--bias-npy", "{dir}/b.npy"}), fails);
    row("bias-npy unwritable", lin({"--bias-npy", "/proc/embedlab-hostile-b.npy"}), fails);
    // Files that are not what their extension says.
    const char *const files[] = {"missing.npy",         "empty.npy",           "png.npy",
                                 "text.safetensors",    "npy.safetensors",     "hugeheader.safetensors",
                                 "badjson.safetensors", "offsets.safetensors", "text.gguf",
                                 "truncated.gguf",      "safetensors.npy",     "hugeshape.npy",
                                 "negativeshape.npy",   "session.embedlab",    "folder.npy",
                                 "shortblocks.gguf",    "partialblock.gguf"};
    for (const char *f : files) {
        const QString path = s("{dir}/") + s(f);
        QTest::newRow(qPrintable(s("inspect ") + s(f))) << QStringList{s("inspect"), path} << fails;
        QTest::newRow(qPrintable(s("convert ") + s(f)))
            << QStringList{s("convert"), path, s("--npy"), s("{dir}/converted.npy")} << fails;
        // None of them is a tokenizer either (issue #14).
        QTest::newRow(qPrintable(s("tokenize ") + s(f)))
            << QStringList{s("tokenize"), path, s("Hello")} << fails;
    }
    // Issue #30: a tensor of a ggml type EmbedLab lists but does not decode.
    row("convert IQ2_XXS", {s("convert"), s("{dir}/iq2.gguf:w"), s("--npy"), s("{dir}/converted.npy")},
        fails);
    row("tokenize /dev/zero", {s("tokenize"), s("/dev/zero"), s("Hello")}, fails);
    row("detokenize /dev/null", {s("detokenize"), s("/dev/null"), s("1")}, fails);
    row("tokenize without text", {s("tokenize"), s("{dir}/valid.npy")}, fails);
    row("detokenize ids not numbers", {s("detokenize"), s("{dir}/valid.npy"), s("1,,2")}, fails);
    row("inspect /dev/zero", {s("inspect"), s("/dev/zero")}, fails);
    row("inspect /dev/null", {s("inspect"), s("/dev/null")}, fails);
    row("inspect without file", {s("inspect")}, fails);
    row("inspect two files", {s("inspect"), s("{dir}/valid.npy"), s("{dir}/valid.npy")}, fails);
    row("convert no tensor of that name",
        {s("convert"), s("{dir}/valid.npy:nope"), s("--npy"), s("{dir}/c.npy")}, fails);
    row("convert without --npy", {s("convert"), s("{dir}/valid.npy")}, fails);
    row("convert unwritable", {s("convert"), s("{dir}/valid.npy"), s("--npy"), s("/proc/embedlab-c.npy")},
        fails);
    row("convert onto itself folder", {s("convert"), s("{dir}/valid.npy"), s("--npy"), s("{dir}/folder.npy")},
        fails);
}

// Issue #27: `fit` on files that are not texts, sizes that cannot be allocated, numbers that overflow.
void addFitRows()
{
    const auto fit = [](const char *file, std::initializer_list<const char *> rest) {
        return withArgs({s("fit"), s(file)}, rest);
    };
    row("fit text file missing", fit("{dir}/missing.txt", {"--tokenizer", "chars"}), fails);
    row("fit a folder", fit("{dir}/folder.npy", {"--tokenizer", "chars"}), fails);
    row("fit /dev/zero", fit("/dev/zero", {"--tokenizer", "chars"}), fails);
    row("fit an empty file", fit("{dir}/empty.npy", {"--tokenizer", "chars"}), fails);
    row("fit binary bytes", fit("{dir}/png.npy", {"--tokenizer", "chars"}), fails);
    row("fit zero bytes", fit("{dir}/session.embedlab", {"--tokenizer", "chars", "--steps", "3"}), any);
    row("fit tokenizer not a tokenizer", fit("{dir}/text.safetensors", {"--tokenizer", "{dir}/text.gguf"}),
        fails);
    row("fit tokenizer missing", fit("{dir}/text.safetensors", {"--tokenizer", "{dir}/nope.json"}), fails);
    row("fit tokenizer empty", fit("{dir}/text.safetensors", {"--tokenizer", ""}), fails);
    row("fit absurd dim", fit("{dir}/text.safetensors", {"--tokenizer", "chars", "--dim", "1000000000000"}),
        fails);
    row("fit absurd batch",
        fit("{dir}/text.safetensors", {"--tokenizer", "chars", "--batch", "100000000000"}), fails);
    row("fit absurd context",
        fit("{dir}/text.safetensors", {"--tokenizer", "chars", "--context", "9223372036854775807"}), fails);
    row("fit steps overflow",
        fit("{dir}/text.safetensors", {"--tokenizer", "chars", "--steps", "99999999999999999999"}), fails);
    row("fit every huge",
        fit("{dir}/text.safetensors",
            {"--tokenizer", "chars", "--steps", "3", "--every", "9223372036854775807"}),
        any);
    row("fit lr nan",
        fit("{dir}/text.safetensors", {"--tokenizer", "chars", "--steps", "3", "--optimizer", "adam:lr=nan"}),
        any);
    row("fit lr inf",
        fit("{dir}/text.safetensors", {"--tokenizer", "chars", "--steps", "3", "--optimizer", "sgd:lr=inf"}),
        any);
    row("fit npy unwritable",
        fit("{dir}/text.safetensors",
            {"--tokenizer", "chars", "--steps", "1", "--npy", "/proc/embedlab-fit.npy"}),
        fails);
}

} // namespace

class TestHostile : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cli_data();
    void cli();
    void gui_data();
    void gui();

private:
    QStringList expand(const QStringList &args) const;
    void check(const QString &program, const QStringList &args, Expect expect, int timeoutMs);

    QTemporaryDir m_dir;
    bool m_exportAvailable = false;
};

void TestHostile::initTestCase()
{
    QVERIFY(m_dir.isValid());
    const QString d = m_dir.path();
    auto write = [&](const QString &name, const QByteArray &bytes) {
        QVERIFY(testing::writeFile(d + QLatin1Char('/') + name, bytes));
    };
    const float w[] = {0.5f, -1.0f, 2.0f, 0.25f, 1.5f, -0.75f};
    core::writeNpy((d + QStringLiteral("/valid.npy")).toStdString(), w, {2, 3});
    write(QStringLiteral("empty.npy"), {});
    write(QStringLiteral("png.npy"), QByteArray("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16) + QByteArray(100, 'x'));
    write(QStringLiteral("text.safetensors"), "hello, I am a text file\n");
    write(QStringLiteral("npy.safetensors"), QByteArray("\x93NUMPY\x01\x00", 8) + QByteArray(120, ' '));
    write(QStringLiteral("hugeheader.safetensors"), QByteArray("\xff\xff\xff\xff\xff\xff\xff\x7f{}", 10));
    write(QStringLiteral("badjson.safetensors"), QByteArray("\x10\0\0\0\0\0\0\0{\"a\": [1, 2, ", 16));
    write(
        QStringLiteral("offsets.safetensors"),
        QByteArray("\x50\0\0\0\0\0\0\0", 8) +
            QByteArray(
                "{\"w\":{\"dtype\":\"F32\",\"shape\":[1000000,1000000],\"data_offsets\":[0,4000000000000]}}")
                .leftJustified(0x50, ' '));
    write(QStringLiteral("text.gguf"), "GGUF? no.\n");
    write(QStringLiteral("truncated.gguf"),
          QByteArray("GGUF\x03\0\0\0", 8) + QByteArray("\xff\xff\xff\xff\xff\xff\xff\x7f", 8));
    // Issue #30: Q4_K blocks cut short by the end of the file, a Q4_K row of 100 elements, an IQ2_XXS
    // tensor (listed, never decoded).
    write(QStringLiteral("shortblocks.gguf"), testing::ggufMatrix("w", 12, 4, 256, QByteArray(300, '\x7b')));
    write(QStringLiteral("partialblock.gguf"), testing::ggufMatrix("w", 12, 2, 100, QByteArray(288, '\x7b')));
    write(QStringLiteral("iq2.gguf"), testing::ggufMatrix("w", 16, 1, 256, QByteArray(66, '\x7b')));
    write(QStringLiteral("safetensors.npy"), QByteArray("\x02\0\0\0\0\0\0\0{}", 10));
    QByteArray huge("\x93NUMPY\x01\x00", 8);
    QByteArray header("{'descr': '<f4', 'fortran_order': False, 'shape': (1000000000, 1000000000), }");
    header = header.leftJustified(117, ' ') + '\n';
    huge.append(char(header.size())).append('\0').append(header).append(QByteArray(16, '\0'));
    write(QStringLiteral("hugeshape.npy"), huge);
    QByteArray negative("\x93NUMPY\x01\x00", 8);
    QByteArray negHeader("{'descr': '<f4', 'fortran_order': False, 'shape': (-1, 3), }");
    negHeader = negHeader.leftJustified(117, ' ') + '\n';
    negative.append(char(negHeader.size())).append('\0').append(negHeader);
    write(QStringLiteral("negativeshape.npy"), negative);
    write(QStringLiteral("session.embedlab"), QByteArray(300, '\0'));
    write(QStringLiteral("absurd.embedlab"),
          "{\"version\": 1, \"config\": {\"numEmbeddings\": 1000000000, \"embeddingDim\": 1000000000, "
          "\"num_embeddings\": 1000000000, \"embedding_dim\": 1000000000}, \"ids\": \"2, 3, 1\"}");
    write(
        QStringLiteral("negative.embedlab"),
        "{\"version\": 1, \"config\": {\"numEmbeddings\": -4, \"embeddingDim\": -5, \"num_embeddings\": -4, "
        "\"embedding_dim\": -5, \"seed\": -1, \"maxNorm\": \"nan\"}}");
    QVERIFY(QDir(d).mkdir(QStringLiteral("folder.npy")));

#ifdef EMBEDLAB_GUI_PATH
    const Run help =
        testing::runProcess(QStringLiteral(EMBEDLAB_GUI_PATH), {QStringLiteral("--help")}, 60000);
    m_exportAvailable = help.out.contains(QStringLiteral("--export"));
#endif
}

QStringList TestHostile::expand(const QStringList &args) const
{
    QStringList out;
    for (QString a : args)
        out << a.replace(QStringLiteral("{dir}"), m_dir.path());
    return out;
}

void TestHostile::check(const QString &program, const QStringList &args, Expect expect, int timeoutMs)
{
    const Run r = testing::runProcess(program, expand(args), timeoutMs);
    QVERIFY2(r.finished,
             qPrintable(QStringLiteral("hung for %1 ms; stderr: %2").arg(timeoutMs).arg(r.err.left(500))));
    QVERIFY2(r.status == QProcess::NormalExit,
             qPrintable(QStringLiteral("ended by a signal; stderr:\n%1").arg(r.err.left(3000))));
    for (const char *sign : kCrashSigns)
        QVERIFY2(!r.err.contains(QLatin1String(sign)), qPrintable(r.err.left(3000)));
    if (expect == Expect::Any)
        return;
    QVERIFY2(r.exitCode != 0, qPrintable(QStringLiteral("exit code 0; stdout: %1").arg(r.out.left(300))));
    // Qt's own start-up notes (runtime folder, fonts, platform plugin) are not the message.
    QStringList lines;
    for (const QString &line : r.err.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        static const char *const noise[] = {"QStandardPaths:", "qt.", "Fontconfig",
                                            "This plugin does not support"};
        if (std::none_of(std::begin(noise), std::end(noise),
                         [&](const char *n) { return line.startsWith(QLatin1String(n)); }))
            lines << line;
    }
    QVERIFY2(!lines.isEmpty(), "an error must be explained on stderr");
    const QString first = lines.first();
    QVERIFY2(first.size() >= 8 && first.size() <= 400, qPrintable(first));
    // Exit code 1 is an error as PyTorch words it: exactly one line. Exit code 2 is a usage mistake:
    // the one-line message first, then (embedlab-cli) the usage text.
    if (r.exitCode == 1)
        QVERIFY2(lines.size() == 1, qPrintable(r.err.left(2000)));
}

void TestHostile::cli_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("expect");
    addSizeRows();
    addOptionRows();
    addIdRows();
    addPathRows();
    addFitRows();
}

void TestHostile::cli()
{
    QFETCH(QStringList, args);
    QFETCH(int, expect);
    check(QStringLiteral(EMBEDLAB_CLI_PATH), args, Expect(expect), 120000);
}

void TestHostile::gui_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<bool>("needsExport");
    auto guiRow = [](const char *name, const QStringList &args, bool needsExport) {
        QTest::newRow(name) << args << needsExport;
    };
    // The screenshot mode exists now.
    guiRow("screenshot unwritable", {s("--screenshot"), s("/proc/embedlab-hostile.png")}, false);
    guiRow("screenshot missing folder", {s("--screenshot"), s("{dir}/no/such/folder/x.png")}, false);
    guiRow("screenshot into a folder", {s("--screenshot"), s("{dir}/folder.npy")}, false);
    guiRow("screenshot unknown preset", {s("--screenshot"), s("{dir}/x.png"), s("--preset"), s("gpt5")},
           false);
    // The headless export mode: these rows fail if `embedlab --help` stops listing --export.
    auto ex = [&](std::initializer_list<const char *> rest) {
        QStringList a{s("--export"), s("heatmap"), s("--out"), s("{dir}/x.png")};
        for (const char *r : rest)
            a << s(r);
        return a;
    };
    const QString deep = nested(60000);
    guiRow("export without value", {s("--export")}, true);
    guiRow("export unknown view", {s("--export"), s("everything"), s("--out"), s("{dir}/x.png")}, true);
    guiRow("export without --out", {s("--export"), s("heatmap")}, true);
    guiRow("export unwritable", {s("--export"), s("heatmap"), s("--out"), s("/proc/embedlab-hostile.png")},
           true);
    guiRow("export missing folder", {s("--export"), s("window"), s("--out"), s("{dir}/no/such/folder/x.png")},
           true);
    guiRow("export into a folder", {s("--export"), s("heatmap"), s("--out"), s("{dir}/folder.npy")}, true);
    guiRow("export unknown format", {s("--export"), s("heatmap"), s("--out"), s("{dir}/x.unknownformat")},
           true);
    guiRow("export empty path", {s("--export"), s("heatmap"), s("--out"), s("")}, true);
    guiRow("export scale 0", ex({"--scale", "0"}), true);
    guiRow("export scale negative", ex({"--scale", "-2"}), true);
    guiRow("export scale text", ex({"--scale", "big"}), true);
    guiRow("export scale nan", ex({"--scale", "nan"}), true);
    guiRow("export scale absurd", ex({"--scale", "1000000000"}), true);
    guiRow("export size absurd",
           {s("--export"), s("window"), s("--out"), s("{dir}/x.png"), s("--size"), s("200000x200000")}, true);
    guiRow("export size text",
           {s("--export"), s("window"), s("--out"), s("{dir}/x.png"), s("--size"), s("wide")}, true);
    guiRow("export V negative", ex({"--num-embeddings", "-1"}), true);
    guiRow("export V text", ex({"--num-embeddings", "many"}), true);
    guiRow("export V 1e9 x 768", ex({"--num-embeddings", "1000000000", "--embedding-dim", "768"}), true);
    guiRow("export V = D = 1e9", ex({"--num-embeddings", "1000000000", "--embedding-dim", "1000000000"}),
           true);
    guiRow("export D overflow", ex({"--embedding-dim", "99999999999999999999"}), true);
    guiRow("export id -1", ex({"--ids", "-1"}), true);
    guiRow("export id 4 of 4", ex({"--ids", "4"}), true);
    guiRow("export ids text", ex({"--ids", "two"}), true);
    guiRow("export ids ragged", ex({"--ids", "[[1, 2], [3]]"}), true);
    guiRow("export ids 60000 deep", QStringList(ex({})) << s("--ids") << deep, true);
    // Issue #30: quantised weights EmbedLab refuses, with the type or the damage named.
    guiRow("export weights IQ2_XXS", ex({"--weights", "{dir}/iq2.gguf"}), true);
    guiRow("export weights Q4_K cut short", ex({"--weights", "{dir}/shortblocks.gguf"}), true);
    guiRow("export unknown init", ex({"--init", "glorot"}), true);
    guiRow("export init std nan", ex({"--init", "normal:std=nan"}), true);
    guiRow("export init std negative", ex({"--init", "normal:std=-1"}), true);
    guiRow("export init bad mode", ex({"--init", "kaiming_uniform:mode=sideways"}), true);
    guiRow("export seed text", ex({"--seed", "abc"}), true);
    guiRow("export damaged session", ex({"--session", "{dir}/session.embedlab"}), true);
    guiRow("export missing session", ex({"--session", "{dir}/missing.embedlab"}), true);
    guiRow("export session that is a png", ex({"--session", "{dir}/png.npy"}), true);
    guiRow("export absurd session", ex({"--session", "{dir}/absurd.embedlab"}), true);
    guiRow("export negative session", ex({"--session", "{dir}/negative.embedlab"}), true);
}

void TestHostile::gui()
{
#ifndef EMBEDLAB_GUI_PATH
    QSKIP("built without the GUI");
#else
    QFETCH(QStringList, args);
    QFETCH(bool, needsExport);
    // A changed --help must not turn these rows into silent skips (#13).
    if (needsExport)
        QVERIFY2(m_exportAvailable, "embedlab --help no longer lists --export");
    check(QStringLiteral(EMBEDLAB_GUI_PATH), args, Expect::Fails, 180000);
#endif
}

QTEST_GUILESS_MAIN(TestHostile)
#include "tst_hostile.moc"
