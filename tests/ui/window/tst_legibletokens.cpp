// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
//
// Issue #26, the window's part: tokens shown so a person can read them. Byte pieces framed under the
// character they make (我 over <E6 88> and <91>) with the sentence that explains the split; a
// vocabulary whose encoding is refused still labels every row; a vocabulary-sized matrix opened
// without a tokenizer is offered the one its row count suggests, said to be a guess; random weights
// say they are random on the heatmaps and in the Neighbours panel.
#include "common/Golden.h"
#include "common/HeatmapCells.h"
#include "common/TestSettings.h"
#include "common/TokenizerFixtures.h"
#include "core/io/NpyWriter.h"
#include "ui/heatmap/HeatmapView.h"
#include "ui/model/Document.h"
#include "ui/model/Lab.h"
#include "ui/model/LabUndo.h"
#include "ui/model/Lesson.h"
#include "ui/views/NeighboursPanel.h"
#include "ui/views/OneHotView.h"
#include "ui/views/TokenChips.h"
#include "ui/views/TrainingPanel.h"
#include "ui/window/MainWindow.h"
#include "ui/window/SessionController.h"
#include "ui/window/TokenizerOffer.h"
#include "ui/window/WeightFileLoader.h"

#include <QAction>
#include <QFile>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

#include <memory>
#include <vector>

using namespace embedlab;
using ui::Lab;
using ui::MainWindow;
using ui::TokenChips;
using ui::Vocabulary;

namespace {

constexpr int kTimeoutMs = 120000;

/// A .npy of `rows` x `columns` small values in `dir`.
QString writeMatrix(const QTemporaryDir &dir, const QString &name, std::size_t rows, std::size_t columns)
{
    std::vector<float> values(rows * columns);
    for (std::size_t i = 0; i < values.size(); ++i)
        values[i] = float(i % 97) * 0.01f - 0.5f;
    const QString path = dir.filePath(name);
    core::writeNpy(path.toStdString(), values.data(), {core::Index(rows), core::Index(columns)});
    return path;
}

} // namespace

class TestLegibleTokens : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void bytePiecesFramedUnderTheirCharacter();
    void everyViewShowsBytesNotReplacementCharacters();
    void lessonExplainsTheSplit();
    void refusedEncodingStillLabelsTheRows();
    void guessedTokenizerIsOfferedAndUndoable();
    void chosenTokenizerFileIsTaken();
    void declinedOrOtherSizesAreNotOffered();
    void randomWeightsSayTheyAreRandom();
    void neighboursOfferATrainedCheckpoint();

private:
    void waitUntilIdle();
    void load(const QString &path);
    QLineEdit *idsField() const { return m_window->findChild<QLineEdit *>(QStringLiteral("ids")); }
    QToolButton *textMode() const { return m_window->findChild<QToolButton *>(QStringLiteral("textMode")); }
    ui::TokenizerOffer *offer() const { return m_window->findChild<ui::TokenizerOffer *>(); }

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
};

void TestLegibleTokens::initTestCase()
{
    testing::resetAppSettings();
    QVERIFY(m_dir.isValid());
}

