// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/views/WholeLinesTextEdit.h"

#include <QAbstractTextDocumentLayout>
#include <QScopedValueRollback>
#include <QScrollBar>
#include <QTextBlock>

#include <cmath>

namespace embedlab::ui {

WholeLinesTextEdit::WholeLinesTextEdit(QWidget *parent)
    : QPlainTextEdit(parent)
{
    // The scroll bar moves by lines: the first line shown is always whole, so the last one is too.
    connect(horizontalScrollBar(), &QScrollBar::rangeChanged, this, &WholeLinesTextEdit::fitWholeLines);
    // An empty pane measures a line with the document's margin: measured again once it has text.
    connect(this, &QPlainTextEdit::textChanged, this, &WholeLinesTextEdit::fitWholeLines);
}

qreal WholeLinesTextEdit::lineHeight() const
{
    // A block of one line is as tall as the layout makes a line: more than the font's line spacing
    // where a fallback font takes part (18 px against 17 under LANG=zh_CN.UTF-8). The last block
    // also holds the document's bottom margin.
    const QTextBlock first = document()->firstBlock();
    if (!first.isValid() || first.lineCount() != 1)
        return qreal(fontMetrics().lineSpacing());
    qreal block = document()->documentLayout()->blockBoundingRect(first).height();
    if (!first.next().isValid())
        block -= document()->documentMargin();
    return block > 0.0 ? block : qreal(fontMetrics().lineSpacing());
}

void WholeLinesTextEdit::resizeEvent(QResizeEvent *event)
{
    QPlainTextEdit::resizeEvent(event);
    fitWholeLines();
}

void WholeLinesTextEdit::changeEvent(QEvent *event)
{
    QPlainTextEdit::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        fitWholeLines();
}

void WholeLinesTextEdit::fitWholeLines()
{
    // setViewportMargins() resizes the viewport, which comes back here.
    if (m_fitting)
        return;
    const QScopedValueRollback guard(m_fitting, true);
    const int scrollBar = horizontalScrollBar()->isVisibleTo(this) ? horizontalScrollBar()->height() : 0;
    const int room = height() - 2 * frameWidth() - scrollBar;
    const qreal margin = document()->documentMargin();
    const qreal line = lineHeight();
    // The first line starts a document margin down; whole lines, then blank.
    const int lines = std::max(1, int(std::floor((room - margin) / line)));
    const int blank = std::max(0, room - int(std::ceil(margin + lines * line)));
    if (viewportMargins().bottom() != blank)
        setViewportMargins(0, 0, 0, blank);
}

} // namespace embedlab::ui
