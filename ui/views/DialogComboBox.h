// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QComboBox>

#include <functional>

namespace embedlab::ui {

/// A choice whose list is a dialog: it shows the value chosen, sized and styled as the combo boxes
/// beside it, and opening it (a click, Space, Alt+Down, F4) calls the dialog instead of a list.
class DialogComboBox : public QComboBox {
    Q_OBJECT
public:
    explicit DialogComboBox(QWidget *parent = nullptr);
    /// What opening it does.
    void setPopup(std::function<void()> open);
    void showPopup() override;

private:
    std::function<void()> m_open;
};

} // namespace embedlab::ui
