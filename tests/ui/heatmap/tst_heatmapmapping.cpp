// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "common/Seed.h"
#include "ui/heatmap/HeatmapMapping.h"
#include "ui/heatmap/HeatmapPyramid.h"
#include "ui/heatmap/HeatmapRenderer.h"

#include <QTest>

#include <cmath>
#include <limits>
#include <random>

using namespace embedlab::ui;

namespace {

constexpr float Nan = std::numeric_limits<float>::quiet_NaN();
constexpr float Inf = std::numeric_limits<float>::infinity();

// Same bits, so NaN == NaN for the comparisons below.
bool sameFloat(float a, float b)
{
    return (std::isnan(a) && std::isnan(b)) || a == b;
}

unsigned seed()
{
    return unsigned(embedlab::testing::testSeed("heatmapmapping", 20260101u));
}

} // namespace

class TestHeatmapMapping : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void fit_data();
    void fit();
    void cellAt_data();
    void cellAt();
    void zoomKeepsAnchor_data();
    void zoomKeepsAnchor();
    void zoomLimits_data();
    void zoomLimits();
    void pan_data();
    void pan();
    void resizeKeepsZoom();
    void axisSpans_data();
    void axisSpans();
    void niceIndexStep_data();
    void niceIndexStep();
    void formatWeight_data();
    void formatWeight();
    void aggregationDescription_data();
    void aggregationDescription();
    void aggregate_data();
    void aggregate();
    void maxAbsFinite_data();
    void maxAbsFinite();
    void levelShapes_data();
    void levelShapes();
    void chooseLevel_data();
    void chooseLevel();
    void pyramidLevelsAggregateBlocks_data();
    void pyramidLevelsAggregateBlocks();
    void reduceFrameMatchesBruteForce_data();
    void reduceFrameMatchesBruteForce();
    void pyramidFrameMatchesDirectWhenZoomedIn();
    void coldRenderColoursCells();
};

void TestHeatmapMapping::fit_data()
{
    QTest::addColumn<qlonglong>("rows");
    QTest::addColumn<qlonglong>("columns");
    QTest::addColumn<QSizeF>("viewport");
    QTest::addColumn<double>("cellWidth");
    QTest::addColumn<double>("cellHeight");
    QTest::addColumn<double>("firstRow");
    QTest::addColumn<double>("firstColumn");
    QTest::addColumn<bool>("square");

    QTest::newRow("4x5 exact") << 4LL << 5LL << QSizeF(500, 400) << 100.0 << 100.0 << 0.0 << 0.0 << true;
    // Square cells, centred horizontally: 500 px of cells in 600 px.
    QTest::newRow("4x5 wide") << 4LL << 5LL << QSizeF(600, 400) << 100.0 << 100.0 << 0.0 << -0.5 << true;
    QTest::newRow("4x5 tall") << 4LL << 5LL << QSizeF(500, 600) << 100.0 << 100.0 << -1.0 << 0.0 << true;
    // GPT-2's wte stretched per axis: square cells would be 0.02 px wide.
    QTest::newRow("gpt2") << 50257LL << 768LL << QSizeF(1920, 1080) << 2.5 << 1080.0 / 50257 << 0.0 << 0.0
                          << false;
    QTest::newRow("1000x16") << 1000LL << 16LL << QSizeF(800, 500) << 50.0 << 0.5 << 0.0 << 0.0 << false;
}

void TestHeatmapMapping::fit()
{
    QFETCH(qlonglong, rows);
    QFETCH(qlonglong, columns);
    QFETCH(QSizeF, viewport);
    QFETCH(double, cellWidth);
    QFETCH(double, cellHeight);
    QFETCH(double, firstRow);
    QFETCH(double, firstColumn);
    QFETCH(bool, square);
    const HeatmapMapping m = HeatmapMapping::fit(rows, columns, viewport);
    QCOMPARE(m.cellWidth, cellWidth);
    QCOMPARE(m.cellHeight, cellHeight);
    QCOMPARE(m.firstRow + 1.0, firstRow + 1.0); // +1: fuzzy compare near 0
    QCOMPARE(m.firstColumn + 1.0, firstColumn + 1.0);
    QCOMPARE(m.squareCells(), square);
    QVERIFY(m.isFit());
}

