// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// The ggml block types against llama.cpp's gguf-py (tests/golden/gen_gguf_quant.py), through every
// path a GGUF tensor takes: the block decoder, WeightFile's conversions, the Parameter with its
// statistics and overview, embedlab-cli inspect and convert (issue #30).
//
// Bit for bit for every type, no ulp allowed: ggml's reference dequantize_row_* rounds each product
// and each sum on its own, and so do gguf-py's NumPy and EmbedLab (-ffp-contract=off everywhere). The
// one place ggml's operation order could give another last bit is a ggml build that fuses
// `d1 * q - m1` (Q4_1, Q5_1, Q2_K, Q4_K, Q5_K) into a fused multiply-add; the reference order is the
// unfused one, which is what the fixtures hold.
#include "common/Files.h"
#include "common/GgufBytes.h"
#include "common/Golden.h"
#include "common/Process.h"
#include "core/io/GgufQuant.h"
#include "core/io/WeightFile.h"
#include "core/tensor/DistinctValues.h"
#include "core/tensor/Error.h"
#include "core/tensor/Overview.h"
#include "core/tensor/Parameter.h"
#include "core/tensor/Stats.h"
#include "core/text/Tokenizer.h"

#include <QFile>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <bit>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <limits>
#include <map>
#include <set>

using namespace embedlab;

Q_DECLARE_METATYPE(std::vector<float>)

namespace {

struct Fixture {
    QString type;
    quint32 ggmlType = 0;
    core::ElementType element = core::ElementType::Unsupported;
    QByteArray blocks;
    std::vector<float> expected;
};

const std::map<QString, core::ElementType> &elementsByName()
{
    static const std::map<QString, core::ElementType> names = {
        {QStringLiteral("Q4_0"), core::ElementType::Q4_0},
        {QStringLiteral("Q4_1"), core::ElementType::Q4_1},
        {QStringLiteral("Q5_0"), core::ElementType::Q5_0},
        {QStringLiteral("Q5_1"), core::ElementType::Q5_1},
        {QStringLiteral("Q8_0"), core::ElementType::Q8_0},
        {QStringLiteral("Q2_K"), core::ElementType::Q2_K},
        {QStringLiteral("Q3_K"), core::ElementType::Q3_K},
        {QStringLiteral("Q4_K"), core::ElementType::Q4_K},
        {QStringLiteral("Q5_K"), core::ElementType::Q5_K},
        {QStringLiteral("Q6_K"), core::ElementType::Q6_K},
        {QStringLiteral("IQ4_NL"), core::ElementType::IQ4_NL},
        {QStringLiteral("IQ4_XS"), core::ElementType::IQ4_XS},
        {QStringLiteral("TQ1_0"), core::ElementType::TQ1_0},
        {QStringLiteral("TQ2_0"), core::ElementType::TQ2_0},
    };
    return names;
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", qPrintable(path));
    return f.readAll();
}

Fixture fixture(const QString &type)
{
    const QJsonObject entry = testing::loadGolden(QStringLiteral("gguf_quant/manifest.json"))
                                  .value(QLatin1String("types"))
                                  .toObject()
                                  .value(type)
                                  .toObject();
    Fixture f;
    f.type = type;
    f.ggmlType = quint32(entry.value(QLatin1String("ggml_type")).toInt());
    f.element = elementsByName().at(type);
    f.blocks = readAll(testing::goldenPath(QStringLiteral("gguf_quant/%1.blocks").arg(type)));
    const QByteArray values = readAll(testing::goldenPath(QStringLiteral("gguf_quant/%1.f32").arg(type)));
    f.expected.resize(std::size_t(values.size()) / 4);
    std::memcpy(f.expected.data(), values.constData(), std::size_t(values.size()));
    if (std::size_t(entry.value(QLatin1String("blocks")).toInt()) * core::storageBlock(f.element).bytes !=
        std::size_t(f.blocks.size()))
        qFatal("fixture %s: the block bytes do not match the manifest", qPrintable(type));
    return f;
}

void addFixtureRows()
{
    QTest::addColumn<QString>("type");
    for (const auto &[name, element] : elementsByName())
        QTest::newRow(qPrintable(name)) << name;
}

long long bitMismatches(const float *a, const float *b, std::size_t n)
{
    long long bad = 0;
    for (std::size_t i = 0; i < n; ++i)
        bad += std::bit_cast<std::uint32_t>(a[i]) != std::bit_cast<std::uint32_t>(b[i]);
    return bad;
}

const std::uint8_t *bytes(const QByteArray &b)
{
    return reinterpret_cast<const std::uint8_t *>(b.constData());
}

QString writeTemp(const QTemporaryDir &dir, const QString &name, const QByteArray &content)
{
    const QString path = dir.filePath(name);
    if (!testing::writeFile(path, content))
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

// The range a type's integer levels span, as ggml forms them.
std::pair<int, int> quantRange(core::ElementType e)
{
    switch (e) {
    case core::ElementType::Q4_0:
        return {-8, 7};
    case core::ElementType::Q4_1:
    case core::ElementType::Q4_K:
        return {0, 15};
    case core::ElementType::Q5_0:
        return {-16, 15};
    case core::ElementType::Q5_1:
    case core::ElementType::Q5_K:
        return {0, 31};
    case core::ElementType::Q8_0:
        return {-128, 127};
    case core::ElementType::Q2_K:
        return {0, 3};
    case core::ElementType::Q3_K:
        return {-4, 3};
    case core::ElementType::Q6_K:
        return {-32, 31};
    case core::ElementType::IQ4_NL:
    case core::ElementType::IQ4_XS:
        return {-127, 113};
    case core::ElementType::TQ1_0:
        return {-1, 1};
    case core::ElementType::TQ2_0:
        return {-1, 2}; // the 2-bit digit 3 is not ternary, but ggml decodes it as 3 - 1
    default:
        return {0, -1};
    }
}

bool hasMinimum(core::ElementType e)
{
    return e == core::ElementType::Q4_1 || e == core::ElementType::Q5_1 || e == core::ElementType::Q2_K ||
           e == core::ElementType::Q4_K || e == core::ElementType::Q5_K;
}

} // namespace

class TestGgufQuant : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void typeFacts_data();
    void typeFacts();
    void namesAndLevels_data() { addFixtureRows(); }
    void namesAndLevels();
    void blocksMatchGgufPy_data() { addFixtureRows(); }
    void blocksMatchGgufPy();
    void weightFilePathsMatchGgufPy_data() { addFixtureRows(); }
    void weightFilePathsMatchGgufPy();
    void committedFileMatchesGgufPy_data() { addFixtureRows(); }
    void committedFileMatchesGgufPy();
    void cliInspectAndConvert_data() { addFixtureRows(); }
    void cliInspectAndConvert();
    void quantElementRebuildsEveryValue_data() { addFixtureRows(); }
    void quantElementRebuildsEveryValue();
    void quantElementOfAHandMadeQ4_K();
    void quantElementOfPlainTypeIsEmpty();
    void q4kmStyleFileWithItsTokenizer();
    void bigTensorDecodesInTwoThreads();
    void nonFiniteScalesDecodeAsGgml();
    void refusedTypesNameThemselves_data();
    void refusedTypesNameThemselves();
    void distinctValues_data();
    void distinctValues();
    void distinctValuesOfQuantisedTensor_data() { addFixtureRows(); }
    void distinctValuesOfQuantisedTensor();

private:
    QTemporaryDir m_dir;
};

