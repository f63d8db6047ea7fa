// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/window/UndoActions.h"

#include "ui/model/Document.h"
#include "ui/model/Lab.h"
#include "ui/model/LabUndo.h"
#include "ui/window/WindowActions.h"

#include <QAction>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QUndoStack>

namespace embedlab::ui {

UndoActions::UndoActions(Document *document, const WindowActions &actions, QWidget *dialogParent)
    : QObject(dialogParent)
    , m_document(document)
    , m_actions(actions)
    , m_dialogParent(dialogParent)
{
    LabUndo *undo = document->undo();
    connect(actions.undo, &QAction::triggered, undo, &LabUndo::undo);
    connect(actions.redo, &QAction::triggered, undo, &LabUndo::redo);
    connect(undo, &LabUndo::changed, this, &UndoActions::update);
    connect(document->lab(), &Lab::busyChanged, this, &UndoActions::update);
    undo->setConfirmation(
        [this](std::uint64_t needed, std::uint64_t budget) { return confirmWithoutUndo(needed, budget); });
    update();
}

void UndoActions::update()
{
    const LabUndo *undo = m_document->undo();
    const QUndoStack *stack = undo->stack();
    m_actions.undo->setEnabled(undo->canUndo());
    m_actions.redo->setEnabled(undo->canRedo());
    QString undoText = tr("&Undo");
    if (undo->isBlocked())
        undoText = tr("&Undo (older steps were dropped to stay under %1)")
                       .arg(QLocale().formattedDataSize(qint64(undo->budget())));
    else if (stack->canUndo())
        undoText = tr("&Undo %1").arg(undo->undoText());
    const QString redoText = stack->canRedo() ? tr("&Redo %1").arg(undo->redoText()) : tr("&Redo");
    // The Edit menu says what would be undone; the toolbar's buttons keep short, fixed labels so
    // that nothing moves under the mouse, and say it in their tooltips.
    m_actions.undo->setText(undoText);
    m_actions.redo->setText(redoText);
    m_actions.undo->setIconText(tr("Undo"));
    m_actions.redo->setIconText(tr("Redo"));
    m_actions.undo->setToolTip(QString(undoText).remove(QLatin1Char('&')));
    m_actions.redo->setToolTip(QString(redoText).remove(QLatin1Char('&')));
    m_actions.undoMemory->setText(tr("Undo memory: %1 (history uses %2)")
                                      .arg(QLocale().formattedDataSize(qint64(undo->budget()), 1),
                                           QLocale().formattedDataSize(qint64(undo->historyBytes()), 1)));
}

bool UndoActions::confirmWithoutUndo(std::uint64_t needed, std::uint64_t budget)
{
    QMessageBox box(QMessageBox::Question, tr("Cannot Be Undone"),
                    tr("This cannot be undone (needs %1, undo memory is %2). Continue?")
                        .arg(QLocale().formattedDataSize(qint64(needed), 1),
                             QLocale().formattedDataSize(qint64(budget), 1)),
                    QMessageBox::Cancel, m_dialogParent);
    box.setObjectName(QStringLiteral("cannotUndoBox"));
    QPushButton *proceed = box.addButton(tr("&Continue"), QMessageBox::AcceptRole);
    box.setDefaultButton(QMessageBox::Cancel);
    box.exec();
    return box.clickedButton() == proceed;
}

} // namespace embedlab::ui
