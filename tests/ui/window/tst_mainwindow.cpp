// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "common/TestSettings.h"
#include "core/init/InitSpec.h"
#include "ui/histogram/InitHistogram.h"
#include "ui/model/Lab.h"
#include "ui/model/LabUndo.h"
#include "ui/model/OneHotAnimation.h"
#include "ui/views/CodePanel.h"
#include "ui/views/LayerPanel.h"
#include "ui/views/OneHotView.h"
#include "ui/window/LookupArea.h"
#include "ui/window/MainWindow.h"
#include "ui/window/StartOptions.h"
#include "ui/window/Translations.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QScreen>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTest>
#include <QTextDocument>
#include <QToolBar>
#include <QUndoStack>

using embedlab::ui::CodePanel;
using embedlab::ui::InitHistogram;
using embedlab::ui::Lab;
using embedlab::ui::MainWindow;
using embedlab::ui::OneHotAnimation;

class TestMainWindow : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void opensOnTheReference();
    void codePanelShowsTheReferencePrint();
    void codePanelCodeIsRunnable();
    void badIdShowsMessageAndKeepsIds_data();
    void badIdShowsMessageAndKeepsIds();
    void goodIdClearsTheMessage();
    void halfTypedEntryKeepsTheLastValidIds();
    void refusedEntryIsJudgedAgainByANewModel();
    void layerEditIsUndoable();
    void shortcuts_data();
    void shortcuts();
    void animationKeys_data();
    void animationKeys();
    void docksAndToolBarsHaveObjectNames();
    void windowStateRoundTrip();
    void gpt2Preset();
    void screenshotRendersSomething();
    void fitsSmallScreens();
    void startsWithinItsScreen();
    void editMenuShowsUndoMemory();
    void countersReadAsSentences_data();
    void countersReadAsSentences();

private:
    std::unique_ptr<MainWindow> m_window;
};

void TestMainWindow::initTestCase()
{
    embedlab::testing::resetAppSettings();
}

void TestMainWindow::init()
{
    m_window = std::make_unique<MainWindow>();
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestMainWindow::opensOnTheReference()
{
    const Lab *lab = m_window->lab();
    QCOMPARE(lab->modelConfig(), Lab::presetConfig(Lab::Preset::Reference));
    QCOMPARE(m_window->findChild<QLineEdit *>(QStringLiteral("ids"))->text(), QStringLiteral("2, 3, 1"));
    QCOMPARE(m_window->findChild<QSpinBox *>(QStringLiteral("numEmbeddings"))->value(), 4);
    QCOMPARE(m_window->findChild<QSpinBox *>(QStringLiteral("embeddingDim"))->value(), 5);
    QCOMPARE(m_window->layerPanel()->findChild<QSpinBox *>(QStringLiteral("seed"))->value(), 123);
    QCOMPARE(m_window->animation()->stepCount(), 3 * OneHotAnimation::kPhasesPerId + 1);
    QVERIFY(m_window->findChild<QLabel *>(QStringLiteral("equalityBadge"))
                ->text()
                .contains(QStringLiteral("equal")));
    QVERIFY(m_window->findChild<QLabel *>(QStringLiteral("parameterCount"))
                ->text()
                .contains(QStringLiteral("40")));
}

void TestMainWindow::codePanelShowsTheReferencePrint()
{
    // Exactly what the reference notebook prints for embedding.weight and embedding(idx).
    const QString weight =
        QStringLiteral("Parameter containing:\n"
                       "tensor([[ 0.3374, -0.1778, -0.3035, -0.5880,  1.5810],\n"
                       "        [ 1.3010,  1.2753, -0.2010, -0.1606, -0.4015],\n"
                       "        [ 0.6957, -1.8061, -1.1589,  0.3255, -0.6315],\n"
                       "        [-2.8400, -0.7849, -1.4096, -0.4076,  0.7953]], requires_grad=True)");
    const QString lookup = QStringLiteral("tensor([[ 0.6957, -1.8061, -1.1589,  0.3255, -0.6315],\n"
                                          "        [-2.8400, -0.7849, -1.4096, -0.4076,  0.7953],\n"
                                          "        [ 1.3010,  1.2753, -0.2010, -0.1606, -0.4015]],\n"
                                          "       grad_fn=<EmbeddingBackward0>)");
    const QString output = m_window->codePanel()->outputText();
    QVERIFY2(output.contains(weight), qPrintable(output));
    QVERIFY2(output.contains(lookup), qPrintable(output));
    QVERIFY2(output.contains(QStringLiteral("grad_fn=<MmBackward0>")), qPrintable(output));
}

void TestMainWindow::codePanelCodeIsRunnable()
{
    const QString code = m_window->codePanel()->codeText();
    for (const QString &line :
         {QStringLiteral("torch.manual_seed(123)"), QStringLiteral("torch.nn.Embedding(4, 5)"),
          QStringLiteral("torch.nn.Linear(5, 4, bias=False)"),
          QStringLiteral("ids = torch.tensor([2, 3, 1])"), QStringLiteral("print(embedding.weight)"),
          QStringLiteral("print(embedding(ids))")})
        QVERIFY2(code.contains(line), qPrintable(line));
    QVERIFY(!code.contains(QStringLiteral("lm_head.weight = embedding.weight")));
}

void TestMainWindow::badIdShowsMessageAndKeepsIds_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("message");
    QTest::newRow("id 4 of 4") << QStringLiteral("2, 4") << QStringLiteral("index out of range in self");
    QTest::newRow("2-D") << QStringLiteral("[[2, 3], [1, 7]]")
                         << QStringLiteral("index out of range in self");
    QTest::newRow("text") << QStringLiteral("2, x") << QString();
}

