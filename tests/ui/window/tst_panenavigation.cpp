// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// Issue #25 item 1, keyboard first: Tab visits only the controls a user sees, in a cycle that
// reaches the heatmaps, the token chips and every panel shown; F6 and Shift+F6 move the focus
// between the panes (the main area and each panel in front); Ctrl+Tab, Ctrl+Shift+Tab,
// Ctrl+PageDown and Ctrl+PageUp switch the tabs of the dock area that holds the focus; a panel
// shown from View comes to the front with the focus on its first control. Keys are pressed as a
// user does, through Qt's shortcut map, on the default window.
#include "common/TestSettings.h"
#include "ui/heatmap/HeatmapView.h"
#include "ui/views/TokenChips.h"
#include "ui/window/MainWindow.h"
#include "ui/window/PaneNavigator.h"
#include "ui/window/PanelRegistry.h"
#include "ui/window/WindowHost.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QTest>

#include <algorithm>
#include <memory>

using embedlab::ui::MainWindow;
using embedlab::ui::PanelRegistry;
using embedlab::ui::PaneNavigator;
using embedlab::ui::WindowHost;

namespace {

/// The part of `widget` inside every widget around it up to its window, in window coordinates:
/// empty when a scroll area has it out of sight or a dock behind a tab holds it.
QRect visiblePart(const QWidget *widget)
{
    const QWidget *window = widget->window();
    QRect part(widget->mapTo(window, QPoint(0, 0)), widget->size());
    for (const QWidget *w = widget->parentWidget(); w; w = w->parentWidget())
        part &= QRect(w->mapTo(window, QPoint(0, 0)), w->size());
    return part;
}

} // namespace

class TestPaneNavigation : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void cleanup();
    void tabWalkVisitsShownControls();
    void f6CyclesPanes_data();
    void f6CyclesPanes();
    void ctrlTabSwitchesDockTabs_data();
    void ctrlTabSwitchesDockTabs();
    void viewMenuFocusesPanel();
    void viewMenuRaisesPanelBehindTab();
    void f6ReachesAndLeavesFloatingPanel();

private:
    MainWindow *window() const { return &m_host->window(); }
    void press(QKeyCombination key);
    /// A dock in front of at least one other tab; nullptr when the layout has none.
    QDockWidget *tabbedDock() const;

    std::unique_ptr<WindowHost> m_host;
};

void TestPaneNavigation::init()
{
    embedlab::testing::resetAppSettings();
    m_host = std::make_unique<WindowHost>(MainWindow::Options{});
    window()->resize(1366, 768);
    window()->show();
    QVERIFY(QTest::qWaitForWindowExposed(window()));
    window()->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(window()));
}

void TestPaneNavigation::cleanup()
{
    m_host.reset();
}

void TestPaneNavigation::press(QKeyCombination key)
{
    QWidget *target = QApplication::focusWidget() ? QApplication::focusWidget() : window();
    QTest::keyClick(target, key.key(), key.keyboardModifiers());
}

QDockWidget *TestPaneNavigation::tabbedDock() const
{
    for (QWidget *pane : window()->panes()->panes()) {
        auto *dock = qobject_cast<QDockWidget *>(pane);
        if (dock && window()->panes()->tabsOf(dock).size() >= 2)
            return dock;
    }
    return nullptr;
}

void TestPaneNavigation::tabWalkVisitsShownControls()
{
    QWidget *start = window()->embeddingHeatmap();
    start->setFocus(Qt::TabFocusReason);
    QTRY_COMPARE(QApplication::focusWidget(), start);
    const auto where = [](const QWidget *w) {
        QString path;
        for (; w && !w->isWindow(); w = w->parentWidget())
            path += QStringLiteral(" in %1 \"%2\"")
                        .arg(QLatin1String(w->metaObject()->className()), w->objectName());
        return path;
    };
    QList<QWidget *> stops{start};
    for (int i = 0; i < 400; ++i) {
        press(QKeyCombination(Qt::Key_Tab));
        QWidget *focus = QApplication::focusWidget();
        QVERIFY2(focus, "Tab left the window");
        if (focus == start)
            break;
        QVERIFY2(!stops.contains(focus), qPrintable(QStringLiteral("Tab came back to ") + where(focus)));
        // Shown when it has the focus: a scroll area has brought it into sight, no tab hides it.
        QVERIFY2(!visiblePart(focus).isEmpty(), qPrintable(where(focus)));
        QVERIFY2(PaneNavigator::isShown(focus), qPrintable(where(focus)));
        stops.append(focus);
    }
    QCOMPARE(QApplication::focusWidget(), start); // the walk cycled
    for (QWidget *stop : std::as_const(stops)) {
        // Every stop is the window's and visible.
        QVERIFY2(stop->isVisible(), qPrintable(where(stop)));
        QVERIFY2(stop->window() == window(), qPrintable(where(stop)));
    }
    QVERIFY(stops.contains(window()->embeddingHeatmap()));
    QVERIFY(stops.contains(window()->lmHeadHeatmap()));
    // The chips show tokens only with a tokenizer (not the reference example's): a stop when shown.
    QCOMPARE(stops.contains(window()->tokenChips()), window()->tokenChips()->isVisible());
    // Each panel in front is reached; none behind a tab is.
    for (const PanelRegistry::Panel &p : window()->panelRegistry().panels()) {
        const bool reached = std::any_of(stops.cbegin(), stops.cend(),
                                         [&p](const QWidget *w) { return p.dock->isAncestorOf(w); });
        QVERIFY2(reached == PaneNavigator::isInFront(p.dock), qPrintable(p.name));
    }
}