void TestGgufQuant::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

void TestGgufQuant::typeFacts_data()
{
    QTest::addColumn<int>("element");
    QTest::addColumn<quint32>("ggmlType");
    QTest::addColumn<int>("blockElements");
    QTest::addColumn<int>("blockBytes");
    QTest::addColumn<int>("scaleGroup");
    QTest::addColumn<double>("bits");
    // Bits per weight as llama.cpp's tables give them (Q4_K 4.5, Q6_K 6.5625).
    QTest::newRow("Q4_0") << int(core::ElementType::Q4_0) << 2u << 32 << 18 << 32 << 4.5;
    QTest::newRow("Q4_1") << int(core::ElementType::Q4_1) << 3u << 32 << 20 << 32 << 5.0;
    QTest::newRow("Q5_0") << int(core::ElementType::Q5_0) << 6u << 32 << 22 << 32 << 5.5;
    QTest::newRow("Q5_1") << int(core::ElementType::Q5_1) << 7u << 32 << 24 << 32 << 6.0;
    QTest::newRow("Q8_0") << int(core::ElementType::Q8_0) << 8u << 32 << 34 << 32 << 8.5;
    QTest::newRow("Q2_K") << int(core::ElementType::Q2_K) << 10u << 256 << 84 << 16 << 2.625;
    QTest::newRow("Q3_K") << int(core::ElementType::Q3_K) << 11u << 256 << 110 << 16 << 3.4375;
    QTest::newRow("Q4_K") << int(core::ElementType::Q4_K) << 12u << 256 << 144 << 32 << 4.5;
    QTest::newRow("Q5_K") << int(core::ElementType::Q5_K) << 13u << 256 << 176 << 32 << 5.5;
    QTest::newRow("Q6_K") << int(core::ElementType::Q6_K) << 14u << 256 << 210 << 16 << 6.5625;
    QTest::newRow("IQ4_NL") << int(core::ElementType::IQ4_NL) << 20u << 32 << 18 << 32 << 4.5;
    QTest::newRow("IQ4_XS") << int(core::ElementType::IQ4_XS) << 23u << 256 << 136 << 32 << 4.25;
    QTest::newRow("TQ1_0") << int(core::ElementType::TQ1_0) << 34u << 256 << 54 << 256 << 1.6875;
    QTest::newRow("TQ2_0") << int(core::ElementType::TQ2_0) << 35u << 256 << 66 << 256 << 2.0625;
    QTest::newRow("F32") << int(core::ElementType::F32) << 0u << 1 << 4 << 1 << 32.0;
    QTest::newRow("F16") << int(core::ElementType::F16) << 1u << 1 << 2 << 1 << 16.0;
    QTest::newRow("BF16") << int(core::ElementType::BF16) << 30u << 1 << 2 << 1 << 16.0;
    QTest::newRow("F64") << int(core::ElementType::F64) << 28u << 1 << 8 << 1 << 64.0;
    QTest::newRow("I8") << int(core::ElementType::I8) << 24u << 1 << 1 << 1 << 8.0;
    QTest::newRow("I32") << int(core::ElementType::I32) << 26u << 1 << 4 << 1 << 32.0;
}

