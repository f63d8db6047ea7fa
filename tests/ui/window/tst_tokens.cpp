// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// Issue #14, "In the app": text in the ids field, tokens wherever a row appears, the neighbours
// panel. GPT-2's embedded tokenizer is the vocabulary throughout; the small views use the reference
// model's four rows with it (ids 0-3 are "!", "\"", "#" and "$" in GPT-2).
#include "common/HeatmapCells.h"
#include "common/TestSettings.h"
#include "core/analysis/Neighbours.h"
#include "ui/heatmap/HeatmapView.h"
#include "ui/model/Lab.h"
#include "ui/model/NeighbourSearch.h"
#include "ui/model/OneHotAnimation.h"
#include "ui/views/NeighboursPanel.h"
#include "ui/views/OneHotView.h"
#include "ui/views/TokenBarChart.h"
#include "ui/views/TokenChips.h"
#include "ui/views/TrainingPanel.h"
#include "ui/views/UnembeddingView.h"
#include "ui/window/MainWindow.h"

#include <QAction>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QSignalSpy>
#include <QTest>
#include <QToolButton>
#include <QTreeWidget>
#include <QUndoStack>

#include <memory>

using embedlab::ui::HeatmapView;
using embedlab::ui::Lab;
using embedlab::ui::MainWindow;
using embedlab::ui::NeighbourSearch;
using embedlab::ui::OneHotAnimation;
using embedlab::ui::TokenBarChart;
using embedlab::ui::TokenChip;
using embedlab::ui::TokenChips;
namespace core = embedlab::core;
using embedlab::ui::Vocabulary;

using embedlab::testing::cellCentre;

namespace {

constexpr int kBuildTimeoutMs = 120000;

} // namespace

class TestTokens : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void referenceShowsNoTokens();
    void textModeGivesGpt2Ids_data();
    void textModeGivesGpt2Ids();
    void quotesMeanTextInIdsMode();
    void halfTypedTextWaitsForThePause();
    void chipsShowEachTokenWithItsId();
    void undoPutsTheTextBack();
    void heatmapTooltipAndZoomedLabelsShowTokens();
    void oneHotAndLookupShowTokens();
    void unembeddingBarsShowTokens();
    void trainingPanelNamesChangedTokens();
    void trainingFollowsTheTypedText();
    void neighboursListWhatCoreComputes();
    void rowsClickedQuicklySearchOnceEach();
    void clickingANeighbourSelectsItsRow();
    void searchingATokenSelectsItsRow();
    void scatterFillsItsArea_data();
    void scatterFillsItsArea();
    void scatterLabelsNeverOverlap();

private:
    void useGpt2Preset();
    void useGpt2VocabularyOnTheReference();
    void waitUntilIdle();
    QLineEdit *idsField() const { return m_window->findChild<QLineEdit *>(QStringLiteral("ids")); }
    QToolButton *textMode() const { return m_window->findChild<QToolButton *>(QStringLiteral("textMode")); }

    std::unique_ptr<MainWindow> m_window;
};

void TestTokens::initTestCase()
{
    embedlab::testing::resetAppSettings();
}

