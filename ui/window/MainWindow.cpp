// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/window/MainWindow.h"

#include "core/tensor/Error.h"
#include "core/nn/OneHot.h"
#include "ui/window/Classroom.h"
#include "ui/views/CodePanel.h"
#include "ui/heatmap/ColorMap.h"
#include "ui/heatmap/HeatmapView.h"
#include "ui/histogram/InitHistogram.h"
#include "ui/views/InitPanel.h"
#include "ui/views/LayerPanel.h"
#include "ui/model/OneHotAnimation.h"
#include "ui/views/OneHotView.h"
#include "ui/views/TensorPicker.h"
#include "ui/views/TrainingPanel.h"
#include "ui/model/UndoCommands.h"
#include "ui/views/UnembeddingView.h"
#include "ui/model/WorkerPool.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QCloseEvent>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QProgressDialog>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSlider>
#include <QSplitter>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>
#include <QUndoCommand>
#include <QUndoStack>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <atomic>
#include <cmath>

namespace embedlab::ui {

namespace {

constexpr int kStateVersion = 1;

QString errorText(const core::Error &e)
{
    return QStringLiteral("%1: %2").arg(QLatin1String(e.kindName()), QString::fromStdString(e.what()));
}

bool isWeightFile(const QString &path)
{
    static const QStringList suffixes = {
        QStringLiteral("npy"), QStringLiteral("safetensors"), QStringLiteral("gguf"), QStringLiteral("pt"),
        QStringLiteral("pth"), QStringLiteral("bin"),         QStringLiteral("ckpt")};
    return suffixes.contains(QFileInfo(path).suffix().toLower());
}

QSettings appSettings()
{
    return QSettings(QStringLiteral("EmbedLab"), QStringLiteral("EmbedLab"));
}

/// The platform's standard keys, plus `ours` where the platform has none (Linux has no Preferences
/// key, and some platform themes have no Quit key).
QList<QKeySequence> keys(QKeySequence::StandardKey standard, const QString &ours)
{
    QList<QKeySequence> list = QKeySequence::keyBindings(standard);
    const QKeySequence fallback(ours);
    if (!list.contains(fallback))
        list.append(fallback);
    return list;
}

QString weightTitle(const QString &name, const Lab::Config &c)
{
    return QStringLiteral("%1  [%2, %3]").arg(name).arg(c.numEmbeddings).arg(c.embeddingDim);
}

/// Scrolls vertically only and stays as wide as its content's minimum: a dock that can be shorter
/// than the histogram (the window fits 1024x768) without clipping the statistics table's columns.
class VerticalScrollArea : public QScrollArea {
public:
    QSize minimumSizeHint() const override
    {
        QSize size = QScrollArea::minimumSizeHint();
        if (const QWidget *content = widget())
            size.setWidth(content->minimumSizeHint().width() + verticalScrollBar()->sizeHint().width() +
                          2 * frameWidth());
        return size;
    }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        // The content's minimum width grows with its table (compare mode): the dock must hear of it.
        if (watched == widget() && event->type() == QEvent::LayoutRequest)
            updateGeometry();
        return QScrollArea::eventFilter(watched, event);
    }
};

} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("EmbedLab \u2014 nn.Embedding and nn.Linear, one weight matrix"));
    m_lab = new Lab(this);
    m_animation = new OneHotAnimation(this);
    m_undoStack = new QUndoStack(this);

    setAcceptDrops(true);
    createCentralArea();
    createDocks();
    createLessonDocks();
    createActions();
    createMenusAndToolBars();
    connectLab();

    const QSettings settings = appSettings();
    const QString untie = settings.value(QStringLiteral("model/untie"), QStringLiteral("ask")).toString();
    m_untiePolicy = untie == QStringLiteral("clone")          ? UntiePolicy::Clone
                    : untie == QStringLiteral("reinitialize") ? UntiePolicy::Reinitialize
                                                              : UntiePolicy::Ask;
    setColorMapName(settings.value(QStringLiteral("view/colorMap"), QStringLiteral("RdBu")).toString());
    m_animation->setSpeed(settings.value(QStringLiteral("animation/speed"), 1.0).toDouble());
    updateSpeedLabel();
    resize(1400, 860);
    // Sized once the window has its default size; a saved layout overrides this.
    resizeDocks({m_layerDock, m_initDock}, {300, 330}, Qt::Horizontal);
    resizeDocks({m_codeDock, m_histogramDock}, {560, 560}, Qt::Horizontal);
    // The bottom row keeps enough for the histogram's chart and table; the rest goes to the
    // animation and the heatmaps, which were squeezed at 1400x860 with every dock shown.
    resizeDocks({m_codeDock}, {370}, Qt::Vertical);
    restoreSettings();
    installClassroom(this);
}

MainWindow::~MainWindow()
{
    // The undo stack is a child: ~QWidget would delete it after this object is no longer a
    // MainWindow, and its clear() emits indexChanged() into our slots (UBSan: a downcast of a
    // QWidget). Nothing may reach MainWindow's slots from here on.
    m_undoStack->disconnect(this);
    delete m_undoStack;
    m_undoStack = nullptr;
}

void MainWindow::createCentralArea()
{
    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(6, 6, 6, 6);

    // The ids, with PyTorch's error beside the field.
    auto *idsRow = new QHBoxLayout;
    auto *idsLabel = new QLabel(QStringLiteral("ids = torch.tensor("), central);
    idsLabel->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_idsEdit = new QLineEdit(central);
    m_idsEdit->setObjectName(QStringLiteral("ids"));
    m_idsEdit->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_idsEdit->setPlaceholderText(tr("token ids, e.g. 2, 3, 1 or [[2, 3], [1, 0]]"));
    m_idsEdit->setToolTip(
        tr("Token ids: a list (2, 3, 1) or a 2-D batch ([[2, 3], [1, 0]]). Each id picks one "
           "row of embedding.weight."));
    m_idsEdit->setMaximumWidth(360);
    idsLabel->setBuddy(m_idsEdit);
    auto *idsClose = new QLabel(QStringLiteral(")"), central);
    idsClose->setFont(idsLabel->font());
    m_idsError = new QLabel(central);
    m_idsError->setObjectName(QStringLiteral("idsError"));
    m_idsError->setStyleSheet(QStringLiteral("color: #c0392b; font-weight: bold;"));
    m_idsError->setTextInteractionFlags(Qt::TextSelectableByMouse);
    idsRow->addWidget(idsLabel);
    idsRow->addWidget(m_idsEdit, 1);
    idsRow->addWidget(idsClose);
    idsRow->addSpacing(12);
    idsRow->addWidget(m_idsError, 1);
    layout->addLayout(idsRow);

    // The animation (the lesson) beside the two weight matrices.
    auto *splitter = new QSplitter(Qt::Horizontal, central);
    splitter->setObjectName(QStringLiteral("centralSplitter"));
    splitter->setChildrenCollapsible(false);
    auto *lesson = new QWidget(splitter);
    auto *lessonLayout = new QVBoxLayout(lesson);
    lessonLayout->setContentsMargins(0, 0, 0, 0);
    m_oneHotView = new OneHotView(lesson);
    m_oneHotView->setObjectName(QStringLiteral("oneHotView"));
    m_oneHotView->setLab(m_lab);
    m_oneHotView->setAnimation(m_animation);
    lessonLayout->addWidget(m_oneHotView, 1);

    // The badge and the counters for a whole forward pass.
    auto *badgeRow = new QHBoxLayout;
    m_badge = new QLabel(lesson);
    m_badge->setObjectName(QStringLiteral("equalityBadge"));
    m_badge->setTextFormat(Qt::RichText);
    m_counters = new QLabel(lesson);
    m_counters->setObjectName(QStringLiteral("counters"));
    m_counters->setWordWrap(true);
    m_counters->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_batchCounters = new QCheckBox(tr("batch 32 \u00d7 512"), lesson);
    m_batchCounters->setObjectName(QStringLiteral("batchCounters"));
    m_batchCounters->setToolTip(
        tr("Count a training batch of 32 sequences of 512 tokens instead of the ids"));
    badgeRow->addWidget(m_badge);
    badgeRow->addSpacing(8);
    badgeRow->addWidget(m_counters, 1);
    badgeRow->addWidget(m_batchCounters);
    lessonLayout->addLayout(badgeRow);

    auto *weights = new QSplitter(Qt::Vertical, splitter);
    m_embeddingHeatmap = new HeatmapView(weights);
    m_embeddingHeatmap->setObjectName(QStringLiteral("embeddingHeatmap"));
    m_lmHeadHeatmap = new HeatmapView(weights);
    m_lmHeadHeatmap->setObjectName(QStringLiteral("lmHeadHeatmap"));
    weights->addWidget(m_embeddingHeatmap);
    weights->addWidget(m_lmHeadHeatmap);

    splitter->addWidget(lesson);
    splitter->addWidget(weights);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    layout->addWidget(splitter, 1);
    setCentralWidget(central);

    m_busyBar = new QProgressBar(this);
    m_busyBar->setRange(0, 0); // busy: the duration of a rebuild is not known in advance
    m_busyBar->setMaximumWidth(160);
    m_busyBar->setVisible(false);
    m_busyLabel = new QLabel(this);
    statusBar()->addPermanentWidget(m_busyLabel);
    statusBar()->addPermanentWidget(m_busyBar);

    connect(m_idsEdit, &QLineEdit::textEdited, this, &MainWindow::onIdsEdited);
    connect(m_batchCounters, &QCheckBox::toggled, this, &MainWindow::updateCounters);
}

