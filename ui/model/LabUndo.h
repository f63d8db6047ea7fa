// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/init/InitSpec.h"
#include "core/nn/TiedModel.h"
#include "ui/model/Lab.h"

#include <QObject>
#include <QPointer>
#include <QString>

#include <cstdint>
#include <functional>
#include <optional>
#include <utility>

class QUndoStack;

namespace embedlab::ui {

class WeightsCommand;

/// Every change of the Lab that the user can undo goes through here: sizes, presets, ids (typing
/// merges into one step), initialisers (a slider drag is one step), tie and untie, training steps
/// and loaded files. Snapshots are kept under a memory budget; undo waits while the Lab computes
/// and stops at steps whose snapshots were dropped. An action whose snapshot does not fit the budget
/// asks first (setConfirmation()), before anything is copied for it.
class LabUndo : public QObject {
    Q_OBJECT
public:
    /// Undo snapshots of weights are kept under this many bytes (older steps are dropped).
    static constexpr std::uint64_t kDefaultBudget = std::uint64_t(1) << 30;
    /// A run of training steps keeps a snapshot every this many steps, where it fits in an eighth of
    /// the budget: undo replays at most this many steps from the nearest one.
    static constexpr int kStepsPerAnchor = 8;

    explicit LabUndo(Lab *lab, QObject *parent = nullptr);
    ~LabUndo() override;

    QUndoStack *stack() const { return m_stack; }
    void setBudget(std::uint64_t bytes) { m_budget = bytes; }
    std::uint64_t budget() const { return m_budget; }
    /// The bytes the snapshots of the history hold.
    std::uint64_t historyBytes() const;
    /// Asked before an action whose undo snapshot (`needed` bytes) does not fit the budget: true
    /// runs it anyway (it cannot be undone), false leaves everything as it was. Unset: it runs.
    using Confirmation = std::function<bool(std::uint64_t needed, std::uint64_t budget)>;
    void setConfirmation(Confirmation confirm) { m_confirm = std::move(confirm); }

    bool canUndo() const;
    bool canRedo() const;
    /// Older steps were dropped: the next undo is refused.
    bool isBlocked() const;
    QString undoText() const;
    QString redoText() const;
    void undo();
    void redo();
    void clear();

    /// Applies `after` (configuration and ids) as one undoable step.
    void applySnapshot(const QString &description, const Lab::Snapshot &after);
    /// Puts back a preset's configuration, ids and default weights as one step (nothing when the
    /// Lab already holds exactly that: same configuration and ids, no operation since the build).
    void applyPreset(Lab::Preset preset);
    /// Applies `after` with a freshly built model (default weights, no operations) as one step,
    /// unless the Lab already holds exactly that. A lesson step is one.
    void applyFresh(const QString &description, Lab::Snapshot after);
    /// The ids field's text as typed: consecutive edits merge into one step.
    void editIds(const QString &text);
    /// Runs an initialiser as one step; the requests of one gesture (a slider drag, until
    /// finishInitGesture()) replace each other. While the Lab is busy the newest request waits.
    void applyInit(const QString &target, const core::InitSpec &spec, std::optional<std::uint64_t> seed);
    void finishInitGesture();
    /// Ties or unties as one step; false when nothing changed (busy, already so, or refused).
    bool tie();
    bool untie(core::TiedModel::UntieMode mode);
    /// Makes `matrix` a weight of a new model (Lab::loadMatrix, the file storing it as `element`)
    /// whose rows are tokens of `vocabulary` (none: ids only), as one step. When keeping the model it
    /// replaces does not fit the budget, asks first: declined, nothing changes and false is returned.
    bool loadMatrix(core::ParameterPtr matrix, const QString &file, const QString &tensor, Lab::LoadRole role,
                    bool tied, const Vocabulary &vocabulary = {}, const QString &element = {},
                    const Lab::FileHead &head = {});
    /// Makes `vocabulary` the tokenizer of the rows as one step (a guessed or chosen tokenizer for a
    /// matrix that came without one); nothing when it is already.
    void setVocabulary(const QString &description, const Vocabulary &vocabulary);

Q_SIGNALS:
    /// canUndo(), canRedo(), isBlocked() or the texts may have changed.
    void changed();
    /// Something the status bar should say ("Older undo steps were dropped ...").
    void notice(const QString &message);
    /// undo() or redo() just put a step back or again: what follows the history (the initialiser
    /// editors) follows it.
    void undoneOrRedone();

private:
    void push(class LabCommand *command);
    /// The one check before an action: its snapshot fits the budget, or the user agreed to go on.
    bool mayProceed(std::uint64_t snapshotBytes) const;
    int partsFor(const QString &target) const;
    /// Pushes a step whose snapshot was not taken (it did not fit and the user went on): it cannot be
    /// undone, and the steps before it cannot be reached any more.
    void pushWithoutSnapshot(class LabCommand *command);
    void onLabBusyChanged(bool busy);
    void onInitFailed();
    /// Lab::setTrainingGate(): a step whose snapshot does not fit asks before it is computed.
    bool mayTrain();
    void onAboutToTrain();
    void onTrained(const core::TrainingReport &report);

    QPointer<Lab> m_lab; // a sibling in the window: destroyed before this when created first
    QUndoStack *m_stack;
    std::uint64_t m_budget = kDefaultBudget;
    Confirmation m_confirm;
    // The init step a slider drag keeps replacing until finishInitGesture().
    WeightsCommand *m_openInit = nullptr;
    // A request that arrived while the Lab was busy: the newest wins.
    struct InitRequest {
        QString target;
        core::InitSpec spec;
        std::optional<std::uint64_t> seed;
    };
    std::optional<InitRequest> m_deferredInit;
    /// The training step on top of the history, when the next step continues its run (no other
    /// step of the history between them): then the next one needs no snapshot of its own.
    class TrainingStepCommand *continuedRun() const;
    // The training step about to be recorded: whether it can be undone, and the snapshot it starts
    // a run from (none when it continues one).
    bool m_stepUndoable = true;
    bool m_stepPending = false;
    std::optional<Lab::WeightState> m_stepBefore;
    std::optional<core::TrainerState> m_trainerBefore;
};

} // namespace embedlab::ui
