// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/views/TokenChipsAccessible.h"

#include "ui/views/TokenChipAccessible.h"
#include "ui/views/TokenChips.h"

namespace embedlab::ui {

TokenChipsAccessible::TokenChipsAccessible(TokenChips *chips)
    : PaintedViewAccessible(chips, QAccessible::List)
{}

TokenChips *TokenChipsAccessible::chips() const
{
    // Null while the widget is being destroyed (QWidget's destructor still announces it hidden).
    return qobject_cast<TokenChips *>(object());
}

int TokenChipsAccessible::childCount() const
{
    return chips() ? int(chips()->chips().size()) : 0;
}

void TokenChipsAccessible::announceCurrent(TokenChips *chips)
{
    // Child i is chip i.
    PaintedViewAccessible::announceFocusedItem(chips, chips->currentChip());
}

QAccessibleInterface *TokenChipsAccessible::focusChild() const
{
    const TokenChips *view = chips();
    return view && view->hasFocus() ? child(view->currentChip()) : nullptr;
}

QAccessibleInterface *TokenChipsAccessible::child(int index) const
{
    return m_buttons.at(index, childCount(), [this](int i) { return new TokenChipAccessible(chips(), i); });
}

int TokenChipsAccessible::indexOfChild(const QAccessibleInterface *child) const
{
    const auto *button = dynamic_cast<const TokenChipAccessible *>(child);
    return button && button->parent() == this ? button->index() : -1;
}

QAccessibleInterface *TokenChipsAccessible::childAt(int x, int y) const
{
    if (!chips())
        return nullptr;
    const int index = chips()->chipAt(chips()->mapFromGlobal(QPoint(x, y)));
    return index >= 0 ? child(index) : nullptr;
}

} // namespace embedlab::ui
