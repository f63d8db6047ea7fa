// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/views/FitOptimizerDialog.h"

#include "ui/views/OptimizerEditor.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include <exception>

namespace embedlab::ui {

FitOptimizerDialog::FitOptimizerDialog(const core::OptimizerConfig &run,
                                       const core::OptimizerConfig &training, QWidget *parent)
    : QDialog(parent)
    , m_training(training)
    , m_editor(new OptimizerEditor(this))
    , m_useTraining(new QPushButton(this))
    , m_error(new QLabel(this))
{
    setWindowTitle(tr("Optimiser of the Run"));
    auto *intro = new QLabel(tr("The run starts again from step 0 with these settings."), this);
    intro->setWordWrap(true);
    m_editor->setConfig(run);
    m_useTraining->setToolTip(tr("Take the optimiser and settings the Training panel has now"));
    m_error->setWordWrap(true);
    m_error->setAccessibleName(tr("Why the settings cannot be used"));
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->hide();
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &FitOptimizerDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &FitOptimizerDialog::reject);
    connect(m_useTraining, &QPushButton::clicked, this, [this] { m_editor->setConfig(m_training); });
    connect(m_editor, &OptimizerEditor::edited, this, &FitOptimizerDialog::refresh);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(m_editor);
    layout->addWidget(m_useTraining);
    layout->addWidget(m_error);
    layout->addWidget(buttons);
    refresh();
}

core::OptimizerConfig FitOptimizerDialog::config() const
{
    return m_editor->config();
}

QString FitOptimizerDialog::error() const
{
    return m_error->isHidden() ? QString() : m_error->text();
}

QString FitOptimizerDialog::check(const core::OptimizerConfig &config)
{
    try {
        config.create({});
    } catch (const std::exception &e) {
        return QString::fromUtf8(e.what());
    }
    return QString();
}

void FitOptimizerDialog::refresh()
{
    m_useTraining->setText(
        tr("&Use the Training panel's: %1").arg(QString::fromStdString(m_training.shortCall())));
    m_useTraining->setEnabled(!(m_editor->config() == m_training));
    m_error->hide();
}

void FitOptimizerDialog::accept()
{
    m_error->setText(check(config()));
    m_error->setVisible(!m_error->text().isEmpty());
    if (m_error->isHidden())
        QDialog::accept();
}

} // namespace embedlab::ui
