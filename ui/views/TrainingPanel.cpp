// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/views/TrainingPanel.h"

#include "core/format/PythonNumber.h"
#include "core/format/TensorFormat.h"
#include "core/init/Generator.h"
#include "core/nn/Embedding.h"
#include "core/nn/Linear.h"
#include "core/nn/Loss.h"
#include "core/nn/NextToken.h"
#include "core/nn/OneHot.h"
#include "core/tensor/Error.h"
#include "ui/heatmap/HeatmapView.h"
#include "ui/model/PythonCode.h"
#include "ui/paint/TextColors.h"
#include "ui/views/OptimizerEditor.h"

#include <QBoxLayout>
#include <QCheckBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QProgressDialog>
#include <QPushButton>
#include <QScopedValueRollback>
#include <QSignalBlocker>
#include <QStyle>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace embedlab::ui {

namespace {

constexpr std::int64_t kIgnoreIndex = -100;

QString listText(const QList<int> &values)
{
    QStringList parts;
    for (int v : values)
        parts.append(QString::number(v));
    return parts.join(QStringLiteral(", "));
}

QList<int> toList(const std::vector<int> &rows)
{
    return QList<int>(rows.begin(), rows.end());
}

} // namespace

TrainingPanel::TrainingPanel(QWidget *parent)
    : QWidget(parent)
{
    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    m_layout = new QBoxLayout(QBoxLayout::LeftToRight, this);

    // Left: Step and what it printed first, then what goes in and how the optimiser steps. Under
    // the batch and the optimiser, Step and the loss were below the fold of the dock's 240 px at
    // 1366x768 (#16 item 14).
    auto *controls = new QVBoxLayout;
    controls->setContentsMargins(0, 0, 0, 0);
    controls->addLayout(createButtons());
    addFeedbackLabels(controls);
    controls->addWidget(createBatchBox(mono));
    m_optimizer = new OptimizerEditor(this);
    connect(m_optimizer, &OptimizerEditor::edited, this, &TrainingPanel::onSettingsEdited);
    controls->addWidget(m_optimizer);
    controls->addWidget(createCodeLabel(mono));
    controls->addStretch(1);
    m_controls = new QWidget(this);
    m_controls->setObjectName(QStringLiteral("controls"));
    m_controls->setLayout(controls);
    fitControlsToCode();
    m_layout->addWidget(m_controls);

    // Right, or below in a narrow dock: what happened.
    m_results = new QWidget(this);
    m_results->setObjectName(QStringLiteral("results"));
    m_results->setLayout(createResults());
    m_layout->addWidget(m_results, 1);

    updateTask();
    updateCode();
    updateStatus();
}

void TrainingPanel::fitControlsToCode()
{
    // Room for the code's longest line (47 characters) with the label's margins and frame: at 50
    // characters "model = torch.nn.Sequential(embedding, lm_head)" lost its end. In the code's own
    // font, which projector mode enlarges after construction.
    const int width = QFontMetrics(m_code->font()).horizontalAdvance(QLatin1Char('0')) * 54;
    if (m_controls->maximumWidth() != width)
        m_controls->setMaximumWidth(width);
}

int TrainingPanel::cellMinimumWidth() const
{
    int widest = 0;
    for (const HeatmapRow &row : m_heatmapRows)
        for (const HeatmapCell &cell : row.cells)
            widest = std::max(widest, cell.view->minimumSizeHint().width());
    return widest;
}

int TrainingPanel::cellsInARow() const
{
    int cells = 0;
    for (const HeatmapRow &row : m_heatmapRows)
        if (row.title->isVisibleTo(m_heatmapArea))
            cells = std::max(
                cells, int(std::count_if(row.cells.cbegin(), row.cells.cend(), [this](const HeatmapCell &c) {
                    return c.view->isVisibleTo(m_heatmapArea);
                })));
    return cells;
}

QSize TrainingPanel::minimumSizeHint() const
{
    // The narrowest form: the results under the controls, one heatmap a row. A dock at 1024 x 768
    // is narrower than the controls and four heatmaps side by side, and its scroll area cut them.
    const QMargins margins = m_layout->contentsMargins();
    const int controls = std::min(m_controls->minimumSizeHint().width(), m_controls->maximumWidth());
    const int width = std::max({controls, cellMinimumWidth(), m_explanationLabel->minimumSizeHint().width(),
                                m_placeholder->minimumSizeHint().width()});
    return {width + margins.left() + margins.right(), QWidget::minimumSizeHint().height()};
}

void TrainingPanel::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    arrange();
}

void TrainingPanel::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange)
        QMetaObject::invokeMethod(this, &TrainingPanel::arrange, Qt::QueuedConnection);
}