void MainWindow::createDocks()
{
    m_layerPanel = new LayerPanel;
    m_layerPanel->setLab(m_lab);
    m_layerDock = new QDockWidget(tr("Layers"), this);
    m_layerDock->setObjectName(QStringLiteral("layerDock"));
    // Scrolls rather than squashing its spin boxes on a small (projector) screen.
    auto *layerScroll = new QScrollArea;
    layerScroll->setWidget(m_layerPanel);
    layerScroll->setWidgetResizable(true);
    layerScroll->setFrameShape(QFrame::NoFrame);
    layerScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_layerDock->setWidget(layerScroll);
    addDockWidget(Qt::LeftDockWidgetArea, m_layerDock);

    m_codePanel = new CodePanel;
    m_codePanel->setLab(m_lab);
    m_codeDock = new QDockWidget(tr("PyTorch code"), this);
    m_codeDock->setObjectName(QStringLiteral("codeDock"));
    m_codeDock->setWidget(m_codePanel);
    // The code reads best wide: below the lesson, with the layer panel running the full height.
    setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
    addDockWidget(Qt::BottomDockWidgetArea, m_codeDock);
    resizeDocks({m_layerDock}, {320}, Qt::Horizontal);
    resizeDocks({m_codeDock}, {280}, Qt::Vertical);

    connect(m_layerPanel, &LayerPanel::configEdited, this, [this](const Lab::Config &config) {
        pushSnapshot(tr("Change layers"), {config, m_lab->idsText()});
    });
    connect(m_layerPanel, &LayerPanel::tieRequested, this, &MainWindow::requestTie);
    connect(m_layerPanel, &LayerPanel::presetRequested, this, [this](Lab::Preset preset) {
        Lab::Config config = Lab::presetConfig(preset);
        if (preset == Lab::Preset::Gpt2Small)
            config.seed = m_lab->config().seed;
        pushSnapshot(preset == Lab::Preset::Gpt2Small ? tr("GPT-2 small preset")
                                                      : tr("Reference example preset"),
                     {config, Lab::presetIds(preset)});
    });
}

