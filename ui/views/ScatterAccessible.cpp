// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/views/ScatterAccessible.h"

#include "ui/views/NeighboursPanel.h"

namespace embedlab::ui {

ScatterAccessible::ScatterAccessible(ProjectionScatter *scatter)
    : PaintedViewAccessible(scatter, QAccessible::List)
{}

ProjectionScatter *ScatterAccessible::scatter() const
{
    return qobject_cast<ProjectionScatter *>(object());
}

int ScatterAccessible::childCount() const
{
    return scatter() ? scatter()->pointCount() : 0;
}

QAccessibleInterface *ScatterAccessible::child(int index) const
{
    return m_points.at(index, childCount(),
                       [this](int i) { return new ScatterPointAccessible(scatter(), i); });
}

int ScatterAccessible::indexOfChild(const QAccessibleInterface *child) const
{
    const auto *point = dynamic_cast<const ScatterPointAccessible *>(child);
    return point && point->parent() == this ? point->index() : -1;
}

QAccessibleInterface *ScatterAccessible::childAt(int x, int y) const
{
    for (int i = 0; i < childCount(); ++i) {
        QAccessibleInterface *point = child(i);
        if (point->rect().contains(x, y))
            return point;
    }
    return nullptr;
}

ScatterPointAccessible::ScatterPointAccessible(ProjectionScatter *scatter, int index)
    : PaintedItemAccessible(scatter)
    , m_index(index)
{}

ProjectionScatter *ScatterPointAccessible::scatter() const
{
    return qobject_cast<ProjectionScatter *>(view()); // null while it is being destroyed
}

bool ScatterPointAccessible::isValid() const
{
    return scatter() && m_index < scatter()->pointCount();
}

QString ScatterPointAccessible::text(QAccessible::Text t) const
{
    return isValid() && t == QAccessible::Name ? scatter()->pointText(m_index) : QString();
}

QRect ScatterPointAccessible::rect() const
{
    return isValid() ? screenRect(scatter()->pointRect(m_index), scatter()->rect()) : QRect();
}

QAccessible::State ScatterPointAccessible::state() const
{
    QAccessible::State s = PaintedItemAccessible::state();
    s.readOnly = true;
    s.selected = m_index == 0;
    return s;
}

} // namespace embedlab::ui