void TestHeatmapMapping::cellAt_data()
{
    QTest::addColumn<QPointF>("pixel");
    QTest::addColumn<qlonglong>("row");
    QTest::addColumn<qlonglong>("column");

    // 4x5 in 600x400: 100 px cells, 50 px margins left and right.
    QTest::newRow("left margin") << QPointF(49.9, 10) << -1LL << -1LL;
    QTest::newRow("first cell") << QPointF(50, 0) << 0LL << 0LL;
    QTest::newRow("cell 2,1") << QPointF(199, 250) << 2LL << 1LL;
    QTest::newRow("last cell") << QPointF(549.9, 399.9) << 3LL << 4LL;
    QTest::newRow("right margin") << QPointF(550, 100) << -1LL << -1LL;
    QTest::newRow("outside viewport") << QPointF(100, 400) << -1LL << -1LL;
    QTest::newRow("negative") << QPointF(-1, -1) << -1LL << -1LL;
}

void TestHeatmapMapping::cellAt()
{
    QFETCH(QPointF, pixel);
    QFETCH(qlonglong, row);
    QFETCH(qlonglong, column);
    const HeatmapMapping m = HeatmapMapping::fit(4, 5, QSizeF(600, 400));
    const CellIndex c = m.cellAt(pixel);
    QCOMPARE(c.row, row);
    QCOMPARE(c.column, column);
    if (c.isValid()) {
        QVERIFY(m.cellRect(c.row, c.column).contains(pixel));
        const QPointF centre = m.cellRect(c.row, c.column).center();
        QCOMPARE(m.cellToPixel(static_cast<double>(row) + 0.5, static_cast<double>(column) + 0.5), centre);
    }
}

void TestHeatmapMapping::zoomKeepsAnchor_data()
{
    QTest::addColumn<qlonglong>("rows");
    QTest::addColumn<qlonglong>("columns");
    QTest::addColumn<QPointF>("anchor");
    QTest::addColumn<double>("factor");

    QTest::newRow("gpt2 centre x2") << 50257LL << 768LL << QPointF(960, 540) << 2.0;
    QTest::newRow("gpt2 corner x8") << 50257LL << 768LL << QPointF(100, 900) << 8.0;
    QTest::newRow("4096 square x3") << 4096LL << 4096LL << QPointF(960, 540) << 3.0;
}

void TestHeatmapMapping::zoomKeepsAnchor()
{
    QFETCH(qlonglong, rows);
    QFETCH(qlonglong, columns);
    QFETCH(QPointF, anchor);
    QFETCH(double, factor);
    const HeatmapMapping m = HeatmapMapping::fit(rows, columns, QSizeF(1920, 1080));
    const HeatmapMapping z = m.zoomedAt(anchor, factor);
    const QPointF before = m.pixelToCell(anchor);
    const QPointF after = z.pixelToCell(anchor);
    QVERIFY2(
        std::abs(before.x() - after.x()) < 1e-6 && std::abs(before.y() - after.y()) < 1e-6,
        qPrintable(
            QStringLiteral("%1,%2 vs %3,%4").arg(before.x()).arg(before.y()).arg(after.x()).arg(after.y())));
    QCOMPARE(z.cellHeight, m.cellHeight * factor);
    // Zooming back out returns to the whole matrix.
    QVERIFY(z.zoomedAt(anchor, 1.0 / factor).isFit());
}

