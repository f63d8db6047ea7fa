// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/nn/Trainer.h"

#include <QGroupBox>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QStackedWidget;

namespace embedlab::ui {

/// The settings of torch.optim.SGD or Adam, each keyword argument a field under its Python name
/// (lr, momentum, betas, ...), numbers shown as Python prints them. The Training panel's optimiser
/// and the Fit a Text panel's (issue #27 item 2) are edited with it: one set of keys and ranges.
/// Passive: it holds what it shows and says when it changed.
class OptimizerEditor : public QGroupBox {
    Q_OBJECT
public:
    explicit OptimizerEditor(QWidget *parent = nullptr);

    /// Shows `config` (both kinds' settings, and its kind); emits edited() once.
    void setConfig(const core::OptimizerConfig &config);
    /// The optimiser the fields describe.
    core::OptimizerConfig config() const;
    void setKind(core::OptimizerConfig::Kind kind);
    core::OptimizerConfig::Kind kind() const;
    void setSgdOptions(const core::SGDOptions &options);
    core::SGDOptions sgdOptions() const;
    void setAdamOptions(const core::AdamOptions &options);
    core::AdamOptions adamOptions() const;
    /// The choice of SGD or Adam (named for what it chooses).
    QComboBox *kindBox() const { return m_kind; }

Q_SIGNALS:
    /// A setting changed (edited, or set by a call).
    void edited();

private:
    QDoubleSpinBox *createSpin(QWidget *parent, const char *name, double min, double max, double step,
                               double value, const QString &tip);
    QWidget *createSgdPage();
    QWidget *createAdamPage();

    QComboBox *m_kind;
    QStackedWidget *m_pages;
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
};

} // namespace embedlab::ui
