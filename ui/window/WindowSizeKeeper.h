// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QObject>
#include <QSize>

class QWidget;

namespace embedlab::ui {

/// Keeps a top-level window at the size it was given (issue #25). When the window's minimum grows
/// past that size - the guided lesson's dock beside the Layers dock, a panel wide for a moment -
/// Qt widens the window, and never narrows it back when the minimum falls: a Vietnamese window
/// on a 1024 x 768 projector stayed 1064-1067 px wide, its right edge off the screen, for the
/// rest of the lesson. The keeper notes the size the window is given (its width or height when
/// not held at its minimum) and, after each change of its layout, narrows it back towards that
/// size as far as its minimum allows. It never widens a window; a maximised or full-screen
/// window is the window system's to size.
class WindowSizeKeeper : public QObject {
    Q_OBJECT
public:
    /// Watches `window` (a top-level widget), which owns the keeper.
    explicit WindowSizeKeeper(QWidget *window);

    QSize chosenSize() const { return m_chosen; }
    /// The size to keep from now on (a window built again in place of another keeps the old one's).
    void setChosenSize(QSize size);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    /// The window's minimum: its own, or its layout's.
    QSize leastSize() const;
    void noteResize(QSize size);
    void queueRestore();
    void restore();

    QWidget *m_window;
    QSize m_chosen;
    bool m_restoring = false;
    bool m_queued = false;
};

} // namespace embedlab::ui
