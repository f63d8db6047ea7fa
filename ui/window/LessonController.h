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
/// each step applied to the lesson's own document (preset, ids, tie, animation, which panels show).
/// Starting the lesson gives it a document of its own (Document::startLesson()), so the teacher's
/// model, text and tokenizer are never replaced; the window is built again around it. While it
/// runs, a presenter clicker's PageDown/PageUp move the lesson one step per press (View > Next and
/// Previous Lesson Step take them from the animation, which keeps Right and Left); each step puts
/// the animation where it needs it (issue #25).
class LessonController : public QObject {
    Q_OBJECT
public:
    LessonController(MainWindow *window, const WindowActions &actions);

    Lesson *lesson() const { return m_lesson; }
    LessonPanel *panel() const { return m_panel; }
    QDockWidget *dock() const { return m_dock; }
    /// True when the window shows the lesson's document.
    bool isLessonWindow() const;

    /// Shows the state of step `index` in the lesson's document.
    void applyStep(int index);
    /// Starts the lesson at `index` (a session's step), or moves the running one there.
    void resumeAt(int index);

private:
    void showDocument();
    void show(bool on);
    void onCurrentChanged(int index);
    /// PageDown/PageUp are the lesson's in the lesson's window, the animation's elsewhere.
    void assignPresenterKeys(const WindowActions &actions);
    void fitDock();
    /// To the bottom row when the window leaves it too narrow a column, back to its side when projected.
    void moveDock(bool below);

    MainWindow *m_window;
    QAction *m_action;
    Lesson *m_lesson;
    LessonPanel *m_panel;
    QDockWidget *m_dock;
};

} // namespace embedlab::ui
