// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/window/MainWindow.h"

#include "core/nn/OneHot.h"
#include "ui/heatmap/ColorMap.h"
#include "ui/heatmap/HeatmapView.h"
#include "ui/histogram/InitHistogram.h"
#include "ui/model/NeighbourSearch.h"
#include "ui/model/OneHotAnimation.h"
#include "ui/model/Settings.h"
#include "ui/views/CodePanel.h"
#include "ui/views/InitPanel.h"
#include "ui/views/LayerPanel.h"
#include "ui/views/NeighboursPanel.h"
#include "ui/views/OneHotView.h"
#include "ui/views/TensorPicker.h"
#include "ui/views/TokenChips.h"
#include "ui/views/TrainingPanel.h"
#include "ui/views/UnembeddingView.h"
#include "ui/window/ExportController.h"
#include "ui/window/FocusMode.h"
#include "ui/window/LessonController.h"
#include "ui/window/ProjectorMode.h"
#include "ui/window/SessionController.h"
#include "ui/window/Translations.h"
#include "ui/window/WeightFileLoader.h"
#include "ui/window/WheelNeedsFocus.h"

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
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QScopedValueRollback>
#include <QScrollArea>
#include <QScrollBar>
#include <QShowEvent>
#include <QSlider>
#include <QSplitter>
#include <QStatusBar>
#include <QStyle>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QUndoStack>
#include <QVBoxLayout>

#include <cmath>
#include <initializer_list>

namespace embedlab::ui {

namespace {

/// `part`, given to `owner`: for the constructor's list.
template <class Part> Part *ownedBy(Part *part, QObject *owner)
{
    part->setParent(owner);
    return part;
}

// 2: the initialisers behind the layers on the left (#16 item 15). A layout saved by an older
// window (every window saves its own on closing) would keep the weights at 352 px of 1366.
constexpr int kStateVersion = 2;

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
        if (watched == widget() && event->type() == QEvent::Resize) {
            // A few rounds, not without end: the chart's compact form (legend beside, no axis
            // title) follows the height it gets, so the scroll bar and the content's size can
            // change each other for ever. Dragging the dock's edge at 1024x768 overflowed the
            // stack at one width (tst_defaultlayout::everyDockTakesEverySize).
            if (m_resizeDepth >= 4)
                return false;
            const QScopedValueRollback guard(m_resizeDepth, m_resizeDepth + 1);
            return QScrollArea::eventFilter(watched, event);
        }
        return QScrollArea::eventFilter(watched, event);
    }

private:
    int m_resizeDepth = 0;
};

/// The token chips' area: two rows of chips high in its font, projector mode's larger one too (at
/// the window's font it showed one projected row); more rows scroll. Fixed, not a maximum: the
/// ids row gave it QScrollArea's minimum height instead, 68 px for two projected rows of 72 under
/// LANG=zh_CN.UTF-8 (#16).
class ChipsScrollArea : public QScrollArea {
public:
    using QScrollArea::QScrollArea;
    void fitTwoRows() { setFixedHeight(TokenChips::rowsHeight(font(), 2) + 2 * frameWidth()); }

protected:
    void changeEvent(QEvent *event) override
    {
        if (event->type() == QEvent::FontChange)
            fitTwoRows();
        QScrollArea::changeEvent(event);
    }
};

/// A dock around `widget` that scrolls rather than setting a minimum height: stacked under the
/// lesson, the contents (the histogram's toolbar, chart and table, taller in compare mode) would
/// otherwise push the window past a 1024x768 projector.
QDockWidget *scrollingDock(QMainWindow *window, const QString &title, const QString &name, QWidget *widget,
                           QScrollArea *area)
{
    auto *dock = new QDockWidget(title, window);
    dock->setObjectName(name);
    area->setWidget(widget);
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    dock->setWidget(area);
    return dock;
}

} // namespace

MainWindow::MainWindow(QWidget *parent)
    : MainWindow(Options{}, parent)
{}

MainWindow::MainWindow(const Options &options, QWidget *parent)
    : MainWindow(options, Model{}, parent)
{}

MainWindow::MainWindow(const Options &options, Model model, QWidget *parent)
    : QMainWindow(parent)
    // In this order: the children list destroys the Lab before the undo history that refers to it.
    , m_lab(model.lab ? ownedBy(model.lab, this) : new Lab(this))
    , m_animation(model.animation ? ownedBy(model.animation, this) : new OneHotAnimation(this))
    , m_undo(model.undo ? ownedBy(model.undo, this) : new LabUndo(m_lab, this))
    , m_actions(WindowActions::create(this))
    , m_neighbours(new NeighbourSearch(m_lab, this))
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("EmbedLab \u2014 nn.Embedding and nn.Linear, one weight matrix"));
    setAcceptDrops(true);
    QCoreApplication::instance()->installEventFilter(new WheelNeedsFocus(this));
    createCentralArea();
    createDocks();
    createSidePanels();
    for (QDockWidget *d : docks())
        m_focusViews.append(d->widget());
    m_focusViews.append(m_neighboursDock->widget());
    m_focus->setViews(m_focusViews);
    createToolBars();
    connectActions();
    connectLab();
    connectViews();
    restorePreferences();
    resize(1400, 860);
    // Sized once the window has its default size; a saved layout overrides this.
    // The left column holds the widest initialiser's form (kaiming_uniform_, 375 px) whole: at
    // 320 px it cut Apply, the combo boxes and the code line (#16 item 14). It may shrink to the
    // layers' width on a small screen (the initialisers then scroll) and leave the lesson room.
    resizeDocks({m_layerDock}, {kSideColumnWidth}, Qt::Horizontal);
    resizeDocks({m_codeDock, m_histogramDock}, {660, 460}, Qt::Horizontal);
    // The bottom row keeps enough for the histogram's chart and table; the rest goes to the
    // animation and the heatmaps, which were squeezed at 1400x860 with every dock shown.
    resizeDocks({m_codeDock}, {390}, Qt::Vertical);
    restoreSettings();
    // After the saved layout: the lesson's dock is shown only by the lesson, and a crash recovery
    // applies its session to a finished window.
    createParts(options);
    createMenus();
    connectIdleSignals();
}

MainWindow::~MainWindow()
{
    // Nothing may reach MainWindow's slots from the children destroyed after this point: the ids
    // field, for one, finishes its editing when the closing window takes its focus away.
    m_undo->disconnect(this);
    m_idsEdit->disconnect(this);
    m_idsPause->stop();
}

MainWindow::Model MainWindow::releaseModel()
{
    m_idsPause->stop();
    const Model model{m_lab, m_undo, m_animation};
    for (QObject *part : std::initializer_list<QObject *>{m_lab, m_undo, m_animation})
        part->setParent(nullptr);
    // Without the parts (they left the tree above), so the connections among them stay.
    QList<QObject *> mine = findChildren<QObject *>();
    mine.append(this);
    for (QObject *part : std::initializer_list<QObject *>{m_lab, m_undo, m_undo->stack(), m_animation}) {
        for (QObject *object : std::as_const(mine)) {
            QObject::disconnect(part, nullptr, object, nullptr);
            QObject::disconnect(object, nullptr, part, nullptr);
        }
    }
    return model;
}

