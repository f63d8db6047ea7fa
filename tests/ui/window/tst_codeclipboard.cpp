// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// Issue #29 items 6 and 7: "Copy code" copies the code of the panel in front, the Unembedding
// panel's transcript as a runnable script without `>>>`; Copy Output joins Copy Code in Edit.
#include "common/TestSettings.h"
#include "ui/model/FitSession.h"
#include "ui/model/Lab.h"
#include "ui/model/PythonCode.h"
#include "ui/views/CodePanel.h"
#include "ui/views/OneHotView.h"
#include "ui/views/TrainingPanel.h"
#include "ui/views/UnembeddingView.h"
#include "ui/window/CodeClipboard.h"
#include "ui/window/MainWindow.h"
#include "ui/window/PanelRegistry.h"
#include "ui/window/WindowActions.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDockWidget>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QTest>

#include <memory>

using embedlab::ui::CodeClipboard;
using embedlab::ui::MainWindow;
using embedlab::ui::PanelRegistry;

class TestCodeClipboard : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void copiesThePanelInFront_data();
    void copiesThePanelInFront();
    void unembeddingButtonCopiesItsScript();
    void copyOutputJoinsCopyCode();
    void fitPanelCopiesItsRun();

private:
    /// Shows `panel`'s dock in front of its tab group and waits until it is painted there.
    void bringToFront(const QString &panel);
    std::unique_ptr<MainWindow> m_window;
};

void TestCodeClipboard::initTestCase()
{
    embedlab::testing::resetAppSettings();
}

void TestCodeClipboard::init()
{
    embedlab::testing::resetAppSettings();
    m_window = std::make_unique<MainWindow>();
    m_window->resize(1366, 768);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QTRY_VERIFY_WITH_TIMEOUT(m_window->isIdle(), 10000);
}

void TestCodeClipboard::cleanup()
{
    m_window.reset();
}

void TestCodeClipboard::bringToFront(const QString &panel)
{
    QDockWidget *dock = m_window->panelRegistry().dock(panel);
    QVERIFY(dock);
    PanelRegistry::raise(dock);
    // The keyboard focus goes elsewhere: the tab in front decides, not the focus.
    m_window->oneHotView()->setFocus();
    QTRY_VERIFY(!dock->visibleRegion().isEmpty());
}

void TestCodeClipboard::copiesThePanelInFront_data()
{
    QTest::addColumn<QString>("panel");
    QTest::addColumn<int>("source");
    QTest::newRow("code") << "code" << int(CodeClipboard::Source::Code);
    QTest::newRow("unembedding") << "unembedding" << int(CodeClipboard::Source::Unembedding);
    QTest::newRow("training") << "training" << int(CodeClipboard::Source::Training);
}

void TestCodeClipboard::copiesThePanelInFront()
{
    QFETCH(QString, panel);
    QFETCH(int, source);
    bringToFront(panel);
    QCOMPARE(int(m_window->clipboard()->front()), source);
    QApplication::clipboard()->clear();
    m_window->actions().copyCode->trigger();
    const QString copied = QApplication::clipboard()->text();
    const QString script = m_window->codePanel()->codeText();
    QVERIFY2(copied.startsWith(script), qPrintable(copied));
    QVERIFY2(!copied.contains(QStringLiteral(">>>")), qPrintable(copied));
    if (panel == QLatin1String("code")) {
        QCOMPARE(copied, script);
    } else if (panel == QLatin1String("unembedding")) {
        // The transcript's statements, each echoed value print()ed.
        const QString statements = m_window->unembeddingView()->scriptText();
        QVERIFY(!statements.isEmpty());
        QCOMPARE(copied, embedlab::ui::PythonCode::unembeddingScript(script, statements));
        for (const QString &line :
             {QStringLiteral("\nlogits = lm_head(h)\n"), QStringLiteral("\nprint(logits)\n"),
              QStringLiteral("\nprint(probs)\n"), QStringLiteral("\nprint(logits.argmax().item())\n")})
            QVERIFY2(copied.contains(line), qPrintable(line));
    } else {
        QCOMPARE(copied, script + m_window->trainingPanel()->codeText() + QLatin1Char('\n'));
        QVERIFY(
            copied.contains(QStringLiteral("ids = torch.tensor([2, 3])\ntargets = torch.tensor([3, 1])")));
    }
}