void TestTokens::init()
{
    m_window = std::make_unique<MainWindow>();
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestTokens::cleanup()
{
    waitUntilIdle();
    m_window.reset();
}

void TestTokens::waitUntilIdle()
{
    if (!m_window->isIdle()) {
        QSignalSpy idle(m_window.get(), &MainWindow::idle);
        QVERIFY(idle.wait(kBuildTimeoutMs));
    }
}

void TestTokens::useGpt2Preset()
{
    m_window->findChild<QAction *>(QStringLiteral("presetGpt2"))->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(m_window->lab()->modelConfig().numEmbeddings == 50257, kBuildTimeoutMs);
    waitUntilIdle();
}

void TestTokens::useGpt2VocabularyOnTheReference()
{
    m_window->lab()->setVocabulary(Vocabulary::gpt2());
    QVERIFY(m_window->lab()->vocabulary().isKnown());
}

void TestTokens::referenceShowsNoTokens()
{
    // The reference example has no tokenizer: its 4 ids stay, nothing shows a token.
    const Lab *lab = m_window->lab();
    QVERIFY(!lab->vocabulary().isKnown());
    QCOMPARE(lab->flatIds(), QList<qint64>({2, 3, 1}));
    QVERIFY(!textMode()->isEnabled());
    QVERIFY(m_window->tokenChips()->chips().isEmpty());
    QVERIFY(!m_window->findChild<QScrollArea *>(QStringLiteral("tokenChipsArea"))->isVisible());
    HeatmapView *heatmap = m_window->embeddingHeatmap();
    const QString tip = heatmap->toolTipTextAt(cellCentre(*heatmap, 0, 0));
    QVERIFY2(tip.startsWith(QStringLiteral("W[0, 0]")), qPrintable(tip));
    QVERIFY2(!tip.contains(QStringLiteral("token")), qPrintable(tip));
    QCOMPARE(heatmap->rowLabel(0), QStringLiteral("0"));
    // Quotes mean nothing without a tokenizer: PyTorch's own complaint about the entry.
    QTest::keyClicks(idsField(), QStringLiteral("\"Hi\""));
    QTest::keyClick(idsField(), Qt::Key_Return);
    QCOMPARE(lab->flatIds(), QList<qint64>({2, 3, 1}));
}

void TestTokens::textModeGivesGpt2Ids_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QList<qint64>>("ids");
    // Expected ids from OpenAI's GPT-2 encoder (tiktoken "gpt2").
    QTest::newRow("hello world") << QStringLiteral("Hello world") << QList<qint64>{15496, 995};
    QTest::newRow("leading space") << QStringLiteral(" Hello") << QList<qint64>{18435};
    QTest::newRow("contraction") << QStringLiteral("it's") << QList<qint64>{270, 338};
}

void TestTokens::textModeGivesGpt2Ids()
{
    QFETCH(QString, text);
    QFETCH(QList<qint64>, ids);
    useGpt2Preset();
    QCOMPARE(m_window->lab()->flatIds(), QList<qint64>({15496, 995}));
    QVERIFY(textMode()->isEnabled());
    textMode()->click();
    QVERIFY(textMode()->isChecked());
    QCOMPARE(idsField()->text(), QStringLiteral("Hello world"));
    idsField()->selectAll();
    QTest::keyClicks(idsField(), text);
    QTest::keyClick(idsField(), Qt::Key_Return);
    QCOMPARE(m_window->lab()->flatIds(), ids);
    QCOMPARE(idsField()->text(), text);
    QCOMPARE(m_window->findChild<QLineEdit *>(QStringLiteral("tokenIds"))->text(),
             QStringLiteral("[%1]").arg(Vocabulary::idsText(ids)));
}

void TestTokens::quotesMeanTextInIdsMode()
{
    useGpt2Preset();
    QVERIFY(!textMode()->isChecked());
    idsField()->selectAll();
    QTest::keyClicks(idsField(), QStringLiteral("\"Hello world\""));
    QTest::keyClick(idsField(), Qt::Key_Return);
    QCOMPARE(m_window->lab()->flatIds(), QList<qint64>({15496, 995}));
    QCOMPARE(m_window->lab()->idsText(), QStringLiteral("15496, 995"));
}

void TestTokens::halfTypedTextWaitsForThePause()
{
    // As with ids (tst_mainwindow::halfTypedEntryKeepsTheLastValidIds): key by key, nothing applies
    // before the typing pause; then the whole text does.
    useGpt2VocabularyOnTheReference();
    m_window->lab()->setConfig([&] {
        Lab::Config c = m_window->lab()->config();
        c.numEmbeddings = 50257;
        c.embeddingDim = 2;
        return c;
    }());
    waitUntilIdle();
    textMode()->click();
    idsField()->setFocus();
    idsField()->selectAll();
    QSignalSpy changed(m_window->lab(), &Lab::idsChanged);
    QTest::keyClicks(idsField(), QStringLiteral("Hello"));
    QCOMPARE(changed.size(), 0);
    QTRY_COMPARE(m_window->lab()->flatIds(), QList<qint64>({15496}));
    QCOMPARE(changed.size(), 1);
}

