// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QList>
#include <QObject>

class QDockWidget;
class QMainWindow;
class QWidget;

namespace embedlab::ui {

class PanelRegistry;
struct WindowActions;

/// Keyboard moves between the window's panes and the tabs of its dock areas (issue #25 item 1), as
/// in KDE and GNOME applications: F6 and Shift+F6 take the focus to the next or previous pane (the
/// main area, then every panel shown in front, in the registry's order); Ctrl+Tab and Ctrl+PageDown
/// (Ctrl+Shift+Tab and Ctrl+PageUp) bring the next (previous) tab of the dock area holding the focus
/// to the front, with the focus in it. Composed by MainWindow from the View menu's actions.
class PaneNavigator : public QObject {
    Q_OBJECT
public:
    PaneNavigator(QMainWindow *window, QWidget *mainArea, const PanelRegistry &registry,
                  const WindowActions &actions);

    /// The panes F6 visits, in order: the main area, then each registered dock that is shown and in
    /// front of its tabs (isInFront()).
    QList<QWidget *> panes() const;
    /// The pane holding the keyboard focus; nullptr when none does.
    QWidget *currentPane() const;
    /// The docks tabbed together with `dock` (itself included) that are shown, in registry order.
    QList<QDockWidget *> tabsOf(QDockWidget *dock) const;

    /// Moves the focus `step` panes on (1 next, -1 previous), wrapping.
    void focusPane(int step);
    /// Brings the tab `step` on in the focused dock's area to the front, wrapping; nothing when the
    /// focus is not in a dock with tabs.
    void switchTab(int step);
    /// True when `dock` is shown in front of its tabs (or floating). Qt keeps the docks behind a
    /// tab visible, moved out of sight to negative coordinates, as QDockWidget's own
    /// visibilityChanged() tells them apart.
    static bool isInFront(const QDockWidget *dock);
    /// True when `widget` is visible and no dock around it is behind a tab.
    static bool isShown(const QWidget *widget);
    /// Gives the focus to the first control of `pane` that Tab stops at, or to `pane` itself.
    static void focusInto(QWidget *pane);

private:
    QMainWindow *m_window;
    QWidget *m_mainArea;
    const PanelRegistry &m_registry;
};

} // namespace embedlab::ui