void TestHeatmapMapping::zoomLimits_data()
{
    QTest::addColumn<double>("factor");
    QTest::addColumn<double>("cellWidth");
    QTest::addColumn<double>("cellHeight");

    // GPT-2 in 1920x1080: fit is 2.5 x 0.0215 px; each axis stops at 64 px per cell.
    QTest::newRow("out past fit") << 0.5 << 2.5 << 1080.0 / 50257;
    QTest::newRow("in x10") << 10.0 << 25.0 << 10800.0 / 50257;
    QTest::newRow("in x100") << 100.0 << 64.0 << 108000.0 / 50257;
    QTest::newRow("in to single cells") << 1e6 << 64.0 << 64.0;
}

void TestHeatmapMapping::zoomLimits()
{
    QFETCH(double, factor);
    QFETCH(double, cellWidth);
    QFETCH(double, cellHeight);
    const HeatmapMapping m =
        HeatmapMapping::fit(50257, 768, QSizeF(1920, 1080)).zoomedAt(QPointF(0, 0), factor);
    QCOMPARE(m.cellWidth, cellWidth);
    QCOMPARE(m.cellHeight, cellHeight);
    QVERIFY(m.firstRow >= 0.0 && m.firstColumn >= 0.0);
}

void TestHeatmapMapping::pan_data()
{
    QTest::addColumn<QPointF>("delta");
    QTest::addColumn<double>("firstRow");
    QTest::addColumn<double>("firstColumn");

    // 100x100 cells of 10 px in a 200x100 view, starting at row 40, column 40.
    QTest::newRow("none") << QPointF(0, 0) << 40.0 << 40.0;
    QTest::newRow("drag left shows later columns") << QPointF(-50, 0) << 40.0 << 45.0;
    QTest::newRow("drag down shows earlier rows") << QPointF(0, 100) << 30.0 << 40.0;
    QTest::newRow("clamped at the start") << QPointF(1e6, 1e6) << 0.0 << 0.0;
    QTest::newRow("clamped at the end") << QPointF(-1e6, -1e6) << 90.0 << 80.0;
}

void TestHeatmapMapping::pan()
{
    QFETCH(QPointF, delta);
    QFETCH(double, firstRow);
    QFETCH(double, firstColumn);
    HeatmapMapping m = HeatmapMapping::fit(100, 100, QSizeF(200, 100));
    m.cellWidth = m.cellHeight = 10.0;
    m.firstRow = m.firstColumn = 40.0;
    const HeatmapMapping p = m.pannedBy(delta);
    QCOMPARE(p.firstRow + 1.0, firstRow + 1.0);
    QCOMPARE(p.firstColumn + 1.0, firstColumn + 1.0);
    QCOMPARE(p.cellWidth, 10.0);
}

void TestHeatmapMapping::resizeKeepsZoom()
{
    const HeatmapMapping fit = HeatmapMapping::fit(50257, 768, QSizeF(800, 600));
    QVERIFY(fit.resized(QSizeF(1000, 700)).isFit());
    const HeatmapMapping zoomed = fit.zoomedAt(QPointF(400, 300), 4.0);
    const HeatmapMapping r = zoomed.resized(QSizeF(1600, 600));
    QCOMPARE(r.cellHeight, zoomed.cellHeight);
    QCOMPARE(r.cellWidth, zoomed.cellWidth * 2.0);
    QCOMPARE(zoomed.resized(zoomed.viewport), zoomed);
}

