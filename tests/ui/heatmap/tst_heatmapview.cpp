// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "common/Files.h"
#include "common/HeatmapCells.h"
#include "core/io/WeightFile.h"
#include "ui/heatmap/HeatmapPyramid.h"
#include "ui/heatmap/HeatmapView.h"
#include "ui/paint/TextColors.h"

#include <QApplication>
#include <QMouseEvent>
#include <QShortcut>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <limits>

using embedlab::core::Parameter;
using embedlab::core::ParameterPtr;
using namespace embedlab::ui;

using embedlab::testing::cellCentre;

namespace {

// The reference matrix (torch.manual_seed(0); torch.randn(4, 5) rounded as PyTorch prints it).
ParameterPtr referenceMatrix()
{
    auto p = std::make_shared<Parameter>(embedlab::core::Shape{4, 5});
    p->value() << 0.3374f, -0.1778f, -0.3035f, -0.5880f, 1.5810f, 1.3010f, 1.2753f, -0.2010f, -0.1606f,
        -0.4015f, 0.6957f, -1.8061f, -1.1589f, 0.3255f, -0.6315f, -2.8400f, -0.7849f, -1.4096f, -0.4076f,
        0.7953f;
    return p;
}

/// The row and column numbers a view painted, in order, each list joined by spaces.
struct AxisNumbers {
    QString rows;
    QString columns;
};

/// Paints `view` at `size` in a projected 20 px font and reads the numbers left of and above its plot.
AxisNumbers paintedAxisNumbers(HeatmapView *view, QSize size)
{
    QFont projected = view->font();
    projected.setPixelSize(20);
    view->setFont(projected);
    view->resize(size);
    (void)view->renderToImage(view->size());
    const QRect plot = view->plotRect();
    QStringList rows, columns;
    for (const PaintedText &t : view->paintedTexts()) {
        bool number = false;
        (void)t.text.toInt(&number);
        if (number && t.rect.right() <= plot.left())
            rows.append(t.text);
        else if (number && t.rect.bottom() <= plot.top() + 0.5)
            columns.append(t.text);
    }
    return {rows.join(QLatin1Char(' ')), columns.join(QLatin1Char(' '))};
}

} // namespace

class TestHeatmapView : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void cleanup();
    void pixelHasColourOfWeight_data();
    void pixelHasColourOfWeight();
    void paintedWidgetMatchesExport();
    void colourBarIsSymmetric();
    void toolTip_data();
    void toolTip();
    void clickSelectsRow_data();
    void clickSelectsRow();
    void hoverReportsCell();
    void nonFiniteValues();
    void constantMatrix();
    void zoomAndReset();
    void keyboardZoomAndPan();
    void cursorKeys();
    void cursorKeysBeatShortcuts();
    void focusFrameAndCursorAreDrawn();
    void tallMatrixStatesAggregation();
    void narrowViewPutsTheColourBarUnderThePlot();
    void columnLabelsNeverMeet();
    void narrowViewLabelsEverySmallRow();
    void tallCellsKeepEveryRowNumbered();
    void headingNeverOverlaps_data();
    void headingNeverOverlaps();
    void notifyChangedRepaintsNewValues();
    void staleRebuildsAreDropped();
    void viewsToldOfOneWriteShareOneBuild();
    void highlightedRowsStandOut();
    void destroyWhileRebuildPending();
    void convertedWordsStayDrawn();

private:
    HeatmapView *m_view = nullptr;
};

void TestHeatmapView::init()
{
    m_view = new HeatmapView;
    m_view->resize(640, 420);
    m_view->setMatrix(referenceMatrix());
    m_view->setTitle(QStringLiteral("embedding.weight  [4, 5]"));
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view));
    QTRY_VERIFY(!m_view->isRebuilding());
}

void TestHeatmapView::cleanup()
{
    delete m_view;
    m_view = nullptr;
}

void TestHeatmapView::pixelHasColourOfWeight_data()
{
    QTest::addColumn<QString>("colorMap");
    for (const QString &name : ColorMap::names())
        QTest::newRow(qPrintable(name)) << name;
}

void TestHeatmapView::pixelHasColourOfWeight()
{
    QFETCH(QString, colorMap);
    m_view->setColorMapName(colorMap);
    QCOMPARE(m_view->colorMapName(), colorMap);
    const QImage image = m_view->renderToImage(m_view->size());
    const ColorMap map = ColorMap::fromName(colorMap);
    const auto &w = m_view->matrix()->value();
    QCOMPARE(m_view->colorLimit(), 2.84f);
    for (int i = 0; i < 4; ++i) {
        for (int j = 0; j < 5; ++j) {
            const QPoint p = cellCentre(*m_view, i, j);
            QCOMPARE(QColor(image.pixel(p)), QColor(map.map(w(i, j), 2.84f)));
        }
    }
}

