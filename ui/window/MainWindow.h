// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/io/WeightFile.h"
#include "ui/model/Document.h"
#include "ui/model/Lab.h"
#include "ui/model/LabUndo.h"
#include "ui/window/IdleTracker.h"
#include "ui/window/PanelRegistry.h"
#include "ui/window/SidePanels.h"
#include "ui/window/TieController.h"
#include "ui/window/WeightHeatmaps.h"
#include "ui/window/WindowActions.h"

#include <QList>
#include <QMainWindow>

#include <cstdint>
#include <functional>
#include <memory>

class QLabel;
class QProgressBar;
class QSplitter;
class QToolBar;
class QUndoStack;

namespace embedlab::ui {

class DefaultLayout;
class WindowSizeKeeper;
class ExportController;
class FocusMode;
class HeatmapView;
class IdsEntry;
class LessonController;
class LookupArea;
class OneHotAnimation;
class OneHotView;
class PaneNavigator;
class ProjectorMode;
class SessionController;
class TensorPicker;
class TokenChips;
class CodeClipboard;
class UndoActions;
class WeightFileLoader;

/// The `embedlab` window: the views of one Document, composed of explicit parts. Each part is
/// handed the document and the actions it serves (WindowActions): the ids row (IdsEntry), the
/// lookup column (LookupArea), the two weight heatmaps (WeightHeatmaps), the side panels
/// (SidePanels, registered in the PanelRegistry), tying (TieController), sessions, export, the
/// guided lesson, projector and focus mode and weight files. The window keeps no model state of
/// its own: built again around the same document (a language switch, the lesson starting or
/// ending) it shows exactly what it showed.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    struct Options {
        /// Autosave and restore after a crash: the interactive app only (tests, screenshots and
        /// scripted exports start from a known state and leave no markers behind).
        bool recovery = false;
        /// Projector mode also fills the screen (not for headless export and tests).
        bool projectorFullScreen = true;
    };

    explicit MainWindow(QWidget *parent = nullptr);
    explicit MainWindow(const Options &options, QWidget *parent = nullptr);
    /// A window on `document` (nullptr: a new one), which it owns from now on. It shows
    /// document->active(): the lesson's document while the lesson runs. `layout` (normalLayout() of
    /// the window this one replaces) places the docks before the document's panels are shown.
    MainWindow(const Options &options, Document *document, QWidget *parent = nullptr,
               const QByteArray &layout = {});
    ~MainWindow() override;

    /// Hands the document to another window: from now on nothing of this window hears from it or
    /// reaches it. This window is only to be hidden and deleted after.
    Document *releaseDocument();

    /// The teacher's document (sessions save it); shown() is what the window shows.
    Document *document() const { return m_root; }
    Document *shown() const { return m_doc; }
    Lab *lab() const { return m_doc->lab(); }
    LabUndo *undo() const { return m_doc->undo(); }
    QUndoStack *undoStack() const { return m_doc->undo()->stack(); }
    OneHotAnimation *animation() const { return m_doc->animation(); }
    const WindowActions &actions() const { return m_actions; }
    const PanelRegistry &panelRegistry() const { return *m_registry; }
    IdsEntry *idsEntry() const { return m_idsEntry; }
    LookupArea *lookupArea() const { return m_lookup; }
    OneHotView *oneHotView() const;
    HeatmapView *embeddingHeatmap() const { return m_heatmaps->embedding(); }
    HeatmapView *lmHeadHeatmap() const { return m_heatmaps->lmHead(); }
    const SidePanels &sidePanels() const { return *m_panels; }
    CodePanel *codePanel() const { return m_panels->codePanel(); }
    LayerPanel *layerPanel() const { return m_panels->layerPanel(); }
    InitPanel *initPanel() const { return m_panels->initPanel(); }
    InitHistogram *histogram() const { return m_panels->histogram(); }
    UnembeddingView *unembeddingView() const { return m_panels->unembeddingView(); }
    TrainingPanel *trainingPanel() const { return m_panels->trainingPanel(); }
    NeighbourSearch *neighbourSearch() const { return m_panels->neighbourSearch(); }
    NeighboursPanel *neighboursPanel() const { return m_panels->neighboursPanel(); }
    QDockWidget *neighboursDock() const { return m_registry->dock(QStringLiteral("neighbours")); }
    TokenChips *tokenChips() const;
    TieController *ties() const { return m_ties; }
    CodeClipboard *clipboard() const { return m_clipboard; }
    FocusMode *focusMode() const { return m_focus; }
    ProjectorMode *projector() const { return m_projector; }
    PaneNavigator *panes() const { return m_panes; }
    SessionController *sessions() const { return m_sessions; }
    ExportController *exports() const { return m_exports; }
    LessonController *lessons() const { return m_lessons; }
    WeightFileLoader *weightFiles() const { return m_weightFiles; }

    /// The side panels a lesson step chooses among, and the dock of each.
    QList<Lesson::Panel> panels() const { return m_registry->lessonPanels(); }
    QDockWidget *dock(Lesson::Panel panel) const;
    /// Every dock of the side panels a lesson step chooses among, in registration order.
    QList<QDockWidget *> docks() const;

    /// The ids field takes text (tokenized by the model's tokenizer) instead of ids; refused while
    /// no tokenizer is known.
    void setTextMode(bool on) { m_doc->setTextMode(on); }
    bool isTextMode() const { return m_doc->textMode(); }

    /// See TieController.
    void setUntiePolicy(TieController::UntiePolicy policy) { m_ties->setUntiePolicy(policy); }
    void requestTie(bool tied) { m_ties->requestTie(tied); }
    void untie(core::TiedModel::UntieMode mode) { m_ties->untie(mode); }

    /// See WeightFileLoader::openFile() and loadTensor().
    void openWeightsFile(const QString &path);
    void loadTensor(std::shared_ptr<const core::WeightFile> file, const QString &tensor, Lab::LoadRole role,
                    bool tied);

    static constexpr std::uint64_t kDefaultUndoBudget = LabUndo::kDefaultBudget;
    void setUndoBudget(std::uint64_t bytes);

    /// Dock and toolbar layout and the window geometry, in the settings: the normal layout, never
    /// projector or focus mode's (issue #24 item 3).
    void saveSettings() const;
    void restoreSettings();
    /// The docks' layout as the normal view has it (projector and focus mode put theirs back).
    QByteArray normalLayout() const;

    /// True when nothing is being computed in the background (model, heatmaps, histogram, printed
    /// output, a weight file being loaded).
    bool isIdle() const { return m_idle->isIdle(); }
    /// Narrows the window back to the size it was given once its minimum allows (issue #25).
    WindowSizeKeeper *sizeKeeper() const { return m_sizeKeeper; }
    /// Runs `then` once isIdle() holds (at once when it does), unless the window goes first.
    void whenIdle(std::function<void()> then) { m_idle->whenIdle(std::move(then)); }
    /// Once everything is computed, shows animation step `step` at `progress` and saves the window
    /// as a PNG, then emits screenshotSaved().
    void saveScreenshotWhenIdle(const QString &fileName, int step = 1, double progress = 0.6);
    /// Grabs the window into `fileName` after `turns` turns of the event loop and once idle.
    void grabWhenSettled(const QString &fileName, int turns);

    /// The colour map of the view in effect (projector mode has its own): see Document.
    void setColorMapName(const QString &name) { m_doc->setColorMap(name); }
    QString colorMapName() const { return m_doc->displayColorMap(); }

    /// The histogram dock shows embedding.weight and lm_head.weight overlaid.
    void setHistogramCompare(bool on);

    /// The status bar's busy bar (the duration is not known in advance): the window's own, and the
    /// one a copy to the clipboard shows while it renders.
    static QProgressBar *createBusyBar(QWidget *parent);

