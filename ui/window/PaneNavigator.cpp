// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/window/PaneNavigator.h"

#include "ui/window/PanelRegistry.h"
#include "ui/window/WindowActions.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QMainWindow>

namespace embedlab::ui {

PaneNavigator::PaneNavigator(QMainWindow *window, QWidget *mainArea, const PanelRegistry &registry,
                             const WindowActions &actions)
    : QObject(window)
    , m_window(window)
    , m_mainArea(mainArea)
    , m_registry(registry)
{
    connect(actions.nextPane, &QAction::triggered, this, [this] { focusPane(1); });
    connect(actions.previousPane, &QAction::triggered, this, [this] { focusPane(-1); });
    connect(actions.nextTab, &QAction::triggered, this, [this] { switchTab(1); });
    connect(actions.previousTab, &QAction::triggered, this, [this] { switchTab(-1); });
}

QList<QWidget *> PaneNavigator::panes() const
{
    QList<QWidget *> out;
    if (m_mainArea->isVisible())
        out.append(m_mainArea);
    // A dock behind another tab is hidden by its dock area: only the front one is a pane.
    for (const PanelRegistry::Panel &p : m_registry.panels()) {
        if (isInFront(p.dock))
            out.append(p.dock);
    }
    return out;
}

QWidget *PaneNavigator::currentPane() const
{
    const QWidget *focus = QApplication::focusWidget();
    for (QWidget *pane : panes()) {
        if (focus && (pane == focus || pane->isAncestorOf(focus)))
            return pane;
    }
    return nullptr;
}

QList<QDockWidget *> PaneNavigator::tabsOf(QDockWidget *dock) const
{
    const QList<QDockWidget *> tabbed = m_window->tabifiedDockWidgets(dock);
    QList<QDockWidget *> out;
    for (const PanelRegistry::Panel &p : m_registry.panels()) {
        // A tab the user closed is still tabified in the layout, but has no tab.
        if ((p.dock == dock || tabbed.contains(p.dock)) && p.dock->toggleViewAction()->isChecked())
            out.append(p.dock);
    }
    return out;
}

void PaneNavigator::focusPane(int step)
{
    const QList<QWidget *> all = panes();
    if (all.isEmpty())
        return;
    const qsizetype at = all.indexOf(currentPane()); // -1 (nowhere): F6 goes to the first
    const qsizetype n = all.size();
    const qsizetype next = at < 0 ? (step > 0 ? 0 : n - 1) : ((at + step) % n + n) % n;
    focusInto(all[next]);
}

void PaneNavigator::switchTab(int step)
{
    auto *dock = qobject_cast<QDockWidget *>(currentPane());
    if (!dock)
        return;
    const QList<QDockWidget *> tabs = tabsOf(dock);
    if (tabs.size() < 2)
        return;
    const qsizetype n = tabs.size();
    QDockWidget *next = tabs[((tabs.indexOf(dock) + step) % n + n) % n];
    PanelRegistry::raise(next);
}

bool PaneNavigator::isInFront(const QDockWidget *dock)
{
    const QRect geometry = dock->geometry();
    return dock->isVisible() && (dock->isFloating() || (geometry.right() >= 0 && geometry.bottom() >= 0));
}

bool PaneNavigator::isShown(const QWidget *widget)
{
    if (!widget->isVisible())
        return false;
    for (const QWidget *w = widget; w && !w->isWindow(); w = w->parentWidget()) {
        const auto *dock = qobject_cast<const QDockWidget *>(w);
        if (dock && !isInFront(dock))
            return false;
    }
    return true;
}

void PaneNavigator::focusInto(QWidget *pane)
{
    // A floating panel is a window of its own: focus set in a window that is not active waits there
    // until it is (#25: F6 never reached a floating panel). The main window's keys still work
    // from it (a floating dock is a tool window of the main window).
    if (!pane->isActiveWindow()) {
        pane->window()->raise();
        pane->window()->activateWindow();
    }
    // The focus chain from the pane on: its first visible, enabled Tab stop.
    for (QWidget *w = pane->nextInFocusChain(); w && w != pane; w = w->nextInFocusChain()) {
        if (pane->isAncestorOf(w) && isShown(w) && w->isEnabled() && (w->focusPolicy() & Qt::TabFocus)) {
            w->setFocus(Qt::TabFocusReason);
            return;
        }
    }
    pane->setFocus(Qt::OtherFocusReason);
}

} // namespace embedlab::ui
