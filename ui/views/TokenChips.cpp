// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/views/TokenChips.h"

#include "ui/paint/PaintedViewAccessible.h"
#include "ui/paint/TextColors.h"
#include "ui/views/TokenChipsAccessible.h"

#include <QEvent>
#include <QFocusEvent>
#include <QFontMetrics>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>

namespace embedlab::ui {

namespace {

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

// The characters that lead a group.
QFont groupFont(const QFont &font)
{
    QFont bold = font;
    bold.setBold(true);
    return bold;
}

// How far a group's chips sit inside its frame.
constexpr int kGroupInset = 2;

} // namespace

TokenChips::TokenChips(QWidget *parent)
    : QWidget(parent)
{
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
    setFocusPolicy(Qt::StrongFocus);
    PaintedViewAccessible::installFor<TokenChips, TokenChipsAccessible>(); // a button per chip
    PaintedViewAccessible::describe(this, tr("Tokens"), tr("No tokens"));
}

void TokenChips::setChips(const QList<TokenChip> &chips, const QList<CharacterGroup> &groups)
{
    QList<CharacterGroup> framed = groups;
    framed.removeIf([](const CharacterGroup &g) { return g.count < 2; });
    if (chips == m_chips && framed == m_groups)
        return;
    m_chips = chips;
    m_groups = framed;
    m_rectsWidth = -1;
    setCurrentChip(m_chips.isEmpty() ? -1 : std::clamp(m_current, 0, int(m_chips.size()) - 1));
    updateGeometry();
    update();
    // For a screen reader: each chip's token and id, in order.
    QStringList items;
    for (const TokenChip &chip : std::as_const(m_chips))
        items.append(chip.text.isEmpty() ? QString::number(chip.id)
                                         : tr("%1 (id %2)").arg(chip.text).arg(chip.id));
    PaintedViewAccessible::describe(this, tr("Tokens"),
                                    items.isEmpty() ? tr("No tokens") : items.join(QStringLiteral(", ")));
    if (QAccessible::isActive()) {
        // Other buttons: the reader asks for the list's children again.
        QAccessibleEvent reorder(this, QAccessible::ObjectReorder);
        QAccessible::updateAccessibility(&reorder);
    }
}

TokenChips::Arrangement TokenChips::arrange(const QList<TokenChip> &chips,
                                            const QList<CharacterGroup> &groups, const QFont &font, int width)
{
    const QFontMetrics fm(font);
    const QFontMetrics idMetrics(idFont(font));
    const QFontMetrics groupMetrics(groupFont(font));
    const ChipMetrics m = metricsFor(fm);
    const auto chipWidth = [&](const TokenChip &chip) {
        return 2 * m.pad + fm.horizontalAdvance(chip.text) + m.gap +
               idMetrics.horizontalAdvance(QString::number(chip.id));
    };
    Arrangement out;
    out.chips.reserve(chips.size());
    int x = 0;
    int y = 0;
    // A unit is one chip, or a group with its chips: never wrapped apart.
    const auto place = [&](int w) {
        if (x > 0 && x + w > width) {
            x = 0;
            y += m.height + m.spacing;
        }
        const int left = x;
        x += w + m.spacing;
        return left;
    };
    qsizetype next = 0; // the next group
    for (qsizetype i = 0; i < chips.size();) {
        while (next < groups.size() && (groups[next].count < 2 || groups[next].first < i))
            ++next;
        const bool grouped = next < groups.size() && groups[next].first == i && groups[next].count > 1 &&
                             groups[next].first + groups[next].count <= chips.size();
        if (!grouped) {
            const int w = chipWidth(chips[i]);
            const int left = place(w); // before `y` is read: place() may start a new row
            out.chips.append(QRect(left, y, w, m.height));
            ++i;
            continue;
        }
        const CharacterGroup &g = groups[next++];
        int w = m.pad + groupMetrics.horizontalAdvance(g.text) + m.gap;
        for (int k = 0; k < g.count; ++k)
            w += chipWidth(chips[i + k]) + (k + 1 < g.count ? m.gap : 0);
        w += kGroupInset;
        const int left = place(w);
        out.groups.append(QRect(left, y, w, m.height));
        int at = left + m.pad + groupMetrics.horizontalAdvance(g.text) + m.gap;
        for (int k = 0; k < g.count; ++k) {
            const int cw = chipWidth(chips[i + k]);
            out.chips.append(QRect(at, y + kGroupInset, cw, m.height - 2 * kGroupInset));
            at += cw + m.gap;
        }
        i += g.count;
    }
    return out;
}

QList<QRect> TokenChips::arrange(const QList<TokenChip> &chips, const QFont &font, int width)
{
    return arrange(chips, {}, font, width).chips;
}

int TokenChips::rowsHeight(const QFont &font, int rows)
{
    const ChipMetrics m = metricsFor(QFontMetrics(font));
    return rows * m.height + std::max(0, rows - 1) * m.spacing;
}

const TokenChips::Arrangement &TokenChips::rects() const
{
    if (m_rectsWidth != width()) {
        m_rects = arrange(m_chips, m_groups, font(), width());
        m_rectsWidth = width();
    }
    return m_rects;
}

void TokenChips::setCurrentChip(int index)
{
    if (index < -1 || index >= m_chips.size())
        index = m_chips.isEmpty() ? -1 : 0;
    if (index == m_current)
        return;
    m_current = index;
    update();
    TokenChipsAccessible::announceCurrent(this);
    Q_EMIT currentChipChanged(m_current);
}

bool TokenChips::readsKey(const QKeyEvent &key)
{
    if (key.modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier))
        return false;
    const int k = key.key();
    return k == Qt::Key_Left || k == Qt::Key_Right || k == Qt::Key_Home || k == Qt::Key_End ||
           k == Qt::Key_Return || k == Qt::Key_Enter;
}