void MainWindow::createActions()
{
    auto make = [this](const QString &text, const QString &name, const QString &tip) {
        auto *action = new QAction(text, this);
        action->setObjectName(name);
        action->setStatusTip(tip);
        action->setToolTip(tip);
        return action;
    };

    m_openAction = make(tr("&Open Session..."), QStringLiteral("openSession"),
                        tr("Sessions (model, ids and training state) arrive in a later version"));
    m_openAction->setEnabled(false);
    m_openWeightsAction = make(tr("&Open Weights..."), QStringLiteral("openWeightsAction"),
                               tr("View a matrix of a .npy, .safetensors or .gguf file as the embedding or "
                                  "the Linear weight (you can also drop the file on the window)"));
    m_openWeightsAction->setShortcuts(keys(QKeySequence::Open, QStringLiteral("Ctrl+O")));
    connect(m_openWeightsAction, &QAction::triggered, this, [this] {
        const QString file =
            QFileDialog::getOpenFileName(this, tr("Open Weights"), QString(),
                                         tr("Weight files (*.npy *.safetensors *.gguf);;PyTorch pickles "
                                            "(*.pt *.pth *.bin);;All files (*)"));
        if (!file.isEmpty())
            openWeightsFile(file);
    });
    m_tieAction =
        make(tr("&Tie lm_head.weight = embedding.weight"), QStringLiteral("tieAction"),
             tr("Weight tying: one storage behind both layers, as in GPT-2 (the embedding's values win)"));
    m_tieAction->setCheckable(true);
    m_tieAction->setIconText(tr("Tied"));
    m_tieAction->setShortcut(QKeySequence(QStringLiteral("Ctrl+T")));
    connect(m_tieAction, &QAction::triggered, this, [this](bool on) {
        // Shows the Lab's state until the change (or the untie question) is done.
        m_tieAction->setChecked(m_lab->isTied());
        requestTie(on);
    });
    m_untieCloneAction = make(tr("Untie, &Keep the Values"), QStringLiteral("untieCloneAction"),
                              tr("lm_head.weight gets its own storage, a copy of the shared values"));
    connect(m_untieCloneAction, &QAction::triggered, this,
            [this] { untie(core::TiedModel::UntieMode::Clone); });
    m_untieReinitAction =
        make(tr("Untie, &Re-initialise lm_head"), QStringLiteral("untieReinitAction"),
             tr("lm_head.weight gets its own storage, drawn again by lm_head.reset_parameters()"));
    connect(m_untieReinitAction, &QAction::triggered, this,
            [this] { untie(core::TiedModel::UntieMode::Reinitialize); });
    m_trainStepAction = make(tr("Training &Step"), QStringLiteral("trainStepAction"),
                             tr("One optimizer step on the training panel's ids and targets"));
    m_trainStepAction->setShortcut(QKeySequence(QStringLiteral("Ctrl+Return")));
    connect(m_trainStepAction, &QAction::triggered, this, [this] {
        m_trainingDock->show();
        m_trainingDock->raise();
        m_trainingPanel->step();
    });
    m_saveAction = make(tr("&Save Session"), QStringLiteral("saveSession"),
                        tr("Sessions (model, ids and training state) arrive in a later version"));
    m_saveAction->setShortcuts(keys(QKeySequence::Save, QStringLiteral("Ctrl+S")));
    m_saveAction->setEnabled(false);
    m_saveAsAction = make(tr("Save Session &As..."), QStringLiteral("saveSessionAs"),
                          tr("Sessions (model, ids and training state) arrive in a later version"));
    m_saveAsAction->setShortcuts(keys(QKeySequence::SaveAs, QStringLiteral("Ctrl+Shift+S")));
    m_saveAsAction->setEnabled(false);
    m_exportAction = make(tr("&Export Screenshot..."), QStringLiteral("exportScreenshot"),
                          tr("Save the window as a PNG image"));
    m_exportAction->setShortcut(QKeySequence(QStringLiteral("Ctrl+E")));
    connect(m_exportAction, &QAction::triggered, this, [this] {
        const QString file = QFileDialog::getSaveFileName(
            this, tr("Export Screenshot"), QStringLiteral("embedlab.png"), tr("PNG images (*.png)"));
        if (!file.isEmpty() && !grab().save(file, "PNG"))
            QMessageBox::warning(this, tr("Export Screenshot"), tr("Could not write '%1'.").arg(file));
    });
    m_quitAction = make(tr("&Quit"), QStringLiteral("quit"), tr("Quit EmbedLab"));
    m_quitAction->setShortcuts(keys(QKeySequence::Quit, QStringLiteral("Ctrl+Q")));
    m_quitAction->setMenuRole(QAction::QuitRole);
    connect(m_quitAction, &QAction::triggered, this, &QWidget::close);

    // Our own actions rather than QUndoStack's: undo waits for a running computation and stops at
    // steps whose snapshots were dropped to stay under the memory budget.
    m_undoAction = make(tr("&Undo"), QStringLiteral("undo"),
                        tr("Undo the last change of layers, ids, initialisers, tying, training or loading"));
    m_undoAction->setShortcuts(keys(QKeySequence::Undo, QStringLiteral("Ctrl+Z")));
    m_redoAction = make(tr("&Redo"), QStringLiteral("redo"), tr("Redo the change that was undone"));
    m_redoAction->setShortcuts(keys(QKeySequence::Redo, QStringLiteral("Ctrl+Shift+Z")));
    connect(m_undoAction, &QAction::triggered, this, [this] {
        if (m_undoStack->canUndo() && !m_lab->isBusy() && !undoIsBlocked(m_undoStack)) {
            m_openInit = nullptr;
            m_undoStack->undo();
        }
    });
    connect(m_redoAction, &QAction::triggered, this, [this] {
        if (m_undoStack->canRedo() && !m_lab->isBusy()) {
            m_openInit = nullptr;
            m_undoStack->redo();
        }
    });
    connect(m_undoStack, &QUndoStack::indexChanged, this, &MainWindow::updateUndoActions);
    connect(m_undoStack, &QUndoStack::undoTextChanged, this, &MainWindow::updateUndoActions);
    connect(m_undoStack, &QUndoStack::redoTextChanged, this, &MainWindow::updateUndoActions);
    m_copyCodeAction = make(tr("Copy Python &Code"), QStringLiteral("copyCode"),
                            tr("Copy the PyTorch code of the current state to the clipboard"));
    m_copyCodeAction->setShortcut(QKeySequence(QStringLiteral("Ctrl+Shift+C")));
    connect(m_copyCodeAction, &QAction::triggered, this,
            [this] { QApplication::clipboard()->setText(m_codePanel->codeText()); });
    m_preferencesAction =
        make(tr("&Preferences..."), QStringLiteral("preferences"), tr("Colour map and animation speed"));
    // Qt has no Preferences shortcut on Linux; Ctrl+, is the common one.
    m_preferencesAction->setShortcuts(keys(QKeySequence::Preferences, QStringLiteral("Ctrl+,")));
    m_preferencesAction->setMenuRole(QAction::PreferencesRole);
    connect(m_preferencesAction, &QAction::triggered, this, &MainWindow::showPreferences);

    m_referenceAction =
        make(tr("&Reference Example"), QStringLiteral("presetReference"),
             tr("torch.manual_seed(123), Embedding(4, 5), ids [2, 3, 1], as in the documents"));
    m_gpt2Action = make(tr("&GPT-2 Small"), QStringLiteral("presetGpt2"),
                        tr("Embedding(50257, 768) tied with Linear(768, 50257, bias=False)"));
    connect(m_referenceAction, &QAction::triggered, this,
            [this] { Q_EMIT m_layerPanel->presetRequested(Lab::Preset::Reference); });
    connect(m_gpt2Action, &QAction::triggered, this,
            [this] { Q_EMIT m_layerPanel->presetRequested(Lab::Preset::Gpt2Small); });

    m_zoomInAction = make(tr("Zoom &In"), QStringLiteral("zoomIn"), tr("Zoom into the weight heatmaps"));
    m_zoomInAction->setShortcuts(keys(QKeySequence::ZoomIn, QStringLiteral("Ctrl++")));
    m_zoomOutAction = make(tr("Zoom &Out"), QStringLiteral("zoomOut"), tr("Zoom out of the weight heatmaps"));
    m_zoomOutAction->setShortcuts(keys(QKeySequence::ZoomOut, QStringLiteral("Ctrl+-")));
    m_zoomResetAction =
        make(tr("&Whole Matrix"), QStringLiteral("zoomReset"), tr("Show the whole weight matrices"));
    m_zoomResetAction->setShortcut(QKeySequence(QStringLiteral("Ctrl+0")));
    connect(m_zoomInAction, &QAction::triggered, this, [this] {
        m_embeddingHeatmap->zoomIn();
        m_lmHeadHeatmap->zoomIn();
    });
    connect(m_zoomOutAction, &QAction::triggered, this, [this] {
        m_embeddingHeatmap->zoomOut();
        m_lmHeadHeatmap->zoomOut();
    });
    connect(m_zoomResetAction, &QAction::triggered, this, [this] {
        m_embeddingHeatmap->resetZoom();
        m_lmHeadHeatmap->resetZoom();
    });
    m_fullScreenAction =
        make(tr("&Full Screen"), QStringLiteral("fullScreen"), tr("Fill the screen (projectors)"));
    m_fullScreenAction->setCheckable(true);
    m_fullScreenAction->setShortcuts(keys(QKeySequence::FullScreen, QStringLiteral("F11")));
    connect(m_fullScreenAction, &QAction::toggled, this, &MainWindow::toggleFullScreen);

    m_colorMapGroup = new QActionGroup(this);
    m_colorMapGroup->setExclusive(true);
    for (const QString &name : ColorMap::names()) {
        auto *action =
            make(name, QStringLiteral("colorMap_%1").arg(name), tr("Colour the weights with %1").arg(name));
        action->setCheckable(true);
        action->setData(name);
        m_colorMapGroup->addAction(action);
    }
    connect(m_colorMapGroup, &QActionGroup::triggered, this,
            [this](QAction *action) { setColorMapName(action->data().toString()); });

    m_playAction =
        make(tr("&Play"), QStringLiteral("play"), tr("Play or pause the one-hot animation (Space)"));
    m_playAction->setShortcut(QKeySequence(Qt::Key_Space));
    m_stepForwardAction = make(tr("Step &Forward"), QStringLiteral("stepForward"),
                               tr("Next step (Right or PageDown, as presenter clickers send)"));
    m_stepForwardAction->setShortcuts({QKeySequence(Qt::Key_Right), QKeySequence(Qt::Key_PageDown)});
    m_stepBackAction = make(tr("Step &Back"), QStringLiteral("stepBack"),
                            tr("Previous step (Left or PageUp, as presenter clickers send)"));
    m_stepBackAction->setShortcuts({QKeySequence(Qt::Key_Left), QKeySequence(Qt::Key_PageUp)});
    m_restartAction = make(tr("&Restart"), QStringLiteral("restart"), tr("Back to the first id (Home)"));
    m_restartAction->setShortcut(QKeySequence(Qt::Key_Home));
    m_endAction =
        make(tr("&Last Step"), QStringLiteral("lastStep"), tr("Jump to the end: all rows looked up (End)"));
    m_endAction->setShortcut(QKeySequence(Qt::Key_End));
    m_fasterAction = make(tr("F&aster"), QStringLiteral("faster"), tr("Double the animation speed"));
    m_fasterAction->setShortcut(QKeySequence(QStringLiteral("Ctrl+]")));
    m_slowerAction = make(tr("&Slower"), QStringLiteral("slower"), tr("Halve the animation speed"));
    m_slowerAction->setShortcut(QKeySequence(QStringLiteral("Ctrl+[")));
    m_batchAction = make(tr("Count a &Batch of 32 \u00d7 512"), QStringLiteral("batchCounters"),
                         tr("Count a training batch of 32 sequences of 512 tokens"));
    m_batchAction->setCheckable(true);
    connect(m_playAction, &QAction::triggered, m_animation, &OneHotAnimation::togglePlay);
    connect(m_stepForwardAction, &QAction::triggered, m_animation, &OneHotAnimation::stepForward);
    connect(m_stepBackAction, &QAction::triggered, m_animation, &OneHotAnimation::stepBack);
    connect(m_restartAction, &QAction::triggered, m_animation, &OneHotAnimation::restart);
    connect(m_endAction, &QAction::triggered, m_animation, &OneHotAnimation::goToEnd);
    connect(m_fasterAction, &QAction::triggered, m_animation, &OneHotAnimation::faster);
    connect(m_slowerAction, &QAction::triggered, m_animation, &OneHotAnimation::slower);
    connect(m_batchAction, &QAction::toggled, m_batchCounters, &QCheckBox::setChecked);
    connect(m_batchCounters, &QCheckBox::toggled, m_batchAction, &QAction::setChecked);

    m_aboutAction = make(tr("&About EmbedLab"), QStringLiteral("about"), tr("Version and licence"));
    m_aboutAction->setMenuRole(QAction::AboutRole);
    connect(m_aboutAction, &QAction::triggered, this, &MainWindow::showAbout);
    m_aboutQtAction = make(tr("About &Qt"), QStringLiteral("aboutQt"), tr("The Qt version EmbedLab runs on"));
    m_aboutQtAction->setMenuRole(QAction::AboutQtRole);
    connect(m_aboutQtAction, &QAction::triggered, qApp, &QApplication::aboutQt);

    // Icons from the desktop theme where there is one; the text is always there.
    const auto icon = [](QAction *a, const QString &name) { a->setIcon(QIcon::fromTheme(name)); };
    icon(m_playAction, QStringLiteral("media-playback-start"));
    icon(m_stepForwardAction, QStringLiteral("media-skip-forward"));
    icon(m_stepBackAction, QStringLiteral("media-skip-backward"));
    icon(m_restartAction, QStringLiteral("media-seek-backward"));
    icon(m_undoAction, QStringLiteral("edit-undo"));
    icon(m_redoAction, QStringLiteral("edit-redo"));
    icon(m_openWeightsAction, QStringLiteral("document-open"));
    updateUndoActions();
    icon(m_quitAction, QStringLiteral("application-exit"));
    icon(m_zoomInAction, QStringLiteral("zoom-in"));
    icon(m_zoomOutAction, QStringLiteral("zoom-out"));
    icon(m_fullScreenAction, QStringLiteral("view-fullscreen"));
}