void TrainingPanel::arrange()
{
    fitControlsToCode();
    // Beside the controls when the results' heatmaps fit there a row each, else under them; the
    // heatmaps of one parameter share rows as the width allows (issue #29 item 2).
    const QMargins margins = m_layout->contentsMargins();
    const int spacing = std::max(0, m_layout->spacing());
    const int inside = width() - margins.left() - margins.right();
    const int controls = std::min(m_controls->sizeHint().width(), m_controls->maximumWidth());
    const int cells = std::max(1, cellsInARow());
    const int cell = cellMinimumWidth();
    const int gridSpacing = std::max(0, m_heatmapGrid->horizontalSpacing());
    const auto perRow = [&](int room) {
        return cell <= 0 ? cells : std::clamp((room + gridSpacing) / (cell + gridSpacing), 1, cells);
    };
    // What the results need at the least: their texts' longest words, and their heatmaps all in
    // one row.
    const int words = m_results->minimumSizeHint().width();
    const int besideRoom = inside - controls - spacing;
    const bool beside = besideRoom >= std::max(words, cells * cell + (cells - 1) * gridSpacing);
    const QBoxLayout::Direction direction = beside ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom;
    if (m_layout->direction() != direction)
        m_layout->setDirection(direction);
    placeCells(beside ? cells : perRow(inside));
}

QWidget *TrainingPanel::createBatchBox(const QFont &mono)
{
    auto *batchBox = new QGroupBox(tr("Batch"), this);
    auto *batchForm = new QFormLayout(batchBox);
    // The next-token task on the ids above is the batch unless the teacher types one (issue #29
    // item 1): a typed sentence trains each of its tokens to predict the next.
    m_followsIds = new QCheckBox(tr("Next-token task on the ids"), batchBox);
    m_followsIds->setObjectName(QStringLiteral("followsIds"));
    m_followsIds->setChecked(true);
    m_followsIds->setToolTip(tr("Each id above is an input and the id after it its target: inputs "
                                "ids[:-1], targets ids[1:]. Typing a batch of your own turns this off."));
    connect(m_followsIds, &QCheckBox::toggled, this, [this](bool on) {
        if (m_syncing || !m_document)
            return;
        TrainingBatch batch = m_document->trainingBatch();
        batch.followsIds = on;
        m_document->setTrainingBatch(batch);
    });
    m_ids = new QLineEdit(QStringLiteral("2, 3"), batchBox);
    m_ids->setObjectName(QStringLiteral("trainingIds"));
    m_ids->setFont(mono);
    m_ids->setToolTip(tr("Token ids looked up in the embedding, e.g. 2, 3, 1 or [[2, 3], [1, 0]]"));
    m_targets = new QLineEdit(QStringLiteral("3, 1"), batchBox);
    m_targets->setObjectName(QStringLiteral("targets"));
    m_targets->setFont(mono);
    m_targets->setToolTip(tr("targets[k] is the token that should follow ids[k]; same shape as ids"));
    m_task = new QLabel(batchBox);
    m_task->setObjectName(QStringLiteral("task"));
    m_task->setWordWrap(true);
    m_task->setTextFormat(Qt::PlainText); // tokens may look like markup
    // The snippet shows the batch the next step takes; the batch is the document's.
    connect(m_ids, &QLineEdit::textChanged, this, &TrainingPanel::updateCode);
    connect(m_targets, &QLineEdit::textChanged, this, &TrainingPanel::updateCode);
    for (QLineEdit *field : {m_ids, m_targets}) {
        connect(field, &QLineEdit::textChanged, this, [this] {
            if (m_syncing || !m_document)
                return;
            // A batch of one's own: it no longer follows the ids.
            m_document->setTrainingBatch({false, m_ids->text(), m_targets->text()});
        });
    }
    batchForm->addRow(m_followsIds);
    batchForm->addRow(QStringLiteral("ids"), m_ids);
    batchForm->addRow(QStringLiteral("targets"), m_targets);
    batchForm->addRow(m_task);
    return batchBox;
}

QLayout *TrainingPanel::createButtons()
{
    auto *buttons = new QHBoxLayout;
    m_stepButton = new QPushButton(tr("Step"), this);
    m_stepButton->setObjectName(QStringLiteral("step"));
    m_stepButton->setDefault(true);
    m_stepButton->setToolTip(tr("zero_grad, forward, cross_entropy, backward, optimizer.step()"));
    m_resetButton = new QPushButton(tr("Reset optimiser"), this);
    m_resetButton->setObjectName(QStringLiteral("resetOptimizer"));
    m_resetButton->setToolTip(tr("Drop the momentum buffers / Adam state; the weights stay as they are"));
    buttons->addWidget(m_stepButton);
    buttons->addWidget(m_resetButton);
    connect(m_stepButton, &QPushButton::clicked, this, [this] {
        Q_EMIT stepRequested();
        step();
    });
    connect(m_resetButton, &QPushButton::clicked, this, &TrainingPanel::resetOptimizer);
    return buttons;
}

QLabel *TrainingPanel::createCodeLabel(const QFont &mono)
{
    m_code = new QLabel(this);
    m_code->setObjectName(QStringLiteral("code"));
    m_code->setFont(mono);
    m_code->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_code->setFrameShape(QFrame::StyledPanel);
    m_code->setMargin(6);
    return m_code;
}

void TrainingPanel::addFeedbackLabels(QVBoxLayout *controls)
{
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("status"));
    m_status->setWordWrap(true);
    controls->addWidget(m_status);

    m_loss = new QLabel(this);
    m_loss->setObjectName(QStringLiteral("loss"));
    m_loss->setTextFormat(Qt::RichText);
    m_loss->setTextInteractionFlags(Qt::TextSelectableByMouse);
    controls->addWidget(m_loss);

    m_errorLabel = new QLabel(this);
    m_errorLabel->setObjectName(QStringLiteral("error"));
    m_errorLabel->setWordWrap(true);
    m_errorLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_errorLabel->setStyleSheet(
        QStringLiteral("color: %1; font-weight: bold").arg(TextColors::error().name()));
    m_errorLabel->hide();
    controls->addWidget(m_errorLabel);
}

