// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
//
// Issue #30, "Show the quantisation": a Q4_K_M-style GGUF (token_embd.weight in Q4_K, output.weight
// in Q6_K, the small GPT-2 tokenizer in its metadata) opened in the window: tokens on its rows, the
// heatmap title and the tensor picker naming the type and its bits per weight, the tooltip taking an
// element apart (its block's scale and minimum, its level) while the values are the file's, the block
// grid, the statistics table's count of distinct values; and the type kept by undo and sessions.
#include "common/GgufBytes.h"
#include "common/HeatmapCells.h"
#include "common/TestSettings.h"
#include "core/io/WeightFile.h"
#include "core/tensor/DistinctValues.h"
#include "ui/heatmap/HeatmapView.h"
#include "ui/histogram/InitHistogram.h"
#include "ui/model/Document.h"
#include "ui/model/Lab.h"
#include "ui/model/LabUndo.h"
#include "ui/views/TensorPicker.h"
#include "ui/window/MainWindow.h"
#include "ui/window/SessionController.h"
#include "ui/window/WeightFileLoader.h"
#include "ui/window/WeightHeatmaps.h"

#include <QAction>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace embedlab;
using ui::HeatmapView;
using ui::Lab;
using ui::MainWindow;

namespace {

constexpr int kTimeoutMs = 60000;

} // namespace

class TestQuantDisplay : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void opensWithTokensAndNamesItsType();
    void tooltipTakesAnElementApart_data();
    void tooltipTakesAnElementApart();
    void tooltipOnlyWhileTheValuesAreTheFiles();
    void blockGridOutlinesGroupsAndBlocks();
    void typeSurvivesUndoAndTheSession();
    void pickerNamesTypeBitsAndWhatIsKept();
    void statisticsCountTheDistinctValues();
    void plainTensorShowsNoQuantisation();

private:
    void load(const QString &tensor, Lab::LoadRole role = Lab::LoadRole::Embedding);
    void waitUntilIdle();
    Lab *lab() const { return m_window->lab(); }

    QTemporaryDir m_dir;
    QString m_file;
    QString m_npy;
    std::unique_ptr<MainWindow> m_window;
};

void TestQuantDisplay::initTestCase()
{
    testing::resetAppSettings();
    QVERIFY(m_dir.isValid());
    m_file = m_dir.filePath(QStringLiteral("model-Q4_K_M.gguf"));
    QFile out(m_file);
    const QByteArray bytes = testing::q4kmStyleFile();
    QVERIFY(out.open(QIODevice::WriteOnly) && out.write(bytes) == bytes.size());
    out.close();
    // A plain float32 matrix of the same shape as a GGUF: no blocks, nothing to take apart.
    m_npy = m_dir.filePath(QStringLiteral("plain.gguf"));
    QFile plain(m_npy);
    QVERIFY(plain.open(QIODevice::WriteOnly));
    plain.write(testing::ggufMatrix("w", 0, 4, 32, QByteArray(4 * 32 * 4, '\1')));
}

