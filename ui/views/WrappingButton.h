// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QPushButton>

namespace embedlab::ui {

/// A push button whose text wraps onto more lines when it is given less than its one-line width:
/// its least width is its longest word's. A projected "Resume at step 10" or "Kết thúc bài học"
/// then no longer widens a narrow dock past a 1024 px screen (#25). Its one-line size stays its
/// preferred size, so it looks like any button wherever there is room.
class WrappingButton : public QPushButton {
    Q_OBJECT
public:
    explicit WrappingButton(QWidget *parent = nullptr);

    QSize minimumSizeHint() const override;
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    /// What the frame and padding add to the text's width and height.
    QSize chrome() const;
    static constexpr int kTextFlags = Qt::TextWordWrap | Qt::TextShowMnemonic;
};

} // namespace embedlab::ui
