// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/paint/PaintedItemAccessible.h"

#include <QWindow>

namespace embedlab::ui {

PaintedItemAccessible::PaintedItemAccessible(QWidget *view)
    : m_view(view)
{}

QWindow *PaintedItemAccessible::window() const
{
    return m_view ? m_view->window()->windowHandle() : nullptr;
}

QAccessibleInterface *PaintedItemAccessible::parent() const
{
    return m_view ? QAccessible::queryAccessibleInterface(m_view.data()) : nullptr;
}

QAccessible::State PaintedItemAccessible::state() const
{
    QAccessible::State s;
    if (!m_view || !m_view->isVisible())
        s.invisible = true;
    else if (rect().isEmpty())
        s.offscreen = true;
    return s;
}

QRect PaintedItemAccessible::screenRect(const QRect &local, const QRect &visible) const
{
    const QRect shown = local & visible;
    if (!m_view || shown.isEmpty())
        return {};
    return QRect(m_view->mapToGlobal(shown.topLeft()), shown.size());
}

} // namespace embedlab::ui
