// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QList>
#include <QString>
#include <QWidget>

#include <utility>

class QLabel;
class QPushButton;
class QTextDocument;
class QTextEdit;

namespace embedlab::ui {

class FlowLayout;

/// Shows one lesson step ("Step 3 of 10", title, text) with Previous, Next and Close buttons.
/// Passive: it forwards the buttons and shows what it is given.
///
/// However short the dock, the buttons stay visible and the title and text scroll; they wrap at
/// any width (a long identifier such as "nn.Embedding(num_embeddings," breaks where it must), so
/// nothing is ever cut off, in projector mode's large fonts or in a longer translation.
class LessonPanel : public QWidget {
    Q_OBJECT
public:
    explicit LessonPanel(QWidget *parent = nullptr);

    void showStep(int index, int count, const QString &title, const QString &text);
    /// Offers "Resume at step N" (the step left last time); -1 hides the offer.
    void setResumeStep(int step);
    /// The buttons' rows end at the panel's right edge (a dock whose right edge stays put while its
    /// left edge moves) or start at its left.
    void setButtonsAtRight(bool on);
    QString titleText() const { return m_titleText; }
    QString bodyText() const { return m_bodyText; }

    /// Every step's title and text: heightForWidth() fits the tallest, so the buttons stay put
    /// from step to step.
    void setSteps(const QList<std::pair<QString, QString>> &steps);
    /// The height that shows the whole of the tallest step (the current one before setSteps())
    /// without scrolling at `width`.
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;

Q_SIGNALS:
    void previousRequested();
    void nextRequested();
    void closeRequested();
    void resumeRequested();

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    // Title and text into the document, the title's size relative to the current font.
    void renderStep();
    void writeStep(QTextDocument *document, const QString &title, const QString &text) const;
    int textHeight(int width, const QString &title, const QString &text) const;

    QLabel *m_counter = nullptr;
    QTextEdit *m_text = nullptr;
    FlowLayout *m_buttons = nullptr;
    QPushButton *m_previous = nullptr;
    QPushButton *m_next = nullptr;
    QPushButton *m_close = nullptr;
    QPushButton *m_resume = nullptr;
    int m_resumeStep = -1;
    QString m_titleText;
    QString m_bodyText;
    QList<std::pair<QString, QString>> m_steps;
    int m_index = 0;
    int m_count = 0;
};

} // namespace embedlab::ui
