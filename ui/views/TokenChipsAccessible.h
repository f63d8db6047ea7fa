// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "ui/paint/PaintedItemRegistry.h"
#include "ui/paint/PaintedViewAccessible.h"

#include <QAccessible>
#include <QList>

namespace embedlab::ui {

class TokenChips;

/// The token chips as a screen reader reads them (issue #25 item 2): a list whose children are
/// push buttons, one per chip, named by the token's text and id and pressed through the action
/// interface as a click selects that token's row (TokenChips::chipClicked). The list keeps the
/// view's text (every chip in one line) for a reader that reads it as a whole. A button is made on
/// first request, registered once with QAccessible and deleted with the list; it reads its chip
/// from the view each time.
class TokenChipsAccessible : public PaintedViewAccessible {
public:
    explicit TokenChipsAccessible(TokenChips *chips);

    /// The view; null while it is being destroyed.
    TokenChips *chips() const;

    /// The keyboard's chip (TokenChips::currentChip()) moved, or the chips took the focus: the
    /// reader reads that chip's button (issue #25).
    static void announceCurrent(TokenChips *chips);

    /// The current chip's button while the chips have the focus.
    QAccessibleInterface *focusChild() const override;
    int childCount() const override;
    QAccessibleInterface *child(int index) const override;
    int indexOfChild(const QAccessibleInterface *child) const override;
    QAccessibleInterface *childAt(int x, int y) const override;

private:
    mutable PaintedItemRegistry m_buttons; // by chip index
};

} // namespace embedlab::ui
