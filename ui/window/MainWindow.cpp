// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/window/MainWindow.h"

#include "ui/heatmap/ColorMap.h"
#include "ui/heatmap/HeatmapView.h"
#include "ui/histogram/InitHistogram.h"
#include "ui/model/FitSession.h"
#include "ui/model/NeighbourSearch.h"
#include "ui/model/OneHotAnimation.h"
#include "ui/model/Settings.h"
#include "ui/paint/AccessibleNames.h"
#include "ui/views/CodePanel.h"
#include "ui/views/OneHotView.h"
#include "ui/views/TensorPicker.h"
#include "ui/views/TrainingPanel.h"
#include "ui/views/UnembeddingView.h"
#include "ui/window/AnimationToolBar.h"
#include "ui/window/CodeClipboard.h"
#include "ui/window/DefaultLayout.h"
#include "ui/window/ExportController.h"
#include "ui/window/FocusMode.h"
#include "ui/window/IdsEntry.h"
#include "ui/window/KeyRouter.h"
#include "ui/window/LessonController.h"
#include "ui/window/LookupArea.h"
#include "ui/window/PaneNavigator.h"
#include "ui/window/ProjectorMode.h"
#include "ui/window/SessionController.h"
#include "ui/window/ShortenedFileNotice.h"
#include "ui/window/TokenizerOffer.h"
#include "ui/window/Translations.h"
#include "ui/window/UndoActions.h"
#include "ui/window/WeightFileLoader.h"
#include "ui/window/WheelNeedsFocus.h"
#include "ui/window/WindowDialogs.h"
#include "ui/window/WindowMenus.h"
#include "ui/window/WindowSizeKeeper.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCheckBox>
#include <QCloseEvent>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QScopedValueRollback>
#include <QScrollArea>
#include <QShowEvent>
#include <QSlider>
#include <QSplitter>
#include <QStatusBar>
#include <QStyle>
#include <QToolBar>
#include <QUndoStack>
#include <QVBoxLayout>

#include <cmath>

namespace embedlab::ui {

namespace {

/// `document`, owned by `window` from now on; a new one when there is none.
Document *adopt(Document *document, QObject *window)
{
    if (!document)
        return new Document(window);
    document->setParent(window);
    return document;
}

} // namespace

MainWindow::MainWindow(QWidget *parent)
    : MainWindow(Options{}, parent)
{}

MainWindow::MainWindow(const Options &options, QWidget *parent)
    : MainWindow(options, nullptr, parent)
{}

MainWindow::MainWindow(const Options &options, Document *document, QWidget *parent, const QByteArray &layout)
    : QMainWindow(parent)
    , m_root(adopt(document, this))
    , m_doc(m_root->active())
    , m_actions(WindowActions::create(this))
    , m_idle(new IdleTracker(this))
    , m_sizeKeeper(new WindowSizeKeeper(this))
    , m_registry(new PanelRegistry(this))
    , m_ties(new TieController(m_doc, m_actions, this))
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("EmbedLab \u2014 nn.Embedding and nn.Linear, one weight matrix"));
    setAcceptDrops(true);
    QCoreApplication::instance()->installEventFilter(new WheelNeedsFocus(this));
    // The focused control gets its keys; PageDown/PageUp reach the lesson wherever the focus is.
    (new KeyRouter(this))->setPresenterActions({m_actions.lessonNext, m_actions.lessonPrevious});
    createCentralArea();
    m_panels = new SidePanels(m_doc, this, m_registry, m_ties);
    connect(m_panels, &SidePanels::message, statusBar(), &QStatusBar::showMessage);
    connect(m_panels, &SidePanels::openWeightsRequested, m_actions.openWeights, &QAction::trigger);
    createToolBars();
    connectActions();
    connectDocument();
    if (!document)
        restorePreferences();
    m_layout = new DefaultLayout(this, m_registry, m_lookup, m_heatmaps->embedding());
    m_layout->apply();
    restoreSettings();
    if (!layout.isEmpty() && restoreState(layout, kWindowLayoutVersion))
        m_defaultLayout = false;
    // After the saved layout: the lesson's dock is shown only by the lesson, and a crash recovery
    // applies its session to a finished window.
    createParts(options);
    WindowMenus::build(this, m_actions, *m_registry, m_toolBars,
                       {m_sessions->recentMenu(), m_exports->exportMenu(), m_exports->copyMenu()});
    m_panes = new PaneNavigator(this, centralWidget(), *m_registry, m_actions); // F6, Ctrl+Tab (#25)
    new ShortenedFileNotice(this); // a file read in place that another program shortens (#28)
    watchIdleSources();
    AccessibleNames::nameAll(this); // every control that has a label is named after it (#25)
    // A new document takes the panels of the layout the window restored (the user's last); a
    // document that was shown before (a language switch, the lesson) or opened shows its own.
    if (!document)
        m_doc->setPanels(m_registry->shownNames());
    showDocumentState();
    trackPanels();
}

