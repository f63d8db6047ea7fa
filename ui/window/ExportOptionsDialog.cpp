// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/window/ExportOptionsDialog.h"

#include "ui/model/Settings.h"
#include "ui/window/Exporter.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QSpinBox>

#include <algorithm>

namespace embedlab::ui {

ExportOptionsDialog::ExportOptionsDialog(const Options &options, bool raster, QWidget *parent)
    : QDialog(parent)
    , m_scale(new QSpinBox(this))
    , m_background(new QComboBox(this))
    , m_marks(new QCheckBox(tr("Draw the selection and highlight &marks"), this))
{
    setObjectName(QStringLiteral("exportOptionsDialog"));
    setWindowTitle(tr("Export View"));
    m_scale->setObjectName(QStringLiteral("exportScale"));
    m_scale->setRange(Exporter::kMinScale, Exporter::kMaxScale);
    m_scale->setSuffix(QStringLiteral("\u00d7"));
    m_scale->setValue(options.scale);
    m_scale->setEnabled(raster);
    m_scale->setToolTip(raster ? tr("The PNG has this many pixels for each pixel of the view.")
                               : tr("SVG and PDF are drawn as vectors: they stay sharp at any size."));
    m_background->setObjectName(QStringLiteral("exportBackground"));
    // In ExportStyle::Background's order.
    m_background->addItems({tr("Window colour"), tr("White"), tr("Transparent")});
    m_background->setCurrentIndex(static_cast<int>(options.style.background));
    m_marks->setObjectName(QStringLiteral("exportMarks"));
    m_marks->setChecked(options.style.marks);
    m_marks->setToolTip(tr("The heatmap's selected row and the one-hot animation's highlighted rows."));

    auto *form = new QFormLayout(this);
    // The fields take the row's width in every style: a projected 简体中文 combo box was cut at its arrow.
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->addRow(tr("&Scale:"), m_scale);
    form->addRow(tr("&Background:"), m_background);
    form->addRow(m_marks);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    form->addRow(buttons);
}

ExportOptionsDialog::Options ExportOptionsDialog::options() const
{
    Options o;
    o.scale = m_scale->value();
    o.style.background = static_cast<ExportStyle::Background>(m_background->currentIndex());
    o.style.marks = m_marks->isChecked();
    return o;
}

ExportOptionsDialog::Options ExportOptionsDialog::load()
{
    const QSettings settings = appSettings();
    Options o;
    o.scale = std::clamp(settings.value(QStringLiteral("export/scale"), o.scale).toInt(), Exporter::kMinScale,
                         Exporter::kMaxScale);
    o.style.background =
        ExportStyle::backgroundFromName(settings.value(QStringLiteral("export/background")).toString())
            .value_or(o.style.background);
    o.style.marks = settings.value(QStringLiteral("export/marks"), o.style.marks).toBool();
    return o;
}

void ExportOptionsDialog::save(const Options &options)
{
    QSettings settings = appSettings();
    settings.setValue(QStringLiteral("export/scale"), options.scale);
    settings.setValue(QStringLiteral("export/background"),
                      ExportStyle::backgroundName(options.style.background));
    settings.setValue(QStringLiteral("export/marks"), options.style.marks);
}

} // namespace embedlab::ui
