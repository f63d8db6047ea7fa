// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/nn/Trainer.h"

#include <QDialog>

class QLabel;
class QPushButton;

namespace embedlab::ui {

class OptimizerEditor;

/// "Optimiser..." in the Fit a Text panel (issue #27 item 2): torch.optim.SGD or Adam for the run,
/// with the Training panel's fields, and a button that takes the Training panel's settings as they
/// are. OK is refused, with torch.optim's reason shown, for settings it would refuse (nesterov
/// without momentum).
class FitOptimizerDialog : public QDialog {
    Q_OBJECT
public:
    /// Edits `run`, the run's optimiser; `training` is the Training panel's.
    FitOptimizerDialog(const core::OptimizerConfig &run, const core::OptimizerConfig &training,
                       QWidget *parent = nullptr);

    core::OptimizerConfig config() const;
    OptimizerEditor *editor() const { return m_editor; }
    QPushButton *useTrainingButton() const { return m_useTraining; }
    /// Why OK was refused, "" when it was not.
    QString error() const;
    /// torch.optim's message for settings it refuses, "" for settings it takes.
    static QString check(const core::OptimizerConfig &config);

    void accept() override;

private:
    void refresh();

    core::OptimizerConfig m_training;
    OptimizerEditor *m_editor;
    QPushButton *m_useTraining;
    QLabel *m_error;
};

} // namespace embedlab::ui