QUndoStack *MainWindow::undoStack() const
{
    return m_undo->stack();
}

// ---- the window's widgets ----------------------------------------------------------------------

void MainWindow::createCentralArea()
{
    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(createIdsRow(central));

    // The animation (the lesson) beside the two weight matrices.
    auto *splitter = new QSplitter(Qt::Horizontal, central);
    splitter->setObjectName(QStringLiteral("centralSplitter"));
    splitter->setChildrenCollapsible(false);
    QWidget *lookup = createLookupArea(splitter);
    auto *weights = new QSplitter(Qt::Vertical, splitter);
    m_embeddingHeatmap = new HeatmapView(weights);
    m_embeddingHeatmap->setObjectName(QStringLiteral("embeddingHeatmap"));
    m_lmHeadHeatmap = new HeatmapView(weights);
    m_lmHeadHeatmap->setObjectName(QStringLiteral("lmHeadHeatmap"));
    weights->addWidget(m_embeddingHeatmap);
    weights->addWidget(m_lmHeadHeatmap);
    splitter->addWidget(lookup);
    splitter->addWidget(weights);
    // The weight matrices are what the app is named for: their column takes most of the width and
    // the embedding (the weight the lesson looks up) most of the column (#16 item 15).
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 2);
    weights->setStretchFactor(0, 2);
    weights->setStretchFactor(1, 1);
    layout->addWidget(splitter, 1);
    m_focus = new FocusMode(this, central);
    m_focusViews = {m_embeddingHeatmap, m_lmHeadHeatmap, lookup};
    createStatusBar();
}

QWidget *MainWindow::createIdsRow(QWidget *parent)
{
    // The ids (or the text they are the tokens of), then the ids of the text, the tokens as chips and
    // PyTorch's error: one row, so the window stays as short as before on a projector.
    auto *row = new QWidget(parent);
    auto *layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    m_textMode = new QToolButton(row);
    m_textMode->setObjectName(QStringLiteral("textMode"));
    m_textMode->setText(tr("Text"));
    m_textMode->setCheckable(true);
    m_textMode->setVisible(false); // until the model has a tokenizer (onVocabularyChanged)
    m_textMode->setToolTip(tr("Type text instead of ids: the model's tokenizer turns it into token ids. "
                              "Text in double quotes (\"Hello world\") is read as text in either mode."));
    m_idsPrefix = new QLabel(QStringLiteral("ids = torch.tensor("), row);
    m_idsPrefix->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_idsEdit = new QLineEdit(row);
    m_idsEdit->setObjectName(QStringLiteral("ids"));
    m_idsEdit->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_idsEdit->setPlaceholderText(tr("token ids, e.g. 2, 3, 1 or [[2, 3], [1, 0]]"));
    m_idsEdit->setToolTip(
        tr("Token ids: a list (2, 3, 1) or a 2-D batch ([[2, 3], [1, 0]]). Each id picks one "
           "row of embedding.weight."));
    // A fixed width: the field must not shrink under the mouse when it is empty or in error.
    m_idsEdit->setFixedWidth(kIdsFieldWidth);
    m_idsPause = new QTimer(this);
    m_idsPause->setSingleShot(true);
    m_idsPause->setInterval(kIdsTypingPause);
    m_idsPrefix->setBuddy(m_idsEdit);
    m_idsSuffix = new QLabel(QStringLiteral(")"), row);
    m_idsSuffix->setFont(m_idsPrefix->font());
    // Read-only and of fixed width: 200 tokens' ids scroll inside it instead of widening the window.
    // Two ids whole ("[15496, 995]"), with the field's frame and text margins: 11 digits' width cut
    // the last one to "[15496, 99".
    m_tokenIds = new QLineEdit(row);
    m_tokenIds->setObjectName(QStringLiteral("tokenIds"));
    m_tokenIds->setFont(m_idsPrefix->font());
    m_tokenIds->setReadOnly(true);
    m_tokenIds->setFixedWidth(
        QFontMetrics(m_idsPrefix->font()).horizontalAdvance(QStringLiteral("[15496, 995]")) +
        m_tokenIds->style()->pixelMetric(QStyle::PM_DefaultFrameWidth) * 2 + 8);
    m_idsError = new QLabel(row);
    m_idsError->setObjectName(QStringLiteral("idsError"));
    m_idsError->setStyleSheet(QStringLiteral("color: #c0392b; font-weight: bold;"));
    m_idsError->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_idsError->setWordWrap(true);
    layout->addWidget(m_textMode);
    layout->addWidget(m_idsPrefix);
    layout->addWidget(m_idsEdit);
    layout->addWidget(m_idsSuffix);
    layout->addWidget(m_tokenIds);
    layout->addWidget(createChipsArea(row), 3);
    layout->addSpacing(12);
    layout->addWidget(m_idsError, 1);
    return row;
}

QWidget *MainWindow::createChipsArea(QWidget *parent)
{
    // At most two rows of chips: a long text scrolls rather than pushing the views down.
    auto *scroll = new ChipsScrollArea(parent);
    scroll->setObjectName(QStringLiteral("tokenChipsArea"));
    m_chips = new TokenChips;
    m_chips->setObjectName(QStringLiteral("tokenChips"));
    scroll->setWidget(m_chips);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->fitTwoRows();
    scroll->setMinimumWidth(fontMetrics().averageCharWidth() * 8);
    scroll->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    scroll->setVisible(false);
    m_chipsArea = scroll;
    return scroll;
}

QWidget *MainWindow::createLookupArea(QWidget *parent)
{
    auto *area = new QWidget(parent);
    auto *layout = new QVBoxLayout(area);
    layout->setContentsMargins(0, 0, 0, 0);
    m_oneHotView = new OneHotView(area);
    m_oneHotView->setObjectName(QStringLiteral("oneHotView"));
    m_oneHotView->setLab(m_lab);
    m_oneHotView->setAnimation(m_animation);
    layout->addWidget(m_oneHotView, 1);

    // The badge and the counters for a whole forward pass.
    auto *badgeRow = new QHBoxLayout;
    m_badge = new QLabel(area);
    m_badge->setObjectName(QStringLiteral("equalityBadge"));
    m_badge->setTextFormat(Qt::RichText);
    m_counters = new QLabel(area);
    m_counters->setObjectName(QStringLiteral("counters"));
    m_counters->setWordWrap(true);
    m_counters->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_batchCounters = new QCheckBox(tr("batch 32 \u00d7 512"), area);
    m_batchCounters->setObjectName(QStringLiteral("batchCounters"));
    m_batchCounters->setToolTip(
        tr("Count a training batch of 32 sequences of 512 tokens instead of the ids"));
    badgeRow->addWidget(m_badge);
    badgeRow->addStretch(1);
    badgeRow->addWidget(m_batchCounters);
    layout->addLayout(badgeRow);
    // The counters take the column's whole width: between the badge and the check box, projected
    // text wrapped to a dozen lines and lost the last ones at 1024 x 768.
    layout->addWidget(m_counters);
    return area;
}