void TestHeatmapView::paintedWidgetMatchesExport()
{
    // grab() goes through paintEvent and the background-built pyramid.
    const QImage painted = m_view->grab().toImage();
    const QImage exported = m_view->renderToImage(m_view->size());
    const ColorMap map;
    for (int i = 0; i < 4; ++i) {
        for (int j = 0; j < 5; ++j) {
            const QPoint p = cellCentre(*m_view, i, j) * painted.devicePixelRatio();
            QCOMPARE(QColor(painted.pixel(p)), QColor(exported.pixel(cellCentre(*m_view, i, j))));
            QCOMPARE(QColor(painted.pixel(p)), QColor(map.map(m_view->matrix()->value()(i, j), 2.84f)));
        }
    }
}

void TestHeatmapView::colourBarIsSymmetric()
{
    const float m = m_view->colorLimit();
    const ColorMap map;
    QCOMPARE(m, 2.84f); // max |w| = |-2.8400|
    QCOMPARE(map.rangeMin(m), -map.rangeMax(m));
    // The most negative weight is the bottom of the scale, 0 its centre.
    const QImage image = m_view->renderToImage(m_view->size());
    QCOMPARE(QColor(image.pixel(cellCentre(*m_view, 3, 0))), QColor(map.table().front()));
}

void TestHeatmapView::toolTip_data()
{
    QTest::addColumn<int>("row");
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("text");
    QTest::newRow("0,0") << 0 << 0 << "W[0, 0] = 0.3374";
    QTest::newRow("2,1") << 2 << 1 << "W[2, 1] = -1.8061";
    QTest::newRow("3,0") << 3 << 0 << "W[3, 0] = -2.8400";
    QTest::newRow("3,4") << 3 << 4 << "W[3, 4] = 0.7953";
}

void TestHeatmapView::toolTip()
{
    QFETCH(int, row);
    QFETCH(int, column);
    QFETCH(QString, text);
    QCOMPARE(m_view->toolTipTextAt(cellCentre(*m_view, row, column)), text);
    QCOMPARE(m_view->toolTipTextAt(QPoint(1, 1)), QString()); // outside the cells
}

void TestHeatmapView::clickSelectsRow_data()
{
    QTest::addColumn<int>("row");
    QTest::addColumn<int>("column");
    QTest::newRow("row 0") << 0 << 4;
    QTest::newRow("row 2") << 2 << 1;
    QTest::newRow("row 3") << 3 << 0;
}

void TestHeatmapView::clickSelectsRow()
{
    QFETCH(int, row);
    QFETCH(int, column);
    QSignalSpy spy(m_view, &HeatmapView::rowClicked);
    QTest::mouseClick(m_view, Qt::LeftButton, Qt::NoModifier, cellCentre(*m_view, row, column));
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).toInt(), row);
    QCOMPARE(m_view->selectedRow(), row);
    // The outline is drawn over the row's edge; the cell centre keeps its colour.
    const QImage image = m_view->renderToImage(m_view->size());
    const QRectF r = m_view->mapping().rowRect(row).translated(m_view->plotRect().topLeft());
    QCOMPARE(QColor(image.pixel(QPointF(r.left() + r.width() / 2, r.top() + 1).toPoint())),
             m_view->palette().color(QPalette::Highlight));
    // A click beside the matrix selects nothing.
    QTest::mouseClick(m_view, Qt::LeftButton, Qt::NoModifier, QPoint(2, 2));
    QCOMPARE(spy.count(), 1);
    m_view->setSelectedRow(-1);
    QCOMPARE(m_view->selectedRow(), -1);
}

void TestHeatmapView::hoverReportsCell()
{
    QSignalSpy spy(m_view, &HeatmapView::cellHovered);
    const QPointF pos(cellCentre(*m_view, 1, 3));
    QMouseEvent move(QEvent::MouseMove, pos, m_view->mapToGlobal(pos), Qt::NoButton, Qt::NoButton,
                     Qt::NoModifier);
    QApplication::sendEvent(m_view, &move);
    QVERIFY(!spy.isEmpty());
    const QList<QVariant> last = spy.last();
    QCOMPARE(last.at(0).toInt(), 1);
    QCOMPARE(last.at(1).toInt(), 3);
    QCOMPARE(last.at(2).toFloat(), -0.1606f);
}

