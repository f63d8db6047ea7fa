// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QObject>
#include <QString>

class QMainWindow;

namespace embedlab::ui {

/// Tells the user when a file whose tensors EmbedLab reads in place becomes shorter on disk
/// (another program rewrote it): core::mappingGuard keeps the process alive and reads zeros past the
/// file's new end; this says so, naming the file, in the status bar and a warning.
class ShortenedFileNotice : public QObject {
    Q_OBJECT
public:
    explicit ShortenedFileNotice(QMainWindow *window);

    /// The warning's text for `file`.
    static QString message(const QString &file);

private:
    void onFault();

    QMainWindow *m_window;
};

} // namespace embedlab::ui