void MainWindow::createStatusBar()
{
    m_busyBar = new QProgressBar(this);
    m_busyBar->setRange(0, 0); // busy: the duration of a rebuild is not known in advance
    m_busyBar->setMaximumWidth(160);
    m_busyBar->setVisible(false);
    m_busyLabel = new QLabel(this);
    statusBar()->addPermanentWidget(m_busyLabel);
    statusBar()->addPermanentWidget(m_busyBar);
}

void MainWindow::createDocks()
{
    m_layerPanel = new LayerPanel;
    m_layerPanel->setLab(m_lab);
    m_layerDock = new QDockWidget(tr("Layers"), this);
    m_layerDock->setObjectName(QStringLiteral("layerDock"));
    // Scrolls rather than squashing its spin boxes on a small (projector) screen.
    // As wide as the panel's minimum: narrower, its calls and buttons were cut at the right.
    auto *layerScroll = new VerticalScrollArea;
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
    // The code reads best wide: the bottom row runs under the layer panel too, which scrolls. With
    // the layer panel the full height, the code had 341 px at 1024 x 768 and clipped every line.
    setCorner(Qt::BottomLeftCorner, Qt::BottomDockWidgetArea);
    addDockWidget(Qt::BottomDockWidgetArea, m_codeDock);
    resizeDocks({m_layerDock}, {320}, Qt::Horizontal);
    resizeDocks({m_codeDock}, {280}, Qt::Vertical);
}

QWidget *MainWindow::createHistogramBox()
{
    auto *box = new QWidget;
    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(4, 4, 4, 4);
    m_histogram = new InitHistogram(box);
    m_histogram->setObjectName(QStringLiteral("histogram"));
    layout->addWidget(m_histogram, 1);
    // The tensor selector leads the histogram's wrapping toolbar instead of taking a row of its own.
    auto *target = new QWidget;
    auto *targetRow = new QHBoxLayout(target);
    targetRow->setContentsMargins(0, 0, 0, 0);
    m_histogramTarget = new QComboBox(target);
    m_histogramTarget->setObjectName(QStringLiteral("histogramTarget"));
    m_histogramTarget->addItems({QStringLiteral("embedding.weight"), QStringLiteral("lm_head.weight")});
    m_histogramTarget->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    auto *targetLabel = new QLabel(tr("&Tensor:"), target);
    targetLabel->setBuddy(m_histogramTarget);
    targetRow->addWidget(targetLabel);
    targetRow->addWidget(m_histogramTarget);
    m_histogram->setLeadingControl(target);
    return box;
}

void MainWindow::createSidePanels()
{
    m_initPanel = new InitPanel;
    m_initPanel->setObjectName(QStringLiteral("initPanel"));
    m_initDock =
        scrollingDock(this, tr("Initialisers"), QStringLiteral("initDock"), m_initPanel, new QScrollArea);
    // Behind the layers, one column on the left: beside them on the right, the two side columns
    // left the weights 352 px of 1366 (#16 item 15). No lesson step shows both.
    addDockWidget(Qt::LeftDockWidgetArea, m_initDock);
    tabifyDockWidget(m_layerDock, m_initDock);
    auto *histogramArea = new VerticalScrollArea;
    histogramArea->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_histogramDock = scrollingDock(this, tr("Histogram"), QStringLiteral("histogramDock"),
                                    createHistogramBox(), histogramArea);
    m_unembeddingView = new UnembeddingView;
    m_unembeddingView->setObjectName(QStringLiteral("unembeddingView"));
    m_unembeddingDock = scrollingDock(this, tr("Unembedding"), QStringLiteral("unembeddingDock"),
                                      m_unembeddingView, new QScrollArea);
    m_trainingPanel = new TrainingPanel;
    m_trainingPanel->setObjectName(QStringLiteral("trainingPanel"));
    m_trainingPanel->setLab(m_lab);
    m_trainingDock =
        scrollingDock(this, tr("Training"), QStringLiteral("trainingDock"), m_trainingPanel, new QScrollArea);
    // The code and the histogram side by side below the views (both follow every init live),
    // the unembedding and training behind the code.
    addDockWidget(Qt::BottomDockWidgetArea, m_histogramDock);
    splitDockWidget(m_codeDock, m_histogramDock, Qt::Horizontal);
    addDockWidget(Qt::BottomDockWidgetArea, m_unembeddingDock);
    addDockWidget(Qt::BottomDockWidgetArea, m_trainingDock);
    tabifyDockWidget(m_codeDock, m_unembeddingDock);
    tabifyDockWidget(m_unembeddingDock, m_trainingDock);
    createNeighboursDock();
    m_codeDock->raise();
    m_layerDock->raise();
}

void MainWindow::createNeighboursDock()
{
    // Not a lesson panel (no step is about neighbours): the lesson hides it.
    m_neighboursPanel = new NeighboursPanel;
    m_neighboursPanel->setObjectName(QStringLiteral("neighboursPanel"));
    // Scrolling: the list and the scatter must not widen the bottom row past a 1024 px screen.
    m_neighboursDock = scrollingDock(this, tr("Neighbours"), QStringLiteral("neighboursDock"),
                                     m_neighboursPanel, new QScrollArea);
    addDockWidget(Qt::BottomDockWidgetArea, m_neighboursDock);
    tabifyDockWidget(m_trainingDock, m_neighboursDock);
    // Opened from View > Neighbours: a fourth tab in the bottom row would widen it past 1024 px.
    m_neighboursDock->hide();
}

void MainWindow::connectNeighbours()
{
    NeighboursPanel *panel = m_neighboursPanel;
    connect(panel, &NeighboursPanel::kChanged, m_neighbours, &NeighbourSearch::setK);
    connect(panel, &NeighboursPanel::rowClicked, m_lab, [this](qint64 id) { m_lab->selectRow(int(id)); });
    connect(panel, &NeighboursPanel::searchRequested, this, [this](const QString &text) {
        const qint64 row = m_neighbours->rowFor(text);
        if (row < 0)
            m_neighboursPanel->setMessage(tr("No row or token matches \"%1\".").arg(text));
        else
            m_lab->selectRow(int(row));
    });
    // The search runs for the selected row while the dock is shown (GPT-2's norms and principal
    // plane take a moment: a hidden dock costs nothing).
    connect(m_lab, &Lab::rowSelected, this, [this] { showNeighbours(); });
    connect(m_lab, &Lab::weightsChanged, this, [this] { showNeighbours(); });
    connect(m_neighboursDock, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (visible)
            showNeighbours();
    });
    connect(m_neighbours, &NeighbourSearch::failed, panel, &NeighboursPanel::setMessage);
    connect(m_neighbours, &NeighbourSearch::runningChanged, this, [this](bool running) {
        if (running)
            m_neighboursPanel->setMessage(tr("Computing the nearest rows ..."));
        scheduleIdleCheck();
    });
    connect(m_neighbours, &NeighbourSearch::resultReady, this,
            [this] { m_neighboursPanel->setItems(m_neighbours->shownItems()); });
}

