// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "common/TestSettings.h"
#include "core/tensor/Parameter.h"
#include "ui/heatmap/ColorMap.h"
#include "ui/heatmap/HeatmapView.h"
#include "ui/model/Lab.h"
#include "ui/model/OneHotAnimation.h"
#include "ui/paint/Theme.h"
#include "ui/views/OneHotView.h"
#include "ui/window/ExportOptionsDialog.h"
#include "ui/window/Exporter.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QImageReader>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include <QSet>

#include <algorithm>
#include <cmath>
#include <memory>
#include <utility>

using embedlab::ui::Exporter;
using embedlab::ui::ExportOptionsDialog;
using embedlab::ui::ExportStyle;
using embedlab::ui::HeatmapView;

namespace {

/// A filled <rect> of an SVG: where it is and the fill its <g> gives it.
struct SvgRect {
    QRectF rect;
    QString fill;
};

/// Every <rect> with a fill and every <image> of the SVG `file` (QSvgGenerator puts the brush on
/// an enclosing <g>); `images` gets the embedded images, decoded.
QList<SvgRect> svgShapes(const QString &file, QList<QImage> *images = nullptr, QString *error = nullptr)
{
    QFile svg(file);
    if (!svg.open(QIODevice::ReadOnly))
        return {};
    QXmlStreamReader xml(&svg);
    QList<QString> fills = {QStringLiteral("none")};
    QList<SvgRect> rects;
    const auto number = [&xml](const char *name) {
        return xml.attributes().value(QLatin1String(name)).toDouble();
    };
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isEndElement() && xml.name() == QLatin1String("g"))
            fills.removeLast();
        if (!xml.isStartElement())
            continue;
        const QString fill = xml.attributes().value(QLatin1String("fill")).toString();
        if (xml.name() == QLatin1String("g"))
            fills.append(fill.isEmpty() ? fills.last() : fill);
        if (xml.name() == QLatin1String("rect")) {
            const QString own = fill.isEmpty() ? fills.last() : fill;
            if (own != QLatin1String("none"))
                rects.append({QRectF(number("x"), number("y"), number("width"), number("height")), own});
        }
        if (xml.name() == QLatin1String("image") && images) {
            const QString href = xml.attributes().value(QLatin1String("xlink:href")).toString();
            const qsizetype comma = href.indexOf(QLatin1Char(','));
            images->append(QImage::fromData(QByteArray::fromBase64(href.mid(comma + 1).toLatin1())));
        }
    }
    if (error)
        *error = xml.hasError() ? xml.errorString() : QString();
    return rects;
}

} // namespace

class TestExporter : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void cleanup();
    void pngSizeAndPixels_data();
    void pngSizeAndPixels();
    void pngCarriesDpi();
    void svgIsXmlWithTheCells();
    void svgCellsAreRectangles();
    void bigSvgEmbedsEveryCell();
    void transparentPngWithoutMarks();
    void whiteUnderADarkTheme();
    void optionsAreRemembered();
    void pdfIsPdf();
    void badFileNamesAreMessages();
    void animationFrames();
    void npy();

private:
    std::unique_ptr<HeatmapView> m_view;
    QTemporaryDir m_dir;
};

void TestExporter::init()
{
    // A matrix with a visible gradient: 4 x 5 as in the reference example.
    auto weight = std::make_shared<embedlab::core::Parameter>(embedlab::core::Shape{4, 5});
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 5; ++j)
            weight->value()(i, j) = static_cast<float>(i * 5 + j) - 10.0f;
    m_view = std::make_unique<HeatmapView>();
    m_view->setMatrix(weight);
    m_view->setTitle(QStringLiteral("embedding.weight  [4, 5]"));
    m_view->resize(420, 300);
    QVERIFY(m_dir.isValid());
    embedlab::testing::resetAppSettings();
}

void TestExporter::cleanup()
{
    m_view.reset();
}

void TestExporter::pngSizeAndPixels_data()
{
    QTest::addColumn<int>("scale");
    for (int s = 1; s <= 4; ++s)
        QTest::addRow("%dx", s) << s;
}