void MainWindow::createMenusAndToolBars()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(m_openWeightsAction);
    file->addSeparator();
    file->addAction(m_openAction);
    file->addAction(m_saveAction);
    file->addAction(m_saveAsAction);
    file->addSeparator();
    file->addAction(m_exportAction);
    file->addSeparator();
    file->addAction(m_quitAction);

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    edit->addAction(m_undoAction);
    edit->addAction(m_redoAction);
    edit->addSeparator();
    edit->addAction(m_copyCodeAction);
    edit->addSeparator();
    QMenu *presets = edit->addMenu(tr("Pre&sets"));
    presets->addAction(m_referenceAction);
    presets->addAction(m_gpt2Action);
    edit->addSeparator();
    edit->addAction(m_preferencesAction);

    QMenu *model = menuBar()->addMenu(tr("&Model"));
    model->addAction(m_tieAction);
    model->addAction(m_untieCloneAction);
    model->addAction(m_untieReinitAction);
    model->addSeparator();
    model->addAction(m_trainStepAction);

    auto *mainBar = new QToolBar(tr("Main"), this);
    mainBar->setObjectName(QStringLiteral("mainToolBar"));
    mainBar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    mainBar->addAction(m_referenceAction);
    mainBar->addAction(m_gpt2Action);
    mainBar->addSeparator();
    mainBar->addAction(m_undoAction);
    mainBar->addAction(m_redoAction);
    mainBar->addSeparator();
    mainBar->addAction(m_tieAction);
    addToolBar(mainBar);

    auto *animationBar = new QToolBar(tr("Animation"), this);
    animationBar->setObjectName(QStringLiteral("animationToolBar"));
    animationBar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    animationBar->addAction(m_restartAction);
    animationBar->addAction(m_stepBackAction);
    animationBar->addAction(m_playAction);
    animationBar->addAction(m_stepForwardAction);
    animationBar->addSeparator();
    auto *speedTitle = new QLabel(tr(" Speed "), animationBar);
    m_speedSlider = new QSlider(Qt::Horizontal, animationBar);
    m_speedSlider->setObjectName(QStringLiteral("speed"));
    // log2(speed) * 4: 0.25x .. 8x in quarter-octave steps.
    m_speedSlider->setRange(-8, 12);
    m_speedSlider->setMaximumWidth(140);
    m_speedSlider->setFocusPolicy(Qt::NoFocus);
    m_speedSlider->setToolTip(tr("Animation speed"));
    m_speedLabel = new QLabel(animationBar);
    m_speedLabel->setMinimumWidth(QFontMetrics(font()).horizontalAdvance(QStringLiteral("0.25\u00d7 ")));
    animationBar->addWidget(speedTitle);
    animationBar->addWidget(m_speedSlider);
    animationBar->addWidget(m_speedLabel);
    addToolBar(animationBar);
    connect(m_speedSlider, &QSlider::valueChanged, this,
            [this](int v) { m_animation->setSpeed(std::pow(2.0, v / 4.0)); });
    connect(m_animation, &OneHotAnimation::speedChanged, this, &MainWindow::updateSpeedLabel);

    QMenu *view = menuBar()->addMenu(tr("&View"));
    view->addAction(m_layerDock->toggleViewAction());
    view->addAction(m_codeDock->toggleViewAction());
    for (QDockWidget *dock : {m_initDock, m_histogramDock, m_unembeddingDock, m_trainingDock})
        view->addAction(dock->toggleViewAction());
    view->addAction(mainBar->toggleViewAction());
    view->addAction(animationBar->toggleViewAction());
    view->addSeparator();
    view->addAction(m_zoomInAction);
    view->addAction(m_zoomOutAction);
    view->addAction(m_zoomResetAction);
    QMenu *colorMaps = view->addMenu(tr("&Colour Map"));
    colorMaps->addActions(m_colorMapGroup->actions());
    view->addSeparator();
    view->addAction(m_fullScreenAction);

    QMenu *animation = menuBar()->addMenu(tr("&Animation"));
    animation->addAction(m_playAction);
    animation->addAction(m_stepForwardAction);
    animation->addAction(m_stepBackAction);
    animation->addAction(m_restartAction);
    animation->addAction(m_endAction);
    animation->addSeparator();
    animation->addAction(m_fasterAction);
    animation->addAction(m_slowerAction);
    animation->addSeparator();
    animation->addAction(m_batchAction);

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(m_aboutAction);
    help->addAction(m_aboutQtAction);
}

void MainWindow::connectLab()
{
    connect(m_lab, &Lab::modelRebuilt, this, &MainWindow::onModelRebuilt);
    connect(m_lab, &Lab::weightsChanged, this, [this] {
        // Tied: one storage, so a write through either name shows in both.
        m_embeddingHeatmap->notifyChanged();
        m_lmHeadHeatmap->notifyChanged();
        m_histogram->refresh();
        m_unembeddingView->refresh();
    });
    connect(m_lab, &Lab::tiedChanged, this, &MainWindow::onTiedChanged);
    connect(m_lab, &Lab::historyChanged, this, [this] {
        updateHistogramSources();
        updateHeatmapTitles();
    });
    connect(m_lab, &Lab::notice, this,
            [this](const QString &message) { statusBar()->showMessage(message, 12000); });
    connect(m_lab, &Lab::tieFailed, this, [this](const QString &message) {
        statusBar()->showMessage(message, 12000);
        showWeightsError(tr("lm_head cannot be tied"), message);
    });
    connect(m_lab, &Lab::idsChanged, this, &MainWindow::onIdsChanged);
    connect(m_lab, &Lab::idsError, this, &MainWindow::onIdsError);
    connect(m_lab, &Lab::pathsChanged, this, &MainWindow::onPathsChanged);
    connect(m_lab, &Lab::busyChanged, this, [this](bool busy) {
        m_busyBar->setVisible(busy);
        m_busyLabel->setVisible(busy);
        // Nothing may write the weights while a worker reads them.
        for (QAction *action : {m_tieAction, m_untieCloneAction, m_untieReinitAction, m_trainStepAction})
            action->setEnabled(!busy);
        m_trainingPanel->setEnabled(!busy);
        updateUndoActions();
        if (!busy && m_deferredInit) {
            const auto request = *std::exchange(m_deferredInit, std::nullopt);
            onInitRequested(request.first, request.second);
        }
    });
    connect(m_lab, &Lab::busyMessage, m_busyLabel, &QLabel::setText);
    connect(m_lab, &Lab::rebuildFailed, this, [this](const QString &message) {
        statusBar()->showMessage(message, 10000);
        // Not QMessageBox::warning(): its nested event loop ran inside the Lab's job completion, and
        // in the headless export nobody closes it, which hung `embedlab --export` on a refused size.
        auto *box = new QMessageBox(QMessageBox::Warning, tr("The model could not be built"), message,
                                    QMessageBox::Ok, this);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
    });
    connect(m_lab, &Lab::initFailed, this, [this](const QString &message) {
        statusBar()->showMessage(message, 8000);
        // A step that changed nothing is not kept.
        if (m_openInit && m_undoStack->index() > 0 &&
            m_undoStack->command(m_undoStack->index() - 1) == m_openInit &&
            m_lab->history() == m_openInit->before().history) {
            m_openInit->setObsolete(true);
            m_openInit = nullptr;
            m_undoStack->undo();
        }
    });
    connect(m_lab, &Lab::rowSelected, this, [this](int row) {
        m_embeddingHeatmap->setSelectedRow(row);
        if (row >= 0)
            statusBar()->showMessage(
                tr("Row %1 of embedding.weight is the embedding of token id %1").arg(row), 6000);
    });
    connect(m_embeddingHeatmap, &HeatmapView::rowClicked, m_lab, &Lab::selectRow);
    connect(m_lmHeadHeatmap, &HeatmapView::rowClicked, m_lab, &Lab::selectRow);
    connect(m_animation, &OneHotAnimation::changed, this, &MainWindow::onAnimationChanged);
    connect(m_animation, &OneHotAnimation::playingChanged, this, [this](bool playing) {
        m_playAction->setText(playing ? tr("&Pause") : tr("&Play"));
        m_playAction->setIcon(QIcon::fromTheme(playing ? QStringLiteral("media-playback-pause")
                                                       : QStringLiteral("media-playback-start")));
    });
    onModelRebuilt();
    onIdsChanged();
    onPathsChanged();
}