void TestLegibleTokens::init()
{
    m_window = std::make_unique<MainWindow>();
    m_window->resize(1366, 768);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestLegibleTokens::cleanup()
{
    waitUntilIdle();
    m_window.reset();
}

void TestLegibleTokens::waitUntilIdle()
{
    if (!m_window->isIdle()) {
        QSignalSpy idle(m_window.get(), &MainWindow::idle);
        QVERIFY(idle.wait(kTimeoutMs));
    }
}

void TestLegibleTokens::load(const QString &path)
{
    QSignalSpy loaded(m_window.get(), &MainWindow::weightsLoaded);
    QCOMPARE(m_window->weightFiles()->loadFromCommandLine(path, false), QString());
    QVERIFY(loaded.wait(kTimeoutMs));
    waitUntilIdle();
}

void TestLegibleTokens::bytePiecesFramedUnderTheirCharacter()
{
    // GPT-2's vocabulary on the reference's small model would refuse these ids: a model of GPT-2's
    // vocabulary with two features.
    m_window->lab()->setVocabulary(Vocabulary::gpt2());
    m_window->undo()->applySnapshot(QStringLiteral("size"), {[&] {
                                                                 Lab::Config c = m_window->lab()->config();
                                                                 c.numEmbeddings = 50257;
                                                                 c.embeddingDim = 2;
                                                                 return c;
                                                             }(),
                                                             QStringLiteral("0")});
    waitUntilIdle();
    textMode()->click();
    idsField()->setText(QStringLiteral("Hi \u6211\u4eec"));
    Q_EMIT idsField()->returnPressed();
    // GPT-2 (tiktoken "gpt2"): "Hi", then " 我" as 3 byte pieces and "们" as 2.
    QCOMPARE(m_window->lab()->flatIds(), QList<qint64>({17250, 10545, 230, 239, 20015, 105}));
    TokenChips *chips = m_window->tokenChips();
    QCOMPARE(chips->chips().size(), 6);
    QCOMPARE(chips->chips()[1].text, QStringLiteral("\u2423<E6>"));
    QCOMPARE(chips->chips()[2].text, QStringLiteral("<88>"));
    QCOMPARE(chips->groups().size(), 2);
    QCOMPARE(chips->groups()[0].first, 1);
    QCOMPARE(chips->groups()[0].count, 3);
    QCOMPARE(chips->groups()[0].text, QStringLiteral("\u2423\u6211"));
    QCOMPARE(chips->groups()[1].text, QStringLiteral("\u4eec"));
    QCOMPARE(chips->groups()[1].explanation,
             QStringLiteral("\u4eec is 3 bytes in UTF-8 (E4 BB AC). Byte-level BPE works on bytes, not "
                            "characters, and its vocabulary has no token for all of them, so it takes 2 "
                            "tokens: <E4 BB> <AC>."));
    // Each group frames its chips, led by its characters; the first chip stands alone.
    const TokenChips::Arrangement a =
        TokenChips::arrange(chips->chips(), chips->groups(), chips->font(), chips->width());
    QCOMPARE(a.groups.size(), 2);
    for (int k = 1; k <= 3; ++k)
        QVERIFY(a.groups[0].contains(a.chips[k]));
    QVERIFY(!a.groups[0].contains(a.chips[0]));
    QVERIFY(a.chips[1].left() >
            a.groups[0].left() + chips->fontMetrics().horizontalAdvance(QStringLiteral("\u6211")));
    // A piece's tooltip names the token and explains its character.
    const QString tip = chips->toolTipAt(a.chips[5].center());
    QVERIFY2(tip.contains(QStringLiteral("token 6 of 6: id 105, \"<AC>\"")), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("so it takes 2 tokens: <E4 BB> <AC>.")), qPrintable(tip));
    // Clicking a piece still selects its row.
    QTest::mouseClick(chips, Qt::LeftButton, {}, a.chips[2].center());
    QCOMPARE(m_window->lab()->selectedRow(), 230);
}

