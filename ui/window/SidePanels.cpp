// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/window/SidePanels.h"

#include "ui/histogram/InitHistogram.h"
#include "ui/model/Document.h"
#include "ui/model/FitSession.h"
#include "ui/model/Lab.h"
#include "ui/model/LabUndo.h"
#include "ui/model/NeighbourSearch.h"
#include "ui/model/WeightOrigin.h"
#include "ui/views/CodePanel.h"
#include "ui/views/FitPanel.h"
#include "ui/views/InitPanel.h"
#include "ui/views/LayerPanel.h"
#include "ui/views/NeighboursPanel.h"
#include "ui/views/TrainingPanel.h"
#include "ui/views/UnembeddingView.h"
#include "ui/window/PanelRegistry.h"
#include "ui/window/TieController.h"
#include "ui/window/Translations.h"

#include <QComboBox>
#include <QDockWidget>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QMainWindow>
#include <QScopedValueRollback>
#include <QScrollArea>
#include <QScrollBar>

#include <algorithm>

namespace embedlab::ui {

namespace {

/// Scrolls vertically only and stays as wide as its content's minimum: a dock that can be shorter
/// than the histogram (the window fits 1024x768) without clipping the statistics table's columns.
class VerticalScrollArea : public QScrollArea {
public:
    VerticalScrollArea() { setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff); }
    QSize minimumSizeHint() const override
    {
        QSize size = QScrollArea::minimumSizeHint();
        if (const QWidget *content = widget())
            size.setWidth(content->minimumSizeHint().width() + verticalScrollBar()->sizeHint().width() +
                          2 * frameWidth());
        // Two lines, not the scroll bars' arrows and handle: projected at 1024 x 768 under zh the
        // Training dock's 68 px made the window 5 px taller than the screen (issue #29 item 2).
        size.setHeight(std::min(size.height(), 2 * fontMetrics().lineSpacing() + 2 * frameWidth()));
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

using Placement = PanelRegistry::Placement;

} // namespace

SidePanels::SidePanels(Document *document, QMainWindow *window, PanelRegistry *registry, TieController *ties)
    : QObject(window)
    , m_document(document)
    , m_registry(registry)
{
    createLayerAndCode(window);
    createInitAndHistogram();
    createUnembeddingAndTraining();
    createNeighbours();
    createFit();
    bindLayers(ties);
    bindInit();
    bindHistogram();
    bindUnembedding();
    bindTraining();
    bindNeighbours();
}

void SidePanels::createLayerAndCode(QMainWindow *window)
{
    m_layerPanel = new LayerPanel;
    m_layerPanel->setLab(m_document->lab());
    // Scrolls rather than squashing its spin boxes on a small (projector) screen. As wide as the
    // panel's minimum: narrower, its calls and buttons were cut at the right.
    m_registry->add({QStringLiteral("layer"), nullptr, m_layerPanel, Lesson::Panel::Layers}, tr("Layers"),
                    Placement::Left, new VerticalScrollArea);
    m_codePanel = new CodePanel;
    m_codePanel->setLab(m_document->lab());
    // The code reads best wide: the bottom row runs under the layer panel too, which scrolls. With
    // the layer panel the full height, the code had 341 px at 1024 x 768 and clipped every line.
    window->setCorner(Qt::BottomLeftCorner, Qt::BottomDockWidgetArea);
    const CodePanel *code = m_codePanel;
    m_registry->add({QStringLiteral("code"), nullptr, m_codePanel, Lesson::Panel::Code, false,
                     [code] { return code->isFormatting(); }},
                    tr("PyTorch code"), Placement::Bottom);
}

void SidePanels::createInitAndHistogram()
{
    m_initPanel = new InitPanel;
    m_initPanel->setObjectName(QStringLiteral("initPanel"));
    // Behind the layers, one column on the left: beside them on the right, the two side columns
    // left the weights 352 px of 1366 (#16 item 15). No lesson step shows both.
    m_registry->add({QStringLiteral("init"), nullptr, m_initPanel, Lesson::Panel::Init}, tr("Initialisers"),
                    Placement::Left, new QScrollArea);
    QWidget *box = createHistogramBox();
    const InitHistogram *histogram = m_histogram;
    // The code and the histogram side by side below the views (both follow every init live).
    m_registry->add({QStringLiteral("histogram"), nullptr, box, Lesson::Panel::Histogram, false,
                     [histogram] { return histogram->isBusy(); }},
                    tr("Histogram"), Placement::BesideFirstBottom, new VerticalScrollArea);
}

QWidget *SidePanels::createHistogramBox()
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

void SidePanels::createUnembeddingAndTraining()
{
    m_unembeddingView = new UnembeddingView;
    m_unembeddingView->setObjectName(QStringLiteral("unembeddingView"));
    const UnembeddingView *unembedding = m_unembeddingView;
    // The unembedding and training behind the code.
    m_registry->add({QStringLiteral("unembedding"), nullptr, m_unembeddingView, Lesson::Panel::Unembedding,
                     false, [unembedding] { return unembedding->isComputing(); }},
                    tr("Unembedding"), Placement::BehindLastBottom, new QScrollArea);
    m_trainingPanel = new TrainingPanel;
    m_trainingPanel->setObjectName(QStringLiteral("trainingPanel"));
    m_trainingPanel->setDocument(m_document);
    // Vertically only: the panel puts its results under its controls rather than be cut at the
    // side (issue #29 item 2).
    m_registry->add({QStringLiteral("training"), nullptr, m_trainingPanel, Lesson::Panel::Training},
                    tr("Training"), Placement::BehindLastBottom, new VerticalScrollArea);
}

void SidePanels::createNeighbours()
{
    m_neighbours = new NeighbourSearch(m_document->lab(), this);
    m_neighboursPanel = new NeighboursPanel;
    m_neighboursPanel->setObjectName(QStringLiteral("neighboursPanel"));
    const NeighbourSearch *search = m_neighbours;
    // Not a lesson panel (no step is about neighbours): the lesson hides it. Opened from View >
    // Neighbours: a fourth tab in the bottom row would widen it past 1024 px. Scrolling: the list
    // and the scatter must not widen the bottom row past a 1024 px screen.
    m_neighboursDock = m_registry->add({QStringLiteral("neighbours"), nullptr, m_neighboursPanel,
                                        std::nullopt, true, [search] { return search->isRunning(); }},
                                       tr("Neighbours"), Placement::BehindLastBottom, new QScrollArea);
}

void SidePanels::createFit()
{
    // The document's run (issue #27): a language switch rebuilds this window around the same one.
    m_fitSession = m_document->fitSession();
    m_fitPanel = new FitPanel;
    m_fitPanel->setObjectName(QStringLiteral("fitPanel"));
    m_fitPanel->setSession(m_fitSession);
    // The opened model's tokenizer is offered as the run's tokens (issue #27 item 1).
    Lab *lab = m_document->lab();
    const auto offerTokenizer = [this, lab] {
        const Vocabulary &vocabulary = lab->vocabulary();
        FitSession::rememberTokenizer(vocabulary); // the run takes it as read, not from its file again
        m_fitPanel->setModelTokenizer(vocabulary.canEncode() ? vocabulary.source() : QString());
    };
    offerTokenizer();
    connect(lab, &Lab::vocabularyChanged, m_fitPanel, offerTokenizer);
    // The Training panel's optimiser, offered in the run's optimiser dialog (issue #27 item 2).
    m_fitPanel->setTrainingOptimizer([lab] { return lab->optimizer(); });
    const FitSession *session = m_fitSession;
    // Opened from View > Fit a Text, like Neighbours. Busy while it reads its text or seeks, not
    // while it runs: an export must not wait for a run the user left going.
    QDockWidget *dock =
        m_registry->add({QStringLiteral("fit"), nullptr, m_fitPanel, Lesson::Panel::Fit, true,
                         [session] { return session->isBusy() && !session->isRunning(); }, true},
                        tr("Fit a Text"), Placement::BehindLastBottom, new QScrollArea);
    // The text is read and tokenized when the panel is first shown, in the window's language.
    connect(dock, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (!visible || !m_fitSession->settings().text.isEmpty())
            return;
        m_fitSession->setup(FitSession::textCodeFor(Translations::installedCode()), true);
    });
}

void SidePanels::bindLayers(TieController *ties)
{
    Document *doc = m_document;
    connect(m_layerPanel, &LayerPanel::configEdited, this, [doc](const Lab::Config &config) {
        doc->undo()->applySnapshot(tr("Change layers"), {config, doc->lab()->idsText()});
    });
    connect(m_layerPanel, &LayerPanel::tieRequested, ties, &TieController::requestTie);
    connect(m_layerPanel, &LayerPanel::presetRequested, doc->undo(), &LabUndo::applyPreset);
}

void SidePanels::bindInit()
{
    Document *doc = m_document;
    connect(m_initPanel, &InitPanel::initRequested, this,
            [this, doc](const QString &target, const core::InitSpec &spec) {
                doc->undo()->applyInit(target, spec, m_initPanel->seed());
            });
    connect(m_initPanel, &InitPanel::editFinished, doc->undo(), &LabUndo::finishInitGesture);
    connect(m_initPanel, &InitPanel::draftEdited, doc,
            [this, doc] { doc->setInitDraft(m_initPanel->draft()); });
    connect(doc, &Document::changed, m_initPanel, [this, doc](ViewState::Field field) {
        if (field == ViewState::Field::InitDraft && !(m_initPanel->draft() == doc->initDraft()))
            m_initPanel->setDraft(doc->initDraft());
    });
    m_initPanel->setDraft(doc->initDraft());
}

void SidePanels::bindHistogram()
{
    Document *doc = m_document;
    Lab *lab = doc->lab();
    connect(lab, &Lab::weightsChanged, m_histogram, &InitHistogram::refresh);
    connect(lab, &Lab::historyChanged, this, &SidePanels::updateHistogramSources);
    connect(lab, &Lab::tiedChanged, this, &SidePanels::updateHistogramSources);
    connect(lab, &Lab::modelRebuilt, this, &SidePanels::updateHistogramSources);
    connect(lab, &Lab::pathsChanged, this, [this] {
        if (m_document->lab()->weightAfterForward())
            updateHistogramSources();
    });
    connect(m_histogram, &InitHistogram::compareModeToggled, doc, [doc](bool on) {
        HistogramState state = doc->histogram();
        state.compare = on;
        doc->setHistogram(state);
    });
    connect(m_histogramTarget, &QComboBox::currentTextChanged, doc, [doc](const QString &target) {
        HistogramState state = doc->histogram();
        state.target = target;
        doc->setHistogram(state);
    });
    connect(doc, &Document::changed, this, [this](ViewState::Field field) {
        if (field == ViewState::Field::Histogram)
            updateHistogramSources();
    });
    updateHistogramSources();
}

void SidePanels::updateHistogramSources()
{
    const Lab *lab = m_document->lab();
    const HistogramState &state = m_document->histogram();
    const bool tied = lab->isTied();
    const auto source = [lab, tied](const QString &name) {
        // The values as the printed code leaves them (max_norm renormalises looked-up rows).
        const bool embedding =
            name == QStringLiteral("embedding.weight") || (tied && name == QStringLiteral("lm_head.weight"));
        InitHistogram::Source s{name, embedding ? lab->displayedEmbedding() : lab->parameter(name),
                                std::nullopt};
        // A short note: the legend beside a short chart elided "embedding.weight (tied: s..." (#16).
        QStringList notes;
        if (tied && name != QStringLiteral("lm_head.bias"))
            notes << tr("tied");
        if (const std::optional<Lab::Expected> expected = lab->expectedDistribution(name)) {
            s.expected = expected->distribution;
            // Trained values still come from their initialiser: its curve stays, and says how far
            // training has moved them (issue #24 item 6).
            if (expected->stepsSince > 0)
                notes << tr("after %n training step(s)", nullptr, expected->stepsSince);
        }
        s.note = notes.join(QStringLiteral(", "));
        // A quantised tensor as loaded holds few values: the table counts them (issue #30).
        if (const std::optional<core::ElementType> e = WeightOrigin::of(*lab, name).quantisedAsLoaded();
            e && s.parameter) {
            const core::StorageBlock block = core::storageBlock(*e);
            s.countDistinct = true;
            s.distinctAtMost =
                core::Index(core::quantLevels(*e)) * (s.parameter->numel() / core::Index(block.scaleGroup));
            s.distinctNote = tr("%1: at most %2 levels in each group of %3 values that share a scale")
                                 .arg(QString::fromLatin1(core::elementTypeName(*e)))
                                 .arg(core::quantLevels(*e))
                                 .arg(block.scaleGroup);
        }
        return s;
    };
    {
        const QSignalBlocker quiet(m_histogramTarget);
        m_histogramTarget->setCurrentText(state.target);
        m_histogramTarget->setEnabled(!state.compare);
    }
    m_histogram->setCompareMode(state.compare);
    if (state.compare)
        m_histogram->setSources(
            {source(QStringLiteral("embedding.weight")), source(QStringLiteral("lm_head.weight"))});
    else
        m_histogram->setSource(source(state.target));
}

void SidePanels::bindUnembedding()
{
    Document *doc = m_document;
    Lab *lab = doc->lab();
    UnembeddingView *view = m_unembeddingView;
    const auto showModel = [view, lab] { view->setModel(&lab->model()); };
    connect(lab, &Lab::modelRebuilt, view, showModel);
    connect(lab, &Lab::weightsChanged, view, &UnembeddingView::refresh);
    connect(lab, &Lab::tiedChanged, view, &UnembeddingView::refresh);
    connect(lab, &Lab::vocabularyChanged, view, [view, lab] { view->setVocabulary(lab->vocabulary()); });
    showModel();
    view->setVocabulary(lab->vocabulary());
    view->setState(doc->unembedding());
    connect(view, &UnembeddingView::hiddenChanged, doc, [view, doc] { doc->setUnembedding(view->state()); });
    connect(view, &UnembeddingView::temperatureChanged, doc,
            [view, doc] { doc->setUnembedding(view->state()); });
    connect(doc, &Document::changed, view, [view, doc](ViewState::Field field) {
        if (field == ViewState::Field::Unembedding && !(view->state() == doc->unembedding()))
            view->setState(doc->unembedding());
    });
}

void SidePanels::bindTraining()
{
    connect(m_trainingPanel, &TrainingPanel::stepFailed, this,
            [this](const QString &text) { Q_EMIT message(text, 8000); });
}

void SidePanels::bindNeighbours()
{
    Lab *lab = m_document->lab();
    NeighboursPanel *panel = m_neighboursPanel;
    connect(panel, &NeighboursPanel::kChanged, m_neighbours, &NeighbourSearch::setK);
    connect(panel, &NeighboursPanel::rowClicked, lab, [lab](qint64 id) { lab->selectRow(int(id)); });
    connect(panel, &NeighboursPanel::searchRequested, this, [this, lab](const QString &text) {
        const qint64 row = m_neighbours->rowFor(text);
        if (row < 0)
            m_neighboursPanel->setMessage(tr("No row or token matches \"%1\".").arg(text));
        else
            lab->selectRow(int(row));
    });
    // The search runs for the selected row while the dock is shown (GPT-2's norms and principal
    // plane take a moment: a hidden dock costs nothing).
    connect(lab, &Lab::rowSelected, this, &SidePanels::showNeighbours);
    connect(lab, &Lab::weightsChanged, this, &SidePanels::showNeighbours);
    connect(m_neighboursDock, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (visible)
            showNeighbours();
    });
    connect(m_neighbours, &NeighbourSearch::failed, panel, &NeighboursPanel::setMessage);
    connect(m_neighbours, &NeighbourSearch::runningChanged, this, [this](bool running) {
        if (running)
            m_neighboursPanel->setMessage(tr("Computing the nearest rows ..."));
    });
    connect(m_neighbours, &NeighbourSearch::resultReady, this,
            [this] { m_neighboursPanel->setItems(m_neighbours->shownItems()); });
    // Neighbours of random rows look like findings: the panel says they are not (issue #26).
    const auto showOrigin = [this, lab] {
        m_neighboursPanel->setUntrained(
            WeightOrigin::of(*lab, QStringLiteral("embedding.weight")).untrainedInit);
    };
    connect(lab, &Lab::historyChanged, this, showOrigin);
    connect(lab, &Lab::modelRebuilt, this, showOrigin);
    connect(lab, &Lab::tiedChanged, this, showOrigin);
    showOrigin();
    connect(panel, &NeighboursPanel::openCheckpointRequested, this, &SidePanels::openWeightsRequested);
}

void SidePanels::showNeighbours()
{
    if (!m_neighboursDock->isVisible() || m_neighboursDock->visibleRegion().isEmpty())
        return;
    const Lab *lab = m_document->lab();
    const int row = lab->selectedRow();
    const QList<qint64> ids = lab->flatIds();
    if (row >= 0)
        m_neighbours->search(row);
    else if (lab->idsValid() && !ids.isEmpty())
        m_neighbours->search(ids.front());
}

} // namespace embedlab::ui
