// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "LessonPanel.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace embedlab::ui {

LessonPanel::LessonPanel(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("lessonPanel"));
    m_counter = new QLabel(this);
    m_title = new QLabel(this);
    m_title->setWordWrap(true);
    QFont big = m_title->font();
    big.setPointSizeF(big.pointSizeF() * 1.3);
    big.setBold(true);
    m_title->setFont(big);
    m_text = new QLabel(this);
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_text->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_previous = new QPushButton(this);
    m_next = new QPushButton(this);
    m_close = new QPushButton(this);
    // The presenter's keys belong to the window's actions, not to a focused button.
    for (QPushButton *button : {m_previous, m_next, m_close})
        button->setFocusPolicy(Qt::NoFocus);
    connect(m_previous, &QPushButton::clicked, this, &LessonPanel::previousRequested);
    connect(m_next, &QPushButton::clicked, this, &LessonPanel::nextRequested);
    connect(m_close, &QPushButton::clicked, this, &LessonPanel::closeRequested);

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_previous);
    buttons->addWidget(m_next);
    buttons->addStretch();
    buttons->addWidget(m_counter);
    buttons->addStretch();
    buttons->addWidget(m_close);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addWidget(m_text, 1);
    layout->addLayout(buttons);
    retranslate();
}

void LessonPanel::showStep(int index, int count, const QString &title, const QString &text)
{
    m_index = index;
    m_count = count;
    m_title->setText(title);
    m_text->setText(text);
    m_previous->setEnabled(index > 0);
    m_next->setEnabled(index + 1 < count);
    retranslate();
}

QString LessonPanel::titleText() const
{
    return m_title->text();
}

QString LessonPanel::bodyText() const
{
    return m_text->text();
}

void LessonPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void LessonPanel::retranslate()
{
    m_previous->setText(tr("\u2190 Previous"));
    m_next->setText(tr("Next \u2192"));
    m_close->setText(tr("End Lesson"));
    m_counter->setText(m_count > 0 ? tr("Step %1 of %2").arg(m_index + 1).arg(m_count) : QString());
}

} // namespace embedlab::ui
