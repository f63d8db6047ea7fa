// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/views/TokenChipAccessible.h"

#include "ui/views/TokenChips.h"

namespace embedlab::ui {

TokenChipAccessible::TokenChipAccessible(TokenChips *chips, int index)
    : PaintedItemAccessible(chips)
    , m_index(index)
{}

TokenChips *TokenChipAccessible::chips() const
{
    return qobject_cast<TokenChips *>(view()); // null while it is being destroyed
}

bool TokenChipAccessible::isValid() const
{
    return chips() && m_index < chips()->chips().size();
}

QString TokenChipAccessible::text(QAccessible::Text t) const
{
    if (!isValid())
        return {};
    const TokenChip &chip = chips()->chips()[m_index];
    if (t == QAccessible::Name)
        return chip.text.isEmpty() ? QString::number(chip.id)
                                   : TokenChips::tr("“%1” id %2").arg(chip.text).arg(chip.id);
    if (t == QAccessible::Description)
        return chips()->toolTipAt(chips()->chipRect(m_index).center());
    return {};
}

QRect TokenChipAccessible::rect() const
{
    // The ids box scrolls the chips: a chip outside the view's rectangle is not on screen.
    return isValid() ? screenRect(chips()->chipRect(m_index), chips()->rect()) : QRect();
}

QAccessible::State TokenChipAccessible::state() const
{
    QAccessible::State s = PaintedItemAccessible::state();
    s.focusable = true;
    s.focused = isValid() && chips()->hasFocus() && chips()->currentChip() == m_index;
    return s;
}

void *TokenChipAccessible::interface_cast(QAccessible::InterfaceType type)
{
    if (type == QAccessible::ActionInterface)
        return static_cast<QAccessibleActionInterface *>(this);
    return nullptr;
}

QStringList TokenChipAccessible::actionNames() const
{
    return {pressAction()};
}

void TokenChipAccessible::doAction(const QString &actionName)
{
    if (actionName == pressAction() && isValid())
        Q_EMIT chips()->chipClicked(chips()->chips()[m_index].id);
}

} // namespace embedlab::ui