MainWindow::~MainWindow()
{
    // Nothing may reach the window's slots from the children destroyed after this point (the
    // document is another window's once released).
    if (!m_released)
        m_doc->undo()->disconnect(this);
    // The docks hide as QWidget's destructor deletes them, after this one: their toggle actions must
    // no longer reach trackPanels()' slot on a window that is gone (UBSan in tst_keyrouting).
    for (const PanelRegistry::Panel &p : m_registry->panels())
        p.dock->toggleViewAction()->disconnect(this);
}

Document *MainWindow::releaseDocument()
{
    m_idsEntry->stopTyping();
    m_released = true;
    // A lesson that just ended is shown by this window alone: it goes with it, not before it.
    if (m_doc != m_root && m_doc != m_root->active())
        m_doc->setParent(this);
    m_root->setParent(nullptr);
    // Without the document's tree (it left the window's above), so the connections inside it stay.
    QList<QObject *> mine = findChildren<QObject *>();
    mine.append(this);
    QList<QObject *> theirs = m_root->findChildren<QObject *>();
    theirs.append(m_root);
    for (QObject *part : std::as_const(theirs)) {
        for (QObject *object : std::as_const(mine)) {
            QObject::disconnect(part, nullptr, object, nullptr);
            QObject::disconnect(object, nullptr, part, nullptr);
        }
    }
    return m_root;
}

OneHotView *MainWindow::oneHotView() const
{
    return m_lookup->oneHotView();
}

TokenChips *MainWindow::tokenChips() const
{
    return m_idsEntry->chips();
}

QDockWidget *MainWindow::dock(Lesson::Panel panel) const
{
    const PanelRegistry::Panel *p = m_registry->find(panel);
    return p ? p->dock : nullptr;
}

QList<QDockWidget *> MainWindow::docks() const
{
    QList<QDockWidget *> list;
    for (const Lesson::Panel panel : panels())
        list.append(dock(panel));
    return list;
}

// ---- the window's widgets ----------------------------------------------------------------------

void MainWindow::createCentralArea()
{
    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(6, 6, 6, 6);
    m_idsEntry = new IdsEntry(m_doc, central);
    layout->addWidget(m_idsEntry);
    layout->addWidget(new TokenizerOffer(m_doc, central));
    // The animation (the lesson) beside the two weight matrices.
    auto *splitter = m_mainSplitter = new QSplitter(Qt::Horizontal, central);
    splitter->setObjectName(QStringLiteral("centralSplitter"));
    splitter->setChildrenCollapsible(false);
    m_lookup = new LookupArea(m_doc, splitter);
    m_heatmaps = new WeightHeatmaps(m_doc, m_actions.blockGrid, splitter);
    connect(m_heatmaps, &WeightHeatmaps::rowChosen, this, [this](int row) {
        statusBar()->showMessage(tr("Row %1 of embedding.weight is the embedding of token id %1").arg(row),
                                 6000);
    });
    splitter->addWidget(m_lookup);
    splitter->addWidget(m_heatmaps);
    // The weight matrices are what the app is named for: their column takes most of the width
    // (#16 item 15).
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 2);
    layout->addWidget(splitter, 1);
    m_focus = new FocusMode(this, central);
    createStatusBar();
}

