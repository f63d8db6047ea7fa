// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/window/WindowActions.h"

#include "ui/heatmap/ColorMap.h"
#include "ui/window/Translations.h"

#include <QAction>
#include <QActionGroup>
#include <QIcon>
#include <QWidget>

namespace embedlab::ui {

namespace {

/// The platform's standard keys, plus `ours` where the platform has none (Linux has no Preferences
/// key, and some platform themes have no Quit key).
QList<QKeySequence> keys(QKeySequence::StandardKey standard, const QString &ours)
{
    QList<QKeySequence> list = QKeySequence::keyBindings(standard);
    const QKeySequence fallback(ours);
    if (!list.contains(fallback))
        list.append(fallback);
    return list;
}

QAction *make(QWidget *owner, const QString &text, const QString &name, const QString &tip,
              const QString &icon = {})
{
    auto *action = new QAction(text, owner);
    action->setObjectName(name);
    action->setStatusTip(tip);
    action->setToolTip(tip);
    if (!icon.isEmpty()) // from the desktop theme where there is one; the text is always there
        action->setIcon(QIcon::fromTheme(icon));
    owner->addAction(action);
    return action;
}

} // namespace

void WindowActions::createFileActions(WindowActions &a, QWidget *owner)
{
    a.openWeights = make(owner, tr("&Open Weights..."), QStringLiteral("openWeightsAction"),
                         tr("View a matrix of a .npy, .safetensors or .gguf file as the embedding or the "
                            "Linear weight (you can also drop the file on the window)"),
                         QStringLiteral("document-open"));
    a.openWeights->setShortcuts(keys(QKeySequence::Open, QStringLiteral("Ctrl+O")));
    a.openSession =
        make(owner, tr("Open Sessio&n..."), QStringLiteral("openSession"), tr("Open an .embedlab session"));
    a.openSession->setShortcut(QKeySequence(QStringLiteral("Ctrl+Shift+O")));
    a.saveSession =
        make(owner, tr("&Save Session"), QStringLiteral("saveSession"),
             tr("Save sizes, seed, initialisers, tie state, ids and view as an .embedlab session"));
    a.saveSession->setShortcuts(keys(QKeySequence::Save, QStringLiteral("Ctrl+S")));
    a.saveSessionAs = make(owner, tr("Save Session &As..."), QStringLiteral("saveSessionAs"),
                           tr("Save the session under a new name"));
    a.saveSessionAs->setShortcuts(keys(QKeySequence::SaveAs, QStringLiteral("Ctrl+Shift+S")));
    a.exportScreenshot = make(owner, tr("&Export Screenshot..."), QStringLiteral("exportScreenshot"),
                              tr("Save the window as a PNG image"));
    a.exportScreenshot->setShortcut(QKeySequence(QStringLiteral("Ctrl+E")));
    a.quit = make(owner, tr("&Quit"), QStringLiteral("quit"), tr("Quit EmbedLab"),
                  QStringLiteral("application-exit"));
    a.quit->setShortcuts(keys(QKeySequence::Quit, QStringLiteral("Ctrl+Q")));
    a.quit->setMenuRole(QAction::QuitRole);
}

void WindowActions::createEditActions(WindowActions &a, QWidget *owner)
{
    a.undo = make(owner, tr("&Undo"), QStringLiteral("undo"),
                  tr("Undo the last change of layers, ids, initialisers, tying, training or loading"),
                  QStringLiteral("edit-undo"));
    a.undo->setShortcuts(keys(QKeySequence::Undo, QStringLiteral("Ctrl+Z")));
    a.redo = make(owner, tr("&Redo"), QStringLiteral("redo"), tr("Redo the change that was undone"),
                  QStringLiteral("edit-redo"));
    a.redo->setShortcuts(keys(QKeySequence::Redo, QStringLiteral("Ctrl+Shift+Z")));
    a.undoMemory =
        make(owner, tr("Undo memory"), QStringLiteral("undoMemory"),
             tr("Undo snapshots are kept under this many bytes; a step that does not fit cannot be "
                "undone"));
    a.undoMemory->setEnabled(false);
    a.copyCode = make(owner, tr("Copy Python &Code"), QStringLiteral("copyCode"),
                      tr("Copy the code of the panel in front as a script that runs as pasted: the "
                         "PyTorch code, continued by the Unembedding or Training panel's code"));
    a.copyCode->setShortcut(QKeySequence(QStringLiteral("Ctrl+Shift+C")));
    a.copyOutput = make(owner, tr("Copy &Output"), QStringLiteral("copyOutput"),
                        tr("Copy what the copied code prints: the Output pane, followed by the "
                           "Unembedding panel's values when it is in front"));
    a.copyOutput->setShortcut(QKeySequence(QStringLiteral("Ctrl+Alt+C")));
    a.preferences = make(owner, tr("&Preferences..."), QStringLiteral("preferences"),
                         tr("Colour map and animation speed"));
    // Qt has no Preferences shortcut on Linux; Ctrl+, is the common one.
    a.preferences->setShortcuts(keys(QKeySequence::Preferences, QStringLiteral("Ctrl+,")));
    a.preferences->setMenuRole(QAction::PreferencesRole);
    a.presetReference =
        make(owner, tr("&Reference Example"), QStringLiteral("presetReference"),
             tr("torch.manual_seed(123), Embedding(4, 5), ids [2, 3, 1], as in the documents"));
    a.presetGpt2 = make(owner, tr("&GPT-2 Small"), QStringLiteral("presetGpt2"),
                        tr("Embedding(50257, 768) tied with Linear(768, 50257, bias=False)"));
}

void WindowActions::createModelActions(WindowActions &a, QWidget *owner)
{
    a.tie =
        make(owner, tr("&Tie lm_head.weight = embedding.weight"), QStringLiteral("tieAction"),
             tr("Weight tying: one storage behind both layers, as in GPT-2 (the embedding's values win)"));
    a.tie->setCheckable(true);
    a.tie->setIconText(tr("Tied"));
    a.tie->setShortcut(QKeySequence(QStringLiteral("Ctrl+T")));
    a.untieClone = make(owner, tr("Untie, &Keep the Values"), QStringLiteral("untieCloneAction"),
                        tr("lm_head.weight gets its own storage, a copy of the shared values"));
    a.untieReinit =
        make(owner, tr("Untie, &Re-initialise lm_head"), QStringLiteral("untieReinitAction"),
             tr("lm_head.weight gets its own storage, drawn again by lm_head.reset_parameters()"));
    a.trainStep = make(owner, tr("Training &Step"), QStringLiteral("trainStepAction"),
                       tr("One optimizer step on the training panel's ids and targets"));
    a.trainStep->setShortcut(QKeySequence(QStringLiteral("Ctrl+Return")));
}

void WindowActions::createViewActions(WindowActions &a, QWidget *owner)
{
    a.zoomIn = make(owner, tr("Zoom &In"), QStringLiteral("zoomIn"), tr("Zoom into the weight heatmaps"),
                    QStringLiteral("zoom-in"));
    a.zoomIn->setShortcuts(keys(QKeySequence::ZoomIn, QStringLiteral("Ctrl++")));
    a.zoomOut = make(owner, tr("Zoom &Out"), QStringLiteral("zoomOut"), tr("Zoom out of the weight heatmaps"),
                     QStringLiteral("zoom-out"));
    a.zoomOut->setShortcuts(keys(QKeySequence::ZoomOut, QStringLiteral("Ctrl+-")));
    a.zoomReset =
        make(owner, tr("&Whole Matrix"), QStringLiteral("zoomReset"), tr("Show the whole weight matrices"));
    a.zoomReset->setShortcut(QKeySequence(QStringLiteral("Ctrl+0")));
    a.blockGrid = make(owner, tr("Quantisation &Blocks"), QStringLiteral("blockGrid"),
                       tr("Outline the blocks of a quantised tensor and the groups of values that share "
                          "one scale, when zoomed in"));
    a.blockGrid->setCheckable(true);
    a.fullScreen = make(owner, tr("&Full Screen"), QStringLiteral("fullScreen"),
                        tr("Fill the screen (projectors)"), QStringLiteral("view-fullscreen"));
    a.fullScreen->setCheckable(true);
    a.fullScreen->setShortcuts(keys(QKeySequence::FullScreen, QStringLiteral("F11")));
    a.projector = make(owner, tr("&Projector Mode"), QStringLiteral("projectorMode"),
                       tr("White page, big text, thick lines and full screen for a classroom (F5)"));
    a.projector->setCheckable(true);
    a.projector->setShortcut(QKeySequence(Qt::Key_F5));
    a.lesson = make(owner, tr("Guided &Lesson"), QStringLiteral("guidedLesson"),
                    tr("Ten steps from the argument order to the common pitfalls; PageDown moves on"));
    a.lesson->setCheckable(true);
    a.lesson->setShortcut(QKeySequence(QStringLiteral("Ctrl+L")));
    a.lessonNext = make(owner, tr("Ne&xt Lesson Step"), QStringLiteral("lessonNext"),
                        tr("The guided lesson's next step (PageDown, as presenter clickers send)"));
    a.lessonNext->setEnabled(false);
    a.lessonPrevious = make(owner, tr("Pre&vious Lesson Step"), QStringLiteral("lessonPrevious"),
                            tr("The guided lesson's previous step (PageUp)"));
    a.lessonPrevious->setEnabled(false);
    a.focusView = make(owner, tr("Foc&us on View"), QStringLiteral("focusView"),
                       tr("Show the view under the mouse alone, in the whole window (F; Esc returns)"));
    a.focusView->setShortcut(QKeySequence(Qt::Key_F));
    a.leaveFocus =
        make(owner, tr("&All Panels"), QStringLiteral("leaveFocus"), tr("Back to all panels (Esc)"));
    a.leaveFocus->setShortcut(QKeySequence(Qt::Key_Escape));
    a.leaveFocus->setEnabled(false);
    // Between the panes and the docks' tabs (issue #25): F6 as in KDE and GNOME applications,
    // Ctrl+Tab and Ctrl+PageDown as in tabbed documents; PaneNavigator acts on them.
    a.nextPane = make(owner, tr("&Next Pane"), QStringLiteral("nextPane"),
                      tr("Move the keyboard focus to the next pane: the main area or a panel (F6)"));
    a.nextPane->setShortcut(QKeySequence(Qt::Key_F6));
    a.previousPane = make(owner, tr("P&revious Pane"), QStringLiteral("previousPane"),
                          tr("Move the keyboard focus to the previous pane (Shift+F6)"));
    a.previousPane->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F6));
    a.nextTab = make(owner, tr("Next Panel &Tab"), QStringLiteral("nextTab"),
                     tr("Bring the next tab of the focused panel's area to the front (Ctrl+Tab)"));
    a.nextTab->setShortcuts(
        {QKeySequence(Qt::CTRL | Qt::Key_Tab), QKeySequence(Qt::CTRL | Qt::Key_PageDown)});
    a.previousTab =
        make(owner, tr("Pr&evious Panel Tab"), QStringLiteral("previousTab"),
             tr("Bring the previous tab of the focused panel's area to the front (Ctrl+Shift+Tab)"));
    a.previousTab->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Backtab),
                                 QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Tab),
                                 QKeySequence(Qt::CTRL | Qt::Key_PageUp)});

    a.colorMaps = new QActionGroup(owner);
    a.colorMaps->setExclusive(true);
    for (const QString &name : ColorMap::names()) {
        QAction *action = make(owner, name, QStringLiteral("colorMap_%1").arg(name),
                               tr("Colour the weights with %1").arg(name));
        action->setCheckable(true);
        action->setData(name);
        a.colorMaps->addAction(action);
    }
    a.languages = new QActionGroup(owner);
    a.languages->setExclusive(true);
    for (const Translations::Language &language : Translations::languages()) {
        auto *action = new QAction(language.nativeName, a.languages);
        action->setObjectName(QStringLiteral("language_%1").arg(language.code));
        action->setCheckable(true);
        action->setData(language.code);
    }
}

