// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/nn/TiedModel.h"

#include <QObject>
#include <QPointer>

class QWidget;

namespace embedlab::ui {

class Document;
struct WindowActions;

/// Model > Tie and the two ways to untie: each one undo step. Unticking "Tie" asks how to untie
/// (keep the values or re-initialise lm_head) unless the user chose to be asked no more.
class TieController : public QObject {
    Q_OBJECT
public:
    /// How unticking "Tie" unties: ask each time (default), or always one way (remembered).
    enum class UntiePolicy { Ask, Clone, Reinitialize };

    /// `dialogParent` is the window the question is asked over.
    TieController(Document *document, const WindowActions &actions, QWidget *dialogParent);

    void setUntiePolicy(UntiePolicy policy);
    UntiePolicy untiePolicy() const { return m_policy; }
    /// Ties (true) or unties (false) as the tie action does, as one undo step.
    void requestTie(bool tied);
    /// Unties without asking, as one undo step.
    void untie(core::TiedModel::UntieMode mode);
    /// The actions follow the tie state and whether the Lab is busy.
    void updateActions();

private:
    void askHowToUntie();

    Document *m_document;
    const WindowActions &m_actions;
    QWidget *m_dialogParent;
    UntiePolicy m_policy = UntiePolicy::Ask;
    QPointer<QWidget> m_dialog;
};

} // namespace embedlab::ui