QProgressBar *MainWindow::createBusyBar(QWidget *parent)
{
    auto *bar = new QProgressBar(parent);
    bar->setRange(0, 0); // busy: the duration of a rebuild or a render is not known in advance
    bar->setMaximumWidth(160);
    return bar;
}

void MainWindow::createStatusBar()
{
    m_busyBar = createBusyBar(this);
    m_busyBar->setVisible(false);
    m_busyLabel = new QLabel(this);
    statusBar()->addPermanentWidget(m_busyLabel);
    statusBar()->addPermanentWidget(m_busyBar);
}

void MainWindow::createParts(const Options &options)
{
    m_projector = new ProjectorMode(this, {m_actions.zoomIn, m_actions.zoomOut, m_actions.zoomReset},
                                    options.projectorFullScreen);
    connect(m_actions.projector, &QAction::toggled, m_doc, &Document::setProjector);
    connect(m_projector, &ProjectorMode::enabledChanged, m_actions.projector, &QAction::setChecked);
    connect(m_projector, &ProjectorMode::enabledChanged, this, [this](bool on) {
        // The layout comes back as it was; the panels as the document says now (a lesson step
        // may have chosen others meanwhile). Switched on, a lesson step's panel may take the
        // main pane's place.
        showDocumentPanels();
        // With projector fonts the two toolbars do not fit one line at 1024 x 768: the animation's
        // controls get a line of their own instead of an overflow menu.
        if (on && !toolBarBreak(m_animationBar))
            insertToolBarBreak(m_animationBar);
        else if (!on && toolBarBreak(m_animationBar))
            removeToolBarBreak(m_animationBar);
    });
    m_weightFiles = new WeightFileLoader(this, m_doc, this);
    connect(m_weightFiles, &WeightFileLoader::tensorPickerShown, this, &MainWindow::tensorPickerShown);
    connect(m_weightFiles, &WeightFileLoader::openFailed, this, &MainWindow::weightsOpenFailed);
    connect(m_weightFiles, &WeightFileLoader::loaded, this, &MainWindow::weightsLoaded);
    connect(m_weightFiles, &WeightFileLoader::message, statusBar(), &QStatusBar::showMessage);
    m_lessons = new LessonController(this, m_actions);
    m_projector->setKeptDock(m_lessons->dock());
    // Projected beside the lesson, the diagram's names wrap so that the lesson keeps room for its
    // words (#25).
    connect(m_lessons->dock(), &QDockWidget::visibilityChanged, m_lookup->oneHotView(),
            &OneHotView::setNarrowWhenProjected);
    // Projected, the lookup column is as narrow as keeps its diagram drawn with labels of 16 px (and
    // a third at least); the heatmaps get the rest of the width. Where no width does (Chinese's
    // taller lines at 768 px), the columns stay as they were.
    m_projector->setMainColumns(m_mainSplitter, [this](int total, int height) {
        const int least = std::max(m_lookup->minimumSizeHint().width(), total / 3);
        return m_lookup->narrowestFitting(height, least, std::max(least, total * 2 / 3));
    });
    QList<QWidget *> views{m_heatmaps->embedding(), m_heatmaps->lmHead(), m_lookup};
    QList<QWidget *> chrome{m_lessons->dock()};
    for (const PanelRegistry::Panel &p : m_registry->panels()) {
        views.append(p.dock->widget());
        chrome.append(p.dock);
    }
    for (QToolBar *bar : std::as_const(m_toolBars))
        chrome.append(bar);
    m_focus->setViews(views);
    m_focus->setChrome(chrome);
    m_exports = new ExportController(this, m_actions);
    m_sessions = new SessionController(this, m_actions, options.recovery);
}