void TestGgufQuant::typeFacts()
{
    QFETCH(int, element);
    QFETCH(quint32, ggmlType);
    QFETCH(int, blockElements);
    QFETCH(int, blockBytes);
    QFETCH(int, scaleGroup);
    QFETCH(double, bits);
    const auto e = core::ElementType(element);
    const core::StorageBlock block = core::storageBlock(e);
    QCOMPARE(block, (core::StorageBlock{std::size_t(blockElements), std::size_t(blockBytes),
                                        std::size_t(scaleGroup)}));
    QCOMPARE(core::bitsPerWeight(e), bits);
    QCOMPARE(core::isBlockQuantised(e), blockElements > 1);
    const QString name = QString::fromLatin1(QTest::currentDataTag());
    QCOMPARE(QString::fromStdString(std::string(core::elementTypeName(e))), name);
    // The GGUF reader maps the ggml id to this element type, with this name and size: two rows of
    // two blocks each.
    const QByteArray data(4 * blockBytes, '\x11');
    const QString path = writeTemp(m_dir, QStringLiteral("facts.gguf"),
                                   testing::ggufMatrix("t", ggmlType, 2, quint64(2 * blockElements), data));
    const core::WeightFile w = core::WeightFile::open(path.toStdString());
    const core::TensorInfo &t = w.tensor("t");
    QCOMPARE(QString::fromStdString(t.dtype), name);
    QCOMPARE(t.element, e);
    QCOMPARE(t.size, std::uint64_t(4 * blockBytes));
    QCOMPARE(t.shape, (core::Shape{2, 2 * blockElements}));
    QVERIFY(t.unsupported.empty());
}

// The names a session keeps (issue #30's display) read back, and the levels a weight can take match
// the range of the integer levels ggml decodes (the Q4_K lesson text says 16).
void TestGgufQuant::namesAndLevels()
{
    QFETCH(QString, type);
    const core::ElementType e = elementsByName().at(type);
    QCOMPARE(core::elementTypeNamed(core::elementTypeName(e)), std::optional<core::ElementType>(e));
    const auto [low, high] = quantRange(e);
    const int span = high - low + 1;
    if (e == core::ElementType::IQ4_NL || e == core::ElementType::IQ4_XS)
        QCOMPARE(core::quantLevels(e), 16); // a codebook of 16 entries spread over -127..113
    else if (e == core::ElementType::TQ2_0)
        QCOMPARE(core::quantLevels(e), 3); // ternary, though its 2-bit digit can hold a fourth value
    else
        QCOMPARE(core::quantLevels(e), span);
    QCOMPARE(core::quantLevels(core::ElementType::F32), 0);
    QCOMPARE(core::storesMinimum(e), hasMinimum(e));
    QVERIFY(!core::storesMinimum(core::ElementType::F32));
    QCOMPARE(core::elementTypeNamed("BF16"), std::optional<core::ElementType>(core::ElementType::BF16));
    QCOMPARE(core::elementTypeNamed("Q4_k"), std::optional<core::ElementType>());
    QCOMPARE(core::elementTypeNamed("unsupported"), std::optional<core::ElementType>());
}