void TestMainWindow::badIdShowsMessageAndKeepsIds()
{
    QFETCH(QString, text);
    QFETCH(QString, message);
    auto *ids = m_window->findChild<QLineEdit *>(QStringLiteral("ids"));
    auto *error = m_window->findChild<QLabel *>(QStringLiteral("idsError"));
    QVERIFY(error->text().isEmpty());
    // Pasted in one go, as a teacher pastes ids from the notebook.
    QApplication::clipboard()->setText(text);
    ids->setFocus();
    ids->selectAll();
    QTest::keySequence(ids, QKeySequence::Paste);
    QCOMPARE(ids->text(), text);
    // A one-character paste is indistinguishable from a key: it gets the typing pause.
    QTRY_VERIFY(!error->text().isEmpty());
    if (!message.isEmpty())
        QVERIFY2(error->text().contains(message), qPrintable(error->text()));
    QVERIFY(error->isVisible());
    // The field keeps what the user typed; the lab keeps the last valid ids.
    QCOMPARE(ids->text(), text);
    QCOMPARE(m_window->lab()->idsText(), QStringLiteral("2, 3, 1"));
    QVERIFY(m_window->codePanel()->codeText().contains(QStringLiteral("torch.tensor([2, 3, 1])")));
}

void TestMainWindow::halfTypedEntryKeepsTheLastValidIds()
{
    // Issue "Classroom-grade interaction", item 1: over "2, 3, 1" type "2, 9" key by key. The
    // valid prefix "2" must not become the model's ids; the views say they are out of date.
    auto *ids = m_window->findChild<QLineEdit *>(QStringLiteral("ids"));
    auto *error = m_window->findChild<QLabel *>(QStringLiteral("idsError"));
    auto *badge = m_window->findChild<QLabel *>(QStringLiteral("equalityBadge"));
    QVERIFY(ids && error && badge);
    QTRY_VERIFY(badge->text().contains(QStringLiteral("equal")));
    const int width = ids->width();
    ids->setFocus();
    ids->selectAll();
    QTest::keyClicks(ids, QStringLiteral("2, 9"));
    QVERIFY(error->text().isEmpty()); // no verdict in the middle of typing
    QTRY_VERIFY(!error->text().isEmpty());
    QVERIFY2(error->text().contains(QStringLiteral("IndexError")), qPrintable(error->text()));
    QCOMPARE(m_window->lab()->flatIds(), QList<qint64>({2, 3, 1}));
    QVERIFY(m_window->codePanel()->codeText().contains(QStringLiteral("torch.tensor([2, 3, 1])")));
    QVERIFY2(badge->text().contains(QStringLiteral("out of date")), qPrintable(badge->text()));
    // The code panel's verdict is for the code's own ids, and says that they are not the entry's.
    auto *codeBadge = m_window->codePanel()->findChild<QLabel *>(QStringLiteral("codeEqualityBadge"));
    QVERIFY(codeBadge);
    QVERIFY2(codeBadge->text().contains(QStringLiteral("out of date")), qPrintable(codeBadge->text()));
    QVERIFY2(codeBadge->text().contains(QStringLiteral("[2, 3, 1]")), qPrintable(codeBadge->text()));
    QVERIFY(!codeBadge->text().contains(QStringLiteral("equal")));
    QCOMPARE(ids->width(), width);

    // Corrected and confirmed with Enter: applied at once, the badge checks the new result.
    QTest::keyClick(ids, Qt::Key_Backspace);
    QTest::keyClicks(ids, QStringLiteral("0"));
    QTest::keyClick(ids, Qt::Key_Return);
    QCOMPARE(m_window->lab()->flatIds(), QList<qint64>({2, 0}));
    QVERIFY(error->text().isEmpty());
    QTRY_VERIFY(badge->text().contains(QStringLiteral("equal")));
    QTRY_VERIFY2(codeBadge->text().contains(QStringLiteral("equal")), qPrintable(codeBadge->text()));
    QVERIFY(!codeBadge->text().contains(QStringLiteral("out of date")));
}

