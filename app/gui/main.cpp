// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/MainWindow.h"

#include <QApplication>
#include <QCommandLineParser>

#include <cstring>

int main(int argc, char *argv[])
{
    // A screenshot needs no display: the platform is chosen before QApplication exists.
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--screenshot") == 0 && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
    }
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("EmbedLab"));
    QApplication::setApplicationName(QStringLiteral("EmbedLab"));

    QCommandLineParser parser;
    parser.addHelpOption();
    const QCommandLineOption screenshot(
        QStringLiteral("screenshot"), QApplication::translate("main", "Render the window to a PNG and exit."),
        QStringLiteral("file.png"));
    const QCommandLineOption preset(QStringLiteral("preset"),
                                    QApplication::translate("main", "reference or gpt2."),
                                    QStringLiteral("name"), QStringLiteral("reference"));
    const QCommandLineOption step(QStringLiteral("step"),
                                  QApplication::translate("main", "Animation step to show."),
                                  QStringLiteral("n"), QStringLiteral("1"));
    const QCommandLineOption size(QStringLiteral("size"),
                                  QApplication::translate("main", "Window size, e.g. 1400x860."),
                                  QStringLiteral("WxH"), QStringLiteral("1400x860"));
    parser.addOptions({screenshot, preset, step, size});
    parser.process(app);
    if (parser.value(preset) != QStringLiteral("reference") && parser.value(preset) != QStringLiteral("gpt2"))
        parser.showHelp(2);

    embedlab::ui::MainWindow window;
    if (parser.value(preset) == QStringLiteral("gpt2"))
        window.lab()->applyPreset(embedlab::ui::Lab::Preset::Gpt2Small);
    if (parser.isSet(screenshot)) {
        const QStringList wh = parser.value(size).split(QLatin1Char('x'));
        window.resize(std::max(400, wh.value(0).toInt()), std::max(300, wh.value(1).toInt()));
        QObject::connect(&window, &embedlab::ui::MainWindow::screenshotSaved, &app,
                         [](bool ok) { QApplication::exit(ok ? 0 : 1); });
        window.saveScreenshotWhenIdle(parser.value(screenshot), parser.value(step).toInt());
    }
    window.show();
    return QApplication::exec();
}
