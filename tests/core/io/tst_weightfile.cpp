// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// The common weight-file interface: format detection, tie detection, parameter counts, block-wise
// conversion with progress, and `embedlab-cli inspect/convert` end to end (issue "Real weights").
#include "common/Golden.h"
#include "common/Process.h"
#include "core/io/MappedFile.h"
#include "core/io/WeightFile.h"
#include "core/tensor/Error.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <type_traits>

using namespace embedlab;

Q_DECLARE_METATYPE(std::vector<core::TiedPair>)

namespace {

using Run = testing::ProcessResult;

Run runCli(const QStringList &args)
{
    return testing::runProcess(QStringLiteral(EMBEDLAB_CLI_PATH), args);
}

void writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QCOMPARE(f.write(bytes), bytes.size());
}

} // namespace

class TestWeightFile : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void findsTies_data();
    void findsTies();
    void refusesWhatItCannotRead_data();
    void refusesWhatItCannotRead();
    void convertsInBlocksWithProgress();
    void cancelStopsConversion();
    void mappedFileIsMoveOnly();
    void cliInspect_data();
    void cliInspect();
    void cliConvert_data();
    void cliConvert();
    void cliErrors_data();
    void cliErrors();

private:
    QTemporaryDir m_dir;
};

void TestWeightFile::findsTies_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<std::vector<core::TiedPair>>("pairs");
    QTest::addColumn<QString>("absent");
    QTest::addColumn<qint64>("parameters");
    // Shared storage counts once, as sum(p.numel() for p in model.parameters()) after loading.
    QTest::newRow("aliased offsets") << "tied_alias.safetensors"
                                     << std::vector<core::TiedPair>{{"wte.weight", "lm_head.weight", true}}
                                     << "" << qint64(40 + 16 + 4 + 4 + 6 + 3 + 3 + 2);
    QTest::newRow("equal copies; equal zeros are not a tie")
        << "tied_copy.safetensors"
        << std::vector<core::TiedPair>{{"transformer.wte.weight", "lm_head.weight", false}} << ""
        << qint64(18 + 6 + 6);
    QTest::newRow("GPT-2 stores only wte") << "gpt2_like.safetensors" << std::vector<core::TiedPair>{}
                                           << "wte.weight -> lm_head.weight" << qint64(48 + 20 + 4);
    QTest::newRow("GGUF without output.weight")
        << "tiny.gguf" << std::vector<core::TiedPair>{} << "token_embd.weight -> output.weight"
        << qint64(32 + 12 + 8 + 128 + 32);
    QTest::newRow("one array") << "f4_le_c.npy" << std::vector<core::TiedPair>{} << "" << qint64(12);
}

void TestWeightFile::findsTies()
{
    QFETCH(QString, file);
    QFETCH(std::vector<core::TiedPair>, pairs);
    QFETCH(QString, absent);
    QFETCH(qint64, parameters);
    const core::WeightFile w = core::WeightFile::open(testing::formatFile(file).toStdString());
    QCOMPARE(w.tiedPairs(), pairs);
    const auto tie = w.absentTie();
    QCOMPARE(tie ? QString::fromStdString(tie->present + " -> " + tie->absent) : QString(), absent);
    QCOMPARE(qint64(w.parameterCount()), parameters);
}

void TestWeightFile::refusesWhatItCannotRead_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("message");
    const QString advice = QStringLiteral(
        "EmbedLab never executes pickles. Convert it in Python: "
        "safetensors.torch.save_file(torch.load(path, weights_only=True), 'model.safetensors') "
        "(safetensors.torch.save_model(model, ...) for a model with tied weights), or "
        "numpy.save('weight.npy', tensor.float().numpy()) for one tensor");
    QTest::newRow("legacy torch.save pickle")
        << "model.pt" << QByteArray::fromHex("80028a0a6c5afc9c46f9206aa85019")
        << QStringLiteral("a Python pickle (torch.save). ") + advice;
    QTest::newRow("torch.save zip") << "pytorch_model.bin" << QByteArray("PK\x03\x04\x00\x00\x08\x00", 8)
                                    << QStringLiteral("a PyTorch zip checkpoint (torch.save). ") + advice;
    QTest::newRow("npz archive") << "weights.npz" << QByteArray("PK\x03\x04\x14\x00\x00\x00", 8)
                                 << QStringLiteral(
                                        "a NumPy .npz archive holds several arrays; save the one you want "
                                        "with numpy.save (numpy.save('weight.npy', "
                                        "numpy.load(path)['NAME']))");
    QTest::newRow("unknown .pt content")
        << "x.pt" << QByteArray("hello world")
        << QStringLiteral("not a .npy, .safetensors or GGUF file (first bytes 68 65 6c "
                          "6c 6f 20 77 6f). If it came from torch.save: ") +
               advice;
    QTest::newRow("text file") << "notes.txt" << QByteArray("hello")
                               << QStringLiteral(
                                      "not a .npy, .safetensors or GGUF file (first bytes 68 65 6c 6c 6f)");
}