void TestLegibleTokens::everyViewShowsBytesNotReplacementCharacters()
{
    m_window->undo()->applyPreset(Lab::Preset::Gpt2Small);
    QTRY_VERIFY_WITH_TIMEOUT(m_window->lab()->modelConfig().numEmbeddings == 50257, kTimeoutMs);
    waitUntilIdle();
    idsField()->setText(QStringLiteral("22755, 239"));
    Q_EMIT idsField()->returnPressed();
    waitUntilIdle();
    const QChar replacement(0xFFFD);
    // The one-hot title, the heatmap's tooltip and the chips: the bytes, never U+FFFD.
    m_window->lab()->selectRow(22755);
    const QString title = m_window->oneHotView()->titleText();
    QVERIFY2(title.contains(QStringLiteral("id 22755 \"<E6 88>\"")), qPrintable(title));
    ui::HeatmapView *heatmap = m_window->embeddingHeatmap();
    // A pixel holds some 170 rows here: the tooltip names the one under the point, by its bytes.
    const QPoint at = testing::cellCentre(*heatmap, 22755, 0);
    const ui::CellIndex cell = testing::cellAt(*heatmap, at);
    const QString tip = heatmap->toolTipTextAt(at);
    QVERIFY2(tip.contains(QStringLiteral("token %1").arg(m_window->lab()->vocabulary().idAndToken(cell.row))),
             qPrintable(tip));
    const QString labels = m_window->tokenChips()->chips()[0].text + m_window->tokenChips()->chips()[1].text;
    QCOMPARE(labels, QStringLiteral("<E6 88><91>"));
    QCOMPARE(m_window->tokenChips()->groups().size(), 1);
    QCOMPARE(m_window->tokenChips()->groups()[0].text, QStringLiteral("\u6211"));
    for (const QString &text : {title, tip, labels, m_window->lab()->vocabulary().idAndToken(239)})
        QVERIFY(!text.contains(replacement));
}

void TestLegibleTokens::lessonExplainsTheSplit()
{
    int shape = -1;
    for (int i = 0; i < ui::Lesson::steps().size(); ++i)
        if (qstrcmp(ui::Lesson::steps().at(i).key, "lookup") == 0)
            shape = i;
    QVERIFY(shape >= 0);
    const QString text = ui::Lesson::text(shape);
    QVERIFY2(text.contains(QStringLiteral("In GPT-2, a token is not always a character: \u6211 is 3 bytes in "
                                          "UTF-8 (E6 88 91).")),
             qPrintable(text));
    QVERIFY2(text.endsWith(QStringLiteral("so it takes 2 tokens: <E6 88> <91>.")), qPrintable(text));
}

void TestLegibleTokens::refusedEncodingStillLabelsTheRows()
{
    // Llama 3's tokenizer.json with a Split pattern EmbedLab does not implement, beside a matrix of
    // its 128256 rows: no text can be typed, but every row shows its token.
    QTemporaryDir dir;
    QByteArray json = testing::tokenizerModelFile(QStringLiteral("llama3.tokenizer.json"));
    json.replace(R"(\\p{N}{1,3})", R"(\\p{N}{1,4})");
    QFile out(dir.filePath(QStringLiteral("tokenizer.json")));
    QVERIFY(out.open(QIODevice::WriteOnly) && out.write(json) == json.size());
    out.close();
    load(writeMatrix(dir, QStringLiteral("embed.npy"), 128256, 2));
    const Vocabulary &vocabulary = m_window->lab()->vocabulary();
    QVERIFY(vocabulary.isKnown());
    QVERIFY(!vocabulary.canEncode());
    QVERIFY(textMode()->isVisible());
    QVERIFY(!textMode()->isEnabled());
    QVERIFY2(textMode()->toolTip().contains(QStringLiteral("Split")), qPrintable(textMode()->toolTip()));
    QVERIFY(!offer()->isVisible()); // it has its tokenizer: nothing to guess
    idsField()->setText(QStringLiteral("128000, 22755"));
    Q_EMIT idsField()->returnPressed();
    waitUntilIdle();
    QCOMPARE(m_window->tokenChips()->chips()[0].text, QStringLiteral("<|begin_of_text|>"));
    QCOMPARE(m_window->tokenChips()->chips()[1].text, vocabulary.label(22755));
    ui::HeatmapView *heatmap = m_window->embeddingHeatmap();
    const QString tip = heatmap->toolTipTextAt(testing::cellCentre(*heatmap, 0, 0));
    QVERIFY2(tip.contains(QStringLiteral("token 0 \"!\"")), qPrintable(tip));
}

