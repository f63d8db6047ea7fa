// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/window/HeadlessExport.h"

#include "core/init/InitSpec.h"
#include "core/io/MappingGuard.h"
#include "ui/heatmap/HeatmapView.h"
#include "ui/histogram/InitHistogram.h"
#include "ui/model/Document.h"
#include "ui/model/Lab.h"
#include "ui/model/NeighbourSearch.h"
#include "ui/model/OneHotAnimation.h"
#include "ui/views/NeighboursPanel.h"
#include "ui/views/OneHotView.h"
#include "ui/views/UnembeddingView.h"
#include "ui/window/CommandLine.h"
#include "ui/window/Exporter.h"
#include "ui/window/MainWindow.h"
#include "ui/window/ProjectorMode.h"
#include "ui/window/SessionController.h"
#include "ui/window/Translations.h"
#include "ui/window/WeightFileLoader.h"
#include "ui/window/WeightHeatmaps.h"
#include "ui/window/WindowActions.h"

#include <QAction>
#include <QApplication>
#include <QCommandLineParser>
#include <QEventLoop>
#include <QFile>
#include <QTimer>

#include <cstdio>
#include <exception>
#include <memory>
#include <optional>
#include <vector>

namespace embedlab::ui {

namespace {

constexpr int kTimeoutMs = 180000;

/// The translation context of the command line's messages.
struct HeadlessExport {
    Q_DECLARE_TR_FUNCTIONS(HeadlessExport)
};

/// A failed export: the exit code (1 failure, 2 bad command line) and its one line for stderr.
struct Failure {
    int code = 1;
    QString message;
};

int report(const Failure &failure)
{
    std::fprintf(stderr, "embedlab: %s\n", qPrintable(failure.message));
    return failure.code;
}

/// What the command line asked for, checked.
struct ExportRequest {
    QString view;
    QString file;
    int scale = 1;
    /// --background and --marks.
    ExportStyle style;
    bool projector = false;
    QString language;
    QString session;
    /// --weights FILE[:TENSOR]: the tensor becomes embedding.weight.
    QString weights;
    /// --preset gpt2: GPT-2 small's tied Embedding(50257, 768) first.
    bool gpt2 = false;
    std::optional<std::uint64_t> seed;
    std::optional<qint64> numEmbeddings;
    std::optional<qint64> embeddingDim;
    bool tied = false;
    std::optional<QString> ids;
    /// --text: typed in text mode, tokenized by the model's tokenizer.
    std::optional<QString> text;
    std::vector<core::InitSpec> inits;
    /// --train: one training step, the Training panel in front with its result.
    bool train = false;
    std::optional<QString> step;
    QSize size;
};

/// Runs the event loop until `ready()` holds, re-checking whenever `object` emits `signal`; false
/// after kTimeoutMs.
template <typename Object, typename Signal, typename Ready>
bool waitFor(Object *object, Signal signal, Ready ready)
{
    if (ready())
        return true;
    QEventLoop loop;
    QObject::connect(object, signal, &loop, [&loop, &ready] {
        if (ready())
            loop.quit();
    });
    QTimer::singleShot(kTimeoutMs, &loop, [&loop] { loop.exit(1); });
    const bool done = loop.exec() == 0;
    // Queued repaints and late signals.
    QCoreApplication::processEvents();
    return done;
}

bool waitForLab(Lab *lab)
{
    return waitFor(lab, &Lab::busyChanged, [lab] { return !lab->isBusy(); });
}

/// Until a session's initialisers and stored weights are back and the Lab is idle: what is exported
/// afterwards is the session's, not what the seed built before (issue #15).
bool waitForRestore(MainWindow &window)
{
    SessionController *sessions = window.sessions();
    Lab *lab = window.lab();
    const auto done = [sessions, lab] { return !sessions->isRestoring() && !lab->isBusy(); };
    while (!done()) {
        if (!waitFor(sessions, &SessionController::restoreFinished,
                     [sessions] { return !sessions->isRestoring(); }) ||
            !waitForLab(lab))
            return false;
    }
    return true;
}

std::optional<qint64> wholeNumber(const QString &text)
{
    bool ok = false;
    const qint64 value = text.toLongLong(&ok);
    return ok ? std::optional<qint64>(value) : std::nullopt;
}

std::optional<qint64> positive(const QString &text)
{
    const auto value = wholeNumber(text);
    return value && *value > 0 ? value : std::nullopt;
}

/// QGuiApplication takes "-session NAME" (X11 session management) out of the arguments before we
/// see them; our --session FILE.embedlab is recovered from the process's own command line.
QStringList withSessionArgument(QStringList arguments)
{
    QFile file(QStringLiteral("/proc/self/cmdline"));
    if (!file.open(QIODevice::ReadOnly))
        return arguments;
    const QList<QByteArray> raw = file.readAll().split('\0');
    for (qsizetype i = 0; i + 1 < raw.size(); ++i) {
        const QString name = QString::fromLocal8Bit(raw.at(i));
        if (name == QLatin1String("--session") || name == QLatin1String("-session")) {
            if (!arguments.contains(name))
                arguments << QStringLiteral("--session") << QString::fromLocal8Bit(raw.at(i + 1));
        } else if (name.startsWith(QLatin1String("--session="))) {
            if (!arguments.contains(name))
                arguments << name;
        }
    }
    return arguments;
}

std::optional<Failure> parseOutput(const QCommandLineParser &parser, ExportRequest &r)
{
    const QStringList views = {QStringLiteral("heatmap"),    QStringLiteral("onehot"),
                               QStringLiteral("histogram"),  QStringLiteral("unembedding"),
                               QStringLiteral("neighbours"), QStringLiteral("window"),
                               QStringLiteral("weights")};
    r.view = parser.value(QStringLiteral("export"));
    if (!views.contains(r.view))
        return Failure{2, HeadlessExport::tr("--export must be one of heatmap, onehot, histogram, "
                                             "unembedding, neighbours, window, weights (not '%1').")
                              .arg(r.view)};
    r.file = parser.value(QStringLiteral("out"));
    if (r.view == QLatin1String("weights")) {
        if (!r.file.endsWith(QLatin1String(".npy"), Qt::CaseInsensitive))
            return Failure{2, HeadlessExport::tr("--export weights needs --out FILE.npy.")};
    } else if (r.file.isEmpty()) {
        return Failure{2, HeadlessExport::tr("--out FILE.png|.svg|.pdf is required.")};
    } else if (!Exporter::formatForFile(r.file))
        return Failure{2, HeadlessExport::tr("--out must end in .png, .svg or .pdf (not '%1').").arg(r.file)};
    bool scaleOk = false;
    r.scale = parser.value(QStringLiteral("scale")).toInt(&scaleOk);
    if (!scaleOk || r.scale < Exporter::kMinScale || r.scale > Exporter::kMaxScale)
        return Failure{2, HeadlessExport::tr("--scale must be 1, 2, 3 or 4 (not '%1').")
                              .arg(parser.value(QStringLiteral("scale")))};
    const QString background = parser.value(QStringLiteral("background"));
    const std::optional<ExportStyle::Background> chosen = ExportStyle::backgroundFromName(background);
    if (!chosen)
        return Failure{2, HeadlessExport::tr("--background must be window, white or transparent (not '%1').")
                              .arg(background)};
    r.style.background = *chosen;
    r.style.marks = parser.isSet(QStringLiteral("marks"));
    r.language = parser.value(QStringLiteral("language"));
    if (parser.isSet(QStringLiteral("language")) && !Translations::codes().contains(r.language))
        return Failure{2, HeadlessExport::tr("--language must be en, vi or zh (not '%1').").arg(r.language)};
    if (parser.isSet(QStringLiteral("size"))) {
        const QString text = parser.value(QStringLiteral("size"));
        const QStringList wh = text.split(QLatin1Char('x'));
        const auto w = positive(wh.value(0));
        const auto h = positive(wh.value(1));
        if (wh.size() != 2 || !w || !h || *w > 8000 || *h > 8000)
            return Failure{
                2, HeadlessExport::tr("--size must be WIDTHxHEIGHT, e.g. 1200x700 (not '%1').").arg(text)};
        r.size = QSize(static_cast<int>(*w), static_cast<int>(*h));
    }
    r.projector = parser.isSet(QStringLiteral("projector"));
    return std::nullopt;
}

std::optional<Failure> parseModel(const QCommandLineParser &parser, ExportRequest &r)
{
    if (parser.isSet(QStringLiteral("seed"))) {
        bool ok = false;
        r.seed = parser.value(QStringLiteral("seed")).toULongLong(&ok);
        if (!ok)
            return Failure{2, HeadlessExport::tr("--seed must be a non-negative whole number (not '%1').")
                                  .arg(parser.value(QStringLiteral("seed")))};
    }
    // Sizes are taken as PyTorch takes them: 0 builds an empty weight, and a negative size is
    // refused by the Lab with torch.empty's RuntimeError.
    if (parser.isSet(QStringLiteral("num-embeddings"))) {
        r.numEmbeddings = wholeNumber(parser.value(QStringLiteral("num-embeddings")));
        if (!r.numEmbeddings)
            return Failure{2, HeadlessExport::tr("--num-embeddings must be a whole number (not '%1').")
                                  .arg(parser.value(QStringLiteral("num-embeddings")))};
    }
    if (parser.isSet(QStringLiteral("embedding-dim"))) {
        r.embeddingDim = wholeNumber(parser.value(QStringLiteral("embedding-dim")));
        if (!r.embeddingDim)
            return Failure{2, HeadlessExport::tr("--embedding-dim must be a whole number (not '%1').")
                                  .arg(parser.value(QStringLiteral("embedding-dim")))};
    }
    for (const QString &text : parser.values(QStringLiteral("init"))) {
        try {
            r.inits.push_back(core::InitSpec::parse(text.toStdString()));
        } catch (const std::exception &e) {
            return Failure{2,
                           HeadlessExport::tr("--init %1: %2").arg(text, QString::fromStdString(e.what()))};
        }
    }
    r.tied = parser.isSet(QStringLiteral("tied"));
    r.session = parser.value(QStringLiteral("session"));
    r.weights = parser.value(QStringLiteral("weights"));
    const QString preset = parser.value(QStringLiteral("preset"));
    if (preset != QLatin1String("reference") && preset != QLatin1String("gpt2"))
        return Failure{2, HeadlessExport::tr("--preset must be reference or gpt2 (not '%1').").arg(preset)};
    r.gpt2 = preset == QLatin1String("gpt2");
    if (!r.weights.isEmpty() && (r.numEmbeddings || r.embeddingDim || !r.session.isEmpty()))
        return Failure{2, HeadlessExport::tr("--weights sets the model's sizes: it cannot be combined with "
                                             "--num-embeddings, --embedding-dim or --session.")};
    if (parser.isSet(QStringLiteral("ids")))
        r.ids = parser.value(QStringLiteral("ids"));
    if (parser.isSet(QStringLiteral("text")))
        r.text = parser.value(QStringLiteral("text"));
    if (r.ids && r.text)
        return Failure{2, HeadlessExport::tr("--ids and --text both give the ids: use one.")};
    r.train = parser.isSet(QStringLiteral("train"));
    if (parser.isSet(QStringLiteral("step")))
        r.step = parser.value(QStringLiteral("step"));
    return std::nullopt;
}

std::optional<Failure> parseRequest(const QStringList &arguments, ExportRequest &request)
{
    QCommandLineParser parser;
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    CommandLine::addOptions(parser);
    if (!parser.parse(withSessionArgument(arguments)))
        return Failure{2, parser.errorText()};
    if (const QString misplaced = CommandLine::misplacedOption(parser, true); !misplaced.isEmpty())
        return Failure{2, HeadlessExport::tr("--%1 goes with the window, not with --export.").arg(misplaced)};
    if (!parser.positionalArguments().isEmpty())
        return Failure{
            2, HeadlessExport::tr("unexpected argument '%1'.").arg(parser.positionalArguments().front())};
    if (auto failure = parseOutput(parser, request))
        return failure;
    return parseModel(parser, request);
}

/// Errors the Lab reports while the export drives it.
struct LabErrors {
    QString lab;
    // Ids that stop fitting a new size are not fatal yet: --ids may replace them.
    QString ids;
};

/// --weights: loads the tensor (through the window's loader, as File > Open does) and waits for it.
std::optional<Failure> loadWeights(MainWindow &window, const ExportRequest &r, const LabErrors &errors)
{
    WeightFileLoader *loader = window.weightFiles();
    QString failed;
    const QMetaObject::Connection connection =
        QObject::connect(loader, &WeightFileLoader::openFailed, [&failed](const QString &m) { failed = m; });
    QString error = loader->loadFromCommandLine(r.weights, r.tied);
    if (error.isEmpty() &&
        !waitFor(loader, &WeightFileLoader::loadingChanged, [loader] { return !loader->isLoading(); }))
        error = HeadlessExport::tr("timed out loading %1.").arg(r.weights);
    QObject::disconnect(connection);
    if (error.isEmpty())
        error = failed;
    if (error.isEmpty() && !waitForLab(window.lab()))
        error = HeadlessExport::tr("timed out building the model.");
    if (error.isEmpty())
        error = errors.lab;
    return error.isEmpty() ? std::nullopt : std::optional<Failure>(Failure{1, error});
}

std::optional<Failure> buildModel(MainWindow &window, const ExportRequest &r, const LabErrors &errors)
{
    Lab *lab = window.lab();
    if (r.gpt2)
        lab->applyPreset(Lab::Preset::Gpt2Small);
    if (!r.weights.isEmpty()) {
        // The seed first: a new seed rebuilds the model, which must not replace the loaded one.
        Lab::Config config = lab->config();
        config.seed = r.seed.value_or(config.seed);
        lab->setConfig(config);
        return loadWeights(window, r, errors);
    }
    if (!r.session.isEmpty()) {
        const QString error = window.sessions()->openSession(r.session);
        if (!error.isEmpty())
            return Failure{1, error};
        if (!waitForRestore(window))
            return Failure{1, HeadlessExport::tr("timed out restoring the session.")};
    }
    Lab::Config config = lab->config();
    config.seed = r.seed.value_or(config.seed);
    config.numEmbeddings = r.numEmbeddings.value_or(config.numEmbeddings);
    config.embeddingDim = r.embeddingDim.value_or(config.embeddingDim);
    config.tied = config.tied || r.tied;
    lab->setConfig(config);
    // Tied once the model is built: a preset (GPT-2) builds on a worker, and tying before that tied
    // the model it replaces, whose "20 values were dropped" stayed in the exported status bar.
    if (!waitForLab(lab) || !waitForRestore(window))
        return Failure{1, HeadlessExport::tr("timed out building the model.")};
    if (lab->isTied() != config.tied) {
        lab->setTied(config.tied);
        if (!waitForLab(lab))
            return Failure{1, HeadlessExport::tr("timed out building the model.")};
    }
    if (!errors.lab.isEmpty())
        return Failure{1, errors.lab};
    return std::nullopt;
}

std::optional<Failure> applyIdsAndInits(MainWindow &window, const ExportRequest &r, const LabErrors &errors)
{
    Lab *lab = window.lab();
    const QString idsError = lab->idsErrorMessage().isEmpty() ? errors.ids : lab->idsErrorMessage();
    if (r.ids && !lab->setIdsText(*r.ids)) {
        const QString shown = r.ids->size() > 40 ? r.ids->left(37) + QStringLiteral("...") : *r.ids;
        return Failure{
            2, HeadlessExport::tr("--ids %1: %2")
                   .arg(shown, lab->idsErrorMessage().isEmpty() ? errors.ids : lab->idsErrorMessage())};
    }
    // No id fits Embedding(0, D): the views then show what PyTorch raises for the lookup, as in the GUI.
    if (!r.ids && !lab->idsValid() && lab->modelConfig().numEmbeddings > 0)
        return Failure{1, idsError};
    for (const core::InitSpec &spec : r.inits) {
        lab->applyInit(QStringLiteral("embedding.weight"), spec);
        if (!waitForLab(lab))
            return Failure{1, HeadlessExport::tr("timed out initialising the weights.")};
        if (!errors.lab.isEmpty())
            return Failure{1, errors.lab};
    }
    return std::nullopt;
}

/// --text in text mode, then --train: the README's figures of the Training panel on a typed sentence.
std::optional<Failure> typeAndTrain(MainWindow &window, const ExportRequest &r, const LabErrors &errors)
{
    Lab *lab = window.lab();
    Document *document = window.shown();
    if (r.text) {
        if (!lab->vocabulary().isKnown())
            return Failure{2, HeadlessExport::tr("--text needs a model with a tokenizer (--preset gpt2, or "
                                                 "weights with one beside them).")};
        document->setTextMode(true);
        document->commitIdsEntry(*r.text);
        if (document->idsEntryRefused())
            return Failure{2, HeadlessExport::tr("--text %1: %2").arg(*r.text, lab->idsErrorMessage())};
        if (!waitForLab(lab))
            return Failure{1, HeadlessExport::tr("timed out building the model.")};
    }
    if (!r.train)
        return std::nullopt;
    QString failed;
    QObject::connect(lab, &Lab::trainingFailed, &window, [&failed](const QString &m) { failed = m; });
    window.actions().trainStep->trigger();
    if (!waitFor(document, &Document::trainingResultChanged,
                 [document, &failed] { return document->trainingResult() || !failed.isEmpty(); }) ||
        !waitForLab(lab))
        return Failure{1, HeadlessExport::tr("timed out training.")};
    if (!failed.isEmpty())
        return Failure{1, failed};
    return errors.lab.isEmpty() ? std::nullopt : std::optional<Failure>(Failure{1, errors.lab});
}

std::optional<Failure> setAnimationStep(OneHotAnimation *animation, const std::optional<QString> &step)
{
    animation->pause();
    if (!step) {
        animation->setStep(1);
        animation->setProgress(0.6);
        return std::nullopt;
    }
    bool ok = false;
    const int n = step->toInt(&ok);
    if (!ok || n < 0 || n >= animation->stepCount())
        return Failure{
            2, HeadlessExport::tr("--step must be between 0 and %1.").arg(animation->stepCount() - 1)};
    animation->setStep(n);
    animation->setProgress(1.0);
    return std::nullopt;
}

/// Slide figures use a view of their own at a size that suits a slide, not the window's panel.
std::unique_ptr<QWidget> standaloneView(MainWindow &window, const QString &view, QSize &size)
{
    Lab *lab = window.lab();
    if (view == QLatin1String("heatmap")) {
        auto heatmap = std::make_unique<HeatmapView>();
        heatmap->setMatrix(lab->embeddingWeight());
        // The window's heading: the file and its quantisation, or untrained rows said to be so.
        heatmap->setTitle(WeightHeatmaps::titleFor(*lab, QStringLiteral("embedding.weight")));
        heatmap->setColorMapName(window.colorMapName());
        heatmap->setVocabulary(lab->vocabulary());
        // The window's marks, drawn only with --marks.
        heatmap->setSelectedRow(window.embeddingHeatmap()->selectedRow());
        heatmap->setHighlightedRows(window.embeddingHeatmap()->highlightedRows());
        size = size.isValid() ? size : QSize(900, 560);
        return heatmap;
    }
    if (view == QLatin1String("onehot")) {
        auto oneHot = std::make_unique<OneHotView>();
        oneHot->setLab(lab);
        oneHot->setAnimation(window.animation());
        oneHot->setColorMapName(window.colorMapName());
        size = size.isValid() ? size : QSize(1100, 620);
        return oneHot;
    }
    if (view == QLatin1String("histogram")) {
        auto histogram = std::make_unique<InitHistogram>();
        const QString name = QStringLiteral("embedding.weight");
        const std::optional<core::InitSpec> last = lab->lastInit(name);
        histogram->setSource(
            last ? InitHistogram::makeSource(name, lab->embeddingWeight(), *last)
                 : InitHistogram::Source{name, lab->embeddingWeight(), core::embeddingDefaultDistribution()});
        size = size.isValid() ? size : QSize(900, 620);
        return histogram;
    }
    if (view == QLatin1String("unembedding")) {
        auto unembedding = std::make_unique<UnembeddingView>();
        unembedding->setModel(&lab->model());
        unembedding->setVocabulary(lab->vocabulary());
        const QList<qint64> flat = lab->flatIds();
        unembedding->setHiddenFromToken(flat.isEmpty() ? 0 : static_cast<int>(flat.front()));
        size = size.isValid() ? size : QSize(1000, 720);
        return unembedding;
    }
    if (view == QLatin1String("neighbours")) {
        auto panel = std::make_unique<NeighboursPanel>();
        panel->setK(window.neighbourSearch()->k());
        panel->setItems(window.neighbourSearch()->shownItems());
        size = size.isValid() ? size : QSize(700, 820);
        return panel;
    }
    return nullptr; // the whole window
}

/// The neighbours of the first id (or of row 0), computed before the panel is drawn.
std::optional<Failure> searchNeighbours(MainWindow &window)
{
    NeighbourSearch *search = window.neighbourSearch();
    const QList<qint64> ids = window.lab()->flatIds();
    QString error;
    QObject::connect(search, &NeighbourSearch::failed, &window, [&error](const QString &m) { error = m; });
    search->search(ids.isEmpty() || !window.lab()->idsValid() ? 0 : ids.front());
    if (!waitFor(search, &NeighbourSearch::runningChanged, [search] { return !search->isRunning(); }))
        return Failure{1, HeadlessExport::tr("timed out waiting for the views.")};
    if (!error.isEmpty())
        return Failure{1, error};
    return std::nullopt;
}

std::optional<Failure> render(MainWindow &window, ExportRequest &r)
{
    if (r.view == QLatin1String("weights")) {
        // embedding.weight as the app holds it, once every load, restore and initialiser is done.
        if (!waitForRestore(window))
            return Failure{1, HeadlessExport::tr("timed out waiting for the model.")};
        const QString error = Exporter::exportNpy(*window.lab()->embeddingWeight(), r.file);
        return error.isEmpty() ? std::nullopt : std::optional<Failure>(Failure{1, error});
    }
    if (r.view == QLatin1String("window")) {
        window.resize(r.size.isValid() ? r.size : (r.projector ? QSize(1024, 768) : QSize(1400, 860)));
        if (r.projector) {
            window.projector()->setUsesFullScreen(false);
            window.shown()->setProjector(true);
        }
    }
    window.show(); // WA_DontShowOnScreen: laid out and polished, never on screen
    if (!waitFor(&window, &MainWindow::idle, [&window] { return window.isIdle(); }))
        return Failure{1, HeadlessExport::tr("timed out waiting for the views.")};
    if (r.view == QLatin1String("onehot")) {
        if (auto failure = setAnimationStep(window.animation(), r.step))
            return failure;
    }
    if (r.view == QLatin1String("neighbours")) {
        if (auto failure = searchNeighbours(window))
            return failure;
    }
    const std::unique_ptr<QWidget> standalone = standaloneView(window, r.view, r.size);
    QWidget *target = &window;
    if (standalone) {
        standalone->setAttribute(Qt::WA_DontShowOnScreen);
        standalone->resize(r.size);
        if (r.projector)
            ProjectorMode::applyTo(standalone.get());
        standalone->show();
        target = standalone.get();
        if (auto *heatmap = qobject_cast<HeatmapView *>(target)) {
            // A big matrix is drawn from its overview, built off the UI thread (shared with the
            // window's views, so usually at hand already).
            if (!waitFor(heatmap, &HeatmapView::rebuilt, [heatmap] { return !heatmap->isRebuilding(); }))
                return Failure{1, HeadlessExport::tr("timed out drawing the heatmap.")};
        }
        if (auto *histogram = qobject_cast<InitHistogram *>(target)) {
            if (!waitFor(histogram, &InitHistogram::updated,
                         [histogram] { return !histogram->isBusy() && !histogram->results().isEmpty(); }))
                return Failure{1, HeadlessExport::tr("timed out drawing the histogram.")};
        }
        if (auto *unembedding = qobject_cast<UnembeddingView *>(target)) {
            // A big lm_head(h) runs on a worker (#15).
            if (!waitFor(unembedding, &UnembeddingView::computingChanged,
                         [unembedding] { return !unembedding->isComputing(); }))
                return Failure{1, HeadlessExport::tr("timed out computing lm_head(h).")};
        }
    }
    const QString error = Exporter::exportWidget(target, r.file, r.scale, r.style);
    if (!error.isEmpty())
        return Failure{1, error};
    return std::nullopt;
}

} // namespace

int runHeadlessExport(const QStringList &arguments)
{
    ExportRequest request;
    if (auto failure = parseRequest(arguments, request))
        return report(*failure);
    const QString language = request.language.isEmpty() ? Translations::preferredCode() : request.language;
    if (!Translations::install(language) && !request.language.isEmpty())
        return report(
            {1, HeadlessExport::tr("the %1 translations are missing from this build.").arg(language)});

    MainWindow window;
    window.setAttribute(Qt::WA_DontShowOnScreen);
    LabErrors errors;
    Lab *lab = window.lab();
    QObject::connect(lab, &Lab::idsError, &window, [&errors](const QString &m) { errors.ids = m; });
    QObject::connect(lab, &Lab::rebuildFailed, &window, [&errors](const QString &m) { errors.lab = m; });
    QObject::connect(lab, &Lab::initFailed, &window, [&errors](const QString &m) { errors.lab = m; });
    if (auto failure = buildModel(window, request, errors))
        return report(*failure);
    if (auto failure = applyIdsAndInits(window, request, errors))
        return report(*failure);
    if (auto failure = typeAndTrain(window, request, errors))
        return report(*failure);
    if (auto failure = render(window, request))
        return report(*failure);
    if (core::mappingGuard::faults() > 0)
        return report(
            {1, HeadlessExport::tr("a file it read became shorter on disk; '%1' shows zeros for what "
                                   "that file no longer holds.")
                    .arg(request.file)});
    return 0;
}

} // namespace embedlab::ui
