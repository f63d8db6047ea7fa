// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/window/WheelNeedsFocus.h"

#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QEvent>
#include <QScrollBar>
#include <QWidget>

namespace embedlab::ui {

namespace {

/// The value widget that `object` is or belongs to (a spin box's line edit is its child). Scroll
/// bars are sliders too, and scrolling is what they are for.
QWidget *valueWidget(QObject *object)
{
    QObject *o = object;
    for (int depth = 0; o && o->isWidgetType() && depth < 2; ++depth, o = o->parent()) {
        if (qobject_cast<QAbstractSpinBox *>(o) || qobject_cast<QComboBox *>(o) ||
            (qobject_cast<QAbstractSlider *>(o) && !qobject_cast<QScrollBar *>(o)))
            return static_cast<QWidget *>(o);
    }
    return nullptr;
}

} // namespace

bool WheelNeedsFocus::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() != QEvent::Wheel)
        return false;
    QWidget *widget = valueWidget(watched);
    if (!widget || widget->hasFocus())
        return false;
    // Qt does not propagate a wheel event that was sent rather than spontaneous: walk up by hand
    // until a panel (a scroll area's viewport) takes it.
    for (QWidget *parent = widget->parentWidget(); parent && !parent->isWindow();
         parent = parent->parentWidget()) {
        event->setAccepted(false);
        QCoreApplication::sendEvent(parent, event);
        if (event->isAccepted())
            break;
    }
    return true;
}

} // namespace embedlab::ui