void TestHeatmapView::nonFiniteValues()
{
    auto p = referenceMatrix();
    p->value()(0, 0) = std::numeric_limits<float>::quiet_NaN();
    p->value()(1, 1) = std::numeric_limits<float>::infinity();
    p->value()(2, 2) = -std::numeric_limits<float>::infinity();
    m_view->setMatrix(p);
    QTRY_VERIFY(!m_view->isRebuilding());
    const ColorMap map;
    QCOMPARE(m_view->colorLimit(), 2.84f); // non-finite values do not stretch the scale
    const QImage image = m_view->renderToImage(m_view->size());
    QCOMPARE(QColor(image.pixel(cellCentre(*m_view, 0, 0))), QColor(map.nanColor()));
    QCOMPARE(QColor(image.pixel(cellCentre(*m_view, 1, 1))), QColor(map.posInfColor()));
    QCOMPARE(QColor(image.pixel(cellCentre(*m_view, 2, 2))), QColor(map.negInfColor()));
    QCOMPARE(QColor(image.pixel(cellCentre(*m_view, 3, 0))), QColor(map.table().front()));
    QCOMPARE(m_view->toolTipTextAt(cellCentre(*m_view, 0, 0)), QStringLiteral("W[0, 0] = nan"));
    QCOMPARE(m_view->toolTipTextAt(cellCentre(*m_view, 2, 2)), QStringLiteral("W[2, 2] = -inf"));
}

void TestHeatmapView::constantMatrix()
{
    auto p = referenceMatrix();
    p->value().setZero(); // nn.init.zeros_
    m_view->setMatrix(p);
    QTRY_VERIFY(!m_view->isRebuilding());
    QCOMPARE(m_view->colorLimit(), 0.0f);
    const QImage image = m_view->renderToImage(m_view->size());
    const QColor centre(ColorMap().colorAt(0.5));
    for (int i = 0; i < 4; ++i) {
        for (int j = 0; j < 5; ++j)
            QCOMPARE(QColor(image.pixel(cellCentre(*m_view, i, j))), centre);
    }
    QCOMPARE(m_view->toolTipTextAt(cellCentre(*m_view, 1, 1)), QStringLiteral("W[1, 1] = 0.0000"));
}

void TestHeatmapView::zoomAndReset()
{
    QSignalSpy spy(m_view, &HeatmapView::viewChanged);
    // 4 x 5 already fills the view with cells larger than the zoom limit: nothing to zoom.
    m_view->zoomIn();
    QCOMPARE(spy.count(), 0);
    QVERIFY(m_view->mapping().isFit());
    QCOMPARE(m_view->aggregationText(), QString()); // 4 x 5 is never aggregated

    auto p = std::make_shared<Parameter>(embedlab::core::Shape{300, 40});
    p->value().setRandom();
    m_view->setMatrix(p);
    spy.clear();
    const HeatmapMapping fit = m_view->mapping();
    QVERIFY(fit.isFit());
    m_view->zoomIn();
    QCOMPARE(spy.count(), 1);
    QVERIFY(m_view->mapping().cellHeight > fit.cellHeight);
    m_view->zoomOut();
    QVERIFY(m_view->mapping().isFit());
    m_view->zoomIn();
    m_view->resetZoom();
    QVERIFY(m_view->mapping().isFit());
    QCOMPARE(spy.count(), 4);
}

void TestHeatmapView::keyboardZoomAndPan()
{
    auto p = std::make_shared<Parameter>(embedlab::core::Shape{300, 40});
    p->value().setRandom();
    m_view->setMatrix(p);
    QTRY_VERIFY(!m_view->isRebuilding());
    const HeatmapMapping fit = m_view->mapping();
    QTest::keyClick(m_view, Qt::Key_Equal, Qt::ControlModifier);
    QVERIFY(m_view->mapping().cellHeight > fit.cellHeight);
    QTest::keyClick(m_view, Qt::Key_Minus, Qt::ControlModifier);
    QTest::keyClick(m_view, Qt::Key_Equal, Qt::ControlModifier);
    QTest::keyClick(m_view, Qt::Key_0, Qt::ControlModifier);
    QVERIFY(m_view->mapping().isFit());
}