void MainWindow::updateHeatmapTitles()
{
    const Lab::Config &c = m_lab->modelConfig();
    const QString tied = m_lab->isTied() ? tr("  (tied: same storage)") : QString();
    QString embeddingTitle = weightTitle(QStringLiteral("embedding.weight"), c) + tied;
    QString lmHeadTitle = weightTitle(QStringLiteral("lm_head.weight"), c) + tied;
    for (const Lab::Operation &op : m_lab->history()) {
        // A bias restored from a session is neither weight matrix, tied or not.
        if (op.kind != Lab::Operation::Kind::Load || op.target == QStringLiteral("lm_head.bias"))
            continue;
        const QString from = tr("  from %1")
                                 .arg(QFileInfo(op.spec.section(QLatin1Char(':'), 0, -2)).fileName() +
                                      QLatin1Char(':') + op.spec.section(QLatin1Char(':'), -1));
        if (op.target == QStringLiteral("embedding.weight") || m_lab->isTied())
            embeddingTitle += from;
        if (op.target == QStringLiteral("lm_head.weight") || m_lab->isTied())
            lmHeadTitle += from;
    }
    m_embeddingHeatmap->setTitle(embeddingTitle);
    m_lmHeadHeatmap->setTitle(lmHeadTitle);
}

void MainWindow::onTiedChanged()
{
    // Untying gives lm_head a new storage object; tying makes it the embedding's.
    if (m_lmHeadHeatmap->matrix() != m_lab->lmHeadWeight())
        m_lmHeadHeatmap->setMatrix(m_lab->lmHeadWeight());
    {
        const QSignalBlocker blocker(m_tieAction);
        m_tieAction->setChecked(m_lab->isTied());
    }
    m_untieCloneAction->setEnabled(m_lab->isTied() && !m_lab->isBusy());
    m_untieReinitAction->setEnabled(m_lab->isTied() && !m_lab->isBusy());
    updateHeatmapTitles();
    updateHistogramSources();
    onAnimationChanged();
    m_trainingPanel->refresh();
    m_unembeddingView->refresh();
}

void MainWindow::onModelRebuilt()
{
    m_embeddingHeatmap->setMatrix(m_lab->embeddingWeight());
    m_lmHeadHeatmap->setMatrix(m_lab->lmHeadWeight());
    if (m_trainingPanel->model() != m_lab->trainableModel())
        m_trainingPanel->setModel(m_lab->trainableModel());
    m_unembeddingView->setModel(&m_lab->model());
    onTiedChanged();
    m_animation->setIdCount(m_lab->idsValid() ? int(m_lab->flatIds().size()) : 0);
    onAnimationChanged();
    updateCounters();
}

void MainWindow::pushSnapshot(const QString &description, const Lab::Snapshot &after, bool typing)
{
    // The model object is kept so that undo gives back its exact weights (inits, steps, loads).
    const Lab::Snapshot before = typing ? m_lab->snapshot() : m_lab->snapshotWithModel();
    if (before == after)
        return;
    m_openInit = nullptr;
    m_undoStack->push(new ModelCommand(m_lab, before, after, description, typing));
    if (enforceUndoBudget(m_undoStack, m_undoBudget) > 0)
        statusBar()->showMessage(tr("Older undo steps were dropped to keep undo memory under %1.")
                                     .arg(QLocale().formattedDataSize(qint64(m_undoBudget))),
                                 10000);
    updateUndoActions();
}

void MainWindow::onIdsEdited(const QString &text)
{
    m_typingIds = true;
    const Lab::Snapshot before = m_lab->snapshot();
    if (m_lab->setIdsText(text)) {
        const Lab::Snapshot after = m_lab->snapshot();
        if (!(before == after))
            m_undoStack->push(new ModelCommand(m_lab, before, after, tr("Edit ids"), true));
    }
    m_typingIds = false;
}

void MainWindow::onIdsChanged()
{
    if (!m_typingIds && m_idsEdit->text() != m_lab->idsText())
        m_idsEdit->setText(m_lab->idsText());
    m_idsError->clear();
    m_animation->setIdCount(m_lab->idsValid() ? int(m_lab->flatIds().size()) : 0);
    onAnimationChanged();
    updateCounters();
}

void MainWindow::onIdsError(const QString &message)
{
    m_idsError->setText(message);
    if (!m_lab->idsValid())
        m_animation->setIdCount(0);
    onPathsChanged();
}

void MainWindow::onPathsChanged()
{
    if (!m_lab->idsValid() || !m_lab->hasPaths()) {
        m_badge->setText(QString());
        m_badge->setToolTip(QString());
        return;
    }
    // Computed from the results, never assumed.
    const bool equal = m_lab->paths().allEqual();
    m_badge->setText(
        equal ? tr("<span style=\"background:#009e73;color:white;\">&nbsp;\u2713 equal&nbsp;</span>")
              : tr("<span style=\"background:#c0392b;color:white;\">&nbsp;\u2717 differ&nbsp;</span>"));
    m_badge->setToolTip(
        equal ? tr("embedding(ids), embedding.weight[ids], one_hot(ids).float() @ embedding.weight and "
                   "the Linear on one_hot(ids) gave bitwise identical results")
              : tr("The four paths did not give bitwise identical results (a NaN never equals itself)"));
}

void MainWindow::onAnimationChanged()
{
    const QList<qint64> ids = m_lab->flatIds();
    const int k = m_animation->idIndex();
    if (k < ids.size()) {
        const int row = int(ids[k]);
        m_embeddingHeatmap->setSelectedRow(row);
        const bool emphasise = m_animation->phase() != OneHotAnimation::Phase::ShowOneHot;
        m_embeddingHeatmap->setHighlightedRows(emphasise ? QList<int>{row} : QList<int>{});
    } else {
        m_embeddingHeatmap->setSelectedRow(-1);
        QList<int> rows;
        for (qint64 id : ids)
            rows.append(int(id));
        m_embeddingHeatmap->setHighlightedRows(rows);
    }
    // Tied, the two heatmaps show one storage: they must look the same, emphasis included.
    const bool tied = m_lab->isTied();
    m_lmHeadHeatmap->setSelectedRow(tied ? m_embeddingHeatmap->selectedRow() : -1);
    m_lmHeadHeatmap->setHighlightedRows(tied ? m_embeddingHeatmap->highlightedRows() : QList<int>{});
}

