// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/window/PanelRegistry.h"

#include "ui/window/PaneNavigator.h"

#include <QAction>
#include <QDockWidget>
#include <QMainWindow>
#include <QScrollArea>

#include <algorithm>

namespace embedlab::ui {

PanelRegistry::PanelRegistry(QMainWindow *window)
    : QObject(window)
    , m_window(window)
{}

QDockWidget *PanelRegistry::add(Panel panel, const QString &title, Placement placement, QScrollArea *scroll)
{
    auto *dock = new QDockWidget(title, m_window);
    dock->setObjectName(panel.name + QStringLiteral("Dock"));
    if (scroll) {
        scroll->setWidget(panel.widget);
        scroll->setWidgetResizable(true);
        scroll->setFrameShape(QFrame::NoFrame);
        dock->setWidget(scroll);
    } else {
        dock->setWidget(panel.widget);
    }
    switch (placement) {
    case Placement::Left:
        m_window->addDockWidget(Qt::LeftDockWidgetArea, dock);
        if (m_firstLeft)
            m_window->tabifyDockWidget(m_firstLeft, dock);
        else
            m_firstLeft = dock;
        break;
    case Placement::Bottom:
        m_window->addDockWidget(Qt::BottomDockWidgetArea, dock);
        if (!m_firstBottom)
            m_firstBottom = dock;
        m_lastBottom = dock;
        break;
    case Placement::BesideFirstBottom:
        m_window->addDockWidget(Qt::BottomDockWidgetArea, dock);
        if (m_firstBottom)
            m_window->splitDockWidget(m_firstBottom, dock, Qt::Horizontal);
        break;
    case Placement::BehindLastBottom:
        m_window->addDockWidget(Qt::BottomDockWidgetArea, dock);
        if (m_lastBottom)
            m_window->tabifyDockWidget(m_lastBottom, dock);
        m_lastBottom = dock;
        break;
    }
    if (panel.hiddenAtStart)
        dock->hide();
    panel.dock = dock;
    panel.viewAction = makeViewAction(dock);
    m_panels.append(std::move(panel));
    return dock;
}

const PanelRegistry::Panel *PanelRegistry::find(const QString &name) const
{
    const auto it =
        std::find_if(m_panels.cbegin(), m_panels.cend(), [&](const Panel &p) { return p.name == name; });
    return it == m_panels.cend() ? nullptr : &*it;
}

const PanelRegistry::Panel *PanelRegistry::find(Lesson::Panel lessonPanel) const
{
    const auto it = std::find_if(m_panels.cbegin(), m_panels.cend(),
                                 [&](const Panel &p) { return p.lesson == lessonPanel; });
    return it == m_panels.cend() ? nullptr : &*it;
}

QDockWidget *PanelRegistry::dock(const QString &name) const
{
    const Panel *panel = find(name);
    return panel ? panel->dock : nullptr;
}

QList<QDockWidget *> PanelRegistry::docks() const
{
    QList<QDockWidget *> list;
    for (const Panel &p : m_panels)
        list.append(p.dock);
    return list;
}

QList<Lesson::Panel> PanelRegistry::lessonPanels() const
{
    QList<Lesson::Panel> list;
    for (const Panel &p : m_panels)
        if (p.lesson)
            list.append(*p.lesson);
    return list;
}

QStringList PanelRegistry::shownNames() const
{
    QStringList names;
    for (const Panel &p : m_panels)
        if (!p.dock->isHidden())
            names.append(p.name);
    return names;
}

void PanelRegistry::showOnly(const QStringList &names)
{
    for (const Panel &p : m_panels)
        p.dock->setVisible(names.contains(p.name));
}

bool PanelRegistry::anyBusy() const
{
    return std::any_of(m_panels.cbegin(), m_panels.cend(), [](const Panel &p) { return p.busy && p.busy(); });
}

QAction *PanelRegistry::makeViewAction(QDockWidget *dock)
{
    // Not the dock's own toggleViewAction(): it hides a panel that is open behind another tab,
    // when the user asked to see it (issue #25).
    QAction *toggle = dock->toggleViewAction();
    auto *action = new QAction(toggle->text(), dock);
    action->setCheckable(true);
    action->setChecked(toggle->isChecked());
    QObject::connect(toggle, &QAction::changed, action, [action, toggle] {
        action->setText(toggle->text());
        action->setChecked(toggle->isChecked());
    });
    QObject::connect(action, &QAction::triggered, dock, [dock, action] {
        if (dock->isHidden() || !PaneNavigator::isInFront(dock))
            raise(dock);
        else
            dock->close();
        action->setChecked(!dock->isHidden());
    });
    return action;
}

void PanelRegistry::raise(QDockWidget *dock)
{
    dock->show();
    dock->raise();
    // The focus on its first control, where Tab would have put it (not on a scroll area around it).
    PaneNavigator::focusInto(dock);
}

} // namespace embedlab::ui