// Issue #25 item 1: the arrows move a cell cursor that stays in view, Enter selects its row as a
// click does, + and - zoom around it and Home shows the whole matrix again.
void TestHeatmapView::cursorKeys()
{
    auto p = std::make_shared<Parameter>(embedlab::core::Shape{300, 40});
    p->value().setRandom();
    m_view->setMatrix(p);
    QTRY_VERIFY(!m_view->isRebuilding());
    QCOMPARE(m_view->cursorCell(), (CellIndex{0, 0}));
    QSignalSpy moved(m_view, &HeatmapView::cursorMoved);
    QSignalSpy clicked(m_view, &HeatmapView::rowClicked);
    // Left and Up stop at the matrix's edge.
    QTest::keyClick(m_view, Qt::Key_Left);
    QTest::keyClick(m_view, Qt::Key_Up);
    QCOMPARE(m_view->cursorCell(), (CellIndex{0, 0}));
    QCOMPARE(moved.count(), 0);
    const double fitHeight = m_view->mapping().cellHeight;
    for (int i = 0; i < 4; ++i)
        QTest::keyClick(m_view, Qt::Key_Plus, Qt::ShiftModifier);
    QVERIFY(m_view->mapping().cellHeight > fitHeight * 2);
    for (int i = 0; i < 120; ++i)
        QTest::keyClick(m_view, Qt::Key_Down);
    for (int i = 0; i < 3; ++i)
        QTest::keyClick(m_view, Qt::Key_Right);
    QCOMPARE(m_view->cursorCell(), (CellIndex{120, 3}));
    QCOMPARE(moved.count(), 123);
    QCOMPARE(moved.last().at(0).toInt(), 120);
    QCOMPARE(moved.last().at(1).toInt(), 3);
    // Kept in view: the map scrolled down with it.
    const HeatmapMapping zoomed = m_view->mapping();
    QVERIFY(zoomed.firstRow > 0.0);
    QVERIFY(zoomed.cellRect(120, 3).top() >= 0.0);
    QVERIFY(zoomed.cellRect(120, 3).bottom() <= zoomed.viewport.height());
    QTest::keyClick(m_view, Qt::Key_Return);
    QCOMPARE(clicked.count(), 1);
    QCOMPARE(clicked.first().at(0).toInt(), 120);
    QCOMPARE(m_view->selectedRow(), 120);
    // - zooms out around the cursor, which stays in view.
    QTest::keyClick(m_view, Qt::Key_Minus);
    const HeatmapMapping out = m_view->mapping();
    QVERIFY(out.cellHeight < zoomed.cellHeight);
    QVERIFY(out.cellRect(120, 3).top() >= 0.0 && out.cellRect(120, 3).bottom() <= out.viewport.height());
    QTest::keyClick(m_view, Qt::Key_Home);
    QVERIFY(m_view->mapping().isFit());
    QCOMPARE(m_view->cursorCell(), (CellIndex{120, 3}));
    // A click moves the cursor to the cell clicked.
    QTest::mouseClick(m_view, Qt::LeftButton, {},
                      (m_view->mapping().cellRect(7, 9).center() + m_view->plotRect().topLeft()).toPoint());
    QCOMPARE(m_view->cursorCell(), (CellIndex{7, 9}));
    // A smaller matrix keeps the cursor inside it.
    m_view->setMatrix(referenceMatrix());
    QCOMPARE(m_view->cursorCell(), (CellIndex{3, 4}));
}

// The window's single-key shortcuts (the animation's arrows, Home) wait while the view has the
// focus: it claims its keys through ShortcutOverride.
void TestHeatmapView::cursorKeysBeatShortcuts()
{
    QWidget host;
    auto *view = new HeatmapView(&host);
    view->setMatrix(referenceMatrix());
    view->resize(400, 300);
    int fired = 0;
    for (const QKeySequence &key : {QKeySequence(Qt::Key_Right), QKeySequence(Qt::Key_Home),
                                    QKeySequence(Qt::Key_Return), QKeySequence(Qt::Key_PageDown)}) {
        auto *shortcut = new QShortcut(key, &host);
        connect(shortcut, &QShortcut::activated, &host, [&fired] { ++fired; });
    }
    host.show();
    QVERIFY(QTest::qWaitForWindowExposed(&host));
    host.activateWindow();
    view->setFocus();
    QTRY_VERIFY(view->hasFocus());
    QTest::keyClick(view, Qt::Key_Right);
    QTest::keyClick(view, Qt::Key_Home);
    QTest::keyClick(view, Qt::Key_Return);
    QCOMPARE(fired, 0);
    QCOMPARE(view->cursorCell(), (CellIndex{0, 1}));
    QCOMPARE(view->selectedRow(), 0);
    // A key the view does not read is still the window's.
    QTest::keyClick(view, Qt::Key_PageDown);
    QCOMPARE(fired, 1);
}