void TestPaneNavigation::f6CyclesPanes_data()
{
    QTest::addColumn<bool>("backwards");
    QTest::newRow("F6") << false;
    QTest::newRow("Shift+F6") << true;
}

void TestPaneNavigation::f6CyclesPanes()
{
    QFETCH(bool, backwards);
    PaneNavigator *navigator = window()->panes();
    const QList<QWidget *> panes = navigator->panes();
    QVERIFY(panes.size() >= 3); // the main area and at least two panels at the default layout
    QCOMPARE(panes.first(), window()->centralWidget());
    window()->embeddingHeatmap()->setFocus(Qt::TabFocusReason);
    QTRY_COMPARE(navigator->currentPane(), panes.first());
    const qsizetype n = panes.size();
    for (qsizetype i = 1; i <= n; ++i) {
        press(backwards ? QKeyCombination(Qt::ShiftModifier, Qt::Key_F6) : QKeyCombination(Qt::Key_F6));
        QWidget *expected = panes[backwards ? (n - i) % n : i % n];
        QCOMPARE(navigator->currentPane(), expected);
        // On a control Tab would stop at, not on the pane's frame.
        QWidget *focus = QApplication::focusWidget();
        QVERIFY(focus != expected);
        QVERIFY(focus->focusPolicy() & Qt::TabFocus);
    }
}

void TestPaneNavigation::ctrlTabSwitchesDockTabs_data()
{
    // QKeyCombination::toCombined(): QTest's columns take no QKeyCombination.
    QTest::addColumn<int>("forwardKey");
    QTest::addColumn<int>("backKey");
    QTest::newRow("Ctrl+Tab") << (Qt::ControlModifier | Qt::Key_Tab).toCombined()
                              << (Qt::ControlModifier | Qt::ShiftModifier | Qt::Key_Backtab).toCombined();
    QTest::newRow("Ctrl+PageDown") << (Qt::ControlModifier | Qt::Key_PageDown).toCombined()
                                   << (Qt::ControlModifier | Qt::Key_PageUp).toCombined();
}

void TestPaneNavigation::ctrlTabSwitchesDockTabs()
{
    QFETCH(int, forwardKey);
    QFETCH(int, backKey);
    const QKeyCombination forward = QKeyCombination::fromCombined(forwardKey);
    const QKeyCombination back = QKeyCombination::fromCombined(backKey);
    PaneNavigator *navigator = window()->panes();
    QDockWidget *front = tabbedDock();
    QVERIFY2(front, "the default layout has a dock area with tabs");
    const QList<QDockWidget *> tabs = navigator->tabsOf(front);
    PaneNavigator::focusInto(front);
    QTRY_COMPARE(navigator->currentPane(), front);
    const qsizetype at = tabs.indexOf(front);
    // Forward round all the tabs, each in front with the focus, then back to the first.
    for (qsizetype i = 1; i <= tabs.size(); ++i) {
        press(forward);
        QDockWidget *expected = tabs[(at + i) % tabs.size()];
        QTRY_VERIFY(PaneNavigator::isInFront(expected));
        QCOMPARE(navigator->currentPane(), expected);
        for (QDockWidget *other : tabs) {
            if (other != expected)
                QVERIFY(!PaneNavigator::isInFront(other));
        }
    }
    QCOMPARE(navigator->currentPane(), front);
    press(back);
    QDockWidget *previous = tabs[(at + tabs.size() - 1) % tabs.size()];
    QTRY_VERIFY(PaneNavigator::isInFront(previous));
    QCOMPARE(navigator->currentPane(), previous);
    // In the main area there are no tabs to switch: nothing moves.
    window()->embeddingHeatmap()->setFocus(Qt::TabFocusReason);
    QTRY_COMPARE(QApplication::focusWidget(), window()->embeddingHeatmap());
    press(forward);
    QCOMPARE(QApplication::focusWidget(), window()->embeddingHeatmap());
    QVERIFY(PaneNavigator::isInFront(previous));
}