QRect TokenChips::chipRect(int index) const
{
    const QList<QRect> &r = rects().chips;
    return index >= 0 && index < r.size() ? r[index] : QRect();
}

int TokenChips::chipAt(QPoint pos) const
{
    const QList<QRect> &r = rects().chips;
    const auto it =
        std::find_if(r.cbegin(), r.cend(), [pos](const QRect &rect) { return rect.contains(pos); });
    return it == r.cend() ? -1 : int(it - r.cbegin());
}

int TokenChips::groupAt(QPoint pos) const
{
    const QList<QRect> &r = rects().groups;
    const auto it =
        std::find_if(r.cbegin(), r.cend(), [pos](const QRect &rect) { return rect.contains(pos); });
    return it == r.cend() ? -1 : int(it - r.cbegin());
}

QString TokenChips::toolTipAt(QPoint pos) const
{
    const int index = chipAt(pos);
    const int group = groupAt(pos);
    QStringList lines;
    if (index >= 0) {
        const TokenChip &chip = m_chips[index];
        lines << tr("token %1 of %2: id %3, \"%4\"")
                     .arg(index + 1)
                     .arg(m_chips.size())
                     .arg(chip.id)
                     .arg(chip.text);
    }
    if (group >= 0)
        lines << m_groups[group].explanation;
    return lines.join(QLatin1Char('\n'));
}

