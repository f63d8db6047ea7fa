// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "ui/window/MainWindow.h"

#include <QObject>

#include <memory>

namespace embedlab::ui {

/// Owns the application's window. When View > Language changes the language, or the guided lesson
/// starts or ends (its own document is shown), it builds the window again around the same document:
/// every menu, panel and tab is in the new language at once, and the new window shows exactly what
/// the document holds (weights, ids, typed text, undo history, animation step, panels, view modes).
/// It continues the old window's file, unsaved mark, autosave, place and layout. No restart, nothing
/// lost.
class WindowHost : public QObject {
    Q_OBJECT
public:
    explicit WindowHost(const MainWindow::Options &options);
    ~WindowHost() override;

    MainWindow &window() const { return *m_window; }

Q_SIGNALS:
    /// The window was built again (a language change, the lesson started or ended).
    void windowReplaced(embedlab::ui::MainWindow *window);

private:
    void adopt(std::unique_ptr<MainWindow> window);
    void rebuild();

    MainWindow::Options m_options;
    std::unique_ptr<MainWindow> m_window;
};

} // namespace embedlab::ui