void TestHeatmapMapping::axisSpans_data()
{
    QTest::addColumn<double>("firstCell");
    QTest::addColumn<double>("cellSize");
    QTest::addColumn<int>("pixels");
    QTest::addColumn<qlonglong>("cells");
    QTest::addColumn<qlonglong>("factor");
    QTest::addColumn<QList<qlonglong>>("expected"); // first, last pairs

    // Zoomed in: 2 cells of 2.5 px into 6 px; pixel 2's centre (2.5 px) is cell 1's edge; the last
    // pixel lies beyond the matrix.
    QTest::newRow("zoomed in") << 0.0 << 2.5 << 6 << 2LL << 1LL
                               << QList<qlonglong>{0, 0, 0, 0, 1, 1, 1, 1, 1, 1, -1, -1};
    // Centred (negative first cell): one margin pixel on the left.
    QTest::newRow("centred") << -0.5 << 2.0 << 3 << 1LL << 1LL << QList<qlonglong>{-1, -1, 0, 0, 0, 0};
    // Zoomed out: 10 cells into 4 px (2.5 cells per pixel; a cell on a pixel edge counts for both).
    QTest::newRow("zoomed out") << 0.0 << 0.4 << 4 << 10LL << 1LL << QList<qlonglong>{0, 2, 2, 4, 5, 7, 7, 9};
    // The same on a level whose cells are 2 base cells.
    QTest::newRow("level factor 2") << 0.0 << 0.4 << 4 << 10LL << 2LL
                                    << QList<qlonglong>{0, 1, 1, 2, 2, 3, 3, 4};
    // One cell per pixel exactly.
    QTest::newRow("1:1") << 3.0 << 1.0 << 3 << 10LL << 1LL << QList<qlonglong>{3, 3, 4, 4, 5, 5};
}

void TestHeatmapMapping::axisSpans()
{
    QFETCH(double, firstCell);
    QFETCH(double, cellSize);
    QFETCH(int, pixels);
    QFETCH(qlonglong, cells);
    QFETCH(qlonglong, factor);
    QFETCH(QList<qlonglong>, expected);
    const std::vector<CellSpan> spans = HeatmapMapping::axisSpans(firstCell, cellSize, pixels, cells, factor);
    QList<qlonglong> actual;
    for (const CellSpan &s : spans)
        actual << s.first << s.last;
    QCOMPARE(actual, expected);
}

void TestHeatmapMapping::niceIndexStep_data()
{
    QTest::addColumn<double>("minimum");
    QTest::addColumn<qlonglong>("step");
    QTest::newRow("fits") << 0.3 << 1LL;
    QTest::newRow("1") << 1.0 << 1LL;
    QTest::newRow("1.1") << 1.1 << 2LL;
    QTest::newRow("3") << 3.0 << 5LL;
    QTest::newRow("7") << 7.0 << 10LL;
    QTest::newRow("2600") << 2600.0 << 5000LL;
}

void TestHeatmapMapping::niceIndexStep()
{
    QFETCH(double, minimum);
    QFETCH(qlonglong, step);
    QCOMPARE(embedlab::ui::niceIndexStep(minimum), step);
}

void TestHeatmapMapping::formatWeight_data()
{
    QTest::addColumn<float>("value");
    QTest::addColumn<QString>("text");
    QTest::newRow("positive") << 0.3374f << "0.3374";
    QTest::newRow("negative") << -1.8061f << "-1.8061";
    QTest::newRow("rounding") << 0.123456f << "0.1235";
    QTest::newRow("zero") << 0.0f << "0.0000";
    QTest::newRow("large") << 123456789.0f << "1.2346e+08";
    QTest::newRow("tiny") << 1e-5f << "1.0000e-05";
    QTest::newRow("nan") << Nan << "nan";
    QTest::newRow("inf") << Inf << "inf";
    QTest::newRow("-inf") << -Inf << "-inf";
}

void TestHeatmapMapping::formatWeight()
{
    QFETCH(float, value);
    QFETCH(QString, text);
    QCOMPARE(embedlab::ui::formatWeight(value), text);
    QCOMPARE(cellToolTip(2, 1, value), QStringLiteral("W[2, 1] = ") + text);
}

void TestHeatmapMapping::aggregationDescription_data()
{
    QTest::addColumn<double>("rowsPerPixel");
    QTest::addColumn<double>("columnsPerPixel");
    QTest::addColumn<QString>("text");
    QTest::newRow("1:1") << 1.0 << 1.0 << "";
    QTest::newRow("zoomed in") << 0.1 << 0.5 << "";
    QTest::newRow("gpt2 fit") << 50257.0 / 1920 << 0.4 << "1 px = 26 x 1 cells, max |w|";
    QTest::newRow("both") << 2.5 << 3.0 << "1 px = 2.5 x 3 cells, max |w|";
}

