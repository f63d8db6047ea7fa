// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/window/WindowDialogs.h"

#include "ui/heatmap/ColorMap.h"
#include "ui/model/Document.h"
#include "ui/model/OneHotAnimation.h"
#include "ui/model/Settings.h"
#include "ui/paint/Theme.h"

#include <QApplication>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QMessageBox>

namespace embedlab::ui {

bool WindowDialogs::showPreferences(QWidget *parent, Document *document)
{
    QDialog dialog(parent);
    dialog.setWindowTitle(tr("Preferences"));
    auto *form = new QFormLayout(&dialog);
    auto *colorMap = new QComboBox(&dialog);
    colorMap->addItems(ColorMap::names());
    colorMap->setCurrentText(document->colorMap());
    auto *speed = new QDoubleSpinBox(&dialog);
    speed->setRange(0.25, 8.0);
    speed->setSingleStep(0.25);
    speed->setSuffix(QStringLiteral("\u00d7"));
    speed->setValue(document->animation()->speed());
    auto *theme = new QComboBox(&dialog);
    const Theme::Kind current = Theme::fromSettings();
    for (const Theme::Kind kind : Theme::all()) {
        theme->addItem(Theme::displayName(kind), Theme::key(kind));
        if (kind == current)
            theme->setCurrentIndex(theme->count() - 1);
    }
    form->addRow(tr("&Colour map:"), colorMap);
    form->addRow(tr("&Animation speed:"), speed);
    form->addRow(tr("&Theme:"), theme);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    form->addRow(buttons);
    QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    if (dialog.exec() != QDialog::Accepted)
        return false;
    document->setColorMap(colorMap->currentText());
    document->animation()->setSpeed(speed->value());
    QSettings settings = appSettings();
    settings.setValue(QStringLiteral("view/colorMap"), document->colorMap());
    settings.setValue(QStringLiteral("animation/speed"), document->animation()->speed());
    const Theme::Kind chosen = Theme::fromKey(theme->currentData().toString()).value_or(Theme::Kind::System);
    if (chosen == current)
        return false;
    settings.setValue(QStringLiteral("view/theme"), Theme::key(chosen));
    Theme::apply(chosen);
    return true;
}

void WindowDialogs::showAbout(QWidget *parent)
{
    QMessageBox::about(
        parent, tr("About EmbedLab"),
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

void WindowDialogs::showWarning(QWidget *parent, const QString &title, const QString &message)
{
    auto *box = new QMessageBox(QMessageBox::Warning, title, message, QMessageBox::Ok, parent);
    box->setObjectName(QStringLiteral("weightsError"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

} // namespace embedlab::ui
