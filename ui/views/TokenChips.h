// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "ui/model/Vocabulary.h"

#include <QFont>
#include <QList>
#include <QRect>
#include <QString>
#include <QWidget>

class QKeyEvent;

namespace embedlab::ui {

/// One token as a chip shows it: its text (whitespace made visible) and its id.
struct TokenChip {
    qint64 id = 0;
    QString text;
    bool operator==(const TokenChip &) const = default;
};

/// The tokens of the ids field, each as a coloured chip with its id, wrapping like words. Paints
/// what it is given (no widget per chip, so 200 tokens lay out in well under a frame). Tokens that
/// make a character only together are framed as one group led by that character, never wrapped
/// apart.
class TokenChips : public QWidget {
    Q_OBJECT
public:
    explicit TokenChips(QWidget *parent = nullptr);

    /// The groups of several chips among `groups` (Vocabulary::groupCharacters(): in order, not
    /// overlapping) frame their chips under the characters they make (issue #26).
    void setChips(const QList<TokenChip> &chips, const QList<CharacterGroup> &groups = {});
    const QList<TokenChip> &chips() const { return m_chips; }
    /// The groups framed: those of several chips.
    const QList<CharacterGroup> &groups() const { return m_groups; }
    /// Where each chip and each group's frame go in a row `width` pixels wide with `font`.
    struct Arrangement {
        QList<QRect> chips;
        QList<QRect> groups;
    };
    static Arrangement arrange(const QList<TokenChip> &chips, const QList<CharacterGroup> &groups,
                               const QFont &font, int width);
    /// Where each chip goes in a row `width` pixels wide with `font`, left to right, wrapping.
    static QList<QRect> arrange(const QList<TokenChip> &chips, const QFont &font, int width);
    /// The height of `rows` rows of chips in `font`, the spacing between them included.
    static int rowsHeight(const QFont &font, int rows);
    /// Where chip `index` is painted (widget coordinates); empty for no such chip.
    QRect chipRect(int index) const;
    /// The chip under `pos`, -1 for none.
    int chipAt(QPoint pos) const;
    /// The group whose frame is under `pos`, -1 for none.
    int groupAt(QPoint pos) const;
    /// The tooltip at `pos`: the token under it, and the group's explanation; "" elsewhere.
    QString toolTipAt(QPoint pos) const;

    /// The chip the keyboard is on (issue #25): Left and Right move it, Enter selects its token's
    /// row as a click does. -1 without chips; drawn while the chips have the focus.
    int currentChip() const { return m_current; }
    void setCurrentChip(int index);
    /// The keys the chips read themselves while focused (Left, Right, Home, End, Enter), claimed
    /// through QEvent::ShortcutOverride so the window's single-key shortcuts wait.
    static bool readsKey(const QKeyEvent &key);

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

Q_SIGNALS:
    /// A chip was clicked, or Enter pressed on the current one: its token's row.
    void chipClicked(qint64 id);
    /// The keyboard moved to chip `index` (for a scroll area to show it, a screen reader to say it).
    void currentChipChanged(int index);

protected:
    bool event(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void focusInEvent(QFocusEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;

private:
    const Arrangement &rects() const;

    QList<TokenChip> m_chips;
    QList<CharacterGroup> m_groups;
    mutable Arrangement m_rects;
    mutable int m_rectsWidth = -1;
    int m_current = -1;
};

} // namespace embedlab::ui
