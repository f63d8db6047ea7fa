// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QList>
#include <QObject>
#include <QPointer>

class QAction;
class QKeyEvent;
class QWidget;

namespace embedlab::ui {

/// The focused control gets its keys (issue #25). The window's single-key shortcuts (Space, the
/// arrows, Home, End, PageUp, PageDown, F) act while the focus is on a view or on nothing that
/// reads keys; on a button, a check box, a field, a slider, a list or a tab bar the key is that
/// control's (Space ticks the check box instead of playing the animation). A view that reads keys
/// of its own (a heatmap's cell cursor, the token chips) claims them itself through
/// QEvent::ShortcutOverride, as Qt's own line edits do.
///
/// Presenter keys (the lesson's PageDown and PageUp while it runs) stay the window's wherever the
/// focus is, except in a multi-line text being edited: a clicker must move the lesson on even after
/// a click left the focus on a spin box or the ids field. Enter presses a focused button or ticks a
/// focused check box, as Space does. Installed on the application, it routes only `window`'s keys.
class KeyRouter : public QObject {
    Q_OBJECT
public:
    explicit KeyRouter(QWidget *window);

    /// Actions whose keys a control never takes while they are enabled (the lesson's steps).
    void setPresenterActions(const QList<QAction *> &actions);

    /// True when `key` is one of the keys a control reads and the window has single-key shortcuts
    /// for: no Ctrl, Alt or Meta, not a function key.
    static bool isSingleKey(const QKeyEvent &key);
    /// True when `widget` is a control that reads `key` itself (buttons, fields, sliders, lists,
    /// tab bars); the window's shortcut for that key then waits.
    static bool controlReadsKey(const QWidget *widget, const QKeyEvent &key);
    /// True when `widget` is a multi-line text being edited: it keeps even the presenter keys
    /// (PageDown scrolls it), where a one-line field has no use for them.
    static bool isTextBeingEdited(const QWidget *widget);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    bool isPresenterKey(const QKeyEvent &key) const;
    /// True when `widget` is the window's or a floating dock's, not a dialog's.
    bool routes(const QWidget *widget) const;

    QPointer<QWidget> m_window;
    QList<QPointer<QAction>> m_presenterActions;
};

} // namespace embedlab::ui
