// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "common/TestSettings.h"
#include "ui/heatmap/HeatmapView.h"
#include "ui/window/MainWindow.h"
#include "ui/window/Translations.h"

#include <QDockWidget>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QTableWidget>
#include <QTest>

#include <memory>

using embedlab::ui::HeatmapView;
using embedlab::ui::MainWindow;
using embedlab::ui::Translations;

/// Issue #16 items 14-15: the window's default layout gives the weight matrices the room.
class TestDefaultLayout : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void cleanup();
    void heatmapTakesAThird_data();
    void heatmapTakesAThird();
    void codeDockLeadsTheBottomRow_data();
    void codeDockLeadsTheBottomRow();
    void statsTableShowsBothRows_data();
    void statsTableShowsBothRows();

private:
    void showAt(QSize size);

    std::unique_ptr<MainWindow> m_window;
};

void TestDefaultLayout::init()
{
    embedlab::testing::resetAppSettings();
}

void TestDefaultLayout::cleanup()
{
    m_window.reset();
}

void TestDefaultLayout::showAt(QSize size)
{
    m_window = std::make_unique<MainWindow>();
    m_window->resize(size);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QTest::qWait(50);
    QCOMPARE(m_window->size(), size);
}

void TestDefaultLayout::heatmapTakesAThird_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addRow("1366x768") << QSize(1366, 768);
    QTest::addRow("1920x1080") << QSize(1920, 1080);
}

void TestDefaultLayout::heatmapTakesAThird()
{
    // #16 item 15: the embedding's heatmap had 218 x 161 px of a 1366 x 768 window (GPT-2's 768
    // columns in 90 px). It gets a third of the window's width, a quarter of its height, and more
    // height than lm_head's.
    QFETCH(QSize, size);
    showAt(size);
    if (QTest::currentTestFailed())
        return;
    auto *embedding = m_window->findChild<HeatmapView *>(QStringLiteral("embeddingHeatmap"));
    auto *lmHead = m_window->findChild<HeatmapView *>(QStringLiteral("lmHeadHeatmap"));
    QVERIFY(embedding && lmHead);
    const QSize got = embedding->size();
    // Not yet at 1366 x 768: 352 x 228 px. The layer and initialiser panels shown whole (tst_fittext)
    // and the animation's minimum width leave the weights column about 360 px.
    if (size == QSize(1366, 768))
        QEXPECT_FAIL("1366x768", "the side panels' and the animation's minimum widths leave 352 px",
                     Continue);
    QVERIFY2(got.width() * 3 >= size.width() && got.height() * 4 >= size.height(),
             qPrintable(QStringLiteral("embedding heatmap %1 x %2 px").arg(got.width()).arg(got.height())));
    QVERIFY2(
        got.height() > lmHead->height(),
        qPrintable(
            QStringLiteral("embedding %1 px high, lm_head %2 px").arg(got.height()).arg(lmHead->height())));
}

void TestDefaultLayout::codeDockLeadsTheBottomRow_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addColumn<bool>("outputWhole");
    QTest::addRow("1024x768") << QSize(1024, 768) << false;
    QTest::addRow("1366x768") << QSize(1366, 768) << true;
    QTest::addRow("1920x1080") << QSize(1920, 1080) << true;
}

void TestDefaultLayout::codeDockLeadsTheBottomRow()
{
    // #16 item 14: at 1024 x 768 the code dock had 341 px beside the histogram's 458 and its stacked
    // panes clipped every line. The bottom row now runs under the layer panel too.
    QFETCH(QSize, size);
    QFETCH(bool, outputWhole);
    showAt(size);
    if (QTest::currentTestFailed())
        return;
    auto *code = m_window->findChild<QDockWidget *>(QStringLiteral("codeDock"));
    auto *histogram = m_window->findChild<QDockWidget *>(QStringLiteral("histogramDock"));
    QVERIFY(code && histogram && code->isVisible() && histogram->isVisible());
    QVERIFY2(
        code->width() > histogram->width(),
        qPrintable(QStringLiteral("code %1 px, histogram %2 px").arg(code->width()).arg(histogram->width())));
    auto *python = code->findChild<QPlainTextEdit *>(QStringLiteral("code"));
    auto *output = code->findChild<QPlainTextEdit *>(QStringLiteral("output"));
    QVERIFY(python && output);
    QCOMPARE(python->horizontalScrollBar()->maximum(), 0);
    if (outputWhole)
        QCOMPARE(output->horizontalScrollBar()->maximum(), 0);
}

void TestDefaultLayout::statsTableShowsBothRows_data()
{
    QTest::addColumn<QString>("language");
    for (const char *code : {"en", "vi", "zh"})
        QTest::newRow(code) << QString::fromLatin1(code);
}

void TestDefaultLayout::statsTableShowsBothRows()
{
    // #16 item 14: at 1366 x 768 the statistics table's second ("expected") row was below the fold.
    QFETCH(QString, language);
    QVERIFY(Translations::install(language));
    showAt(QSize(1366, 768));
    Translations::install(QStringLiteral("en"));
    if (QTest::currentTestFailed())
        return;
    auto *table = m_window->findChild<QTableWidget *>(QStringLiteral("stats"));
    QVERIFY(table && table->isVisible());
    QVERIFY(table->rowCount() >= 2);
    const QRect shown = table->visibleRegion().boundingRect();
    QVERIFY2(shown.height() >= table->height(),
             qPrintable(QStringLiteral("%1 of %2 px shown").arg(shown.height()).arg(table->height())));
}

QTEST_MAIN(TestDefaultLayout)
#include "tst_defaultlayout.moc"
