// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "ui/paint/PaintedItemAccessible.h"

namespace embedlab::ui {

class TokenChips;

/// One token chip as a push button (TokenChipsAccessible's child): named "“ king” id 5822", its
/// press action selects the token's row as a click on the chip does. Holds only its index.
class TokenChipAccessible : public PaintedItemAccessible, public QAccessibleActionInterface {
public:
    TokenChipAccessible(TokenChips *chips, int index);

    int index() const { return m_index; }

    bool isValid() const override;
    /// Name: "“Hello” id 15496" (the id alone for a chip without text); description: its tooltip.
    QString text(QAccessible::Text t) const override;
    QRect rect() const override;
    QAccessible::Role role() const override { return QAccessible::Button; }
    /// Focusable; focused while the chips have the focus and this is their current chip.
    QAccessible::State state() const override;
    void *interface_cast(QAccessible::InterfaceType type) override;

    // QAccessibleActionInterface
    QStringList actionNames() const override;
    void doAction(const QString &actionName) override;
    QStringList keyBindingsForAction(const QString &) const override { return {}; }

private:
    TokenChips *chips() const;

    int m_index;
};

} // namespace embedlab::ui
