// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QAccessible>
#include <QAccessibleWidget>

namespace embedlab::ui {

/// What a screen reader gets from a view that paints itself (a heatmap, the one-hot animation, a
/// chart, the token chips): a role, the view's accessible name, and its accessible description as
/// a read-only text (AT-SPI's Text interface, which Orca reads), instead of an empty `filler`
/// (issue #25 item 2). The view stays passive: whoever renders it sets the name and the text with
/// describe(), computed from the document in one place, and the reader is told when they change.
class PaintedViewAccessible : public QAccessibleWidget, public QAccessibleTextInterface {
public:
    /// Makes `view` answer with `role` and its name and description as text (installs the factory
    /// once per process).
    static void mark(QWidget *view, QAccessible::Role role);
    /// Makes every `View` answer with a new `Accessible(view)`, a subclass that adds items (a table's
    /// cells, a list's buttons); installs the factory once per pair.
    template <typename View, typename Accessible> static void installFor()
    {
        static const bool installed = [] {
            QAccessible::installFactory([](const QString &, QObject *object) -> QAccessibleInterface * {
                if (auto *view = qobject_cast<View *>(object))
                    return new Accessible(view);
                return nullptr;
            });
            return true;
        }();
        Q_UNUSED(installed);
    }
    /// Sets `view`'s name and text; a change is announced (name, description and text events).
    static void describe(QWidget *view, const QString &name, const QString &text);
    /// Tells the reader that item `childIndex` of `view` (a heatmap's cell, a chip) has the keyboard
    /// now, as Qt's item views do when their current item moves: a Focus event on that child, which
    /// AT-SPI sends as the child's "focused" state. Nothing while `view` has no focus or no item is
    /// current (-1). A view that has just taken the focus calls it queued from focusInEvent(), so
    /// that it follows the view's own Focus event (QWidget::setFocus() sends that one afterwards).
    static void announceFocusedItem(QWidget *view, int childIndex);

    PaintedViewAccessible(QWidget *view, QAccessible::Role role);

    void *interface_cast(QAccessible::InterfaceType type) override;

    // QAccessibleTextInterface: the description, read-only, without a caret or a selection.
    void selection(int selectionIndex, int *startOffset, int *endOffset) const override;
    int selectionCount() const override { return 0; }
    void addSelection(int, int) override {}
    void removeSelection(int) override {}
    void setSelection(int, int, int) override {}
    int cursorPosition() const override { return 0; }
    void setCursorPosition(int) override {}
    QString text(int startOffset, int endOffset) const override;
    int characterCount() const override;
    QRect characterRect(int offset) const override;
    int offsetAtPoint(const QPoint &point) const override;
    void scrollToSubstring(int, int) override {}
    QString attributes(int offset, int *startOffset, int *endOffset) const override;
    using QAccessibleWidget::text;

private:
    QString content() const;
};

} // namespace embedlab::ui
