// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// Issue #15, "a pyramid and statistics in one pass": the heatmap overview a weight file's decode makes
// block by block (core::OverviewBuilder) is HeatmapPyramid::build's level 1 bit for bit, for every
// source dtype and for shapes whose rows straddle the decode's blocks, and the heatmap uses it.
#include "common/Seed.h"
#include "core/io/WeightFile.h"
#include "core/tensor/Overview.h"
#include "ui/heatmap/HeatmapMapping.h"
#include "ui/heatmap/HeatmapPyramid.h"
#include "ui/heatmap/HeatmapRenderer.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <bit>
#include <cstring>
#include <limits>
#include <random>

using namespace embedlab;
using core::Index;

namespace {

unsigned seed()
{
    return unsigned(testing::testSeed("decodedoverview", 20261126u));
}

// Random source bytes of `element`: any bf16 pattern (NaN, Inf, subnormals, +x and -x alike), halves
// of every exponent, floats with a few NaN and infinities, Q8_0 blocks with random f16 scales.
std::vector<std::uint8_t> randomBytes(core::ElementType element, Index count, std::mt19937 &rng)
{
    std::vector<std::uint8_t> bytes;
    const auto push = [&bytes](std::uint32_t bits, int n) {
        for (int k = 0; k < n; ++k)
            bytes.push_back(static_cast<std::uint8_t>(bits >> (8 * k)));
    };
    std::normal_distribution<float> normal(0.0f, 0.02f);
    for (Index i = 0; i < count; ++i) {
        if (element == core::ElementType::BF16) {
            push(rng() >> 16, 2);
        } else if (element == core::ElementType::F16) {
            push(rng() >> 16, 2);
        } else if (element == core::ElementType::F32) {
            const std::uint32_t r = rng();
            const float special[] = {std::numeric_limits<float>::quiet_NaN(),
                                     -std::numeric_limits<float>::infinity(), -0.5f, 0.5f};
            push(std::bit_cast<std::uint32_t>(r % 100003 == 0 ? special[r % 4] : normal(rng)), 4);
        } else { // Q8_0: a scale in [2^-10, 2^-6) then 32 quants
            if (i % 32 == 0)
                push(0x1400u + (rng() & 0x0fffu), 2);
            push(rng(), 1);
        }
    }
    return bytes;
}

struct Decoded {
    std::vector<float> values;
    std::shared_ptr<const core::Overview> overview;
};

// Decodes the bytes the way WeightFile::toParameter does: two threads, 1 Mi element blocks, the
// overview fed from each decoded run.
Decoded decodeWithOverview(core::ElementType element, Index rows, Index columns, ui::Aggregation aggregation,
                           std::mt19937 &rng)
{
    core::TensorInfo info;
    // Moved in: GCC 12's -Wrestrict misreads operator=(const char *) here under the sanitizers.
    info.name = std::string("w");
    info.dtype = std::string("test");
    info.element = element;
    info.shape = {rows, columns};
    const std::vector<std::uint8_t> file = randomBytes(element, rows * columns, rng);
    info.size = file.size();
    Decoded d;
    d.values.resize(static_cast<std::size_t>(rows * columns));
    core::OverviewBuilder builder(rows, columns, aggregation);
    const bool done =
        core::convertInto(info, file, d.values.data(), {}, {}, [&](std::size_t at, std::size_t n) {
            builder.add(d.values.data(), Index(at), Index(at + n));
        });
    if (done)
        d.overview = builder.finish();
    return d;
}

bool sameBits(const float *a, const float *b, Index n)
{
    return std::memcmp(a, b, static_cast<std::size_t>(n) * sizeof(float)) == 0;
}

// A [rows, columns] bf16 .safetensors named "w".
QByteArray bf16Safetensors(Index rows, Index columns, std::mt19937 &rng)
{
    const std::vector<std::uint8_t> data = randomBytes(core::ElementType::BF16, rows * columns, rng);
    QByteArray header = QStringLiteral(R"({"w":{"dtype":"BF16","shape":[%1,%2],"data_offsets":[0,%3]}})")
                            .arg(rows)
                            .arg(columns)
                            .arg(data.size())
                            .toUtf8();
    header.append(QByteArray((8 - header.size() % 8) % 8, ' '));
    QByteArray out(8, '\0');
    const auto length = static_cast<std::uint64_t>(header.size());
    std::memcpy(out.data(), &length, 8);
    out += header;
    out.append(reinterpret_cast<const char *>(data.data()), static_cast<qsizetype>(data.size()));
    return out;
}

// bf16Safetensors() of the test's seed written to `path`.
bool writeBf16File(const QString &path, Index rows, Index columns)
{
    std::mt19937 rng(seed());
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bf16Safetensors(rows, columns, rng)) > 0;
}

} // namespace