// ---- menus and tool bars -----------------------------------------------------------------------

void MainWindow::createToolBars()
{
    m_animationBar = new AnimationToolBar(m_doc->animation(), m_actions, m_lookup->batchCounters(), this);
    m_toolBars = {WindowMenus::mainToolBar(this, m_actions), m_animationBar};
    for (QToolBar *bar : std::as_const(m_toolBars))
        addToolBar(bar);
}

// ---- actions -----------------------------------------------------------------------------------

void MainWindow::connectActions()
{
    const WindowActions &a = m_actions;
    LabUndo *undo = m_doc->undo();
    m_undoActions = new UndoActions(m_doc, m_actions, this);
    connect(a.openWeights, &QAction::triggered, this, [this] {
        const QString file =
            QFileDialog::getOpenFileName(this, tr("Open Weights"), QString(),
                                         tr("Weight files (*.npy *.safetensors *.gguf);;PyTorch pickles "
                                            "(*.pt *.pth *.bin);;All files (*)"));
        if (!file.isEmpty())
            openWeightsFile(file);
    });
    connect(a.quit, &QAction::triggered, this, &QWidget::close);
    connect(undo, &LabUndo::notice, this,
            [this](const QString &text) { statusBar()->showMessage(text, 10000); });
    m_clipboard = new CodeClipboard(m_registry, m_panels, m_actions, this);
    connect(a.preferences, &QAction::triggered, this, [this] {
        if (WindowDialogs::showPreferences(this, m_doc))
            Q_EMIT themeChanged();
    });
    connect(a.presetReference, &QAction::triggered, undo,
            [undo] { undo->applyPreset(Lab::Preset::Reference); });
    connect(a.presetGpt2, &QAction::triggered, undo, [undo] { undo->applyPreset(Lab::Preset::Gpt2Small); });
    connect(a.trainStep, &QAction::triggered, this, [this] {
        PanelRegistry::raise(m_registry->dock(QStringLiteral("training")));
        trainingPanel()->step();
    });
    connect(a.focusView, &QAction::triggered, m_focus, [this] {
        m_projector->setFeaturedDock(nullptr); // the view to focus on is in the main pane
        m_focus->enter();
    });
    connect(a.leaveFocus, &QAction::triggered, m_focus, &FocusMode::leave);
    connect(m_focus, &FocusMode::activeChanged, this, [this](bool active) {
        m_actions.focusView->setEnabled(!active);
        m_actions.leaveFocus->setEnabled(active);
        m_doc->setFocusMode(active);
        if (!active)
            showDocumentPanels();
    });
    connect(a.zoomIn, &QAction::triggered, m_heatmaps, &WeightHeatmaps::zoomIn);
    connect(a.zoomOut, &QAction::triggered, m_heatmaps, &WeightHeatmaps::zoomOut);
    connect(a.zoomReset, &QAction::triggered, m_heatmaps, &WeightHeatmaps::resetZoom);
    connect(a.fullScreen, &QAction::toggled, this, [this](bool on) { on ? showFullScreen() : showNormal(); });
    connect(a.colorMaps, &QActionGroup::triggered, this, [this](QAction *action) {
        const QString name = action->data().toString();
        m_doc->setColorMap(ColorMap::isKnownName(name) ? ColorMap::fromName(name).name()
                                                       : QStringLiteral("RdBu"));
    });
    for (QAction *action : a.languages->actions())
        action->setChecked(action->data().toString() == Translations::preferredCode());
    connect(a.languages, &QActionGroup::triggered, this,
            [this](QAction *action) { chooseLanguage(action->data().toString()); });
    connect(a.about, &QAction::triggered, this, [this] { WindowDialogs::showAbout(this); });
    connect(a.aboutQt, &QAction::triggered, qApp, &QApplication::aboutQt);
}

void MainWindow::setUndoBudget(std::uint64_t bytes)
{
    m_doc->undo()->setBudget(bytes);
    m_undoActions->update();
}

