// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// The .safetensors reader against PyTorch tensors (tests/golden/gen_formats.py) and the writer,
// issue "Real weights".
#include "common/Golden.h"
#include "core/io/SafetensorsWriter.h"
#include "core/io/WeightFile.h"
#include "core/tensor/Error.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cstring>

using namespace embedlab;

namespace {} // namespace

class TestSafetensors : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void matchesTorch_data();
    void matchesTorch();
    void readsMetadata();
    void writerRoundTrips();
    void writerRefusesBadNames_data();
    void writerRefusesBadNames();
    void writerReportsUnwritablePath();
    void writerEscapesNamesAsJson_data();
    void writerEscapesNamesAsJson();
};

void TestSafetensors::matchesTorch_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("tensor");
    QTest::addColumn<QJsonObject>("expected");
    const QJsonObject files =
        testing::loadGolden(QStringLiteral("formats/expected.json")).value(QLatin1String("files")).toObject();
    for (auto it = files.begin(); it != files.end(); ++it) {
        if (!it.key().endsWith(QLatin1String(".safetensors")))
            continue;
        const QJsonObject tensors = it.value().toObject();
        for (auto t = tensors.begin(); t != tensors.end(); ++t)
            QTest::addRow("%s %s", qPrintable(it.key()), qPrintable(t.key()))
                << it.key() << t.key() << t.value().toObject();
    }
}

void TestSafetensors::matchesTorch()
{
    QFETCH(QString, file);
    QFETCH(QString, tensor);
    QFETCH(QJsonObject, expected);
    const core::WeightFile w = core::WeightFile::open(testing::formatFile(file).toStdString());
    QCOMPARE(w.format(), core::WeightFile::Format::Safetensors);
    const core::TensorInfo &t = w.tensor(tensor.toStdString());
    QCOMPARE(QString::fromStdString(t.dtype), expected.value(QLatin1String("dtype")).toString());
    const core::Tensor want = testing::tensorFromJson(expected);
    QCOMPARE(t.shape, want.shape);
    const auto got = w.toFloat32(tensor.toStdString());
    QVERIFY(got.has_value());
    QCOMPARE(testing::bitMismatches(*got, want), 0LL);
    if (t.dtype == "F32")
        QVERIFY(w.view(tensor.toStdString()).has_value()); // header padded to 8 bytes: aligned floats
}

void TestSafetensors::readsMetadata()
{
    const core::WeightFile w =
        core::WeightFile::open(testing::formatFile(QStringLiteral("tied_alias.safetensors")).toStdString());
    const std::vector<std::pair<std::string, std::string>> expected = {
        {"format", "pt"}, {"note", "lm_head.weight = wte.weight"}};
    QCOMPARE(w.metadata(), expected);
}

void TestSafetensors::writerRoundTrips()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("weights.safetensors"));
    std::vector<float> a(12), b(5);
    for (std::size_t i = 0; i < a.size(); ++i)
        a[i] = static_cast<float>(i) * 0.5f - 3.0f;
    for (std::size_t i = 0; i < b.size(); ++i)
        b[i] = 1.0f / static_cast<float>(i + 1);
    core::writeSafetensors(path.toStdString(),
                           {{"embedding.weight", a.data(), {3, 4}}, {"bias \"q\"", b.data(), {5}}},
                           {{"format", "pt"}, {"source", "EmbedLab"}});
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{QStringLiteral("weights.safetensors")});

    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray bytes = f.readAll();
    quint64 headerLength = 0;
    std::memcpy(&headerLength, bytes.constData(), 8);
    QCOMPARE(headerLength % 8, 0u);
    QCOMPARE(quint64(bytes.size()), 8 + headerLength + (12 + 5) * 4);

    const core::WeightFile w = core::WeightFile::open(path.toStdString());
    QCOMPARE(w.tensors().size(), std::size_t(2));
    QCOMPARE(w.tensors()[0].name, std::string("embedding.weight"));
    QCOMPARE(w.tensors()[1].name, std::string("bias \"q\""));
    QCOMPARE(w.tensors()[0].shape, (core::Shape{3, 4}));
    const auto view = w.view("embedding.weight");
    QVERIFY(view.has_value());
    QCOMPARE(std::vector<float>(view->data, view->data + 12), a);
    QCOMPARE(w.toFloat32("bias \"q\"")->data, b);
    const std::vector<std::pair<std::string, std::string>> metadata = {{"format", "pt"},
                                                                       {"source", "EmbedLab"}};
    QCOMPARE(w.metadata(), metadata);
}