void TestTokens::chipsShowEachTokenWithItsId()
{
    useGpt2Preset();
    const QList<TokenChip> chips = m_window->tokenChips()->chips();
    QCOMPARE(chips,
             (QList<TokenChip>{{15496, QStringLiteral("Hello")}, {995, QStringLiteral("\u2423world")}}));
    QVERIFY(m_window->findChild<QScrollArea *>(QStringLiteral("tokenChipsArea"))->isVisible());
    // Side by side in a wide row; wrapped in a row as wide as one chip.
    const QFont font = m_window->tokenChips()->font();
    const QList<QRect> wide = TokenChips::arrange(chips, font, 1000);
    QCOMPARE(wide.size(), 2);
    QVERIFY(wide[0].right() < wide[1].left());
    QCOMPARE(wide[0].top(), wide[1].top());
    const QList<QRect> narrow = TokenChips::arrange(chips, font, wide[0].width());
    QVERIFY(narrow[1].top() > narrow[0].bottom());
    const QList<QRect> rects = TokenChips::arrange(chips, font, m_window->tokenChips()->width());
    // Clicking a chip selects its row.
    QTest::mouseClick(m_window->tokenChips(), Qt::LeftButton, {}, rects[1].center());
    QCOMPARE(m_window->lab()->selectedRow(), 995);
}

void TestTokens::undoPutsTheTextBack()
{
    useGpt2Preset();
    textMode()->click();
    idsField()->selectAll();
    QTest::keyClicks(idsField(), QStringLiteral("Hi there"));
    QTest::keyClick(idsField(), Qt::Key_Return);
    QCOMPARE(m_window->lab()->flatIds(), QList<qint64>({17250, 612}));
    m_window->undoStack()->undo();
    QCOMPARE(m_window->lab()->flatIds(), QList<qint64>({15496, 995}));
    QCOMPARE(idsField()->text(), QStringLiteral("Hello world"));
    // Back to ids: the field shows the ids again.
    textMode()->click();
    QCOMPARE(idsField()->text(), QStringLiteral("15496, 995"));
}

void TestTokens::heatmapTooltipAndZoomedLabelsShowTokens()
{
    useGpt2VocabularyOnTheReference();
    HeatmapView *heatmap = m_window->embeddingHeatmap();
    QCOMPARE(heatmap->vocabulary(), m_window->lab()->vocabulary());
    const QPoint row3 = cellCentre(*heatmap, 3, 0);
    const QString tip = heatmap->toolTipTextAt(row3);
    QVERIFY2(tip.contains(QStringLiteral("W[3, 0]")), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("3 \"$\"")), qPrintable(tip));
    // Zoomed in until every row has room for its label, the token is written beside the number.
    for (int i = 0; i < 12 && heatmap->rowLabel(2) == QStringLiteral("2"); ++i)
        heatmap->zoomIn();
    QCOMPARE(heatmap->rowLabel(2), QStringLiteral("# 2"));
    HeatmapView *head = m_window->lmHeadHeatmap();
    QVERIFY(head->toolTipTextAt(cellCentre(*head, 3, 0)).contains(QStringLiteral("3 \"$\"")));
}

void TestTokens::oneHotAndLookupShowTokens()
{
    useGpt2VocabularyOnTheReference();
    OneHotAnimation *animation = m_window->animation();
    animation->pause();
    int step = 0;
    while (step < animation->stepCount() && !(animation->phase() == OneHotAnimation::Phase::Land))
        animation->setStep(++step);
    QCOMPARE(animation->phase(), OneHotAnimation::Phase::Land);
    const QString caption = m_window->oneHotView()->captionText();
    QVERIFY2(caption.contains(QStringLiteral("2 \"#\"")), qPrintable(caption));
}

