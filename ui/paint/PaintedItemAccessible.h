// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QAccessible>
#include <QPointer>
#include <QWidget>

namespace embedlab::ui {

/// One item a painted view draws (a heatmap's cell, a token chip) as a screen reader's node: a
/// leaf under the view's own interface, with no QObject of its own. It holds the view weakly and
/// reads it each time it is asked, so it never shows a stale value; the view's interface makes,
/// registers and deletes it (issue #25 item 2).
class PaintedItemAccessible : public QAccessibleInterface {
public:
    explicit PaintedItemAccessible(QWidget *view);

    QWidget *view() const { return m_view.data(); }

    /// False once the view is gone (an item out of range is the subclass's to add).
    bool isValid() const override { return !m_view.isNull(); }
    QObject *object() const override { return nullptr; }
    QWindow *window() const override;
    QAccessibleInterface *focusChild() const override { return nullptr; }
    QAccessibleInterface *childAt(int, int) const override { return nullptr; }
    /// The view's interface.
    QAccessibleInterface *parent() const override;
    QAccessibleInterface *child(int) const override { return nullptr; }
    int childCount() const override { return 0; }
    int indexOfChild(const QAccessibleInterface *) const override { return -1; }
    void setText(QAccessible::Text, const QString &) override {}
    /// Invisible while the view is hidden, offscreen where rect() is empty (scrolled or zoomed
    /// out of sight).
    QAccessible::State state() const override;

protected:
    /// `local` (view coordinates) clipped to `visible`, in screen coordinates (Qt's
    /// device-independent pixels, as every QAccessibleWidget::rect()); empty when nothing shows.
    QRect screenRect(const QRect &local, const QRect &visible) const;

private:
    QPointer<QWidget> m_view;
};

} // namespace embedlab::ui
