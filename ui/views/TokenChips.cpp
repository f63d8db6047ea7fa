// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/views/TokenChips.h"

#include <QEvent>
#include <QFontMetrics>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <array>

namespace embedlab::ui {

namespace {

// Light backgrounds that tell neighbouring tokens apart (dark text stays readable on each).
constexpr std::array<QRgb, 5> kChipColours = {0xffd6e9f8, 0xfffde2c4, 0xffd9f2d9, 0xffeadcf5, 0xfff8d7da};

struct ChipMetrics {
    int pad = 0;
    int gap = 0;
    int spacing = 0;
    int height = 0;
};

ChipMetrics metricsFor(const QFontMetrics &fm)
{
    const int pad = std::max(3, fm.height() / 4);
    return {pad, std::max(2, fm.averageCharWidth() / 2), pad, fm.height() + pad};
}

QFont idFont(const QFont &font)
{
    QFont small = font;
    small.setPointSizeF(font.pointSizeF() > 0 ? font.pointSizeF() * 0.8 : 8.0);
    return small;
}

} // namespace

TokenChips::TokenChips(QWidget *parent)
    : QWidget(parent)
{
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
}

void TokenChips::setChips(const QList<TokenChip> &chips)
{
    if (chips == m_chips)
        return;
    m_chips = chips;
    m_rectsWidth = -1;
    updateGeometry();
    update();
}

QList<QRect> TokenChips::arrange(const QList<TokenChip> &chips, const QFont &font, int width)
{
    const QFontMetrics fm(font);
    const QFontMetrics idMetrics(idFont(font));
    const ChipMetrics m = metricsFor(fm);
    QList<QRect> rects;
    rects.reserve(chips.size());
    int x = 0;
    int y = 0;
    for (const TokenChip &chip : chips) {
        const int w = 2 * m.pad + fm.horizontalAdvance(chip.text) + m.gap +
                      idMetrics.horizontalAdvance(QString::number(chip.id));
        if (x > 0 && x + w > width) {
            x = 0;
            y += m.height + m.spacing;
        }
        rects.append(QRect(x, y, w, m.height));
        x += w + m.spacing;
    }
    return rects;
}

int TokenChips::rowsHeight(const QFont &font, int rows)
{
    const ChipMetrics m = metricsFor(QFontMetrics(font));
    return rows * m.height + std::max(0, rows - 1) * m.spacing;
}

const QList<QRect> &TokenChips::rects() const
{
    if (m_rectsWidth != width()) {
        m_rects = arrange(m_chips, font(), width());
        m_rectsWidth = width();
    }
    return m_rects;
}

int TokenChips::chipAt(QPoint pos) const
{
    const QList<QRect> &r = rects();
    const auto it =
        std::find_if(r.cbegin(), r.cend(), [pos](const QRect &rect) { return rect.contains(pos); });
    return it == r.cend() ? -1 : int(it - r.cbegin());
}

int TokenChips::heightForWidth(int width) const
{
    if (m_chips.isEmpty())
        return 0;
    return arrange(m_chips, font(), width).constLast().bottom() + 1;
}

QSize TokenChips::sizeHint() const
{
    const int w = std::max(width(), fontMetrics().averageCharWidth() * 40);
    return {w, heightForWidth(w)};
}

QSize TokenChips::minimumSizeHint() const
{
    return {fontMetrics().averageCharWidth() * 10, m_chips.isEmpty() ? 0 : metricsFor(fontMetrics()).height};
}

bool TokenChips::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const int index = chipAt(help->pos());
        if (index < 0) {
            QToolTip::hideText();
        } else {
            const TokenChip &chip = m_chips[index];
            QToolTip::showText(help->globalPos(),
                               tr("token %1 of %2: id %3, \"%4\"")
                                   .arg(index + 1)
                                   .arg(m_chips.size())
                                   .arg(chip.id)
                                   .arg(chip.text),
                               this);
        }
        return true;
    }
    return QWidget::event(event);
}

void TokenChips::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QFontMetrics fm(font());
    const QFont small = idFont(font());
    const ChipMetrics m = metricsFor(fm);
    const QList<QRect> &r = rects();
    for (qsizetype i = 0; i < m_chips.size(); ++i) {
        const QRect rect = r[i];
        painter.setPen(QColor(0, 0, 0, 40));
        painter.setBrush(QColor::fromRgb(kChipColours[std::size_t(i) % kChipColours.size()]));
        painter.drawRoundedRect(QRectF(rect).adjusted(0.5, 0.5, -0.5, -0.5), m.pad, m.pad);
        painter.setPen(QColor(0x20, 0x20, 0x20));
        painter.setFont(font());
        const QRect textRect = rect.adjusted(m.pad, 0, -m.pad, 0);
        painter.drawText(textRect, Qt::AlignLeft | Qt::AlignVCenter, m_chips[i].text);
        painter.setPen(QColor(0x55, 0x55, 0x55));
        painter.setFont(small);
        painter.drawText(textRect, Qt::AlignRight | Qt::AlignVCenter, QString::number(m_chips[i].id));
    }
}

void TokenChips::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    m_rectsWidth = -1;
}

void TokenChips::mousePressEvent(QMouseEvent *event)
{
    const int index = chipAt(event->position().toPoint());
    if (index >= 0 && event->button() == Qt::LeftButton)
        Q_EMIT chipClicked(m_chips[index].id);
    QWidget::mousePressEvent(event);
}

} // namespace embedlab::ui
