// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/window/WindowMenus.h"

#include "ui/window/PanelRegistry.h"
#include "ui/window/WindowActions.h"

#include <QAction>
#include <QActionGroup>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QToolBar>

namespace embedlab::ui {

void WindowMenus::build(QMainWindow *window, const WindowActions &a, const PanelRegistry &registry,
                        const QList<QToolBar *> &toolBars, const FileMenus &fileMenus)
{
    QMenuBar *bar = window->menuBar();
    QMenu *file = bar->addMenu(tr("&File"));
    file->addActions({a.openWeights, a.openSession, a.saveSession, a.saveSessionAs});
    file->addMenu(fileMenus.recent);
    file->addMenu(fileMenus.exports);
    file->addMenu(fileMenus.copies);
    file->addSeparator();
    file->addAction(a.exportScreenshot);
    file->addSeparator();
    file->addAction(a.quit);

    QMenu *edit = bar->addMenu(tr("&Edit"));
    edit->addActions({a.undo, a.redo, a.undoMemory});
    edit->addSeparator();
    edit->addActions({a.copyCode, a.copyOutput});
    edit->addSeparator();
    QMenu *presets = edit->addMenu(tr("Pre&sets"));
    presets->addActions({a.presetReference, a.presetGpt2});
    edit->addSeparator();
    edit->addAction(a.preferences);

    QMenu *model = bar->addMenu(tr("&Model"));
    model->addActions({a.tie, a.untieClone, a.untieReinit});
    model->addSeparator();
    model->addAction(a.trainStep);

    bar->addMenu(viewMenu(window, a, registry, toolBars));

    QMenu *animation = bar->addMenu(tr("&Animation"));
    animation->addActions({a.play, a.stepForward, a.stepBack, a.restart, a.lastStep});
    animation->addSeparator();
    animation->addActions({a.faster, a.slower});
    animation->addSeparator();
    animation->addAction(a.batchCounters);

    QMenu *help = bar->addMenu(tr("&Help"));
    help->addActions({a.about, a.aboutQt});
}

QMenu *WindowMenus::viewMenu(QMainWindow *window, const WindowActions &a, const PanelRegistry &registry,
                             const QList<QToolBar *> &toolBars)
{
    auto *view = new QMenu(tr("&View"), window);
    for (const PanelRegistry::Panel &p : registry.panels())
        view->addAction(p.viewAction);
    for (QToolBar *bar : toolBars)
        view->addAction(bar->toggleViewAction());
    view->addSeparator();
    view->addActions({a.zoomIn, a.zoomOut, a.zoomReset, a.blockGrid});
    view->addMenu(tr("&Colour Map"))->addActions(a.colorMaps->actions());
    view->addSeparator();
    view->addActions(
        {a.fullScreen, a.projector, a.lesson, a.lessonNext, a.lessonPrevious, a.focusView, a.leaveFocus});
    view->addSeparator();
    view->addActions({a.nextPane, a.previousPane, a.nextTab, a.previousTab});
    QMenu *language = view->addMenu(tr("Lan&guage"));
    language->setObjectName(QStringLiteral("languageMenu"));
    language->addActions(a.languages->actions());
    return view;
}

QToolBar *WindowMenus::mainToolBar(QMainWindow *window, const WindowActions &a)
{
    auto *bar = new QToolBar(tr("Main"), window);
    bar->setObjectName(QStringLiteral("mainToolBar"));
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->addActions({a.presetReference, a.presetGpt2});
    bar->addSeparator();
    bar->addActions({a.undo, a.redo});
    bar->addSeparator();
    bar->addAction(a.tie);
    return bar;
}

} // namespace embedlab::ui
