// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "ui/model/Lesson.h"

#include <QList>
#include <QObject>
#include <QString>

#include <functional>
#include <optional>

class QAction;
class QDockWidget;
class QMainWindow;
class QScrollArea;
class QWidget;

namespace embedlab::ui {

/// The window's side panels, each registered once: its dock, what it shows, where it goes, whether
/// the guided lesson chooses it, the name exports and sessions use, and whether it is busy. The
/// window, the lesson, projector and focus mode, the View menu, export and the tests loop over it;
/// a new panel is one register() call plus its own files.
class PanelRegistry : public QObject {
    Q_OBJECT
public:
    /// How a panel is placed when it is registered.
    enum class Placement {
        Left,              ///< the left column (the first left panel takes it, later ones tab behind it)
        Bottom,            ///< the bottom row (the first bottom panel takes it)
        BesideFirstBottom, ///< the bottom row, split beside the first bottom panel
        BehindLastBottom,  ///< a tab behind the last bottom panel placed
    };
    struct Panel {
        /// Stable name ("layer", "code", ...): sessions, the dock's objectName ("<name>Dock").
        QString name;
        QDockWidget *dock = nullptr;
        /// The widget the panel shows (inside the dock's scroll area, when it scrolls).
        QWidget *widget = nullptr;
        /// The lesson's flag for it; nullopt: no lesson step shows it (the lesson hides it).
        std::optional<Lesson::Panel> lesson;
        /// Hidden until the user asks for it from View.
        bool hiddenAtStart = false;
        /// True while the panel computes something the window must wait for (screenshots, export).
        std::function<bool()> busy = {};
        /// Projected, a lesson step that shows it shows it in place of the main pane (its view is
        /// the step: "Watch it learn"); every other panel stays hidden while projecting.
        bool replacesMainWhenProjected = false;
        /// View's entry for it, made by add(): checked while the panel is open; choosing it shows a
        /// hidden panel or brings one behind a tab to the front (both with the focus), and hides
        /// one in front.
        QAction *viewAction = nullptr;
    };

    explicit PanelRegistry(QMainWindow *window);

    /// Puts `widget` in a new dock titled `title`, placed as `placement` says (scrolling in
    /// `scroll` when given), and registers it. Returns the dock.
    QDockWidget *add(Panel panel, const QString &title, Placement placement, QScrollArea *scroll = nullptr);

    const QList<Panel> &panels() const { return m_panels; }
    const Panel *find(const QString &name) const;
    const Panel *find(Lesson::Panel lessonPanel) const;
    QDockWidget *dock(const QString &name) const;
    QList<QDockWidget *> docks() const;
    /// The lesson's panels in registration order.
    QList<Lesson::Panel> lessonPanels() const;
    /// The names of the panels shown (not hidden), in registration order.
    QStringList shownNames() const;
    /// Shows exactly the panels named in `names` (the others are hidden).
    void showOnly(const QStringList &names);
    /// True when any panel is busy.
    bool anyBusy() const;

    /// Shows the panel's dock, brings its tab to the front and gives it the keyboard focus.
    static void raise(QDockWidget *dock);

private:
    static QAction *makeViewAction(QDockWidget *dock);

    QMainWindow *m_window;
    QList<Panel> m_panels;
    QDockWidget *m_firstLeft = nullptr;
    QDockWidget *m_firstBottom = nullptr;
    QDockWidget *m_lastBottom = nullptr;
};

} // namespace embedlab::ui
