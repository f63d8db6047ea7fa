// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/views/WrappingButton.h"

#include <QFontMetrics>
#include <QRegularExpression>
#include <QStyleOptionButton>
#include <QStylePainter>

#include <algorithm>

namespace embedlab::ui {

WrappingButton::WrappingButton(QWidget *parent)
    : QPushButton(parent)
{
    // Preferred, not a push button's Minimum: a layout may give it less than its one-line width.
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
}

QSize WrappingButton::chrome() const
{
    const QSize oneLine = QPushButton::sizeHint();
    const QSize label =
        fontMetrics().size(Qt::TextShowMnemonic, text().isEmpty() ? QStringLiteral("X") : text());
    return {std::max(0, oneLine.width() - label.width()), std::max(0, oneLine.height() - label.height())};
}

QSize WrappingButton::minimumSizeHint() const
{
    int longest = 0;
    const QFontMetrics fm = fontMetrics();
    const QString shown = QString(text()).remove(QLatin1Char('&'));
    for (const QString &word : shown.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts))
        longest = std::max(longest, fm.horizontalAdvance(word));
    const QSize pad = chrome();
    return {std::min(QPushButton::sizeHint().width(), longest + pad.width()),
            QPushButton::sizeHint().height()};
}

int WrappingButton::heightForWidth(int width) const
{
    const QSize pad = chrome();
    const int textWidth = std::max(1, width - pad.width());
    const QRect wrapped = fontMetrics().boundingRect(QRect(0, 0, textWidth, 100000), kTextFlags, text());
    return std::max(QPushButton::sizeHint().height(), wrapped.height() + pad.height());
}

void WrappingButton::paintEvent(QPaintEvent *)
{
    QStylePainter painter(this);
    QStyleOptionButton option;
    initStyleOption(&option);
    const QString label = option.text;
    option.text.clear();
    painter.drawControl(QStyle::CE_PushButton, option);
    option.text = label;
    const QRect contents = style()->subElementRect(QStyle::SE_PushButtonContents, &option, this);
    int flags = Qt::AlignCenter | kTextFlags;
    if (!style()->styleHint(QStyle::SH_UnderlineShortcut, &option, this))
        flags |= Qt::TextHideMnemonic;
    painter.drawItemText(contents, flags, option.palette, isEnabled(), label, QPalette::ButtonText);
}

} // namespace embedlab::ui
