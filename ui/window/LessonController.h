// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QObject>

class QAction;
class QDockWidget;

namespace embedlab::ui {

class Lesson;
class LessonPanel;
class MainWindow;
struct WindowActions;

/// The guided lesson in the window: its dock (LessonPanel), View > Guided Lesson (Ctrl+L), and
/// each step applied to the window (preset, ids, tie, animation, which panels show). Presenter
/// clickers' PageDown/PageUp walk the animation, and the lesson when the animation cannot move on.
class LessonController : public QObject {
    Q_OBJECT
public:
    LessonController(MainWindow *window, const WindowActions &actions);

    Lesson *lesson() const { return m_lesson; }
    LessonPanel *panel() const { return m_panel; }
    QDockWidget *dock() const { return m_dock; }

    /// Shows the state of step `index` in the window.
    void applyStep(int index);
    /// Starts the lesson at `index` (a session's step).
    void resumeAt(int index);
    /// Shows step `index` as the window already holds it, without applying it again: the lesson of
    /// the window this one replaced (a language change), whose model this one took over.
    void continueAt(int index);

Q_SIGNALS:
    /// Around the changes applyStep() makes: they are the lesson's, not the user's edits.
    void aboutToApplyStep();
    void stepApplied();

private:
    void show(bool on);
    void onCurrentChanged(int index);
    void onStepForward();
    void onStepBack();
    void fitDock();

    MainWindow *m_window;
    QAction *m_action;
    Lesson *m_lesson;
    LessonPanel *m_panel;
    QDockWidget *m_dock;
    bool m_animationMoved = false;
    bool m_continuing = false; // continueAt(): the step's panel, not its model
};

} // namespace embedlab::ui