void MainWindow::updateCounters()
{
    const QLocale locale;
    const Lab::Config &c = m_lab->modelConfig();
    const bool batch = m_batchCounters->isChecked();
    const core::Index numIds = batch ? 32 * 512 : (m_lab->idsValid() ? m_lab->ids().numel() : 0);
    const core::PathCost oneHot = core::oneHotMatmulCost(numIds, c.numEmbeddings, c.embeddingDim);
    const core::PathCost lookup = core::lookupCost(numIds, c.numEmbeddings, c.embeddingDim);
    const double zeroShare = oneHot.multiplyAdds > 0
                                 ? 100.0 * double(oneHot.multiplyAddsByZero) / double(oneHot.multiplyAdds)
                                 : 0.0;
    m_counters->setText(
        tr("<b>%1 ids</b>: one-hot path <b>%2</b> multiply-adds (%3 by zero, %4 %) &nbsp;\u00b7&nbsp; "
           "lookup copies <b>%5</b> values (%6 bytes read), 0 multiply-adds")
            .arg(batch ? tr("32 \u00d7 512 = %1").arg(locale.toString(qint64(numIds)))
                       : locale.toString(qint64(numIds)),
                 locale.toString(qint64(oneHot.multiplyAdds)),
                 locale.toString(qint64(oneHot.multiplyAddsByZero)),
                 locale.toString(zeroShare, 'f', zeroShare > 99.9 && zeroShare < 100.0 ? 4 : 1),
                 locale.toString(qint64(numIds * c.embeddingDim)))
            .arg(locale.toString(qint64(lookup.bytesRead))));
}

void MainWindow::updateSpeedLabel()
{
    const double speed = m_animation->speed();
    {
        const QSignalBlocker blocker(m_speedSlider);
        m_speedSlider->setValue(int(std::lround(std::log2(speed) * 4.0)));
    }
    m_speedLabel->setText(QStringLiteral("%1\u00d7").arg(QLocale().toString(speed, 'g', 3)));
}

void MainWindow::setColorMapName(const QString &name)
{
    const QString known =
        ColorMap::isKnownName(name) ? ColorMap::fromName(name).name() : QStringLiteral("RdBu");
    m_colorMapName = known;
    m_embeddingHeatmap->setColorMapName(known);
    m_lmHeadHeatmap->setColorMapName(known);
    m_oneHotView->setColorMapName(known);
    for (QAction *action : m_colorMapGroup ? m_colorMapGroup->actions() : QList<QAction *>{})
        action->setChecked(action->data().toString() == known);
}

void MainWindow::showPreferences()
{
    QDialog dialog(this);
    dialog.setWindowTitle(tr("Preferences"));
    auto *form = new QFormLayout(&dialog);
    auto *colorMap = new QComboBox(&dialog);
    colorMap->addItems(ColorMap::names());
    colorMap->setCurrentText(m_colorMapName);
    auto *speed = new QDoubleSpinBox(&dialog);
    speed->setRange(0.25, 8.0);
    speed->setSingleStep(0.25);
    speed->setSuffix(QStringLiteral("\u00d7"));
    speed->setValue(m_animation->speed());
    form->addRow(tr("&Colour map:"), colorMap);
    form->addRow(tr("&Animation speed:"), speed);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    if (dialog.exec() != QDialog::Accepted)
        return;
    setColorMapName(colorMap->currentText());
    m_animation->setSpeed(speed->value());
    QSettings settings = appSettings();
    settings.setValue(QStringLiteral("view/colorMap"), m_colorMapName);
    settings.setValue(QStringLiteral("animation/speed"), m_animation->speed());
}

void MainWindow::showAbout()
{
    QMessageBox::about(
        this, tr("About EmbedLab"),
        tr("<h3>EmbedLab %1</h3>"
           "<p>nn.Embedding and nn.Linear wrap the same kind of weight matrix: looking up row i is "
           "multiplying a one-hot vector by it.</p>"
           "<p>Copyright 2026 EmbedLab developers.</p>"
           "<p>This program is free software: you can redistribute it and/or modify it under the terms of "
           "the GNU General Public License as published by the Free Software Foundation, either version 3 "
           "of the License, or (at your option) any later version.</p>"
           "<p>This program is distributed in the hope that it will be useful, but WITHOUT ANY WARRANTY; "
           "without even the implied warranty of MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE. See "
           "the <a href=\"https://www.gnu.org/licenses/gpl-3.0.html\">GNU General Public License</a> for "
           "more details.</p><p>SPDX-License-Identifier: GPL-3.0-or-later</p>")
            .arg(QApplication::applicationVersion()));
}

void MainWindow::toggleFullScreen(bool on)
{
    if (on)
        showFullScreen();
    else
        showNormal();
}

void MainWindow::saveSettings() const
{
    QSettings settings = appSettings();
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState(kStateVersion));
}

void MainWindow::restoreSettings()
{
    const QSettings settings = appSettings();
    const QByteArray geometry = settings.value(QStringLiteral("window/geometry")).toByteArray();
    if (!geometry.isEmpty())
        restoreGeometry(geometry);
    const QByteArray state = settings.value(QStringLiteral("window/state")).toByteArray();
    if (!state.isEmpty())
        restoreState(state, kStateVersion);
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    saveSettings();
    QMainWindow::closeEvent(event);
}

bool MainWindow::isIdle() const
{
    return !m_lab->isBusy() && !m_embeddingHeatmap->isRebuilding() && !m_lmHeadHeatmap->isRebuilding() &&
           !m_histogram->isBusy() && !m_loading && !m_codePanel->isFormatting() &&
           m_codePanel->outputText().indexOf(QStringLiteral("(computing")) < 0;
}

void MainWindow::saveScreenshotWhenIdle(const QString &fileName, int step, double progress)
{
    auto *poll = new QTimer(this);
    poll->setInterval(50);
    connect(poll, &QTimer::timeout, this, [this, poll, fileName, step, progress] {
        if (!isIdle())
            return;
        poll->deleteLater();
        m_animation->setStep(step);
        m_animation->setProgress(progress);
        Q_EMIT screenshotSaved(grab().save(fileName, "PNG"));
    });
    poll->start();
}