void TestTokens::unembeddingBarsShowTokens()
{
    useGpt2VocabularyOnTheReference();
    const auto *chart =
        m_window->unembeddingView()->findChild<TokenBarChart *>(QStringLiteral("logitsChart"));
    QVERIFY(chart);
    QCOMPARE(chart->bars().size(), 4);
    for (const embedlab::ui::TokenBar &bar : chart->bars()) {
        QCOMPARE(bar.text, m_window->lab()->vocabulary().label(bar.token));
        QCOMPARE(bar.idText(), QStringLiteral("%1 %2").arg(bar.token).arg(bar.text));
    }
    m_window->lab()->setVocabulary({});
    QCOMPARE(chart->bars().front().idText(), QString::number(chart->bars().front().token));
}

void TestTokens::trainingPanelNamesChangedTokens()
{
    useGpt2VocabularyOnTheReference();
    embedlab::ui::TrainingPanel *panel = m_window->trainingPanel();
    panel->setIdsText(QStringLiteral("2, 3, 1"));
    panel->setTargetsText(QStringLiteral("3, 1, 0"));
    QVERIFY2(panel->step(), qPrintable(panel->errorMessage()));
    const QString text = panel->changedRowsText(QStringLiteral("embedding.weight"));
    QVERIFY2(text.startsWith(QStringLiteral("rows changed: 1, 2, 3 (of 4)")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("2 \"#\"")) && text.contains(QStringLiteral("3 \"$\"")),
             qPrintable(text));
}

// Issue #29 item 1: a sentence typed in text mode is the Training panel's batch, each token
// predicting the next, and a step trains exactly that (its looked-up rows are the inputs).
void TestTokens::trainingFollowsTheTypedText()
{
    useGpt2Preset();
    textMode()->click();
    QVERIFY(textMode()->isChecked());
    idsField()->selectAll();
    QTest::keyClicks(idsField(), QStringLiteral("Hello world, hello class"));
    QTest::keyClick(idsField(), Qt::Key_Return);
    const QList<qint64> ids = m_window->lab()->flatIds();
    QCOMPARE(ids, (QList<qint64>{15496, 995, 11, 23748, 1398}));
    embedlab::ui::TrainingPanel *panel = m_window->trainingPanel();
    QVERIFY(panel->followsIds());
    QCOMPARE(panel->idsText(), QStringLiteral("15496, 995, 11, 23748"));
    QCOMPARE(panel->targetsText(), QStringLiteral("995, 11, 23748, 1398"));
    const QString task = panel->taskText();
    QVERIFY2(task.contains(QStringLiteral("Hello \u2192 \u2423world")), qPrintable(task));
    waitUntilIdle(); // embedding(ids) of the new ids
    QVERIFY2(panel->step(), qPrintable(panel->errorMessage()));
    QTRY_VERIFY_WITH_TIMEOUT(panel->hasResult(), kBuildTimeoutMs);
    // The code panel writes the batch the step took.
    const QString code = m_window->lab()->history().back().python;
    QVERIFY2(code.contains(QStringLiteral("ids = torch.tensor([15496, 995, 11, 23748])\n"
                                          "targets = torch.tensor([995, 11, 23748, 1398])")),
             qPrintable(code));
    waitUntilIdle();
}

void TestTokens::neighboursListWhatCoreComputes()
{
    useGpt2Preset();
    QDockWidget *dock = m_window->neighboursDock();
    dock->show();
    dock->raise();
    QSignalSpy ready(m_window->neighbourSearch(), &NeighbourSearch::resultReady);
    m_window->lab()->selectRow(15496);
    QVERIFY(ready.wait(kBuildTimeoutMs));
    const core::ParameterPtr weight = m_window->lab()->embeddingWeight();
    const std::vector<core::Neighbour> expected =
        core::RowNeighbours(weight->span()).nearest(15496, NeighbourSearch::kDefaultK);
    const embedlab::ui::NeighboursPanel *panel = m_window->neighboursPanel();
    QList<qint64> expectedIds;
    for (const core::Neighbour &n : expected)
        expectedIds.append(n.id);
    QCOMPARE(panel->listedIds(), expectedIds);
    const QTreeWidgetItem *first = panel->list()->topLevelItem(0);
    QCOMPARE(first->text(1), m_window->lab()->vocabulary().label(expected.front().id));
    QCOMPARE(first->text(2), QString::number(double(expected.front().cosine), 'f', 6));
    // Every listed row and the chosen one are on the scatter.
    QCOMPARE(m_window->neighbourSearch()->result().points.size(), expected.size() + 1);
}

