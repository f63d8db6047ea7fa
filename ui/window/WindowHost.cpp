// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/window/WindowHost.h"

#include "ui/window/ProjectorMode.h"
#include "ui/window/SessionController.h"

namespace embedlab::ui {

WindowHost::WindowHost(const MainWindow::Options &options)
    : m_options(options)
{
    adopt(std::make_unique<MainWindow>(options));
}

WindowHost::~WindowHost() = default;

void WindowHost::adopt(std::unique_ptr<MainWindow> window)
{
    m_window = std::move(window);
    // Queued: the old window is still inside its menu's triggered() when the language changes.
    connect(m_window.get(), &MainWindow::languageChanged, this, &WindowHost::rebuild, Qt::QueuedConnection);
}

void WindowHost::rebuild()
{
    // A job, a session restore or a file load still running reports to the old window's parts:
    // it finishes first (the model moves, the old window's pending work would not).
    if (!m_window->isIdle()) {
        m_window->whenIdle([this] { rebuild(); });
        return;
    }
    // The new window takes over the old one's autosave: it must not look for a crashed run.
    MainWindow::Options options = m_options;
    options.recovery = false;
    MainWindow &old = *m_window;
    const bool textMode = old.isTextMode();
    // How the model is shown, taken before it moves (a new window starts its animation over).
    const SessionFile::Session view = old.sessions()->captureSession();
    // Projected, the docks are hidden: the new window gets the layout from before projector mode,
    // and projector mode again.
    const QByteArray layout = old.projector()->isEnabled() ? old.projector()->savedLayout() : old.saveState();
    // The model itself moves: its undo history, the typed text and a 2 GB weight stay as they are.
    auto next = std::make_unique<MainWindow>(options, old.releaseModel());
    next->restoreGeometry(old.saveGeometry());
    next->restoreState(layout);
    next->sessions()->takeOver(*old.sessions(), view);
    next->setTextMode(textMode);
    if (old.isVisible())
        next->show();
    old.hide();
    // Not close(): nothing is lost, so nothing is to be asked.
    m_window.release()->deleteLater();
    adopt(std::move(next));
    Q_EMIT windowReplaced(m_window.get());
}

} // namespace embedlab::ui