void TestHeatmapMapping::aggregationDescription()
{
    QFETCH(double, rowsPerPixel);
    QFETCH(double, columnsPerPixel);
    QFETCH(QString, text);
    QCOMPARE(embedlab::ui::aggregationDescription(rowsPerPixel, columnsPerPixel,
                                                  aggregationName(Aggregation::MaxAbs)),
             text);
}

void TestHeatmapMapping::aggregate_data()
{
    QTest::addColumn<QList<float>>("values");
    QTest::addColumn<int>("aggregation");
    QTest::addColumn<float>("expected");
    const int maxAbs = static_cast<int>(Aggregation::MaxAbs);
    const int mean = static_cast<int>(Aggregation::Mean);
    QTest::newRow("max keeps sign") << QList<float>{1, -3, 2} << maxAbs << -3.0f;
    QTest::newRow("max first wins ties") << QList<float>{0.5f, -0.5f} << maxAbs << 0.5f;
    QTest::newRow("max inf beats finite") << QList<float>{-7, Inf, 3} << maxAbs << Inf;
    QTest::newRow("max -inf") << QList<float>{-Inf, 3} << maxAbs << -Inf;
    QTest::newRow("max nan beats inf") << QList<float>{Inf, Nan, 3} << maxAbs << Nan;
    QTest::newRow("max single") << QList<float>{0.25f} << maxAbs << 0.25f;
    QTest::newRow("mean") << QList<float>{1, 2, 3, 6} << mean << 3.0f;
    QTest::newRow("mean cancels") << QList<float>{-1.5f, 1.5f} << mean << 0.0f;
    QTest::newRow("mean nan") << QList<float>{1, Nan} << mean << Nan;
    QTest::newRow("mean inf") << QList<float>{1, Inf} << mean << Inf;
}

void TestHeatmapMapping::aggregate()
{
    QFETCH(QList<float>, values);
    QFETCH(int, aggregation);
    QFETCH(float, expected);
    const auto a = static_cast<Aggregation>(aggregation);
    const float v = embedlab::ui::aggregate(values.constData(), values.size(), a);
    QVERIFY2(sameFloat(v, expected), qPrintable(QString::number(static_cast<double>(v))));
    // The vectorised row kernels agree with the reference, lane by lane.
    std::vector<float> acc(values.size(), 0.0f);
    if (a == Aggregation::MaxAbs) {
        for (const float x : values) {
            std::vector<float> row(values.size(), x);
            accumulateMaxAbs(acc.data(), row.data(), static_cast<Index>(row.size()));
        }
        for (const float x : acc)
            QVERIFY(sameFloat(x, expected) || (expected == 0.5f && x == 0.5f));
    }
}

void TestHeatmapMapping::maxAbsFinite_data()
{
    QTest::addColumn<QList<float>>("values");
    QTest::addColumn<float>("expected");
    QTest::newRow("reference row") << QList<float>{0.3374f, -0.1778f, -0.3035f, -0.5880f, 1.5810f} << 1.5810f;
    QTest::newRow("negative wins") << QList<float>{1, -2.84f, 2} << 2.84f;
    QTest::newRow("skips nan and inf") << QList<float>{Nan, 1, -Inf, Inf, -0.5f, 2, 3, 4, 0.1f} << 4.0f;
    QTest::newRow("zeros") << QList<float>{0, -0.0f, 0} << 0.0f;
    QTest::newRow("only non-finite") << QList<float>{Nan, Inf} << 0.0f;
}

void TestHeatmapMapping::maxAbsFinite()
{
    QFETCH(QList<float>, values);
    QFETCH(float, expected);
    QCOMPARE(embedlab::ui::maxAbsFinite(values.constData(), values.size()), expected);
}

