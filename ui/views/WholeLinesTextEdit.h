// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QPlainTextEdit>

namespace embedlab::ui {

/// A read-only code pane that shows whole lines only: the height its dock gives it is rounded down
/// to a whole number of lines, the rest left blank under them. The Python pane at 1366 x 768 showed
/// four lines and the top half of a fifth, which reads as a cut-off line of code (issue #29 item 5).
class WholeLinesTextEdit : public QPlainTextEdit {
    Q_OBJECT
public:
    explicit WholeLinesTextEdit(QWidget *parent = nullptr);

    /// The height of one line of text in the pane's font.
    qreal lineHeight() const;

protected:
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void fitWholeLines();
    bool m_fitting = false;
};

} // namespace embedlab::ui