void TestGgufQuant::blocksMatchGgufPy()
{
    QFETCH(QString, type);
    const Fixture f = fixture(type);
    const std::size_t perBlock = core::storageBlock(f.element).elements;
    const std::size_t blocks = f.expected.size() / perBlock;
    QCOMPARE(blocks * core::storageBlock(f.element).bytes, std::size_t(f.blocks.size()));
    std::vector<float> got(f.expected.size(), -7.0f);
    core::dequantiseBlocks(f.element, bytes(f.blocks), blocks, got.data());
    QCOMPARE(bitMismatches(got.data(), f.expected.data(), got.size()), 0LL);
    // One block at a time gives the same bits as all at once.
    std::vector<float> one(perBlock);
    for (std::size_t b = 0; b < blocks; ++b) {
        core::dequantiseBlocks(f.element, bytes(f.blocks) + b * core::storageBlock(f.element).bytes, 1,
                               one.data());
        QCOMPARE(bitMismatches(one.data(), f.expected.data() + b * perBlock, perBlock), 0LL);
    }
}

void TestGgufQuant::weightFilePathsMatchGgufPy()
{
    QFETCH(QString, type);
    const Fixture f = fixture(type);
    // 2048 elements as [8, 256] (one K-block or eight 32-blocks per row), as llama.cpp lays out a
    // token_embd.weight.
    const QString path = writeTemp(m_dir, type + QStringLiteral(".gguf"),
                                   testing::ggufMatrix("token_embd.weight", f.ggmlType, 8, 256, f.blocks));
    const core::WeightFile w = core::WeightFile::open(path.toStdString());
    const core::TensorInfo &t = w.tensor("token_embd.weight");
    QCOMPARE(QString::fromStdString(t.dtype), type);
    QCOMPARE(t.shape, (core::Shape{8, 256}));
    QVERIFY(!w.view("token_embd.weight").has_value());

    const auto tensor = w.toFloat32("token_embd.weight");
    QVERIFY(tensor.has_value());
    QCOMPARE(bitMismatches(tensor->data.data(), f.expected.data(), f.expected.size()), 0LL);

    // The Parameter the window and --weights load, with the statistics taken during the decode.
    const core::ParameterPtr p = w.toParameter("token_embd.weight");
    QVERIFY(p);
    QCOMPARE(bitMismatches(p->value().data(), f.expected.data(), f.expected.size()), 0LL);
    const core::Summary want = core::summarize(f.expected.data(), core::Index(f.expected.size()));
    QCOMPARE(p->summary(), want);

    // Streamed (embedlab-cli convert) in pieces that are not whole blocks as asked: they are rounded.
    for (const std::size_t piece :
         {std::size_t(1), std::size_t(300), std::size_t(1000), std::size_t(1) << 22}) {
        std::vector<float> streamed;
        w.streamFloat32("token_embd.weight", piece, [&](const float *data, std::size_t n) {
            QCOMPARE(n % core::storageBlock(f.element).elements, std::size_t(0));
            streamed.insert(streamed.end(), data, data + n);
        });
        QCOMPARE(streamed.size(), f.expected.size());
        QCOMPARE(bitMismatches(streamed.data(), f.expected.data(), streamed.size()), 0LL);
    }
}

// tests/golden/gguf_quant/all_types.gguf, written by the generator (and a seed of the GGUF fuzzer).
void TestGgufQuant::committedFileMatchesGgufPy()
{
    QFETCH(QString, type);
    const Fixture f = fixture(type);
    const core::WeightFile w = core::WeightFile::open(
        testing::goldenPath(QStringLiteral("gguf_quant/all_types.gguf")).toStdString());
    const std::string name = "blk.0." + type.toStdString();
    QCOMPARE(w.tensor(name).element, f.element);
    const auto got = w.toFloat32(name);
    QVERIFY(got.has_value());
    QCOMPARE(got->shape, (core::Shape{8, 256}));
    QCOMPARE(bitMismatches(got->data.data(), f.expected.data(), f.expected.size()), 0LL);
}