// The focused view is framed in TextColors::focusFrame() (3:1 on every surface, tst_contrast) and
// shows its cursor; unfocused, and in an export, neither is drawn.
void TestHeatmapView::focusFrameAndCursorAreDrawn()
{
    QWidget other;
    other.show();
    m_view->activateWindow();
    m_view->setFocus();
    QTRY_VERIFY(m_view->hasFocus());
    QTest::keyClick(m_view, Qt::Key_Down);
    const QImage focused = m_view->grab().toImage();
    const QPoint edge(1, m_view->height() / 2);
    QCOMPARE(focused.pixelColor(edge * int(focused.devicePixelRatio())).rgb(),
             TextColors::focusFrame().rgb());
    // The cursor's rings on the top edge of cell (1, 0), a dark red: black outside, white inside.
    const QRectF cell = m_view->mapping().cellRect(1, 0).translated(m_view->plotRect().topLeft());
    const qreal dpr = focused.devicePixelRatio();
    const auto colourAt = [&](qreal y) {
        return focused.pixelColor((QPointF(cell.center().x(), y) * dpr).toPoint());
    };
    bool black = false;
    bool white = false;
    for (qreal y = cell.top() - 3; y <= cell.top() + 2; y += 0.5) {
        black = black || colourAt(y) == QColor(Qt::black);
        white = white || colourAt(y) == QColor(Qt::white);
    }
    QVERIFY(black);
    QVERIFY(white);
    QVERIFY(colourAt(cell.center().y()) != QColor(Qt::white)); // the cell itself is not covered
    const QImage exported = m_view->renderToImage(m_view->size());
    QVERIFY(exported.pixelColor(edge).rgb() != TextColors::focusFrame().rgb());
    other.activateWindow();
    other.setFocus();
    m_view->clearFocus();
    QTRY_VERIFY(!m_view->hasFocus());
    const QImage unfocused = m_view->grab().toImage();
    QVERIFY(unfocused.pixelColor(edge * int(unfocused.devicePixelRatio())).rgb() !=
            TextColors::focusFrame().rgb());
}

void TestHeatmapView::headingNeverOverlaps_data()
{
    QTest::addColumn<int>("width");
    QTest::addColumn<int>("titleWanted");
    QTest::addColumn<int>("statusWanted");
    QTest::addColumn<int>("title");
    QTest::addColumn<int>("status");
    QTest::newRow("both fit") << 400 << 150 << 120 << 150 << 120;
    QTest::newRow("exactly fit") << 280 << 150 << 120 << 150 << 120;
    QTest::newRow("no status: the whole line") << 100 << 150 << 0 << 100 << 0;
    QTest::newRow("status gives way first") << 300 << 150 << 200 << 150 << 140;
    QTest::newRow("status keeps a third") << 310 << 400 << 200 << 200 << 100;
    QTest::newRow("narrow: both elided") << 70 << 150 << 100 << 40 << 20;
    QTest::newRow("no room") << 0 << 150 << 100 << 0 << 0;
}

// Seen in screenshots: at a narrow width the bold title was drawn over the aggregation text.
void TestHeatmapView::headingNeverOverlaps()
{
    QFETCH(int, width);
    QFETCH(int, titleWanted);
    QFETCH(int, statusWanted);
    QFETCH(int, title);
    QFETCH(int, status);
    const int gap = 10;
    const HeatmapView::HeadingWidths w = HeatmapView::headingWidths(width, titleWanted, statusWanted, gap);
    QCOMPARE(w.title, title);
    QCOMPARE(w.status, status);
    QVERIFY(w.title >= 0 && w.status >= 0 && w.title <= titleWanted && w.status <= statusWanted);
    if (statusWanted > 0)
        QVERIFY(w.title + gap + w.status <= std::max(width, gap));
    else
        QVERIFY(w.title <= width);
}

