// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QCoreApplication>
#include <QString>

class QWidget;

namespace embedlab::ui {

class Document;

/// The window's small dialogs: Preferences (colour map, animation speed and theme, kept in the
/// settings), About, and a warning that does not block the event loop.
class WindowDialogs {
    Q_DECLARE_TR_FUNCTIONS(embedlab::ui::WindowDialogs)
public:
    /// True when the user chose another theme (applied already): the window is then built again,
    /// as for a language change, so that every colour set once follows it.
    static bool showPreferences(QWidget *parent, Document *document);
    static void showAbout(QWidget *parent);
    /// Window-modal and asynchronous: not QMessageBox::warning(), whose nested event loop would run
    /// inside the Lab's job completion (and in the headless export nobody closes it).
    static void showWarning(QWidget *parent, const QString &title, const QString &message);
};

} // namespace embedlab::ui