QString TrainingPanel::placeholderText()
{
    return tr("Press Step: the gradient and the change (after - before) of every weight "
              "appear here, with the rows that really changed.");
}

QLayout *TrainingPanel::createResults()
{
    auto *results = new QVBoxLayout;
    m_explanationLabel = new QLabel(this);
    m_explanationLabel->setObjectName(QStringLiteral("explanation"));
    m_explanationLabel->setWordWrap(true);
    m_explanationLabel->setTextFormat(Qt::RichText);
    m_explanationLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    results->addWidget(m_explanationLabel);
    m_placeholder = new QLabel(placeholderText(), this);
    m_placeholder->setObjectName(QStringLiteral("placeholder"));
    m_placeholder->setWordWrap(true);
    // At the top: centred in the scrolled panel's height it was out of sight.
    m_placeholder->setAlignment(Qt::AlignTop | Qt::AlignHCenter);
    results->addWidget(m_placeholder, 1);
    m_heatmapArea = new QWidget(this);
    m_heatmapGrid = new QGridLayout(m_heatmapArea);
    m_heatmapGrid->setContentsMargins(0, 0, 0, 0);
    results->addWidget(m_heatmapArea, 1);
    m_heatmapArea->hide();
    return results;
}

TrainingPanel::~TrainingPanel() = default;

void TrainingPanel::setDocument(Document *document)
{
    if (m_document) {
        disconnect(m_document, nullptr, this, nullptr);
        disconnect(m_lab, nullptr, this, nullptr);
    }
    m_document = document;
    m_lab = document ? document->lab() : nullptr;
    if (m_lab) {
        connect(m_lab, &Lab::aboutToTrain, this, &TrainingPanel::aboutToStep);
        connect(m_lab, &Lab::trained, this, [this](const core::TrainingReport &report) {
            closeProgress();
            Q_EMIT stepped(report.loss);
        });
        connect(m_lab, &Lab::trainingFailed, this, &TrainingPanel::fail);
        connect(m_lab, &Lab::trainingStarted, this, &TrainingPanel::onTrainingStarted);
        connect(m_lab, &Lab::trainingProgress, this, &TrainingPanel::onTrainingProgress);
        connect(m_lab, &Lab::trainingCancelled, this, [this] {
            fail(tr("The training step was cancelled: the weights and the optimizer did not change."));
        });
        connect(m_lab, &Lab::optimizerReset, this, &TrainingPanel::onOptimizerReset);
        connect(m_lab, &Lab::tiedChanged, this, &TrainingPanel::refresh);
        connect(m_lab, &Lab::vocabularyChanged, this, &TrainingPanel::updateTask);
        // The results are the document's: they go when the weights they belong to go (undo, an
        // initialiser, a new model), and say so (issue #24 item 3).
        connect(m_document, &Document::trainingResultChanged, this, &TrainingPanel::showDocumentResult);
        connect(m_document, &Document::changed, this, [this](ViewState::Field field) {
            if (field == ViewState::Field::TrainingBatch)
                showBatch();
            else if (field == ViewState::Field::Optimizer)
                showOptimizer();
        });
        // The optimiser is the Lab's (a session's, the window's before a language switch): shown,
        // never overwritten by this panel's defaults.
        showOptimizer();
        showBatch();
    }
    showDocumentResult();
    refresh();
}

void TrainingPanel::showOptimizer()
{
    if (!m_lab || m_lab->optimizer() == optimizerConfig())
        return;
    const QScopedValueRollback syncing(m_syncing, true);
    m_optimizer->setConfig(m_lab->optimizer());
}

void TrainingPanel::showBatch()
{
    const TrainingBatch &batch = m_document->trainingBatch();
    const QScopedValueRollback syncing(m_syncing, true);
    if (m_ids->text() != batch.ids)
        m_ids->setText(batch.ids);
    if (m_targets->text() != batch.targets)
        m_targets->setText(batch.targets);
    m_followsIds->setChecked(batch.followsIds);
    updateTask();
}

bool TrainingPanel::followsIds() const
{
    return m_followsIds->isChecked();
}

void TrainingPanel::setFollowsIds(bool on)
{
    m_followsIds->setChecked(on);
}

QString TrainingPanel::codeText() const
{
    return m_code->text();
}

QString TrainingPanel::taskText() const
{
    return m_task->text();
}

void TrainingPanel::updateTask()
{
    if (!m_followsIds->isChecked()) {
        m_task->setText(tr("A batch of your own: targets[k] is the token that should follow ids[k]."));
        return;
    }
    const core::NextTokenBatch task = core::NextTokenBatch::of(m_lab ? m_lab->ids() : core::LongTensor{});
    if (task.empty()) {
        m_task->setText(tr("Nothing to predict yet: the next-token task needs at least two ids in a row."));
        return;
    }
    // The first pairs as the class reads them, with their tokens when the model has a tokenizer.
    constexpr std::size_t kPairs = 4;
    const auto name = [this](std::int64_t id) {
        return m_lab->vocabulary().isKnown() ? m_lab->vocabulary().label(id) : QString::number(id);
    };
    QStringList pairs;
    for (std::size_t k = 0; k < task.inputs.data.size() && k < kPairs; ++k)
        pairs << QStringLiteral("%1 \u2192 %2").arg(name(task.inputs.data[k]), name(task.targets.data[k]));
    if (task.inputs.data.size() > kPairs)
        pairs << QStringLiteral("\u2026");
    m_task->setText(
        tr("Each id predicts the one after it (%n pair(s)): %1", nullptr, int(task.inputs.numel()))
            .arg(pairs.join(QStringLiteral(", "))));
}