void TestPaneNavigation::viewMenuFocusesPanel()
{
    // A panel hidden at start, shown from View: in front of its tabs, the focus on its first control.
    const PanelRegistry::Panel *hidden = nullptr;
    for (const PanelRegistry::Panel &p : window()->panelRegistry().panels()) {
        if (!hidden && !p.dock->toggleViewAction()->isChecked())
            hidden = &p;
    }
    QVERIFY2(hidden, "a panel is hidden at start");
    window()->embeddingHeatmap()->setFocus(Qt::TabFocusReason);
    hidden->viewAction->trigger();
    QTRY_VERIFY(PaneNavigator::isInFront(hidden->dock));
    QVERIFY(hidden->viewAction->isChecked());
    QWidget *focus = QApplication::focusWidget();
    QVERIFY(focus);
    QVERIFY(hidden->dock->isAncestorOf(focus));
    QVERIFY(focus->isVisible());
    QVERIFY(focus->focusPolicy() & Qt::TabFocus);
    QCOMPARE(window()->panes()->currentPane(), hidden->dock);
}

void TestPaneNavigation::viewMenuRaisesPanelBehindTab()
{
    // Open behind another tab, chosen from View: brought to the front, not hidden (issue #25); chosen
    // again while in front: hidden; once more: shown in front.
    QDockWidget *front = tabbedDock();
    QVERIFY2(front, "the default layout tabs two panels");
    const QList<QDockWidget *> behind = window()->panes()->tabsOf(front);
    const auto it = std::find_if(behind.cbegin(), behind.cend(), [&](QDockWidget *d) { return d != front; });
    QVERIFY(it != behind.cend());
    const PanelRegistry::Panel *panel = nullptr;
    for (const PanelRegistry::Panel &p : window()->panelRegistry().panels())
        if (p.dock == *it)
            panel = &p;
    QVERIFY(panel);
    QVERIFY(!PaneNavigator::isInFront(panel->dock));
    QVERIFY(panel->viewAction->isChecked());
    panel->viewAction->trigger();
    QTRY_VERIFY(PaneNavigator::isInFront(panel->dock));
    QVERIFY(panel->viewAction->isChecked());
    QVERIFY(!panel->dock->isHidden());
    QVERIFY(panel->dock->isAncestorOf(QApplication::focusWidget()));
    panel->viewAction->trigger();
    QTRY_VERIFY(panel->dock->isHidden());
    QVERIFY(!panel->viewAction->isChecked());
    QVERIFY(!window()->panelRegistry().shownNames().contains(panel->name));
    panel->viewAction->trigger();
    QTRY_VERIFY(PaneNavigator::isInFront(panel->dock));
    QVERIFY(panel->viewAction->isChecked());
}

void TestPaneNavigation::f6ReachesAndLeavesFloatingPanel()
{
    // #25: a panel the teacher pulled out of the window (floating) is a pane too: F6 goes into it
    // and, from inside its own window, on to the next pane of the main window.
    PaneNavigator *navigator = window()->panes();
    QDockWidget *floating = tabbedDock();
    QVERIFY(floating);
    floating->setFloating(true);
    floating->show();
    QVERIFY(QTest::qWaitForWindowExposed(floating));
    QTRY_VERIFY(PaneNavigator::isInFront(floating));
    const QList<QWidget *> panes = navigator->panes();
    QVERIFY(panes.contains(floating));
    window()->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(window()));
    window()->embeddingHeatmap()->setFocus(Qt::TabFocusReason);
    QTRY_COMPARE(navigator->currentPane(), panes.first());
    // F6 until the floating panel has the focus (its window becomes active: not at once), then
    // once more: out of it, into the next pane.
    for (qsizetype i = 0; i < panes.indexOf(floating); ++i)
        press(QKeyCombination(Qt::Key_F6));
    QTRY_COMPARE(navigator->currentPane(), floating);
    QTRY_VERIFY(floating->isActiveWindow());
    QVERIFY(floating->isAncestorOf(QApplication::focusWidget()));
    press(QKeyCombination(Qt::Key_F6));
    const QWidget *next = panes[(panes.indexOf(floating) + 1) % panes.size()];
    QTRY_COMPARE(navigator->currentPane(), next);
    QTRY_VERIFY(next->isActiveWindow());
}

QTEST_MAIN(TestPaneNavigation)
#include "tst_panenavigation.moc"