void TestSafetensors::writerRefusesBadNames_data()
{
    QTest::addColumn<QString>("first");
    QTest::addColumn<QString>("second");
    QTest::addColumn<QString>("message");
    QTest::newRow("duplicate") << "w"
                               << "w"
                               << "duplicate tensor name 'w'";
    QTest::newRow("reserved") << "w"
                              << "__metadata__"
                              << "cannot save a tensor named '__metadata__' in safetensors";
    QTest::newRow("empty") << ""
                           << "w"
                           << "cannot save a tensor named '' in safetensors";
}

void TestSafetensors::writerRefusesBadNames()
{
    QFETCH(QString, first);
    QFETCH(QString, second);
    QFETCH(QString, message);
    QTemporaryDir dir;
    const float x[] = {1.0f};
    try {
        core::writeSafetensors(dir.filePath(QStringLiteral("w.safetensors")).toStdString(),
                               {{first.toStdString(), x, {1}}, {second.toStdString(), x, {1}}});
        QFAIL("expected an error");
    } catch (const core::Error &e) {
        QCOMPARE(QString::fromStdString(e.what()), message);
    }
    QVERIFY(QDir(dir.path()).entryList(QDir::Files).isEmpty());
}

void TestSafetensors::writerReportsUnwritablePath()
{
    const float x[] = {1.0f};
    try {
        core::writeSafetensors("/nonexistent-dir/w.safetensors", {{"w", x, {1}}});
        QFAIL("expected an error");
    } catch (const core::Error &e) {
        QCOMPARE(QString::fromStdString(e.what()),
                 QStringLiteral("cannot write '/nonexistent-dir/w.safetensors': No such file or directory"));
    }
}

void TestSafetensors::writerEscapesNamesAsJson_data()
{
    // The writer escapes names and metadata with core::jsonString, as Python's json.dumps(...,
    // ensure_ascii=False) and the safetensors library's serde_json write them (issue #24 item 8: its
    // own escaper wrote \u0009 for a tab). Expected escapes printed by Python 3.11's json module.
    QTest::addColumn<QByteArray>("name");
    QTest::addColumn<QByteArray>("escaped");
    QTest::newRow("quote and backslash") << QByteArray(R"(a"b\c)") << QByteArray(R"("a\"b\\c")");
    QTest::newRow("tab newline return") << QByteArray("t\tn\nr\r") << QByteArray(R"("t\tn\nr\r")");
    QTest::newRow("backspace form feed") << QByteArray("\b\f") << QByteArray(R"("\b\f")");
    QTest::newRow("other controls") << QByteArray("\x01\x1f") << QByteArray(R"("\u0001\u001f")");
    QTest::newRow("Vietnamese") << QByteArray("tr\xe1\xbb\x8dng s\xe1\xbb\x91")
                                << QByteArray("\"tr\xe1\xbb\x8dng s\xe1\xbb\x91\"");
    QTest::newRow("slash kept") << QByteArray("model/wte") << QByteArray(R"("model/wte")");
}

void TestSafetensors::writerEscapesNamesAsJson()
{
    QFETCH(QByteArray, name);
    QFETCH(QByteArray, escaped);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("names.safetensors"));
    const float x[] = {1.0f, -2.0f};
    const std::string text = name.toStdString();
    core::writeSafetensors(path.toStdString(), {{text, x, {2}}}, {{text, text}});
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray bytes = f.readAll();
    quint64 headerLength = 0;
    std::memcpy(&headerLength, bytes.constData(), 8);
    const QByteArray header = bytes.mid(8, qsizetype(headerLength));
    QCOMPARE(header.count(escaped + ':'), 2); // the tensor's name and the metadata key
    QVERIFY(header.contains(':' + escaped + '}'));
    // Read back as written.
    const core::WeightFile w = core::WeightFile::open(path.toStdString());
    QCOMPARE(w.tensors().size(), std::size_t(1));
    QCOMPARE(w.tensors()[0].name, text);
    QCOMPARE(w.toFloat32(text)->data, (std::vector<float>{1.0f, -2.0f}));
    const std::vector<std::pair<std::string, std::string>> metadata = {{text, text}};
    QCOMPARE(w.metadata(), metadata);
}

QTEST_GUILESS_MAIN(TestSafetensors)
#include "tst_safetensors.moc"