void TestTokens::rowsClickedQuicklySearchOnceEach()
{
    // A teacher clicks five rows of GPT-2 faster than the first search builds its norms and plane:
    // the panel ends on the last row, and the superseded rows do not each build them again.
    useGpt2Preset();
    NeighbourSearch *search = m_window->neighbourSearch();
    const int runsBefore = search->backgroundRuns();
    QSignalSpy ready(search, &NeighbourSearch::resultReady);
    QSignalSpy running(search, &NeighbourSearch::runningChanged);
    QDockWidget *dock = m_window->neighboursDock();
    dock->show(); // searches the ids' first row: a sixth search
    dock->raise();
    for (int row : {11, 22, 33, 44, 15496})
        m_window->lab()->selectRow(row);
    waitUntilIdle();
    QCOMPARE(ready.size(), 1);
    QCOMPARE(search->result().row, 15496);
    QVERIFY2(search->backgroundRuns() - runsBefore <= 2,
             qPrintable(QStringLiteral("%1 searches ran").arg(search->backgroundRuns() - runsBefore)));
    QCOMPARE(running.size(), 2); // on once, off once
    QCOMPARE(running.at(0).at(0).toBool(), true);
    QCOMPARE(running.at(1).at(0).toBool(), false);
    const std::vector<core::Neighbour> expected =
        core::RowNeighbours(m_window->lab()->embeddingWeight()->span())
            .nearest(15496, NeighbourSearch::kDefaultK);
    QCOMPARE(search->result().neighbours.size(), qsizetype(expected.size()));
    for (size_t i = 0; i < expected.size(); ++i)
        QCOMPARE(search->result().neighbours.at(qsizetype(i)).id, expected[i].id);
}

void TestTokens::clickingANeighbourSelectsItsRow()
{
    QDockWidget *dock = m_window->neighboursDock();
    dock->show();
    dock->raise();
    QSignalSpy ready(m_window->neighbourSearch(), &NeighbourSearch::resultReady);
    m_window->lab()->selectRow(1);
    QVERIFY(ready.wait(kBuildTimeoutMs));
    QTreeWidget *list = m_window->neighboursPanel()->list();
    QCOMPARE(list->topLevelItemCount(), 3); // the reference's other three rows
    QTreeWidgetItem *item = list->topLevelItem(0);
    const qint64 id = item->text(0).toLongLong();
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualItemRect(item).center());
    QCOMPARE(m_window->lab()->selectedRow(), int(id));
    QCOMPARE(m_window->embeddingHeatmap()->selectedRow(), int(id));
}

void TestTokens::searchingATokenSelectsItsRow()
{
    useGpt2Preset();
    QDockWidget *dock = m_window->neighboursDock();
    dock->show();
    dock->raise();
    auto *search = m_window->neighboursPanel()->findChild<QLineEdit *>(QStringLiteral("neighbourSearch"));
    QSignalSpy ready(m_window->neighbourSearch(), &NeighbourSearch::resultReady);
    search->setText(QStringLiteral(" world"));
    QTest::keyClick(search, Qt::Key_Return);
    QCOMPARE(m_window->lab()->selectedRow(), 995);
    QVERIFY(ready.wait(kBuildTimeoutMs));
    QCOMPARE(m_window->neighbourSearch()->result().row, 995);
    search->setText(QStringLiteral("42"));
    QTest::keyClick(search, Qt::Key_Return);
    QCOMPARE(m_window->lab()->selectedRow(), 42);
}

