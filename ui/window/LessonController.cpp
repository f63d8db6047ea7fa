// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/window/LessonController.h"

#include "core/init/InitSpec.h"
#include "ui/model/Lab.h"
#include "ui/model/LabUndo.h"
#include "ui/model/Lesson.h"
#include "ui/model/OneHotAnimation.h"
#include "ui/views/InitPanel.h"
#include "ui/views/LessonPanel.h"
#include "ui/views/TrainingPanel.h"
#include "ui/window/MainWindow.h"
#include "ui/window/ProjectorMode.h"
#include "ui/window/WindowActions.h"

#include <QAction>
#include <QDockWidget>
#include <QScopedValueRollback>
#include <QSignalBlocker>

#include <algorithm>

namespace embedlab::ui {

LessonController::LessonController(MainWindow *window, const WindowActions &actions)
    : QObject(window)
    , m_window(window)
    , m_action(actions.lesson)
    , m_lesson(new Lesson(this))
    , m_panel(new LessonPanel)
    , m_dock(new QDockWidget(tr("Guided Lesson"), window))
{
    m_dock->setObjectName(QStringLiteral("lessonDock"));
    m_dock->setWidget(m_panel);
    QList<std::pair<QString, QString>> steps;
    for (int i = 0; i < m_lesson->count(); ++i)
        steps.append({Lesson::title(i), Lesson::text(i)});
    m_panel->setSteps(steps);
    // Alone on its side (the side panels are on the left and below): the panels a step shows or
    // hides never move it (nor its Previous and Next buttons).
    window->addDockWidget(Qt::RightDockWidgetArea, m_dock);
    m_dock->hide();
    // Whenever it appears (or projector mode changes its fonts), it takes the width and height its
    // text needs, up to a third of the window's width and half its height.
    const auto fit = [this](bool visible) {
        if (visible)
            QMetaObject::invokeMethod(this, &LessonController::fitDock, Qt::QueuedConnection);
    };
    connect(m_dock, &QDockWidget::visibilityChanged, this, fit);
    connect(window->projector(), &ProjectorMode::enabledChanged, this, fit);

    connect(m_action, &QAction::toggled, this, &LessonController::show);
    connect(m_lesson, &Lesson::currentChanged, this, &LessonController::onCurrentChanged);
    connect(m_panel, &LessonPanel::nextRequested, m_lesson, &Lesson::next);
    connect(m_panel, &LessonPanel::previousRequested, m_lesson, &Lesson::previous);
    connect(m_panel, &LessonPanel::closeRequested, m_lesson, &Lesson::stop);
    // Presenter clickers send PageDown/PageUp (or arrows): they walk the animation, and when it
    // cannot move any further the lesson goes to its next or previous step. Connected after the
    // window's own connection, so the animation has moved (or not) already.
    connect(window->animation(), &OneHotAnimation::stepChanged, this, [this] { m_animationMoved = true; });
    connect(actions.stepForward, &QAction::triggered, this, &LessonController::onStepForward);
    connect(actions.stepBack, &QAction::triggered, this, &LessonController::onStepBack);
}

void LessonController::fitDock()
{
    if (!m_dock->isVisible() || m_dock->isFloating())
        return;
    // Width first, up to a third of the window (projector mode's fonts): the buttons then share a
    // row and the text wraps into fewer lines.
    const int sides = m_dock->width() - m_panel->width();
    const int wantedWidth = std::min(m_panel->sizeHint().width() + sides, m_window->width() / 3);
    int width = m_panel->width();
    if (m_dock->width() < wantedWidth) {
        m_window->resizeDocks({m_dock}, {wantedWidth}, Qt::Horizontal);
        width = wantedWidth - sides;
    }
    const int text =
        m_panel->hasHeightForWidth() ? m_panel->heightForWidth(width) : m_panel->sizeHint().height();
    const int chrome = m_dock->height() - m_panel->height();
    const int wanted = std::min(text + chrome, m_window->height() / 2);
    if (m_dock->height() < wanted)
        m_window->resizeDocks({m_dock}, {wanted}, Qt::Vertical);
}

void LessonController::show(bool on)
{
    if (on) {
        m_dock->show();
        m_lesson->start();
        m_animationMoved = false;
    } else {
        m_lesson->stop();
        m_dock->hide();
    }
}

void LessonController::resumeAt(int index)
{
    if (index < 0 || index >= m_lesson->count())
        return;
    m_action->setChecked(true);
    m_lesson->setCurrent(index);
}

void LessonController::continueAt(int index)
{
    if (index < 0 || index >= m_lesson->count())
        return;
    const QScopedValueRollback continuing(m_continuing, true);
    {
        // Checking the action starts the lesson at its first step.
        const QSignalBlocker quiet(m_action);
        m_action->setChecked(true);
    }
    m_lesson->setCurrent(index);
    m_dock->show();
}

void LessonController::onCurrentChanged(int index)
{
    if (index < 0) {
        m_dock->hide();
        m_action->setChecked(false);
        return;
    }
    if (!m_continuing)
        applyStep(index);
    m_panel->showStep(index, m_lesson->count(), Lesson::title(index), Lesson::text(index));
}

void LessonController::onStepForward()
{
    const bool moved = std::exchange(m_animationMoved, false);
    if (m_lesson->isRunning() && !moved)
        m_lesson->next();
}

void LessonController::onStepBack()
{
    const bool moved = std::exchange(m_animationMoved, false);
    if (m_lesson->isRunning() && !moved)
        m_lesson->previous();
}

void LessonController::applyStep(int index)
{
    if (index < 0 || index >= m_lesson->count())
        return;
    const Lesson::Step &step = m_lesson->step(index);
    Q_EMIT aboutToApplyStep();
    // One undoable step with a freshly built model: what earlier steps or the user did (an
    // initialiser, a tie, a training step) does not linger into this one.
    Lab::Config config = Lab::presetConfig(step.preset);
    config.tied = step.tied;
    const QString ids = QString::fromLatin1(step.ids);
    m_window->undo()->applyFresh(tr("Lesson step %1: %2").arg(index + 1).arg(Lesson::title(index)),
                                 {config, ids});
    // The ids field shows what the step typed, even when it is refused (the pitfalls step's id 4).
    m_window->showIdsText(ids);
    m_window->initPanel()->setSpec(core::InitSpec::parse("normal"));
    m_window->trainingPanel()->resetOptimizer();
    OneHotAnimation *animation = m_window->animation();
    animation->pause();
    switch (step.animation) {
    case Lesson::AnimationAt::Start:
        animation->restart();
        break;
    case Lesson::AnimationAt::Lookup:
        animation->setStep(OneHotAnimation::kPhasesPerId - 1); // the first id's Lookup phase
        animation->setProgress(1.0);
        break;
    case Lesson::AnimationAt::End:
        animation->goToEnd();
        break;
    }
    m_animationMoved = false;
    // Projector mode keeps the side panels hidden: the lesson names only what matters.
    for (const Lesson::Panel panel : MainWindow::panels())
        m_window->dock(panel)->setVisible(step.panels.testFlag(panel));
    m_window->neighboursDock()->hide(); // no step is about neighbours
    m_dock->show();
    Q_EMIT stepApplied();
}

} // namespace embedlab::ui