void MainWindow::showNeighbours()
{
    if (!m_neighboursDock->isVisible() || m_neighboursDock->visibleRegion().isEmpty())
        return;
    const int row = m_lab->selectedRow();
    const QList<qint64> ids = m_lab->flatIds();
    if (row >= 0)
        m_neighbours->search(row);
    else if (m_lab->idsValid() && !ids.isEmpty())
        m_neighbours->search(ids.front());
}

QList<Lesson::Panel> MainWindow::panels()
{
    using P = Lesson::Panel;
    return {P::Layers, P::Code, P::Init, P::Histogram, P::Unembedding, P::Training};
}

QDockWidget *MainWindow::dock(Lesson::Panel panel) const
{
    switch (panel) {
    case Lesson::Panel::Layers:
        return m_layerDock;
    case Lesson::Panel::Code:
        return m_codeDock;
    case Lesson::Panel::Init:
        return m_initDock;
    case Lesson::Panel::Histogram:
        return m_histogramDock;
    case Lesson::Panel::Unembedding:
        return m_unembeddingDock;
    case Lesson::Panel::Training:
        return m_trainingDock;
    }
    return nullptr;
}

QList<QDockWidget *> MainWindow::docks() const
{
    QList<QDockWidget *> list;
    for (const Lesson::Panel panel : panels())
        list.append(dock(panel));
    return list;
}

void MainWindow::createParts(const Options &options)
{
    m_projector = new ProjectorMode(this, {m_actions.zoomIn, m_actions.zoomOut, m_actions.zoomReset});
    connect(m_actions.projector, &QAction::toggled, m_projector, &ProjectorMode::setEnabled);
    connect(m_projector, &ProjectorMode::enabledChanged, m_actions.projector, &QAction::setChecked);
    connect(m_projector, &ProjectorMode::enabledChanged, this, [this](bool on) {
        // With projector fonts the two toolbars do not fit one line at 1024 x 768: the animation's
        // controls get a line of their own instead of an overflow menu.
        if (on && !toolBarBreak(m_animationBar))
            insertToolBarBreak(m_animationBar);
        else if (!on && toolBarBreak(m_animationBar))
            removeToolBarBreak(m_animationBar);
    });
    m_weightFiles = new WeightFileLoader(this, m_undo, this);
    connect(m_weightFiles, &WeightFileLoader::tensorPickerShown, this, &MainWindow::tensorPickerShown);
    connect(m_weightFiles, &WeightFileLoader::openFailed, this, &MainWindow::weightsOpenFailed);
    connect(m_weightFiles, &WeightFileLoader::loaded, this, &MainWindow::weightsLoaded);
    connect(m_weightFiles, &WeightFileLoader::message, statusBar(), &QStatusBar::showMessage);
    m_lessons = new LessonController(this, m_actions);
    m_projector->setKeptDock(m_lessons->dock());
    QList<QWidget *> chrome{m_lessons->dock()};
    for (QDockWidget *d : docks())
        chrome.append(d);
    chrome.append(m_neighboursDock);
    for (QToolBar *bar : std::as_const(m_toolBars))
        chrome.append(bar);
    m_focus->setChrome(chrome);
    m_exports = new ExportController(this, m_actions);
    m_sessions = new SessionController(this, m_actions, options.recovery);
}

// ---- menus and tool bars -----------------------------------------------------------------------

void MainWindow::createMenus()
{
    const WindowActions &a = m_actions;
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addActions({a.openWeights, a.openSession, a.saveSession, a.saveSessionAs});
    file->addMenu(m_sessions->recentMenu());
    file->addMenu(m_exports->exportMenu());
    file->addMenu(m_exports->copyMenu());
    file->addSeparator();
    file->addAction(a.exportScreenshot);
    file->addSeparator();
    file->addAction(a.quit);

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    edit->addActions({a.undo, a.redo, a.undoMemory});
    edit->addSeparator();
    edit->addAction(a.copyCode);
    edit->addSeparator();
    QMenu *presets = edit->addMenu(tr("Pre&sets"));
    presets->addActions({a.presetReference, a.presetGpt2});
    edit->addSeparator();
    edit->addAction(a.preferences);

    QMenu *model = menuBar()->addMenu(tr("&Model"));
    model->addActions({a.tie, a.untieClone, a.untieReinit});
    model->addSeparator();
    model->addAction(a.trainStep);

    QMenu *view = menuBar()->addMenu(tr("&View"));
    for (QDockWidget *d : docks())
        view->addAction(d->toggleViewAction());
    view->addAction(m_neighboursDock->toggleViewAction());
    for (QToolBar *bar : std::as_const(m_toolBars))
        view->addAction(bar->toggleViewAction());
    view->addSeparator();
    view->addActions({a.zoomIn, a.zoomOut, a.zoomReset});
    view->addMenu(tr("&Colour Map"))->addActions(a.colorMaps->actions());
    view->addSeparator();
    view->addActions({a.fullScreen, a.projector, a.lesson, a.focusView, a.leaveFocus});
    QMenu *language = view->addMenu(tr("&Language"));
    language->setObjectName(QStringLiteral("languageMenu"));
    language->addActions(a.languages->actions());

    QMenu *animation = menuBar()->addMenu(tr("&Animation"));
    animation->addActions({a.play, a.stepForward, a.stepBack, a.restart, a.lastStep});
    animation->addSeparator();
    animation->addActions({a.faster, a.slower});
    animation->addSeparator();
    animation->addAction(a.batchCounters);

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addActions({a.about, a.aboutQt});
}

void MainWindow::createToolBars()
{
    auto *mainBar = new QToolBar(tr("Main"), this);
    mainBar->setObjectName(QStringLiteral("mainToolBar"));
    mainBar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    mainBar->addActions({m_actions.presetReference, m_actions.presetGpt2});
    mainBar->addSeparator();
    mainBar->addActions({m_actions.undo, m_actions.redo});
    mainBar->addSeparator();
    mainBar->addAction(m_actions.tie);
    m_animationBar = createAnimationToolBar();
    m_toolBars = {mainBar, m_animationBar};
    for (QToolBar *bar : std::as_const(m_toolBars))
        addToolBar(bar);
}