void TestExporter::pngSizeAndPixels()
{
    QFETCH(int, scale);
    const QString file = m_dir.filePath(QStringLiteral("heatmap_%1.png").arg(scale));
    QCOMPARE(Exporter::exportWidget(m_view.get(), file, scale), QString());
    const QImage image(file);
    QCOMPARE(image.size(), m_view->size() * scale);
    // The pixels are the view's: compare the centre of every cell with what the widget paints.
    const QImage screen = m_view->grab().toImage().convertToFormat(QImage::Format_ARGB32);
    const QImage exported = image.convertToFormat(QImage::Format_ARGB32);
    const QRect plot = m_view->plotRect();
    QVERIFY(!plot.isEmpty());
    int compared = 0;
    for (int i = 0; i < 4; ++i) {
        for (int j = 0; j < 5; ++j) {
            const QPoint c(plot.left() + (2 * j + 1) * plot.width() / 10,
                           plot.top() + (2 * i + 1) * plot.height() / 8);
            const QColor a = screen.pixelColor(c);
            const QColor b = exported.pixelColor(c * scale);
            QVERIFY2(
                std::abs(a.red() - b.red()) <= 2 && std::abs(a.green() - b.green()) <= 2 &&
                    std::abs(a.blue() - b.blue()) <= 2,
                qPrintable(QStringLiteral("cell %1,%2: %3 vs %4").arg(i).arg(j).arg(a.name(), b.name())));
            ++compared;
        }
    }
    QCOMPARE(compared, 20);
    if (scale == 1) {
        // At 1x the whole image is what the widget paints on screen (text antialiasing aside: < 3 %).
        QCOMPARE(exported.size(), screen.size());
        qint64 differing = 0;
        for (int y = 0; y < screen.height(); ++y)
            for (int x = 0; x < screen.width(); ++x)
                differing += screen.pixel(x, y) != exported.pixel(x, y);
        QVERIFY2(differing * 30 < qint64(screen.width()) * screen.height(),
                 qPrintable(QStringLiteral("%1 pixels differ").arg(differing)));
    }
}

void TestExporter::pngCarriesDpi()
{
    for (int scale : {1, 2, 3}) {
        const QString file = m_dir.filePath(QStringLiteral("dpi_%1.png").arg(scale));
        QCOMPARE(Exporter::writePng(m_view.get(), file, scale), QString());
        const QImage image(file);
        const double dpi = image.dotsPerMeterX() * 0.0254;
        QVERIFY2(std::abs(dpi - 96.0 * scale) < 0.5, qPrintable(QString::number(dpi)));
        QCOMPARE(image.dotsPerMeterX(), image.dotsPerMeterY());
    }
}

void TestExporter::svgIsXmlWithTheCells()
{
    const QString file = m_dir.filePath(QStringLiteral("heatmap.svg"));
    QCOMPARE(Exporter::exportWidget(m_view.get(), file), QString());
    QFile svg(file);
    QVERIFY(svg.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&svg);
    int images = 0;
    int texts = 0;
    bool sawSvg = false;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        sawSvg = sawSvg || xml.name() == QLatin1String("svg");
        // The colour bar is an image, the labels are text (the cells are rectangles: below).
        if (xml.name() == QLatin1String("image"))
            ++images;
        if (xml.name() == QLatin1String("text"))
            ++texts;
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QVERIFY(sawSvg);
    QVERIFY(images >= 1);
    QVERIFY(texts >= 5); // title and column labels stay vector text
}