/// "2, 3, 4" is refused by Embedding(4, 5). A teacher then grows the vocabulary (or opens a bigger
/// model): the entry takes effect. It used to keep the old IndexError beside a model that has row 4.
void TestMainWindow::refusedEntryIsJudgedAgainByANewModel()
{
    auto *ids = m_window->findChild<QLineEdit *>(QStringLiteral("ids"));
    auto *error = m_window->findChild<QLabel *>(QStringLiteral("idsError"));
    ids->setFocus();
    ids->selectAll();
    QTest::keyClicks(ids, QStringLiteral("2, 3, 9"));
    QTest::keyClick(ids, Qt::Key_Return);
    QVERIFY2(error->text().contains(QStringLiteral("IndexError")), qPrintable(error->text()));
    QCOMPARE(m_window->lab()->flatIds(), QList<qint64>({2, 3, 1}));

    // Still too small for id 9: the entry stays refused, and the views still say so.
    Lab::Config config = m_window->lab()->config();
    config.numEmbeddings = 8;
    m_window->undo()->applySnapshot(QStringLiteral("Change layers"), {config, m_window->lab()->idsText()});
    QTRY_VERIFY(m_window->isIdle());
    QCoreApplication::processEvents();
    QVERIFY2(error->text().contains(QStringLiteral("IndexError")), qPrintable(error->text()));
    QCOMPARE(m_window->lab()->flatIds(), QList<qint64>({2, 3, 1}));
    QCOMPARE(ids->text(), QStringLiteral("2, 3, 9"));

    config.numEmbeddings = 10;
    m_window->undo()->applySnapshot(QStringLiteral("Change layers"), {config, m_window->lab()->idsText()});
    QTRY_COMPARE(m_window->lab()->flatIds(), QList<qint64>({2, 3, 9}));
    QVERIFY(error->text().isEmpty());
    QCOMPARE(ids->text(), QStringLiteral("2, 3, 9"));
    QTRY_VERIFY(m_window->codePanel()->codeText().contains(QStringLiteral("torch.tensor([2, 3, 9])")));
    // Two steps: the size, then the entry; undo takes back the entry first.
    m_window->actions().undo->trigger();
    QTRY_VERIFY(m_window->isIdle());
    QCOMPARE(m_window->lab()->config().numEmbeddings, 10);
    QCOMPARE(m_window->lab()->flatIds(), QList<qint64>({2, 3, 1}));
}

