// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/io/WeightFile.h"
#include "core/nn/TiedModel.h"
#include "ui/model/Lab.h"
#include "ui/model/LabUndo.h"
#include "ui/model/Lesson.h"
#include "ui/window/WindowActions.h"

#include <QList>
#include <QMainWindow>
#include <QPointer>

#include <cstdint>
#include <functional>
#include <memory>

class QCheckBox;
class QComboBox;
class QDockWidget;
class QLabel;
class QLineEdit;
class QProgressBar;
class QSlider;
class QTimer;
class QToolButton;
class QToolBar;
class QUndoStack;

namespace embedlab::ui {

class CodePanel;
class ExportController;
class HeatmapView;
class InitHistogram;
class InitPanel;
class LayerPanel;
class FocusMode;
class LessonController;
class OneHotAnimation;
class OneHotView;
class ProjectorMode;
class SessionController;
class TensorPicker;
class TokenChips;
class NeighbourSearch;
class NeighboursPanel;
class TrainingPanel;
class UnembeddingView;
class WeightFileLoader;

/// The `embedlab` window. It owns the Lab, its undo history and the views, and composes the parts
/// that give the window its features, each handed the actions it serves (WindowActions):
/// sessions, export, the guided lesson, projector mode and weight files.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    struct Options {
        /// Autosave and restore after a crash: the interactive app only (tests, screenshots and
        /// scripted exports start from a known state and leave no markers behind).
        bool recovery = false;
    };

    /// What a window rebuilt in another language takes over from the old one (releaseModel()): the
    /// model with its ids and text, the undo history and the animation's step.
    struct Model {
        Lab *lab = nullptr;
        LabUndo *undo = nullptr;
        OneHotAnimation *animation = nullptr;
    };

    explicit MainWindow(QWidget *parent = nullptr);
    explicit MainWindow(const Options &options, QWidget *parent = nullptr);
    /// A window on `model` (all set, or all null for a new one), which it owns from now on.
    MainWindow(const Options &options, Model model, QWidget *parent = nullptr);
    ~MainWindow() override;

    /// Hands the model to another window: from now on nothing of this window hears from it or
    /// reaches it. This window is only to be hidden and deleted after.
    Model releaseModel();

    Lab *lab() const { return m_lab; }
    LabUndo *undo() const { return m_undo; }
    QUndoStack *undoStack() const;
    const WindowActions &actions() const { return m_actions; }
    OneHotAnimation *animation() const { return m_animation; }
    CodePanel *codePanel() const { return m_codePanel; }
    LayerPanel *layerPanel() const { return m_layerPanel; }
    OneHotView *oneHotView() const { return m_oneHotView; }
    HeatmapView *embeddingHeatmap() const { return m_embeddingHeatmap; }
    HeatmapView *lmHeadHeatmap() const { return m_lmHeadHeatmap; }
    InitPanel *initPanel() const { return m_initPanel; }
    InitHistogram *histogram() const { return m_histogram; }
    UnembeddingView *unembeddingView() const { return m_unembeddingView; }
    TrainingPanel *trainingPanel() const { return m_trainingPanel; }
    TokenChips *tokenChips() const { return m_chips; }
    NeighbourSearch *neighbourSearch() const { return m_neighbours; }
    NeighboursPanel *neighboursPanel() const { return m_neighboursPanel; }
    QDockWidget *neighboursDock() const { return m_neighboursDock; }
    FocusMode *focusMode() const { return m_focus; }
    ProjectorMode *projector() const { return m_projector; }
    SessionController *sessions() const { return m_sessions; }
    ExportController *exports() const { return m_exports; }
    LessonController *lessons() const { return m_lessons; }
    WeightFileLoader *weightFiles() const { return m_weightFiles; }

    /// The side panels a lesson step chooses among, and the dock of each.
    static QList<Lesson::Panel> panels();
    QDockWidget *dock(Lesson::Panel panel) const;
    /// Every dock of the side panels, in creation order (layers, code, init, histogram,
    /// unembedding, training).
    QList<QDockWidget *> docks() const;
    /// The ids field takes text (tokenized by the model's tokenizer) instead of ids; refused while
    /// no tokenizer is known.
    void setTextMode(bool on);
    bool isTextMode() const;
    /// Shows `text` in the ids field without editing the ids (a lesson step types its own).
    void showIdsText(const QString &text);

    /// How unticking "Tie" unties: ask each time (default), or always one way (remembered).
    enum class UntiePolicy { Ask, Clone, Reinitialize };
    void setUntiePolicy(UntiePolicy policy);
    /// Ties (true) or unties (false) as the tie action does, as one undo step.
    void requestTie(bool tied);
    /// Unties without asking, as one undo step.
    void untie(core::TiedModel::UntieMode mode);

    /// See WeightFileLoader::openFile() and loadTensor().
    void openWeightsFile(const QString &path);
    void loadTensor(std::shared_ptr<const core::WeightFile> file, const QString &tensor, Lab::LoadRole role,
                    bool tied);

    static constexpr std::uint64_t kDefaultUndoBudget = LabUndo::kDefaultBudget;
    void setUndoBudget(std::uint64_t bytes);

    /// Dock and toolbar layout and the window geometry, in the settings.
    void saveSettings() const;
    void restoreSettings();

    /// True when nothing is being computed in the background (model, heatmaps, histogram, printed
    /// output, a weight file being loaded).
    bool isIdle() const;
    /// Runs `then` once isIdle() holds (at once when it does), unless the window goes first.
    void whenIdle(std::function<void()> then);
    /// Once everything is computed, shows animation step `step` at `progress` and saves the window
    /// as a PNG, then emits screenshotSaved().
    void saveScreenshotWhenIdle(const QString &fileName, int step = 1, double progress = 0.6);
    /// Grabs the window into `fileName` after `turns` turns of the event loop and once idle.
    void grabWhenSettled(const QString &fileName, int turns);

    void setColorMapName(const QString &name);
    QString colorMapName() const { return m_colorMapName; }

    /// The histogram dock shows embedding.weight and lm_head.weight overlaid.
    void setHistogramCompare(bool on);