// Issue #25 item 5: the reference example's 4 x 5 cells are 20 rectangles in the colour map's colours.
void TestExporter::svgCellsAreRectangles()
{
    const embedlab::ui::Lab lab;
    HeatmapView view;
    view.setMatrix(lab.embeddingWeight());
    view.resize(500, 320);
    const QString file = m_dir.filePath(QStringLiteral("cells.svg"));
    QCOMPARE(Exporter::exportWidget(&view, file), QString());
    QString error;
    const QList<SvgRect> rects = svgShapes(file, nullptr, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const QRectF plot(view.plotRect());
    QList<SvgRect> cells;
    for (const SvgRect &r : rects)
        if (plot.contains(r.rect.center()) && !r.rect.contains(plot)) // not the background
            cells.append(r);
    QCOMPARE(cells.size(), 20);
    // The lookup points into its map's table: the map stays alive beside it.
    const embedlab::ui::ColorMap colorMap = embedlab::ui::ColorMap::fromName(view.colorMapName());
    const embedlab::ui::ColorLookup lookup = colorMap.lookup(view.colorLimit());
    const auto w = lab.embeddingWeight()->value();
    QSet<QString> colours;
    for (int i = 0; i < 4; ++i) {
        for (int j = 0; j < 5; ++j) {
            const QRectF cell = view.mapping().cellRect(i, j).translated(plot.topLeft());
            const QString expected = QColor::fromRgb(lookup(w(i, j))).name();
            const auto found = std::find_if(cells.cbegin(), cells.cend(), [&](const SvgRect &r) {
                return std::abs(r.rect.left() - cell.left()) < 0.01 &&
                       std::abs(r.rect.top() - cell.top()) < 0.01 &&
                       std::abs(r.rect.width() - cell.width()) < 0.01;
            });
            QVERIFY2(found != cells.cend(),
                     qPrintable(QStringLiteral("no rectangle for W[%1, %2]").arg(i).arg(j)));
            QCOMPARE(found->fill, expected);
            colours.insert(expected);
        }
    }
    QVERIFY(colours.size() > 10); // the weights differ: so do their colours
}

// Past 200,000 cells the SVG holds one image of one pixel per cell, not the screen's reduced pixels.
void TestExporter::bigSvgEmbedsEveryCell()
{
    constexpr int rows = 600;
    constexpr int columns = 400;
    static_assert(rows * columns > HeatmapView::VectorCellLimit);
    auto weight = std::make_shared<embedlab::core::Parameter>(embedlab::core::Shape{rows, columns});
    for (int i = 0; i < rows; ++i)
        for (int j = 0; j < columns; ++j)
            weight->value()(i, j) = static_cast<float>((i * 7 + j * 3) % 101) - 50.0f;
    HeatmapView view;
    view.setMatrix(weight);
    view.resize(420, 300);
    const QString file = m_dir.filePath(QStringLiteral("big.svg"));
    QCOMPARE(Exporter::exportWidget(&view, file), QString());
    QList<QImage> images;
    const QList<SvgRect> rects = svgShapes(file, &images);
    const auto full = std::find_if(images.cbegin(), images.cend(),
                                   [](const QImage &image) { return image.size() == QSize(columns, rows); });
    QVERIFY2(full != images.cend(),
             qPrintable(QStringLiteral("%1 images, none %2 x %3").arg(images.size()).arg(columns).arg(rows)));
    // Every pixel is its cell's colour: a few cells across the matrix.
    // The lookup points into its map's table: the map stays alive beside it.
    const embedlab::ui::ColorMap colorMap = embedlab::ui::ColorMap::fromName(view.colorMapName());
    const embedlab::ui::ColorLookup lookup = colorMap.lookup(view.colorLimit());
    for (const auto &[i, j] : {std::pair{0, 0}, {1, 0}, {0, 1}, {599, 399}, {313, 17}})
        QCOMPARE(QColor(full->pixel(j, i)).name(), QColor::fromRgb(lookup(weight->value()(i, j))).name());
    // Nothing is aggregated: the heading does not say "1 px = 2.4 x 1 cells" as the screen does.
    QVERIFY(!view.aggregationText().isEmpty());
    QFile svg(file);
    QVERIFY(svg.open(QIODevice::ReadOnly));
    QVERIFY(!svg.readAll().contains("1 px ="));
    const QRectF plot(view.plotRect());
    for (const SvgRect &r : rects)
        QVERIFY(!plot.contains(r.rect.center()) || r.rect.width() > 100); // no cell drawn as a shape
}

// A slide's PNG: twice the view at scale 2, nothing where the view paints nothing, and no marks.
void TestExporter::transparentPngWithoutMarks()
{
    m_view->setSelectedRow(1);
    m_view->setHighlightedRows({1, 2});
    const QColor mark = m_view->palette().color(QPalette::Highlight);
    const auto countMarks = [&mark](const QImage &image) {
        qint64 n = 0;
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x)
                n += QColor(image.pixel(x, y)).rgb() == mark.rgb() && qAlpha(image.pixel(x, y)) == 255;
        return n;
    };
    ExportStyle style;
    style.background = ExportStyle::Background::Transparent;
    const QString file = m_dir.filePath(QStringLiteral("transparent.png"));
    QCOMPARE(Exporter::writePng(m_view.get(), file, 2, style), QString());
    const QImage image = QImage(file).convertToFormat(QImage::Format_ARGB32);
    QCOMPARE(image.size(), m_view->size() * 2);
    for (const QPoint corner : {QPoint(0, 0), QPoint(image.width() - 1, 0), QPoint(0, image.height() - 1),
                                QPoint(image.width() - 1, image.height() - 1)})
        QCOMPARE(qAlpha(image.pixel(corner)), 0);
    QCOMPARE(countMarks(image), 0);
    // Asked for, the selection's outline is there: the count above could have seen it.
    style.marks = true;
    style.background = ExportStyle::Background::White;
    const QImage marked =
        Exporter::renderImage(m_view.get(), 2, style).convertToFormat(QImage::Format_ARGB32);
    QVERIFY(countMarks(marked) > 100);
    QCOMPARE(QColor(marked.pixel(0, 0)), QColor(Qt::white));
}

// A dark theme's white text on a white slide: the figure is drawn in the light palette instead.
void TestExporter::whiteUnderADarkTheme()
{
    m_view->setPalette(embedlab::ui::Theme::contrastDark());
    ExportStyle style;
    style.background = ExportStyle::Background::White;
    const QImage image = Exporter::renderImage(m_view.get(), 1, style).convertToFormat(QImage::Format_ARGB32);
    QCOMPARE(QColor(image.pixel(0, 0)), QColor(Qt::white));
    // The title's line above the plot holds dark text.
    int dark = 0;
    for (int y = 0; y < m_view->plotRect().top() - 20; ++y)
        for (int x = 0; x < image.width(); ++x)
            dark += QColor(image.pixel(x, y)).lightness() < 80;
    QVERIFY2(dark > 50, qPrintable(QString::number(dark)));
    QVERIFY(embedlab::ui::Theme::isDark(m_view->palette())); // the view's own palette is back
}