void TestTokens::scatterFillsItsArea_data()
{
    QTest::addColumn<QPointF>("point");
    QTest::addColumn<QPointF>("pixel");
    // Points spanning x in [-1, 3], y in [0, 2] drawn in a 100 x 50 area at (10, 20): the first
    // component runs right, the second up.
    QTest::newRow("left, bottom") << QPointF(-1, 0) << QPointF(10, 70);
    QTest::newRow("right, top") << QPointF(3, 2) << QPointF(110, 20);
    QTest::newRow("middle") << QPointF(1, 1) << QPointF(60, 45);
}

void TestTokens::scatterFillsItsArea()
{
    QFETCH(QPointF, point);
    QFETCH(QPointF, pixel);
    const QList<QPointF> points{{-1, 0}, {3, 2}, {1, 1}};
    QCOMPARE(embedlab::ui::ProjectionScatter::toPixel(point, points, QRect(10, 20, 100, 50)), pixel);
    // A single point sits in the middle.
    QCOMPARE(embedlab::ui::ProjectionScatter::toPixel({5, 5}, {{5, 5}}, QRect(0, 0, 10, 20)), QPointF(5, 10));
}

void TestTokens::scatterLabelsNeverOverlap()
{
    using embedlab::ui::ProjectionScatter;
    const QRectF bounds(0, 0, 300, 200);
    // Far apart: every label right of its dot, vertically centred on it.
    const QList<QRectF> apart = ProjectionScatter::placeLabels({{20, 20}, {20, 100}, {150, 150}},
                                                               {{40, 12}, {40, 12}, {40, 12}}, 5, bounds);
    QCOMPARE(apart, (QList<QRectF>{{25, 14, 40, 12}, {25, 94, 40, 12}, {155, 144, 40, 12}}));
    // Eleven rows on one spot (near-duplicate tokens): the four places beside the dot, then rings
    // further up and down, taken in order of priority; the chosen row (first) keeps the right. All
    // eleven fit here, none over another.
    const QPointF spot(150, 100);
    const QList<QRectF> piled = ProjectionScatter::placeLabels(QList<QPointF>(11, spot),
                                                               QList<QSizeF>(11, QSizeF(60, 14)), 5, bounds);
    QCOMPARE(piled.size(), 11);
    QCOMPARE(piled[0], QRectF(155, 93, 60, 14));
    // The first ring's side places overlap the labels above and below: the next goes one line higher.
    QCOMPARE(piled[4], QRectF(120, 63, 60, 14));
    for (qsizetype i = 0; i < piled.size(); ++i) {
        QVERIFY2(!piled[i].isEmpty(), qPrintable(QStringLiteral("label %1").arg(i)));
        QVERIFY(bounds.contains(piled[i]));
        for (qsizetype j = 0; j < i; ++j)
            QVERIFY2(!piled[i].intersects(piled[j]),
                     qPrintable(QStringLiteral("labels %1 and %2").arg(j).arg(i)));
    }
    // More than the rings hold: the rest are left out (the list names them), never drawn over.
    const qsizetype places = 4 + 6 * ProjectionScatter::kLabelRings;
    const QList<QRectF> crowded =
        ProjectionScatter::placeLabels(QList<QPointF>(places + 5, spot),
                                       QList<QSizeF>(places + 5, QSizeF(30, 10)), 5, QRectF(0, 0, 400, 400));
    int shown = 0;
    for (qsizetype i = 0; i < crowded.size(); ++i) {
        if (crowded[i].isEmpty())
            continue;
        ++shown;
        for (qsizetype j = 0; j < i; ++j)
            QVERIFY(!crowded[i].intersects(crowded[j]));
    }
    QVERIFY2(shown > 4 && shown <= places, qPrintable(QString::number(shown)));
    // At the right edge the label goes left of its dot instead of leaving the view.
    const QList<QRectF> edge = ProjectionScatter::placeLabels({{290, 100}}, {{60, 14}}, 5, bounds);
    QCOMPARE(edge.front(), QRectF(225, 93, 60, 14));
}

QTEST_MAIN(TestTokens)
#include "tst_tokens.moc"
