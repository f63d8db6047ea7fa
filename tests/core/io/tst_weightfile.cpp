// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// The common weight-file interface: format detection, tie detection, parameter counts, block-wise
// conversion with progress, and `embedlab-cli inspect/convert` end to end (issue "Real weights").
#include "common/Files.h"
#include "common/GgufBytes.h"
#include "common/Golden.h"
#include "common/Optimizers.h"
#include "common/Process.h"
#include "core/analysis/Neighbours.h"
#include "core/format/TensorFormat.h"
#include "core/init/Generator.h"
#include "core/init/Init.h"
#include "core/io/MappedFile.h"
#include "core/io/MappingGuard.h"
#include "core/io/NpyWriter.h"
#include "core/io/SafetensorsWriter.h"
#include "core/io/WeightFile.h"
#include "core/nn/Embedding.h"
#include "core/nn/Linear.h"
#include "core/nn/OneHot.h"
#include "core/nn/TiedModel.h"
#include "core/nn/Trainer.h"
#include "core/tensor/DistinctValues.h"
#include "core/tensor/Error.h"
#include "core/tensor/Overview.h"
#include "core/tensor/Retire.h"
#include "core/tensor/Stats.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <mutex>
#include <type_traits>

using namespace embedlab;

Q_DECLARE_METATYPE(std::vector<core::TiedPair>)
Q_DECLARE_METATYPE(core::HalfType)