void MainWindow::createLessonDocks()
{
    // Each dock scrolls rather than setting a minimum height: stacked under the lesson, their
    // contents (the histogram's toolbar, chart and table, taller in compare mode) would otherwise
    // push the window past a 1024x768 projector (issue: the bottom was cut off there).
    const auto dock = [this](const QString &title, const QString &name, QWidget *widget, QScrollArea *area) {
        auto *d = new QDockWidget(title, this);
        d->setObjectName(name);
        area->setWidget(widget);
        area->setWidgetResizable(true);
        area->setFrameShape(QFrame::NoFrame);
        d->setWidget(area);
        return d;
    };

    m_initPanel = new InitPanel;
    m_initPanel->setObjectName(QStringLiteral("initPanel"));
    m_initDock = dock(tr("Initialisers"), QStringLiteral("initDock"), m_initPanel, new QScrollArea);
    addDockWidget(Qt::RightDockWidgetArea, m_initDock);

    auto *histogramBox = new QWidget;
    auto *histogramLayout = new QVBoxLayout(histogramBox);
    histogramLayout->setContentsMargins(4, 4, 4, 4);
    auto *targetRow = new QHBoxLayout;
    m_histogramTarget = new QComboBox(histogramBox);
    m_histogramTarget->setObjectName(QStringLiteral("histogramTarget"));
    m_histogramTarget->addItems({QStringLiteral("embedding.weight"), QStringLiteral("lm_head.weight")});
    auto *targetLabel = new QLabel(tr("&Tensor:"), histogramBox);
    targetLabel->setBuddy(m_histogramTarget);
    targetRow->addWidget(targetLabel);
    targetRow->addWidget(m_histogramTarget, 1);
    histogramLayout->addLayout(targetRow);
    m_histogram = new InitHistogram(histogramBox);
    m_histogram->setObjectName(QStringLiteral("histogram"));
    histogramLayout->addWidget(m_histogram, 1);
    auto *histogramArea = new VerticalScrollArea;
    histogramArea->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_histogramDock = dock(tr("Histogram"), QStringLiteral("histogramDock"), histogramBox, histogramArea);

    m_unembeddingView = new UnembeddingView;
    m_unembeddingView->setObjectName(QStringLiteral("unembeddingView"));
    m_unembeddingDock =
        dock(tr("Unembedding"), QStringLiteral("unembeddingDock"), m_unembeddingView, new QScrollArea);
    m_trainingPanel = new TrainingPanel;
    m_trainingPanel->setObjectName(QStringLiteral("trainingPanel"));
    m_trainingDock = dock(tr("Training"), QStringLiteral("trainingDock"), m_trainingPanel, new QScrollArea);
    // The window's own ids field is "ids"; names must stay unique for tests that find widgets by name.
    if (auto *trainingIds = m_trainingPanel->findChild<QLineEdit *>(QStringLiteral("ids")))
        trainingIds->setObjectName(QStringLiteral("trainingIds"));
    // The code and the histogram side by side below the lesson (both follow every init live),
    // the unembedding and training behind the code; the initialisers narrow on the right.
    addDockWidget(Qt::BottomDockWidgetArea, m_histogramDock);
    splitDockWidget(m_codeDock, m_histogramDock, Qt::Horizontal);
    addDockWidget(Qt::BottomDockWidgetArea, m_unembeddingDock);
    addDockWidget(Qt::BottomDockWidgetArea, m_trainingDock);
    tabifyDockWidget(m_codeDock, m_unembeddingDock);
    tabifyDockWidget(m_unembeddingDock, m_trainingDock);
    m_codeDock->raise();

    connect(m_initPanel, &InitPanel::initRequested, this, &MainWindow::onInitRequested);
    connect(m_initPanel, &InitPanel::editFinished, this, &MainWindow::onInitFinished);
    connect(m_histogram, &InitHistogram::compareModeToggled, this, &MainWindow::setHistogramCompare);
    connect(m_histogramTarget, &QComboBox::currentIndexChanged, this, &MainWindow::updateHistogramSources);

    connect(m_trainingPanel, &TrainingPanel::aboutToStep, this, [this] {
        m_stepBefore = std::make_shared<Lab::WeightState>(m_lab->captureWeights(Lab::AllParts));
    });
    connect(m_trainingPanel, &TrainingPanel::stepped, this, [this](float loss) {
        Lab::Operation op;
        op.kind = Lab::Operation::Kind::Step;
        op.python = QStringLiteral("# optimizer step %1 (loss %2): the Training panel shows its code")
                        .arg(m_trainingPanel->stepCount())
                        .arg(double(loss), 0, 'g', 6);
        const std::shared_ptr<Lab::WeightState> before = std::exchange(m_stepBefore, nullptr);
        m_lab->recordWeightsChange(op);
        if (!before)
            return;
        auto *command =
            new WeightsCommand(m_lab, std::move(*before), Lab::AllParts,
                               tr("Training step (loss %1)").arg(QLocale().toString(loss, 'f', 4)));
        // The optimiser's momentum and Adam averages belong to the steps being undone.
        command->setAfterSwap([this] { m_trainingPanel->resetOptimizer(); });
        pushWeightsCommand(command);
    });
    connect(m_trainingPanel, &TrainingPanel::stepFailed, this,
            [this](const QString &message) { statusBar()->showMessage(message, 8000); });
}

QList<QDockWidget *> MainWindow::docks() const
{
    return {m_layerDock, m_codeDock, m_initDock, m_histogramDock, m_unembeddingDock, m_trainingDock};
}

void MainWindow::updateUndoActions()
{
    if (!m_undoAction)
        return;
    const bool blocked = undoIsBlocked(m_undoStack);
    const bool busy = m_lab->isBusy();
    m_undoAction->setEnabled(m_undoStack->canUndo() && !blocked && !busy);
    m_redoAction->setEnabled(m_undoStack->canRedo() && !busy);
    if (blocked)
        m_undoAction->setText(tr("&Undo (older steps were dropped to stay under %1)")
                                  .arg(QLocale().formattedDataSize(qint64(m_undoBudget))));
    else
        m_undoAction->setText(m_undoStack->canUndo() ? tr("&Undo %1").arg(m_undoStack->undoText())
                                                     : tr("&Undo"));
    m_redoAction->setText(m_undoStack->canRedo() ? tr("&Redo %1").arg(m_undoStack->redoText()) : tr("&Redo"));
}

int MainWindow::partsFor(const QString &target) const
{
    if (target == QStringLiteral("lm_head.bias"))
        return Lab::BiasPart;
    if (target == QStringLiteral("lm_head.weight") && !m_lab->isTied())
        return Lab::LmHeadPart;
    return Lab::EmbeddingPart; // lm_head.weight too when tied: one storage
}

void MainWindow::pushWeightsCommand(WeightsCommand *command)
{
    m_undoStack->push(command);
    if (enforceUndoBudget(m_undoStack, m_undoBudget) > 0)
        statusBar()->showMessage(tr("Older undo steps were dropped to keep undo memory under %1.")
                                     .arg(QLocale().formattedDataSize(qint64(m_undoBudget))),
                                 10000);
    updateUndoActions();
}

void MainWindow::onInitRequested(const QString &target, const core::InitSpec &spec)
{
    if (m_lab->isBusy()) {
        m_deferredInit = std::make_pair(target, spec);
        return;
    }
    const QString text = tr("Init %1").arg(QString::fromStdString(spec.pythonCall(target.toStdString())));
    const std::optional<std::uint64_t> seed = m_initPanel->seed();
    const int index = m_undoStack->index();
    if (m_openInit && index > 0 && index == m_undoStack->count() &&
        m_undoStack->command(index - 1) == m_openInit && m_openInit->gesture() == target) {
        // The same drag: run the newest values from where the drag started, so it stays one step
        // and the generator is consumed once.
        m_lab->applyInit(target, spec, seed, &m_openInit->before());
        m_openInit->setText(text);
        updateUndoActions();
        return;
    }
    const int parts = partsFor(target);
    auto *command = new WeightsCommand(m_lab, m_lab->captureWeights(parts), parts, text);
    command->setGesture(target);
    pushWeightsCommand(command);
    m_openInit = command;
    m_lab->applyInit(target, spec, seed);
}

void MainWindow::onInitFinished()
{
    if (m_lab->isBusy() && m_deferredInit)
        return; // the deferred request still belongs to this gesture
    if (m_openInit)
        m_openInit->setGesture(QString());
    m_openInit = nullptr;
}

void MainWindow::setUntiePolicy(UntiePolicy policy)
{
    m_untiePolicy = policy;
    QSettings settings = appSettings();
    settings.setValue(QStringLiteral("model/untie"), policy == UntiePolicy::Clone ? QStringLiteral("clone")
                                                     : policy == UntiePolicy::Reinitialize
                                                         ? QStringLiteral("reinitialize")
                                                         : QStringLiteral("ask"));
}

