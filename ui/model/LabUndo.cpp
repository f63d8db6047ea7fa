// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/model/LabUndo.h"

#include "ui/model/UndoCommands.h"
#include "ui/model/UndoMemory.h"

#include <QFileInfo>
#include <QLocale>
#include <QUndoStack>

namespace embedlab::ui {

LabUndo::LabUndo(Lab *lab, QObject *parent)
    : QObject(parent)
    , m_lab(lab)
    , m_stack(new QUndoStack(this))
{
    connect(m_stack, &QUndoStack::indexChanged, this, &LabUndo::changed);
    connect(m_stack, &QUndoStack::undoTextChanged, this, &LabUndo::changed);
    connect(m_stack, &QUndoStack::redoTextChanged, this, &LabUndo::changed);
    connect(m_lab, &Lab::busyChanged, this, &LabUndo::onLabBusyChanged);
    connect(m_lab, &Lab::initFailed, this, &LabUndo::onInitFailed);
    connect(m_lab, &Lab::aboutToTrain, this, &LabUndo::onAboutToTrain);
    connect(m_lab, &Lab::trained, this, &LabUndo::onTrained);
    m_lab->setTrainingGate([this] { return mayTrain(); });
}

LabUndo::~LabUndo()
{
    // The stack's clear() in ~QObject would emit into slots of a half-destroyed object.
    m_stack->disconnect(this);
    if (m_lab) // the window creates the Lab first, so its children list destroys it first
        m_lab->setTrainingGate({});
}

bool LabUndo::canUndo() const
{
    return m_stack->canUndo() && !isBlocked() && !m_lab->isBusy();
}

bool LabUndo::canRedo() const
{
    return m_stack->canRedo() && !m_lab->isBusy();
}

bool LabUndo::isBlocked() const
{
    return undoIsBlocked(m_stack);
}

QString LabUndo::undoText() const
{
    return m_stack->undoText();
}

QString LabUndo::redoText() const
{
    return m_stack->redoText();
}

void LabUndo::undo()
{
    if (!canUndo())
        return;
    m_openInit = nullptr;
    m_stack->undo();
    Q_EMIT undoneOrRedone();
}

void LabUndo::redo()
{
    if (!canRedo())
        return;
    m_openInit = nullptr;
    m_stack->redo();
    Q_EMIT undoneOrRedone();
}

void LabUndo::clear()
{
    m_openInit = nullptr;
    m_stack->clear();
}

std::uint64_t LabUndo::historyBytes() const
{
    return undoHistoryBytes(m_stack);
}

bool LabUndo::mayProceed(std::uint64_t snapshotBytes) const
{
    return snapshotFitsUndoBudget(snapshotBytes, m_budget) || !m_confirm ||
           m_confirm(snapshotBytes, m_budget);
}

void LabUndo::push(LabCommand *command)
{
    m_stack->push(command);
    if (enforceUndoBudget(m_stack, m_budget) > 0)
        Q_EMIT notice(tr("Older undo steps were dropped to keep undo memory under %1.")
                          .arg(QLocale().formattedDataSize(qint64(m_budget))));
    Q_EMIT changed();
}

void LabUndo::applySnapshot(const QString &description, const Lab::Snapshot &after)
{
    // The model object is kept so that undo gives back its exact weights (inits, steps, loads).
    const Lab::Snapshot before = m_lab->snapshotWithModel();
    if (before == after)
        return;
    m_openInit = nullptr;
    push(new ModelCommand(m_lab, before, after, description));
}

void LabUndo::applyPreset(Lab::Preset preset)
{
    Lab::Snapshot after{Lab::presetConfig(preset), Lab::presetIds(preset)};
    after.vocabulary = Lab::presetVocabulary(preset);
    if (preset == Lab::Preset::Gpt2Small)
        after.config.seed = m_lab->config().seed;
    applyFresh(preset == Lab::Preset::Gpt2Small ? tr("GPT-2 small preset") : tr("Reference example preset"),
               after);
}

void LabUndo::applyFresh(const QString &description, Lab::Snapshot after)
{
    after.fresh = true;
    const Lab::Snapshot before = m_lab->snapshotWithModel();
    if (before == after && m_lab->history().isEmpty() && !m_lab->isBusy())
        return;
    m_openInit = nullptr;
    push(new ModelCommand(m_lab, before, after, description));
}

void LabUndo::editIds(const QString &text)
{
    const Lab::Snapshot before = m_lab->snapshot();
    if (!m_lab->setIdsText(text))
        return;
    const Lab::Snapshot after = m_lab->snapshot();
    if (!(before == after))
        m_stack->push(new ModelCommand(m_lab, before, after, tr("Edit ids"), true));
}

int LabUndo::partsFor(const QString &target) const
{
    if (target == QStringLiteral("lm_head.bias"))
        return Lab::BiasPart;
    if (target == QStringLiteral("lm_head.weight") && !m_lab->isTied())
        return Lab::LmHeadPart;
    return Lab::EmbeddingPart; // lm_head.weight too when tied: one storage
}

void LabUndo::applyInit(const QString &target, const core::InitSpec &spec, std::optional<std::uint64_t> seed)
{
    if (m_lab->isBusy()) {
        m_deferredInit = InitRequest{target, spec, seed};
        return;
    }
    const QString text = tr("Init %1").arg(QString::fromStdString(spec.pythonCall(target.toStdString())));
    const int index = m_stack->index();
    if (m_openInit && index > 0 && index == m_stack->count() && m_stack->command(index - 1) == m_openInit &&
        m_openInit->gesture() == target) {
        // The same drag: run the newest values from where the drag started, so it stays one step
        // and the generator is consumed once.
        m_lab->applyInit(target, spec, seed, &m_openInit->before());
        m_openInit->setText(text);
        Q_EMIT changed();
        return;
    }
    const int parts = partsFor(target);
    // Asked before the copy is made, not after.
    if (!mayProceed(m_lab->weightBytes(parts)))
        return;
    Lab::WeightState before = m_lab->captureWeights(parts);
    auto *command = new WeightsCommand(m_lab, std::move(before), parts, text);
    command->setGesture(target);
    push(command);
    m_openInit = command;
    m_lab->applyInit(target, spec, seed);
}

void LabUndo::finishInitGesture()
{
    if (m_lab->isBusy() && m_deferredInit)
        return; // the deferred request still belongs to this gesture
    if (m_openInit)
        m_openInit->setGesture(QString());
    m_openInit = nullptr;
}

void LabUndo::onLabBusyChanged(bool busy)
{
    Q_EMIT changed();
    if (!busy && m_deferredInit) {
        const InitRequest request = *std::exchange(m_deferredInit, std::nullopt);
        applyInit(request.target, request.spec, request.seed);
    }
}

void LabUndo::onInitFailed()
{
    // A step that changed nothing is not kept.
    if (m_openInit && m_stack->index() > 0 && m_stack->command(m_stack->index() - 1) == m_openInit &&
        m_lab->history() == m_openInit->before().history) {
        m_openInit->setObsolete(true);
        m_openInit = nullptr;
        m_stack->undo();
    }
}

bool LabUndo::tie()
{
    if (m_lab->isBusy() || m_lab->isTied())
        return false;
    if (!mayProceed(m_lab->weightBytes(Lab::LmHeadPart)))
        return false;
    const Lab::WeightState before = m_lab->captureWeights(Lab::LmHeadPart);
    if (!m_lab->tie())
        return false;
    m_openInit = nullptr;
    push(new WeightsCommand(m_lab, before, Lab::LmHeadPart | Lab::BiasPart,
                            tr("Tie lm_head.weight = embedding.weight")));
    return true;
}

bool LabUndo::untie(core::TiedModel::UntieMode mode)
{
    if (m_lab->isBusy() || !m_lab->isTied())
        return false;
    const int parts = Lab::LmHeadPart | Lab::BiasPart;
    if (!mayProceed(m_lab->weightBytes(parts)))
        return false;
    const Lab::WeightState before = m_lab->captureWeights(parts);
    m_lab->untie(mode);
    m_openInit = nullptr;
    push(new WeightsCommand(m_lab, before, parts,
                            mode == core::TiedModel::UntieMode::Clone ? tr("Untie lm_head (keep the values)")
                                                                      : tr("Untie lm_head (re-initialise)")));
    return true;
}

bool LabUndo::loadMatrix(core::ParameterPtr matrix, const QString &file, const QString &tensor,
                         Lab::LoadRole role, bool tied, const Vocabulary &vocabulary, const QString &element,
                         const Lab::FileHead &head)
{
    // Undo keeps the model being replaced: asked before it is kept, not after.
    const std::uint64_t kept = m_lab->isBusy() ? 0 : m_lab->parameterBytes();
    const bool fits = snapshotFitsUndoBudget(kept, m_budget);
    if (!fits && !mayProceed(kept))
        return false;
    const Lab::Snapshot before = fits ? m_lab->snapshotWithModel() : m_lab->snapshot();
    m_lab->setVocabulary(vocabulary);
    m_lab->loadMatrix(std::move(matrix), file, tensor, role, tied, element, head);
    m_openInit = nullptr;
    auto *command =
        new ModelCommand(m_lab, before, m_lab->snapshot(),
                         tr("Load %1 from %2").arg(tensor, QFileInfo(file).fileName()), false, true);
    if (fits)
        push(command);
    else
        pushWithoutSnapshot(command);
    return true;
}

void LabUndo::setVocabulary(const QString &description, const Vocabulary &vocabulary)
{
    if (m_lab->vocabulary() == vocabulary)
        return;
    // Only the tokenizer changes: both snapshots name the same configuration and ids, so undo and
    // redo put back the tokenizer alone (the model object is not kept).
    const Lab::Snapshot before = m_lab->snapshot();
    Lab::Snapshot after = before;
    after.vocabulary = vocabulary;
    m_lab->setVocabulary(vocabulary);
    m_openInit = nullptr;
    push(new ModelCommand(m_lab, before, after, description, false, true));
}

void LabUndo::pushWithoutSnapshot(LabCommand *command)
{
    command->dropSnapshot();
    command->setText(tr("%1 (cannot be undone: over the undo memory budget)").arg(command->text()));
    m_stack->push(command);
    // Undo stops at this step: what the older ones hold cannot be reached any more.
    enforceUndoBudget(m_stack, 0);
    Q_EMIT changed();
}

TrainingStepCommand *LabUndo::continuedRun() const
{
    const int index = m_stack->index();
    if (index <= 0)
        return nullptr;
    auto *top = dynamic_cast<TrainingStepCommand *>(const_cast<QUndoCommand *>(m_stack->command(index - 1)));
    return top && !top->isDropped() ? top : nullptr;
}

bool LabUndo::mayTrain()
{
    // A step that continues a run replays from its anchor: it costs no snapshot (issue #24 item 6).
    const std::uint64_t bytes =
        continuedRun() ? 0 : m_lab->weightBytes(Lab::AllParts) + m_lab->trainerStateBytes();
    m_stepUndoable = snapshotFitsUndoBudget(bytes, m_budget);
    return m_stepUndoable || mayProceed(bytes);
}

void LabUndo::onAboutToTrain()
{
    // Copied right before the weights change (after a worker computed the step, if one did), and
    // only when needed and fitting: a step that continues a run copies nothing, except every
    // kStepsPerAnchor steps when that fits in an eighth of the budget (undo then replays less).
    m_stepPending = true;
    m_stepBefore.reset();
    m_trainerBefore.reset();
    const TrainingStepCommand *run = continuedRun();
    const std::uint64_t anchorBytes = m_lab->weightBytes(Lab::AllParts) + m_lab->trainerStateBytes();
    const bool periodic = run && run->stepsFromAnchor() >= kStepsPerAnchor && anchorBytes <= m_budget / 8;
    if (m_stepUndoable && (!run || periodic)) {
        m_stepBefore = m_lab->captureWeights(Lab::AllParts);
        m_trainerBefore = m_lab->trainerState();
    }
}

void LabUndo::onTrained(const core::TrainingReport &report)
{
    // Replayed steps (undo, redo) are not recorded again.
    if (!std::exchange(m_stepPending, false))
        return;
    std::optional<TrainingStepCommand::Anchor> anchor;
    if (m_stepBefore)
        anchor = TrainingStepCommand::Anchor{std::move(*m_stepBefore), std::move(*m_trainerBefore)};
    m_stepBefore.reset();
    m_trainerBefore.reset();
    const bool continues = continuedRun() != nullptr;
    auto *command =
        new TrainingStepCommand(m_lab, m_stack, report, std::move(anchor),
                                tr("Training step (loss %1)").arg(QLocale().toString(report.loss, 'f', 4)));
    // The views hear that the optimiser's state went back (or forward) with the weights.
    command->setAfterSwap([lab = m_lab] { lab->notifyOptimizerRestored(); });
    m_openInit = nullptr;
    if (std::exchange(m_stepUndoable, true) && (command->isAnchor() || continues))
        push(command);
    else
        pushWithoutSnapshot(command);
}

} // namespace embedlab::ui
