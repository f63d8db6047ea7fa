// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/window/StartOptions.h"

#include "ui/model/NeighbourSearch.h"

#include "ui/model/SessionFile.h"
#include "ui/window/CommandLine.h"
#include "ui/window/MainWindow.h"
#include "ui/window/SessionController.h"
#include "ui/window/WeightFileLoader.h"

#include <QAction>
#include <QApplication>
#include <QCommandLineParser>
#include <QDockWidget>
#include <QFile>
#include <QScreen>

#include <cstdio>
#include <cstring>

namespace embedlab::ui {

namespace {

/// A session by its suffix, or by its content (a JSON object) whatever its name.
bool isSession(const QString &file)
{
    if (SessionController::isSessionFile(file))
        return true;
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly))
        return false;
    return f.read(64).trimmed().startsWith('{');
}

void runScenario(MainWindow &window, const QString &name)
{
    if (name == QStringLiteral("tied")) {
        window.requestTie(true);
    } else if (name == QStringLiteral("untied-reinit")) {
        window.requestTie(true);
        window.untie(core::TiedModel::UntieMode::Reinitialize);
    } else if (name == QStringLiteral("compare")) {
        window.setHistogramCompare(true);
    } else if (name == QStringLiteral("train")) {
        window.actions().trainStep->trigger();
    } else if (name == QStringLiteral("tokens")) {
        // The ids as text, and the neighbours of the first token.
        window.setTextMode(true);
        window.neighboursDock()->show();
        window.neighboursDock()->raise();
        const QList<qint64> ids = window.lab()->flatIds();
        if (!ids.isEmpty())
            window.neighbourSearch()->search(ids.front());
    }
}

} // namespace

void chooseHeadlessPlatform(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i) {
        if ((std::strcmp(argv[i], "--screenshot") == 0 || std::strcmp(argv[i], "--export") == 0) &&
            qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
    }
}

bool isHeadlessExport(const QStringList &arguments)
{
    return arguments.contains(QStringLiteral("--export"));
}

std::optional<StartOptions> StartOptions::parse(const QApplication &app)
{
    QCommandLineParser parser;
    CommandLine::addOptions(parser);
    parser.process(app);
    if (const QString misplaced = CommandLine::misplacedOption(parser, false); !misplaced.isEmpty()) {
        std::fprintf(stderr, "embedlab: --%s goes with --export\n", qPrintable(misplaced));
        return std::nullopt;
    }
    StartOptions o;
    o.preset = parser.value(QStringLiteral("preset"));
    if (o.preset != QStringLiteral("reference") && o.preset != QStringLiteral("gpt2")) {
        std::fprintf(stderr, "embedlab: unknown preset '%s' (use reference or gpt2)\n", qPrintable(o.preset));
        return std::nullopt;
    }
    for (const QString &file : parser.positionalArguments())
        (isSession(file) ? o.sessionFiles : o.weightFiles).append(file);
    o.screenshot = parser.value(QStringLiteral("screenshot"));
    o.scenario = parser.value(QStringLiteral("scenario"));
    o.step = parser.value(QStringLiteral("step")).toInt();
    const QStringList wh = parser.value(QStringLiteral("size")).split(QLatin1Char('x'));
    o.size = QSize(std::max(400, wh.value(0).toInt()), std::max(300, wh.value(1).toInt()));
    o.sizeGiven = parser.isSet(QStringLiteral("size"));
    o.dumpSession = parser.value(QStringLiteral("dump-session"));
    o.recovery = o.screenshot.isEmpty() && qEnvironmentVariableIsEmpty("EMBEDLAB_NO_RECOVERY");
    return o;
}

void StartOptions::applyTo(MainWindow &window) const
{
    if (preset == QStringLiteral("gpt2"))
        window.lab()->applyPreset(Lab::Preset::Gpt2Small);
    if (!sessionFiles.isEmpty()) {
        const QString error = window.sessions()->openSession(sessionFiles.front());
        if (!error.isEmpty())
            std::fprintf(stderr, "embedlab: %s\n", qPrintable(error));
        for (const QString &other : sessionFiles.mid(1))
            std::fprintf(stderr, "embedlab: one session at a time: '%s' was not opened\n", qPrintable(other));
    }
    if (!weightFiles.isEmpty() && sessionFiles.isEmpty()) {
        const QString error = window.weightFiles()->loadFromCommandLine(weightFiles.front(), false);
        if (!error.isEmpty())
            std::fprintf(stderr, "embedlab: %s\n", qPrintable(error));
    }
    for (const QString &other : weightFiles.mid(sessionFiles.isEmpty() ? 1 : 0))
        std::fprintf(stderr, "embedlab: one model at a time: '%s' was not opened\n", qPrintable(other));
    if (!dumpSession.isEmpty()) {
        window.whenIdle([&window, file = dumpSession] {
            const QString error = SessionFile::write(file, window.sessions()->captureSession());
            if (!error.isEmpty())
                std::fprintf(stderr, "embedlab: %s\n", qPrintable(error));
            QApplication::exit(error.isEmpty() ? 0 : 1);
        });
    }
    if (!screenshot.isEmpty()) {
        window.resize(size);
        QObject::connect(&window, &MainWindow::screenshotSaved, &window, [file = screenshot](bool ok) {
            if (!ok)
                std::fprintf(stderr, "embedlab: cannot write the screenshot to '%s'\n", qPrintable(file));
            QApplication::exit(ok ? 0 : 1);
        });
        // The scenario runs on the finished model (GPT-2 is built on a worker thread first).
        window.lab()->whenIdle(&window, [&window, name = scenario, file = screenshot, step = step] {
            runScenario(window, name);
            window.saveScreenshotWhenIdle(file, step);
        });
    }
}

void StartOptions::show(MainWindow &window) const
{
    if (sizeGiven)
        window.resize(size);
    const QScreen *screen = window.screen();
    // Before it is shown the window has no frame: allow for a title bar and borders.
    const QSize framed = window.size() + QSize(16, 48);
    const bool fits = !screen || window.isMaximized() ||
                      (framed.width() <= screen->availableGeometry().width() &&
                       framed.height() <= screen->availableGeometry().height());
    if (sizeGiven || !screenshot.isEmpty() || fits) {
        window.show();
        return;
    }
    // Without a window manager (which alone maximises) it still covers the screen, no more.
    window.resize(window.size().boundedTo(screen->availableGeometry().size()));
    window.showMaximized();
}

} // namespace embedlab::ui
