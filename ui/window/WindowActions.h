// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QCoreApplication>
#include <QList>

class QAction;
class QActionGroup;
class QWidget;

namespace embedlab::ui {

/// Every action of the main window, made in one place with its text, shortcuts, tips and icon.
/// MainWindow puts them in menus and tool bars; each part of the window is handed the actions it
/// serves and connects them itself (the parts never look actions up by name: object names are for
/// tests and saved window state).
struct WindowActions {
    Q_DECLARE_TR_FUNCTIONS(embedlab::ui::WindowActions)

public:
    // File
    QAction *openWeights = nullptr;
    QAction *openSession = nullptr;
    QAction *saveSession = nullptr;
    QAction *saveSessionAs = nullptr;
    QAction *exportScreenshot = nullptr;
    QAction *quit = nullptr;
    // Edit
    QAction *undo = nullptr;
    QAction *redo = nullptr;
    /// Shows the undo memory budget and what the history holds (MainWindow sets its text).
    QAction *undoMemory = nullptr;
    /// The code of the panel in front (CodeClipboard), and what it prints.
    QAction *copyCode = nullptr;
    QAction *copyOutput = nullptr;
    QAction *preferences = nullptr;
    QAction *presetReference = nullptr;
    QAction *presetGpt2 = nullptr;
    // Model
    QAction *tie = nullptr;
    QAction *untieClone = nullptr;
    QAction *untieReinit = nullptr;
    QAction *trainStep = nullptr;
    // View
    QAction *zoomIn = nullptr;
    QAction *zoomOut = nullptr;
    QAction *zoomReset = nullptr;
    /// Outlines a quantised tensor's storage blocks and scale groups on the heatmaps (checkable).
    QAction *blockGrid = nullptr;
    QAction *fullScreen = nullptr;
    QAction *projector = nullptr;
    QAction *lesson = nullptr;
    /// The lesson's next and previous step: PageDown and PageUp (a presenter's clicker) while the
    /// lesson is open, disabled otherwise (LessonController moves the keys).
    QAction *lessonNext = nullptr;
    QAction *lessonPrevious = nullptr;
    QAction *focusView = nullptr;
    QAction *leaveFocus = nullptr;
    /// F6 / Shift+F6 and Ctrl+Tab / Ctrl+Shift+Tab (Ctrl+PageDown / Ctrl+PageUp): PaneNavigator.
    QAction *nextPane = nullptr;
    QAction *previousPane = nullptr;
    QAction *nextTab = nullptr;
    QAction *previousTab = nullptr;
    QActionGroup *colorMaps = nullptr;
    QActionGroup *languages = nullptr;
    // Animation
    QAction *play = nullptr;
    QAction *stepForward = nullptr;
    QAction *stepBack = nullptr;
    QAction *restart = nullptr;
    QAction *lastStep = nullptr;
    QAction *faster = nullptr;
    QAction *slower = nullptr;
    QAction *batchCounters = nullptr;
    // Help
    QAction *about = nullptr;
    QAction *aboutQt = nullptr;

    /// Creates every action as a child of `owner` (added to it, so shortcuts work window-wide).
    static WindowActions create(QWidget *owner);
    /// The actions that write the weights: disabled while a background job reads them.
    QList<QAction *> weightWriters() const { return {tie, untieClone, untieReinit, trainStep}; }

private:
    static void createFileActions(WindowActions &a, QWidget *owner);
    static void createEditActions(WindowActions &a, QWidget *owner);
    static void createModelActions(WindowActions &a, QWidget *owner);
    static void createViewActions(WindowActions &a, QWidget *owner);
    static void createAnimationActions(WindowActions &a, QWidget *owner);
    static void createHelpActions(WindowActions &a, QWidget *owner);
};

} // namespace embedlab::ui
