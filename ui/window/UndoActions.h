// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QObject>

#include <cstdint>

class QWidget;

namespace embedlab::ui {

class Document;
struct WindowActions;

/// Edit > Undo and Redo for a document's history: what they would undo or redo in their texts
/// (short labels on the tool bar, so nothing moves under the mouse), the undo memory, and the
/// question before an action whose undo snapshot does not fit the budget.
class UndoActions : public QObject {
    Q_OBJECT
public:
    UndoActions(Document *document, const WindowActions &actions, QWidget *dialogParent);

    void update();

private:
    /// Asks before an action whose undo snapshot does not fit the budget; true: go on without undo.
    bool confirmWithoutUndo(std::uint64_t needed, std::uint64_t budget);

    Document *m_document;
    const WindowActions &m_actions;
    QWidget *m_dialogParent;
};

} // namespace embedlab::ui