void TestCodeClipboard::unembeddingButtonCopiesItsScript()
{
    bringToFront(QStringLiteral("code"));
    auto *button =
        m_window->unembeddingView()->findChild<QPushButton *>(QStringLiteral("copyUnembeddingCode"));
    QVERIFY(button);
    QApplication::clipboard()->clear();
    button->click();
    QCOMPARE(QApplication::clipboard()->text(),
             m_window->clipboard()->code(CodeClipboard::Source::Unembedding));
    QVERIFY(QApplication::clipboard()->text().contains(QStringLiteral("print(h)")));
}

void TestCodeClipboard::copyOutputJoinsCopyCode()
{
    // In Edit, right after Copy Python Code.
    QMenu *edit = nullptr;
    for (QAction *menu : m_window->menuBar()->actions())
        if (menu->menu() && menu->menu()->actions().contains(m_window->actions().copyCode))
            edit = menu->menu();
    QVERIFY(edit);
    const QList<QAction *> actions = edit->actions();
    const qsizetype at = actions.indexOf(m_window->actions().copyCode);
    QVERIFY(at >= 0 && at + 1 < actions.size());
    QCOMPARE(actions[at + 1], m_window->actions().copyOutput);

    bringToFront(QStringLiteral("code"));
    m_window->actions().copyOutput->trigger();
    QCOMPARE(QApplication::clipboard()->text(), m_window->codePanel()->outputText());

    // With the Unembedding panel in front: what its script prints, the Output then its values.
    bringToFront(QStringLiteral("unembedding"));
    m_window->actions().copyOutput->trigger();
    const QString copied = QApplication::clipboard()->text();
    QCOMPARE(copied, m_window->codePanel()->outputText() + m_window->unembeddingView()->echoedText());
    QVERIFY2(copied.contains(QStringLiteral("grad_fn=<SoftmaxBackward0>)")), qPrintable(copied));
}

// Issue #27 item 5: with the Fit a Text panel in front, Copy Python Code gives its run's own script
// (it does not continue the code panel's) and Copy Output the losses that script prints.
void TestCodeClipboard::fitPanelCopiesItsRun()
{
    bringToFront(QStringLiteral("fit"));
    embedlab::ui::FitSession *fit = m_window->sidePanels().fitSession();
    QTRY_VERIFY_WITH_TIMEOUT(fit->hasRun() && !fit->isBusy(), 10000); // its first show sets up a run
    fit->step();
    QTRY_VERIFY_WITH_TIMEOUT(fit->head() == 1 && !fit->isBusy(), 10000);
    fit->step();
    QTRY_VERIFY_WITH_TIMEOUT(fit->head() == 2 && !fit->isBusy(), 10000);
    QCOMPARE(m_window->clipboard()->front(), CodeClipboard::Source::Fit);
    m_window->actions().copyCode->trigger();
    const QString copied = QApplication::clipboard()->text();
    QCOMPARE(copied, fit->scriptText());
    QVERIFY2(copied.contains(QStringLiteral("for k in range(1, 3):")), qPrintable(copied));
    QVERIFY(!copied.contains(m_window->codePanel()->codeText()));
    m_window->actions().copyOutput->trigger();
    const QStringList printed =
        QApplication::clipboard()->text().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(printed.size(), 2);
    QVERIFY(printed[0].startsWith(QLatin1String("1 ")) && printed[1].startsWith(QLatin1String("2 ")));
    QCOMPARE(printed[1].section(QLatin1Char(' '), 1).toFloat(), fit->losses()[1]);
}

QTEST_MAIN(TestCodeClipboard)
#include "tst_codeclipboard.moc"