void TestGgufQuant::cliInspectAndConvert()
{
    QFETCH(QString, type);
    const Fixture f = fixture(type);
    const QString path = writeTemp(m_dir, QStringLiteral("cli-") + type + QStringLiteral(".gguf"),
                                   testing::ggufMatrix("output.weight", f.ggmlType, 8, 256, f.blocks));
    const testing::ProcessResult inspect = testing::runCli({QStringLiteral("inspect"), path});
    QCOMPARE(inspect.exitCode, 0);
    QCOMPARE(inspect.out, QStringLiteral("output.weight\t%1\t8x256\n").arg(type));
    const QString npy = m_dir.filePath(QStringLiteral("cli-") + type + QStringLiteral(".npy"));
    const testing::ProcessResult convert = testing::runCli(
        {QStringLiteral("convert"), path + QStringLiteral(":output.weight"), QStringLiteral("--npy"), npy});
    QCOMPARE(convert.exitCode, 0);
    QVERIFY2(convert.err.isEmpty(), qPrintable(convert.err));
    const core::WeightFile written = core::WeightFile::open(npy.toStdString());
    const auto view = written.view(written.tensors().front().name);
    QVERIFY(view.has_value());
    QCOMPARE(view->shape, (core::Shape{8, 256}));
    QCOMPARE(bitMismatches(view->data, f.expected.data(), f.expected.size()), 0LL);
}

void TestGgufQuant::quantElementRebuildsEveryValue()
{
    QFETCH(QString, type);
    const Fixture f = fixture(type);
    const std::span<const std::uint8_t> tensor(bytes(f.blocks), std::size_t(f.blocks.size()));
    const core::StorageBlock layout = core::storageBlock(f.element);
    const auto [low, high] = quantRange(f.element);
    std::set<int> quants;
    for (std::size_t i = 0; i < f.expected.size(); ++i) {
        const core::QuantElement q = core::quantElement(f.element, tensor, i);
        QCOMPARE(std::bit_cast<std::uint32_t>(q.value), std::bit_cast<std::uint32_t>(f.expected[i]));
        QCOMPARE(q.block, i / layout.elements);
        QCOMPARE(q.groupElements, layout.scaleGroup);
        QCOMPARE(q.groupFirst, i / layout.scaleGroup * layout.scaleGroup);
        QVERIFY2(q.quant >= low && q.quant <= high, qPrintable(QString::number(q.quant)));
        quants.insert(q.quant);
        QCOMPARE(q.minimum.has_value(), hasMinimum(f.element));
        // value == scale * quant (+ minimum), the decoder's own arithmetic.
        const float scaled = q.scale * static_cast<float>(q.quant);
        const float rebuilt = q.minimum ? scaled + *q.minimum : scaled;
        QCOMPARE(std::bit_cast<std::uint32_t>(rebuilt), std::bit_cast<std::uint32_t>(q.value));
        // Every element of a group shares its scale and minimum.
        const core::QuantElement first = core::quantElement(f.element, tensor, q.groupFirst);
        QCOMPARE(std::bit_cast<std::uint32_t>(first.scale), std::bit_cast<std::uint32_t>(q.scale));
        QCOMPARE(first.minimum.has_value(), q.minimum.has_value());
        if (q.minimum)
            QCOMPARE(std::bit_cast<std::uint32_t>(*first.minimum), std::bit_cast<std::uint32_t>(*q.minimum));
    }
    // Random blocks reach both ends of the range (IQ4's codebook and the ternary digits included).
    QCOMPARE(*quants.begin(), low);
    QCOMPARE(*quants.rbegin(), high);
    QVERIFY_THROWS_EXCEPTION(core::Error, core::quantElement(f.element, tensor, f.expected.size()));
}