class TestDecodedOverview : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void overviewIsBuildsFirstLevel_data();
    void overviewIsBuildsFirstLevel();
    void smallMatrixNeedsNoOverview();
    void heatmapUsesTheDecodedOverview();
    void wordsInPlaceDrawAsTheirCopy();
    void vectorIsOneRow();
};

void TestDecodedOverview::overviewIsBuildsFirstLevel_data()
{
    QTest::addColumn<int>("element");
    QTest::addColumn<qlonglong>("rows");
    QTest::addColumn<qlonglong>("columns");
    QTest::addColumn<int>("aggregation");
    // More than two 1 Mi blocks (both decode threads), rows that straddle the blocks, odd sides.
    const auto maxAbs = int(ui::Aggregation::MaxAbs), mean = int(ui::Aggregation::Mean);
    const auto bf16 = int(core::ElementType::BF16), f16 = int(core::ElementType::F16),
               f32 = int(core::ElementType::F32), q8 = int(core::ElementType::Q8_0);
    QTest::newRow("bf16 both axes halved") << bf16 << 3001LL << 1037LL << maxAbs;
    QTest::newRow("bf16 tall, rows by 8") << bf16 << 16411LL << 1031LL << maxAbs;
    QTest::newRow("bf16 wide, columns halved") << bf16 << 97LL << 40009LL << maxAbs;
    QTest::newRow("bf16 mean") << bf16 << 3001LL << 1037LL << mean;
    QTest::newRow("f16 tall") << f16 << 20011LL << 173LL << maxAbs;
    QTest::newRow("f16 tall mean") << f16 << 20011LL << 173LL << mean;
    QTest::newRow("f32 both axes halved") << f32 << 3001LL << 1037LL << maxAbs;
    QTest::newRow("f32 mean") << f32 << 3001LL << 1037LL << mean;
    QTest::newRow("q8_0 tall") << q8 << 20011LL << 160LL << maxAbs;
    QTest::newRow("q8_0 both axes halved") << q8 << 3001LL << 1056LL << maxAbs;
    QTest::newRow("q8_0 mean") << q8 << 3001LL << 1056LL << mean;
    QTest::newRow("bf16 one block, one thread") << bf16 << 1001LL << 259LL << maxAbs;
}

void TestDecodedOverview::overviewIsBuildsFirstLevel()
{
    QFETCH(int, element);
    QFETCH(qlonglong, rows);
    QFETCH(qlonglong, columns);
    QFETCH(int, aggregation);
    const auto a = static_cast<ui::Aggregation>(aggregation);
    std::mt19937 rng(seed());
    const Decoded d = decodeWithOverview(static_cast<core::ElementType>(element), rows, columns, a, rng);
    QVERIFY(d.overview);
    const ui::HeatmapPyramid built = ui::HeatmapPyramid::build(d.values.data(), rows, columns, a);
    QVERIFY(built.isComplete());
    QVERIFY(built.levelCount() >= 2);
    QCOMPARE(d.overview->level, built.level(1));
    QCOMPARE(d.overview->aggregation, a);
    const Index cells = built.level(1).rows * built.level(1).columns;
    QCOMPARE(Index(d.overview->values.size()), cells);
    QVERIFY(sameBits(d.overview->values.floats(), built.levelData(1), cells));
    QCOMPARE(std::bit_cast<std::uint32_t>(d.overview->limit), std::bit_cast<std::uint32_t>(built.limit()));
    // A pyramid made from the overview is the same pyramid at every level, and shares level 1.
    const ui::HeatmapPyramid fromOverview =
        ui::HeatmapPyramid::build(d.values.data(), rows, columns, a, nullptr, d.overview);
    QCOMPARE(fromOverview.levelData(1), d.overview->values.floats());
    QCOMPARE(fromOverview.levelCount(), built.levelCount());
    QCOMPARE(fromOverview.limit(), built.limit());
    for (int i = 1; i < built.levelCount(); ++i) {
        const ui::PyramidLevel &l = built.level(i);
        QCOMPARE(fromOverview.level(i), l);
        QVERIFY2(sameBits(fromOverview.levelData(i), built.levelData(i), l.rows * l.columns),
                 qPrintable(QStringLiteral("level %1").arg(i)));
    }
}