// ---- the document ------------------------------------------------------------------------------

void MainWindow::connectDocument()
{
    const Lab *lab = m_doc->lab();
    connect(lab, &Lab::notice, this,
            [this](const QString &message) { statusBar()->showMessage(message, 12000); });
    connect(m_doc->fitSession(), &FitSession::notice, this,
            [this](const QString &message) { statusBar()->showMessage(message, 12000); });
    connect(lab, &Lab::tieFailed, this, [this](const QString &message) {
        statusBar()->showMessage(message, 12000);
        WindowDialogs::showWarning(this, tr("lm_head cannot be tied"), message);
    });
    connect(lab, &Lab::busyChanged, this, &MainWindow::onBusyChanged);
    connect(lab, &Lab::busyMessage, m_busyLabel, &QLabel::setText);
    connect(lab, &Lab::rebuildFailed, this, [this](const QString &message) {
        statusBar()->showMessage(message, 10000);
        WindowDialogs::showWarning(this, tr("The model could not be built"), message);
    });
    connect(lab, &Lab::initFailed, this,
            [this](const QString &message) { statusBar()->showMessage(message, 8000); });
    connect(m_doc, &Document::changed, this, [this](ViewState::Field field) {
        if (field == ViewState::Field::Projector)
            m_projector->setEnabled(m_doc->projector());
        else if (field == ViewState::Field::ColorMap)
            for (QAction *action : m_actions.colorMaps->actions())
                action->setChecked(action->data().toString() == m_doc->displayColorMap());
        else if (field == ViewState::Field::Panels || field == ViewState::Field::ProjectedPanels)
            showDocumentPanels();
    });
    // Queued: the old document's signal is still being delivered when the window goes.
    connect(m_root, &Document::activeChanged, this, &MainWindow::shownDocumentChanged, Qt::QueuedConnection);
    onBusyChanged(lab->isBusy());
}

void MainWindow::showDocumentPanels()
{
    // View modes hide every panel: the document's come back when they end. Projected, the panels
    // shown from View come (the document's projectedPanels(), so that a language switch, which
    // builds the window again, or a reopened session shows them again), a whole picture in the
    // main pane's place (docked under it at 1024 x 768 Fit a Text had 150 px and squeezed the
    // diagram's labels under 16 px, #25); in the lesson, only its step's whole picture.
    if (!m_projector || m_focus->isActive())
        return;
    const QScopedValueRollback applying(m_applyingState, true);
    if (!m_projector->isEnabled()) {
        m_registry->showOnly(m_doc->panels());
        return;
    }
    m_projector->setFeaturedDock(projectedPanel());
    if (isLessonWindow())
        return;
    for (const PanelRegistry::Panel &p : m_registry->panels())
        if (!p.replacesMainWhenProjected)
            p.dock->setVisible(m_doc->projectedPanels().contains(p.name));
}

bool MainWindow::isLessonWindow() const
{
    return m_lessons && m_lessons->isLessonWindow();
}

QDockWidget *MainWindow::projectedPanel() const
{
    // A lesson step's whole picture, else the one the document shows from View.
    const QStringList &names = isLessonWindow() ? m_doc->panels() : m_doc->projectedPanels();
    for (const PanelRegistry::Panel &p : m_registry->panels())
        if (p.replacesMainWhenProjected && names.contains(p.name))
            return p.dock;
    return nullptr;
}

void MainWindow::showDocumentState()
{
    // What the document says is shown: its panels (the lesson's step chose them), then its view
    // modes on top (they hide the panels and put them back).
    const QScopedValueRollback applying(m_applyingState, true);
    m_registry->showOnly(m_doc->panels());
    for (QAction *action : m_actions.colorMaps->actions())
        action->setChecked(action->data().toString() == m_doc->displayColorMap());
    if (m_doc->projector())
        m_projector->setEnabled(true);
    if (m_doc->focusMode())
        m_focus->enter(m_heatmaps->embedding());
}

