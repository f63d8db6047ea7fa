// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QFont>
#include <QList>
#include <QRect>
#include <QString>
#include <QWidget>

namespace embedlab::ui {

/// One token as a chip shows it: its text (whitespace made visible) and its id.
struct TokenChip {
    qint64 id = 0;
    QString text;
    bool operator==(const TokenChip &) const = default;
};

/// The tokens of the ids field, each as a coloured chip with its id, wrapping like words. Paints
/// what it is given (no widget per chip, so 200 tokens lay out in well under a frame).
class TokenChips : public QWidget {
    Q_OBJECT
public:
    explicit TokenChips(QWidget *parent = nullptr);

    void setChips(const QList<TokenChip> &chips);
    const QList<TokenChip> &chips() const { return m_chips; }
    /// Where each chip goes in a row `width` pixels wide with `font`, left to right, wrapping.
    static QList<QRect> arrange(const QList<TokenChip> &chips, const QFont &font, int width);
    /// The height of `rows` rows of chips in `font`, the spacing between them included.
    static int rowsHeight(const QFont &font, int rows);
    /// The chip under `pos`, -1 for none.
    int chipAt(QPoint pos) const;

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

Q_SIGNALS:
    /// A chip was clicked: its token's row.
    void chipClicked(qint64 id);

protected:
    bool event(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;

private:
    const QList<QRect> &rects() const;

    QList<TokenChip> m_chips;
    mutable QList<QRect> m_rects;
    mutable int m_rectsWidth = -1;
};

} // namespace embedlab::ui