void TestDecodedOverview::smallMatrixNeedsNoOverview()
{
    // At most 256 cells each way the matrix is its own overview: nothing to make, nothing recorded.
    core::OverviewBuilder builder(256, 100);
    QVERIFY(!builder.isNeeded());
    const std::vector<float> values(256 * 100, 1.0f);
    builder.add(values.data(), 0, Index(values.size()));
    QVERIFY(!builder.finish());
    // A run left out (a cancelled decode): no overview rather than a wrong one.
    core::OverviewBuilder partial(1000, 300);
    const std::vector<float> more(1000 * 300, 1.0f);
    partial.add(more.data(), 0, 299 * 1000);
    QVERIFY(!partial.finish());
}

void TestDecodedOverview::heatmapUsesTheDecodedOverview()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("w.safetensors"));
    QVERIFY(writeBf16File(path, 1031, 301));
    const core::WeightFile file = core::WeightFile::open(path.toStdString());
    const core::ParameterPtr weight = file.toParameter("w");
    QVERIFY(weight);
    const std::shared_ptr<const core::Overview> overview = weight->overview();
    QVERIFY(overview);
    const auto w = weight->value();
    const ui::HeatmapPyramid built =
        ui::HeatmapPyramid::build(w.data(), w.rows(), w.cols(), ui::Aggregation::MaxAbs);
    QVERIFY(sameBits(overview->values.floats(), built.levelData(1), Index(overview->values.size())));

    // The view's pyramid takes level 1 from the decode instead of reading the weights again.
    std::shared_ptr<const ui::HeatmapPyramid> shared =
        ui::HeatmapPyramid::shared(weight, ui::Aggregation::MaxAbs);
    QCOMPARE(shared->levelData(1), overview->values.floats());
    // Not for another aggregation.
    QVERIFY(ui::HeatmapPyramid::shared(weight, ui::Aggregation::Mean)->levelData(1) !=
            overview->values.floats());
    // The window tells its views of a write after every rebuild, a load's too: while the version is
    // the decoded one, their new build still starts from the decode's level 1.
    shared.reset();
    const std::uint64_t changedAt = ui::HeatmapPyramid::stamp();
    QCOMPARE(ui::HeatmapPyramid::shared(weight, ui::Aggregation::MaxAbs, nullptr, changedAt)->levelData(1),
             overview->values.floats());
    // A write (a new version) drops it: the old values' overview is not kept alive by the weight.
    weight->value()(0, 0) = 7.0f;
    weight->bumpVersion();
    QVERIFY(!weight->overview());
    shared = ui::HeatmapPyramid::shared(weight, ui::Aggregation::MaxAbs);
    QVERIFY(shared->levelData(1) != overview->values.floats());
    const ui::HeatmapPyramid rebuilt =
        ui::HeatmapPyramid::build(w.data(), w.rows(), w.cols(), ui::Aggregation::MaxAbs);
    QVERIFY(sameBits(shared->levelData(1), rebuilt.levelData(1), Index(overview->values.size())));
}