void TestExporter::optionsAreRemembered()
{
    QCOMPARE(ExportOptionsDialog::load().scale, 2);
    QCOMPARE(ExportOptionsDialog::load().style.background, ExportStyle::Background::Window);
    QVERIFY(!ExportOptionsDialog::load().style.marks);
    ExportOptionsDialog dialog(ExportOptionsDialog::load(), true);
    dialog.findChild<QSpinBox *>(QStringLiteral("exportScale"))->setValue(3);
    dialog.findChild<QComboBox *>(QStringLiteral("exportBackground"))->setCurrentIndex(2);
    dialog.findChild<QCheckBox *>(QStringLiteral("exportMarks"))->setChecked(true);
    ExportOptionsDialog::save(dialog.options());
    const ExportOptionsDialog::Options read = ExportOptionsDialog::load();
    QCOMPARE(read.scale, 3);
    QCOMPARE(read.style.background, ExportStyle::Background::Transparent);
    QVERIFY(read.style.marks);
    // SVG and PDF have no scale to choose.
    const ExportOptionsDialog vector(read, false);
    QVERIFY(!vector.findChild<QSpinBox *>(QStringLiteral("exportScale"))->isEnabled());
}

void TestExporter::pdfIsPdf()
{
    const QString file = m_dir.filePath(QStringLiteral("heatmap.pdf"));
    QCOMPARE(Exporter::exportWidget(m_view.get(), file), QString());
    QFile pdf(file);
    QVERIFY(pdf.open(QIODevice::ReadOnly));
    QCOMPARE(pdf.read(4), QByteArray("%PDF"));
    QVERIFY(pdf.size() > 500);
}

void TestExporter::badFileNamesAreMessages()
{
    QVERIFY(!Exporter::exportWidget(m_view.get(), m_dir.filePath(QStringLiteral("x.bmp"))).isEmpty());
    QVERIFY(!Exporter::writePng(m_view.get(), m_dir.filePath(QStringLiteral("x.png")), 5).isEmpty());
    QVERIFY(!Exporter::exportWidget(m_view.get(), QStringLiteral("/nonexistent/dir/x.png")).isEmpty());
    QVERIFY(!Exporter::exportWidget(m_view.get(), QStringLiteral("/nonexistent/dir/x.pdf")).isEmpty());
}

void TestExporter::animationFrames()
{
    embedlab::ui::Lab lab;
    embedlab::ui::OneHotAnimation animation;
    animation.setIdCount(static_cast<int>(lab.flatIds().size()));
    embedlab::ui::OneHotView view;
    view.setLab(&lab);
    view.setAnimation(&animation);
    view.resize(640, 360);
    animation.setStep(3);
    const QString dir = m_dir.filePath(QStringLiteral("frames"));
    int written = 0;
    QCOMPARE(Exporter::exportFrames(&view, &animation, dir, 1, &written), QString());
    QCOMPARE(written, animation.stepCount());
    QCOMPARE(animation.stepCount(), 3 * 5 + 1);
    QVERIFY(QFile::exists(QDir(dir).filePath(QStringLiteral("frame_0001.png"))));
    QVERIFY(QFile::exists(QDir(dir).filePath(QStringLiteral("frame_0016.png"))));
    QVERIFY(!QFile::exists(QDir(dir).filePath(QStringLiteral("frame_0017.png"))));
    QCOMPARE(QImage(QDir(dir).filePath(QStringLiteral("frame_0001.png"))).size(), view.size());
    QCOMPARE(animation.step(), 3); // put back
}

void TestExporter::npy()
{
    const QString file = m_dir.filePath(QStringLiteral("w.npy"));
    QCOMPARE(Exporter::exportNpy(*m_view->matrix(), file), QString());
    QFile npy(file);
    QVERIFY(npy.open(QIODevice::ReadOnly));
    const QByteArray bytes = npy.readAll();
    QVERIFY(bytes.startsWith(QByteArray("\x93NUMPY", 6)));
    QVERIFY(bytes.contains("'shape': (4, 5)"));
    QCOMPARE(bytes.size() % 64, (4 * 5 * 4) % 64);
    QVERIFY(!Exporter::exportNpy(*m_view->matrix(), QStringLiteral("/nonexistent/dir/w.npy")).isEmpty());
}

QTEST_MAIN(TestExporter)
#include "tst_exporter.moc"