void TrainingPanel::showDocumentResult()
{
    const std::shared_ptr<const core::TrainingReport> report =
        m_document ? m_document->trainingResult() : nullptr;
    if (report == m_report)
        return;
    if (!report) {
        clearResults();
        m_placeholder->setText(m_document && !m_document->trainingResultNote().isEmpty()
                                   ? m_document->trainingResultNote()
                                   : placeholderText());
        return;
    }
    showReport(report);
}

void TrainingPanel::clearResults()
{
    m_report.reset();
    m_printedLoss.clear();
    m_explanation.clear();
    m_error.clear();
    m_errorLabel->hide();
    m_loss->clear();
    m_explanationLabel->clear();
    rebuildHeatmaps();
    updateCode();
    updateStatus();
}

void TrainingPanel::refresh()
{
    updateCode();
    updateStatus();
}

void TrainingPanel::setIdsText(const QString &text)
{
    m_ids->setText(text);
}

QString TrainingPanel::idsText() const
{
    return m_ids->text();
}

void TrainingPanel::setTargetsText(const QString &text)
{
    m_targets->setText(text);
}

QString TrainingPanel::targetsText() const
{
    return m_targets->text();
}

void TrainingPanel::setOptimizerKind(OptimizerKind kind)
{
    m_optimizer->setKind(kind == OptimizerKind::Sgd ? core::OptimizerConfig::Kind::Sgd
                                                    : core::OptimizerConfig::Kind::Adam);
}

TrainingPanel::OptimizerKind TrainingPanel::optimizerKind() const
{
    return m_optimizer->kind() == core::OptimizerConfig::Kind::Sgd ? OptimizerKind::Sgd : OptimizerKind::Adam;
}

void TrainingPanel::setSgdOptions(const core::SGDOptions &options)
{
    m_optimizer->setSgdOptions(options);
}

core::SGDOptions TrainingPanel::sgdOptions() const
{
    return m_optimizer->sgdOptions();
}

void TrainingPanel::setAdamOptions(const core::AdamOptions &options)
{
    m_optimizer->setAdamOptions(options);
}

core::AdamOptions TrainingPanel::adamOptions() const
{
    return m_optimizer->adamOptions();
}

core::OptimizerConfig TrainingPanel::optimizerConfig() const
{
    return m_optimizer->config();
}

void TrainingPanel::onSettingsEdited()
{
    if (m_lab && !m_syncing)
        m_lab->setOptimizer(optimizerConfig());
    updateCode();
    updateStatus();
}

void TrainingPanel::resetOptimizer()
{
    if (m_lab)
        m_lab->resetOptimizer();
}

const std::vector<core::ParameterReport> &TrainingPanel::lastChanges() const
{
    static const std::vector<core::ParameterReport> none;
    return m_report ? m_report->parameters : none;
}

int TrainingPanel::stepCount() const
{
    return m_lab ? m_lab->trainingSteps() : 0;
}

void TrainingPanel::onOptimizerReset(Lab::OptimizerResetReason reason)
{
    switch (reason) {
    case Lab::OptimizerResetReason::ByHand:
        m_resetReason = tr("reset by hand");
        break;
    case Lab::OptimizerResetReason::SettingsChanged:
        m_resetReason = tr("optimiser settings changed");
        // The loss and the heatmaps came from the previous optimiser: they must not stand beside
        // the new optimiser's code as if they were its results.
        if (m_report)
            clearResults();
        break;
    case Lab::OptimizerResetReason::NewModel:
        m_resetReason = tr("new model");
        break;
    case Lab::OptimizerResetReason::Tied:
        m_resetReason = tr("weights tied");
        break;
    case Lab::OptimizerResetReason::ParametersChanged:
        m_resetReason = tr("model parameters changed");
        break;
    case Lab::OptimizerResetReason::Restored:
        // Undo and redo keep the optimiser's state with the weights (issue #24 item 6).
        m_resetReason = tr("as it was at that step (undo or redo)");
        showOptimizer();
        break;
    }
    updateCode();
    updateStatus();
    Q_EMIT optimizerReset();
}

void TrainingPanel::onTrainingStarted()
{
    closeProgress();
    m_progress = new QProgressDialog(
        tr("Training step on %1 weights ...").arg(QLocale().toString(m_lab->parameterCount())), tr("Cancel"),
        0, 0, this);
    m_progress->setObjectName(QStringLiteral("trainingProgress"));
    m_progress->setWindowTitle(tr("Training"));
    m_progress->setWindowModality(Qt::WindowModal);
    m_progress->setAutoReset(false);
    m_progress->setAutoClose(false);
    // Cancel drops the step computed on copies: nothing was written yet.
    connect(m_progress, &QProgressDialog::canceled, m_lab, &Lab::cancelTraining);
    m_progress->show();
}

