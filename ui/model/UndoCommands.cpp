// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/model/UndoCommands.h"

#include <QCoreApplication>
#include <QUndoStack>

namespace embedlab::ui {

namespace {

std::uint64_t modelBytes(const Lab::Snapshot &snapshot, const Lab *lab)
{
    if (!snapshot.model || !snapshot.model->model || snapshot.model->model.get() == &lab->model())
        return 0; // the live model costs undo nothing
    return snapshot.model->model->parameterBytes();
}

} // namespace

ModelCommand::ModelCommand(Lab *lab, Lab::Snapshot before, Lab::Snapshot after, const QString &text,
                           bool typing, bool performed)
    : LabCommand(text)
    , m_lab(lab)
    , m_before(std::move(before))
    , m_after(std::move(after))
    , m_typing(typing)
    , m_skipRedo(performed)
{}

void ModelCommand::undo()
{
    if (m_dropped)
        return;
    // Keep the model being left so that redo gives back the same object, not a rebuild.
    if (!m_typing) {
        Lab::Snapshot current = m_lab->snapshotWithModel();
        if (current == m_after)
            m_after = std::move(current);
    }
    m_undone = true;
    m_lab->restore(m_before);
}

void ModelCommand::redo()
{
    if (std::exchange(m_skipRedo, false))
        return;
    if (m_undone && !m_typing) {
        Lab::Snapshot current = m_lab->snapshotWithModel();
        if (current == m_before)
            m_before = std::move(current);
    }
    m_lab->restore(m_after);
}

int ModelCommand::id() const
{
    return m_typing ? kTypingId : -1;
}

bool ModelCommand::mergeWith(const QUndoCommand *other)
{
    // Typing "2, 3, 1" is one step, not seven.
    const auto *next = static_cast<const ModelCommand *>(other);
    if (!next->m_typing || !(next->m_before.config == m_after.config))
        return false;
    m_after = next->m_after;
    return true;
}

std::uint64_t ModelCommand::bytes() const
{
    return modelBytes(m_before, m_lab) + modelBytes(m_after, m_lab);
}

void ModelCommand::dropSnapshot()
{
    m_before.model.reset();
    m_after.model.reset();
    m_dropped = true;
}

WeightsCommand::WeightsCommand(Lab *lab, Lab::WeightState before, int parts, const QString &text)
    : LabCommand(text)
    , m_lab(lab)
    , m_held(std::move(before))
    , m_parts(parts)
{}

void WeightsCommand::swap()
{
    Lab::WeightState current = m_lab->captureWeights(m_parts);
    if (!m_lab->restoreWeights(m_held)) {
        // The model was replaced outside the undo history: what this step holds belongs to
        // another model, now and on every later undo or redo.
        dropSnapshot();
        setText(
            QCoreApplication::translate("embedlab::ui::UndoCommands", "%1 (dropped: the model was replaced)")
                .arg(text()));
        return;
    }
    m_held = std::move(current);
    if (m_afterSwap)
        m_afterSwap();
}

void WeightsCommand::undo()
{
    m_gesture.clear();
    if (!m_dropped)
        swap();
}

void WeightsCommand::redo()
{
    if (std::exchange(m_first, false) || m_dropped)
        return;
    swap();
}

std::uint64_t WeightsCommand::bytes() const
{
    return m_held.bytes();
}

void WeightsCommand::dropSnapshot()
{
    m_held = {};
    m_dropped = true;
}

TrainingStepCommand::TrainingStepCommand(Lab *lab, QUndoStack *stack, core::TrainingReport recipe,
                                         std::optional<Anchor> anchor, const QString &text)
    : LabCommand(text)
    , m_lab(lab)
    , m_stack(stack)
    , m_recipe(std::move(recipe))
    , m_anchor(std::move(anchor))
{
    // The recipe needs the batch and the settings, not the step's gradients and changes.
    m_recipe.parameters.clear();
}

int TrainingStepCommand::indexOnStack() const
{
    for (int i = m_stack->count() - 1; i >= 0; --i)
        if (m_stack->command(i) == this)
            return i;
    return -1;
}

const TrainingStepCommand *TrainingStepCommand::previous() const
{
    const int index = indexOnStack();
    return index > 0 ? dynamic_cast<const TrainingStepCommand *>(m_stack->command(index - 1)) : nullptr;
}

int TrainingStepCommand::stepsFromAnchor() const
{
    int steps = 1;
    for (const TrainingStepCommand *step = this; !step->isAnchor(); step = step->previous()) {
        if (!step->previous())
            return steps;
        ++steps;
    }
    return steps;
}

bool TrainingStepCommand::isDropped() const
{
    if (m_dropped)
        return true;
    if (m_anchor)
        return false;
    const TrainingStepCommand *before = previous();
    return !before || before->isDropped();
}

void TrainingStepCommand::undo()
{
    if (isDropped())
        return;
    // The run's anchor holds the state before its first step; the steps from there up to the one
    // before this are replayed, in order.
    QList<const TrainingStepCommand *> replay;
    const TrainingStepCommand *anchor = this;
    while (!anchor->isAnchor()) {
        anchor = anchor->previous();
        replay.prepend(anchor);
    }
    if (!m_lab->restoreWeights(anchor->m_anchor->weights)) {
        dropSnapshot();
        setText(
            QCoreApplication::translate("embedlab::ui::UndoCommands", "%1 (dropped: the model was replaced)")
                .arg(text()));
        return;
    }
    m_lab->restoreTrainerState(anchor->m_anchor->trainer);
    for (const TrainingStepCommand *step : std::as_const(replay))
        m_lab->replayTrainingStep(step->m_recipe);
    if (m_afterSwap)
        m_afterSwap();
}

void TrainingStepCommand::redo()
{
    if (std::exchange(m_first, false) || isDropped())
        return;
    m_lab->replayTrainingStep(m_recipe);
    if (m_afterSwap)
        m_afterSwap();
}

std::uint64_t TrainingStepCommand::bytes() const
{
    return m_anchor ? m_anchor->weights.bytes() + m_anchor->trainer.bytes() : 0;
}

void TrainingStepCommand::dropSnapshot()
{
    m_anchor.reset();
    m_dropped = true;
}

int enforceUndoBudget(QUndoStack *stack, std::uint64_t budgetBytes)
{
    std::uint64_t total = 0;
    int dropped = 0;
    bool over = false;
    for (int i = stack->index() - 1; i >= 0; --i) {
        auto *command = dynamic_cast<LabCommand *>(const_cast<QUndoCommand *>(stack->command(i)));
        if (!command)
            continue;
        if (!over) {
            total += command->bytes();
            over = total > budgetBytes;
        }
        // Once one step is dropped the older ones cannot be reached: free them all.
        if (over && !command->LabCommand::isDropped()) {
            command->dropSnapshot();
            command->setText(QCoreApplication::translate("embedlab::ui::UndoCommands",
                                                         "%1 (dropped: over the undo memory budget)")
                                 .arg(command->text()));
            ++dropped;
        }
    }
    return dropped;
}

std::uint64_t undoHistoryBytes(const QUndoStack *stack)
{
    std::uint64_t total = 0;
    for (int i = 0; i < stack->count(); ++i)
        if (const auto *command = dynamic_cast<const LabCommand *>(stack->command(i)))
            total += command->bytes();
    return total;
}

bool undoIsBlocked(const QUndoStack *stack)
{
    if (stack->index() <= 0)
        return false;
    const auto *command = dynamic_cast<const LabCommand *>(stack->command(stack->index() - 1));
    return command && command->isDropped();
}

} // namespace embedlab::ui
