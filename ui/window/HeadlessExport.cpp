// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/window/HeadlessExport.h"

#include "core/init/InitSpec.h"
#include "ui/window/Classroom.h"
#include "ui/window/Exporter.h"
#include "ui/heatmap/HeatmapView.h"
#include "ui/histogram/InitHistogram.h"
#include "ui/model/Lab.h"
#include "ui/window/MainWindow.h"
#include "ui/model/OneHotAnimation.h"
#include "ui/views/OneHotView.h"
#include "ui/window/ProjectorMode.h"
#include "ui/model/SessionFile.h"
#include "ui/views/UnembeddingView.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QThread>

#include <cstdio>
#include <exception>
#include <memory>

namespace embedlab::ui {

namespace {

constexpr int kTimeoutMs = 180000;

int fail(int code, const QString &message)
{
    std::fprintf(stderr, "embedlab: %s\n", qPrintable(message));
    return code;
}

/// The translation context of the command line's messages.
struct HeadlessExport {
    Q_DECLARE_TR_FUNCTIONS(HeadlessExport)
};

/// Processes events until `ready` holds; false on timeout.
template <typename Ready> bool waitUntil(Ready ready)
{
    QElapsedTimer clock;
    clock.start();
    while (!ready()) {
        if (clock.elapsed() > kTimeoutMs)
            return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        QThread::msleep(5);
    }
    // Queued repaints and late signals.
    QCoreApplication::processEvents();
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

} // namespace

int runHeadlessExport(QApplication &app, const QStringList &arguments)
{
    Q_UNUSED(app);
    QCommandLineParser parser;
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    const QCommandLineOption exportOption(QStringLiteral("export"), HeadlessExport::tr("View to export."),
                                          QStringLiteral("view"));
    const QCommandLineOption out(QStringLiteral("out"), HeadlessExport::tr("Output file."),
                                 QStringLiteral("file"));
    const QCommandLineOption scale(QStringLiteral("scale"), HeadlessExport::tr("PNG scale 1-4."),
                                   QStringLiteral("n"), QStringLiteral("1"));
    const QCommandLineOption projector(QStringLiteral("projector"), HeadlessExport::tr("Projector style."));
    const QCommandLineOption language(QStringLiteral("language"), HeadlessExport::tr("en, vi or zh."),
                                      QStringLiteral("code"));
    const QCommandLineOption seed(QStringLiteral("seed"), HeadlessExport::tr("torch.manual_seed."),
                                  QStringLiteral("s"));
    const QCommandLineOption numEmbeddings(QStringLiteral("num-embeddings"), HeadlessExport::tr("V."),
                                           QStringLiteral("v"));
    const QCommandLineOption embeddingDim(QStringLiteral("embedding-dim"), HeadlessExport::tr("D."),
                                          QStringLiteral("d"));
    const QCommandLineOption ids(QStringLiteral("ids"), HeadlessExport::tr("Token ids."),
                                 QStringLiteral("ids"));
    const QCommandLineOption tied(QStringLiteral("tied"),
                                  HeadlessExport::tr("Tie lm_head to the embedding."));
    const QCommandLineOption init(QStringLiteral("init"), HeadlessExport::tr("Initialiser spec."),
                                  QStringLiteral("spec"));
    const QCommandLineOption session(QStringLiteral("session"), HeadlessExport::tr("Session file."),
                                     QStringLiteral("file"));
    const QCommandLineOption step(QStringLiteral("step"), HeadlessExport::tr("Animation step."),
                                  QStringLiteral("n"));
    const QCommandLineOption size(QStringLiteral("size"), HeadlessExport::tr("View size WxH."),
                                  QStringLiteral("WxH"));
    parser.addOptions({exportOption, out, scale, projector, language, seed, numEmbeddings, embeddingDim, ids,
                       tied, init, session, step, size});
    if (!parser.parse(withSessionArgument(arguments)))
        return fail(2, parser.errorText());
    if (!parser.positionalArguments().isEmpty())
        return fail(
            2, HeadlessExport::tr("unexpected argument '%1'.").arg(parser.positionalArguments().front()));

    const QStringList views = {QStringLiteral("heatmap"), QStringLiteral("onehot"),
                               QStringLiteral("histogram"), QStringLiteral("unembedding"),
                               QStringLiteral("window")};
    const QString view = parser.value(exportOption);
    if (!views.contains(view))
        return fail(2,
                    HeadlessExport::tr(
                        "--export must be one of heatmap, onehot, histogram, unembedding, window (not '%1').")
                        .arg(view));
    const QString file = parser.value(out);
    if (file.isEmpty())
        return fail(2, HeadlessExport::tr("--out FILE.png|.svg|.pdf is required."));
    if (!Exporter::formatForFile(file))
        return fail(2, HeadlessExport::tr("--out must end in .png, .svg or .pdf (not '%1').").arg(file));
    bool scaleOk = false;
    const int scaleValue = parser.value(scale).toInt(&scaleOk);
    if (!scaleOk || scaleValue < Exporter::kMinScale || scaleValue > Exporter::kMaxScale)
        return fail(2,
                    HeadlessExport::tr("--scale must be 1, 2, 3 or 4 (not '%1').").arg(parser.value(scale)));
    if (parser.isSet(language)) {
        const QString code = parser.value(language);
        if (!Classroom::languageCodes().contains(code))
            return fail(2, HeadlessExport::tr("--language must be en, vi or zh (not '%1').").arg(code));
        if (!Classroom::installLanguage(code))
            return fail(1, HeadlessExport::tr("the %1 translations are missing from this build.").arg(code));
    }
    QSize viewSize;
    if (parser.isSet(size)) {
        const QStringList wh = parser.value(size).split(QLatin1Char('x'));
        const auto w = positive(wh.value(0));
        const auto h = positive(wh.value(1));
        if (wh.size() != 2 || !w || !h || *w > 8000 || *h > 8000)
            return fail(2, HeadlessExport::tr("--size must be WIDTHxHEIGHT, e.g. 1200x700 (not '%1').")
                               .arg(parser.value(size)));
        viewSize = QSize(static_cast<int>(*w), static_cast<int>(*h));
    }

    MainWindow window;
    window.setAttribute(Qt::WA_DontShowOnScreen);
    Lab *lab = window.lab();
    Classroom *classroom = Classroom::of(&window);
    QString labError;
    // Ids that stop fitting a new size are not fatal yet: --ids may replace them.
    QString idsError;
    QObject::connect(lab, &Lab::idsError, &window, [&idsError](const QString &m) { idsError = m; });
    QObject::connect(lab, &Lab::rebuildFailed, &window, [&labError](const QString &m) { labError = m; });
    QObject::connect(lab, &Lab::initFailed, &window, [&labError](const QString &m) { labError = m; });

    if (parser.isSet(session)) {
        if (!classroom)
            return fail(1, HeadlessExport::tr("sessions are not available in this build."));
        const QString error = classroom->openSession(parser.value(session));
        if (!error.isEmpty())
            return fail(1, error);
    }
    Lab::Config config = lab->config();
    if (parser.isSet(seed)) {
        bool ok = false;
        config.seed = parser.value(seed).toULongLong(&ok);
        if (!ok)
            return fail(2, HeadlessExport::tr("--seed must be a non-negative whole number (not '%1').")
                               .arg(parser.value(seed)));
    }
    // Sizes are taken as PyTorch takes them: 0 builds an empty weight, and a negative size is refused
    // by the Lab with torch.empty's RuntimeError.
    if (parser.isSet(numEmbeddings)) {
        const auto v = wholeNumber(parser.value(numEmbeddings));
        if (!v)
            return fail(2, HeadlessExport::tr("--num-embeddings must be a whole number (not '%1').")
                               .arg(parser.value(numEmbeddings)));
        config.numEmbeddings = *v;
    }
    if (parser.isSet(embeddingDim)) {
        const auto d = wholeNumber(parser.value(embeddingDim));
        if (!d)
            return fail(2, HeadlessExport::tr("--embedding-dim must be a whole number (not '%1').")
                               .arg(parser.value(embeddingDim)));
        config.embeddingDim = *d;
    }
    if (parser.isSet(tied))
        config.tied = true;
    std::vector<core::InitSpec> specs;
    for (const QString &text : parser.values(init)) {
        try {
            specs.push_back(core::InitSpec::parse(text.toStdString()));
        } catch (const std::exception &e) {
            return fail(2, HeadlessExport::tr("--init %1: %2").arg(text, QString::fromStdString(e.what())));
        }
    }
    lab->setConfig(config);
    if (lab->isTied() != config.tied)
        lab->setTied(config.tied);
    if (!waitUntil([lab] { return !lab->isBusy(); }))
        return fail(1, HeadlessExport::tr("timed out building the model."));
    if (!labError.isEmpty())
        return fail(1, labError);
    if (parser.isSet(ids) && !lab->setIdsText(parser.value(ids)))
        return fail(2, HeadlessExport::tr("--ids %1: %2")
                           .arg(parser.value(ids).size() > 40
                                    ? parser.value(ids).left(37) + QStringLiteral("...")
                                    : parser.value(ids),
                                lab->idsErrorMessage().isEmpty() ? idsError : lab->idsErrorMessage()));
    // No id fits Embedding(0, D): the views then show what PyTorch raises for the lookup, as in the GUI.
    if (!parser.isSet(ids) && !lab->idsValid() && lab->modelConfig().numEmbeddings > 0)
        return fail(1, lab->idsErrorMessage().isEmpty() ? idsError : lab->idsErrorMessage());
    for (const core::InitSpec &spec : specs) {
        lab->applyInit(QStringLiteral("embedding.weight"), spec);
        if (!waitUntil([lab] { return !lab->isBusy(); }))
            return fail(1, HeadlessExport::tr("timed out initialising the weights."));
        if (!labError.isEmpty())
            return fail(1, labError);
    }

    const bool projectorOn = parser.isSet(projector);
    if (view == QLatin1String("window")) {
        window.resize(viewSize.isValid() ? viewSize : (projectorOn ? QSize(1024, 768) : QSize(1400, 860)));
        if (projectorOn) {
            if (classroom) {
                classroom->projector()->setUsesFullScreen(false);
                classroom->projector()->setEnabled(true);
            }
        }
    }
    window.show(); // WA_DontShowOnScreen: laid out and polished, never on screen
    if (!waitUntil([&window] { return window.isIdle(); }))
        return fail(1, HeadlessExport::tr("timed out waiting for the views."));

    // Slide figures use a view of their own at a size that suits a slide, not the window's panel.
    std::unique_ptr<QWidget> standalone;
    QWidget *target = &window;
    OneHotAnimation *animation = window.animation();
    if (view == QLatin1String("heatmap")) {
        auto *heatmap = new HeatmapView;
        heatmap->setMatrix(lab->embeddingWeight());
        heatmap->setTitle(QStringLiteral("embedding.weight  [%1, %2]")
                              .arg(lab->config().numEmbeddings)
                              .arg(lab->config().embeddingDim));
        heatmap->setColorMapName(window.colorMapName());
        standalone.reset(heatmap);
        if (!viewSize.isValid())
            viewSize = QSize(900, 560);
    } else if (view == QLatin1String("onehot")) {
        auto *oneHot = new OneHotView;
        oneHot->setLab(lab);
        oneHot->setAnimation(animation);
        oneHot->setColorMapName(window.colorMapName());
        standalone.reset(oneHot);
        animation->pause();
        if (parser.isSet(step)) {
            bool ok = false;
            const int n = parser.value(step).toInt(&ok);
            if (!ok || n < 0 || n >= animation->stepCount())
                return fail(
                    2,
                    HeadlessExport::tr("--step must be between 0 and %1.").arg(animation->stepCount() - 1));
            animation->setStep(n);
            animation->setProgress(1.0);
        } else {
            animation->setStep(1);
            animation->setProgress(0.6);
        }
        if (!viewSize.isValid())
            viewSize = QSize(1100, 620);
    } else if (view == QLatin1String("histogram")) {
        auto *histogram = new InitHistogram;
        const std::optional<core::InitSpec> last = lab->lastInit(QStringLiteral("embedding.weight"));
        InitHistogram::Source source{QStringLiteral("embedding.weight"), lab->embeddingWeight(),
                                     core::embeddingDefaultDistribution()};
        if (last)
            source =
                InitHistogram::makeSource(QStringLiteral("embedding.weight"), lab->embeddingWeight(), *last);
        histogram->setSource(source);
        standalone.reset(histogram);
        if (!viewSize.isValid())
            viewSize = QSize(900, 620);
    } else if (view == QLatin1String("unembedding")) {
        auto *unembedding = new UnembeddingView;
        unembedding->setModel(&lab->model());
        const QList<qint64> flat = lab->flatIds();
        unembedding->setHiddenFromToken(flat.isEmpty() ? 0 : static_cast<int>(flat.front()));
        standalone.reset(unembedding);
        if (!viewSize.isValid())
            viewSize = QSize(1000, 720);
    }
    if (standalone) {
        standalone->setAttribute(Qt::WA_DontShowOnScreen);
        standalone->resize(viewSize);
        if (projectorOn)
            ProjectorMode::applyTo(standalone.get());
        standalone->show();
        target = standalone.get();
        auto *histogram = qobject_cast<InitHistogram *>(target);
        if (!waitUntil([histogram] {
                return !histogram || (!histogram->isBusy() && !histogram->results().isEmpty());
            }))
            return fail(1, HeadlessExport::tr("timed out drawing the histogram."));
    }
    const QString error = Exporter::exportWidget(target, file, scaleValue);
    if (!error.isEmpty())
        return fail(1, error);
    return 0;
}

} // namespace embedlab::ui
