// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/window/LessonController.h"

#include "ui/model/Document.h"
#include "ui/model/FitSession.h"
#include "ui/model/Lab.h"
#include "ui/model/LabUndo.h"
#include "ui/model/Lesson.h"
#include "ui/model/OneHotAnimation.h"
#include "ui/views/LessonPanel.h"
#include "ui/window/MainWindow.h"
#include "ui/window/ProjectorMode.h"
#include "ui/window/Translations.h"
#include "ui/window/WindowActions.h"

#include <QAction>
#include <QDockWidget>
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
    connect(m_panel, &LessonPanel::closeRequested, this, [this] { show(false); });
    connect(m_panel, &LessonPanel::resumeRequested, this, [this] {
        const int step = m_window->shown()->resumeOffer();
        m_window->shown()->setResumeOffer(-1);
        m_lesson->setCurrent(step);
    });
    connect(actions.lessonNext, &QAction::triggered, m_lesson, &Lesson::next);
    connect(actions.lessonPrevious, &QAction::triggered, m_lesson, &Lesson::previous);
    assignPresenterKeys(actions);
    showDocument();
}

void LessonController::assignPresenterKeys(const WindowActions &actions)
{
    // One owner per key at any time (no ambiguous shortcut): the window is built again when the
    // lesson starts or ends, so this is decided once per window.
    const bool lesson = isLessonWindow();
    const QKeySequence down(Qt::Key_PageDown);
    const QKeySequence up(Qt::Key_PageUp);
    actions.stepForward->setShortcuts(lesson ? QList<QKeySequence>{QKeySequence(Qt::Key_Right)}
                                             : QList<QKeySequence>{QKeySequence(Qt::Key_Right), down});
    actions.stepBack->setShortcuts(lesson ? QList<QKeySequence>{QKeySequence(Qt::Key_Left)}
                                          : QList<QKeySequence>{QKeySequence(Qt::Key_Left), up});
    actions.lessonNext->setShortcuts(lesson ? QList<QKeySequence>{down} : QList<QKeySequence>{});
    actions.lessonPrevious->setShortcuts(lesson ? QList<QKeySequence>{up} : QList<QKeySequence>{});
    actions.lessonNext->setEnabled(lesson);
    actions.lessonPrevious->setEnabled(lesson);
}

bool LessonController::isLessonWindow() const
{
    return m_window->shown() != m_window->document();
}

void LessonController::showDocument()
{
    // The window shows the lesson's own document: the lesson continues where that document is.
    Document *shown = m_window->shown();
    {
        const QSignalBlocker quiet(m_action);
        m_action->setChecked(isLessonWindow());
    }
    if (!isLessonWindow())
        return;
    const int step = std::clamp(shown->lessonStep(), 0, m_lesson->count() - 1);
    m_lesson->setCurrent(step); // applies it, unless the document already shows it
    m_dock->show();
}

void LessonController::fitDock()
{
    if (!m_dock->isVisible() || m_dock->isFloating())
        return;
    // Width first, up to a third of the window: the buttons then share a row and the text wraps
    // into fewer lines. Projected, 24 %: at 1024 px room for its longest words ("constructors,",
    // "num_embeddings," beside a scroll bar) and for the heatmaps' legend as a row under the plot. A
    // third left the heatmaps one column number, a quarter their legend beside a small plot, two
    // ninths a comma on a line of its own (#25).
    const bool projected = m_window->projector()->isEnabled();
    const int sides = m_dock->width() - m_panel->width();
    const int wantedWidth = std::min(m_panel->sizeHint().width() + sides,
                                     projected ? m_window->width() * 24 / 100 : m_window->width() / 3);
    const bool below = m_window->dockWidgetArea(m_dock) == Qt::BottomDockWidgetArea;
    m_panel->setButtonsAtRight(below); // also where projector mode's restored layout put it
    if (below && projected) {
        moveDock(false);
        return;
    }
    int width = m_panel->width();
    if (below) {
        // Its width, and the rest of the row to the panels a step shows beside it (Fit a Text).
        m_dock->setMinimumWidth(wantedWidth);
        if (m_dock->width() > wantedWidth)
            m_window->resizeDocks({m_dock}, {wantedWidth}, Qt::Horizontal);
        width = std::max(m_panel->width(), wantedWidth - sides);
    } else if (m_dock->width() < wantedWidth || (projected && m_dock->width() > wantedWidth)) {
        // Projected, no wider either: the views beside it keep the rest (when it appears, or the
        // fonts change; a width the user drags it to afterwards stays).
        m_window->resizeDocks({m_dock}, {wantedWidth}, Qt::Horizontal);
        width = wantedWidth - sides;
    }
    if (!below && !projected && m_dock->width() * 4 < wantedWidth * 3) {
        moveDock(true);
        return;
    }
    const int text =
        m_panel->hasHeightForWidth() ? m_panel->heightForWidth(width) : m_panel->sizeHint().height();
    const int chrome = m_dock->height() - m_panel->height();
    const int wanted = std::min(text + chrome, m_window->height() / 2);
    if (m_dock->height() < wanted)
        m_window->resizeDocks({m_dock}, {wanted}, Qt::Vertical);
}

