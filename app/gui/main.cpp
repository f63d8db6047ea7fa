// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/tensor/Memory.h"
#include "ui/paint/Theme.h"
#include "ui/window/HeadlessExport.h"
#include "ui/window/MainWindow.h"
#include "ui/window/StartOptions.h"
#include "ui/window/Translations.h"
#include "ui/window/WindowHost.h"

#include <QApplication>

int main(int argc, char *argv[])
{
    using namespace embedlab;
    // Before any thread starts: big tensors are reused rather than faulted in afresh (core/Memory.h).
    core::reuseLargeBuffers();
    ui::chooseHeadlessPlatform(argc, argv);
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("EmbedLab"));
    QApplication::setApplicationName(QStringLiteral("EmbedLab"));
    // The theme Preferences chose: the desktop's colours by default, or high contrast (#25).
    ui::Theme::apply(ui::Theme::fromSettings());
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