void TestMainWindow::goodIdClearsTheMessage()
{
    auto *ids = m_window->findChild<QLineEdit *>(QStringLiteral("ids"));
    auto *error = m_window->findChild<QLabel *>(QStringLiteral("idsError"));
    ids->selectAll();
    QTest::keyClicks(ids, QStringLiteral("3, 0"));
    QTest::keyClick(ids, Qt::Key_Return);
    QVERIFY(error->text().isEmpty());
    QCOMPARE(m_window->lab()->flatIds(), QList<qint64>({3, 0}));
    QVERIFY(m_window->codePanel()->codeText().contains(QStringLiteral("torch.tensor([3, 0])")));
    QCOMPARE(m_window->animation()->stepCount(), 2 * OneHotAnimation::kPhasesPerId + 1);
    // Typing is one undo step.
    QCOMPARE(m_window->undoStack()->count(), 1);
    m_window->undoStack()->undo();
    QCOMPARE(m_window->lab()->flatIds(), QList<qint64>({2, 3, 1}));
    QCOMPARE(ids->text(), QStringLiteral("2, 3, 1"));
}

void TestMainWindow::layerEditIsUndoable()
{
    auto *seed = m_window->layerPanel()->findChild<QSpinBox *>(QStringLiteral("seed"));
    seed->setValue(124);
    QCOMPARE(m_window->lab()->modelConfig().seed, std::uint64_t(124));
    QVERIFY(m_window->codePanel()->codeText().contains(QStringLiteral("torch.manual_seed(124)")));
    m_window->undoStack()->undo();
    QCOMPARE(m_window->lab()->modelConfig().seed, std::uint64_t(123));
    QCOMPARE(seed->value(), 123);
    m_window->undoStack()->redo();
    QCOMPARE(seed->value(), 124);
}

void TestMainWindow::shortcuts_data()
{
    QTest::addColumn<QString>("action");
    QTest::addColumn<QKeySequence>("key");
    QTest::newRow("quit") << QStringLiteral("quit") << QKeySequence(QStringLiteral("Ctrl+Q"));
    QTest::newRow("undo") << QStringLiteral("undo") << QKeySequence(QStringLiteral("Ctrl+Z"));
    QTest::newRow("redo") << QStringLiteral("redo") << QKeySequence(QStringLiteral("Ctrl+Shift+Z"));
    QTest::newRow("full screen") << QStringLiteral("fullScreen") << QKeySequence(Qt::Key_F11);
    QTest::newRow("save as") << QStringLiteral("saveSessionAs")
                             << QKeySequence(QStringLiteral("Ctrl+Shift+S"));
    QTest::newRow("preferences") << QStringLiteral("preferences") << QKeySequence(QStringLiteral("Ctrl+,"));
    QTest::newRow("play") << QStringLiteral("play") << QKeySequence(Qt::Key_Space);
    QTest::newRow("clicker forward") << QStringLiteral("stepForward") << QKeySequence(Qt::Key_PageDown);
    QTest::newRow("clicker back") << QStringLiteral("stepBack") << QKeySequence(Qt::Key_PageUp);
    QTest::newRow("restart") << QStringLiteral("restart") << QKeySequence(Qt::Key_Home);
}

void TestMainWindow::shortcuts()
{
    QFETCH(QString, action);
    QFETCH(QKeySequence, key);
    auto *a = m_window->findChild<QAction *>(action);
    QVERIFY2(a, qPrintable(action));
    QVERIFY2(a->shortcuts().contains(key), qPrintable(key.toString()));
    // A disabled action must say why (sessions arrive later).
    if (!a->isEnabled())
        QVERIFY(!a->statusTip().isEmpty());
}

void TestMainWindow::animationKeys_data()
{
    QTest::addColumn<QList<int>>("keys");
    QTest::addColumn<int>("expectedStep");
    QTest::addColumn<OneHotAnimation::Phase>("expectedPhase");
    QTest::newRow("Right") << QList<int>{Qt::Key_Right} << 1 << OneHotAnimation::Phase::Sweep;
    QTest::newRow("PageDown x3") << QList<int>{Qt::Key_PageDown, Qt::Key_PageDown, Qt::Key_PageDown} << 3
                                 << OneHotAnimation::Phase::Land;
    QTest::newRow("Right, Right, Left")
        << QList<int>{Qt::Key_Right, Qt::Key_Right, Qt::Key_Left} << 1 << OneHotAnimation::Phase::Sweep;
    QTest::newRow("PageDown x5, Home") << QList<int>{Qt::Key_PageDown, Qt::Key_PageDown, Qt::Key_PageDown,
                                                     Qt::Key_PageDown, Qt::Key_PageDown, Qt::Key_Home}
                                       << 0 << OneHotAnimation::Phase::ShowOneHot;
}