void MainWindow::requestTie(bool tied)
{
    if (m_lab->isBusy() || tied == m_lab->isTied())
        return;
    if (tied) {
        const Lab::WeightState before = m_lab->captureWeights(Lab::LmHeadPart);
        if (!m_lab->tie())
            return;
        m_openInit = nullptr;
        pushWeightsCommand(new WeightsCommand(m_lab, before, Lab::LmHeadPart | Lab::BiasPart,
                                              tr("Tie lm_head.weight = embedding.weight")));
        return;
    }
    if (m_untiePolicy == UntiePolicy::Clone) {
        untie(core::TiedModel::UntieMode::Clone);
        return;
    }
    if (m_untiePolicy == UntiePolicy::Reinitialize) {
        untie(core::TiedModel::UntieMode::Reinitialize);
        return;
    }
    if (m_untieDialog)
        return;
    // Window-modal and asynchronous: the event loop (and a soak test) keeps running.
    auto *box =
        new QMessageBox(QMessageBox::Question, tr("Untie lm_head"),
                        tr("lm_head.weight gets its own storage again. Which values should it start from?"),
                        QMessageBox::Cancel, this);
    box->setObjectName(QStringLiteral("untieDialog"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    QPushButton *clone = box->addButton(tr("&Keep the current values (clone)"), QMessageBox::AcceptRole);
    clone->setObjectName(QStringLiteral("untieClone"));
    QPushButton *reinit = box->addButton(tr("&Re-initialise lm_head"), QMessageBox::AcceptRole);
    reinit->setObjectName(QStringLiteral("untieReinitialize"));
    box->setDefaultButton(clone);
    box->setCheckBox(new QCheckBox(tr("&Remember my choice"), box));
    connect(box, &QMessageBox::buttonClicked, this, [this, box, clone, reinit](QAbstractButton *button) {
        if (button != clone && button != reinit)
            return;
        const auto mode =
            button == clone ? core::TiedModel::UntieMode::Clone : core::TiedModel::UntieMode::Reinitialize;
        if (box->checkBox()->isChecked())
            setUntiePolicy(button == clone ? UntiePolicy::Clone : UntiePolicy::Reinitialize);
        untie(mode);
    });
    m_untieDialog = box;
    box->open();
}

void MainWindow::untie(core::TiedModel::UntieMode mode)
{
    if (m_lab->isBusy() || !m_lab->isTied())
        return;
    const int parts = Lab::LmHeadPart | Lab::BiasPart;
    const Lab::WeightState before = m_lab->captureWeights(parts);
    m_lab->untie(mode);
    m_openInit = nullptr;
    pushWeightsCommand(new WeightsCommand(m_lab, before, parts,
                                          mode == core::TiedModel::UntieMode::Clone
                                              ? tr("Untie lm_head (keep the values)")
                                              : tr("Untie lm_head (re-initialise)")));
}

void MainWindow::setHistogramCompare(bool on)
{
    m_histogramCompare = on;
    m_histogram->setCompareMode(on);
    m_histogramTarget->setEnabled(!on);
    updateHistogramSources();
}

void MainWindow::updateHistogramSources()
{
    if (!m_histogram)
        return;
    const bool tied = m_lab->isTied();
    const auto source = [this, tied](const QString &name) {
        const core::ParameterPtr p = m_lab->parameter(name);
        const QString label =
            tied && name != QStringLiteral("lm_head.bias") ? tr("%1 (tied: same storage)").arg(name) : name;
        if (const auto spec = m_lab->lastInit(name))
            return InitHistogram::makeSource(label, p, *spec);
        // No initialiser ran since the constructor (or a file or a step changed the values):
        // compare with the constructor's default.
        InitHistogram::Source s{label, p, std::nullopt};
        const bool isLinear = name == QStringLiteral("lm_head.weight") && !tied;
        s.expected = isLinear ? core::linearDefaultDistribution(m_lab->modelConfig().embeddingDim)
                              : core::embeddingDefaultDistribution();
        return s;
    };
    if (m_histogramCompare)
        m_histogram->setSources(
            {source(QStringLiteral("embedding.weight")), source(QStringLiteral("lm_head.weight"))});
    else
        m_histogram->setSource(source(m_histogramTarget->currentText()));
}

void MainWindow::showWeightsError(const QString &title, const QString &message)
{
    auto *box = new QMessageBox(QMessageBox::Warning, title, message, QMessageBox::Ok, this);
    box->setObjectName(QStringLiteral("weightsError"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void MainWindow::openWeightsFile(const QString &path)
{
    struct Opened {
        std::shared_ptr<const core::WeightFile> file;
        QString error;
    };
    statusBar()->showMessage(tr("Opening %1 ...").arg(QFileInfo(path).fileName()));
    auto *watcher = new QFutureWatcher<Opened>(this);
    const QFuture<Opened> future = QtConcurrent::run(workerPool(), [path]() -> Opened {
        // Headers are parsed and the file mapped; pickles are refused, never executed.
        try {
            return {std::make_shared<const core::WeightFile>(core::WeightFile::open(path.toStdString())), {}};
        } catch (const core::Error &e) {
            return {nullptr, errorText(e)};
        } catch (const std::exception &e) {
            return {nullptr, QStringLiteral("RuntimeError: %1").arg(QString::fromUtf8(e.what()))};
        }
    });
    connect(watcher, &QFutureWatcher<Opened>::finished, this, [this, path, watcher] {
        watcher->deleteLater();
        const Opened opened = watcher->result();
        if (!opened.file) {
            statusBar()->showMessage(opened.error, 12000);
            showWeightsError(tr("Cannot open %1").arg(QFileInfo(path).fileName()), opened.error);
            Q_EMIT weightsOpenFailed(opened.error);
            return;
        }
        statusBar()->clearMessage();
        auto *picker = new TensorPicker(opened.file, this);
        picker->setAttribute(Qt::WA_DeleteOnClose);
        connect(picker, &TensorPicker::tensorChosen, this,
                [this, file = opened.file](const QString &name, Lab::LoadRole role, bool tied) {
                    loadTensor(file, name, role, tied);
                });
        picker->open();
        Q_EMIT tensorPickerShown(picker);
    });
    watcher->setFuture(future);
}

void MainWindow::loadTensor(std::shared_ptr<const core::WeightFile> file, const QString &tensor,
                            Lab::LoadRole role, bool tied)
{
    if (m_loading) {
        statusBar()->showMessage(tr("A tensor is already being loaded."), 6000);
        return;
    }
    struct Converted {
        std::shared_ptr<const core::Tensor> tensor;
        QString error;
        bool cancelled = false;
    };
    m_loading = true;
    auto fraction = std::make_shared<std::atomic<int>>(0);
    auto cancel = std::make_shared<std::atomic<bool>>(false);
    auto *progress =
        new QProgressDialog(tr("Converting %1 to float32 ...").arg(tensor), tr("Cancel"), 0, 100, this);
    progress->setObjectName(QStringLiteral("loadProgress"));
    progress->setWindowModality(Qt::WindowModal);
    progress->setMinimumDuration(400);
    progress->setAttribute(Qt::WA_DeleteOnClose);
    auto *poll = new QTimer(progress);
    connect(poll, &QTimer::timeout, progress, [progress, fraction] { progress->setValue(fraction->load()); });
    poll->start(50);
    connect(progress, &QProgressDialog::canceled, this, [cancel] { cancel->store(true); });
    const QString path = QString::fromStdString(file->path());
    auto *watcher = new QFutureWatcher<Converted>(this);
    const QFuture<Converted> future =
        QtConcurrent::run(workerPool(), [file, name = tensor.toStdString(), fraction, cancel]() -> Converted {
            try {
                std::optional<core::Tensor> t = file->toFloat32(name, [&](double f) {
                    fraction->store(int(f * 100));
                    return !cancel->load();
                });
                if (!t)
                    return {nullptr, {}, true};
                return {std::make_shared<const core::Tensor>(std::move(*t)), {}, false};
            } catch (const core::Error &e) {
                return {nullptr, errorText(e), false};
            } catch (const std::bad_alloc &) {
                return {nullptr, QStringLiteral("RuntimeError: DefaultCPUAllocator: not enough memory"),
                        false};
            }
        });
    connect(watcher, &QFutureWatcher<Converted>::finished, this,
            [this, path, tensor, role, tied, watcher, progress = QPointer<QProgressDialog>(progress)] {
                watcher->deleteLater();
                const Converted c = watcher->result();
                m_loading = false;
                if (progress) {
                    progress->reset();
                    progress->close();
                }
                if (c.cancelled) {
                    statusBar()->showMessage(tr("Loading %1 was cancelled.").arg(tensor), 6000);
                    return;
                }
                if (!c.tensor) {
                    showWeightsError(tr("Cannot load %1").arg(tensor), c.error);
                    Q_EMIT weightsOpenFailed(c.error);
                    return;
                }
                const Lab::Snapshot before = m_lab->snapshotWithModel();
                m_lab->loadMatrix(c.tensor, path, tensor, role, tied);
                m_openInit = nullptr;
                auto *command = new ModelCommand(
                    m_lab, before, m_lab->snapshot(),
                    tr("Load %1 from %2").arg(tensor, QFileInfo(path).fileName()), false, true);
                m_undoStack->push(command);
                enforceUndoBudget(m_undoStack, m_undoBudget);
                updateUndoActions();
                statusBar()->showMessage(
                    tr("%1 [%2 x %3] from %4 is now %5")
                        .arg(tensor)
                        .arg(c.tensor->shape[0])
                        .arg(c.tensor->shape[1])
                        .arg(QFileInfo(path).fileName(), role == Lab::LoadRole::Embedding
                                                             ? QStringLiteral("embedding.weight")
                                                             : QStringLiteral("lm_head.weight")),
                    12000);
                Q_EMIT weightsLoaded(path, tensor);
            });
    watcher->setFuture(future);
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.size() == 1 && urls.first().isLocalFile() && isWeightFile(urls.first().toLocalFile()))
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.isEmpty() || !urls.first().isLocalFile())
        return;
    event->acceptProposedAction();
    openWeightsFile(urls.first().toLocalFile());
}

} // namespace embedlab::ui
