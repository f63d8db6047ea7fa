// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/window/TieController.h"

#include "ui/model/Document.h"
#include "ui/model/Lab.h"
#include "ui/model/LabUndo.h"
#include "ui/model/Settings.h"
#include "ui/window/WindowActions.h"

#include <QAction>
#include <QCheckBox>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalBlocker>

namespace embedlab::ui {

TieController::TieController(Document *document, const WindowActions &actions, QWidget *dialogParent)
    : QObject(dialogParent)
    , m_document(document)
    , m_actions(actions)
    , m_dialogParent(dialogParent)
{
    const QString saved =
        appSettings().value(QStringLiteral("model/untie"), QStringLiteral("ask")).toString();
    m_policy = saved == QStringLiteral("clone")          ? UntiePolicy::Clone
               : saved == QStringLiteral("reinitialize") ? UntiePolicy::Reinitialize
                                                         : UntiePolicy::Ask;
    connect(actions.tie, &QAction::triggered, this, [this](bool on) {
        // Shows the Lab's state until the change (or the untie question) is done.
        m_actions.tie->setChecked(m_document->lab()->isTied());
        requestTie(on);
    });
    connect(actions.untieClone, &QAction::triggered, this,
            [this] { untie(core::TiedModel::UntieMode::Clone); });
    connect(actions.untieReinit, &QAction::triggered, this,
            [this] { untie(core::TiedModel::UntieMode::Reinitialize); });
    connect(document->lab(), &Lab::tiedChanged, this, &TieController::updateActions);
    connect(document->lab(), &Lab::modelRebuilt, this, &TieController::updateActions);
    connect(document->lab(), &Lab::busyChanged, this, &TieController::updateActions);
    updateActions();
}

void TieController::updateActions()
{
    const Lab *lab = m_document->lab();
    {
        const QSignalBlocker blocker(m_actions.tie);
        m_actions.tie->setChecked(lab->isTied());
    }
    m_actions.untieClone->setEnabled(lab->isTied() && !lab->isBusy());
    m_actions.untieReinit->setEnabled(lab->isTied() && !lab->isBusy());
}

void TieController::setUntiePolicy(UntiePolicy policy)
{
    m_policy = policy;
    appSettings().setValue(QStringLiteral("model/untie"),
                           policy == UntiePolicy::Clone          ? QStringLiteral("clone")
                           : policy == UntiePolicy::Reinitialize ? QStringLiteral("reinitialize")
                                                                 : QStringLiteral("ask"));
}

void TieController::requestTie(bool tied)
{
    const Lab *lab = m_document->lab();
    if (lab->isBusy() || tied == lab->isTied())
        return;
    if (tied)
        m_document->undo()->tie();
    else if (m_policy == UntiePolicy::Clone)
        untie(core::TiedModel::UntieMode::Clone);
    else if (m_policy == UntiePolicy::Reinitialize)
        untie(core::TiedModel::UntieMode::Reinitialize);
    else
        askHowToUntie();
}

void TieController::askHowToUntie()
{
    if (m_dialog)
        return;
    // Window-modal and asynchronous: the event loop (and a soak test) keeps running.
    auto *box =
        new QMessageBox(QMessageBox::Question, tr("Untie lm_head"),
                        tr("lm_head.weight gets its own storage again. Which values should it start from?"),
                        QMessageBox::Cancel, m_dialogParent);
    box->setObjectName(QStringLiteral("untieDialog"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    QPushButton *clone = box->addButton(tr("&Keep the current values (clone)"), QMessageBox::AcceptRole);
    clone->setObjectName(QStringLiteral("untieClone"));
    QPushButton *reinit = box->addButton(tr("&Re-initialise lm_head"), QMessageBox::AcceptRole);
    reinit->setObjectName(QStringLiteral("untieReinitialize"));
    box->setDefaultButton(clone);
    box->setCheckBox(new QCheckBox(tr("&Remember my choice"), box));
    connect(box, &QMessageBox::buttonClicked, this, [this, box, clone, reinit](QAbstractButton *button) {
        if (button != clone && button != reinit)
            return;
        const auto mode =
            button == clone ? core::TiedModel::UntieMode::Clone : core::TiedModel::UntieMode::Reinitialize;
        if (box->checkBox()->isChecked())
            setUntiePolicy(button == clone ? UntiePolicy::Clone : UntiePolicy::Reinitialize);
        untie(mode);
    });
    m_dialog = box;
    box->open();
}

void TieController::untie(core::TiedModel::UntieMode mode)
{
    m_document->undo()->untie(mode);
}

} // namespace embedlab::ui
