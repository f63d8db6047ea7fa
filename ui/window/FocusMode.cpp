// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/window/FocusMode.h"

#include "ui/model/Settings.h"

#include <QApplication>
#include <QBoxLayout>
#include <QCursor>
#include <QDockWidget>
#include <QLabel>
#include <QMainWindow>
#include <QSplitter>
#include <QStackedWidget>

namespace embedlab::ui {

FocusMode::FocusMode(QMainWindow *window, QWidget *central)
    : QObject(window)
    , m_window(window)
    , m_stack(new QStackedWidget(window))
    , m_page(new QWidget(m_stack))
    , m_hint(new QLabel(m_page))
{
    m_stack->setObjectName(QStringLiteral("focusStack"));
    m_page->setObjectName(QStringLiteral("focusPage"));
    auto *layout = new QVBoxLayout(m_page);
    layout->setContentsMargins(6, 6, 6, 6);
    m_hint->setText(tr("Esc: back to all panels"));
    m_hint->setAlignment(Qt::AlignRight);
    layout->addWidget(m_hint);
    m_stack->addWidget(central);
    m_stack->addWidget(m_page);
    window->setCentralWidget(m_stack);
}

QWidget *FocusMode::viewAtCursor() const
{
    const auto registered = [this](QWidget *w) -> QWidget * {
        for (; w; w = w->parentWidget())
            if (m_views.contains(w))
                return w;
        return nullptr;
    };
    if (QWidget *under = registered(QApplication::widgetAt(QCursor::pos())))
        return under;
    if (QWidget *focused = registered(QApplication::focusWidget()))
        return focused;
    return m_views.value(0);
}

void FocusMode::enter(QWidget *view)
{
    if (isActive())
        return;
    if (!view)
        view = viewAtCursor();
    if (!view || !m_views.contains(view))
        return;
    m_windowState = m_window->saveState(kWindowLayoutVersion);
    takeView(view);
    for (QWidget *widget : std::as_const(m_chrome))
        widget->hide();
    m_stack->setCurrentWidget(m_page);
    Q_EMIT activeChanged(true);
}

void FocusMode::leave()
{
    if (!isActive())
        return;
    giveBack();
    m_stack->setCurrentIndex(0);
    m_window->restoreState(m_windowState, kWindowLayoutVersion);
    Q_EMIT activeChanged(false);
}

void FocusMode::takeView(QWidget *view)
{
    m_view = view;
    m_home = view->parentWidget();
    m_homeIndex = -1;
    m_homeStretch = 0;
    if (auto *splitter = qobject_cast<QSplitter *>(m_home)) {
        m_homeIndex = splitter->indexOf(view);
        m_homeSizes = splitter->sizes();
    } else if (auto *box = m_home ? qobject_cast<QBoxLayout *>(m_home->layout()) : nullptr) {
        m_homeIndex = box->indexOf(view);
        m_homeStretch = m_homeIndex >= 0 ? box->stretch(m_homeIndex) : 0;
    }
    static_cast<QBoxLayout *>(m_page->layout())->addWidget(view, 1);
    view->show();
}

void FocusMode::giveBack()
{
    QWidget *view = m_view;
    m_view = nullptr;
    if (!view || !m_home)
        return;
    if (auto *splitter = qobject_cast<QSplitter *>(m_home)) {
        splitter->insertWidget(m_homeIndex, view);
        splitter->setSizes(m_homeSizes);
    } else if (auto *dock = qobject_cast<QDockWidget *>(m_home))
        dock->setWidget(view);
    else if (auto *box = qobject_cast<QBoxLayout *>(m_home->layout()))
        box->insertWidget(m_homeIndex, view, m_homeStretch);
    view->show();
}

} // namespace embedlab::ui
