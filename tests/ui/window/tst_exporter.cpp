// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/tensor/Parameter.h"
#include "ui/heatmap/HeatmapView.h"
#include "ui/model/Lab.h"
#include "ui/model/OneHotAnimation.h"
#include "ui/views/OneHotView.h"
#include "ui/window/Exporter.h"

#include <QDir>
#include <QFile>
#include <QImageReader>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include <cmath>
#include <memory>

using embedlab::ui::Exporter;
using embedlab::ui::HeatmapView;

class TestExporter : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void cleanup();
    void pngSizeAndPixels_data();
    void pngSizeAndPixels();
    void pngCarriesDpi();
    void svgIsXmlWithTheCells();
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
        // The heatmap paints its cells as one image (exact colours, any size), the labels as text.
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