Q_SIGNALS:
    /// Everything pending has finished (see isIdle()).
    void idle();
    void screenshotSaved(bool ok);
    void tensorPickerShown(embedlab::ui::TensorPicker *picker);
    void weightsOpenFailed(const QString &message);
    void weightsLoaded(const QString &file, const QString &tensor);
    /// View > Language chose `code` and installed it: the window's owner (WindowHost) builds the
    /// window again in that language, with the same session.
    void languageChanged(const QString &code);

protected:
    void closeEvent(QCloseEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    /// On a narrow window the side column gives the weights its width, down to its minimum.
    void fitSideColumn();
    void fitBottomRow(int passes);
    void createCentralArea();
    QWidget *createIdsRow(QWidget *parent);
    QWidget *createChipsArea(QWidget *parent);
    QWidget *createLookupArea(QWidget *parent);
    void createStatusBar();
    void createDocks();
    void createSidePanels();
    void createNeighboursDock();
    void connectNeighbours();
    void showNeighbours();
    QWidget *createHistogramBox();
    void createParts(const Options &options);
    void connectActions();
    void connectAnimationActions();
    void createMenus();
    void createToolBars();
    QToolBar *createAnimationToolBar();
    void connectLab();
    void connectViews();
    void connectIdleSignals();
    void restorePreferences();
    void scheduleIdleCheck();
    void updateHeatmapTitles();
    void updateUndoActions();
    /// Asks before an action whose undo snapshot does not fit the budget; true: go on without undo.
    bool confirmWithoutUndo(std::uint64_t needed, std::uint64_t budget);
    void updateHistogramSources();
    void onTiedChanged();
    void onBusyChanged(bool busy);
    void onModelRebuilt();
    void recheckRefusedEntry();
    void onIdsTyped(const QString &text);
    void commitIdsText();
    void onIdsChanged();
    /// The text of the ids in effect in text mode, else the ids text: what the field shows.
    QString idsFieldText() const;
    void onVocabularyChanged();
    void updateTokens();
    void onIdsError(const QString &message);
    void onPathsChanged();
    void onAnimationChanged();
    void updateCounters();
    void updateSpeedLabel();
    void askHowToUntie();
    void showPreferences();
    void showAbout();
    void showModalWarning(const QString &title, const QString &message);
    void chooseLanguage(const QString &code);

    Lab *m_lab = nullptr;
    OneHotAnimation *m_animation = nullptr;
    LabUndo *m_undo = nullptr;
    WindowActions m_actions;

    LayerPanel *m_layerPanel = nullptr;
    CodePanel *m_codePanel = nullptr;
    QDockWidget *m_layerDock = nullptr;
    QDockWidget *m_codeDock = nullptr;
    HeatmapView *m_embeddingHeatmap = nullptr;
    HeatmapView *m_lmHeadHeatmap = nullptr;
    OneHotView *m_oneHotView = nullptr;
    QLineEdit *m_idsEdit = nullptr;
    QLabel *m_idsPrefix = nullptr;
    QLabel *m_idsSuffix = nullptr;
    QToolButton *m_textMode = nullptr;
    QLineEdit *m_tokenIds = nullptr;
    TokenChips *m_chips = nullptr;
    QWidget *m_chipsArea = nullptr;
    QLabel *m_idsError = nullptr;
    QLabel *m_badge = nullptr;
    QLabel *m_counters = nullptr;
    QCheckBox *m_batchCounters = nullptr;
    QList<QToolBar *> m_toolBars;
    QToolBar *m_animationBar = nullptr;
    FocusMode *m_focus = nullptr;
    QList<QWidget *> m_focusViews;
    QSlider *m_speedSlider = nullptr;
    QLabel *m_speedLabel = nullptr;
    QProgressBar *m_busyBar = nullptr;
    QLabel *m_busyLabel = nullptr;

    InitPanel *m_initPanel = nullptr;
    InitHistogram *m_histogram = nullptr;
    QComboBox *m_histogramTarget = nullptr;
    UnembeddingView *m_unembeddingView = nullptr;
    TrainingPanel *m_trainingPanel = nullptr;
    QDockWidget *m_initDock = nullptr;
    QDockWidget *m_histogramDock = nullptr;
    QDockWidget *m_unembeddingDock = nullptr;
    QDockWidget *m_trainingDock = nullptr;
    NeighbourSearch *m_neighbours = nullptr;
    NeighboursPanel *m_neighboursPanel = nullptr;
    QDockWidget *m_neighboursDock = nullptr;

    ProjectorMode *m_projector = nullptr;
    WeightFileLoader *m_weightFiles = nullptr;
    LessonController *m_lessons = nullptr;
    ExportController *m_exports = nullptr;
    SessionController *m_sessions = nullptr;

    QString m_colorMapName = QStringLiteral("RdBu");
    bool m_typingIds = false;
    // Typing key by key waits for this pause before the ids apply (Enter applies at once).
    static constexpr int kIdsTypingPause = 400;
    static constexpr int kIdsFieldWidth = 360;
    static constexpr int kSideColumnWidth = 395;
    static constexpr int kNarrowWindowWidth = 1280; // fitSideColumn() narrows the side column below
    bool m_defaultLayout = true; // no saved layout was restored and fitSideColumn() has not run
    QTimer *m_idsPause = nullptr;
    int m_idsTypedLength = 0;
    bool m_histogramCompare = false;
    bool m_idleCheckPending = false;
    UntiePolicy m_untiePolicy = UntiePolicy::Ask;
    QPointer<QWidget> m_untieDialog;
};

} // namespace embedlab::ui
