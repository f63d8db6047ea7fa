// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QObject>

class QMainWindow;
class QWidget;

namespace embedlab::ui {

class PanelRegistry;

/// The window's first layout when no saved one is restored: the side column, the bottom row and
/// the front tabs, then, once the window has the size it is shown at, the room each part needs
/// (a narrow screen gives the weights the side column's width, the bottom row gives them what
/// the histogram does not need).
class DefaultLayout : public QObject {
    Q_OBJECT
public:
    /// `lookup` and `weights`: the central area's lookup column and the embedding's heatmap.
    DefaultLayout(QMainWindow *window, const PanelRegistry *registry, QWidget *lookup, QWidget *weights);

    /// Front tabs and default sizes at 1400 x 860.
    void apply();
    /// Queued: fits the side column and the bottom row to the size the window is shown at.
    void fitShownSize();

    static constexpr int kSideColumnWidth = 395;
    static constexpr int kNarrowWindowWidth = 1280; // fitSideColumn() narrows the side column below

private:
    void fitSideColumn();
    void fitBottomRow(int passes);

    QMainWindow *m_window;
    const PanelRegistry *m_registry;
    QWidget *m_lookup;
    QWidget *m_weights;
};

} // namespace embedlab::ui