void MainWindow::trackPanels()
{
    // A panel the user shows or hides is the document's (projected, in its own list); view modes
    // hiding every panel are not, nor the lesson's steps choosing theirs while projected.
    for (const PanelRegistry::Panel &p : m_registry->panels()) {
        connect(p.dock->toggleViewAction(), &QAction::toggled, this, [this, name = p.name](bool on) {
            if (m_applyingState || m_projector->isSwitching() || m_focus->isActive() || !isVisible())
                return;
            if (!m_projector->isEnabled())
                m_doc->setPanelShown(name, on);
            else if (!isLessonWindow())
                m_doc->setProjectedPanelShown(name, on);
        });
    }
}

void MainWindow::onBusyChanged(bool busy)
{
    m_busyBar->setVisible(busy);
    m_busyLabel->setVisible(busy);
    // Nothing may write the weights while a worker reads them.
    for (QAction *action : m_actions.weightWriters())
        action->setEnabled(!busy);
    m_ties->updateActions();
    trainingPanel()->setEnabled(!busy);
}

void MainWindow::setHistogramCompare(bool on)
{
    HistogramState state = m_doc->histogram();
    state.compare = on;
    m_doc->setHistogram(state);
}

// ---- files -------------------------------------------------------------------------------------

void MainWindow::openWeightsFile(const QString &path)
{
    m_weightFiles->openFile(path);
}

void MainWindow::loadTensor(std::shared_ptr<const core::WeightFile> file, const QString &tensor,
                            Lab::LoadRole role, bool tied)
{
    m_weightFiles->loadTensor(std::move(file), tensor, role, tied);
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.size() != 1 || !urls.first().isLocalFile())
        return;
    const QString file = urls.first().toLocalFile();
    if (WeightFileLoader::isWeightFile(file) || SessionController::isSessionFile(file))
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.isEmpty() || !urls.first().isLocalFile())
        return;
    event->acceptProposedAction();
    const QString file = urls.first().toLocalFile();
    if (SessionController::isSessionFile(file)) {
        // Not inside the drop: the unsaved-changes question runs its own event loop.
        QMetaObject::invokeMethod(
            this, [this, file] { m_sessions->openInteractively(file); }, Qt::QueuedConnection);
        return;
    }
    openWeightsFile(file);
}

// ---- settings, dialogs, idleness ---------------------------------------------------------------

void MainWindow::restorePreferences()
{
    const QSettings settings = appSettings();
    const QString colorMap =
        settings.value(QStringLiteral("view/colorMap"), QStringLiteral("RdBu")).toString();
    m_doc->setColorMap(ColorMap::isKnownName(colorMap) ? ColorMap::fromName(colorMap).name()
                                                       : QStringLiteral("RdBu"));
    m_doc->animation()->setSpeed(settings.value(QStringLiteral("animation/speed"), 1.0).toDouble());
}

void MainWindow::chooseLanguage(const QString &code)
{
    if (code == Translations::installedCode())
        return;
    Translations::remember(code);
    if (Translations::install(code))
        Q_EMIT languageChanged(code);
}

QByteArray MainWindow::normalLayout() const
{
    if (m_projector && m_projector->isEnabled())
        return m_projector->savedLayout();
    if (m_focus->isActive())
        return m_focus->savedWindowState();
    return saveState(kWindowLayoutVersion);
}

void MainWindow::saveSettings() const
{
    QSettings settings = appSettings();
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    // Projector and focus mode are view states: the next start shows the normal layout.
    settings.setValue(QStringLiteral("window/state"), normalLayout());
}

void MainWindow::restoreSettings()
{
    const QSettings settings = appSettings();
    const QByteArray geometry = settings.value(QStringLiteral("window/geometry")).toByteArray();
    if (!geometry.isEmpty())
        restoreGeometry(geometry);
    const QByteArray state = settings.value(QStringLiteral("window/state")).toByteArray();
    if (!state.isEmpty() && restoreState(state, kWindowLayoutVersion))
        m_defaultLayout = false;
}

