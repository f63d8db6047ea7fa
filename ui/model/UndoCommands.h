// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "ui/model/Lab.h"

#include <QUndoCommand>

#include <cstdint>
#include <functional>
#include <optional>

class QUndoStack;

namespace embedlab::ui {

/// An undo step of the Lab that may hold big weight snapshots. The memory budget drops the
/// snapshots of the oldest steps; a step without its snapshot can no longer be undone.
class LabCommand : public QUndoCommand {
public:
    using QUndoCommand::QUndoCommand;
    /// Memory held for undo/redo (weights not otherwise alive).
    virtual std::uint64_t bytes() const = 0;
    /// Frees the snapshot; undo() of this step is refused from now on.
    virtual void dropSnapshot() = 0;
    /// True when undo() of this step is refused (its snapshot, or the one it replays from, is gone).
    virtual bool isDropped() const { return m_dropped; }

protected:
    bool m_dropped = false;
};

/// A change of the configuration, a preset, the ids or a loaded file. Undo adopts the model object
/// that was current before (exact weights, no rebuild); redo adopts the one undo replaced, or
/// rebuilds from the configuration when there is none.
class ModelCommand : public LabCommand {
public:
    /// `performed`: the change has already been made (a load), so the first redo() does nothing.
    ModelCommand(Lab *lab, Lab::Snapshot before, Lab::Snapshot after, const QString &text,
                 bool typing = false, bool performed = false);
    void undo() override;
    void redo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand *other) override;
    std::uint64_t bytes() const override;
    void dropSnapshot() override;

    /// The id of ids-typing steps, which merge into one.
    static constexpr int kTypingId = 1;

private:
    Lab *m_lab;
    Lab::Snapshot m_before;
    Lab::Snapshot m_after;
    bool m_typing;
    bool m_skipRedo;
    bool m_undone = false;
};

/// A change of the weights in place: an initialiser, tie, untie, a training step. Holds one
/// snapshot at a time and swaps it with the current weights on undo and on redo. When the model was
/// replaced outside the undo history (another size), the swap is refused and the step dropped.
class WeightsCommand : public LabCommand {
public:
    /// Pushed after the change was made: `before` is what undo restores; the first redo() does nothing.
    WeightsCommand(Lab *lab, Lab::WeightState before, int parts, const QString &text);
    void undo() override;
    void redo() override;
    std::uint64_t bytes() const override;
    void dropSnapshot() override;

    /// The state the step started from (a slider drag re-runs its request from here).
    const Lab::WeightState &before() const { return m_held; }
    /// Called after every undo() and redo() (the training panel drops its optimiser state).
    void setAfterSwap(std::function<void()> callback) { m_afterSwap = std::move(callback); }
    /// Marks the step as still open: the next request of the same gesture replaces it.
    void setGesture(const QString &target) { m_gesture = target; }
    QString gesture() const { return m_gesture; }

private:
    void swap();

    Lab *m_lab;
    Lab::WeightState m_held;
    int m_parts;
    bool m_first = true;
    std::function<void()> m_afterSwap;
    QString m_gesture;
};

/// A training step. Consecutive steps share one snapshot (issue #24 item 6): the first step of a run
/// (its "anchor") keeps the weights and the optimiser state from before it; a later step keeps only
/// its recipe (batch, settings, whether the optimiser was fresh). Undoing a later step puts the
/// anchor back and replays the steps between, which is exact: every step is deterministic. Redo
/// replays the step itself. So five GPT-2 Adam steps cost one snapshot of the weights, not five.
class TrainingStepCommand : public LabCommand {
public:
    /// What undo puts back before the first step of a run.
    struct Anchor {
        Lab::WeightState weights;
        core::TrainerState trainer;
    };
    /// `anchor`: this step starts a run (nullopt: it continues the step below it on `stack`).
    TrainingStepCommand(Lab *lab, QUndoStack *stack, core::TrainingReport recipe,
                        std::optional<Anchor> anchor, const QString &text);
    void undo() override;
    void redo() override;
    std::uint64_t bytes() const override;
    void dropSnapshot() override;
    bool isDropped() const override;

    bool isAnchor() const { return m_anchor.has_value(); }
    /// Keeps what this step starts from, so that later steps replay from here (a long run gets an
    /// anchor every few steps, undo then replays fewer).
    void setAnchor(Anchor anchor) { m_anchor = std::move(anchor); }
    /// The steps since the run's anchor, this one included (1 for an anchor).
    int stepsFromAnchor() const;
    /// Called after every undo() and redo() (the views hear that the optimiser changed).
    void setAfterSwap(std::function<void()> callback) { m_afterSwap = std::move(callback); }

private:
    /// This command's index on the stack, or -1.
    int indexOnStack() const;
    /// The step below this one, when it is a step of the same run.
    const TrainingStepCommand *previous() const;

    Lab *m_lab;
    QUndoStack *m_stack;
    core::TrainingReport m_recipe;
    std::optional<Anchor> m_anchor;
    bool m_first = true;
    std::function<void()> m_afterSwap;
};

/// Keeps the snapshots of the steps that can be undone under `budgetBytes`: walking from the newest
/// step back, the first one that would exceed it and every older one lose their snapshots. Returns
/// how many steps were dropped by this call.
int enforceUndoBudget(QUndoStack *stack, std::uint64_t budgetBytes);

/// The bytes the snapshots of every step of `stack` hold (undo and redo).
std::uint64_t undoHistoryBytes(const QUndoStack *stack);

/// The step undo() would undo, when it is a LabCommand whose snapshot was dropped.
bool undoIsBlocked(const QUndoStack *stack);

} // namespace embedlab::ui
