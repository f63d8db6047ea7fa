// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "ui/window/MainWindow.h"

#include <QObject>

#include <memory>

namespace embedlab::ui {

/// Owns the application's window. When View > Language changes the language, it builds the
/// window again, so that every menu, panel and tab is in the new language at once. The new window
/// takes over the old one's model (weights, ids, typed text, undo history, animation step) and
/// continues its file, unsaved mark, autosave, place, layout and projector mode. No restart,
/// nothing lost.
class WindowHost : public QObject {
    Q_OBJECT
public:
    explicit WindowHost(const MainWindow::Options &options);
    ~WindowHost() override;

    MainWindow &window() const { return *m_window; }

Q_SIGNALS:
    /// The window was built again (after a language change).
    void windowReplaced(embedlab::ui::MainWindow *window);

private:
    void adopt(std::unique_ptr<MainWindow> window);
    void rebuild();

    MainWindow::Options m_options;
    std::unique_ptr<MainWindow> m_window;
};

} // namespace embedlab::ui