void TestHeatmapView::tallMatrixStatesAggregation()
{
    auto p = std::make_shared<Parameter>(embedlab::core::Shape{20000, 8});
    p->value().setRandom();
    p->value()(12345, 3) = 50.0f; // an outlier that max |w| keeps visible
    m_view->setMatrix(p);
    QTRY_VERIFY(!m_view->isRebuilding());
    const QString text = m_view->aggregationText();
    QVERIFY2(text.startsWith(QStringLiteral("1 px = ")) &&
                 text.endsWith(QStringLiteral("x 1 cells, max |w|")),
             qPrintable(text));
    const QImage image = m_view->renderToImage(m_view->size());
    const QPoint outlier = cellCentre(*m_view, 12345, 3);
    QCOMPARE(QColor(image.pixel(outlier)), QColor(ColorMap().map(50.0f, 50.0f)));
    m_view->setAggregation(Aggregation::Mean);
    QTRY_VERIFY(!m_view->isRebuilding());
    QVERIFY(m_view->aggregationText().endsWith(QStringLiteral("mean")));
}

/// Projected beside the lesson at 1024 x 768 the lm_head heatmap was 250 x 245: too short for the
/// colour bar under the plot, and square cells beside it 18 px, shorter than a row number: rows read
/// "0 2". The cells grow taller than wide instead, each row a line (#25).
void TestHeatmapView::tallCellsKeepEveryRowNumbered()
{
    const AxisNumbers numbers = paintedAxisNumbers(m_view, QSize(250, 245));
    QCOMPARE(numbers.rows, QStringLiteral("0 1 2 3"));
    const HeatmapMapping map = m_view->mapping();
    QVERIFY2(map.cellHeight > map.cellWidth,
             qPrintable(QStringLiteral("%1 x %2").arg(map.cellWidth).arg(map.cellHeight)));
    // Zoomed in and back, the rows keep their height.
    m_view->zoomIn();
    m_view->resetZoom();
    QCOMPARE(m_view->mapping().cellHeight, map.cellHeight);
}

// Issue #25: the reference example's lm_head projected beside the lesson (a view 264 px wide, taller
// than its 4 x 5 plot needed) kept the colour bar beside a plot of 18 px cells and numbered rows
// "0 2" and columns "0 2 4". The bar goes under the plot when that lets every row have its number.
void TestHeatmapView::narrowViewLabelsEverySmallRow()
{
    const AxisNumbers numbers = paintedAxisNumbers(m_view, QSize(264, 290));
    QCOMPARE(numbers.rows, QStringLiteral("0 1 2 3"));
    QCOMPARE(numbers.columns, QStringLiteral("0 1 2 3 4"));
    // A view wide enough keeps the bar (and its end label) beside the plot.
    m_view->resize(640, 420);
    (void)m_view->renderToImage(m_view->size());
    bool beside = false;
    for (const PaintedText &t : m_view->paintedTexts())
        beside = beside || (t.text == QStringLiteral("2.8400") && t.rect.left() > m_view->plotRect().right());
    QVERIFY(beside);
}

// Issue #25: the last column label, pushed in from the plot's right end, met the one before it
// (Llama 3's 4096 columns read "35004000" at 1366 px). At every width, the labels over the plot
// keep a gap between them.
void TestHeatmapView::columnLabelsNeverMeet()
{
    auto p = std::make_shared<Parameter>(embedlab::core::Shape{40, 4096});
    p->value().setRandom();
    m_view->setMatrix(p);
    for (int width = 260; width <= 1500; width += 9) {
        m_view->resize(width, 300);
        QTRY_VERIFY(!m_view->isRebuilding());
        (void)m_view->renderToImage(m_view->size());
        const int top = m_view->plotRect().top();
        QList<QRectF> labels;
        for (const PaintedText &t : m_view->paintedTexts()) {
            bool number = false;
            (void)t.text.toInt(&number);
            if (number && t.rect.bottom() <= top + 0.5)
                labels.append(t.rect);
        }
        std::sort(labels.begin(), labels.end(),
                  [](const QRectF &a, const QRectF &b) { return a.left() < b.left(); });
        QVERIFY2(labels.size() >= 2, qPrintable(QString::number(width)));
        for (qsizetype i = 1; i < labels.size(); ++i)
            QVERIFY2(labels[i].left() > labels[i - 1].right() + 1.0,
                     qPrintable(QStringLiteral("%1 px wide: labels at %2 and %3")
                                    .arg(width)
                                    .arg(labels[i - 1].left())
                                    .arg(labels[i].left())));
    }
}

