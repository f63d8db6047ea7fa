// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QCoreApplication>
#include <QList>

class QMainWindow;
class QMenu;
class QToolBar;

namespace embedlab::ui {

class PanelRegistry;
struct WindowActions;

/// The window's menu bar and main tool bar, made from its actions: File, Edit, Model, View (a
/// toggle for every registered panel, which raises it when shown), Animation and Help.
class WindowMenus {
    Q_DECLARE_TR_FUNCTIONS(embedlab::ui::WindowMenus)
public:
    /// Menus of the window's parts that File holds.
    struct FileMenus {
        QMenu *recent = nullptr;
        QMenu *exports = nullptr;
        QMenu *copies = nullptr;
    };
    static void build(QMainWindow *window, const WindowActions &actions, const PanelRegistry &registry,
                      const QList<QToolBar *> &toolBars, const FileMenus &fileMenus);
    /// Presets, undo and redo, tie: the main tool bar.
    static QToolBar *mainToolBar(QMainWindow *window, const WindowActions &actions);

private:
    static QMenu *viewMenu(QMainWindow *window, const WindowActions &actions, const PanelRegistry &registry,
                           const QList<QToolBar *> &toolBars);
};

} // namespace embedlab::ui