QToolBar *MainWindow::createAnimationToolBar()
{
    auto *bar = new QToolBar(tr("Animation"), this);
    bar->setObjectName(QStringLiteral("animationToolBar"));
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->addActions({m_actions.restart, m_actions.stepBack, m_actions.play, m_actions.stepForward});
    bar->addSeparator();
    auto *speedTitle = new QLabel(tr(" Speed "), bar);
    m_speedSlider = new QSlider(Qt::Horizontal, bar);
    m_speedSlider->setObjectName(QStringLiteral("speed"));
    // log2(speed) * 4: 0.25x .. 8x in quarter-octave steps.
    m_speedSlider->setRange(-8, 12);
    m_speedSlider->setMaximumWidth(140);
    m_speedSlider->setFocusPolicy(Qt::NoFocus);
    m_speedSlider->setToolTip(tr("Animation speed"));
    m_speedLabel = new QLabel(bar);
    m_speedLabel->setMinimumWidth(QFontMetrics(font()).horizontalAdvance(QStringLiteral("0.25\u00d7 ")));
    bar->addWidget(speedTitle);
    bar->addWidget(m_speedSlider);
    bar->addWidget(m_speedLabel);
    connect(m_speedSlider, &QSlider::valueChanged, this,
            [this](int v) { m_animation->setSpeed(std::pow(2.0, v / 4.0)); });
    connect(m_animation, &OneHotAnimation::speedChanged, this, &MainWindow::updateSpeedLabel);
    return bar;
}

// ---- actions -----------------------------------------------------------------------------------

void MainWindow::connectActions()
{
    const WindowActions &a = m_actions;
    connect(a.openWeights, &QAction::triggered, this, [this] {
        const QString file =
            QFileDialog::getOpenFileName(this, tr("Open Weights"), QString(),
                                         tr("Weight files (*.npy *.safetensors *.gguf);;PyTorch pickles "
                                            "(*.pt *.pth *.bin);;All files (*)"));
        if (!file.isEmpty())
            openWeightsFile(file);
    });
    connect(a.quit, &QAction::triggered, this, &QWidget::close);
    connect(a.undo, &QAction::triggered, m_undo, &LabUndo::undo);
    connect(a.redo, &QAction::triggered, m_undo, &LabUndo::redo);
    connect(m_undo, &LabUndo::changed, this, &MainWindow::updateUndoActions);
    m_undo->setConfirmation(
        [this](std::uint64_t needed, std::uint64_t budget) { return confirmWithoutUndo(needed, budget); });
    connect(m_undo, &LabUndo::notice, this,
            [this](const QString &text) { statusBar()->showMessage(text, 10000); });
    connect(a.copyCode, &QAction::triggered, this,
            [this] { QApplication::clipboard()->setText(m_codePanel->codeText()); });
    connect(a.preferences, &QAction::triggered, this, &MainWindow::showPreferences);
    connect(a.presetReference, &QAction::triggered, this,
            [this] { Q_EMIT m_layerPanel->presetRequested(Lab::Preset::Reference); });
    connect(a.presetGpt2, &QAction::triggered, this,
            [this] { Q_EMIT m_layerPanel->presetRequested(Lab::Preset::Gpt2Small); });
    connect(a.tie, &QAction::triggered, this, [this](bool on) {
        // Shows the Lab's state until the change (or the untie question) is done.
        m_actions.tie->setChecked(m_lab->isTied());
        requestTie(on);
    });
    connect(a.untieClone, &QAction::triggered, this, [this] { untie(core::TiedModel::UntieMode::Clone); });
    connect(a.untieReinit, &QAction::triggered, this,
            [this] { untie(core::TiedModel::UntieMode::Reinitialize); });
    connect(a.trainStep, &QAction::triggered, this, [this] {
        m_trainingDock->show();
        m_trainingDock->raise();
        m_trainingPanel->step();
    });
    connect(a.focusView, &QAction::triggered, m_focus, [this] { m_focus->enter(); });
    connect(a.leaveFocus, &QAction::triggered, m_focus, &FocusMode::leave);
    connect(m_focus, &FocusMode::activeChanged, this, [this](bool active) {
        m_actions.focusView->setEnabled(!active);
        m_actions.leaveFocus->setEnabled(active);
    });
    connect(a.zoomIn, &QAction::triggered, m_embeddingHeatmap, &HeatmapView::zoomIn);
    connect(a.zoomIn, &QAction::triggered, m_lmHeadHeatmap, &HeatmapView::zoomIn);
    connect(a.zoomOut, &QAction::triggered, m_embeddingHeatmap, &HeatmapView::zoomOut);
    connect(a.zoomOut, &QAction::triggered, m_lmHeadHeatmap, &HeatmapView::zoomOut);
    connect(a.zoomReset, &QAction::triggered, m_embeddingHeatmap, &HeatmapView::resetZoom);
    connect(a.zoomReset, &QAction::triggered, m_lmHeadHeatmap, &HeatmapView::resetZoom);
    connect(a.fullScreen, &QAction::toggled, this, [this](bool on) { on ? showFullScreen() : showNormal(); });
    connect(a.colorMaps, &QActionGroup::triggered, this,
            [this](QAction *action) { setColorMapName(action->data().toString()); });
    for (QAction *action : a.languages->actions())
        action->setChecked(action->data().toString() == Translations::preferredCode());
    connect(a.languages, &QActionGroup::triggered, this,
            [this](QAction *action) { chooseLanguage(action->data().toString()); });
    connect(a.about, &QAction::triggered, this, &MainWindow::showAbout);
    connect(a.aboutQt, &QAction::triggered, qApp, &QApplication::aboutQt);
    connectAnimationActions();
    updateUndoActions();
}

void MainWindow::connectAnimationActions()
{
    const WindowActions &a = m_actions;
    connect(a.play, &QAction::triggered, m_animation, &OneHotAnimation::togglePlay);
    connect(a.stepForward, &QAction::triggered, m_animation, &OneHotAnimation::stepForward);
    connect(a.stepBack, &QAction::triggered, m_animation, &OneHotAnimation::stepBack);
    connect(a.restart, &QAction::triggered, m_animation, &OneHotAnimation::restart);
    connect(a.lastStep, &QAction::triggered, m_animation, &OneHotAnimation::goToEnd);
    connect(a.faster, &QAction::triggered, m_animation, &OneHotAnimation::faster);
    connect(a.slower, &QAction::triggered, m_animation, &OneHotAnimation::slower);
    connect(a.batchCounters, &QAction::toggled, m_batchCounters, &QCheckBox::setChecked);
    connect(m_batchCounters, &QCheckBox::toggled, a.batchCounters, &QAction::setChecked);
    connect(m_animation, &OneHotAnimation::playingChanged, this, [this](bool playing) {
        m_actions.play->setText(playing ? tr("&Pause") : tr("&Play"));
        m_actions.play->setIcon(QIcon::fromTheme(playing ? QStringLiteral("media-playback-pause")
                                                         : QStringLiteral("media-playback-start")));
    });
}