// Issue #25: GPT-2's embedding projected at 1024 x 768 kept a plot of 155 of its view's 390 px, the
// colour bar and its labels taking the rest. A narrow view of a big matrix draws the bar as a row
// under the plot (low values at the left), its labels and legend under it; a small matrix's view,
// and a view with room, keep the bar beside the plot.
void TestHeatmapView::narrowViewPutsTheColourBarUnderThePlot()
{
    auto p = std::make_shared<Parameter>(embedlab::core::Shape{20000, 8});
    p->value().setRandom();
    p->value()(0, 0) = -4.0f; // the scale's low end, m = 4
    m_view->setMatrix(p);
    m_view->resize(240, 420);
    QTRY_VERIFY(!m_view->isRebuilding());
    const QImage image = m_view->renderToImage(m_view->size());
    const QRect plot = m_view->plotRect();
    QVERIFY2(plot.width() * 2 > m_view->width(), qPrintable(QString::number(plot.width())));
    const auto painted = [this](const QString &text) {
        for (const PaintedText &t : m_view->paintedTexts()) {
            if (t.text == text)
                return t;
        }
        return PaintedText{};
    };
    const PaintedText low = painted(QStringLiteral("\u22124.0000")), high = painted(QStringLiteral("4.0000"));
    QVERIFY(!low.text.isEmpty() && !high.text.isEmpty());
    QVERIFY(low.rect.top() > plot.bottom() && high.rect.top() > plot.bottom());
    QVERIFY(low.rect.right() < high.rect.left());
    const PaintedText nan = painted(QStringLiteral("NaN"));
    QVERIFY(nan.rect.top() > low.rect.bottom() && nan.rect.bottom() <= m_view->height());
    for (const PaintedText &t : m_view->paintedTexts())
        QVERIFY2(t.rect.right() <= m_view->width() + 0.5 && t.rect.left() >= -0.5, qPrintable(t.text));
    // The bar's ends have the scale's end colours, between the plot and the labels.
    const int barY = plot.bottom() + 1 + (int(low.rect.top()) - plot.bottom()) / 2;
    const ColorMap map;
    const float halfPixel = 4.0f / float(plot.width()); // the scale's 8 over the bar's length, halved
    QCOMPARE(QColor(image.pixel(plot.left(), barY)), QColor(map.map(-4.0f + halfPixel, 4.0f)));
    QCOMPARE(QColor(image.pixel(plot.right(), barY)), QColor(map.map(4.0f - halfPixel, 4.0f)));
    // With room, or for a matrix whose rows are each labelled, the bar stands beside the plot.
    m_view->resize(640, 420);
    (void)m_view->renderToImage(m_view->size());
    QVERIFY(painted(QStringLiteral("4.0000")).rect.left() > m_view->plotRect().right());
    m_view->setMatrix(referenceMatrix());
    m_view->resize(160, 420);
    QTRY_VERIFY(!m_view->isRebuilding());
    (void)m_view->renderToImage(m_view->size());
    QVERIFY(painted(QStringLiteral("2.8400")).rect.left() > m_view->plotRect().right());
}

// Issue #15: the embedding and a tied lm_head are told of one write together; they share one new
// overview of the written values instead of each building its own of a 2.1 GB matrix.
void TestHeatmapView::viewsToldOfOneWriteShareOneBuild()
{
    auto p = std::make_shared<Parameter>(embedlab::core::Shape{600, 40});
    p->value().setConstant(0.5f);
    const auto first = HeatmapPyramid::shared(p, Aggregation::MaxAbs);
    QVERIFY(first->levelCount() > 1);
    QCOMPARE(HeatmapPyramid::shared(p, Aggregation::MaxAbs), first);
    p->value()(0, 0) = 100.0f; // written without a new version: only a told view knows
    const std::uint64_t changedAt = HeatmapPyramid::stamp();
    const auto told = HeatmapPyramid::shared(p, Aggregation::MaxAbs, nullptr, changedAt);
    QVERIFY(told != first);
    QCOMPARE(told->limit(), 100.0f);
    QCOMPARE(HeatmapPyramid::shared(p, Aggregation::MaxAbs, nullptr, changedAt), told);
    // A view opened afterwards gets the newest overview, not the one from before the write.
    QCOMPARE(HeatmapPyramid::shared(p, Aggregation::MaxAbs), told);
}

void TestHeatmapView::notifyChangedRepaintsNewValues()
{
    QSignalSpy rebuilt(m_view, &HeatmapView::rebuilt);
    m_view->matrix()->value()(1, 2) = 2.84f;
    m_view->notifyChanged();
    // Exports are exact at once, before the background rebuild returns.
    QCOMPARE(QColor(m_view->renderToImage(m_view->size()).pixel(cellCentre(*m_view, 1, 2))),
             QColor(ColorMap().table().back()));
    QTRY_COMPARE(rebuilt.count(), 1);
    QCOMPARE(QColor(m_view->grab().toImage().pixel(cellCentre(*m_view, 1, 2))),
             QColor(ColorMap().table().back()));
}