void TrainingPanel::onTrainingProgress(int done, int total)
{
    if (!m_progress)
        return;
    m_progress->setMaximum(total);
    m_progress->setValue(done);
}

void TrainingPanel::closeProgress()
{
    if (!m_progress)
        return;
    m_progress->disconnect(this);
    m_progress->disconnect(m_lab);
    m_progress->hide();
    m_progress->deleteLater();
    m_progress = nullptr;
}

void TrainingPanel::fail(const QString &message)
{
    closeProgress();
    m_error = message;
    m_errorLabel->setText(message);
    m_errorLabel->show();
    Q_EMIT stepFailed(message);
}

bool TrainingPanel::step()
{
    if (!m_lab) {
        fail(tr("No model to train."));
        return false;
    }
    if (m_followsIds->isChecked() && core::NextTokenBatch::of(m_lab->ids()).empty()) {
        fail(tr("The next-token task needs at least two ids in a row: type more ids, or a batch of your "
                "own."));
        return false;
    }
    core::LongTensor ids;
    core::LongTensor targets;
    try {
        ids = core::parseIds(m_ids->text().toStdString());
    } catch (const core::Error &e) {
        fail(tr("ids: %1").arg(QString::fromStdString(e.pythonText())));
        return false;
    }
    try {
        targets = core::parseIds(m_targets->text().toStdString());
    } catch (const core::Error &e) {
        fail(tr("targets: %1").arg(QString::fromStdString(e.pythonText())));
        return false;
    }
    m_lab->setOptimizer(optimizerConfig());
    // The Lab trains, or says why not through trainingFailed(); showReport() paints the result.
    return m_lab->trainStep(ids, targets);
}

void TrainingPanel::showReport(std::shared_ptr<const core::TrainingReport> report)
{
    closeProgress();
    m_report = std::move(report);
    m_resetReason.clear();
    m_error.clear();
    m_errorLabel->hide();
    m_printedLoss = PythonCode::printedLoss(m_report->loss);
    m_placeholder->setText(placeholderText());
    showResults();
    updateCode();
    updateStatus();
}

const core::ParameterReport *TrainingPanel::findChange(const QString &parameterName) const
{
    return m_report ? m_report->find(parameterName.toStdString()) : nullptr;
}

QList<int> TrainingPanel::changedRows(const QString &parameterName) const
{
    const core::ParameterReport *change = findChange(parameterName);
    return change ? toList(change->changedRows) : QList<int>{};
}

QString TrainingPanel::rowsText(const QList<int> &rows, int total)
{
    if (rows.isEmpty())
        return tr("none");
    if (rows.size() == total && total > 1)
        return tr("all %1").arg(total);
    constexpr int kShown = 12;
    if (rows.size() <= kShown)
        return listText(rows);
    return tr("%1, ... (%2 rows)").arg(listText(rows.mid(0, kShown))).arg(rows.size());
}

QString TrainingPanel::changedRowsText(const QString &parameterName) const
{
    const core::ParameterReport *change = findChange(parameterName);
    if (!change)
        return {};
    const bool flat = change->gradient->dim() == 1;
    const QList<int> rows = toList(change->changedRows);
    QString badge = rowsBadge(flat ? tr("entries changed") : tr("rows changed"), rows, change->rowCount);
    // The tokens of a few changed rows, when the rows are tokens of a known tokenizer.
    constexpr int kTokensShown = 12;
    if (flat || !m_lab || !m_lab->vocabulary().isKnown() || rows.size() > kTokensShown ||
        rows.size() == change->rowCount)
        return badge;
    QStringList tokens;
    for (int row : rows)
        tokens.append(m_lab->vocabulary().idAndToken(row));
    return badge + QStringLiteral("\n") + tokens.join(QStringLiteral(", "));
}

QString TrainingPanel::rowsBadge(const QString &what, const QList<int> &rows, int total)
{
    if (rows.size() == total && total > 1)
        return tr("%1: all %2").arg(what).arg(total);
    return tr("%1: %2 (of %3)").arg(what, rowsText(rows, total)).arg(total);
}

void TrainingPanel::showResults()
{
    m_loss->setText(
        QStringLiteral("<span style=\"font-family:monospace\">&gt;&gt;&gt; loss<br><b>%1</b></span>"
                       "<br><small>%2</small>")
            .arg(m_printedLoss.toHtmlEscaped(), tr("computed with the weights before the step")));

    const QList<int> lookedUp = toList(m_report->lookedUpRows);
    std::vector<int> sortedLookedUp = m_report->lookedUpRows;
    std::sort(sortedLookedUp.begin(), sortedLookedUp.end());
    QList<int> otherChanged;
    for (int row : findChange(QStringLiteral("embedding.weight"))->changedRows)
        if (!std::binary_search(sortedLookedUp.cbegin(), sortedLookedUp.cend(), row))
            otherChanged.append(row);

    QStringList items = gradientNotes(lookedUp);
    if (!m_report->tied)
        items.append(otherRowNotes(otherChanged));
    const bool claimHolds = otherChanged.isEmpty();
    items.append(tr("The reference analysis says \"only the looked-up rows change\": true for plain SGD "
                    "(momentum = 0, weight_decay = 0) on an untied embedding only. Here it %1.")
                     .arg(claimHolds ? tr("holds") : tr("does <b>not</b> hold")));
    m_explanation = QStringLiteral("<ul style=\"margin-left:-20px\"><li>%1</li></ul>")
                        .arg(items.join(QStringLiteral("</li><li>")));
    m_explanationLabel->setText(m_explanation);
    rebuildHeatmaps();

    // Amber when rows that were not looked up changed: the sight the reference analysis does not expect.
    if (!m_heatmapRows.isEmpty()) {
        QLabel *badge = m_heatmapRows.first().cells.last().badge;
        badge->setProperty("surprise", !claimHolds);
        badge->style()->unpolish(badge);
        badge->style()->polish(badge);
    }
}