void TestMainWindow::animationKeys()
{
    QFETCH(QList<int>, keys);
    QFETCH(int, expectedStep);
    QFETCH(OneHotAnimation::Phase, expectedPhase);
    QWidget *view = m_window->oneHotView();
    view->setFocus();
    for (int key : keys)
        QTest::keyClick(view, Qt::Key(key));
    QCOMPARE(m_window->animation()->step(), expectedStep);
    QCOMPARE(m_window->animation()->phase(), expectedPhase);
}

void TestMainWindow::docksAndToolBarsHaveObjectNames()
{
    const auto docks = m_window->findChildren<QDockWidget *>();
    QVERIFY(docks.size() >= 2);
    for (const QDockWidget *dock : docks)
        QVERIFY2(!dock->objectName().isEmpty(), qPrintable(dock->windowTitle()));
    const auto bars = m_window->findChildren<QToolBar *>();
    QVERIFY(bars.size() >= 2);
    for (const QToolBar *bar : bars)
        QVERIFY2(!bar->objectName().isEmpty(), qPrintable(bar->windowTitle()));
}

void TestMainWindow::windowStateRoundTrip()
{
    auto *codeDock = m_window->findChild<QDockWidget *>(QStringLiteral("codeDock"));
    auto *animationBar = m_window->findChild<QToolBar *>(QStringLiteral("animationToolBar"));
    QVERIFY(codeDock->isVisible());
    codeDock->hide();
    animationBar->hide();
    m_window->close(); // saves the settings
    m_window.reset();

    MainWindow restored;
    restored.show();
    QVERIFY(QTest::qWaitForWindowExposed(&restored));
    QVERIFY(restored.findChild<QDockWidget *>(QStringLiteral("codeDock"))->isHidden());
    QVERIFY(restored.findChild<QToolBar *>(QStringLiteral("animationToolBar"))->isHidden());
    QVERIFY(!restored.findChild<QDockWidget *>(QStringLiteral("layerDock"))->isHidden());

    // Back to the default layout for the other tests.
    embedlab::testing::resetAppSettings();
}

void TestMainWindow::gpt2Preset()
{
    QSignalSpy output(m_window->codePanel(), &CodePanel::outputUpdated);
    QSignalSpy rebuilt(m_window->lab(), &Lab::modelRebuilt);
    m_window->findChild<QAction *>(QStringLiteral("presetGpt2"))->trigger();
    QVERIFY(rebuilt.wait(120000));
    if (output.isEmpty() || !m_window->isIdle())
        QVERIFY(output.wait(120000));
    QCOMPARE(m_window->lab()->modelConfig().numEmbeddings, 50257);
    QVERIFY(m_window->oneHotView()->isCompressed());
    const QString code = m_window->codePanel()->codeText();
    QVERIFY(code.contains(QStringLiteral("torch.nn.Embedding(50257, 768)")));
    QVERIFY(code.contains(QStringLiteral("lm_head.weight = embedding.weight")));
    // Summarised as PyTorch prints a big tensor.
    QVERIFY(m_window->codePanel()->outputText().contains(QStringLiteral("...")));
    QVERIFY(m_window->findChild<QLabel *>(QStringLiteral("parameterCount"))
                ->text()
                .contains(QStringLiteral("38")));
    m_window->undoStack()->undo();
    QVERIFY(m_window->lab()->isBusy() || m_window->lab()->modelConfig().numEmbeddings == 4);
    if (m_window->lab()->isBusy())
        QVERIFY(rebuilt.wait(120000));
    QCOMPARE(m_window->lab()->modelConfig().numEmbeddings, 4);
}