void MainWindow::updateUndoActions()
{
    m_actions.undo->setEnabled(m_undo->canUndo());
    m_actions.redo->setEnabled(m_undo->canRedo());
    QString undoText = tr("&Undo");
    if (m_undo->isBlocked())
        undoText = tr("&Undo (older steps were dropped to stay under %1)")
                       .arg(QLocale().formattedDataSize(qint64(m_undo->budget())));
    else if (undoStack()->canUndo())
        undoText = tr("&Undo %1").arg(m_undo->undoText());
    const QString redoText = undoStack()->canRedo() ? tr("&Redo %1").arg(m_undo->redoText()) : tr("&Redo");
    // The Edit menu says what would be undone; the toolbar's buttons keep short, fixed labels so
    // that nothing moves under the mouse, and say it in their tooltips.
    m_actions.undo->setText(undoText);
    m_actions.redo->setText(redoText);
    m_actions.undo->setIconText(tr("Undo"));
    m_actions.redo->setIconText(tr("Redo"));
    m_actions.undo->setToolTip(QString(undoText).remove(QLatin1Char('&')));
    m_actions.undoMemory->setText(tr("Undo memory: %1 (history uses %2)")
                                      .arg(QLocale().formattedDataSize(qint64(m_undo->budget()), 1),
                                           QLocale().formattedDataSize(qint64(m_undo->historyBytes()), 1)));
    m_actions.redo->setToolTip(QString(redoText).remove(QLatin1Char('&')));
}

void MainWindow::setUndoBudget(std::uint64_t bytes)
{
    m_undo->setBudget(bytes);
    updateUndoActions();
}

bool MainWindow::confirmWithoutUndo(std::uint64_t needed, std::uint64_t budget)
{
    QMessageBox box(QMessageBox::Question, tr("Cannot Be Undone"),
                    tr("This cannot be undone (needs %1, undo memory is %2). Continue?")
                        .arg(QLocale().formattedDataSize(qint64(needed), 1),
                             QLocale().formattedDataSize(qint64(budget), 1)),
                    QMessageBox::Cancel, this);
    box.setObjectName(QStringLiteral("cannotUndoBox"));
    QPushButton *proceed = box.addButton(tr("&Continue"), QMessageBox::AcceptRole);
    box.setDefaultButton(QMessageBox::Cancel);
    box.exec();
    return box.clickedButton() == proceed;
}

// ---- the Lab and the views ---------------------------------------------------------------------

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
        showModalWarning(tr("lm_head cannot be tied"), message);
    });
    connect(m_lab, &Lab::idsChanged, this, &MainWindow::onIdsChanged);
    connect(m_lab, &Lab::idsError, this, &MainWindow::onIdsError);
    connect(m_lab, &Lab::vocabularyChanged, this, &MainWindow::onVocabularyChanged);
    connect(m_lab, &Lab::pathsChanged, this, &MainWindow::onPathsChanged);
    connect(m_lab, &Lab::busyChanged, this, &MainWindow::onBusyChanged);
    connect(m_lab, &Lab::busyMessage, m_busyLabel, &QLabel::setText);
    connect(m_lab, &Lab::rebuildFailed, this, [this](const QString &message) {
        statusBar()->showMessage(message, 10000);
        showModalWarning(tr("The model could not be built"), message);
    });
    connect(m_lab, &Lab::initFailed, this,
            [this](const QString &message) { statusBar()->showMessage(message, 8000); });
    connect(m_lab, &Lab::rowSelected, this, [this](int row) {
        m_embeddingHeatmap->setSelectedRow(row);
        if (row >= 0)
            statusBar()->showMessage(
                tr("Row %1 of embedding.weight is the embedding of token id %1").arg(row), 6000);
    });
    connect(m_animation, &OneHotAnimation::changed, this, &MainWindow::onAnimationChanged);
    connectNeighbours();
    onModelRebuilt();
    onVocabularyChanged();
    onIdsChanged();
    onPathsChanged();
}

void MainWindow::connectViews()
{
    connect(m_idsEdit, &QLineEdit::textEdited, this, &MainWindow::onIdsTyped);
    connect(m_idsEdit, &QLineEdit::returnPressed, this, &MainWindow::commitIdsText);
    connect(m_idsEdit, &QLineEdit::editingFinished, this, [this] {
        if (m_idsPause->isActive())
            commitIdsText();
    });
    connect(m_idsPause, &QTimer::timeout, this, &MainWindow::commitIdsText);
    connect(m_textMode, &QToolButton::toggled, this, &MainWindow::setTextMode);
    connect(m_chips, &TokenChips::chipClicked, m_lab, [this](qint64 id) { m_lab->selectRow(int(id)); });
    connect(m_batchCounters, &QCheckBox::toggled, this, &MainWindow::updateCounters);
    connect(m_embeddingHeatmap, &HeatmapView::rowClicked, m_lab, &Lab::selectRow);
    connect(m_lmHeadHeatmap, &HeatmapView::rowClicked, m_lab, &Lab::selectRow);
    connect(m_layerPanel, &LayerPanel::configEdited, this, [this](const Lab::Config &config) {
        m_undo->applySnapshot(tr("Change layers"), {config, m_lab->idsText()});
    });
    connect(m_layerPanel, &LayerPanel::tieRequested, this, &MainWindow::requestTie);
    connect(m_layerPanel, &LayerPanel::presetRequested, m_undo, &LabUndo::applyPreset);
    connect(m_initPanel, &InitPanel::initRequested, this,
            [this](const QString &target, const core::InitSpec &spec) {
                m_undo->applyInit(target, spec, m_initPanel->seed());
            });
    connect(m_initPanel, &InitPanel::editFinished, m_undo, &LabUndo::finishInitGesture);
    connect(m_histogram, &InitHistogram::compareModeToggled, this, &MainWindow::setHistogramCompare);
    connect(m_histogramTarget, &QComboBox::currentIndexChanged, this, &MainWindow::updateHistogramSources);
    connect(m_trainingPanel, &TrainingPanel::stepFailed, this,
            [this](const QString &message) { statusBar()->showMessage(message, 8000); });
}

void MainWindow::onBusyChanged(bool busy)
{
    m_busyBar->setVisible(busy);
    m_busyLabel->setVisible(busy);
    // Nothing may write the weights while a worker reads them.
    for (QAction *action : m_actions.weightWriters())
        action->setEnabled(!busy);
    m_actions.untieClone->setEnabled(!busy && m_lab->isTied());
    m_actions.untieReinit->setEnabled(!busy && m_lab->isTied());
    m_trainingPanel->setEnabled(!busy);
    updateUndoActions();
}

