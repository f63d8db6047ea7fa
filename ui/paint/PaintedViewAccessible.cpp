// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/paint/PaintedViewAccessible.h"

#include <QWidget>

#include <algorithm>

namespace embedlab::ui {

namespace {

/// The dynamic property that marks a painted view, holding its role.
constexpr char kRoleProperty[] = "embedlabPaintedRole";

QAccessibleInterface *paintedViewFactory(const QString &, QObject *object)
{
    if (!object || !object->isWidgetType())
        return nullptr;
    const QVariant role = object->property(kRoleProperty);
    if (!role.isValid())
        return nullptr;
    return new PaintedViewAccessible(static_cast<QWidget *>(object), QAccessible::Role(role.toInt()));
}

} // namespace

void PaintedViewAccessible::mark(QWidget *view, QAccessible::Role role)
{
    static const bool installed = [] {
        QAccessible::installFactory(paintedViewFactory);
        return true;
    }();
    Q_UNUSED(installed);
    view->setProperty(kRoleProperty, int(role));
}

void PaintedViewAccessible::describe(QWidget *view, const QString &name, const QString &text)
{
    const bool nameChanged = view->accessibleName() != name;
    const QString before = view->accessibleDescription();
    if (!nameChanged && before == text)
        return;
    // QWidget announces the name and the description itself; the text interface's change is ours.
    view->setAccessibleName(name);
    view->setAccessibleDescription(text);
    if (before != text && QAccessible::isActive()) {
        QAccessibleTextUpdateEvent event(view, 0, before, text);
        QAccessible::updateAccessibility(&event);
    }
}

void PaintedViewAccessible::announceFocusedItem(QWidget *view, int childIndex)
{
    // Without a reader the event is not even made: it would make the item's interface.
    if (childIndex < 0 || !view->hasFocus() || !QAccessible::isActive())
        return;
    QAccessibleEvent event(view, QAccessible::Focus);
    event.setChild(childIndex);
    QAccessible::updateAccessibility(&event);
}

PaintedViewAccessible::PaintedViewAccessible(QWidget *view, QAccessible::Role role)
    : QAccessibleWidget(view, role)
{}

void *PaintedViewAccessible::interface_cast(QAccessible::InterfaceType type)
{
    if (type == QAccessible::TextInterface)
        return static_cast<QAccessibleTextInterface *>(this);
    return QAccessibleWidget::interface_cast(type);
}

QString PaintedViewAccessible::content() const
{
    return widget()->accessibleDescription();
}

void PaintedViewAccessible::selection(int, int *startOffset, int *endOffset) const
{
    *startOffset = 0;
    *endOffset = 0;
}

QString PaintedViewAccessible::text(int startOffset, int endOffset) const
{
    const QString all = content();
    const int start = std::clamp(startOffset, 0, int(all.size()));
    const int end = endOffset < 0 ? int(all.size()) : std::clamp(endOffset, start, int(all.size()));
    return all.mid(start, end - start);
}

int PaintedViewAccessible::characterCount() const
{
    return int(content().size());
}

QRect PaintedViewAccessible::characterRect(int) const
{
    // The text is not drawn as such: every character is the view's.
    return rect();
}

int PaintedViewAccessible::offsetAtPoint(const QPoint &) const
{
    return -1;
}

QString PaintedViewAccessible::attributes(int offset, int *startOffset, int *endOffset) const
{
    *startOffset = offset;
    *endOffset = offset;
    return {};
}

} // namespace embedlab::ui
