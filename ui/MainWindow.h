// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "ui/Lab.h"

#include <QMainWindow>

class QAction;
class QActionGroup;
class QCheckBox;
class QDockWidget;
class QLabel;
class QLineEdit;
class QProgressBar;
class QSlider;
class QUndoStack;

namespace embedlab::ui {

class CodePanel;
class HeatmapView;
class LayerPanel;
class OneHotAnimation;
class OneHotView;

/// The `embedlab` window: the layer panel and the code panel as docks, the weight heatmaps, the ids
/// field and the animated one-hot row selection with its counters, outputs and equality badge.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    Lab *lab() const { return m_lab; }
    OneHotAnimation *animation() const { return m_animation; }
    CodePanel *codePanel() const { return m_codePanel; }
    LayerPanel *layerPanel() const { return m_layerPanel; }
    OneHotView *oneHotView() const { return m_oneHotView; }
    QUndoStack *undoStack() const { return m_undoStack; }

    /// Dock and toolbar layout and the window geometry, in QSettings("EmbedLab", "EmbedLab").
    void saveSettings() const;
    void restoreSettings();

    /// True when nothing is being computed in the background (model, heatmaps, printed output).
    bool isIdle() const;
    /// Once everything is computed, shows animation step `step` at `progress` and saves the window
    /// as a PNG, then emits screenshotSaved().
    void saveScreenshotWhenIdle(const QString &fileName, int step = 1, double progress = 0.6);

    void setColorMapName(const QString &name);
    QString colorMapName() const { return m_colorMapName; }

Q_SIGNALS:
    void screenshotSaved(bool ok);

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void createCentralArea();
    void createDocks();
    void createActions();
    void createMenusAndToolBars();
    void connectLab();

    void onModelRebuilt();
    void onIdsEdited(const QString &text);
    void onIdsChanged();
    void onIdsError(const QString &message);
    void onPathsChanged();
    void onAnimationChanged();
    void updateCounters();
    void updateSpeedLabel();
    /// Applies `after` as one undoable step (typing in the ids field merges into one step).
    void pushSnapshot(const QString &description, const Lab::Snapshot &after, bool typing = false);
    void showPreferences();
    void showAbout();
    void toggleFullScreen(bool on);

    Lab *m_lab = nullptr;
    OneHotAnimation *m_animation = nullptr;
    QUndoStack *m_undoStack = nullptr;

    LayerPanel *m_layerPanel = nullptr;
    CodePanel *m_codePanel = nullptr;
    QDockWidget *m_layerDock = nullptr;
    QDockWidget *m_codeDock = nullptr;
    HeatmapView *m_embeddingHeatmap = nullptr;
    HeatmapView *m_lmHeadHeatmap = nullptr;
    OneHotView *m_oneHotView = nullptr;
    QLineEdit *m_idsEdit = nullptr;
    QLabel *m_idsError = nullptr;
    QLabel *m_badge = nullptr;
    QLabel *m_counters = nullptr;
    QCheckBox *m_batchCounters = nullptr;
    QSlider *m_speedSlider = nullptr;
    QLabel *m_speedLabel = nullptr;
    QProgressBar *m_busyBar = nullptr;
    QLabel *m_busyLabel = nullptr;

    QAction *m_playAction = nullptr;
    QAction *m_stepForwardAction = nullptr;
    QAction *m_stepBackAction = nullptr;
    QAction *m_restartAction = nullptr;
    QAction *m_endAction = nullptr;
    QAction *m_fasterAction = nullptr;
    QAction *m_slowerAction = nullptr;
    QAction *m_batchAction = nullptr;
    QAction *m_referenceAction = nullptr;
    QAction *m_gpt2Action = nullptr;
    QAction *m_undoAction = nullptr;
    QAction *m_redoAction = nullptr;
    QAction *m_openAction = nullptr;
    QAction *m_saveAction = nullptr;
    QAction *m_saveAsAction = nullptr;
    QAction *m_exportAction = nullptr;
    QAction *m_quitAction = nullptr;
    QAction *m_copyCodeAction = nullptr;
    QAction *m_preferencesAction = nullptr;
    QAction *m_zoomInAction = nullptr;
    QAction *m_zoomOutAction = nullptr;
    QAction *m_zoomResetAction = nullptr;
    QAction *m_fullScreenAction = nullptr;
    QAction *m_aboutAction = nullptr;
    QAction *m_aboutQtAction = nullptr;
    QActionGroup *m_colorMapGroup = nullptr;

    QString m_colorMapName = QStringLiteral("RdBu");
    bool m_typingIds = false;
};

} // namespace embedlab::ui