void MainWindow::updateHeatmapTitles()
{
    const Lab::Config &c = m_lab->modelConfig();
    const QString tied = m_lab->isTied() ? tr("  (tied)") : QString();
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
        const QSignalBlocker blocker(m_actions.tie);
        m_actions.tie->setChecked(m_lab->isTied());
    }
    m_actions.untieClone->setEnabled(m_lab->isTied() && !m_lab->isBusy());
    m_actions.untieReinit->setEnabled(m_lab->isTied() && !m_lab->isBusy());
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
    m_unembeddingView->setModel(&m_lab->model());
    onTiedChanged();
    m_animation->setIdCount(m_lab->idsValid() ? int(m_lab->flatIds().size()) : 0);
    onAnimationChanged();
    updateCounters();
    recheckRefusedEntry();
}

void MainWindow::recheckRefusedEntry()
{
    // An entry the old model refused ("2, 3, 4" with 4 rows) is judged again by the new one, as if
    // Enter were pressed: it takes effect, or its error is the new model's. It kept the old
    // model's error beside a model that accepted it. Queued: not inside an undo step's rebuild.
    QTimer::singleShot(0, this, [this] {
        if (!m_idsError->text().isEmpty() && m_idsEdit->text() != idsFieldText())
            commitIdsText();
    });
}

void MainWindow::onIdsTyped(const QString &text)
{
    // A paste (or any edit that adds several characters at once) is a whole entry: apply it now.
    // Key by key, wait for a pause: the prefix "2" of "2, 9" is not what the user means.
    const bool wholeEntry = text.size() > m_idsTypedLength + 1;
    m_idsTypedLength = int(text.size());
    if (wholeEntry)
        commitIdsText();
    else
        m_idsPause->start();
}

void MainWindow::commitIdsText()
{
    m_idsPause->stop();
    m_typingIds = true;
    m_undo->editIds(m_lab->vocabulary().idsForEntry(m_idsEdit->text(), m_textMode->isChecked()));
    m_typingIds = false;
    if (m_lab->idsErrorMessage().isEmpty()) {
        // Valid again, though perhaps the same ids as before: no idsChanged() to clear the notes.
        m_idsError->clear();
        onPathsChanged();
    }
    scheduleIdleCheck();
}

void MainWindow::showIdsText(const QString &text)
{
    m_idsEdit->setText(text);
}

QString MainWindow::idsFieldText() const
{
    return m_textMode->isChecked() ? m_lab->vocabulary().decode(m_lab->flatIds()) : m_lab->idsText();
}

void MainWindow::setTextMode(bool on)
{
    on = on && m_lab->vocabulary().isKnown();
    m_textMode->setChecked(on);
    m_idsPause->stop();
    m_idsPrefix->setText(on ? QStringLiteral("ids = tokenizer.encode(")
                            : QStringLiteral("ids = torch.tensor("));
    // Text mode adds the ids and the chips to the row: the field gives them room.
    m_idsEdit->setFixedWidth(on ? kIdsFieldWidth * 2 / 3 : kIdsFieldWidth);
    m_idsEdit->setPlaceholderText(on ? tr("text, e.g. Hello world")
                                     : tr("token ids, e.g. 2, 3, 1 or [[2, 3], [1, 0]]"));
    m_idsEdit->setText(idsFieldText());
    m_idsTypedLength = int(m_idsEdit->text().size());
    updateTokens();
}

bool MainWindow::isTextMode() const
{
    return m_textMode->isChecked();
}

void MainWindow::onVocabularyChanged()
{
    const Vocabulary &vocabulary = m_lab->vocabulary();
    m_embeddingHeatmap->setVocabulary(vocabulary);
    m_lmHeadHeatmap->setVocabulary(vocabulary);
    m_unembeddingView->setVocabulary(vocabulary);
    // Shown only with a tokenizer: the reference example's ids row stays as narrow as before.
    m_textMode->setEnabled(vocabulary.isKnown());
    m_textMode->setVisible(vocabulary.isKnown());
    if (!m_lab->vocabulary().isKnown() && m_textMode->isChecked())
        setTextMode(false);
    updateTokens();
}

void MainWindow::updateTokens()
{
    const Vocabulary &vocabulary = m_lab->vocabulary();
    const QList<qint64> ids = m_lab->flatIds();
    QList<TokenChip> chips;
    if (vocabulary.isKnown()) {
        chips.reserve(ids.size());
        for (qint64 id : ids)
            chips.append({id, vocabulary.label(id)});
    }
    m_chips->setChips(chips);
    m_chipsArea->setVisible(!chips.isEmpty());
    m_chipsArea->updateGeometry();
    const bool text = m_textMode->isChecked();
    m_tokenIds->setText(text ? QStringLiteral("[%1]").arg(Vocabulary::idsText(ids)) : QString());
    m_tokenIds->setCursorPosition(0);
    m_tokenIds->setVisible(text);
}

