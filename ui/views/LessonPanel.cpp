// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/views/LessonPanel.h"

#include "ui/views/FlowLayout.h"
#include "ui/views/WrappingButton.h"

#include <QEvent>
#include <QLabel>
#include <QMimeData>
#include <QPushButton>
#include <QScrollBar>
#include <QTextBlockFormat>
#include <QTextCharFormat>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextDocumentFragment>
#include <QTextEdit>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <memory>

namespace embedlab::ui {

namespace {

constexpr QChar kBreak(0x200b); // ZERO WIDTH SPACE: a line may break there

/// A line may break after the "(" of a call, before its first argument: a narrow lesson (projected
/// at 1024 x 768) then wraps "nn.Embedding(" / "num_embeddings," instead of inside a name.
QString withBreaksInCalls(const QString &text)
{
    QString out;
    out.reserve(text.size() + 8);
    for (qsizetype i = 0; i < text.size(); ++i) {
        out.append(text[i]);
        if (text[i] == QLatin1Char('(') && i + 1 < text.size() && text[i + 1].isLetter())
            out.append(kBreak);
    }
    return out;
}

/// The lesson's text view: what it copies is the lesson's text, without the break opportunities
/// written into it (Python refuses a zero width space in code).
class LessonText : public QTextEdit {
public:
    using QTextEdit::QTextEdit;

protected:
    QMimeData *createMimeDataFromSelection() const override
    {
        auto *data = new QMimeData;
        data->setText(textCursor().selection().toPlainText().remove(kBreak));
        return data;
    }
};

} // namespace

LessonPanel::LessonPanel(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("lessonPanel"));
    m_counter = new QLabel(this);
    m_counter->setObjectName(QStringLiteral("lessonCounter"));
    m_counter->setForegroundRole(QPalette::PlaceholderText);
    // "第 10 步，共 11 步" wraps rather than widen the dock beside a 1024 px window's Layers (#25).
    m_counter->setWordWrap(true);

    // A read-only text view rather than a label: it scrolls when the dock is short, and it breaks
    // a word wider than the dock instead of cutting it off.
    m_text = new LessonText(this);
    m_text->setObjectName(QStringLiteral("lessonText"));
    m_text->setReadOnly(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_text->setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    m_text->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_text->setFrameShape(QFrame::NoFrame);
    // Reads as the panel's text, not as a field (projector mode's style sheet frames text edits).
    m_text->setStyleSheet(QStringLiteral("QTextEdit { border: none; background: transparent; }"));
    m_text->viewport()->setAutoFillBackground(false);
    m_text->document()->setDocumentMargin(2);

    m_previous = new WrappingButton(this);
    m_previous->setObjectName(QStringLiteral("lessonPrevious"));
    m_next = new WrappingButton(this);
    m_next->setObjectName(QStringLiteral("lessonNext"));
    m_close = new WrappingButton(this);
    m_close->setObjectName(QStringLiteral("lessonClose"));
    // A lesson starts at its first step; the step left last time is offered, not imposed.
    m_resume = new WrappingButton(this);
    m_resume->setObjectName(QStringLiteral("lessonResume"));
    m_resume->hide();
    // Reached with Tab (a keyboard or screen reader user reads the step and presses its buttons),
    // never by a click: the presenter's mouse leaves the focus where it was, and the presenter's
    // keys (PageDown, PageUp) are the window's wherever the focus is (KeyRouter, issue #25).
    for (QWidget *widget : std::initializer_list<QWidget *>{m_text, m_previous, m_next, m_close, m_resume})
        widget->setFocusPolicy(Qt::TabFocus);
    connect(m_resume, &QPushButton::clicked, this, &LessonPanel::resumeRequested);
    connect(m_previous, &QPushButton::clicked, this, &LessonPanel::previousRequested);
    connect(m_next, &QPushButton::clicked, this, &LessonPanel::nextRequested);
    connect(m_close, &QPushButton::clicked, this, &LessonPanel::closeRequested);

    // The counter sits above the text, and the buttons wrap onto a second row rather than widen
    // the dock beyond a small screen (projector mode's large fonts at 1024x768).
    m_buttons = new FlowLayout;
    m_buttons->addWidget(m_previous);
    m_buttons->addWidget(m_next);
    m_buttons->addWidget(m_close);
    m_buttons->addWidget(m_resume);
    // Above the text: whatever the step's length or the dock's height, Previous and Next stay
    // where the presenter's mouse left them.
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_counter);
    layout->addLayout(m_buttons);
    layout->addWidget(m_text, 1);
    retranslate();
}

