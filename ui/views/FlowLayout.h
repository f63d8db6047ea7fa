// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QLayout>
#include <QList>
#include <QStyle>

namespace embedlab::ui {

/// Lays its items out left to right and wraps onto a new row when the width runs out, like words
/// in a paragraph; items in a row are centred vertically. A toolbar in a dock then needs only its
/// widest item's width, not the sum of all of them. Hidden widgets take no space. With
/// setAlignment(Qt::AlignRight), each row ends at the right edge.
class FlowLayout : public QLayout {
public:
    /// `horizontalSpacing` between items in a row, `verticalSpacing` between rows; -1 takes the
    /// style's spacing.
    explicit FlowLayout(int horizontalSpacing = -1, int verticalSpacing = -1);
    ~FlowLayout() override;

    int horizontalSpacing() const;
    int verticalSpacing() const;
    /// The number of rows the items took at the last setGeometry().
    int rowCount() const { return m_rows; }

    void addItem(QLayoutItem *item) override;
    int count() const override { return static_cast<int>(m_items.size()); }
    QLayoutItem *itemAt(int index) const override { return m_items.value(index); }
    QLayoutItem *takeAt(int index) override;
    Qt::Orientations expandingDirections() const override { return {}; }
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize minimumSize() const override;
    /// All items in one row.
    QSize sizeHint() const override;
    void setGeometry(const QRect &rect) override;

private:
    /// `item`'s size in a row at most `width` wide: its preferred size, narrowed to `width` (not
    /// below its minimum), and then as tall as it asks to be at that width.
    static QSize fitted(const QLayoutItem *item, int width);
    // Places the items in `rect` (when `apply`) and returns the height they need; `rows` counts
    // the rows.
    int arrange(const QRect &rect, bool apply, int *rows = nullptr) const;
    int styleSpacing(QStyle::PixelMetric metric) const;

    QList<QLayoutItem *> m_items;
    int m_horizontalSpacing = -1;
    int m_verticalSpacing = -1;
    int m_rows = 0;
};

} // namespace embedlab::ui
