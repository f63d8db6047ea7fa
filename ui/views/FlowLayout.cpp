// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/views/FlowLayout.h"

#include <QStyle>
#include <QWidget>

#include <algorithm>

namespace embedlab::ui {

FlowLayout::FlowLayout(int horizontalSpacing, int verticalSpacing)
    : m_horizontalSpacing(horizontalSpacing)
    , m_verticalSpacing(verticalSpacing)
{}

FlowLayout::~FlowLayout()
{
    qDeleteAll(m_items);
}

int FlowLayout::horizontalSpacing() const
{
    return m_horizontalSpacing >= 0 ? m_horizontalSpacing : styleSpacing(QStyle::PM_LayoutHorizontalSpacing);
}

int FlowLayout::verticalSpacing() const
{
    return m_verticalSpacing >= 0 ? m_verticalSpacing : styleSpacing(QStyle::PM_LayoutVerticalSpacing);
}

void FlowLayout::addItem(QLayoutItem *item)
{
    m_items.append(item);
}

QLayoutItem *FlowLayout::takeAt(int index)
{
    if (index < 0 || index >= m_items.size())
        return nullptr;
    return m_items.takeAt(index);
}

int FlowLayout::heightForWidth(int width) const
{
    return arrange(QRect(0, 0, width, 0), false);
}

QSize FlowLayout::minimumSize() const
{
    QSize size;
    for (const QLayoutItem *item : m_items) {
        if (!item->isEmpty())
            size = size.expandedTo(item->minimumSize());
    }
    const QMargins m = contentsMargins();
    return size + QSize(m.left() + m.right(), m.top() + m.bottom());
}

QSize FlowLayout::sizeHint() const
{
    int width = 0;
    int height = 0;
    int shown = 0;
    for (const QLayoutItem *item : m_items) {
        if (item->isEmpty())
            continue;
        width += item->sizeHint().width();
        height = std::max(height, item->sizeHint().height());
        ++shown;
    }
    width += std::max(0, shown - 1) * horizontalSpacing();
    const QMargins m = contentsMargins();
    return QSize(width + m.left() + m.right(), height + m.top() + m.bottom());
}

void FlowLayout::setGeometry(const QRect &rect)
{
    QLayout::setGeometry(rect);
    arrange(rect, true, &m_rows);
}

QSize FlowLayout::fitted(const QLayoutItem *item, int width)
{
    QSize hint = item->sizeHint();
    if (hint.width() > width) {
        // Narrower than it would like: a wrapping item (a WrappingButton) grows taller instead.
        hint.setWidth(std::max(width, item->minimumSize().width()));
        if (item->hasHeightForWidth())
            hint.setHeight(item->heightForWidth(hint.width()));
    }
    return hint;
}

int FlowLayout::arrange(const QRect &rect, bool apply, int *rows) const
{
    const QRect area = rect.marginsRemoved(contentsMargins());
    const int hSpace = horizontalSpacing();
    const int vSpace = verticalSpacing();
    int y = area.y();
    int rowCount = 0;
    // One row at a time: collect what fits, then place it centred on the row's height.
    QList<QLayoutItem *> row;
    int rowWidth = 0;
    int rowHeight = 0;
    const auto placeRow = [&] {
        if (row.isEmpty())
            return;
        if (apply) {
            // QLayout::setAlignment(Qt::AlignRight) packs each row against the right edge.
            int x = alignment() & Qt::AlignRight ? area.right() + 1 - rowWidth : area.x();
            for (QLayoutItem *item : std::as_const(row)) {
                const QSize hint = fitted(item, area.width());
                item->setGeometry(QRect(QPoint(x, y + (rowHeight - hint.height()) / 2), hint));
                x += hint.width() + hSpace;
            }
        }
        y += rowHeight + vSpace;
        ++rowCount;
        row.clear();
        rowWidth = 0;
        rowHeight = 0;
    };
    for (QLayoutItem *item : m_items) {
        if (item->isEmpty())
            continue;
        const QSize hint = fitted(item, area.width());
        if (!row.isEmpty() && rowWidth + hSpace + hint.width() > area.width())
            placeRow();
        rowWidth += (row.isEmpty() ? 0 : hSpace) + hint.width();
        rowHeight = std::max(rowHeight, hint.height());
        row.append(item);
    }
    placeRow();
    if (rows)
        *rows = rowCount;
    const QMargins m = contentsMargins();
    return (rowCount > 0 ? y - vSpace - area.y() : 0) + m.top() + m.bottom();
}

int FlowLayout::styleSpacing(QStyle::PixelMetric metric) const
{
    // A top-level layout asks its widget's style; a nested one inherits its parent layout's spacing.
    if (const QWidget *widget = qobject_cast<const QWidget *>(parent()))
        return widget->style()->pixelMetric(metric, nullptr, widget);
    if (const QLayout *layout = qobject_cast<const QLayout *>(parent()))
        return layout->spacing();
    return -1;
}

} // namespace embedlab::ui
