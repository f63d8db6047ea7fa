// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/tensor/Memory.h"
#include "ui/window/Classroom.h"
#include "ui/window/HeadlessExport.h"
#include "ui/window/MainWindow.h"
#include "ui/model/SessionFile.h"

#include <QAction>
#include <QApplication>
#include <QCommandLineParser>
#include <QTimer>

#include <cstdio>
#include <cstring>

int main(int argc, char *argv[])
{
    // Before any thread starts: big tensors are reused rather than faulted in afresh (core/Memory.h).
    embedlab::core::reuseLargeBuffers();
    // A screenshot needs no display: the platform is chosen before QApplication exists.
    for (int i = 1; i < argc; ++i) {
        if ((std::strcmp(argv[i], "--screenshot") == 0 || std::strcmp(argv[i], "--export") == 0) &&
            qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
    }
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("EmbedLab"));
    QApplication::setApplicationName(QStringLiteral("EmbedLab"));
    if (app.arguments().contains(QStringLiteral("--export")))
        return embedlab::ui::runHeadlessExport(app, app.arguments());

    QCommandLineParser parser;
    parser.addHelpOption();
    // Handled by runHeadlessExport() above; listed here so that --help shows it.
    parser.addOption(
        {QStringLiteral("export"),
         QApplication::translate("main", "Export heatmap|onehot|histogram|unembedding|window to "
                                         "--out FILE.png|.svg|.pdf without a window (see README)."),
         QStringLiteral("view")});
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
    const QCommandLineOption scenario(
        QStringLiteral("scenario"),
        QApplication::translate("main", "Before the screenshot: tied, untied-reinit, compare or train."),
        QStringLiteral("name"));
    const QCommandLineOption dumpSession(
        QStringLiteral("dump-session"),
        QApplication::translate("main",
                                "Once idle, write the window's state as a session to FILE and exit (for "
                                "scripts and tests: it shows what a crash recovery restored)."),
        QStringLiteral("file.embedlab"));
    parser.addOptions({screenshot, preset, step, size, scenario, dumpSession});
    // The desktop file passes the files a user opens with EmbedLab (Exec=embedlab %F).
    parser.addPositionalArgument(QStringLiteral("session"),
                                 QApplication::translate("main", "A session (.embedlab) to open."),
                                 QStringLiteral("[session.embedlab]"));
    parser.process(app);
    if (parser.value(preset) != QStringLiteral("reference") &&
        parser.value(preset) != QStringLiteral("gpt2")) {
        std::fprintf(stderr, "embedlab: unknown preset '%s' (use reference or gpt2)\n",
                     qPrintable(parser.value(preset)));
        return 2;
    }

    embedlab::ui::MainWindow window;
    if (parser.value(preset) == QStringLiteral("gpt2"))
        window.lab()->applyPreset(embedlab::ui::Lab::Preset::Gpt2Small);
    const QStringList files = parser.positionalArguments();
    if (auto *classroom = embedlab::ui::Classroom::of(&window); classroom && !files.isEmpty()) {
        const QString error = classroom->openSession(files.front());
        if (!error.isEmpty())
            std::fprintf(stderr, "embedlab: %s\n", qPrintable(error));
        for (const QString &other : files.mid(1))
            std::fprintf(stderr, "embedlab: one session at a time: '%s' was not opened\n", qPrintable(other));
    }
    if (parser.isSet(dumpSession)) {
        auto *wait = new QTimer(&window);
        QObject::connect(wait, &QTimer::timeout, &window, [&window, wait, file = parser.value(dumpSession)] {
            if (!window.isIdle())
                return;
            wait->deleteLater();
            const auto *classroom = embedlab::ui::Classroom::of(&window);
            const QString error = classroom
                                      ? embedlab::ui::SessionFile::write(file, classroom->captureSession())
                                      : QStringLiteral("no session to write");
            if (!error.isEmpty())
                std::fprintf(stderr, "embedlab: %s\n", qPrintable(error));
            QApplication::exit(error.isEmpty() ? 0 : 1);
        });
        wait->start(50);
    }
    if (parser.isSet(screenshot)) {
        const QStringList wh = parser.value(size).split(QLatin1Char('x'));
        window.resize(std::max(400, wh.value(0).toInt()), std::max(300, wh.value(1).toInt()));
        QObject::connect(&window, &embedlab::ui::MainWindow::screenshotSaved, &app,
                         [file = parser.value(screenshot)](bool ok) {
                             if (!ok)
                                 std::fprintf(stderr, "embedlab: cannot write the screenshot to '%s'\n",
                                              qPrintable(file));
                             QApplication::exit(ok ? 0 : 1);
                         });
        const QString name = parser.value(scenario);
        const QString file = parser.value(screenshot);
        const int animationStep = parser.value(step).toInt();
        // The scenario runs on the finished model (GPT-2 is built on a worker thread first).
        auto *wait = new QTimer(&window);
        QObject::connect(wait, &QTimer::timeout, &window, [&window, wait, name, file, animationStep] {
            if (window.lab()->isBusy())
                return;
            wait->deleteLater();
            if (name == QStringLiteral("tied")) {
                window.requestTie(true);
            } else if (name == QStringLiteral("untied-reinit")) {
                window.requestTie(true);
                window.untie(embedlab::core::TiedModel::UntieMode::Reinitialize);
            } else if (name == QStringLiteral("compare")) {
                window.setHistogramCompare(true);
            } else if (name == QStringLiteral("train")) {
                window.findChild<QAction *>(QStringLiteral("trainStepAction"))->trigger();
            }
            window.saveScreenshotWhenIdle(file, animationStep);
        });
        wait->start(50);
    }
    window.show();
    return QApplication::exec();
}
