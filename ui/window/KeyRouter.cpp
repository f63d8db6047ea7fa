// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/window/KeyRouter.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QAction>
#include <QComboBox>
#include <QCoreApplication>
#include <QDialog>
#include <QKeyEvent>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QTabBar>
#include <QTextEdit>

namespace embedlab::ui {

KeyRouter::KeyRouter(QWidget *window)
    : QObject(window)
    , m_window(window)
{
    QCoreApplication::instance()->installEventFilter(this);
}

void KeyRouter::setPresenterActions(const QList<QAction *> &actions)
{
    m_presenterActions.clear();
    for (QAction *action : actions)
        m_presenterActions.append(action);
}

bool KeyRouter::isSingleKey(const QKeyEvent &key)
{
    const Qt::KeyboardModifiers modifiers =
        key.modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier);
    if (modifiers != Qt::NoModifier)
        return false;
    const int k = key.key();
    return !(k >= Qt::Key_F1 && k <= Qt::Key_F35) && k != Qt::Key_Escape && k != Qt::Key_Tab &&
           k != Qt::Key_Backtab;
}

bool KeyRouter::isTextBeingEdited(const QWidget *widget)
{
    if (const auto *edit = qobject_cast<const QPlainTextEdit *>(widget))
        return !edit->isReadOnly();
    if (const auto *edit = qobject_cast<const QTextEdit *>(widget))
        return !edit->isReadOnly();
    return false;
}

bool KeyRouter::controlReadsKey(const QWidget *widget, const QKeyEvent &key)
{
    if (!widget || !isSingleKey(key))
        return false;
    // A spin box's or an editable combo box's line edit hands its keys to its owner.
    return qobject_cast<const QAbstractButton *>(widget) || qobject_cast<const QAbstractSlider *>(widget) ||
           qobject_cast<const QAbstractSpinBox *>(widget) || qobject_cast<const QComboBox *>(widget) ||
           qobject_cast<const QLineEdit *>(widget) || qobject_cast<const QTabBar *>(widget) ||
           qobject_cast<const QAbstractItemView *>(widget) || qobject_cast<const QTextEdit *>(widget) ||
           qobject_cast<const QPlainTextEdit *>(widget);
}

bool KeyRouter::isPresenterKey(const QKeyEvent &key) const
{
    const QKeySequence pressed(key.keyCombination());
    for (const QPointer<QAction> &action : m_presenterActions) {
        if (!action || !action->isEnabled())
            continue;
        for (const QKeySequence &shortcut : action->shortcuts()) {
            if (shortcut.matches(pressed) == QKeySequence::ExactMatch)
                return true;
        }
    }
    return false;
}

bool KeyRouter::routes(const QWidget *widget) const
{
    // The window and its floating docks; a dialog keeps its own keys (Enter is its default button's).
    for (const QWidget *w = widget; w; w = w->parentWidget()) {
        if (w == m_window)
            return true;
        if (qobject_cast<const QDialog *>(w))
            return false;
    }
    return false;
}

bool KeyRouter::eventFilter(QObject *watched, QEvent *event)
{
    const QEvent::Type type = event->type();
    if ((type != QEvent::ShortcutOverride && type != QEvent::KeyPress) || !watched->isWidgetType() ||
        !m_window)
        return false;
    auto *widget = static_cast<QWidget *>(watched);
    if (!routes(widget))
        return false;
    auto *key = static_cast<QKeyEvent *>(event);
    if (type == QEvent::KeyPress) {
        // Enter presses a focused button as Space does (Qt's buttons outside dialogs ignore it).
        auto *button = qobject_cast<QAbstractButton *>(widget);
        if (!button || (key->modifiers() & ~Qt::KeypadModifier) != Qt::NoModifier ||
            (key->key() != Qt::Key_Return && key->key() != Qt::Key_Enter) || !button->isEnabled())
            return false;
        button->animateClick();
        return true;
    }
    if (isPresenterKey(*key) && !isTextBeingEdited(widget))
        return false;
    if (!controlReadsKey(widget, *key))
        return false;
    // Accepted: Qt delivers the key to the control as a key press instead of the shortcut.
    event->accept();
    return true;
}

} // namespace embedlab::ui