namespace {

using Run = testing::ProcessResult;

using testing::runCli;
using testing::writeFile;
using testing::writeWordsSafetensors;

using Placement = core::WeightFile::Placement;

// [rows, cols] floats from the reference seed's normal_(), with a few values a copy could change:
// -0.0, a denormal, an infinity and a NaN (whose payload must survive).
std::vector<float> sampleMatrix(core::Index rows, core::Index cols)
{
    core::Generator gen(123);
    std::vector<float> values(static_cast<std::size_t>(rows * cols));
    core::init::normal_({values.data(), {rows, cols}}, 0.0, 1.0, gen);
    values[1] = -0.0f;
    values[2] = std::numeric_limits<float>::denorm_min();
    values[values.size() / 2] = std::numeric_limits<float>::infinity();
    values[values.size() - 1] = std::bit_cast<float>(0x7fc01234u);
    return values;
}

bool sameBits(const float *a, const float *b, core::Index n)
{
    return std::memcmp(a, b, static_cast<std::size_t>(n) * sizeof(float)) == 0;
}

bool sameBits(const core::Tensor &a, const core::Tensor &b)
{
    return a.shape == b.shape && sameBits(a.data.data(), b.data.data(), a.numel());
}

bool sameSummary(const core::Summary &a, const core::Summary &b)
{
    return std::memcmp(&a.mean, &b.mean, sizeof a.mean) == 0 &&
           std::memcmp(&a.std, &b.std, sizeof a.std) == 0 && std::memcmp(&a.min, &b.min, sizeof a.min) == 0 &&
           std::memcmp(&a.max, &b.max, sizeof a.max) == 0 && a.nanCount == b.nanCount &&
           a.infCount == b.infCount && a.count == b.count;
}

// lm_head = Linear(D, V, bias=False) whose weight is `w` itself.
std::unique_ptr<core::Linear> headOf(const core::ParameterPtr &w)
{
    core::Generator gen(123);
    auto head = std::make_unique<core::Linear>(w->cols(), w->rows(), false, gen);
    head->setWeight(w);
    return head;
}

// Both overviews recorded and equal bit for bit (NaN payloads included), limit and values.
bool sameOverview(const core::Parameter &a, const core::Parameter &b)
{
    const std::shared_ptr<const core::Overview> x = a.overview(), y = b.overview();
    if (!x || !y || std::bit_cast<std::uint32_t>(x->limit) != std::bit_cast<std::uint32_t>(y->limit) ||
        x->values.size() != y->values.size())
        return false;
    // Either may hold its cells as 16-bit words (a bf16 or f16 matrix in place): compare as float32.
    const core::Index n = x->values.size();
    std::vector<float> xs(static_cast<std::size_t>(n)), ys(static_cast<std::size_t>(n));
    x->values.copy(0, n, xs.data());
    y->values.copy(0, n, ys.data());
    return sameBits(xs.data(), ys.data(), n);
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
    void parallelConversionIsExact_data();
    void parallelConversionIsExact();
    void cancelStopsWithinAChunk();
    void streamsPiecesInOrder();
    void toParameterDecodesOnce();
    void inPlaceGivesTheCopysBits_data();
    void inPlaceGivesTheCopysBits();
    void inPlaceWritesCopyPagesNotTheFile();
    void placementFollowsTypeAndSize();
    void halfWordsInPlaceGiveTheCopysBits_data();
    void halfWordsInPlaceGiveTheCopysBits();
    void trainingStepReadsWordsInPlace();
    void shortenedFileReadsZeros();
    void float32SnapshotMapsTheFileAgain();
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
    QVERIFY(writeFile(path, bytes));
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
    QVERIFY(writeFile(path, "\x93NUMPY\x01" + QByteArray(1, '\0') +
                                QByteArray(reinterpret_cast<const char *>(&length), 2) + dict + data));
    const core::WeightFile w = core::WeightFile::open(path.toStdString());
    std::vector<double> fractions;
    const auto t = w.toFloat32("array", [&fractions](double f) {
        fractions.push_back(f);
        return true;
    });
    QVERIFY(t.has_value());
    // Two threads take the blocks (1 Mi, 1 Mi, 0.5 Mi elements: 0.4, 0.4, 0.2 of the tensor); the
    // calling thread reports what both have done, rising, ending at 1.
    QVERIFY(!fractions.empty());
    QVERIFY(std::is_sorted(fractions.begin(), fractions.end()));
    QCOMPARE(fractions.back(), 1.0);
    for (double f : fractions)
        QVERIFY2(std::abs(f * 5 - std::round(f * 5)) < 1e-9 && f > 0, qPrintable(QString::number(f)));
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

namespace {

/// A "file" of `count` elements of `element` starting at byte 16, and what each decodes to exactly.
struct Encoded {
    std::vector<std::uint8_t> file;
    core::TensorInfo info;
    std::vector<float> expected;
};

Encoded encode(core::ElementType element, std::size_t count)
{
    Encoded e;
    e.info.name = "w";
    e.info.element = element;
    e.info.shape = {core::Index(count / 32), 32};
    e.info.offset = 16;
    e.expected.resize(count);
    std::vector<std::uint8_t> data;
    // Halves with exact float values: 1, -2, 2^-24 (subnormal), 65504, 0.5.
    const std::uint16_t halves[] = {0x3c00, 0xc000, 0x0001, 0x7bff, 0x3800};
    const float halfValues[] = {1.0f, -2.0f, 5.9604644775390625e-8f, 65504.0f, 0.5f};
    for (std::size_t i = 0; i < count; ++i) {
        if (element == core::ElementType::BF16) {
            const auto bits = static_cast<std::uint16_t>(i * 2654435761u >> 7);
            data.push_back(std::uint8_t(bits & 0xff));
            data.push_back(std::uint8_t(bits >> 8));
            e.expected[i] = std::bit_cast<float>(std::uint32_t(bits) << 16);
        } else if (element == core::ElementType::F16) {
            data.push_back(std::uint8_t(halves[i % 5] & 0xff));
            data.push_back(std::uint8_t(halves[i % 5] >> 8));
            e.expected[i] = halfValues[i % 5];
        } else if (element == core::ElementType::F32) {
            const float v = float(i) * 0.25f - 1000.0f;
            const auto bits = std::bit_cast<std::uint32_t>(v);
            for (int k = 0; k < 4; ++k)
                data.push_back(std::uint8_t(bits >> (8 * k)));
            e.expected[i] = v;
        } else { // Q8_0: a 0.5 scale (f16 0x3800), then 32 int8 quants per block
            if (i % 32 == 0) {
                data.push_back(0x00);
                data.push_back(0x38);
            }
            const auto q = static_cast<std::int8_t>(int(i % 251) - 125);
            data.push_back(static_cast<std::uint8_t>(q));
            e.expected[i] = float(q) * 0.5f;
        }
    }
    e.info.dtype = "test";
    e.info.size = data.size();
    e.file.assign(16, 0);
    e.file.insert(e.file.end(), data.begin(), data.end());
    return e;
}

// Bit for bit: the bf16 patterns include NaNs, which == never matches.
bool sameBits(const std::vector<float> &a, const std::vector<float> &b)
{
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

} // namespace

void TestWeightFile::parallelConversionIsExact_data()
{
    QTest::addColumn<int>("element");
    QTest::addColumn<int>("count");
    // Several 1 Mi blocks shared by two threads, and a last partial block.
    const int big = 3 * (1 << 20) + 32 * 77;
    QTest::newRow("bf16") << int(core::ElementType::BF16) << big;
    QTest::newRow("f16") << int(core::ElementType::F16) << big;
    QTest::newRow("f32") << int(core::ElementType::F32) << big;
    QTest::newRow("q8_0") << int(core::ElementType::Q8_0) << big;
    QTest::newRow("bf16 one block") << int(core::ElementType::BF16) << 32 * 5;
}

void TestWeightFile::parallelConversionIsExact()
{
    QFETCH(int, element);
    QFETCH(int, count);
    const Encoded e = encode(core::ElementType(element), std::size_t(count));
    std::vector<float> out(e.expected.size(), -1.0f);
    std::mutex mutex;
    std::vector<std::pair<std::size_t, std::size_t>> consumed;
    // Issue #15: the statistics are taken from each decoded run (from both threads) on the way.
    core::SummaryBuilder stats(core::Index(out.size()));
    std::size_t decodedElements = 0;
    const bool done = core::convertInto(
        e.info, e.file, out.data(), {},
        [&](std::span<const std::uint8_t> b) {
            const std::lock_guard lock(mutex);
            consumed.emplace_back(std::size_t(b.data() - e.file.data()), b.size());
        },
        [&](std::size_t at, std::size_t n) {
            stats.add(out.data(), core::Index(at), core::Index(at + n));
            const std::lock_guard lock(mutex);
            decodedElements += n;
        });
    QVERIFY(done);
    QVERIFY(sameBits(out, e.expected));
    QCOMPARE(decodedElements, out.size());
    const core::Summary got = stats.finish(), want = core::summarize(out.data(), core::Index(out.size()));
    QVERIFY(std::memcmp(&got.mean, &want.mean, sizeof got.mean) == 0);
    QVERIFY(std::memcmp(&got.std, &want.std, sizeof got.std) == 0);
    QCOMPARE(got.min, want.min);
    QCOMPARE(got.max, want.max);
    // Every source byte is reported consumed exactly once (the pages behind them may be released).
    std::sort(consumed.begin(), consumed.end());
    std::size_t at = e.info.offset;
    for (const auto &[offset, size] : consumed) {
        QCOMPARE(offset, at);
        at += size;
    }
    QCOMPARE(at, e.info.offset + e.info.size);
}

// Issue #15: a Cancel raised in the middle of a big conversion (with the statistics taken on the
// way) stops both threads within a chunk: the caller after its first block, the helper after the
// block it is decoding, not at the end of the phase.
void TestWeightFile::cancelStopsWithinAChunk()
{
    const std::size_t blocks = 24;
    const Encoded e = encode(core::ElementType::BF16, blocks * (1 << 20));
    std::vector<float> out(e.expected.size(), -1.0f);
    core::SummaryBuilder stats(core::Index(out.size()));
    std::atomic<int> runs{0};
    int reports = 0;
    const bool done = core::convertInto(
        e.info, e.file, out.data(), [&reports](double) { return ++reports < 1; }, {},
        [&](std::size_t at, std::size_t n) {
            stats.add(out.data(), core::Index(at), core::Index(at + n));
            ++runs;
        });
    QVERIFY(!done);
    QCOMPARE(reports, 1); // cancelled at the first report, after the caller's first block
    // The caller's block and the few the helper finished before it saw the flag (one, unless the
    // caller was descheduled between its block and its report): far from all of them.
    QVERIFY2(runs.load() <= int(blocks / 2), qPrintable(QString::number(runs.load())));
    QVERIFY(runs.load() >= 1);
}

void TestWeightFile::streamsPiecesInOrder()
{
    const Encoded e = encode(core::ElementType::BF16, 2 * (1 << 20) + 32 * 3);
    std::vector<float> got;
    std::size_t largest = 0;
    core::streamFloat32(e.info, e.file, 1000, [&](const float *data, std::size_t n) {
        largest = std::max(largest, n);
        got.insert(got.end(), data, data + n);
    });
    QVERIFY(sameBits(got, e.expected));
    QCOMPARE(largest, std::size_t(992)); // pieces are whole Q8_0 blocks of 32
}

void TestWeightFile::toParameterDecodesOnce()
{
    const core::WeightFile w =
        core::WeightFile::open(testing::formatFile(QStringLiteral("f4_le_c.npy")).toStdString());
    const core::ParameterPtr p = w.toParameter("array");
    QVERIFY(p);
    const auto t = w.toFloat32("array");
    QCOMPARE(p->shape(), t->shape);
    QVERIFY(std::equal(t->data.begin(), t->data.end(), p->value().data()));
    // The summary recorded during the decode is summarize()'s; a write (version bump) drops it.
    const core::Summary recorded = p->summary(), computed = core::summarize(p->value().data(), p->numel());
    QVERIFY(std::memcmp(&recorded.mean, &computed.mean, sizeof recorded.mean) == 0);
    QVERIFY(std::memcmp(&recorded.std, &computed.std, sizeof recorded.std) == 0);
    p->value()(0, 0) = 1000.0f;
    p->bumpVersion();
    QCOMPARE(p->summary().max, 1000.0f);
    int calls = 0;
    QVERIFY(!w.toParameter("array", [&calls](double) { return ++calls > 5; }));
}

void TestWeightFile::inPlaceGivesTheCopysBits_data()
{
    QTest::addColumn<QString>("format");
    QTest::newRow("npy") << "npy";
    QTest::newRow("safetensors") << "safetensors";
}

// Issue #28: a float32 tensor used where it lies in the file gives the bits of its decoded copy in
// every product and view: lookup, unembedding, neighbours, statistics and the heatmap overview.
void TestWeightFile::inPlaceGivesTheCopysBits()
{
    QFETCH(QString, format);
    const core::Index v = 700, d = 33; // the overview needs more than its smallest side of rows
    const std::vector<float> values = sampleMatrix(v, d);
    const std::string path = m_dir.filePath(QStringLiteral("bits.") + format).toStdString();
    if (format == QLatin1String("npy"))
        core::writeNpy(path, values.data(), {v, d});
    else
        core::writeSafetensors(path, {{"lm_head.weight", values.data(), {v, d}}}, {});
    const core::WeightFile file = core::WeightFile::open(path);
    const std::string name = file.tensors().front().name;
    const core::ParameterPtr mapped = file.toParameter(name, {}, Placement::InPlace);
    const core::ParameterPtr copied = file.toParameter(name, {}, Placement::Copy);
    QVERIFY(mapped && mapped->inPlace());
    QVERIFY(copied && !copied->inPlace());
    QVERIFY(sameBits(mapped->value().data(), values.data(), v * d));
    QVERIFY(sameBits(mapped->value().data(), copied->value().data(), v * d));
    QVERIFY(sameSummary(mapped->summary(), copied->summary()));
    QVERIFY(sameSummary(mapped->summary(), core::summarize(values.data(), v * d)));
    QVERIFY(sameOverview(*mapped, *copied));

    const core::LongTensor ids{{4}, {2, 3, 1, 699}};
    core::Embedding lookupMapped(mapped, {}), lookupCopied(copied, {});
    QVERIFY(sameBits(lookupMapped.forward(ids), lookupCopied.forward(ids)));
    const std::unique_ptr<core::Linear> headMapped = headOf(mapped), headCopied = headOf(copied);
    const core::Tensor hidden = lookupCopied.forward(ids);
    QVERIFY(sameBits(headMapped->forward(hidden), headCopied->forward(hidden)));
    const core::RowNeighbours nearMapped(mapped->span()), nearCopied(copied->span());
    QCOMPARE(nearMapped.nearest(5, 10), nearCopied.nearest(5, 10));
    QVERIFY(!mapped->inPlace() || mapped->value().data() != copied->value().data());
}

// A write to a parameter in place copies the page it touches: the file and every other parameter
// taken from it keep their values, and a file replaced under it leaves it whole.
void TestWeightFile::inPlaceWritesCopyPagesNotTheFile()
{
    const core::Index v = 3000, d = 16; // 192 000 bytes: many pages
    const std::vector<float> values = sampleMatrix(v, d);
    const std::string path = m_dir.filePath(QStringLiteral("pages.npy")).toStdString();
    core::writeNpy(path, values.data(), {v, d});
    core::ParameterPtr first, second;
    {
        const core::WeightFile file = core::WeightFile::open(path);
        first = file.toParameter("array", {}, Placement::InPlace);
        second = file.toParameter("array", {}, Placement::InPlace);
    } // the parameters outlive the file object
    QVERIFY(first->inPlace() && second->inPlace());
    first->value()(2999, 15) = 42.0f;
    first->value().row(0).setZero();
    first->bumpVersion();
    QCOMPARE(first->value()(2999, 15), 42.0f);
    QCOMPARE(first->value()(0, 3), 0.0f);
    QVERIFY(sameBits(second->value().data(), values.data(), v * d));
    QVERIFY(sameBits(first->value().row(1).data(), values.data() + d, d));
    const auto reread = core::WeightFile::open(path).toFloat32("array");
    QVERIFY(sameBits(reread->data.data(), values.data(), v * d));

    // A program writing the file again by renaming a new one over it (as our writer does) leaves
    // the parameter on the file it opened.
    const std::vector<float> other(values.size(), 7.0f);
    core::writeNpy(path, other.data(), {v, d});
    QVERIFY(sameBits(second->value().data(), values.data(), v * d));

    // clone() (an undo snapshot) is a copy of its own; replaceValue(Parameter &&) takes the mapping
    // with what was recorded of it, and a reader alive keeps the old storage.
    const core::ParameterPtr snapshot = second->clone();
    QVERIFY(!snapshot->inPlace());
    QVERIFY(sameBits(snapshot->value().data(), values.data(), v * d));
    auto target = std::make_shared<core::Parameter>(core::Shape{v, d});
    const std::uint64_t before = target->version();
    const core::Summary summary = second->summary();
    {
        const core::ReadGuard reader;
        target->replaceValue(std::move(*second));
        QVERIFY(core::retiredCount() > 0);
    }
    QCOMPARE(core::retiredCount(), std::size_t(0));
    QVERIFY(target->inPlace() && target->version() > before);
    QVERIFY(sameSummary(target->summary(), summary));
    QVERIFY(sameBits(target->value().data(), values.data(), v * d));
}

void TestWeightFile::placementFollowsTypeAndSize()
{
    // Auto keeps small tensors as copies; InPlace needs little-endian float32, bf16 or f16 in C order
    // (others are decoded).
    const core::WeightFile small =
        core::WeightFile::open(testing::formatFile(QStringLiteral("f4_le_c.npy")).toStdString());
    QVERIFY(!small.toParameter("array")->inPlace());
    QVERIFY(small.toParameter("array", {}, Placement::InPlace)->inPlace());
    const core::WeightFile half =
        core::WeightFile::open(testing::formatFile(QStringLiteral("f2_le_specials.npy")).toStdString());
    const core::ParameterPtr words = half.toParameter("array", {}, Placement::InPlace);
    QVERIFY(words->inPlace() && words->halfType() == core::HalfType::Float16);
    QVERIFY(sameBits(words->toTensor(), *half.toFloat32("array")));
    for (const char *name : {"f4_be_c.npy", "f8_be_fortran.npy"}) {
        const core::WeightFile file =
            core::WeightFile::open(testing::formatFile(QString::fromLatin1(name)).toStdString());
        const core::ParameterPtr p = file.toParameter("array", {}, Placement::InPlace);
        QVERIFY2(p && !p->inPlace(), name);
        QVERIFY2(sameBits(p->toTensor(), *file.toFloat32("array")), name);
    }
}

// 16-bit words of `type` for a [rows, cols] matrix: magnitudes about 2^-5..2^5 from a hash, with
// -0.0 and a subnormal, and with `specials` an infinity and a NaN (whose payload must survive).
std::vector<std::uint16_t> halfWords(core::HalfType type, core::Index rows, core::Index cols, bool specials)
{
    const bool bf16 = type == core::HalfType::BFloat16;
    const unsigned mantissaBits = bf16 ? 7 : 10, bias = bf16 ? 127 : 15;
    std::vector<std::uint16_t> words(static_cast<std::size_t>(rows * cols));
    for (std::size_t i = 0; i < words.size(); ++i) {
        const auto h = static_cast<std::uint32_t>(i * 2654435761u);
        const std::uint32_t exponent = bias - 5 + (h >> 8) % 11,
                            mantissa = (h >> 12) & ((1u << mantissaBits) - 1);
        words[i] = static_cast<std::uint16_t>((h & 0x8000) | (exponent << mantissaBits) | mantissa);
    }
    words[1] = 0x8000;
    words[2] = 0x0001;
    if (specials) {
        words[words.size() / 2] = bf16 ? 0x7f80 : 0x7c00;
        words[words.size() - 1] = bf16 ? 0x7fc1 : 0x7e01;
    }
    return words;
}

void TestWeightFile::halfWordsInPlaceGiveTheCopysBits_data()
{
    QTest::addColumn<core::HalfType>("type");
    QTest::addColumn<bool>("specials");
    QTest::newRow("bf16") << core::HalfType::BFloat16 << false;
    QTest::newRow("bf16 with Inf and NaN") << core::HalfType::BFloat16 << true;
    QTest::newRow("f16") << core::HalfType::Float16 << false;
    QTest::newRow("f16 with Inf and NaN") << core::HalfType::Float16 << true;
}

// Issue #28: a bf16 or f16 tensor used where it lies in the file, as its 16-bit words, gives its
// decoded copy's bits in the lookup, lm_head(h) (dot products and the gemm, on one thread and two),
// the statistics and the overview, and none of them makes a float32 copy; the first value() makes it.
void TestWeightFile::halfWordsInPlaceGiveTheCopysBits()
{
    QFETCH(core::HalfType, type);
    QFETCH(bool, specials);
    // 100 columns: the overview's groups of rows straddle the load's blocks of 2^20 elements.
    const core::Index v = 20000, d = 100;
    const std::vector<std::uint16_t> words = halfWords(type, v, d, specials);
    const QString path = m_dir.filePath(QStringLiteral("words.safetensors"));
    QVERIFY(writeWordsSafetensors(path, type == core::HalfType::BFloat16 ? "BF16" : "F16", words, v, d));
    const core::WeightFile file = core::WeightFile::open(path.toStdString());
    const core::ParameterPtr mapped = file.toParameter("w", {}, Placement::InPlace),
                             copied = file.toParameter("w", {}, Placement::Copy);
    QVERIFY(mapped && mapped->inPlace() && mapped->halfType() == type);
    QVERIFY(copied && !copied->inPlace() && !copied->halfType());
    QCOMPARE(mapped->storedBytes(), words.size() * 2);
    QVERIFY(sameOverview(*mapped, *copied));
    // The in-place overview keeps its max |w| cells as the matrix's own words (half the memory).
    QCOMPARE(mapped->overview()->values.wordsType(), std::optional<core::HalfType>(type));
    QVERIFY(!copied->overview()->values.wordsType());
    QVERIFY2(mapped->recordedSummary(), "the load records the summary, NaN and infinities included");
    QVERIFY(sameSummary(*mapped->recordedSummary(), copied->summary()));
    // Words no load summarised (an undo snapshot's, say) are summarised a run at a time.
    const core::Parameter unrecorded(mapped->shape(), words.data(), type, nullptr);
    QVERIFY(sameSummary(unrecorded.summary(), copied->summary()));
    QVERIFY(unrecorded.halfType());

    const core::LongTensor ids{{6}, {2, 3, 1, 19999, 0, 2}};
    core::Embedding lookupMapped(mapped, {}), lookupCopied(copied, {});
    QVERIFY(sameBits(lookupMapped.forward(ids), lookupCopied.forward(ids)));
    const std::unique_ptr<core::Linear> headMapped = headOf(mapped), headCopied = headOf(copied);
    for (const core::Index n : {1, 4, 5, 200}) { // dot products, then the gemm; 200 rows on two threads
        core::Tensor hidden({n, d}, core::uninitialized);
        copied->copyRows(100, n, hidden.data.data());
        QVERIFY2(sameBits(headMapped->forward(hidden), headCopied->forward(hidden)),
                 qPrintable(QString::number(n)));
    }
    const core::LookupPaths pathsMapped = core::computeLookupPaths(lookupMapped, ids),
                            pathsCopied = core::computeLookupPaths(lookupCopied, ids);
    QVERIFY(sameBits(pathsMapped.index, pathsCopied.index));
    QVERIFY(sameBits(pathsMapped.oneHotMm, pathsCopied.oneHotMm));
    QVERIFY(sameBits(pathsMapped.linear, pathsCopied.linear));
    QVERIFY(sameBits(mapped->toTensor(), copied->toTensor()));
    QVERIFY(sameBits(mapped->clone()->toTensor(), copied->toTensor()));
    const core::TensorDecoration parameter{true, true, {}};
    QCOMPARE(core::formatTensor(*mapped, parameter), core::formatTensor(copied->toTensor(), parameter));
    QCOMPARE(core::countDistinctValues(*mapped), core::countDistinctValues(copied->value().data(), v * d));
    const core::ElementFormat cellsMapped(*mapped),
        cellsCopied(std::span<const float>(copied->value().data(), std::size_t(v * d)), copied->shape());
    for (const core::Index i : {core::Index(0), core::Index(1), core::Index(2), v * d / 2, v * d - 1})
        QCOMPARE(cellsMapped(mapped->at(i / d, i % d)), cellsCopied(copied->value()(i / d, i % d)));
    const auto histogram = [](const auto &read) {
        try {
            return QString::number(read().size()) + QStringLiteral(" bins");
        } catch (const core::Error &e) {
            return QString::fromStdString(e.what());
        }
    };
    QCOMPARE(histogram([&] { return core::histc(*mapped, 100, 0.0, 0.0); }),
             histogram([&] { return core::histc(copied->value().data(), v * d, 100, 0.0, 0.0); }));
    if (!specials) {
        QVERIFY(core::histc(*mapped, 100, 0.0, 0.0) ==
                core::histc(copied->value().data(), v * d, 100, 0.0, 0.0));
        QVERIFY(core::histc(*mapped, 37, -1.0, 2.0) ==
                core::histc(copied->value().data(), v * d, 37, -1.0, 2.0));
    }
    // Neighbours and the principal plane read the words a few rows at a time.
    const core::RowNeighbours nearMapped{core::RowSource(mapped)}, nearCopied(copied->span());
    const auto idsAndBits = [](const std::vector<core::Neighbour> &near) { // NaN cosines compare too
        std::vector<std::pair<std::int64_t, std::uint32_t>> out;
        for (const core::Neighbour &n : near)
            out.emplace_back(n.id, std::bit_cast<std::uint32_t>(n.cosine));
        return out;
    };
    for (const std::int64_t row : {std::int64_t(0), std::int64_t(7), v - 1}) {
        QVERIFY(idsAndBits(nearMapped.nearest(row, 10)) == idsAndBits(nearCopied.nearest(row, 10)));
        const std::vector<float> a = nearMapped.cosines(row), b = nearCopied.cosines(row);
        QVERIFY(sameBits(a.data(), b.data(), core::Index(a.size())));
    }
    const core::Projection2d planeMapped = core::principalPlane(core::RowSource(mapped)),
                             planeCopied = core::principalPlane(copied->span());
    if (!specials) {
        QVERIFY(planeMapped.mean == planeCopied.mean && planeMapped.axes == planeCopied.axes);
        QVERIFY(planeMapped.project(core::RowSource(mapped), 7) == planeCopied.project(copied->span(), 7));
    }
    QVERIFY2(mapped->halfType(), "looking, looking up, unembedding, printing, binning and searching "
                                 "neighbours make no float32 copy");

    QVERIFY(sameSummary(mapped->summary(), copied->summary()));
    QVERIFY(sameBits(mapped->value().data(), copied->value().data(), v * d));
    QVERIFY(!mapped->halfType() && mapped->inPlace());
    mapped->value()(0, 0) = 42.0f;
    mapped->bumpVersion();
    QVERIFY(sameBits(file.toParameter("w")->toTensor(), copied->toTensor()));
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
    QVERIFY(
        writeFile(bad, QByteArray(reinterpret_cast<const char *>(&length), 8) + "{" + QByteArray(1015, ' ')));
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
    // Issue #30: the types EmbedLab does not decode are named.
    const QString iq2 = m_dir.filePath(QStringLiteral("iq2.gguf"));
    QVERIFY(writeFile(iq2, testing::ggufMatrix("token_embd.weight", 16, 2, 256, QByteArray(2 * 66, '\x05'))));
    QTest::newRow("unsupported quantisation")
        << QStringList{QStringLiteral("convert"), iq2 + QStringLiteral(":token_embd.weight"),
                       QStringLiteral("--npy"), m_dir.filePath(QStringLiteral("x.npy"))}
        << QStringLiteral("ValueError: ") + iq2 +
               QStringLiteral(
                   ": tensor 'token_embd.weight': GGUF type IQ2_XXS is not supported (EmbedLab reads F32, "
                   "F16, "
                   "BF16, F64, I8-I64, Q4_0, Q4_1, Q5_0, Q5_1, Q8_0, Q2_K, Q3_K, Q4_K, Q5_K, Q6_K, IQ4_NL, "
                   "IQ4_XS, TQ1_0 and TQ2_0; re-quantise with llama.cpp's llama-quantize to one of those, "
                   "e.g. "
                   "Q4_K_M, or convert to F16)");
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

// Issue #28: a training step over bf16 words in place computes on copies and reports its change
// against the words read run by run: the decoded copy's report, and the words stay words.
void TestWeightFile::trainingStepReadsWordsInPlace()
{
    const core::Index v = 300, d = 16;
    const QString path = m_dir.filePath(QStringLiteral("train.safetensors"));
    QVERIFY(writeWordsSafetensors(path, "BF16", halfWords(core::HalfType::BFloat16, v, d, false), v, d));
    const core::WeightFile file = core::WeightFile::open(path.toStdString());
    const core::LongTensor ids{{3}, {2, 3, 1}}, targets{{3}, {3, 1, 0}};
    const auto stepOver = [&](const core::ParameterPtr &weight) {
        core::Generator gen(123);
        const std::unique_ptr<core::TiedModel> model =
            core::TiedModel::withEmbedding(weight, {}, false, true, gen);
        core::Trainer trainer;
        trainer.setOptimizer(testing::sgd(0.1));
        trainer.prepare(*model);
        return std::move(*trainer.compute(*model, ids, targets));
    };
    const core::ParameterPtr mapped = file.toParameter("w", {}, Placement::InPlace);
    const core::DetachedStep inPlace = stepOver(mapped);
    const core::DetachedStep copied = stepOver(file.toParameter("w", {}, Placement::Copy));
    QVERIFY2(mapped->halfType(), "the training step converted the words");
    QCOMPARE(inPlace.report.loss, copied.report.loss);
    const core::ParameterReport &a = inPlace.report.parameters.front(), &b = copied.report.parameters.front();
    QVERIFY(sameBits(a.change->toTensor(), b.change->toTensor()));
    QCOMPARE(a.changedRows, b.changedRows);
    QVERIFY(!a.changedRows.empty());
}

// Issue #28: a file another program shortens while its tensors are used in place raised SIGBUS
// at the first read past its new end and ended the process. The guard maps zeros there instead and
// reports the file once (the window then tells the user).
void TestWeightFile::shortenedFileReadsZeros()
{
    const core::Index v = 512, d = 64; // 64 KiB of words: pages past the new end
    const QString path = m_dir.filePath(QStringLiteral("shortened.safetensors"));
    QVERIFY(writeWordsSafetensors(path, "BF16", halfWords(core::HalfType::BFloat16, v, d, false), v, d));
    const core::WeightFile file = core::WeightFile::open(path.toStdString());
    const core::ParameterPtr mapped = file.toParameter("w", {}, Placement::InPlace);
    QVERIFY(mapped && mapped->halfType());
    QVERIFY(mapped->at(v - 1, d - 1) != 0.0f);
    (void)core::mappingGuard::takeShortened();
    const std::uint64_t faultsBefore = core::mappingGuard::faults();

    QVERIFY(QFile::resize(path, 8192)); // another program rewrites the file, shorter
    std::vector<float> lastRow(static_cast<std::size_t>(d), 1.0f);
    mapped->copyRows(v - 1, 1, lastRow.data());
    QVERIFY(std::all_of(lastRow.begin(), lastRow.end(), [](float x) { return x == 0.0f; }));
    QCOMPARE(mapped->at(v - 2, 0), 0.0f);
    QVERIFY(mapped->at(0, 1) != 0.0f || mapped->at(0, 3) != 0.0f); // the first page is still the file's
    QVERIFY(core::mappingGuard::faults() > faultsBefore);
    QCOMPARE(core::mappingGuard::takeShortened(), std::vector<std::string>{path.toStdString()});

    // The whole file's mapping past the end reads zeros too, and the file is not reported again.
    const std::span<const std::uint8_t> bytes = file.rawBytes(file.tensor("w"));
    QCOMPARE(int(bytes.back()), 0);
    QVERIFY(core::mappingGuard::takeShortened().empty());
    char byte = 0;
    QVERIFY(core::mappingGuard::notifierFd() >= 0);
    QVERIFY(::read(core::mappingGuard::notifierFd(), &byte, 1) == 1);
}

// Issue #28: the undo snapshot of float32 values in place, not written since they were read, is the
// file mapped again: the same values, no copy, and unaffected by writes to the parameter. Once
// written, a snapshot copies them.
void TestWeightFile::float32SnapshotMapsTheFileAgain()
{
    const QString path = m_dir.filePath(QStringLiteral("snapshot.npy"));
    std::vector<float> values(300 * 7);
    for (std::size_t i = 0; i < values.size(); ++i)
        values[i] = 0.5f * float(i) - 100.0f;
    core::writeNpy(path.toStdString(), values.data(), {300, 7});
    const core::WeightFile file = core::WeightFile::open(path.toStdString());
    const core::ParameterPtr mapped = file.toParameter("array", {}, Placement::InPlace);
    QVERIFY(mapped->inPlace() && mapped->holdsFileValues());
    const std::shared_ptr<core::Parameter> before = mapped->snapshot();
    QVERIFY(before->inPlace() && before->holdsFileValues());
    QVERIFY(before->storage() != mapped->storage());
    QVERIFY(sameBits(before->toTensor(), mapped->toTensor()));
    QVERIFY(before->recordedSummary()); // what the load recorded comes along

    mapped->value()(299, 6) = 42.0f;
    mapped->bumpVersion();
    QVERIFY(!mapped->holdsFileValues());
    QCOMPARE(before->at(299, 6), values.back());
    const std::shared_ptr<core::Parameter> written = mapped->snapshot();
    QVERIFY(!written->inPlace());
    QCOMPARE(written->at(299, 6), 42.0f);
    // Taking the first snapshot back gives the file's values, still in place.
    mapped->replaceValue(std::move(*before->snapshot()));
    QVERIFY(mapped->inPlace() && mapped->holdsFileValues());
    QCOMPARE(mapped->at(299, 6), values.back());
    QVERIFY(sameBits(file.toParameter("array", {}, Placement::Copy)->toTensor(), mapped->toTensor()));
}

QTEST_GUILESS_MAIN(TestWeightFile)
#include "tst_weightfile.moc"