void LessonController::moveDock(bool below)
{
    // Beside the Layers dock and the views' least width, a 1024 px window left the lesson 121 px, its
    // words broken inside ("constructo rs"): it joins the panels below, at the row's right end (alone
    // there, the whole row), its buttons at its right edge, which stays the window's whatever panels
    // a step shows or hides. Projected, the side panels are hidden and it goes back to its side.
    m_dock->setMinimumWidth(0);
    m_panel->setButtonsAtRight(below);
    m_window->addDockWidget(below ? Qt::BottomDockWidgetArea : Qt::RightDockWidgetArea, m_dock,
                            Qt::Horizontal);
    QMetaObject::invokeMethod(this, &LessonController::fitDock, Qt::QueuedConnection);
}

void LessonController::show(bool on)
{
    // The lesson runs on a document of its own: the window is built again around it (WindowHost),
    // and around the teacher's untouched document when it ends (issue #24 item 2).
    Document *root = m_window->document();
    if (on == isLessonWindow())
        return;
    if (on) {
        // From the first step unless the teacher asks to resume (the panel offers it).
        const int saved = Lesson::savedStep();
        root->startLesson(0);
        if (Document *lesson = root->lessonDocument())
            lesson->setResumeOffer(saved > 0 && saved < m_lesson->count() ? saved : -1);
    } else {
        root->endLesson();
    }
}

void LessonController::resumeAt(int index)
{
    if (index < 0 || index >= m_lesson->count())
        return;
    Document *root = m_window->document();
    if (Document *lesson = root->lessonDocument())
        lesson->setLessonStep(index);
    else
        root->startLesson(index);
}

void LessonController::onCurrentChanged(int index)
{
    if (index < 0) {
        show(false);
        return;
    }
    Document *shown = m_window->shown();
    if (shown->appliedLessonStep() != index)
        applyStep(index);
    if (index != 0)
        shown->setResumeOffer(-1);
    m_panel->setResumeStep(shown->resumeOffer());
    m_panel->showStep(index, m_lesson->count(), Lesson::title(index), Lesson::text(index));
    if (m_window->dockWidgetArea(m_dock) == Qt::BottomDockWidgetArea) // the row's panels changed
        QMetaObject::invokeMethod(this, &LessonController::fitDock, Qt::QueuedConnection);
}

void LessonController::applyStep(int index)
{
    if (index < 0 || index >= m_lesson->count() || !isLessonWindow())
        return;
    const Lesson::Step &step = m_lesson->step(index);
    Document *doc = m_window->shown();
    // One undoable step of the lesson's own document with a freshly built model: what earlier
    // steps or the class did (an initialiser, a tie, a training step) does not linger into this one.
    Lab::Config config = Lab::presetConfig(step.preset);
    config.tied = step.tied;
    const QString ids = QString::fromLatin1(step.ids);
    Lab::Snapshot snapshot{config, ids};
    snapshot.vocabulary = Lab::presetVocabulary(step.preset);
    doc->undo()->applyFresh(tr("Lesson step %1: %2").arg(index + 1).arg(Lesson::title(index)), snapshot);
    doc->setTextMode(false);
    // The ids field shows what the step typed, even when it is refused (the pitfalls step's id 4),
    // and a step after that one shows its own ids again, not the refused "2, 3, 4" with its error
    // (the model kept "2, 3, 1", so comparing with the model's ids left the old entry in the field).
    doc->commitIdsEntry(ids);
    doc->setInitDraft(InitDraft{});
    doc->lab()->resetOptimizer();
    OneHotAnimation *animation = doc->animation();
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
    // The step names only what matters (no step is about neighbours); projector mode keeps the side
    // panels hidden and shows these when it ends.
    QStringList panels;
    for (const PanelRegistry::Panel &panel : m_window->panelRegistry().panels())
        if (panel.lesson && step.panels.testFlag(*panel.lesson))
            panels.append(panel.name);
    doc->setPanels(panels);
    // Watching it learn starts from step 0 of the lesson's language's text, every time the step is
    // entered, as every step starts from its own fresh model.
    if (step.panels.testFlag(Lesson::Panel::Fit)) {
        doc->fitSession()->setup(FitSession::textCodeFor(Translations::installedCode()), true);
    }
    doc->setLessonStep(index);
    doc->markLessonStepApplied(index);
    m_dock->show();
}

} // namespace embedlab::ui
