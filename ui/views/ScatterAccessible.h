// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "ui/paint/PaintedItemAccessible.h"
#include "ui/paint/PaintedItemRegistry.h"
#include "ui/paint/PaintedViewAccessible.h"

#include <QList>

namespace embedlab::ui {

class ProjectionScatter;

/// The neighbours' PCA scatter as a screen reader reads it (#25 item 2): a list whose items are its
/// points, the chosen row first (selected), each named "token (id N) at x, y" with x and y its
/// first two principal components, and placed on its dot. The list keeps the view's text (every
/// point, a line each). Items are made on first request and deleted with the list; they read the
/// view each time.
class ScatterAccessible : public PaintedViewAccessible {
public:
    explicit ScatterAccessible(ProjectionScatter *scatter);

    /// The view; null while it is being destroyed.
    ProjectionScatter *scatter() const;

    int childCount() const override;
    QAccessibleInterface *child(int index) const override;
    int indexOfChild(const QAccessibleInterface *child) const override;
    QAccessibleInterface *childAt(int x, int y) const override;

private:
    mutable PaintedItemRegistry m_points; // by point index
};

/// One point of the scatter (ScatterAccessible's child). Holds only its index.
class ScatterPointAccessible : public PaintedItemAccessible {
public:
    ScatterPointAccessible(ProjectionScatter *scatter, int index);

    int index() const { return m_index; }

    bool isValid() const override;
    /// Name: "king (id 5822) at 0.12, -0.4".
    QString text(QAccessible::Text t) const override;
    QRect rect() const override;
    QAccessible::Role role() const override { return QAccessible::ListItem; }
    /// The chosen row (the first point) is selected.
    QAccessible::State state() const override;
    void *interface_cast(QAccessible::InterfaceType) override { return nullptr; }

private:
    ProjectionScatter *scatter() const;

    int m_index;
};

} // namespace embedlab::ui
