// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/init/InitSpec.h"
#include "core/io/WeightFile.h"
#include "ui/model/Lab.h"

#include <QList>
#include <QMainWindow>
#include <QPointer>

#include <cstdint>
#include <memory>
#include <optional>

class QAction;
class QActionGroup;
class QCheckBox;
class QComboBox;
class QDockWidget;
class QLabel;
class QLineEdit;
class QProgressBar;
class QSlider;
class QUndoStack;

namespace embedlab::ui {

class CodePanel;
class HeatmapView;
class InitHistogram;
class InitPanel;
class LayerPanel;
class OneHotAnimation;
class OneHotView;
class TensorPicker;
class TrainingPanel;
class UnembeddingView;
class WeightsCommand;

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
    HeatmapView *embeddingHeatmap() const { return m_embeddingHeatmap; }
    HeatmapView *lmHeadHeatmap() const { return m_lmHeadHeatmap; }
    InitPanel *initPanel() const { return m_initPanel; }
    InitHistogram *histogram() const { return m_histogram; }
    UnembeddingView *unembeddingView() const { return m_unembeddingView; }
    TrainingPanel *trainingPanel() const { return m_trainingPanel; }
    /// Every dock of the window, in creation order (layers, code, init, histogram, unembedding,
    /// training).
    QList<QDockWidget *> docks() const;

    /// How unticking "Tie" unties: ask each time (default), or always one way (remembered).
    enum class UntiePolicy { Ask, Clone, Reinitialize };
    void setUntiePolicy(UntiePolicy policy);
    UntiePolicy untiePolicy() const { return m_untiePolicy; }
    /// Ties (true) or unties (false) as the tie action does, as one undo step.
    void requestTie(bool tied);
    /// Unties without asking, as one undo step.
    void untie(core::TiedModel::UntieMode mode);

    /// Opens a .npy, .safetensors or .gguf file off the UI thread and shows the tensor picker
    /// (tensorPickerShown()); failures go to weightsOpenFailed() and a message box.
    void openWeightsFile(const QString &path);
    /// Converts `tensor` of `file` to float32 off the UI thread with progress, then makes it the
    /// embedding's or the Linear's weight as one undo step. Emits weightsLoaded() or weightsOpenFailed().
    void loadTensor(std::shared_ptr<const core::WeightFile> file, const QString &tensor, Lab::LoadRole role,
                    bool tied);

    /// Undo snapshots of weights are kept under this many bytes (older steps are dropped).
    static constexpr std::uint64_t kDefaultUndoBudget = std::uint64_t(1) << 30;
    void setUndoBudget(std::uint64_t bytes) { m_undoBudget = bytes; }

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

    /// The histogram dock shows embedding.weight and lm_head.weight overlaid.
    void setHistogramCompare(bool on);

Q_SIGNALS:
    void screenshotSaved(bool ok);
    void tensorPickerShown(embedlab::ui::TensorPicker *picker);
    void weightsOpenFailed(const QString &message);
    void weightsLoaded(const QString &file, const QString &tensor);

protected:
    void closeEvent(QCloseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void createCentralArea();
    void createDocks();
    void createActions();
    void createMenusAndToolBars();
    void createLessonDocks();
    void connectLab();
    void updateHeatmapTitles();
    void updateUndoActions();
    void updateHistogramSources();
    void onTiedChanged();
    void onInitRequested(const QString &target, const core::InitSpec &spec);
    void onInitFinished();
    void pushWeightsCommand(WeightsCommand *command);
    int partsFor(const QString &target) const;
    void showWeightsError(const QString &title, const QString &message);

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
    QAction *m_openWeightsAction = nullptr;
    QAction *m_tieAction = nullptr;
    QAction *m_untieCloneAction = nullptr;
    QAction *m_untieReinitAction = nullptr;
    QAction *m_trainStepAction = nullptr;
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

    InitPanel *m_initPanel = nullptr;
    InitHistogram *m_histogram = nullptr;
    QComboBox *m_histogramTarget = nullptr;
    UnembeddingView *m_unembeddingView = nullptr;
    TrainingPanel *m_trainingPanel = nullptr;
    QDockWidget *m_initDock = nullptr;
    QDockWidget *m_histogramDock = nullptr;
    QDockWidget *m_unembeddingDock = nullptr;
    QDockWidget *m_trainingDock = nullptr;

    QString m_colorMapName = QStringLiteral("RdBu");
    bool m_typingIds = false;
    bool m_histogramCompare = false;
    UntiePolicy m_untiePolicy = UntiePolicy::Ask;
    std::uint64_t m_undoBudget = kDefaultUndoBudget;
    // The init step a slider drag keeps replacing until InitPanel::editFinished().
    WeightsCommand *m_openInit = nullptr;
    // A request that arrived while the Lab was busy: the newest wins.
    std::optional<std::pair<QString, core::InitSpec>> m_deferredInit;
    std::shared_ptr<Lab::WeightState> m_stepBefore;
    QPointer<QWidget> m_untieDialog;
    bool m_loading = false;
};

} // namespace embedlab::ui