void TestMainWindow::screenshotRendersSomething()
{
    const QImage image = m_window->grab().toImage();
    QVERIFY(!image.isNull());
    QVERIFY(image.width() >= m_window->width());
    // More than one colour: the window painted its content.
    const QRgb corner = image.pixel(image.width() / 2, image.height() / 2);
    bool varied = false;
    for (int x = 0; x < image.width() && !varied; x += 7)
        varied = image.pixel(x, image.height() / 3) != corner;
    QVERIFY(varied);
}

void TestMainWindow::startsWithinItsScreen()
{
    // A 1400 x 860 window on a 1366 x 768 classroom laptop put the status bar, the dock tabs and
    // the histogram's table under the screen's edge. The offscreen platform's screen is 800 x 600.
    const QRect available = m_window->screen()->availableGeometry();
    QVERIFY2(available.width() < 1400 + 16 || available.height() < 860 + 48,
             "this check needs a screen smaller than the default window");
    MainWindow defaultWindow;
    embedlab::ui::StartOptions().show(defaultWindow);
    QVERIFY(QTest::qWaitForWindowExposed(&defaultWindow));
    QVERIFY(defaultWindow.isMaximized());
    QTRY_VERIFY2(available.contains(defaultWindow.geometry()),
                 qPrintable(QStringLiteral("%1x%2 on a %3x%4 screen")
                                .arg(defaultWindow.width())
                                .arg(defaultWindow.height())
                                .arg(available.width())
                                .arg(available.height())));

    // --size is the size asked for, whatever the screen (the README's screenshots).
    embedlab::ui::StartOptions sized;
    sized.size = QSize(1366, 768);
    sized.sizeGiven = true;
    MainWindow sizedWindow;
    sized.show(sizedWindow);
    QVERIFY(QTest::qWaitForWindowExposed(&sizedWindow));
    QVERIFY(!sizedWindow.isMaximized());
    QCOMPARE(sizedWindow.size(), QSize(1366, 768));
}

void TestMainWindow::fitsSmallScreens()
{
    // Regression: the default docks made the window at least ~815 px tall (837 in compare mode),
    // so a 1024x768 projector or laptop cut off its bottom (the histogram's table, the dock tabs).
    const QSize screen(1024, 768);
    const auto minimum = [this, screen] {
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        const QSize size = m_window->minimumSizeHint();
        return std::pair{size.width() <= screen.width() && size.height() <= screen.height(),
                         QStringLiteral("minimum %1x%2").arg(size.width()).arg(size.height())};
    };
    auto *histogramDock = m_window->findChild<QDockWidget *>(QStringLiteral("histogramDock"));
    QVERIFY(histogramDock && histogramDock->isVisible());
    auto [fits, text] = minimum();
    QVERIFY2(fits, qPrintable(text));

    // Compare mode's table has twice the rows.
    auto *histogram = m_window->findChild<InitHistogram *>(QStringLiteral("histogram"));
    auto *compare = m_window->findChild<QCheckBox *>(QStringLiteral("compare"));
    QVERIFY(histogram && compare);
    QSignalSpy updated(histogram, &InitHistogram::updated);
    compare->click();
    QVERIFY(histogram->compareMode());
    if (updated.isEmpty())
        QVERIFY(updated.wait());
    std::tie(fits, text) = minimum();
    QVERIFY2(fits, qPrintable(QStringLiteral("compare mode: ") + text));

    // The window really takes that size, with the docks inside it.
    m_window->resize(screen);
    QCOMPARE(m_window->size(), screen);
    QVERIFY(histogramDock->geometry().bottom() < m_window->height());

    // Projector mode's larger fonts (its docks are hidden, the lesson fills the screen).
    QAction *projector = m_window->findChild<QAction *>(QStringLiteral("projectorMode"));
    QVERIFY(projector);
    projector->trigger();
    QVERIFY(projector->isChecked());
    std::tie(fits, text) = minimum();
    QVERIFY2(fits, qPrintable(QStringLiteral("projector mode: ") + text));
    projector->trigger();
    QVERIFY(!projector->isChecked());
}

