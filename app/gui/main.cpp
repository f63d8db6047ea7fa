// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/tensor/Memory.h"
#include "ui/paint/TextColors.h"
#include "ui/window/HeadlessExport.h"
#include "ui/window/MainWindow.h"
#include "ui/window/StartOptions.h"
#include "ui/window/Translations.h"
#include "ui/window/WindowHost.h"

#include <QApplication>
#include <QPalette>

int main(int argc, char *argv[])
{
    using namespace embedlab;
    // Before any thread starts: big tensors are reused rather than faulted in afresh (core/Memory.h).
    core::reuseLargeBuffers();
    ui::chooseHeadlessPlatform(argc, argv);
    QApplication app(argc, argv);
    // Qt's placeholder grey (Text at 50 %) is 3.9:1 on the window; hints and painted labels use it as
    // text, which needs 4.5:1 (#25).
    QPalette palette = QApplication::palette();
    palette.setColor(QPalette::PlaceholderText, ui::TextColors::secondary(palette));
    QApplication::setPalette(palette);
    QApplication::setOrganizationName(QStringLiteral("EmbedLab"));
    QApplication::setApplicationName(QStringLiteral("EmbedLab"));
    if (ui::isHeadlessExport(app.arguments()))
        return ui::runHeadlessExport(app.arguments());
    const std::optional<ui::StartOptions> options = ui::StartOptions::parse(app);
    if (!options)
        return 2;
    ui::Translations::install(ui::Translations::preferredCode());
    ui::WindowHost host({.recovery = options->recovery});
    options->applyTo(host.window());
    options->show(host.window());
    return QApplication::exec();
}