void TestHeatmapView::staleRebuildsAreDropped()
{
    QSignalSpy rebuilt(m_view, &HeatmapView::rebuilt);
    for (int k = 1; k <= 20; ++k) {
        m_view->matrix()->value()(0, 0) = 0.1f * static_cast<float>(k);
        m_view->notifyChanged();
    }
    QTRY_VERIFY(!m_view->isRebuilding());
    // Builds of superseded values are dropped (how many depends on thread timing); the view ends
    // on the latest values, W[0, 0] = 2.0.
    QVERIFY(rebuilt.count() >= 1);
    QVERIFY(rebuilt.count() <= 20);
    QCOMPARE(m_view->colorLimit(), 2.84f);
    QCOMPARE(QColor(m_view->grab().toImage().pixel(cellCentre(*m_view, 0, 0))),
             QColor(ColorMap().map(2.0f, 2.84f)));
}

void TestHeatmapView::highlightedRowsStandOut()
{
    const QImage before = m_view->renderToImage(m_view->size());
    m_view->setHighlightedRows({2});
    QCOMPARE(m_view->highlightedRows(), QList<int>{2});
    const QImage after = m_view->renderToImage(m_view->size());
    QCOMPARE(after.pixel(cellCentre(*m_view, 2, 1)), before.pixel(cellCentre(*m_view, 2, 1)));
    QVERIFY(after.pixel(cellCentre(*m_view, 0, 4)) != before.pixel(cellCentre(*m_view, 0, 4)));
}

// Regression (issue "Live initialisation histograms ...", found by the training panel's tests): a view
// destroyed while a second setMatrix() waited behind a running rebuild hung in its destructor or
// ran the rebuild's continuation on the dead view.
void TestHeatmapView::destroyWhileRebuildPending()
{
    auto big = std::make_shared<Parameter>(embedlab::core::Shape{4000, 768});
    big->value().setConstant(0.5f);
    auto other = std::make_shared<Parameter>(embedlab::core::Shape{4000, 768});
    other->value().setConstant(-0.5f);
    for (int i = 0; i < 10; ++i) {
        auto *view = new HeatmapView;
        view->resize(400, 300);
        view->setMatrix(big);
        view->setMatrix(other);
        view->notifyChanged();
        delete view;
    }
    QTest::qWait(50); // let the abandoned workers' finished() signals arrive (and go nowhere)
    // The pool is still free and a new view still gets its pyramid.
    HeatmapView view;
    view.resize(400, 300);
    QSignalSpy rebuilt(&view, &HeatmapView::rebuilt);
    view.setMatrix(big);
    QVERIFY(rebuilt.wait(20000));
    QVERIFY(!view.isRebuilding());
}

// Issue #28: bf16 weights read in place that something then converts to float32 (value() does,
// without a new version, before a first write) keep their picture: the pyramid drawn from the words is as
// good for the same values in float32, and the view does not fall back to its busy text.
void TestHeatmapView::convertedWordsStayDrawn()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const embedlab::core::Index rows = 2048, columns = 4096; // more cells than the view reduces directly
    std::vector<std::uint16_t> cells(static_cast<std::size_t>(rows * columns));
    for (std::size_t i = 0; i < cells.size(); ++i)
        cells[i] =
            std::uint16_t(0x3c00 + (i * 2654435761u >> 20) % 0x180) ^ std::uint16_t(i % 3 == 0 ? 0x8000 : 0);
    const QString path = dir.filePath(QStringLiteral("w.safetensors"));
    QVERIFY(embedlab::testing::writeWordsSafetensors(path, "BF16", cells, rows, columns));
    const embedlab::core::ParameterPtr words =
        embedlab::core::WeightFile::open(path.toStdString())
            .toParameter("w", {}, embedlab::core::WeightFile::Placement::InPlace);
    QVERIFY(words->halfType());
    m_view->setMatrix(words);
    QTRY_VERIFY(!m_view->isRebuilding());
    const QImage before = m_view->grab().toImage();
    const std::uint64_t version = words->version();
    (void)words->value(); // the float32 copy, as a first write makes it
    QVERIFY(!words->halfType() && words->version() == version);
    QCOMPARE(m_view->grab().toImage(), before);
}

QTEST_MAIN(TestHeatmapView)
#include "tst_heatmapview.moc"