// Issue #28: bf16 words read in place draw the frames of their float32 copy at every zoom, level 0
// included (each stripe of the image converts the cells it shows), max |w| and mean, without
// converting the matrix.
void TestDecodedOverview::wordsInPlaceDrawAsTheirCopy()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("w.safetensors"));
    QVERIFY(writeBf16File(path, 1031, 301));
    const core::WeightFile file = core::WeightFile::open(path.toStdString());
    const core::ParameterPtr words = file.toParameter("w", {}, core::WeightFile::Placement::InPlace),
                             copy = file.toParameter("w", {}, core::WeightFile::Placement::Copy);
    QVERIFY(words->halfType() && !copy->halfType());
    const auto frames = [](const core::ParameterPtr &weight, ui::Aggregation aggregation) {
        ui::HeatmapRenderer renderer;
        renderer.setPyramid(ui::HeatmapPyramid::shared(weight, aggregation));
        renderer.setColorMap(ui::ColorMap::fromName(QStringLiteral("RdBu")));
        const ui::HeatmapMapping fit =
            ui::HeatmapMapping::fit(weight->rows(), weight->cols(), QSizeF(300, 200));
        QList<QImage> images;
        for (const double zoom : {1.0, 3.0, 40.0, 400.0})
            images.append(renderer.renderFrame(fit.zoomedAt(QPointF(120, 90), zoom)));
        return images;
    };
    QVERIFY(ui::HeatmapPyramid::shared(words, ui::Aggregation::MaxAbs)->wordsSource() == words.get());
    QVERIFY(!ui::HeatmapPyramid::shared(words, ui::Aggregation::MaxAbs)->levelData(0));
    // Every reduced level keeps bf16 words (half the memory) holding the copy's float32 cells.
    const auto wordsPyramid = ui::HeatmapPyramid::shared(words, ui::Aggregation::MaxAbs);
    const auto copyPyramid = ui::HeatmapPyramid::shared(copy, ui::Aggregation::MaxAbs);
    QCOMPARE(wordsPyramid->levelCount(), copyPyramid->levelCount());
    QVERIFY(wordsPyramid->levelCount() > 2);
    for (int i = 1; i < wordsPyramid->levelCount(); ++i) {
        const core::LevelCells *cells = wordsPyramid->levelCells(i);
        QCOMPARE(cells->wordsType(), std::optional(core::HalfType::BFloat16));
        QVERIFY(!wordsPyramid->levelData(i));
        std::vector<float> widened(static_cast<std::size_t>(cells->size()));
        cells->copy(0, cells->size(), widened.data());
        QVERIFY2(sameBits(widened.data(), copyPyramid->levelData(i), cells->size()),
                 qPrintable(QString::number(i)));
    }
    QCOMPARE(frames(words, ui::Aggregation::MaxAbs), frames(copy, ui::Aggregation::MaxAbs));
    // Means are not values of the matrix: their levels are float32, made from converted rows.
    QCOMPARE(frames(words, ui::Aggregation::Mean), frames(copy, ui::Aggregation::Mean));
    QVERIFY(!ui::HeatmapPyramid::shared(words, ui::Aggregation::Mean)->levelCells(1)->wordsType());
    QVERIFY2(words->halfType(), "drawing converted the matrix");
}

// A 1-D parameter (a bias, its gradient) is one row, as Parameter::rows() says: its pyramid reads its
// 10 values, not 10 x 10 (AddressSanitizer found the overread in core::RowSource).
void TestDecodedOverview::vectorIsOneRow()
{
    auto bias = std::make_shared<core::Parameter>(core::Shape{10});
    for (int i = 0; i < 10; ++i)
        bias->value().data()[i] = float(i) - 20.0f;
    const auto pyramid = ui::HeatmapPyramid::shared(bias, ui::Aggregation::MaxAbs);
    QCOMPARE(pyramid->rows(), Index(1));
    QCOMPARE(pyramid->columns(), Index(10));
    QCOMPARE(pyramid->limit(), 20.0f);
}

QTEST_GUILESS_MAIN(TestDecodedOverview)
#include "tst_decodedoverview.moc"