void TestGgufQuant::quantElementOfAHandMadeQ4_K()
{
    // d = 0.5 (f16 0x3800), dmin = 0.25 (0x3400); group 1's 6-bit scale 3 and minimum 5 sit in bytes
    // 1 and 5 of the packed scales, group 6's scale 0x2a = 42 in byte 10's low nibble plus byte 2's
    // top bits (0b10 << 4), its minimum 0x17 = 23 in byte 10's high nibble plus byte 6's top bits.
    QByteArray block(144, '\0');
    block[0] = 0x00;
    block[1] = 0x38;
    block[2] = 0x00;
    block[3] = 0x34;
    char *scales = block.data() + 4;
    scales[1] = 3;
    scales[5] = 5;
    scales[2] = char(0b10 << 6);
    scales[6] = char(0b01 << 6);
    scales[10] = char((0x7 << 4) | 0xa);
    // Element 40 is in group 1 (elements 32-63): the high nibble of qs[8].
    block[16 + 8] = char(0xb0);
    // Element 200 is in group 6 (elements 192-223): the low nibble of qs[96 + 8].
    block[16 + 96 + 8] = 0x0c;
    const std::span<const std::uint8_t> tensor(bytes(block), 144);
    const core::QuantElement a = core::quantElement(core::ElementType::Q4_K, tensor, 40);
    QCOMPARE(a.scale, 1.5f);
    QCOMPARE(*a.minimum, -1.25f);
    QCOMPARE(a.quant, 11);
    QCOMPARE(a.value, 1.5f * 11 - 1.25f);
    QCOMPARE(a.groupFirst, std::size_t(32));
    const core::QuantElement b = core::quantElement(core::ElementType::Q4_K, tensor, 200);
    QCOMPARE(b.scale, 0.5f * 42);
    QCOMPARE(*b.minimum, -0.25f * 23);
    QCOMPARE(b.quant, 12);
    QCOMPARE(b.value, 21.0f * 12 - 5.75f);
    QCOMPARE(b.groupFirst, std::size_t(192));
    // Through the file: WeightFile::quantElement reads the same block from the mapping.
    const QString path =
        writeTemp(m_dir, QStringLiteral("hand.gguf"), testing::ggufMatrix("w", 12, 1, 256, block));
    const core::WeightFile w = core::WeightFile::open(path.toStdString());
    QCOMPARE(w.quantElement("w", 200), std::optional<core::QuantElement>(b));
    try {
        (void)w.quantElement("w", 256);
        QFAIL("an element past the end was taken apart");
    } catch (const core::Error &e) {
        QCOMPARE(QString::fromStdString(e.what()),
                 path + QStringLiteral(": tensor 'w': element 256 lies outside its 256 elements"));
    }
}

void TestGgufQuant::quantElementOfPlainTypeIsEmpty()
{
    const QString path = writeTemp(m_dir, QStringLiteral("plain.gguf"),
                                   testing::ggufMatrix("w", 0, 2, 4, QByteArray(32, '\0')));
    const core::WeightFile w = core::WeightFile::open(path.toStdString());
    QVERIFY(!w.quantElement("w", 3).has_value());
}

// The file people download: a Q4_K_M GGUF keeps token_embd.weight in Q4_K and output.weight in Q6_K,
// with its tokenizer in the metadata (here the 557 tokens of tests/golden/tokenizer/small). Both
// matrices decode, the tokenizer has a token for every row, and the head is its own tensor.
void TestGgufQuant::q4kmStyleFileWithItsTokenizer()
{
    const Fixture k4 = fixture(QStringLiteral("Q4_K")), k6 = fixture(QStringLiteral("Q6_K"));
    const QString path = writeTemp(m_dir, QStringLiteral("model-Q4_K_M.gguf"), testing::q4kmStyleFile());
    const core::WeightFile w = core::WeightFile::open(path.toStdString());
    QCOMPARE(w.tensor("token_embd.weight").dtype, std::string("Q4_K"));
    QCOMPARE(w.tensor("output.weight").dtype, std::string("Q6_K"));
    QVERIFY(!w.absentTie().has_value());
    QVERIFY(w.tiedPairs().empty());
    const core::Tokenizer tok = core::Tokenizer::fromFile(path.toStdString());
    QCOMPARE(core::findTokenizerFor(path.toStdString()),
             std::optional<std::filesystem::path>(path.toStdString()));
    for (const auto &[name, fix] : {std::pair("token_embd.weight", &k4), std::pair("output.weight", &k6)}) {
        const core::ParameterPtr p = w.toParameter(name);
        QVERIFY(p);
        QCOMPARE(p->value().rows(), core::Index(tok.vocabSize()));
        // Row r holds fixture block r % 8, whose 256 values gguf-py gave.
        for (const core::Index r : {core::Index(0), core::Index(7), core::Index(300), core::Index(556)})
            QCOMPARE(bitMismatches(p->value().row(r).data(), fix->expected.data() + (r % 8) * 256, 256), 0LL);
    }
    QVERIFY(!tok.tokenText(556).empty());
}