// Where the embedding's gradient comes from: the lookup, lm_head when tied, and the lookup's options.
QStringList TrainingPanel::gradientNotes(const QList<int> &lookedUp) const
{
    const core::TrainingReport &report = *m_report;
    const core::EmbeddingOptions &embeddingOptions = report.embeddingOptions;
    QStringList items;
    items.append(tr("Looked up: rows <b>%1</b> of embedding.weight.").arg(listText(lookedUp)));
    if (report.tied) {
        items.append(
            tr("<b>Tied:</b> embedding.weight <i>is</i> lm_head.weight, so its gradient is the <b>sum of "
               "both uses</b>: the lookup adds to rows %1 only, lm_head adds to every row (every logit "
               "depends on every row). The sum is dense, so every row can change, even with plain SGD.")
                .arg(listText(lookedUp)));
    } else {
        const core::ParameterReport *embedding = findChange(QStringLiteral("embedding.weight"));
        const core::ParameterReport *head = findChange(QStringLiteral("lm_head.weight"));
        items.append(tr("embedding.weight.grad is non-zero only on rows <b>%1</b> (the lookup is a copy, its "
                        "backward a scatter-add); lm_head.weight.grad is dense (non-zero rows: %2).")
                         .arg(rowsText(toList(embedding->gradientRows), embedding->rowCount),
                              rowsText(toList(head->gradientRows), head->rowCount)));
    }
    if (embeddingOptions.paddingIdx && lookedUp.contains(int(*embeddingOptions.paddingIdx)))
        items.append(tr("Row %1 is padding_idx: it was looked up, but the lookup never sends it a gradient.")
                         .arg(*embeddingOptions.paddingIdx));
    if (embeddingOptions.scaleGradByFreq)
        items.append(scaleGradByFreqNote(report.ids));
    if (embeddingOptions.maxNorm)
        items.append(
            tr("max_norm=%1: the forward pass renormalised looked-up rows in place; that counts as a "
               "change too.")
                .arg(QString::fromStdString(core::pythonFloat(*embeddingOptions.maxNorm))));
    return items;
}

QString TrainingPanel::scaleGradByFreqNote(const core::LongTensor &ids)
{
    std::map<std::int64_t, int> counts;
    for (std::int64_t id : ids.data)
        ++counts[id];
    QStringList scaled;
    for (const auto &[id, count] : counts)
        if (count > 1)
            scaled.append(tr("row %1 / %2").arg(id).arg(count));
    return scaled.isEmpty()
               ? tr("scale_grad_by_freq=True: every id occurs once in this batch, so nothing is scaled.")
               : tr("scale_grad_by_freq=True: a row's lookup gradient is divided by how often its id "
                    "occurs in the batch: %1.")
                     .arg(scaled.join(QStringLiteral(", ")));
}

// Untied only: why rows that were not looked up changed, or why none did.
QStringList TrainingPanel::otherRowNotes(const QList<int> &otherChanged) const
{
    if (!otherChanged.isEmpty())
        return {otherChangedNote(otherChanged)};
    const core::OptimizerConfig &optimizer = m_report->optimizer;
    const bool sgd = optimizer.kind == core::OptimizerConfig::Kind::Sgd;
    const bool plainSgd = sgd && optimizer.sgd.momentum == 0.0 && optimizer.sgd.weightDecay == 0.0;
    if (plainSgd)
        return {};
    if (optimizer.remembers() && m_report->step == 1)
        return {sgd ? tr("Only looked-up rows changed: on step 1 the momentum buffer is just this "
                         "step's gradient. From step 2 it carries earlier gradients, so rows "
                         "looked up before keep moving even when they are not looked up.")
                    : tr("Only looked-up rows changed: on step 1 Adam's averages start at zero, "
                         "so a zero gradient gives a zero update. From step 2, rows with an "
                         "earlier gradient keep moving.")};
    if (optimizer.remembers())
        return {tr("No other row moved: rows that never had a gradient have nothing in the "
                   "optimiser's memory%1.")
                    .arg(optimizer.weightDecay() != 0.0 ? tr(", and weight decay of an all-zero row is zero")
                                                        : QString())};
    return {tr("No other row moved: weight decay of an all-zero row is zero.")};
}

