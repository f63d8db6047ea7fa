// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QDialog>

class QLabel;
class QPlainTextEdit;

namespace embedlab::ui {

/// "Your own text..." in the Fit a Text panel (issue #27 item 1): text pasted or typed, or a .txt
/// opened (UTF-8, the whole file). OK is refused, with the reason beside the text, while it is empty,
/// shorter than a run's context + 1 tokens (FitSession::checkOwnText()), or a file was not UTF-8.
class OwnTextDialog : public QDialog {
    Q_OBJECT
public:
    explicit OwnTextDialog(const QString &text, QWidget *parent = nullptr);

    /// The text as the dialog holds it.
    QString text() const;
    QPlainTextEdit *editor() const { return m_editor; }
    QString error() const;

    /// The whole of the file at `path` as UTF-8 text; on failure "" and `error` says why (the file
    /// cannot be opened, or is not UTF-8: in the words of Python's codec, as the CLI's fit says it).
    static QString readTextFile(const QString &path, QString *error);
    /// Reads `path` into the editor; false (and the reason shown) when it cannot be read.
    bool openFile(const QString &path);

    void accept() override;

private:
    QPlainTextEdit *m_editor;
    QLabel *m_error;
};

} // namespace embedlab::ui