void TestLegibleTokens::guessedTokenizerIsOfferedAndUndoable()
{
    load(writeMatrix(m_dir, QStringLiteral("gpt2-sized.npy"), 50257, 4));
    QVERIFY(!m_window->lab()->vocabulary().isKnown());
    QVERIFY(!textMode()->isVisible());
    ui::TokenizerOffer *bar = offer();
    QVERIFY(bar->isVisible());
    QVERIFY2(bar->text().contains(QStringLiteral("GPT-2's vocabulary")), qPrintable(bar->text()));
    QVERIFY2(bar->text().contains(QStringLiteral("This is a guess from the row count alone")),
             qPrintable(bar->text()));
    QVERIFY(bar->useBuiltInButton()->isVisible());
    bar->useBuiltInButton()->click();
    QCOMPARE(m_window->lab()->vocabulary(), Vocabulary::gpt2());
    QVERIFY(!bar->isVisible());
    QVERIFY(textMode()->isVisible() && textMode()->isEnabled());
    QCOMPARE(m_window->undo()->undoText(), QStringLiteral("Use GPT-2's tokenizer"));
    // One undo step, with its redo; the loaded weights stay as they are.
    const core::ParameterPtr weights = m_window->lab()->embeddingWeight();
    m_window->undo()->undo();
    QVERIFY(!m_window->lab()->vocabulary().isKnown());
    QVERIFY(bar->isVisible());
    QCOMPARE(m_window->lab()->embeddingWeight(), weights);
    m_window->undo()->redo();
    QCOMPARE(m_window->lab()->vocabulary(), Vocabulary::gpt2());
    // The session carries it.
    QCOMPARE(m_window->sessions()->captureSession().tokenizer, QLatin1String(Vocabulary::kGpt2Source));
    const QString session = m_dir.filePath(QStringLiteral("guessed.embedlab"));
    QCOMPARE(m_window->sessions()->saveSession(session), QString());
    m_window.reset();
    init();
    QCOMPARE(m_window->sessions()->openSession(session), QString());
    waitUntilIdle();
    QCOMPARE(m_window->lab()->vocabulary(), Vocabulary::gpt2());
    QVERIFY(!offer()->isVisible());
}

void TestLegibleTokens::chosenTokenizerFileIsTaken()
{
    load(writeMatrix(m_dir, QStringLiteral("chosen.npy"), 50257, 3));
    ui::TokenizerOffer *bar = offer();
    QVERIFY(bar->isVisible());
    // A file that is no tokenizer: refused with a warning, nothing changes.
    QVERIFY(!bar->useTokenizerFile(m_dir.filePath(QStringLiteral("missing.json"))));
    QVERIFY(!m_window->lab()->vocabulary().isKnown());
    // GPT-2's own vocab.json (merges.txt beside it) as a file the user picks.
    const QString vocab = testing::goldenPath(QStringLiteral("../../resources/tokenizers/gpt2/vocab.json"));
    QVERIFY(bar->useTokenizerFile(vocab));
    QCOMPARE(m_window->lab()->vocabulary().source(), vocab);
    QCOMPARE(m_window->lab()->vocabulary().encode(QStringLiteral("Hello world")),
             QList<qint64>({15496, 995}));
    QVERIFY(!bar->isVisible());
    m_window->undo()->undo();
    QVERIFY(!m_window->lab()->vocabulary().isKnown());
}

