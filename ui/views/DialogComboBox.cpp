// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/views/DialogComboBox.h"

#include <utility>

namespace embedlab::ui {

DialogComboBox::DialogComboBox(QWidget *parent)
    : QComboBox(parent)
{
    setSizeAdjustPolicy(QComboBox::AdjustToContents);
}

void DialogComboBox::setPopup(std::function<void()> open)
{
    m_open = std::move(open);
}

void DialogComboBox::showPopup()
{
    if (m_open)
        m_open();
}

} // namespace embedlab::ui