void WindowActions::createAnimationActions(WindowActions &a, QWidget *owner)
{
    a.play = make(owner, tr("&Play"), QStringLiteral("play"),
                  tr("Play or pause the one-hot animation (Space)"), QStringLiteral("media-playback-start"));
    a.play->setShortcut(QKeySequence(Qt::Key_Space));
    a.stepForward = make(owner, tr("Step &Forward"), QStringLiteral("stepForward"),
                         tr("The animation's next step (Right; PageDown too while no lesson is open)"),
                         QStringLiteral("media-skip-forward"));
    a.stepForward->setShortcuts({QKeySequence(Qt::Key_Right), QKeySequence(Qt::Key_PageDown)});
    a.stepBack = make(owner, tr("Step &Back"), QStringLiteral("stepBack"),
                      tr("The animation's previous step (Left; PageUp too while no lesson is open)"),
                      QStringLiteral("media-skip-backward"));
    a.stepBack->setShortcuts({QKeySequence(Qt::Key_Left), QKeySequence(Qt::Key_PageUp)});
    a.restart = make(owner, tr("&Restart"), QStringLiteral("restart"), tr("Back to the first id (Home)"),
                     QStringLiteral("media-seek-backward"));
    a.restart->setShortcut(QKeySequence(Qt::Key_Home));
    a.lastStep = make(owner, tr("&Last Step"), QStringLiteral("lastStep"),
                      tr("Jump to the end: all rows looked up (End)"));
    a.lastStep->setShortcut(QKeySequence(Qt::Key_End));
    a.faster = make(owner, tr("F&aster"), QStringLiteral("faster"), tr("Double the animation speed"));
    a.faster->setShortcut(QKeySequence(QStringLiteral("Ctrl+]")));
    a.slower = make(owner, tr("&Slower"), QStringLiteral("slower"), tr("Halve the animation speed"));
    a.slower->setShortcut(QKeySequence(QStringLiteral("Ctrl+[")));
    a.batchCounters = make(owner, tr("&Count a Batch of 32 \u00d7 512"), QStringLiteral("batchCounters"),
                           tr("Count a training batch of 32 sequences of 512 tokens"));
    a.batchCounters->setCheckable(true);
}

void WindowActions::createHelpActions(WindowActions &a, QWidget *owner)
{
    a.about = make(owner, tr("&About EmbedLab"), QStringLiteral("about"), tr("Version and licence"));
    a.about->setMenuRole(QAction::AboutRole);
    a.aboutQt =
        make(owner, tr("About &Qt"), QStringLiteral("aboutQt"), tr("The Qt version EmbedLab runs on"));
    a.aboutQt->setMenuRole(QAction::AboutQtRole);
}

WindowActions WindowActions::create(QWidget *owner)
{
    WindowActions actions;
    createFileActions(actions, owner);
    createEditActions(actions, owner);
    createModelActions(actions, owner);
    createViewActions(actions, owner);
    createAnimationActions(actions, owner);
    createHelpActions(actions, owner);
    return actions;
}

} // namespace embedlab::ui
