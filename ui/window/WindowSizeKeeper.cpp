// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/window/WindowSizeKeeper.h"

#include <QEvent>
#include <QResizeEvent>
#include <QWidget>

namespace embedlab::ui {

WindowSizeKeeper::WindowSizeKeeper(QWidget *window)
    : QObject(window)
    , m_window(window)
{
    window->installEventFilter(this);
}

void WindowSizeKeeper::setChosenSize(QSize size)
{
    m_chosen = size;
    queueRestore();
}

bool WindowSizeKeeper::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_window) {
        if (event->type() == QEvent::Resize)
            noteResize(static_cast<QResizeEvent *>(event)->size());
        else if (event->type() == QEvent::LayoutRequest)
            queueRestore();
    }
    return QObject::eventFilter(watched, event);
}

void WindowSizeKeeper::noteResize(QSize size)
{
    if (m_restoring)
        return;
    // A side held at the minimum was widened by it, not chosen (unless nothing was chosen yet).
    const QSize least = leastSize();
    if (!m_chosen.isValid())
        m_chosen = size;
    if (size.width() > least.width())
        m_chosen.setWidth(size.width());
    if (size.height() > least.height())
        m_chosen.setHeight(size.height());
}

QSize WindowSizeKeeper::leastSize() const
{
    return m_window->minimumSize().expandedTo(m_window->minimumSizeHint());
}

void WindowSizeKeeper::queueRestore()
{
    if (m_queued)
        return;
    m_queued = true;
    // After the layout has set the window's new minimum.
    QMetaObject::invokeMethod(this, &WindowSizeKeeper::restore, Qt::QueuedConnection);
}

void WindowSizeKeeper::restore()
{
    m_queued = false;
    if (!m_chosen.isValid() || !m_window->isWindow() ||
        (m_window->windowState() & (Qt::WindowMaximized | Qt::WindowFullScreen)))
        return;
    const QSize now = m_window->size();
    const QSize least = leastSize();
    const QSize wanted = m_chosen.expandedTo(least).boundedTo(now);
    if (wanted == now)
        return;
    m_restoring = true;
    m_window->resize(wanted);
    m_restoring = false;
}

} // namespace embedlab::ui