// Issue #30 in the decode of issue #15: a Q4_K matrix of 4 Mi elements is decoded in 1 Mi blocks by
// two threads, the statistics and the heatmap overview taken from each block on the way.
void TestGgufQuant::bigTensorDecodesInTwoThreads()
{
    const Fixture f = fixture(QStringLiteral("Q4_K"));
    const int rows = 4096, columns = 1024; // the fixture's 2048 elements 2048 times
    QByteArray data;
    std::vector<float> expected;
    while (expected.size() < std::size_t(rows) * columns) {
        data += f.blocks;
        expected.insert(expected.end(), f.expected.begin(), f.expected.end());
    }
    // Scale each tiling's values apart so the overview sees different rows: flip the sign bit of
    // d in every third block and of the expected values with it (the decode multiplies by d).
    const std::size_t blocks = std::size_t(data.size()) / 144;
    for (std::size_t b = 0; b < blocks; b += 3) {
        data[qsizetype(b * 144 + 1)] = char(data[qsizetype(b * 144 + 1)] ^ 0x80);
    }
    std::vector<float> want(expected.size());
    core::dequantiseBlocks(core::ElementType::Q4_K, bytes(data), blocks, want.data());
    const QString path =
        writeTemp(m_dir, QStringLiteral("big.gguf"),
                  testing::ggufMatrix("token_embd.weight", 12, quint64(rows), quint64(columns), data));
    const core::WeightFile w = core::WeightFile::open(path.toStdString());
    const core::ParameterPtr p = w.toParameter("token_embd.weight");
    QVERIFY(p);
    QCOMPARE(bitMismatches(p->value().data(), want.data(), want.size()), 0LL);
    QCOMPARE(p->summary(), core::summarize(want.data(), core::Index(want.size())));
    core::OverviewBuilder reference(rows, columns);
    QVERIFY(reference.isNeeded());
    reference.add(want.data(), 0, core::Index(want.size()));
    const auto built = reference.finish();
    const auto got = p->overview();
    QVERIFY(got && built);
    QCOMPARE(got->limit, built->limit);
    QCOMPARE(got->values.size(), built->values.size());
    QVERIFY(std::memcmp(got->values.floats(), built->values.floats(),
                        std::size_t(got->values.size()) * sizeof(float)) == 0);
    // The blocks not flipped decode as the fixture says.
    QCOMPARE(bitMismatches(want.data() + 256, expected.data() + 256, 512), 0LL);
}

// A NaN or infinite f16 scale is decoded as ggml decodes it (NaN and infinities, which the heatmap
// colours and the statistics count) rather than refused: EmbedLab shows what the file holds, as it
// does for an F16 tensor holding NaN.
void TestGgufQuant::nonFiniteScalesDecodeAsGgml()
{
    // Q8_0: block 0 has d = +inf, block 1 d = NaN, block 2 d = 1.
    QByteArray data;
    for (const quint16 d : {quint16(0x7c00), quint16(0x7e00), quint16(0x3c00)}) {
        data += testing::le16(d);
        for (int j = 0; j < 32; ++j)
            data += char(j - 16);
    }
    const QString path =
        writeTemp(m_dir, QStringLiteral("nan.gguf"), testing::ggufMatrix("w", 8, 3, 32, data));
    const core::WeightFile w = core::WeightFile::open(path.toStdString());
    const core::ParameterPtr p = w.toParameter("w");
    QVERIFY(p);
    const float *v = p->value().data();
    QCOMPARE(v[0], -std::numeric_limits<float>::infinity()); // -16 * inf
    QVERIFY(std::isnan(v[16]));                              // 0 * inf
    QCOMPARE(v[17], std::numeric_limits<float>::infinity());
    for (int j = 32; j < 64; ++j)
        QVERIFY(std::isnan(v[j]));
    QCOMPARE(v[64 + 20], 4.0f);
    const core::Summary s = p->summary();
    QCOMPARE(s.nanCount, core::Index(33));
    QCOMPARE(s.infCount, core::Index(31));
    QVERIFY(std::isnan(s.mean));
    // Q4_K: dmin = inf with a zero minimum gives inf * 0 = NaN in every element, as in ggml.
    QByteArray k(144, '\0');
    k[0] = 0x00;
    k[1] = 0x3c;
    k[2] = 0x00;
    k[3] = 0x7c;
    std::vector<float> out(256);
    core::dequantiseBlocks(core::ElementType::Q4_K, bytes(k), 1, out.data());
    QVERIFY(std::all_of(out.begin(), out.end(), [](float x) { return std::isnan(x); }));
    QCOMPARE(core::countDistinctValues(out.data(), 256), core::Index(1));
}

void TestGgufQuant::refusedTypesNameThemselves_data()
{
    QTest::addColumn<quint32>("ggmlType");
    QTest::addColumn<int>("blockElements");
    QTest::addColumn<int>("blockBytes");
    QTest::newRow("Q8_1") << 9u << 32 << 36;
    QTest::newRow("Q8_K") << 15u << 256 << 292;
    QTest::newRow("IQ2_XXS") << 16u << 256 << 66;
    QTest::newRow("IQ2_XS") << 17u << 256 << 74;
    QTest::newRow("IQ3_XXS") << 18u << 256 << 98;
    QTest::newRow("IQ1_S") << 19u << 256 << 50;
    QTest::newRow("IQ3_S") << 21u << 256 << 110;
    QTest::newRow("IQ2_S") << 22u << 256 << 82;
    QTest::newRow("IQ1_M") << 29u << 256 << 56;
    QTest::newRow("MXFP4") << 39u << 32 << 17;
}