void TestWeightFile::refusesWhatItCannotRead()
{
    QFETCH(QString, name);
    QFETCH(QByteArray, bytes);
    QFETCH(QString, message);
    const QString path = m_dir.filePath(name);
    writeFile(path, bytes);
    try {
        core::WeightFile::open(path.toStdString());
        QFAIL("the file was accepted");
    } catch (const core::Error &e) {
        QCOMPARE(QString::fromStdString(e.what()), path + QStringLiteral(": ") + message);
    }
}

void TestWeightFile::convertsInBlocksWithProgress()
{
    // 2.5 Mi half floats: three blocks of at most 1 Mi elements.
    const qsizetype n = 5 * 512 * 1024;
    QByteArray dict = "{'descr': '<f2', 'fortran_order': False, 'shape': (" + QByteArray::number(n) + ",), }";
    dict += QByteArray(64 - (10 + dict.size() + 1) % 64, ' ') + '\n';
    QByteArray data(n * 2, '\0');
    for (qsizetype i = 0; i < n; ++i)
        data[2 * i + 1] = char(0x3c); // 1.0 as float16
    const quint16 length = quint16(dict.size());
    const QString path = m_dir.filePath(QStringLiteral("halves.npy"));
    writeFile(path, "\x93NUMPY\x01" + QByteArray(1, '\0') +
                        QByteArray(reinterpret_cast<const char *>(&length), 2) + dict + data);
    const core::WeightFile w = core::WeightFile::open(path.toStdString());
    std::vector<double> fractions;
    const auto t = w.toFloat32("array", [&fractions](double f) {
        fractions.push_back(f);
        return true;
    });
    QVERIFY(t.has_value());
    QCOMPARE(fractions, (std::vector<double>{0.4, 0.8, 1.0}));
    QCOMPARE(std::count(t->data.begin(), t->data.end(), 1.0f), std::ptrdiff_t(n));
}

void TestWeightFile::cancelStopsConversion()
{
    const QString path = m_dir.filePath(QStringLiteral("halves.npy"));
    if (!QFile::exists(path))
        QSKIP("needs the file of convertsInBlocksWithProgress");
    const core::WeightFile w = core::WeightFile::open(path.toStdString());
    int calls = 0;
    const auto t = w.toFloat32("array", [&calls](double) { return ++calls < 2; });
    QVERIFY(!t.has_value());
    QCOMPARE(calls, 2);
}

void TestWeightFile::mappedFileIsMoveOnly()
{
    static_assert(!std::is_copy_constructible_v<core::MappedFile> &&
                  std::is_nothrow_move_constructible_v<core::MappedFile>);
    core::MappedFile a(testing::formatFile(QStringLiteral("f4_le_c.npy")).toStdString());
    const std::size_t size = a.size();
    QVERIFY(size > 0);
    core::MappedFile b(std::move(a));
    QCOMPARE(b.size(), size);
    QCOMPARE(a.size(), std::size_t(0)); // NOLINT(bugprone-use-after-move): moved-from is empty by contract
    QVERIFY(a.data() == nullptr);
    try {
        core::MappedFile missing(m_dir.filePath(QStringLiteral("missing.npy")).toStdString());
        QFAIL("a missing file was mapped");
    } catch (const core::Error &e) {
        QCOMPARE(e.kind(), core::Error::Kind::RuntimeError);
        QVERIFY(QString::fromStdString(e.what()).endsWith(
            QLatin1String("missing.npy': No such file or directory")));
    }
    try {
        core::MappedFile directory(m_dir.path().toStdString());
        QFAIL("a directory was mapped");
    } catch (const core::Error &e) {
        QCOMPARE(QString::fromStdString(e.what()),
                 QStringLiteral("cannot open '") + m_dir.path() + QStringLiteral("': it is a directory"));
    }
}

void TestWeightFile::cliInspect_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("expected");
    const QJsonObject inspect = testing::loadGolden(QStringLiteral("formats/expected.json"))
                                    .value(QLatin1String("inspect"))
                                    .toObject();
    for (auto it = inspect.begin(); it != inspect.end(); ++it) {
        QString lines;
        for (const QJsonValue &line : it.value().toArray())
            lines += line.toString() + QLatin1Char('\n');
        QTest::newRow(qPrintable(it.key())) << it.key() << lines;
    }
    QTest::newRow("f8_be_fortran.npy") << "f8_be_fortran.npy"
                                       << "array\t>f8\t3x4\n";
    QTest::newRow("scalar.npy") << "scalar.npy"
                                << "array\t<f4\t\n";
}

void TestWeightFile::cliInspect()
{
    QFETCH(QString, file);
    QFETCH(QString, expected);
    const Run r = runCli({QStringLiteral("inspect"), testing::formatFile(file)});
    QCOMPARE(r.status, QProcess::NormalExit);
    QCOMPARE(r.err, QString());
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out, expected);
}

