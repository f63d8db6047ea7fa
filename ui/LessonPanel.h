// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QWidget>

class QLabel;
class QPushButton;

namespace embedlab::ui {

/// Shows one lesson step (title, text, "Step 3 of 10") with Previous, Next and Close buttons.
/// Passive: it forwards the buttons and shows what it is given.
class LessonPanel : public QWidget {
    Q_OBJECT
public:
    explicit LessonPanel(QWidget *parent = nullptr);

    void showStep(int index, int count, const QString &title, const QString &text);
    QString titleText() const;
    QString bodyText() const;

Q_SIGNALS:
    void previousRequested();
    void nextRequested();
    void closeRequested();

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();

    QLabel *m_counter = nullptr;
    QLabel *m_title = nullptr;
    QLabel *m_text = nullptr;
    QPushButton *m_previous = nullptr;
    QPushButton *m_next = nullptr;
    QPushButton *m_close = nullptr;
    int m_index = 0;
    int m_count = 0;
};

} // namespace embedlab::ui