void TestHeatmapMapping::levelShapes_data()
{
    QTest::addColumn<qlonglong>("rows");
    QTest::addColumn<qlonglong>("columns");
    QTest::addColumn<QList<qlonglong>>("expected"); // rows, columns, rowFactor, columnFactor per level

    QTest::newRow("small: no levels") << 4LL << 5LL << QList<qlonglong>{4, 5, 1, 1};
    // Tall: rows are reduced alone until the level is about square; levels above 16 Mi cells (64 MB)
    // take 8 rows at a time, so the pyramid adds a few percent of the matrix, not as much again
    // (issue #15: GPT-2 and Llama 3's vocabularies), and 16 when 8 would leave more than 32 Mi
    // (issue #28: Llama 3's first level is 1/16 of its matrix).
    QTest::newRow("gpt2") << 50257LL << 768LL
                          << QList<qlonglong>{50257, 768, 1,    1,   6283, 768, 8,   1,   3142, 768,
                                              16,    1,   1571, 768, 32,   1,   786, 768, 64,   1,
                                              393,   384, 128,  2,   197,  192, 256, 4};
    QTest::newRow("llama3") << 128256LL << 4096LL
                            << QList<qlonglong>{128256, 4096, 1,    1,    8016, 4096, 16,   1,   4008, 2048,
                                                32,     2,    2004, 1024, 64,   4,    1002, 512, 128,  8,
                                                501,    256,  256,  16,   251,  128,  512,  32};
    QTest::newRow("wide") << 2LL << 1000LL << QList<qlonglong>{2, 1000, 1, 1, 2, 500, 1, 2, 2, 250, 1, 4};
}

void TestHeatmapMapping::levelShapes()
{
    QFETCH(qlonglong, rows);
    QFETCH(qlonglong, columns);
    QFETCH(QList<qlonglong>, expected);
    QList<qlonglong> actual;
    for (const PyramidLevel &l : HeatmapPyramid::levelShapes(rows, columns))
        actual << l.rows << l.columns << l.rowFactor << l.columnFactor;
    QCOMPARE(actual, expected);
}

void TestHeatmapMapping::chooseLevel_data()
{
    QTest::addColumn<double>("rowsPerPixel");
    QTest::addColumn<double>("columnsPerPixel");
    QTest::addColumn<int>("level");
    QTest::newRow("zoomed in") << 0.1 << 0.1 << 0;
    QTest::newRow("1:1") << 1.0 << 1.0 << 0;
    QTest::newRow("rows 1.9") << 1.9 << 0.5 << 0;
    // GPT-2's first level takes 8 rows (issue #15): below 8 rows per pixel the matrix itself is read.
    QTest::newRow("rows 2") << 2.0 << 0.5 << 0;
    QTest::newRow("rows 8") << 8.0 << 0.5 << 1;
    QTest::newRow("gpt2 fit in 1080 rows") << 50257.0 / 1080 << 0.4 << 3; // factor 32
    QTest::newRow("needs columns too") << 200.0 << 0.4 << 4;              // columns stay 1:1
    QTest::newRow("everything coarse") << 1000.0 << 10.0 << 6;
}

void TestHeatmapMapping::chooseLevel()
{
    QFETCH(double, rowsPerPixel);
    QFETCH(double, columnsPerPixel);
    QFETCH(int, level);
    QCOMPARE(
        HeatmapPyramid::chooseLevel(HeatmapPyramid::levelShapes(50257, 768), rowsPerPixel, columnsPerPixel),
        level);
}

void TestHeatmapMapping::pyramidLevelsAggregateBlocks_data()
{
    QTest::addColumn<int>("aggregation");
    QTest::addColumn<qlonglong>("rows");
    QTest::addColumn<qlonglong>("columns");
    QTest::newRow("max tall odd") << static_cast<int>(Aggregation::MaxAbs) << 1037LL << 3LL;
    QTest::newRow("mean tall odd") << static_cast<int>(Aggregation::Mean) << 1037LL << 3LL;
    QTest::newRow("max square") << static_cast<int>(Aggregation::MaxAbs) << 601LL << 515LL;
    QTest::newRow("mean square") << static_cast<int>(Aggregation::Mean) << 601LL << 515LL;
}

