// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/text/TokenDisplay.h"

#include <QFrame>

#include <optional>

class QLabel;
class QPushButton;
class QToolButton;

namespace embedlab::ui {

class Document;

/// A bar above the views when a matrix opened from a file came without a tokenizer and its row count
/// is the size of a known vocabulary (issue #26): 50257 rows may be GPT-2's tokens. It says that this
/// is a guess, and offers the built-in tokenizer (GPT-2's) or a tokenizer file the user picks. Either
/// becomes the rows' tokenizer as one undo step (LabUndo::setVocabulary()), so undo and sessions
/// carry it. Closing the bar declines the guess for this model.
class TokenizerOffer : public QFrame {
    Q_OBJECT
public:
    explicit TokenizerOffer(Document *document, QWidget *parent = nullptr);

    /// The guess on offer now, if any (the bar is shown exactly then).
    std::optional<core::TokenizerGuess> guess() const;
    /// The sentence the bar shows.
    QString text() const;
    QPushButton *useBuiltInButton() const { return m_useBuiltIn; }
    QPushButton *chooseFileButton() const { return m_chooseFile; }
    QToolButton *closeButton() const { return m_close; }

    /// Takes the guess's built-in tokenizer for the rows.
    void useBuiltIn();
    /// Takes the tokenizer in `path` for the rows; false (with a warning saying why) when it cannot
    /// be read.
    bool useTokenizerFile(const QString &path);

private:
    void chooseFile();
    void showOffer();

    Document *m_document;
    QLabel *m_text = nullptr;
    QPushButton *m_useBuiltIn = nullptr;
    QPushButton *m_chooseFile = nullptr;
    QToolButton *m_close = nullptr;
};

} // namespace embedlab::ui
