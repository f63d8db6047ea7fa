// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QByteArray>
#include <QList>
#include <QObject>
#include <QPointer>

class QDockWidget;
class QLabel;
class QMainWindow;
class QStackedWidget;
class QWidget;

namespace embedlab::ui {

/// One key (F) shows a single view full-window; Esc puts it back. The view is the one under the
/// mouse (or holding the focus), else the first registered one: on a projector the weight matrix
/// gets the whole screen instead of a column of it.
///
/// The window's central widget becomes a stack: the normal page, and a page that holds the
/// focused view while the docks and toolbars are hidden. The view moves there and back to the
/// same place in its splitter, layout or dock.
class FocusMode : public QObject {
    Q_OBJECT
public:
    /// Takes `central` as the window's normal central page.
    FocusMode(QMainWindow *window, QWidget *central);

    /// The views that can take the window, in order of preference.
    void setViews(const QList<QWidget *> &views) { m_views = views; }
    /// The docks and toolbars hidden while a view has the window (restored with the window's
    /// state afterwards).
    void setChrome(const QList<QWidget *> &chrome) { m_chrome = chrome; }
    bool isActive() const { return m_view != nullptr; }
    QWidget *focusedView() const { return m_view; }
    /// While active: the window's layout from before (QMainWindow::saveState()).
    QByteArray savedWindowState() const { return m_windowState; }

    /// Shows `view` (one of the views) full-window; nullptr picks the one under the mouse.
    void enter(QWidget *view = nullptr);
    void leave();

Q_SIGNALS:
    void activeChanged(bool active);

private:
    QWidget *viewAtCursor() const;
    void takeView(QWidget *view);
    void giveBack();

    QMainWindow *m_window;
    QStackedWidget *m_stack;
    QWidget *m_page;
    QLabel *m_hint;
    QList<QWidget *> m_views;
    QList<QWidget *> m_chrome;
    QPointer<QWidget> m_view;
    // Where the view came from.
    QPointer<QWidget> m_home;
    int m_homeIndex = -1;
    int m_homeStretch = 0;
    QList<int> m_homeSizes;
    QByteArray m_windowState;
};

} // namespace embedlab::ui