void TestHeatmapMapping::pyramidLevelsAggregateBlocks()
{
    QFETCH(int, aggregation);
    QFETCH(qlonglong, rows);
    QFETCH(qlonglong, columns);
    const auto a = static_cast<Aggregation>(aggregation);
    std::mt19937 rng(seed());
    std::normal_distribution<float> normal;
    std::vector<float> w(static_cast<std::size_t>(rows * columns));
    for (float &v : w)
        v = normal(rng);
    w[7] = Nan;
    w[static_cast<std::size_t>(rows * columns / 2)] = -Inf;
    w[static_cast<std::size_t>(rows * columns - 1)] = 100.0f;
    const HeatmapPyramid p = HeatmapPyramid::build(w.data(), rows, columns, a);
    QCOMPARE(p.limit(), 100.0f);
    QVERIFY(p.levelCount() > 2);
    // Every level cell equals the aggregate of the base block it covers.
    for (int i = 1; i < p.levelCount(); ++i) {
        const PyramidLevel &l = p.level(i);
        for (Index r = 0; r < l.rows; r += std::max<Index>(1, l.rows / 23)) {
            for (Index c = 0; c < l.columns; c += std::max<Index>(1, l.columns / 17)) {
                std::vector<float> block;
                for (Index br = r * l.rowFactor; br < std::min<Index>((r + 1) * l.rowFactor, rows); ++br) {
                    for (Index bc = c * l.columnFactor;
                         bc < std::min<Index>((c + 1) * l.columnFactor, columns); ++bc)
                        block.push_back(w[static_cast<std::size_t>(br * columns + bc)]);
                }
                const float expected =
                    embedlab::ui::aggregate(block.data(), static_cast<Index>(block.size()), a);
                const float actual = p.levelData(i)[r * l.columns + c];
                if (a == Aggregation::MaxAbs)
                    QVERIFY2(sameFloat(actual, expected),
                             qPrintable(QStringLiteral("level %1 cell %2,%3").arg(i).arg(r).arg(c)));
                else if (std::isfinite(expected))
                    QVERIFY2(std::abs(actual - expected) <= 1e-4f * (1.0f + std::abs(expected)),
                             qPrintable(QStringLiteral("level %1 cell %2,%3: %4 vs %5")
                                            .arg(i)
                                            .arg(r)
                                            .arg(c)
                                            .arg(actual)
                                            .arg(expected)));
                else
                    QVERIFY(!std::isfinite(actual));
            }
        }
    }
}

void TestHeatmapMapping::reduceFrameMatchesBruteForce_data()
{
    QTest::addColumn<int>("aggregation");
    QTest::addColumn<QSizeF>("viewport");
    QTest::newRow("max zoomed out") << static_cast<int>(Aggregation::MaxAbs) << QSizeF(10, 7);
    QTest::newRow("mean zoomed out") << static_cast<int>(Aggregation::Mean) << QSizeF(10, 7);
    QTest::newRow("max mixed") << static_cast<int>(Aggregation::MaxAbs) << QSizeF(40, 9);
}