int TokenChips::heightForWidth(int width) const
{
    if (m_chips.isEmpty())
        return 0;
    const Arrangement a = arrange(m_chips, m_groups, font(), width);
    int bottom = a.chips.constLast().bottom();
    if (!a.groups.isEmpty())
        bottom = std::max(bottom, a.groups.constLast().bottom());
    return bottom + 1;
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
    if (event->type() == QEvent::ShortcutOverride && !m_chips.isEmpty() &&
        readsKey(*static_cast<QKeyEvent *>(event))) {
        event->accept(); // delivered as a key press instead of the window's shortcut
        return true;
    }
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QString text = toolTipAt(help->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this);
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
    const Arrangement &r = rects();
    const QList<QColor> chipColours = TextColors::chipBackgrounds();
    // The groups' frames first, each led by its characters; their chips are drawn inside.
    for (qsizetype g = 0; g < r.groups.size(); ++g) {
        const QRect rect = r.groups[g];
        painter.setPen(QColor(0, 0, 0, 110));
        painter.setBrush(QColor(0xff, 0xff, 0xff));
        painter.drawRoundedRect(QRectF(rect).adjusted(0.5, 0.5, -0.5, -0.5), m.pad, m.pad);
        painter.setPen(QColor(0x10, 0x10, 0x10));
        painter.setFont(groupFont(font()));
        painter.drawText(rect.adjusted(m.pad, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter, m_groups[g].text);
    }
    for (qsizetype i = 0; i < m_chips.size() && i < r.chips.size(); ++i) {
        const QRect rect = r.chips[i];
        painter.setPen(QColor(0, 0, 0, 40));
        painter.setBrush(chipColours[i % chipColours.size()]);
        painter.drawRoundedRect(QRectF(rect).adjusted(0.5, 0.5, -0.5, -0.5), m.pad, m.pad);
        painter.setPen(QColor(0x20, 0x20, 0x20));
        painter.setFont(font());
        const QRect textRect = rect.adjusted(m.pad, 0, -m.pad, 0);
        painter.drawText(textRect, Qt::AlignLeft | Qt::AlignVCenter, m_chips[i].text);
        painter.setPen(QColor(0x55, 0x55, 0x55));
        painter.setFont(small);
        painter.drawText(textRect, Qt::AlignRight | Qt::AlignVCenter, QString::number(m_chips[i].id));
    }
    if (!hasFocus())
        return;
    // The focus: the current chip ringed, the whole row framed, both in the focus colour.
    painter.setBrush(Qt::NoBrush);
    painter.setPen(QPen(TextColors::focusFrame(false), 2.0)); // on the chip's own light colour
    if (m_current >= 0 && m_current < r.chips.size())
        painter.drawRoundedRect(QRectF(r.chips[m_current]).adjusted(1, 1, -1, -1), m.pad, m.pad);
    painter.setPen(QPen(TextColors::focusFrame(), 2.0));
    painter.setRenderHint(QPainter::Antialiasing, false);
    painter.drawRect(QRectF(1, 1, width() - 2, height() - 2));
}

void TokenChips::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    m_rectsWidth = -1;
}

void TokenChips::mousePressEvent(QMouseEvent *event)
{
    const int index = chipAt(event->position().toPoint());
    if (index >= 0 && event->button() == Qt::LeftButton) {
        setCurrentChip(index);
        Q_EMIT chipClicked(m_chips[index].id);
    }
    QWidget::mousePressEvent(event);
}

void TokenChips::keyPressEvent(QKeyEvent *event)
{
    if (m_chips.isEmpty() || !readsKey(*event)) {
        QWidget::keyPressEvent(event);
        return;
    }
    const int last = int(m_chips.size()) - 1;
    switch (event->key()) {
    case Qt::Key_Left:
        setCurrentChip(std::max(0, m_current - 1));
        break;
    case Qt::Key_Right:
        setCurrentChip(std::min(last, m_current + 1));
        break;
    case Qt::Key_Home:
        setCurrentChip(0);
        break;
    case Qt::Key_End:
        setCurrentChip(last);
        break;
    default: // Enter: as a click on the chip
        if (m_current >= 0)
            Q_EMIT chipClicked(m_chips[m_current].id);
        break;
    }
    event->accept();
}

void TokenChips::focusInEvent(QFocusEvent *event)
{
    QWidget::focusInEvent(event);
    update();
    if (m_current >= 0)
        Q_EMIT currentChipChanged(m_current); // shown again in the scroll area
    // After the Focus event QWidget::setFocus() sends for the chips themselves: then their chip.
    QMetaObject::invokeMethod(
        this, [this] { TokenChipsAccessible::announceCurrent(this); }, Qt::QueuedConnection);
}

void TokenChips::focusOutEvent(QFocusEvent *event)
{
    QWidget::focusOutEvent(event);
    update();
}

} // namespace embedlab::ui