void TestGgufQuant::refusedTypesNameThemselves()
{
    QFETCH(quint32, ggmlType);
    QFETCH(int, blockElements);
    QFETCH(int, blockBytes);
    const QString name = QString::fromLatin1(QTest::currentDataTag());
    const QString path = writeTemp(
        m_dir, QStringLiteral("refused.gguf"),
        testing::ggufMatrix("w", ggmlType, 1, quint64(blockElements), QByteArray(blockBytes, '\0')));
    const core::WeightFile w = core::WeightFile::open(path.toStdString());
    const QString reason =
        QStringLiteral("GGUF type %1 is not supported (EmbedLab reads F32, F16, BF16, F64, I8-I64, Q4_0, "
                       "Q4_1, Q5_0, Q5_1, Q8_0, Q2_K, Q3_K, Q4_K, Q5_K, Q6_K, IQ4_NL, IQ4_XS, TQ1_0 and "
                       "TQ2_0; re-quantise with llama.cpp's llama-quantize to one of those, e.g. Q4_K_M, "
                       "or convert to F16)")
            .arg(name);
    QCOMPARE(QString::fromStdString(w.tensor("w").unsupported), reason);
    QCOMPARE(QString::fromStdString(w.tensor("w").dtype), name);
    try {
        (void)w.toParameter("w");
        QFAIL("a refused type was converted");
    } catch (const core::Error &e) {
        QCOMPARE(QString::fromStdString(e.what()), path + QStringLiteral(": tensor 'w': ") + reason);
    }
}

void TestGgufQuant::distinctValues_data()
{
    const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
    QTest::addColumn<std::vector<float>>("values");
    QTest::addColumn<qlonglong>("count");
    // As numpy.unique(x).size (NumPy 1.24, equal_nan=True).
    QTest::newRow("empty") << std::vector<float>{} << 0LL;
    QTest::newRow("one") << std::vector<float>{2.5f} << 1LL;
    QTest::newRow("repeats") << std::vector<float>{1, 2, 1, 2, 3, 1} << 3LL;
    QTest::newRow("signed zeros are one") << std::vector<float>{0.0f, -0.0f, 0.0f} << 1LL;
    QTest::newRow("NaNs are one") << std::vector<float>{nan, -nan, std::bit_cast<float>(0x7f800001u), 1.0f}
                                  << 2LL;
    QTest::newRow("infinities") << std::vector<float>{inf, -inf, inf} << 2LL;
    QTest::newRow("neighbours apart") << std::vector<float>{1.0f, std::nextafter(1.0f, 2.0f), -1.0f} << 3LL;
    QTest::newRow("smallest subnormals")
        << std::vector<float>{std::bit_cast<float>(1u), std::bit_cast<float>(0x80000001u)} << 2LL;
}

void TestGgufQuant::distinctValues()
{
    QFETCH(std::vector<float>, values);
    QFETCH(qlonglong, count);
    QCOMPARE(qlonglong(core::countDistinctValues(values.data(), core::Index(values.size()))), count);
}

void TestGgufQuant::distinctValuesOfQuantisedTensor()
{
    QFETCH(QString, type);
    Fixture f = fixture(type);
    // A std::set of the normalised patterns is the reference; repeated, the data crosses the
    // two-thread threshold without adding values.
    std::set<std::uint32_t> reference;
    for (float x : f.expected)
        reference.insert(x == 0.0f ? 0u : std::bit_cast<std::uint32_t>(x));
    std::vector<float> many;
    while (many.size() < (std::size_t(1) << 19))
        many.insert(many.end(), f.expected.begin(), f.expected.end());
    QCOMPARE(std::size_t(core::countDistinctValues(many.data(), core::Index(many.size()))), reference.size());
    // A group holds at most as many values as its type has levels.
    const auto [low, high] = quantRange(f.element);
    const std::size_t group = core::storageBlock(f.element).scaleGroup;
    for (std::size_t at = 0; at < f.expected.size(); at += group)
        QVERIFY(core::countDistinctValues(f.expected.data() + at, core::Index(group)) <= high - low + 1);
}

QTEST_GUILESS_MAIN(TestGgufQuant)
#include "tst_ggufquant.moc"
