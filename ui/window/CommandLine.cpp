// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/window/CommandLine.h"

#include <QCommandLineParser>
#include <QList>

namespace embedlab::ui {

namespace {

/// Which mode reads an option.
enum Reader { Window = 1, Export = 2, Both = Window | Export };

struct Option {
    QCommandLineOption option;
    Reader reader;
};

QList<Option> options()
{
    const auto value = [](const char *name, const QString &help, const char *valueName,
                          const char *def = nullptr) {
        QCommandLineOption o(QString::fromLatin1(name), help, QString::fromLatin1(valueName));
        if (def)
            o.setDefaultValue(QString::fromLatin1(def));
        return o;
    };
    const auto flag = [](const char *name, const QString &help) {
        return QCommandLineOption(QString::fromLatin1(name), help);
    };
    return {
        {value("export",
               CommandLine::tr(
                   "Export a view (heatmap, onehot, histogram, unembedding, neighbours, window) to "
                   "--out FILE.png, .svg or .pdf, or weights to --out FILE.npy, without a window (see "
                   "README)."),
               "view"),
         Export},
        {value("out", CommandLine::tr("Output file."), "file"), Export},
        {value("scale", CommandLine::tr("PNG scale 1-4."), "n", "1"), Export},
        {value("background", CommandLine::tr("Background: window, white or transparent."), "name", "window"),
         Export},
        {flag("marks", CommandLine::tr("Draw the selection and highlight marks in.")), Export},
        {flag("projector", CommandLine::tr("Projector style.")), Export},
        {value("language", CommandLine::tr("en, vi or zh."), "code"), Export},
        {value("seed", CommandLine::tr("torch.manual_seed."), "s"), Export},
        {value("num-embeddings", CommandLine::tr("V."), "v"), Export},
        {value("embedding-dim", CommandLine::tr("D."), "d"), Export},
        {value("ids", CommandLine::tr("Token ids."), "ids"), Export},
        {value("text", CommandLine::tr("Text for the tokenizer, typed in text mode."), "text"), Export},
        {flag("train", CommandLine::tr("One training step, with the Training panel in front.")), Export},
        {flag("tied", CommandLine::tr("Tie lm_head to the embedding.")), Export},
        {value("init", CommandLine::tr("Initialiser spec."), "spec"), Export},
        {value("session", CommandLine::tr("Session file."), "file"), Export},
        {value("weights", CommandLine::tr("Weight file, as FILE[:TENSOR]."), "file"), Export},
        {value("preset", CommandLine::tr("reference or gpt2."), "name", "reference"), Both},
        {value("step", CommandLine::tr("Animation step to show."), "n", "1"), Both},
        {value("size", CommandLine::tr("Window size, e.g. 1400x860; with --export, the view's size."), "WxH",
               "1400x860"),
         Both},
        {value("screenshot", CommandLine::tr("Render the window to a PNG and exit."), "file.png"), Window},
        {value("scenario",
               CommandLine::tr("Before the screenshot: tied, untied-reinit, compare, train or tokens."),
               "name"),
         Window},
        {value(
             "dump-session",
             CommandLine::tr("Once idle, write the window's state as a session to FILE and exit (for scripts "
                             "and tests: it shows what a crash recovery restored)."),
             "file.embedlab"),
         Window},
    };
}

} // namespace

void CommandLine::addOptions(QCommandLineParser &parser)
{
    parser.addHelpOption();
    for (const Option &o : options())
        parser.addOption(o.option);
    parser.addPositionalArgument(
        QStringLiteral("file"),
        tr("A session (.embedlab) to open, or a weight file (.npy, .safetensors, .gguf) whose tensor "
           "becomes embedding.weight."),
        QStringLiteral("[session.embedlab | FILE[:TENSOR]]"));
}

QString CommandLine::misplacedOption(const QCommandLineParser &parser, bool forExport)
{
    const Reader mode = forExport ? Export : Window;
    for (const Option &o : options())
        if (!(o.reader & mode) && parser.isSet(o.option))
            return o.option.names().front();
    return {};
}

} // namespace embedlab::ui
