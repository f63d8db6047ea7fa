// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/nn/Optimizer.h"
#include "core/tensor/Parameter.h"
#include "core/nn/TiedModel.h"

#include <QList>
#include <QString>
#include <QWidget>

#include <memory>
#include <vector>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QGridLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QStackedWidget;

namespace embedlab::ui {

class HeatmapView;

/// One training step, for real: ids -> embedding -> lm_head (tied or not) -> cross_entropy ->
/// backward -> optimizer.step(). Shows the loss as PyTorch prints it, heatmaps of every weight's
/// gradient and of its change (after - before), which rows changed (compared value by value), and
/// why rows that were not looked up changed (weight decay, momentum, Adam, tying).
///
/// The optimiser and its state (momentum buffers, Adam's averages) live here and survive between
/// steps until the model, the optimiser settings or the tie state change, or resetOptimizer().
/// The panel changes the model's weights in step(); the owner learns about it from stepped().
class TrainingPanel : public QWidget {
    Q_OBJECT
public:
    enum class OptimizerKind { Sgd, Adam };

    /// What the last step did to one parameter.
    struct ParameterChange {
        /// "embedding.weight", "lm_head.weight" or "lm_head.bias", as named in model.parameters().
        QString name;
        /// A copy of .grad after loss.backward() (before optimizer.step() used it).
        core::ParameterPtr gradient;
        /// after - before.
        core::ParameterPtr change;
        /// Rows (entries for a 1-D parameter) whose gradient has a non-zero value.
        QList<int> gradientRows;
        /// Rows (entries for a 1-D parameter) with any value different after the step.
        QList<int> changedRows;
        /// Number of rows (entries for a 1-D parameter).
        int rowCount = 0;
        /// Tied weights only (and models up to kSplitElements): the two parts that autograd adds
        /// into the shared .grad, recomputed separately from the weights before the step.
        /// lookupGradient + headGradient == gradient.
        core::ParameterPtr lookupGradient;
        core::ParameterPtr headGradient;
    };
    /// Up to this many weight elements the tied gradient is split into its two uses.
    static constexpr core::Index kSplitElements = 1 << 20;

    explicit TrainingPanel(QWidget *parent = nullptr);
    ~TrainingPanel() override;

    /// Trains `model` (not owned; it must stay alive until setModel() is called again). Resets the
    /// optimiser and clears the last step's results. nullptr disables stepping.
    void setModel(core::TiedModel *model);
    core::TiedModel *model() const { return m_model; }
    /// The model's tie state or parameters may have changed: resets the optimiser when
    /// model.parameters() is no longer the set it was built for, and updates the wording.
    void refresh();

    /// The ids and targets fields ("2, 3, 1", "[[2, 3], [1, 0]]"); parsed when stepping.
    void setIdsText(const QString &text);
    QString idsText() const;
    void setTargetsText(const QString &text);
    QString targetsText() const;

    /// Changing the optimiser or its settings resets its state.
    void setOptimizerKind(OptimizerKind kind);
    OptimizerKind optimizerKind() const;
    void setSgdOptions(const core::SGDOptions &options);
    core::SGDOptions sgdOptions() const;
    void setAdamOptions(const core::AdamOptions &options);
    core::AdamOptions adamOptions() const;

    /// One training step. Emits aboutToStep() once the input is valid, right before the weights
    /// change, and stepped(loss) after. On bad input (unparsable ids, ids/targets of different
    /// shapes, an id or target out of range, invalid optimiser settings) shows PyTorch's message,
    /// emits stepFailed(), changes nothing and returns false.
    bool step();
    /// Drops the momentum buffers / Adam state: the next step starts a fresh optimiser.
    void resetOptimizer();

    /// Steps taken with the current optimiser state (0 after a reset).
    int stepCount() const { return m_stepCount; }
    /// True once a step succeeded since the last setModel().
    bool hasResult() const { return !m_changes.isEmpty(); }
    float lastLoss() const { return m_lastLoss; }
    /// "tensor(1.2345, grad_fn=<NllLossBackward0>)".
    QString printedLoss() const { return m_printedLoss; }
    /// One entry per distinct parameter, in model.parameters() order.
    const QList<ParameterChange> &lastChanges() const { return m_changes; }
    /// The rows of `parameterName` that changed in the last step; empty if unknown. With tying,
    /// "lm_head.weight" answers for the shared embedding.weight.
    QList<int> changedRows(const QString &parameterName) const;
    /// The badge under a change heatmap, e.g. "rows changed: 1, 2, 3 (of 4)" or "rows changed: all 4".
    QString changedRowsText(const QString &parameterName) const;
    /// Why rows changed or did not, as shown above the heatmaps.
    QString explanation() const { return m_explanation; }
    /// The last refusal; empty after a successful step.
    QString errorMessage() const { return m_error; }

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

private:
    const ParameterChange *findChange(const QString &parameterName) const;
    void buildOptimizerIfNeeded();
    void onSettingsEdited();
    void fail(const QString &message);
    void splitTiedGradient(ParameterChange &change, const std::vector<core::Matrix> &before,
                           const core::LongTensor &ids, const core::LongTensor &targets) const;
    void showResults(const core::LongTensor &ids);
    void rebuildHeatmaps();
    void updateStatus();
    void updateCode();
    QString parameterName(const core::ParameterPtr &parameter) const;

    core::TiedModel *m_model = nullptr;
    std::unique_ptr<core::Optimizer> m_optimizer;
    int m_stepCount = 0;
    // Embedding rows that had a gradient in an earlier step of this optimiser state: momentum and
    // Adam keep moving exactly these.
    QList<int> m_rowsWithHistory;
    QString m_resetReason;
    float m_lastLoss = 0.0f;
    QString m_printedLoss;
    QList<ParameterChange> m_changes;
    QString m_explanation;
    QString m_error;

    QLineEdit *m_ids = nullptr;
    QLineEdit *m_targets = nullptr;
    QComboBox *m_optimizerKind = nullptr;
    QStackedWidget *m_optimizerStack = nullptr;
    QDoubleSpinBox *m_sgdLr = nullptr;
    QDoubleSpinBox *m_sgdMomentum = nullptr;
    QDoubleSpinBox *m_sgdDampening = nullptr;
    QDoubleSpinBox *m_sgdWeightDecay = nullptr;
    QCheckBox *m_sgdNesterov = nullptr;
    QDoubleSpinBox *m_adamLr = nullptr;
    QDoubleSpinBox *m_adamBeta1 = nullptr;
    QDoubleSpinBox *m_adamBeta2 = nullptr;
    QDoubleSpinBox *m_adamEps = nullptr;
    QDoubleSpinBox *m_adamWeightDecay = nullptr;
    QCheckBox *m_adamAmsgrad = nullptr;
    QPushButton *m_stepButton = nullptr;
    QPushButton *m_resetButton = nullptr;
    QLabel *m_status = nullptr;
    QLabel *m_code = nullptr;
    QLabel *m_loss = nullptr;
    QLabel *m_errorLabel = nullptr;
    QLabel *m_explanationLabel = nullptr;
    QLabel *m_placeholder = nullptr;
    QWidget *m_heatmapArea = nullptr;
    QGridLayout *m_heatmapGrid = nullptr;
    // One row per parameter: a title, then heatmaps with a badge under each.
    struct HeatmapCell {
        HeatmapView *view = nullptr;
        QLabel *badge = nullptr;
    };
    struct HeatmapRow {
        QLabel *title = nullptr;
        QList<HeatmapCell> cells;
    };
    QList<HeatmapRow> m_heatmapRows;
};

} // namespace embedlab::ui