void MainWindow::onIdsChanged()
{
    if (!m_typingIds && m_idsEdit->text() != idsFieldText()) {
        m_idsPause->stop();
        m_idsEdit->setText(idsFieldText());
    }
    m_idsTypedLength = int(m_idsEdit->text().size());
    m_idsError->clear();
    updateTokens();
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
    if (m_lab->idsValid() && !m_lab->idsErrorMessage().isEmpty()) {
        // The entry is not valid: the views still show the last valid ids, and say so.
        m_badge->setText(
            tr("<span style=\"background:#e69f00;color:black;\">&nbsp;\u26a0 out of date&nbsp;</span>"));
        m_badge->setToolTip(
            tr("The views still show ids = %1: correct the entry to update them.").arg(m_lab->idsText()));
        return;
    }
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
    for (QAction *action : m_actions.colorMaps->actions())
        action->setChecked(action->data().toString() == known);
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
    const bool tied = m_lab->isTied();
    const auto source = [this, tied](const QString &name) {
        const core::ParameterPtr p = m_lab->parameter(name);
        // A short note: the legend beside a short chart elided "embedding.weight (tied: s..." (#16).
        const QString note = tied && name != QStringLiteral("lm_head.bias") ? tr("tied") : QString();
        if (const auto spec = m_lab->lastInit(name)) {
            InitHistogram::Source s = InitHistogram::makeSource(name, p, *spec);
            s.note = note;
            return s;
        }
        // No initialiser ran since the constructor (or a file or a step changed the values):
        // compare with the constructor's default.
        InitHistogram::Source s{name, p, std::nullopt, note};
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

// ---- tying -------------------------------------------------------------------------------------

void MainWindow::setUntiePolicy(UntiePolicy policy)
{
    m_untiePolicy = policy;
    appSettings().setValue(QStringLiteral("model/untie"),
                           policy == UntiePolicy::Clone          ? QStringLiteral("clone")
                           : policy == UntiePolicy::Reinitialize ? QStringLiteral("reinitialize")
                                                                 : QStringLiteral("ask"));
}

void MainWindow::requestTie(bool tied)
{
    if (m_lab->isBusy() || tied == m_lab->isTied())
        return;
    if (tied)
        m_undo->tie();
    else if (m_untiePolicy == UntiePolicy::Clone)
        untie(core::TiedModel::UntieMode::Clone);
    else if (m_untiePolicy == UntiePolicy::Reinitialize)
        untie(core::TiedModel::UntieMode::Reinitialize);
    else
        askHowToUntie();
}

void MainWindow::askHowToUntie()
{
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
    m_undo->untie(mode);
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
    const QString untie = settings.value(QStringLiteral("model/untie"), QStringLiteral("ask")).toString();
    m_untiePolicy = untie == QStringLiteral("clone")          ? UntiePolicy::Clone
                    : untie == QStringLiteral("reinitialize") ? UntiePolicy::Reinitialize
                                                              : UntiePolicy::Ask;
    setColorMapName(settings.value(QStringLiteral("view/colorMap"), QStringLiteral("RdBu")).toString());
    m_animation->setSpeed(settings.value(QStringLiteral("animation/speed"), 1.0).toDouble());
    updateSpeedLabel();
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

void MainWindow::showModalWarning(const QString &title, const QString &message)
{
    // Not QMessageBox::warning(): its nested event loop would run inside the Lab's job completion,
    // and in the headless export nobody closes it (a refused size hung `embedlab --export`).
    auto *box = new QMessageBox(QMessageBox::Warning, title, message, QMessageBox::Ok, this);
    box->setObjectName(QStringLiteral("weightsError"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void MainWindow::chooseLanguage(const QString &code)
{
    if (code == Translations::installedCode())
        return;
    Translations::remember(code);
    if (Translations::install(code))
        Q_EMIT languageChanged(code);
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
    if (!state.isEmpty() && restoreState(state, kStateVersion))
        m_defaultLayout = false;
}

void MainWindow::showEvent(QShowEvent *event)
{
    QMainWindow::showEvent(event);
    if (m_defaultLayout) {
        m_defaultLayout = false;
        // Once the window has the size it is shown at (a screen, --size): queued, after the layout.
        QMetaObject::invokeMethod(this, &MainWindow::fitSideColumn, Qt::QueuedConnection);
        QMetaObject::invokeMethod(
            this, [this] { fitBottomRow(2); }, Qt::QueuedConnection);
    }
}

void MainWindow::fitSideColumn()
{
    // The default side column (kSideColumnWidth) left the embedding's heatmap 182 px of a plain
    // 1024 x 768 window: the one-hot view keeps the width its labels need, so the column gives way to
    // the weights, down to the layers' minimum (the initialisers behind it then scroll) (#16). Only on
    // a narrow screen: at 1366 px GPT-2's wide one-hot labels would take the column's room too.
    if (!m_layerDock->isVisible() || m_layerDock->isFloating() || width() >= kNarrowWindowWidth)
        return;
    const int chrome =
        4 * style()->pixelMetric(QStyle::PM_DockWidgetSeparatorExtent) + 24; // margins, handles
    const int room = width() - m_oneHotView->parentWidget()->minimumSizeHint().width() - width() / 3 - chrome;
    if (room < m_layerDock->width())
        resizeDocks({m_layerDock}, {room}, Qt::Horizontal);
}

void MainWindow::fitBottomRow(int passes)
{
    // The bottom row keeps its default height (390 px of 860) until the views' area is at its
    // minimum: at 1366 x 768 under LANG=zh_CN.UTF-8 (17 px lines) that left the embedding's heatmap
    // 187 px, less than a quarter of the window. The row gives way to the weights, but only the
    // height the histogram does not need: its chart and statistics table stay whole (#16).
    auto *area = qobject_cast<QScrollArea *>(m_histogramDock->widget());
    if (!area || !area->widget() || !m_histogramDock->isVisible() || m_histogramDock->isFloating())
        return;
    const int spare = area->viewport()->height() - area->widget()->minimumSizeHint().height();
    const int shrink = std::min(spare, height() / 4 - m_embeddingHeatmap->height());
    if (shrink <= 0)
        return;
    resizeDocks({m_histogramDock}, {m_histogramDock->height() - shrink}, Qt::Vertical);
    // The histogram's minimum is its chart's, which is smaller once the chart has its new size
    // (compact, without the axis title): the next pass sees the rest.
    if (passes > 1)
        QMetaObject::invokeMethod(
            this, [this, passes] { fitBottomRow(passes - 1); }, Qt::QueuedConnection);
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

bool MainWindow::isIdle() const
{
    const bool computingPaths = m_lab->idsValid() && !m_lab->hasPaths();
    return !m_lab->isBusy() && !computingPaths && !m_idsPause->isActive() &&
           !m_embeddingHeatmap->isRebuilding() && !m_lmHeadHeatmap->isRebuilding() &&
           !m_histogram->isBusy() && !m_weightFiles->isLoading() && !m_codePanel->isFormatting() &&
           !m_sessions->isRestoring() && !m_neighbours->isRunning() && !m_unembeddingView->isComputing();
}

void MainWindow::connectIdleSignals()
{
    connect(m_lab, &Lab::busyChanged, this, &MainWindow::scheduleIdleCheck);
    connect(m_lab, &Lab::pathsChanged, this, &MainWindow::scheduleIdleCheck);
    connect(m_embeddingHeatmap, &HeatmapView::rebuilt, this, &MainWindow::scheduleIdleCheck);
    connect(m_lmHeadHeatmap, &HeatmapView::rebuilt, this, &MainWindow::scheduleIdleCheck);
    connect(m_histogram, &InitHistogram::busyChanged, this, &MainWindow::scheduleIdleCheck);
    connect(m_codePanel, &CodePanel::outputUpdated, this, &MainWindow::scheduleIdleCheck);
    connect(m_weightFiles, &WeightFileLoader::loadingChanged, this, &MainWindow::scheduleIdleCheck);
    connect(m_sessions, &SessionController::restoreFinished, this, &MainWindow::scheduleIdleCheck);
    connect(m_unembeddingView, &UnembeddingView::computingChanged, this, &MainWindow::scheduleIdleCheck);
}

void MainWindow::scheduleIdleCheck()
{
    if (std::exchange(m_idleCheckPending, true))
        return;
    // Queued: a finished job often starts the next one (a rebuild, then the heatmaps) from the
    // same signal, and the window is not idle in between.
    QMetaObject::invokeMethod(
        this,
        [this] {
            m_idleCheckPending = false;
            if (isIdle())
                Q_EMIT idle();
        },
        Qt::QueuedConnection);
}

void MainWindow::whenIdle(std::function<void()> then)
{
    if (isIdle()) {
        then();
        return;
    }
    auto connection = std::make_shared<QMetaObject::Connection>();
    *connection = connect(this, &MainWindow::idle, this, [connection, then = std::move(then)] {
        QObject::disconnect(*connection);
        then();
    });
    scheduleIdleCheck();
}

void MainWindow::saveScreenshotWhenIdle(const QString &fileName, int step, double progress)
{
    whenIdle([this, fileName, step, progress] {
        m_animation->setStep(step);
        m_animation->setProgress(progress);
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