void TestWeightFile::cliConvert_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("tensor");
    QTest::newRow("big-endian Fortran f8") << "f8_be_fortran.npy"
                                           << "";
    QTest::newRow("npy tensor named array") << "f2_le_specials.npy"
                                            << "array";
    QTest::newRow("safetensors BF16") << "tied_alias.safetensors"
                                      << "h.0.attn.weight";
    QTest::newRow("safetensors F32 view") << "tied_alias.safetensors"
                                          << "lm_head.weight";
    QTest::newRow("GGUF Q8_0") << "tiny.gguf"
                               << "blk.0.ffn_down.weight";
    QTest::newRow("GGUF F32") << "tiny.gguf"
                              << "token_embd.weight";
}

void TestWeightFile::cliConvert()
{
    QFETCH(QString, file);
    QFETCH(QString, tensor);
    const QString out = m_dir.filePath(QStringLiteral("out.npy"));
    QFile::remove(out);
    const QString source =
        tensor.isEmpty() ? testing::formatFile(file) : testing::formatFile(file) + QLatin1Char(':') + tensor;
    const Run r = runCli({QStringLiteral("convert"), source, QStringLiteral("--npy"), out});
    QCOMPARE(r.status, QProcess::NormalExit);
    QCOMPARE(r.err, QString());
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out, QString());

    const core::WeightFile w = core::WeightFile::open(out.toStdString());
    QCOMPARE(w.tensors().front().dtype, std::string("<f4"));
    QVERIFY(!w.tensors().front().fortranOrder);
    const QJsonObject expected = testing::loadGolden(QStringLiteral("formats/expected.json"))
                                     .value(QLatin1String("files"))
                                     .toObject()
                                     .value(file)
                                     .toObject()
                                     .value(tensor.isEmpty() ? QStringLiteral("array") : tensor)
                                     .toObject();
    QCOMPARE(testing::bitMismatches(*w.toFloat32("array"), testing::tensorFromJson(expected)), 0LL);
}

void TestWeightFile::cliErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    const QString bad = m_dir.filePath(QStringLiteral("bad.safetensors"));
    const quint64 length = 9000000000ull;
    writeFile(bad, QByteArray(reinterpret_cast<const char *>(&length), 8) + "{" + QByteArray(1015, ' '));
    QTest::newRow("header length past the end")
        << QStringList{QStringLiteral("inspect"), bad}
        << QStringLiteral("ValueError: ") + bad +
               QStringLiteral(": header length 9000000000 exceeds file size 1024");
    QTest::newRow("convert a malformed file")
        << QStringList{QStringLiteral("convert"), bad + QStringLiteral(":w"), QStringLiteral("--npy"),
                       m_dir.filePath(QStringLiteral("x.npy"))}
        << QStringLiteral("ValueError: ") + bad +
               QStringLiteral(": header length 9000000000 exceeds file size 1024");
    const QString gguf = testing::formatFile(QStringLiteral("tiny.gguf"));
    QTest::newRow("no tensor named") << QStringList{QStringLiteral("convert"), gguf, QStringLiteral("--npy"),
                                                    m_dir.filePath(QStringLiteral("x.npy"))}
                                     << QStringLiteral("ValueError: ") + gguf +
                                            QStringLiteral(" holds 5 tensors; name one as "
                                                           "FILE:TENSOR (see embedlab-cli "
                                                           "inspect ") +
                                            gguf + QStringLiteral(")");
    QTest::newRow("unknown tensor")
        << QStringList{QStringLiteral("convert"), gguf + QStringLiteral(":lm_head.weight"),
                       QStringLiteral("--npy"), m_dir.filePath(QStringLiteral("x.npy"))}
        << QStringLiteral("ValueError: ") + gguf +
               QStringLiteral(": no tensor named 'lm_head.weight' (it has: token_embd.weight, "
                              "blk.0.attn_q.weight, blk.0.ffn_up.weight, "
                              "blk.0.ffn_down.weight, blk.0.attn_k.weight)");
    QTest::newRow("unsupported quantisation")
        << QStringList{QStringLiteral("convert"), gguf + QStringLiteral(":blk.0.attn_k.weight"),
                       QStringLiteral("--npy"), m_dir.filePath(QStringLiteral("x.npy"))}
        << QStringLiteral("ValueError: ") + gguf +
               QStringLiteral(
                   ": tensor 'blk.0.attn_k.weight': GGUF type Q4_0 is not supported (EmbedLab reads F32, "
                   "F16, BF16 and Q8_0; re-quantise with llama.cpp's llama-quantize to Q8_0 or convert to "
                   "F16)");
    QTest::newRow("missing --npy") << QStringList{QStringLiteral("convert"), gguf}
                                   << QStringLiteral("ValueError: convert needs FILE[:TENSOR] --npy OUT");
    QTest::newRow("inspect without a file") << QStringList{QStringLiteral("inspect")}
                                            << QStringLiteral("ValueError: inspect needs exactly one FILE "
                                                              "(embedlab-cli inspect FILE)");
}

void TestWeightFile::cliErrors()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const Run r = runCli(args);
    QCOMPARE(r.status, QProcess::NormalExit);
    QCOMPARE(r.exitCode, 1);
    QCOMPARE(r.out, QString());
    QCOMPARE(r.err, message + QLatin1Char('\n'));
    QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("x.npy"))));
}

QTEST_GUILESS_MAIN(TestWeightFile)
#include "tst_weightfile.moc"