void TestQuantDisplay::init()
{
    m_window = std::make_unique<MainWindow>();
    m_window->resize(1366, 768);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestQuantDisplay::cleanup()
{
    waitUntilIdle();
    m_window.reset();
}

void TestQuantDisplay::waitUntilIdle()
{
    if (!m_window->isIdle()) {
        QSignalSpy idle(m_window.get(), &MainWindow::idle);
        QVERIFY(idle.wait(kTimeoutMs));
    }
}

void TestQuantDisplay::load(const QString &tensor, Lab::LoadRole role)
{
    QSignalSpy loaded(m_window.get(), &MainWindow::weightsLoaded);
    const auto file = std::make_shared<const core::WeightFile>(core::WeightFile::open(m_file.toStdString()));
    m_window->loadTensor(file, tensor, role, false);
    QVERIFY(loaded.wait(kTimeoutMs));
    waitUntilIdle();
}

void TestQuantDisplay::opensWithTokensAndNamesItsType()
{
    load(QStringLiteral("token_embd.weight"));
    QCOMPARE(lab()->modelConfig().numEmbeddings, core::Index(testing::kQ4kmRows));
    QCOMPARE(lab()->modelConfig().embeddingDim, core::Index(testing::kQ4kmColumns));
    // The file's tokenizer names every row.
    const ui::Vocabulary &vocabulary = lab()->vocabulary();
    QVERIFY(vocabulary.canEncode());
    for (qint64 row = 0; row < qint64(testing::kQ4kmRows); ++row)
        QVERIFY2(!vocabulary.token(row).isEmpty(), qPrintable(QString::number(row)));
    HeatmapView *heatmap = m_window->embeddingHeatmap();
    const QString title = heatmap->title();
    QVERIFY2(title.contains(QStringLiteral("from model-Q4_K_M.gguf:token_embd.weight")), qPrintable(title));
    QVERIFY2(title.contains(QStringLiteral("(Q4_K, 4.5 bits per weight)")), qPrintable(title));
    // Rows are less than a pixel high here: the tooltip names the row under the point.
    const QPoint at = testing::cellCentre(*heatmap, 300, 5);
    const ui::CellIndex cell = testing::cellAt(*heatmap, at);
    const QString tip = heatmap->toolTipTextAt(at);
    QVERIFY2(tip.contains(QStringLiteral("token %1").arg(vocabulary.idAndToken(cell.row))), qPrintable(tip));
    // The head as Linear(256, 557): Q6_K, 6.5625 bits per weight.
    load(QStringLiteral("output.weight"), Lab::LoadRole::LmHead);
    const QString head = m_window->lmHeadHeatmap()->title();
    QVERIFY2(head.contains(QStringLiteral("(Q6_K, 6.5625 bits per weight)")), qPrintable(head));
}

void TestQuantDisplay::tooltipTakesAnElementApart_data()
{
    QTest::addColumn<int>("row");
    QTest::addColumn<int>("column");
    QTest::newRow("first") << 0 << 0;
    QTest::newRow("second group") << 7 << 33;
    QTest::newRow("last") << 556 << 255;
}

void TestQuantDisplay::tooltipTakesAnElementApart()
{
    QFETCH(int, row);
    QFETCH(int, column);
    load(QStringLiteral("token_embd.weight"));
    const core::WeightFile file = core::WeightFile::open(m_file.toStdString());
    const std::optional<core::QuantElement> q = file.quantElement(
        "token_embd.weight", core::Index(row) * core::Index(testing::kQ4kmColumns) + column);
    QVERIFY(q && q->minimum);
    // The element is what the heatmap shows, and its group of 32 shares one scale and one minimum.
    QCOMPARE(lab()->embeddingWeight()->value()(row, column), q->value);
    QCOMPARE(q->groupElements, std::size_t(32));
    const QString tip =
        ui::WeightHeatmaps::quantDetail(*m_window->shown(), QStringLiteral("embedding.weight"), row, column);
    const int first = column / 32 * 32;
    const QString shared = QStringLiteral("Q4_K block %1: W[%2, %3:%4] share the scale %5 and the minimum %6")
                               .arg(q->block)
                               .arg(row)
                               .arg(first)
                               .arg(first + 32)
                               .arg(ui::formatWeight(q->scale), ui::formatWeight(*q->minimum));
    QVERIFY2(tip.contains(shared), qPrintable(tip + QStringLiteral("\nwanted: ") + shared));
    const QString level =
        QStringLiteral("level %1: %2 + %3 \u00d7 %1 = %4")
            .arg(q->quant)
            .arg(ui::formatWeight(*q->minimum), ui::formatWeight(q->scale), ui::formatWeight(q->value));
    QVERIFY2(tip.contains(level), qPrintable(tip + QStringLiteral("\nwanted: ") + level));
    // The heatmap's tooltip carries it for the cell under the mouse.
    HeatmapView *heatmap = m_window->embeddingHeatmap();
    const QPoint at = testing::cellCentre(*heatmap, row, column);
    const ui::CellIndex cell = testing::cellAt(*heatmap, at);
    if (cell.isValid())
        QVERIFY(heatmap->toolTipTextAt(at).contains(ui::WeightHeatmaps::quantDetail(
            *m_window->shown(), QStringLiteral("embedding.weight"), cell.row, cell.column)));
}

void TestQuantDisplay::tooltipOnlyWhileTheValuesAreTheFiles()
{
    load(QStringLiteral("token_embd.weight"));
    HeatmapView *heatmap = m_window->embeddingHeatmap();
    const QPoint at = testing::cellCentre(*heatmap, 3, 4);
    QVERIFY(heatmap->toolTipTextAt(at).contains(QStringLiteral("share the scale")));
    // An initialiser writes other values: they are no longer the file's blocks.
    m_window->undo()->applyInit(QStringLiteral("embedding.weight"), core::InitSpec::parse("zeros"),
                                std::nullopt);
    waitUntilIdle();
    QCOMPARE(lab()->embeddingWeight()->value()(3, 4), 0.0f);
    QVERIFY(!heatmap->toolTipTextAt(at).contains(QStringLiteral("share the scale")));
    // Undone, they are again, bit for bit.
    m_window->undo()->undo();
    waitUntilIdle();
    QVERIFY(heatmap->toolTipTextAt(at).contains(QStringLiteral("share the scale")));
    // Undoing the load itself: the reference model has no file behind it.
    m_window->undo()->undo();
    waitUntilIdle();
    QCOMPARE(lab()->modelConfig().numEmbeddings, core::Index(4));
    QVERIFY(!heatmap->toolTipTextAt(testing::cellCentre(*heatmap, 1, 1))
                 .contains(QStringLiteral("share the scale")));
    // Redone: the same values, from the same file.
    m_window->undo()->redo();
    waitUntilIdle();
    QVERIFY(heatmap->toolTipTextAt(at).contains(QStringLiteral("share the scale")));
}

void TestQuantDisplay::blockGridOutlinesGroupsAndBlocks()
{
    load(QStringLiteral("token_embd.weight"));
    HeatmapView *heatmap = m_window->embeddingHeatmap();
    QAction *option = m_window->actions().blockGrid;
    QVERIFY(option->isCheckable());
    QVERIFY(!option->isChecked());
    QVERIFY(!heatmap->blockGrid());
    option->trigger();
    QVERIFY(m_window->shown()->blockGrid());
    QCOMPARE(heatmap->blockGrid(), std::optional(core::storageBlock(core::ElementType::Q4_K)));
    // The whole matrix: a line every 32 columns inside each row's one block of 256, whose edges are
    // the bolder block lines; rows a pixel high are not outlined.
    HeatmapView::BlockGridLines lines = heatmap->blockGridLines(heatmap->mapping(), heatmap->plotRect());
    QCOMPARE(lines.groups.size(), 7);
    QCOMPARE(lines.blocks.size(), 2);
    QVERIFY(lines.rows.isEmpty());
    const double groupWidth = heatmap->mapping().cellWidth * 32;
    for (qsizetype k = 1; k < lines.groups.size(); ++k)
        QVERIFY(std::abs(lines.groups[k] - lines.groups[k - 1] - groupWidth) < 1.0);
    // Zoomed in until rows are several pixels high: each row edge is a block edge too.
    for (int i = 0; i < 14; ++i)
        heatmap->zoomIn();
    lines = heatmap->blockGridLines(heatmap->mapping(), heatmap->plotRect());
    QVERIFY(heatmap->mapping().cellHeight >= 6.0);
    QVERIFY(!lines.rows.isEmpty());
    const QImage withGrid = heatmap->renderToImage(heatmap->size());
    // The option is the document's, and turns off: the same view without the lines.
    option->trigger();
    QVERIFY(!m_window->shown()->blockGrid());
    QVERIFY(!heatmap->blockGrid());
    QVERIFY(heatmap->blockGridLines(heatmap->mapping(), heatmap->plotRect()).rows.isEmpty());
    QVERIFY(heatmap->renderToImage(heatmap->size()) != withGrid);
}

void TestQuantDisplay::typeSurvivesUndoAndTheSession()
{
    load(QStringLiteral("token_embd.weight"));
    const auto hasType = [this] {
        return m_window->embeddingHeatmap()->title().contains(QStringLiteral("Q4_K, 4.5 bits per weight"));
    };
    QVERIFY(hasType());
    m_window->undo()->undo();
    waitUntilIdle();
    QVERIFY(!hasType());
    m_window->undo()->redo();
    waitUntilIdle();
    QVERIFY(hasType());
    // Saved with its stored weights and reopened: the history names the type it was loaded as.
    const QString session = m_dir.filePath(QStringLiteral("q4.embedlab"));
    QCOMPARE(m_window->sessions()->saveSession(session), QString());
    m_window.reset();
    init();
    QCOMPARE(m_window->sessions()->openSession(session), QString());
    waitUntilIdle();
    QVERIFY2(hasType(), qPrintable(m_window->embeddingHeatmap()->title()));
    m_window->actions().blockGrid->trigger();
    QCOMPARE(m_window->embeddingHeatmap()->blockGrid(),
             std::optional(core::storageBlock(core::ElementType::Q4_K)));
}

void TestQuantDisplay::pickerNamesTypeBitsAndWhatIsKept()
{
    const auto file = std::make_shared<const core::WeightFile>(core::WeightFile::open(m_file.toStdString()));
    ui::TensorPicker picker(file);
    const int q4 = int(picker.tensorNames().indexOf(QStringLiteral("token_embd.weight")));
    const int q6 = int(picker.tensorNames().indexOf(QStringLiteral("output.weight")));
    QCOMPARE(picker.cellText(q4, 1), QStringLiteral("Q4_K"));
    QCOMPARE(picker.cellText(q4, 2), QStringLiteral("4.5"));
    QCOMPARE(picker.cellText(q6, 1), QStringLiteral("Q6_K"));
    QCOMPARE(picker.cellText(q6, 2), QStringLiteral("6.5625"));
    QVERIFY(picker.selectTensor(QStringLiteral("token_embd.weight")));
    const QString note = picker.shownQuantisationNote();
    for (const QString &part : {QStringLiteral("What is Q4_K?"), QStringLiteral("blocks of 256 values"),
                                QStringLiteral("every 32 values share one scale and one minimum"),
                                QStringLiteral("one of 16"), QStringLiteral("4.5 bits per weight")})
        QVERIFY2(note.contains(part), qPrintable(note + QStringLiteral("\nwanted: ") + part));
    QVERIFY(picker.selectTensor(QStringLiteral("output.weight")));
    QVERIFY2(picker.shownQuantisationNote().contains(QStringLiteral("every 16 values share one scale,")),
             qPrintable(picker.shownQuantisationNote()));
    QVERIFY(picker.shownQuantisationNote().contains(QStringLiteral("one of 64")));
}

void TestQuantDisplay::statisticsCountTheDistinctValues()
{
    load(QStringLiteral("token_embd.weight"));
    ui::InitHistogram *histogram = m_window->histogram();
    QTRY_VERIFY_WITH_TIMEOUT(histogram->distinctCount(0).has_value(), kTimeoutMs);
    const core::ParameterPtr w = lab()->embeddingWeight();
    const core::Index expected = core::countDistinctValues(w->value().data(), w->numel());
    QCOMPARE(*histogram->distinctCount(0), expected);
    QCOMPARE(histogram->statsText(0, 5), QString::number(expected));
    // At most 16 levels in each of the 557 x 8 groups of 32.
    QCOMPARE(histogram->statsText(1, 5), QStringLiteral("\u2264 %1").arg(16 * 557 * 8));
    QVERIFY(expected <= 16 * 557 * 8);
    // Trained values are no longer the file's levels: no count.
    m_window->undo()->applyInit(QStringLiteral("embedding.weight"), core::InitSpec::parse("normal"),
                                std::nullopt);
    waitUntilIdle();
    QVERIFY(!histogram->distinctCount(0));
}

void TestQuantDisplay::plainTensorShowsNoQuantisation()
{
    m_file = m_npy;
    load(QStringLiteral("w"));
    HeatmapView *heatmap = m_window->embeddingHeatmap();
    QVERIFY2(heatmap->title().contains(QStringLiteral("(F32, 32 bits per weight)")),
             qPrintable(heatmap->title()));
    QVERIFY(!heatmap->toolTipTextAt(testing::cellCentre(*heatmap, 1, 1)).contains(QStringLiteral("scale")));
    m_window->actions().blockGrid->trigger();
    QVERIFY(!heatmap->blockGrid());
    QVERIFY(!m_window->histogram()->distinctCount(0));
    m_file = m_dir.filePath(QStringLiteral("model-Q4_K_M.gguf"));
}

QTEST_MAIN(TestQuantDisplay)
#include "tst_quantdisplay.moc"
