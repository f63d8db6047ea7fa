// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/nn/Trainer.h"
#include "ui/model/Document.h"
#include "ui/model/Lab.h"

#include <QList>
#include <QPointer>
#include <QString>
#include <QStringList>
#include <QWidget>

#include <memory>
#include <vector>

class QBoxLayout;
class QCheckBox;
class QGridLayout;
class QLabel;
class QLayout;
class QLineEdit;
class QProgressDialog;
class QPushButton;
class QVBoxLayout;

namespace embedlab::ui {

class HeatmapView;
class OptimizerEditor;

/// One training step, for real: ids -> embedding -> lm_head (tied or not) -> cross_entropy ->
/// backward -> optimizer.step(). Shows the loss as PyTorch prints it, heatmaps of every weight's
/// gradient and of its change (after - before), which rows changed (compared value by value), and
/// why rows that were not looked up changed (weight decay, momentum, Adam, tying).
///
/// Passive: the Lab owns the optimiser and its state (momentum buffers, Adam's averages, kept until
/// the model, the settings or the tie state change) and is the only writer of the weights; this
/// panel forwards Step and the settings and paints the core::TrainingReport it gets back.
class TrainingPanel : public QWidget {
    Q_OBJECT
public:
    enum class OptimizerKind { Sgd, Adam };

    explicit TrainingPanel(QWidget *parent = nullptr);
    ~TrainingPanel() override;

    /// Shows the training of `document`'s Lab and forwards Step, Reset and the optimiser settings to
    /// it (the Lab trains; this panel only paints). Shows the document's batch, optimiser and last
    /// result (Document::trainingResult()). nullptr disables stepping.
    void setDocument(Document *document);
    /// The model's tie state or size may have changed: updates the code and the status.
    void refresh();

    /// The ids and targets fields ("2, 3, 1", "[[2, 3], [1, 0]]"); parsed when stepping. Setting
    /// either makes the batch the teacher's own (it no longer follows the ids).
    void setIdsText(const QString &text);
    QString idsText() const;
    void setTargetsText(const QString &text);
    QString targetsText() const;
    /// The batch is the next-token task on the ids in effect (the default), or the fields' own.
    bool followsIds() const;
    void setFollowsIds(bool on);
    /// The snippet that continues the code panel's script with one step on this batch.
    QString codeText() const;
    /// The line under the fields: the task's first pairs ("2 → 3, 3 → 1"), or that the batch is
    /// the teacher's own.
    QString taskText() const;

    /// Changing the optimiser or its settings resets its state.
    void setOptimizerKind(OptimizerKind kind);
    OptimizerKind optimizerKind() const;
    void setSgdOptions(const core::SGDOptions &options);
    core::SGDOptions sgdOptions() const;
    void setAdamOptions(const core::AdamOptions &options);
    core::AdamOptions adamOptions() const;
    /// The optimiser the settings describe.
    core::OptimizerConfig optimizerConfig() const;

    /// Parses the ids and targets and asks the Lab for one training step (Lab::trainStep). Emits
    /// aboutToStep() once the input is valid, right before the weights change, and stepped(loss)
    /// after. On bad input (unparsable ids, ids/targets of different shapes, an id or target out of
    /// range, invalid optimiser settings) shows the message, emits stepFailed(), changes nothing and
    /// returns false.
    bool step();
    /// Asks the Lab to drop the momentum buffers / Adam state.
    void resetOptimizer();

    /// Steps taken with the current optimiser state (0 after a reset).
    int stepCount() const;
    /// True once a step succeeded since the model was last replaced.
    bool hasResult() const { return m_report != nullptr; }
    float lastLoss() const { return m_report ? m_report->loss : 0.0f; }
    /// "tensor(1.2345, grad_fn=<NllLossBackward0>)".
    QString printedLoss() const { return m_printedLoss; }
    /// What the last step did, one entry per distinct parameter in model.parameters() order.
    const std::vector<core::ParameterReport> &lastChanges() const;
    /// The rows of `parameterName` that changed in the last step; empty if unknown. With tying,
    /// "lm_head.weight" answers for the shared embedding.weight.
    QList<int> changedRows(const QString &parameterName) const;
    /// The badge under a change heatmap, e.g. "rows changed: 1, 2, 3 (of 4)" or "rows changed: all 4".
    QString changedRowsText(const QString &parameterName) const;
    /// Why rows changed or did not, as shown above the heatmaps.
    QString explanation() const { return m_explanation; }
    /// The last refusal; empty after a successful step.
    QString errorMessage() const { return m_error; }
    /// While a step on a big model runs on a worker: its progress, whose Cancel drops the step
    /// (the weights stay as they were). nullptr otherwise.
    QProgressDialog *progressDialog() const { return m_progress; }

