// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// The GGUF reader against a file of PyTorch/NumPy tensors, Q8_0 quantised as ggml does
// (tests/golden/gen_formats.py), issue "Real weights".
#include "common/Golden.h"
#include "core/io/WeightFile.h"
#include "core/tensor/Error.h"

#include <QTest>

using namespace embedlab;

namespace {

QString fixture()
{
    return testing::formatFile(QStringLiteral("tiny.gguf"));
}

} // namespace

class TestGguf : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void matchesGgml_data();
    void matchesGgml();
    void shapesArePyTorchOrder();
    void q4_0BlockConverts();
    void readsMetadata_data();
    void readsMetadata();
    void missingOutputIsTiedToTokenEmbedding();
};

void TestGguf::matchesGgml_data()
{
    QTest::addColumn<QString>("tensor");
    QTest::addColumn<QJsonObject>("expected");
    const QJsonObject tensors = testing::loadGolden(QStringLiteral("formats/expected.json"))
                                    .value(QLatin1String("files"))
                                    .toObject()
                                    .value(QLatin1String("tiny.gguf"))
                                    .toObject();
    for (auto t = tensors.begin(); t != tensors.end(); ++t)
        QTest::newRow(qPrintable(t.key())) << t.key() << t.value().toObject();
}

void TestGguf::matchesGgml()
{
    QFETCH(QString, tensor);
    QFETCH(QJsonObject, expected);
    const core::WeightFile w = core::WeightFile::open(fixture().toStdString());
    QCOMPARE(w.format(), core::WeightFile::Format::Gguf);
    const core::TensorInfo &t = w.tensor(tensor.toStdString());
    QCOMPARE(QString::fromStdString(t.dtype), expected.value(QLatin1String("dtype")).toString());
    const core::Tensor want = testing::tensorFromJson(expected);
    QCOMPARE(t.shape, want.shape);
    QCOMPARE(t.offset % 32, 0u); // general.alignment
    const auto got = w.toFloat32(tensor.toStdString());
    QVERIFY(got.has_value());
    QCOMPARE(testing::bitMismatches(*got, want), 0LL);
    QCOMPARE(w.view(tensor.toStdString()).has_value(), t.dtype == "F32");
}

void TestGguf::shapesArePyTorchOrder()
{
    // The file stores ne = [4, 8] (innermost first) for a PyTorch [8, 4] embedding.
    const core::WeightFile w = core::WeightFile::open(fixture().toStdString());
    QCOMPARE(w.tensor("token_embd.weight").shape, (core::Shape{8, 4}));
    QCOMPARE(w.tensor("blk.0.ffn_down.weight").shape, (core::Shape{2, 64}));
    QCOMPARE(w.tensor("blk.0.ffn_down.weight").size, 4u * 34u); // four Q8_0 blocks
}

// Issue #30: the Q4_0 block that was only listed converts. Its bytes are 0, 1, ..., 17: d is the f16
// 0x0100 (2^-16) and byte 2 + j holds the quants of elements j (low nibble) and j + 16 (high
// nibble), each less 8 (ggml's block_q4_0 and dequantize_row_q4_0).
void TestGguf::q4_0BlockConverts()
{
    const core::WeightFile w = core::WeightFile::open(fixture().toStdString());
    const core::TensorInfo &t = w.tensor("blk.0.attn_k.weight");
    QCOMPARE(t.dtype, std::string("Q4_0"));
    QCOMPARE(t.size, 18u);
    QVERIFY(t.unsupported.empty());
    const auto got = w.toFloat32("blk.0.attn_k.weight");
    QVERIFY(got.has_value());
    QCOMPARE(got->shape, (core::Shape{1, 32}));
    for (int j = 0; j < 16; ++j) {
        QCOMPARE(got->data[std::size_t(j)], float(((j + 2) & 15) - 8) * 0x1p-16f);
        QCOMPARE(got->data[std::size_t(j + 16)], float(((j + 2) >> 4) - 8) * 0x1p-16f);
    }
}

void TestGguf::readsMetadata_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("value");
    QTest::newRow("format") << "format"
                            << "gguf 3";
    QTest::newRow("string") << "general.architecture"
                            << "\"llama\"";
    QTest::newRow("uint32") << "llama.context_length"
                            << "64";
    QTest::newRow("float32") << "llama.rope.freq_base"
                             << "10000";
    QTest::newRow("bool") << "general.quantized"
                          << "true";
    QTest::newRow("alignment") << "general.alignment"
                               << "32";
    QTest::newRow("long array summarised")
        << "tokenizer.ggml.tokens"
        << "[\"<s>\", \"</s>\", \"a\", \"b\", \"c\", \"d\", \"e\", \"f\", ...] (10 string)";
}

void TestGguf::readsMetadata()
{
    QFETCH(QString, key);
    QFETCH(QString, value);
    const core::WeightFile w = core::WeightFile::open(fixture().toStdString());
    QString found = QStringLiteral("(absent)");
    for (const auto &[k, v] : w.metadata()) {
        if (QString::fromStdString(k) == key)
            found = QString::fromStdString(v);
    }
    QCOMPARE(found, value);
}

void TestGguf::missingOutputIsTiedToTokenEmbedding()
{
    // llama.cpp uses token_embd.weight as the output matrix when output.weight is absent.
    const core::WeightFile w = core::WeightFile::open(fixture().toStdString());
    const auto tie = w.absentTie();
    QVERIFY(tie.has_value());
    QCOMPARE(*tie, (core::AbsentTie{"token_embd.weight", "output.weight"}));
    QVERIFY(w.tiedPairs().empty());
}

QTEST_GUILESS_MAIN(TestGguf)
#include "tst_gguf.moc"