void MainWindow::showEvent(QShowEvent *event)
{
    QMainWindow::showEvent(event);
    if (std::exchange(m_defaultLayout, false))
        m_layout->fitShownSize();
}

void MainWindow::changeEvent(QEvent *event)
{
    QMainWindow::changeEvent(event);
    // Full screen and its check mark always agree, whoever changed it (F11, projector mode, the
    // window manager, a window built again after a language switch).
    if (event->type() == QEvent::WindowStateChange) {
        const QSignalBlocker quiet(m_actions.fullScreen);
        m_actions.fullScreen->setChecked(isFullScreen());
    }
}

bool MainWindow::focusNextPrevChild(bool next)
{
    // Qt keeps a dock behind a tab visible, moved out of sight: its controls stay in the focus
    // chain, so Tab goes on past them (at most once round the chain).
    QWidget *first = nullptr;
    while (QMainWindow::focusNextPrevChild(next)) {
        QWidget *focus = QApplication::focusWidget();
        if (!m_panes || !focus || PaneNavigator::isShown(focus) || focus == first)
            return true;
        if (!first)
            first = focus;
    }
    return false;
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!m_sessions->maybeClose()) {
        event->ignore();
        return;
    }
    saveSettings();
    QMainWindow::closeEvent(event);
}

void MainWindow::watchIdleSources()
{
    const Lab *lab = m_doc->lab();
    m_idle->watch(lab, &Lab::busyChanged, [lab] { return lab->isBusy(); });
    m_idle->watch(lab, &Lab::pathsChanged, [lab] { return lab->idsValid() && !lab->hasPaths(); });
    for (HeatmapView *view : {m_heatmaps->embedding(), m_heatmaps->lmHead()})
        m_idle->watch(view, &HeatmapView::rebuilt, [view] { return view->isRebuilding(); });
    m_idle->watch(codePanel(), &CodePanel::outputUpdated, [] { return false; });
    m_idle->watch(histogram(), &InitHistogram::busyChanged, [] { return false; });
    m_idle->watch(unembeddingView(), &UnembeddingView::computingChanged, [] { return false; });
    m_idle->watch(neighbourSearch(), &NeighbourSearch::runningChanged, [] { return false; });
    // The fit's busy question is its panel's (the registry's): its frames say when to ask again.
    m_idle->watch(m_panels->fitSession(), &FitSession::changed, [] { return false; });
    // The panels' own busy questions, from the registry.
    const PanelRegistry *registry = m_registry;
    m_idle->watch([registry] { return registry->anyBusy(); });
    const IdsEntry *ids = m_idsEntry;
    m_idle->watch([ids] { return ids->isTyping(); });
    const WeightFileLoader *files = m_weightFiles;
    m_idle->watch(files, &WeightFileLoader::loadingChanged, [files] { return files->isLoading(); });
    const SessionController *sessions = m_sessions;
    m_idle->watch(sessions, &SessionController::restoreFinished,
                  [sessions] { return sessions->isRestoring(); });
    connect(m_idle, &IdleTracker::idle, this, &MainWindow::idle);
}

void MainWindow::saveScreenshotWhenIdle(const QString &fileName, int step, double progress)
{
    whenIdle([this, fileName, step, progress] {
        m_doc->animation()->setStep(step);
        m_doc->animation()->setProgress(progress);
        // The step's caption may take another line: the window lays itself out again first (a
        // grab at once caught the histogram half-way, its count title "tần ..." by a scroll bar).
        grabWhenSettled(fileName, 5);
    });
}

void MainWindow::grabWhenSettled(const QString &fileName, int turns)
{
    if (turns > 0) {
        QMetaObject::invokeMethod(
            this, [this, fileName, turns] { grabWhenSettled(fileName, turns - 1); }, Qt::QueuedConnection);
        return;
    }
    whenIdle([this, fileName] { Q_EMIT screenshotSaved(grab().save(fileName, "PNG")); });
}

} // namespace embedlab::ui