// Momentum and Adam move rows that had a gradient in an earlier step; weight decay moves every
// non-zero row.
QString TrainingPanel::otherChangedNote(const QList<int> &otherChanged) const
{
    const core::OptimizerConfig &optimizer = m_report->optimizer;
    const bool sgd = optimizer.kind == core::OptimizerConfig::Kind::Sgd;
    const double weightDecay = optimizer.weightDecay();
    // Sorted and searched: with weight decay and momentum every row of GPT-2's 50257 (or a typed
    // 524288) has a history and changed, and a linear search a row blocked the window for seconds.
    std::vector<int> rowsWithHistory = m_report->rowsWithHistory;
    std::sort(rowsWithHistory.begin(), rowsWithHistory.end());
    QList<int> memoryRows;
    QList<int> decayRows;
    for (int row : otherChanged)
        (optimizer.remembers() && std::binary_search(rowsWithHistory.cbegin(), rowsWithHistory.cend(), row)
             ? memoryRows
             : decayRows)
            .append(row);
    // Name the rows per reason only when there are two reasons; a dozen of them at most, and how many.
    const int total = findChange(QStringLiteral("embedding.weight"))->rowCount;
    const bool both = !memoryRows.isEmpty() && !decayRows.isEmpty();
    const auto prefixed = [both, total](const QList<int> &rows, const QString &reason) {
        return both ? tr("rows %1: %2").arg(rowsText(rows, total), reason) : reason;
    };
    QStringList reasons;
    if (!memoryRows.isEmpty())
        reasons.append(prefixed(
            memoryRows, sgd ? tr("momentum = %1, and the momentum buffer still holds their gradients "
                                 "from earlier steps")
                                  .arg(QString::fromStdString(core::pythonFloat(optimizer.sgd.momentum)))
                            : tr("Adam's running average exp_avg still holds their gradients from "
                                 "earlier steps")));
    if (!decayRows.isEmpty())
        reasons.append(prefixed(
            decayRows, weightDecay != 0.0 ? tr("weight_decay = %1 adds %1 * W to the gradient of every "
                                               "row, looked up or not")
                                                .arg(QString::fromStdString(core::pythonFloat(weightDecay)))
                                          : tr("the optimiser's state")));
    return (otherChanged.size() == 1 ? tr("<b>Row %1 was not looked up and still changed</b> (%2).")
                                     : tr("<b>Rows %1 were not looked up and still changed</b> (%2)."))
        .arg(rowsText(otherChanged, total), reasons.join(QStringLiteral("; ")));
}

void TrainingPanel::rebuildHeatmaps()
{
    const bool tied = m_report && m_report->tied;
    const std::vector<core::ParameterReport> changes =
        m_report ? m_report->parameters : std::vector<core::ParameterReport>{};
    // Views are created once and then only shown or hidden: a HeatmapView must not be destroyed while
    // its overview is being rebuilt on a worker thread, and reusing them keeps zoom and pan per cell.
    int columns = 0;
    for (int k = 0; k < int(changes.size()); ++k) {
        const int cells = changes[std::size_t(k)].lookupGradient ? 4 : 2;
        columns = std::max(columns, cells);
        if (m_heatmapRows.size() <= k) {
            HeatmapRow row;
            row.title = new QLabel(m_heatmapArea);
            row.title->setTextFormat(Qt::RichText);
            // A tied title with GPT-2's shape is wider than a narrow dock's results.
            row.title->setWordWrap(true);
            m_heatmapRows.append(row);
        }
        HeatmapRow &row = m_heatmapRows[k];
        while (row.cells.size() < cells) {
            const int c = int(row.cells.size());
            HeatmapCell cell;
            cell.view = new HeatmapView(m_heatmapArea);
            cell.view->setObjectName(QStringLiteral("heatmap%1_%2").arg(k).arg(c));
            cell.badge = new QLabel(m_heatmapArea);
            cell.badge->setObjectName(QStringLiteral("badge%1_%2").arg(k).arg(c));
            cell.badge->setAlignment(Qt::AlignCenter);
            cell.badge->setWordWrap(true);
            cell.badge->setStyleSheet(
                QStringLiteral("QLabel { background: palette(alternate-base); border: 1px solid palette(mid);"
                               " border-radius: 4px; padding: 2px 6px; }"
                               "QLabel[surprise=\"true\"] { background: %1; border-color: #d55e00;"
                               " color: %2; font-weight: bold; }")
                    .arg(TextColors::surpriseBackground().name(), TextColors::surpriseText().name()));
            row.cells.append(cell);
        }
        row.title->show();
        for (int c = 0; c < row.cells.size(); ++c) {
            row.cells[c].view->setVisible(c < cells);
            row.cells[c].badge->setVisible(c < cells);
            // The last shown cell is the change, not a gradient.
            row.cells[c].view->setColorMapName(c == cells - 1 ? QStringLiteral("PuOr")
                                                              : QStringLiteral("RdBu"));
        }
    }
    for (int k = int(changes.size()); k < m_heatmapRows.size(); ++k) {
        m_heatmapRows[k].title->hide();
        for (const HeatmapCell &cell : std::as_const(m_heatmapRows[k].cells)) {
            cell.view->hide();
            cell.badge->hide();
        }
    }
    m_columns = columns;

    const auto nonZeroText = [](const core::ParameterPtr &p) {
        QList<int> rows;
        const auto m = p->value();
        for (core::Index r = 0; r < m.rows(); ++r)
            if (!m.row(r).isZero(0.0))
                rows.append(int(r));
        return rowsBadge(tr("non-zero rows"), rows, int(m.rows()));
    };
    for (int k = 0; k < int(changes.size()); ++k) {
        const core::ParameterReport &change = changes[std::size_t(k)];
        HeatmapRow &row = m_heatmapRows[k];
        const QString shape = QString::fromStdString(core::shapeString(change.gradient->shape()));
        const QString name = QString::fromStdString(change.name);
        const bool isEmbedding = change.name == "embedding.weight";
        const bool flat = change.gradient->dim() == 1;
        row.title->setText(
            isEmbedding && tied
                ? tr("<b>embedding.weight = lm_head.weight</b> (tied: one tensor) %1").arg(shape)
                : QStringLiteral("<b>%1</b> %2").arg(name, shape));
        int c = 0;
        if (change.lookupGradient) {
            row.cells[c].view->setTitle(tr("grad via lookup"));
            row.cells[c].view->setMatrix(change.lookupGradient);
            row.cells[c].badge->setText(nonZeroText(change.lookupGradient));
            ++c;
            row.cells[c].view->setTitle(tr("+ grad via lm_head"));
            row.cells[c].view->setMatrix(change.headGradient);
            row.cells[c].badge->setText(nonZeroText(change.headGradient));
            ++c;
        }
        row.cells[c].view->setTitle(change.lookupGradient ? tr("= .grad (sum)")
                                                          : QStringLiteral("%1.grad").arg(name));
        row.cells[c].view->setMatrix(change.gradient);
        row.cells[c].badge->setText(rowsBadge(flat ? tr("non-zero entries") : tr("non-zero rows"),
                                              toList(change.gradientRows), change.rowCount));
        ++c;
        row.cells[c].view->setTitle(change.lookupGradient ? tr("after − before")
                                                          : tr("change = after − before"));
        row.cells[c].view->setMatrix(change.change);
        row.cells[c].badge->setText(changedRowsText(name));
        row.cells[c].badge->setProperty("surprise", false);
        row.flat = flat;
    }
    m_placeholder->setVisible(changes.empty());
    m_heatmapArea->setVisible(!changes.empty());
    m_perRow = -1; // placed again for the cells shown now
    arrange();
}