Q_SIGNALS:
    /// Everything pending has finished (see isIdle()).
    void idle();
    void screenshotSaved(bool ok);
    void tensorPickerShown(embedlab::ui::TensorPicker *picker);
    void weightsOpenFailed(const QString &message);
    void weightsLoaded(const QString &file, const QString &tensor);
    /// View > Language chose `code` and installed it: the window's owner (WindowHost) builds the
    /// window again in that language, around the same document.
    void languageChanged(const QString &code);
    /// Preferences applied another theme: the window's owner builds the window again in its colours.
    void themeChanged();
    /// The document shows another document (the lesson started or ended): the window's owner
    /// builds the window again around it.
    void shownDocumentChanged();

protected:
    void closeEvent(QCloseEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void changeEvent(QEvent *event) override;
    /// Tab and Shift+Tab skip the controls of the panels behind a tab (PaneNavigator::isShown).
    bool focusNextPrevChild(bool next) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void createCentralArea();
    void createStatusBar();

    void createParts(const Options &options);
    void createToolBars();
    void connectActions();
    void connectDocument();
    void watchIdleSources();
    void showDocumentState();
    void showDocumentPanels();
    /// The panel shown projected in place of the main pane: a lesson step's (its Fit a Text panel
    /// at "Watch it learn"), or outside the lesson one of the document's projectedPanels(); else
    /// nullptr.
    QDockWidget *projectedPanel() const;
    bool isLessonWindow() const;
    void trackPanels();
    void onBusyChanged(bool busy);
    /// A new document's colour map and animation speed, from the settings.
    void restorePreferences();
    void chooseLanguage(const QString &code);

    Document *m_root;
    Document *m_doc;
    WindowActions m_actions;
    IdleTracker *m_idle;
    WindowSizeKeeper *m_sizeKeeper;
    PanelRegistry *m_registry;
    TieController *m_ties;
    IdsEntry *m_idsEntry = nullptr;
    LookupArea *m_lookup = nullptr;
    WeightHeatmaps *m_heatmaps = nullptr;
    QSplitter *m_mainSplitter = nullptr; // the lookup beside the heatmaps
    SidePanels *m_panels = nullptr;
    QList<QToolBar *> m_toolBars;
    QToolBar *m_animationBar = nullptr;
    UndoActions *m_undoActions = nullptr;
    CodeClipboard *m_clipboard = nullptr;
    DefaultLayout *m_layout = nullptr;
    FocusMode *m_focus = nullptr;
    QProgressBar *m_busyBar = nullptr;
    QLabel *m_busyLabel = nullptr;

    ProjectorMode *m_projector = nullptr;
    PaneNavigator *m_panes = nullptr;
    WeightFileLoader *m_weightFiles = nullptr;
    LessonController *m_lessons = nullptr;
    ExportController *m_exports = nullptr;
    SessionController *m_sessions = nullptr;

    bool m_defaultLayout = true;  // no saved layout was restored and the default one is not fitted yet
    bool m_applyingState = false; // the document's panels are being shown: not a user's change
    bool m_released = false;      // releaseDocument() gave the document to another window
};

} // namespace embedlab::ui