void LessonPanel::showStep(int index, int count, const QString &title, const QString &text)
{
    m_index = index;
    m_count = count;
    m_titleText = title;
    m_bodyText = text;
    m_previous->setEnabled(index > 0);
    m_next->setEnabled(index + 1 < count);
    // The step's text is named after its heading, as a screen reader announces it on Tab.
    m_text->setAccessibleName(title);
    renderStep();
    retranslate();
}

void LessonPanel::setResumeStep(int step)
{
    m_resumeStep = step;
    m_resume->setVisible(step >= 0);
    retranslate();
}

void LessonPanel::setButtonsAtRight(bool on)
{
    const Qt::Alignment alignment = on ? Qt::AlignRight : Qt::Alignment();
    if (m_buttons->alignment() == alignment)
        return;
    m_buttons->setAlignment(alignment);
    m_buttons->invalidate();
}

void LessonPanel::setSteps(const QList<std::pair<QString, QString>> &steps)
{
    m_steps = steps;
    updateGeometry();
}

int LessonPanel::textHeight(int width, const QString &title, const QString &text) const
{
    QTextDocument document;
    document.setDefaultFont(m_text->document()->defaultFont());
    document.setDocumentMargin(m_text->document()->documentMargin());
    writeStep(&document, title, text);
    document.setTextWidth(width);
    return static_cast<int>(std::ceil(document.size().height()));
}

int LessonPanel::heightForWidth(int width) const
{
    // The other rows as the layout lays them out at `width`, the text as tall as the tallest step
    // wraps there.
    const int frame = 2 * m_text->frameWidth();
    const QMargins margins = layout()->contentsMargins();
    const int textWidth = width - margins.left() - margins.right() - frame;
    int text = textHeight(textWidth, m_titleText, m_bodyText);
    for (const auto &[title, body] : m_steps)
        text = std::max(text, textHeight(textWidth, title, body));
    return layout()->totalHeightForWidth(width) - m_text->sizeHint().height() + text + frame;
}

void LessonPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        renderStep(); // the gap under the title follows the font
}

void LessonPanel::retranslate()
{
    m_previous->setText(tr("\u2190 Previous"));
    m_next->setText(tr("Next \u2192"));
    m_close->setText(tr("End Lesson"));
    m_resume->setText(m_resumeStep >= 0 ? tr("Resume at step %1").arg(m_resumeStep + 1) : QString());
    m_counter->setText(m_count > 0 ? tr("Step %1 of %2").arg(m_index + 1).arg(m_count) : QString());
}

void LessonPanel::renderStep()
{
    writeStep(m_text->document(), m_titleText, m_bodyText);
    // The text was written before the edit's own cursor, which it pushed to the end: a resize
    // (the dock fitted, the buttons wrapped) then scrolled that end into view, past the title.
    m_text->moveCursor(QTextCursor::Start);
    m_text->verticalScrollBar()->setValue(0);
    updateGeometry(); // heightForWidth() changed
}

void LessonPanel::writeStep(QTextDocument *document, const QString &title, const QString &text) const
{
    document->clear();
    QTextCursor cursor(document);
    QTextBlockFormat titleBlock;
    titleBlock.setBottomMargin(fontMetrics().height() / 2.0);
    cursor.setBlockFormat(titleBlock);
    QTextCharFormat titleFormat;
    titleFormat.setFontWeight(QFont::Bold);
    // Relative to the document's font, which follows the widget's (projector mode scales it).
    titleFormat.setProperty(QTextFormat::FontSizeAdjustment, 1);
    cursor.insertText(title, titleFormat);
    cursor.insertBlock(QTextBlockFormat(), QTextCharFormat());
    cursor.insertText(withBreaksInCalls(text));
}

} // namespace embedlab::ui