    /// The narrowest the panel can be: the results under the controls, one heatmap a row.
    QSize minimumSizeHint() const override;

    /// "1, 2, 3", "none", "all 4"; lists longer than 12 rows are shortened.
    static QString rowsText(const QList<int> &rows, int total);
    /// "rows changed: 1, 2, 3 (of 4)", or "rows changed: all 4".
    static QString rowsBadge(const QString &what, const QList<int> &rows, int total);

Q_SIGNALS:
    /// The Step button was pressed (step() runs right after).
    void stepRequested();
    /// The input is valid and the weights are about to change: take an undo snapshot now.
    void aboutToStep();
    /// The step is done; the weights (and their version()) changed.
    void stepped(float loss);
    void stepFailed(const QString &message);
    /// The optimiser state was dropped (button, settings, model or tie change).
    void optimizerReset();

protected:
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    /// The results beside the controls or under them, and how many heatmaps share a row, for the
    /// width the panel has.
    void arrange();
    /// Puts the heatmaps and their badges in the grid, `perRow` to a row.
    void placeCells(int perRow);
    void fitControlsToCode();
    /// The widest heatmap's minimum width, and the most heatmaps one parameter shows.
    int cellMinimumWidth() const;
    int cellsInARow() const;
    QWidget *createBatchBox(const QFont &mono);
    QLayout *createButtons();
    QLabel *createCodeLabel(const QFont &mono);
    void addFeedbackLabels(QVBoxLayout *controls);
    QLayout *createResults();
    const core::ParameterReport *findChange(const QString &parameterName) const;
    void onSettingsEdited();
    void onOptimizerReset(Lab::OptimizerResetReason reason);
    void fail(const QString &message);
    void onTrainingStarted();
    void onTrainingProgress(int done, int total);
    void closeProgress();
    void showReport(std::shared_ptr<const core::TrainingReport> report);
    void showDocumentResult();
    void showOptimizer();
    void showBatch();
    void updateTask();
    static QString placeholderText();
    void clearResults();
    void showResults();
    QStringList gradientNotes(const QList<int> &lookedUp) const;
    static QString scaleGradByFreqNote(const core::LongTensor &ids);
    QStringList otherRowNotes(const QList<int> &otherChanged) const;
    QString otherChangedNote(const QList<int> &otherChanged) const;
    void rebuildHeatmaps();
    void updateStatus();
    void updateCode();

    // Guarded: a spin box whose edit is committed as the window closes (hidden, it loses the focus)
    // reaches onSettingsEdited() after the document and its Lab are gone (tst_soak_long's teardown).
    QPointer<Document> m_document;
    QPointer<Lab> m_lab;
    bool m_syncing = false; // widgets being set from the document, not edited
    std::shared_ptr<const core::TrainingReport> m_report;
    QString m_resetReason;
    QString m_printedLoss;
    QString m_explanation;
    QString m_error;

    QCheckBox *m_followsIds = nullptr;
    QLineEdit *m_ids = nullptr;
    QLineEdit *m_targets = nullptr;
    QLabel *m_task = nullptr;
    OptimizerEditor *m_optimizer = nullptr;
    QPushButton *m_stepButton = nullptr;
    QPushButton *m_resetButton = nullptr;
    QLabel *m_status = nullptr;
    QLabel *m_code = nullptr;
    QLabel *m_loss = nullptr;
    QLabel *m_errorLabel = nullptr;
    QLabel *m_explanationLabel = nullptr;
    QLabel *m_placeholder = nullptr;
    QProgressDialog *m_progress = nullptr;
    QBoxLayout *m_layout = nullptr;
    QWidget *m_controls = nullptr;
    QWidget *m_results = nullptr;
    QWidget *m_heatmapArea = nullptr;
    QGridLayout *m_heatmapGrid = nullptr;
    int m_perRow = -1; // heatmaps a row as placed, -1: to be placed
    int m_columns = 0; // the most heatmaps a parameter shows
    // One row per parameter: a title, then heatmaps with a badge under each.
    struct HeatmapCell {
        HeatmapView *view = nullptr;
        QLabel *badge = nullptr;
    };
    struct HeatmapRow {
        QLabel *title = nullptr;
        QList<HeatmapCell> cells;
        bool flat = false; // a 1-D parameter (a bias): its heatmaps are lower
    };
    QList<HeatmapRow> m_heatmapRows;
};

} // namespace embedlab::ui