void TestMainWindow::editMenuShowsUndoMemory()
{
    QMenu *edit = nullptr;
    for (QAction *top : m_window->menuBar()->actions())
        if (top->menu() && top->text() == QStringLiteral("&Edit"))
            edit = top->menu();
    QVERIFY(edit);
    QAction *memory = m_window->actions().undoMemory;
    QVERIFY(edit->actions().contains(memory));
    QVERIFY(!memory->isEnabled()); // a statement, not a command
    const QString gib = QLocale().formattedDataSize(qint64(1) << 30, 1);
    if (QLocale().name() == QStringLiteral("C") || QLocale().language() == QLocale::English)
        QCOMPARE(gib, QStringLiteral("1.0 GiB"));
    QCOMPARE(memory->text(),
             QStringLiteral("Undo memory: %1 (history uses %2)").arg(gib, QLocale().formattedDataSize(0, 1)));

    // An initialiser of embedding.weight [4, 5] keeps an 80-byte snapshot.
    m_window->undo()->applyInit(QStringLiteral("embedding.weight"), embedlab::core::InitSpec::parse("zeros"),
                                std::nullopt);
    QCOMPARE(m_window->undo()->historyBytes(), quint64(80));
    m_window->setUndoBudget(quint64(1) << 20);
    QCOMPARE(memory->text(),
             QStringLiteral("Undo memory: %1 (history uses %2)")
                 .arg(QLocale().formattedDataSize(qint64(1) << 20, 1), QLocale().formattedDataSize(80, 1)));
}

void TestMainWindow::countersReadAsSentences_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("lookupArea");
    QTest::addColumn<QString>("oneHotView");
    // The reference example: 3 ids, 60 multiply-adds of which 45 by zero; nothing done at step 0.
    QTest::newRow("en") << "en"
                        << "60 multiply-adds, 45 of them multiplications by zero"
                        << "0 multiply-adds, 0 of them multiplications by zero";
    QTest::newRow("vi")
        << "vi"
        << QStringLiteral(
               "60 ph\u00e9p nh\u00e2n-c\u1ed9ng, trong \u0111\u00f3 45 ph\u00e9p nh\u00e2n v\u1edbi 0")
        << QStringLiteral(
               "0 ph\u00e9p nh\u00e2n-c\u1ed9ng, trong \u0111\u00f3 0 ph\u00e9p nh\u00e2n v\u1edbi 0");
    QTest::newRow("zh")
        << "zh" << QStringLiteral("60 \u6b21\u4e58\u52a0\uff0c\u5176\u4e2d 45 \u6b21\u662f\u4e58\u4ee5\u96f6")
        << QStringLiteral("0 \u6b21\u4e58\u52a0\uff0c\u5176\u4e2d 0 \u6b21\u662f\u4e58\u4ee5\u96f6");
}

// Issue #29 item 5: "(0 by 0)" beside "(45 by zero, ...)" said nothing to a student; both counters
// read as sentences in every language.
void TestMainWindow::countersReadAsSentences()
{
    QFETCH(QString, language);
    QFETCH(QString, lookupArea);
    QFETCH(QString, oneHotView);
    m_window.reset();
    QVERIFY(embedlab::ui::Translations::install(language));
    m_window = std::make_unique<MainWindow>();
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QTRY_VERIFY(m_window->lab()->hasPaths());
    QTextDocument counters;
    counters.setHtml(m_window->lookupArea()->counters()->text());
    const QString areaText = counters.toPlainText().replace(QChar::Nbsp, QLatin1Char(' '));
    m_window->animation()->setStep(0);
    m_window->oneHotView()->repaint();
    QStringList painted;
    for (const embedlab::ui::PaintedText &t : m_window->oneHotView()->paintedTexts())
        painted << t.text;
    const QString viewText = painted.join(QLatin1Char('\n'));
    embedlab::ui::Translations::install(QStringLiteral("en"));
    QVERIFY2(areaText.contains(lookupArea), qPrintable(areaText));
    QVERIFY2(viewText.contains(oneHotView), qPrintable(viewText));
    const QRegularExpression bare(QStringLiteral("\\(\\d+ by (0|zero)"));
    QVERIFY2(!areaText.contains(bare) && !viewText.contains(bare), qPrintable(areaText + viewText));
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
