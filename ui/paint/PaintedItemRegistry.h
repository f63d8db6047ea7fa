// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QAccessible>
#include <QList>

#include <utility>

namespace embedlab::ui {

/// The items of a painted view's accessible interface (a list's chips or points), by index: each
/// made on the first request, registered once with QAccessible, and deleted with the registry. One
/// home for what a list of painted items does with its children (TokenChipsAccessible,
/// ScatterAccessible).
class PaintedItemRegistry {
public:
    PaintedItemRegistry() = default;
    ~PaintedItemRegistry()
    {
        for (const QAccessible::Id id : std::as_const(m_ids)) {
            if (id)
                QAccessible::deleteAccessibleInterface(id);
        }
    }
    PaintedItemRegistry(const PaintedItemRegistry &) = delete;
    PaintedItemRegistry &operator=(const PaintedItemRegistry &) = delete;

    /// Item `index` of `count`, made by `make(index)` the first time; nullptr outside [0, count).
    template <typename Make> QAccessibleInterface *at(int index, int count, Make make)
    {
        if (index < 0 || index >= count)
            return nullptr;
        if (m_ids.size() <= index)
            m_ids.resize(index + 1, 0);
        if (const QAccessible::Id id = m_ids[index])
            return QAccessible::accessibleInterface(id);
        QAccessibleInterface *item = make(index);
        m_ids[index] = QAccessible::registerAccessibleInterface(item);
        return item;
    }

private:
    QList<QAccessible::Id> m_ids; // by index; 0 where none was asked for yet
};

} // namespace embedlab::ui
