// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/window/WindowHost.h"

#include "ui/window/ProjectorMode.h"
#include "ui/window/SessionController.h"
#include "ui/window/WindowSizeKeeper.h"

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
    connect(m_window.get(), &MainWindow::themeChanged, this, &WindowHost::rebuild, Qt::QueuedConnection);
    connect(m_window.get(), &MainWindow::shownDocumentChanged, this, &WindowHost::rebuild,
            Qt::QueuedConnection);
}

void WindowHost::rebuild()
{
    // A job, a session restore or a file load still running reports to the old window's parts:
    // it finishes first (the document moves, the old window's pending work would not).
    if (!m_window->isIdle()) {
        m_window->whenIdle([this] { rebuild(); });
        return;
    }
    // The new window takes over the old one's autosave: it must not look for a crashed run.
    MainWindow::Options options = m_options;
    options.recovery = false;
    MainWindow &old = *m_window;
    options.projectorFullScreen = old.projector()->usesFullScreen();
    // The docks' normal layout (projector and focus mode put theirs back on top of it): the lesson
    // and the teacher's document both come back to the layout the teacher left.
    const QByteArray layout = old.normalLayout();
    // The document itself moves: its undo history, the typed text and a 2 GB weight stay as they are;
    // the new window shows what it holds (its panels, view modes, the lesson's document).
    auto next = std::make_unique<MainWindow>(options, old.releaseDocument(), nullptr, layout);
    next->restoreGeometry(old.saveGeometry());
    // The size the teacher gave the window, not one a wider minimum forced on it for a while.
    next->sizeKeeper()->setChosenSize(old.sizeKeeper()->chosenSize());
    next->sessions()->takeOver(*old.sessions());
    if (old.isVisible())
        next->show();
    // Full screen (F11, projector mode) goes on as it was, once shown (set before, the platform
    // window came up in the normal state); the check mark follows the state.
    next->setWindowState(old.windowState());
    old.hide();
    // Not close(): nothing is lost, so nothing is to be asked.
    m_window.release()->deleteLater();
    adopt(std::move(next));
    Q_EMIT windowReplaced(m_window.get());
}

} // namespace embedlab::ui