void TrainingPanel::placeCells(int perRow)
{
    if (perRow == m_perRow)
        return;
    m_perRow = perRow;
    // Every parameter: its title across, then its heatmaps `perRow` to a row, each over its badge.
    while (m_heatmapGrid->count() > 0)
        delete m_heatmapGrid->takeAt(0);
    for (int r = 0; r < m_heatmapGrid->rowCount(); ++r)
        m_heatmapGrid->setRowStretch(r, 0);
    int gridRow = 0;
    for (const HeatmapRow &row : std::as_const(m_heatmapRows)) {
        m_heatmapGrid->addWidget(row.title, gridRow++, 0, 1, perRow);
        for (int c = 0; c < row.cells.size(); ++c) {
            const int line = gridRow + 2 * (c / perRow);
            m_heatmapGrid->addWidget(row.cells[c].view, line, c % perRow);
            m_heatmapGrid->addWidget(row.cells[c].badge, line + 1, c % perRow);
            m_heatmapGrid->setRowStretch(
                line, row.cells[c].view->isVisibleTo(m_heatmapArea) ? (row.flat ? 2 : 5) : 0);
        }
        gridRow += 2 * ((int(row.cells.size()) + perRow - 1) / perRow);
    }
    for (int c = 0; c < 4; ++c)
        m_heatmapGrid->setColumnStretch(c, c < std::min(perRow, m_columns) ? 1 : 0);
    updateGeometry();
}

void TrainingPanel::updateStatus()
{
    QString text;
    if (!m_lab)
        text = tr("No model.");
    else if (stepCount() == 0)
        text = tr("Fresh optimiser: the next step creates it%1.")
                   .arg(m_resetReason.isEmpty() ? QString() : tr(" (%1)").arg(m_resetReason));
    else
        text = tr("Step %1 with this optimiser. Its state (momentum buffers, Adam's averages) is kept until "
                  "the model, the settings or the tie state change.")
                   .arg(stepCount());
    m_status->setText(text);
    m_stepButton->setEnabled(m_lab != nullptr);
}

void TrainingPanel::updateCode()
{
    // The Python panel's code defines embedding and lm_head (and the optimiser once a step was
    // taken): this snippet runs after it, as the next step would (issue #16 item 9).
    const auto literal = [](const QLineEdit *field) {
        try {
            return PythonCode::list(core::parseIds(field->text().toStdString()));
        } catch (const core::Error &) {
            return field->text(); // shown as typed; Step says what is wrong with it
        }
    };
    PythonCode::Snippet snippet;
    snippet.optimizer = optimizerConfig();
    snippet.continuesOptimizer =
        m_lab && m_lab->trainingSteps() > 0 && m_lab->optimizer() == optimizerConfig();
    snippet.tied = m_lab && m_lab->isTied();
    snippet.nextToken = m_followsIds->isChecked();
    snippet.ids = literal(m_ids);
    snippet.targets = literal(m_targets);
    if (m_lab)
        snippet.numEmbeddings = QString::number(m_lab->modelConfig().numEmbeddings);
    m_code->setText(PythonCode::trainingSnippet(snippet));
}

} // namespace embedlab::ui