void TestHeatmapMapping::reduceFrameMatchesBruteForce()
{
    QFETCH(int, aggregation);
    QFETCH(QSizeF, viewport);
    const auto a = static_cast<Aggregation>(aggregation);
    const Index rows = 137;
    const Index columns = 23;
    std::mt19937 rng(seed());
    std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
    std::vector<float> w(static_cast<std::size_t>(rows * columns));
    for (float &v : w)
        v = uniform(rng);
    w[50] = 3.0f;
    const HeatmapMapping m = HeatmapMapping::fit(rows, columns, viewport);
    const ReducedFrame f = reduceFrame(w.data(), rows, columns, 1, 1, m, a);
    QCOMPARE(f.limit, 3.0f);
    const auto rowSpans = HeatmapMapping::axisSpans(m.firstRow, m.cellHeight, f.height, rows, 1);
    const auto columnSpans = HeatmapMapping::axisSpans(m.firstColumn, m.cellWidth, f.width, columns, 1);
    for (int y = 0; y < f.height; ++y) {
        for (int x = 0; x < f.width; ++x) {
            const CellSpan rs = rowSpans[static_cast<std::size_t>(y)];
            const CellSpan cs = columnSpans[static_cast<std::size_t>(x)];
            std::vector<float> block;
            for (Index r = rs.first; r <= rs.last; ++r) {
                for (Index c = cs.first; c <= cs.last; ++c)
                    block.push_back(w[static_cast<std::size_t>(r * columns + c)]);
            }
            const float expected = embedlab::ui::aggregate(block.data(), static_cast<Index>(block.size()), a);
            const float actual = f.values[static_cast<std::size_t>(y * f.width + x)];
            QVERIFY2(std::abs(actual - expected) <= 1e-5f,
                     qPrintable(QStringLiteral("pixel %1,%2").arg(x).arg(y)));
        }
    }
}

void TestHeatmapMapping::pyramidFrameMatchesDirectWhenZoomedIn()
{
    const Index rows = 3000;
    const Index columns = 40;
    std::vector<float> w(static_cast<std::size_t>(rows * columns));
    for (std::size_t i = 0; i < w.size(); ++i)
        w[i] = std::sin(static_cast<float>(i) * 0.37f);
    auto p = std::make_shared<const HeatmapPyramid>(
        HeatmapPyramid::build(w.data(), rows, columns, Aggregation::MaxAbs));
    HeatmapRenderer renderer;
    renderer.setPyramid(p);
    const ColorMap map;
    renderer.setColorMap(map);
    // Zoomed in far enough that level 0 is read: every pixel is exactly its cell's colour.
    const HeatmapMapping m =
        HeatmapMapping::fit(rows, columns, QSizeF(400, 300)).zoomedAt(QPointF(200, 150), 40.0);
    QVERIFY(m.rowsPerPixel() < 1.0);
    const QImage image = renderer.renderFrame(m);
    QCOMPARE(image.size(), QSize(400, 300));
    for (int y = 5; y < 300; y += 37) {
        for (int x = 3; x < 400; x += 41) {
            const CellIndex c = m.cellAt(QPointF(x + 0.5, y + 0.5));
            QVERIFY(c.isValid());
            QCOMPARE(QColor(image.pixel(x, y)),
                     QColor(map.map(w[static_cast<std::size_t>(c.row * columns + c.column)], p->limit())));
        }
    }
}

void TestHeatmapMapping::coldRenderColoursCells()
{
    // The reference matrix: 4 x 5 into 50 x 40 px, 10 px cells.
    const std::vector<float> w{0.3374f,  -0.1778f, -0.3035f, -0.5880f, 1.5810f,  1.3010f,  1.2753f,
                               -0.2010f, -0.1606f, -0.4015f, 0.6957f,  -1.8061f, -1.1589f, 0.3255f,
                               -0.6315f, -2.8400f, -0.7849f, -1.4096f, -0.4076f, 0.7953f};
    const ColorMap map;
    const QImage image = renderCold(w.data(), 4, 5, QSize(50, 40), map, Aggregation::MaxAbs);
    QCOMPARE(image.size(), QSize(50, 40));
    for (int i = 0; i < 4; ++i) {
        for (int j = 0; j < 5; ++j)
            QCOMPARE(QColor(image.pixel(j * 10 + 5, i * 10 + 5)),
                     QColor(map.map(w[static_cast<std::size_t>(i * 5 + j)], 2.84f)));
    }
    QCOMPARE(QColor(image.pixel(5, 35)), QColor(map.table().front())); // -2.84 = -m
}

QTEST_GUILESS_MAIN(TestHeatmapMapping)
#include "tst_heatmapmapping.moc"
