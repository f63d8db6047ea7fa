// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QList>
#include <QWidget>

class QLabel;
class QLineEdit;
class QScrollArea;
class QTimer;
class QToolButton;

namespace embedlab::ui {

class Document;
class TokenChips;

/// The ids row above the views: `ids = torch.tensor(...)` (or `tokenizer.encode(...)` in text
/// mode), the ids of the text, the tokens as chips and PyTorch's error. It renders the document's
/// ids entry and text mode and commits what is typed: a paste at once, key by key after a pause.
class IdsEntry : public QWidget {
    Q_OBJECT
public:
    explicit IdsEntry(Document *document, QWidget *parent = nullptr);
    ~IdsEntry() override;

    QLineEdit *field() const { return m_edit; }
    QLineEdit *tokenIds() const { return m_tokenIds; }
    QToolButton *textModeButton() const { return m_textMode; }
    TokenChips *chips() const { return m_chips; }
    QLabel *errorLabel() const { return m_error; }
    /// True while typed text waits for its pause before it applies.
    bool isTyping() const;
    /// Stops waiting for a pause (the window hands its document to another window).
    void stopTyping();

    static constexpr int kTypingPause = 400;
    static constexpr int kFieldWidth = 360;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void onTyped(const QString &text);
    /// What the token ids box shows of `ids`: all of them, or those that fit and "…]".
    QString shownIds(const QList<qint64> &ids) const;
    void fitTokenIdsWidth();
    void commit();
    void showEntry();
    void showTextMode();
    void showTokens();
    void showError();

    Document *m_document;
    QToolButton *m_textMode = nullptr;
    QString m_textModeTip;
    QLabel *m_prefix = nullptr;
    QLineEdit *m_edit = nullptr;
    QLabel *m_suffix = nullptr;
    QLineEdit *m_tokenIds = nullptr;
    QScrollArea *m_chipsArea = nullptr;
    TokenChips *m_chips = nullptr;
    QLabel *m_error = nullptr;
    QTimer *m_pause = nullptr;
    int m_typedLength = 0;
    bool m_committing = false;
};

} // namespace embedlab::ui