void TestLegibleTokens::declinedOrOtherSizesAreNotOffered()
{
    load(writeMatrix(m_dir, QStringLiteral("declined.npy"), 50257, 2));
    QVERIFY(offer()->isVisible());
    offer()->closeButton()->click();
    QVERIFY(!offer()->isVisible());
    QVERIFY(!m_window->lab()->vocabulary().isKnown());
    // Llama 2's row count: its tokenizer is not built in, so only a file is offered.
    load(writeMatrix(m_dir, QStringLiteral("llama2-sized.npy"), 32000, 2));
    QVERIFY(offer()->isVisible());
    QVERIFY(!offer()->useBuiltInButton()->isVisible());
    QVERIFY2(offer()->text().contains(QStringLiteral("open its tokenizer file")),
             qPrintable(offer()->text()));
    // No known vocabulary has 100 rows; sizes typed by hand are no file's.
    load(writeMatrix(m_dir, QStringLiteral("small.npy"), 100, 2));
    QVERIFY(!offer()->isVisible());
    m_window->undo()->applySnapshot(QStringLiteral("size"),
                                    {[&] {
                                         Lab::Config c = Lab::presetConfig(Lab::Preset::Reference);
                                         c.numEmbeddings = 50257;
                                         c.embeddingDim = 2;
                                         return c;
                                     }(),
                                     QStringLiteral("0")});
    waitUntilIdle();
    QVERIFY(!offer()->isVisible());
}

void TestLegibleTokens::randomWeightsSayTheyAreRandom()
{
    // The reference example's rows are no tokens: its title says nothing of them.
    ui::HeatmapView *embedding = m_window->embeddingHeatmap();
    QVERIFY(!embedding->title().contains(QStringLiteral("untrained")));
    // GPT-2 small's preset is seeded random weights, tied.
    m_window->undo()->applyPreset(Lab::Preset::Gpt2Small);
    QTRY_VERIFY_WITH_TIMEOUT(m_window->lab()->modelConfig().numEmbeddings == 50257, kTimeoutMs);
    waitUntilIdle();
    QVERIFY2(embedding->title().endsWith(QStringLiteral("untrained: seeded normal_")),
             qPrintable(embedding->title()));
    // The tied lm_head is that same weight: said once, above it (issue #29).
    QVERIFY2(m_window->lmHeadHeatmap()->title().contains(QStringLiteral("(tied)")) &&
                 !m_window->lmHeadHeatmap()->title().contains(QStringLiteral("untrained")),
             qPrintable(m_window->lmHeadHeatmap()->title()));
    ui::NeighboursPanel *neighbours = m_window->neighboursPanel();
    QCOMPARE(neighbours->untrainedNote(),
             QStringLiteral("Untrained: seeded normal_; neighbours of random rows mean nothing."));
    // Another initialiser: still random, named.
    m_window->undo()->applyInit(QStringLiteral("embedding.weight"), core::InitSpec::parse("xavier_uniform"),
                                std::nullopt);
    waitUntilIdle();
    QVERIFY2(embedding->title().endsWith(QStringLiteral("untrained: seeded xavier_uniform_")),
             qPrintable(embedding->title()));
    // Back on a small model with GPT-2's tokens, one training step: trained (a little), no longer said
    // to be random.
    m_window->undo()->applyPreset(Lab::Preset::Reference);
    waitUntilIdle();
    m_window->lab()->setVocabulary(Vocabulary::gpt2());
    QVERIFY(embedding->title().endsWith(QStringLiteral("untrained: seeded normal_")));
    m_window->trainingPanel()->step();
    waitUntilIdle();
    QVERIFY2(!embedding->title().contains(QStringLiteral("untrained")), qPrintable(embedding->title()));
    QVERIFY(neighbours->untrainedNote().isEmpty());
    // Loaded weights are data.
    load(writeMatrix(m_dir, QStringLiteral("data.npy"), 6, 3));
    QVERIFY(neighbours->untrainedNote().isEmpty());
}

void TestLegibleTokens::neighboursOfferATrainedCheckpoint()
{
    ui::NeighboursPanel panel;
    panel.setUntrained(QStringLiteral("normal_"));
    panel.show();
    QVERIFY(panel.openCheckpointButton()->isVisible());
    QSignalSpy asked(&panel, &ui::NeighboursPanel::openCheckpointRequested);
    panel.openCheckpointButton()->click();
    QCOMPARE(asked.size(), 1);
    panel.setUntrained({});
    QVERIFY(!panel.openCheckpointButton()->isVisible());
}

QTEST_MAIN(TestLegibleTokens)
#include "tst_legibletokens.moc"
