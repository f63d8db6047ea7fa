// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/window/Exporter.h"

#include "core/io/NpyWriter.h"
#include "ui/heatmap/HeatmapView.h"
#include "ui/model/FitSession.h"
#include "ui/model/OneHotAnimation.h"
#include "ui/paint/Theme.h"

#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QEventLoop>
#include <QFileInfo>
#include <QImageWriter>
#include <QLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QScopeGuard>
#include <QSvgGenerator>
#include <QTimer>
#include <QWidget>

#include <algorithm>
#include <cmath>
#include <exception>

namespace embedlab::ui {

namespace {

constexpr double kInchesPerMetre = 1.0 / 0.0254;
constexpr int kScreenDpi = 96;

/// A widget that was never shown has no layout yet: lay it out so render() has something to draw.
void prepare(QWidget *widget)
{
    widget->ensurePolished();
    if (widget->layout())
        widget->layout()->activate();
}

/// Draws `widget` at its size onto `painter` in `style`: a heatmap as a figure of its own, any other
/// view as on screen over the style's background. `scale`: device pixels per logical pixel.
void paintWidget(QPainter &painter, QWidget *widget, const ExportStyle &style, qreal scale)
{
    // A dark theme's light text would vanish on a white slide: the figure is drawn in the light
    // palette, and the widget's own palette (or its inheriting none) comes back afterwards.
    const bool lighten =
        style.background == ExportStyle::Background::White && Theme::isDark(widget->palette());
    const bool ownPalette = widget->testAttribute(Qt::WA_SetPalette);
    const QPalette saved = widget->palette();
    if (lighten)
        widget->setPalette(Theme::contrastLight());
    const auto restore = qScopeGuard([&] {
        if (lighten)
            widget->setPalette(ownPalette ? saved : QPalette());
    });
    if (const auto *heatmap = qobject_cast<HeatmapView *>(widget)) {
        heatmap->paintForExport(painter, style, scale);
        return;
    }
    QWidget::RenderFlags flags = QWidget::DrawChildren;
    if (style.background == ExportStyle::Background::Window)
        flags |= QWidget::DrawWindowBackground;
    else if (style.background == ExportStyle::Background::White)
        painter.fillRect(QRect(QPoint(), widget->size()), Qt::white);
    widget->render(&painter, QPoint(), QRegion(), flags);
}

} // namespace

std::optional<Exporter::Format> Exporter::formatForFile(const QString &fileName)
{
    const QString suffix = QFileInfo(fileName).suffix().toLower();
    if (suffix == QLatin1String("png"))
        return Format::Png;
    if (suffix == QLatin1String("svg"))
        return Format::Svg;
    if (suffix == QLatin1String("pdf"))
        return Format::Pdf;
    return std::nullopt;
}

QImage Exporter::renderImage(QWidget *widget, int scale, const ExportStyle &style)
{
    scale = std::clamp(scale, kMinScale, kMaxScale);
    prepare(widget);
    QImage image(widget->size() * scale, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    // A scaled painter and no target rectangle: QWidget::render then draws the whole widget. An image
    // with a device pixel ratio instead makes QChartView draw only its top-left corner.
    QPainter painter(&image);
    painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing |
                           QPainter::SmoothPixmapTransform);
    painter.scale(scale, scale);
    paintWidget(painter, widget, style, scale);
    painter.end();
    const int dotsPerMetre = static_cast<int>(std::lround(kScreenDpi * scale * kInchesPerMetre));
    image.setDotsPerMeterX(dotsPerMetre);
    image.setDotsPerMeterY(dotsPerMetre);
    return image;
}

QString Exporter::exportWidget(QWidget *widget, const QString &fileName, int scale, const ExportStyle &style)
{
    const std::optional<Format> format = formatForFile(fileName);
    if (!format)
        return tr("Cannot export to '%1': the file name must end in .png, .svg or .pdf.").arg(fileName);
    switch (*format) {
    case Format::Png:
        return writePng(widget, fileName, scale, style);
    case Format::Svg:
        return writeSvg(widget, fileName, style);
    case Format::Pdf:
        return writePdf(widget, fileName, style);
    }
    return {};
}

QString Exporter::writePng(QWidget *widget, const QString &fileName, int scale, const ExportStyle &style)
{
    if (scale < kMinScale || scale > kMaxScale)
        return tr("The scale must be between %1 and %2, not %3.").arg(kMinScale).arg(kMaxScale).arg(scale);
    return writePngImage(renderImage(widget, scale, style), fileName);
}

QString Exporter::writePngImage(const QImage &image, const QString &fileName)
{
    QImageWriter writer(fileName, "png");
    // Quality 80 is a faster zlib level than the default: a 1366 x 768 window with Llama 3's
    // heatmaps took 184 ms to write at the default and 76 ms here, and the files came out a little
    // smaller in every export measured (that window, the default model's, GPT-2's).
    writer.setQuality(80);
    if (!writer.write(image))
        return tr("Could not write '%1': %2").arg(fileName, writer.errorString());
    return {};
}

QString Exporter::writeSvg(QWidget *widget, const QString &fileName, const ExportStyle &style)
{
    prepare(widget);
    QSvgGenerator generator;
    generator.setFileName(fileName);
    generator.setSize(widget->size());
    generator.setViewBox(QRect(QPoint(), widget->size()));
    generator.setResolution(kScreenDpi);
    generator.setTitle(widget->windowTitle().isEmpty() ? QStringLiteral("EmbedLab") : widget->windowTitle());
    generator.setDescription(tr("Exported from EmbedLab"));
    QPainter painter;
    if (!painter.begin(&generator))
        return tr("Could not write '%1'.").arg(fileName);
    paintWidget(painter, widget, style, 1.0);
    painter.end();
    if (!QFileInfo(fileName).isFile() || QFileInfo(fileName).size() == 0)
        return tr("Could not write '%1'.").arg(fileName);
    return {};
}

QString Exporter::writePdf(QWidget *widget, const QString &fileName, const ExportStyle &style)
{
    prepare(widget);
    {
        QFile probe(fileName);
        if (!probe.open(QIODevice::WriteOnly))
            return tr("Could not write '%1': %2").arg(fileName, probe.errorString());
    }
    QPdfWriter pdf(fileName);
    pdf.setCreator(QStringLiteral("EmbedLab"));
    pdf.setTitle(widget->windowTitle());
    pdf.setResolution(kScreenDpi);
    // One page exactly the widget's size: 96 device pixels per inch, 72 points per inch.
    const QSizeF points = QSizeF(widget->size()) * 72.0 / kScreenDpi;
    pdf.setPageSize(QPageSize(points, QPageSize::Point, QString(), QPageSize::ExactMatch));
    pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
    QPainter painter;
    if (!painter.begin(&pdf))
        return tr("Could not write '%1'.").arg(fileName);
    paintWidget(painter, widget, style, 1.0);
    painter.end();
    return {};
}

void Exporter::copyToClipboard(QWidget *widget, int scale, const ExportStyle &style)
{
    QApplication::clipboard()->setImage(renderImage(widget, scale, style));
}

QString Exporter::exportFrames(QWidget *view, OneHotAnimation *animation, const QString &directory, int scale,
                               int *written, const FrameProgress &progress)
{
    if (written)
        *written = 0;
    if (!QDir().mkpath(directory))
        return tr("Could not create the folder '%1'.").arg(directory);
    const int savedStep = animation->step();
    const double savedProgress = animation->progress();
    const bool wasPlaying = animation->isPlaying();
    animation->pause();
    QString error;
    const QDir dir(directory);
    // stepCount() is read each time: the progress callback runs the event loop, and ids may change.
    for (int step = 0; step < animation->stepCount(); ++step) {
        animation->setStep(step);
        animation->setProgress(1.0);
        const QString file =
            dir.filePath(QStringLiteral("frame_%1.png").arg(step + 1, 4, 10, QLatin1Char('0')));
        error = writePng(view, file, scale);
        if (!error.isEmpty())
            break;
        if (written)
            ++*written;
        if (progress && !progress(step + 1, animation->stepCount()))
            break;
    }
    animation->setStep(savedStep);
    animation->setProgress(savedProgress);
    if (wasPlaying)
        animation->play();
    return error;
}

namespace {

/// Seeks `session` to `step` and runs the event loop until its views show that step (the replay
/// runs on the workers); false after `timeoutMs`.
bool showFitStep(FitSession *session, std::int64_t step, int timeoutMs = 60000)
{
    const auto shown = [session, step] { return !session->isBusy() && session->current() == step; };
    session->seek(step);
    if (shown())
        return true;
    QEventLoop loop;
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    QObject::connect(session, &FitSession::changed, &loop, [&loop, &shown] {
        if (shown())
            loop.quit();
    });
    loop.exec();
    return shown();
}

/// `images` side by side, left to right, their tops aligned, on `background`.
QImage sideBySide(const QList<QImage> &images, const QColor &background)
{
    int width = 0;
    int height = 0;
    for (const QImage &i : images) {
        width += i.width();
        height = std::max(height, i.height());
    }
    QImage image(width, height, QImage::Format_ARGB32_Premultiplied);
    image.fill(background);
    QPainter painter(&image);
    int x = 0;
    for (const QImage &i : images) {
        painter.drawImage(x, 0, i);
        x += i.width();
    }
    painter.end();
    image.setDotsPerMeterX(images.value(0).dotsPerMeterX());
    image.setDotsPerMeterY(images.value(0).dotsPerMeterY());
    return image;
}

} // namespace

QString Exporter::exportFitFrames(const FitFrameViews &views, FitSession *session, const QString &directory,
                                  int scale, const ExportStyle &style, int *written,
                                  const FrameProgress &progress)
{
    if (written)
        *written = 0;
    if (!session->hasRun() || session->head() == 0)
        return tr("The fit has no steps to export yet: run it first.");
    if (!QDir().mkpath(directory))
        return tr("Could not create the folder '%1'.").arg(directory);
    const std::int64_t saved = session->current();
    const bool wasRunning = session->isRunning();
    session->pause();
    const std::vector<std::int64_t> steps = FitSession::frameSteps(session->head());
    const QColor background = style.backgroundColor(views.lossChart->palette().window().color());
    const QDir dir(directory);
    QString error;
    for (std::size_t i = 0; i < steps.size(); ++i) {
        if (!showFitStep(session, steps[i])) {
            error = tr("Step %1 of the fit did not come back in time.").arg(steps[i]);
            break;
        }
        QList<QImage> parts{renderImage(views.lossChart, scale, style),
                            renderImage(views.tokenMap, scale, style)};
        if (views.twinMap && !views.twinMap->isHidden())
            parts.append(renderImage(views.twinMap, scale, style));
        const QImage frame = sideBySide(parts, background);
        error = writePngImage(frame, dir.filePath(QStringLiteral("fit_%1_step%2.png")
                                                      .arg(int(i) + 1, 4, 10, QLatin1Char('0'))
                                                      .arg(steps[i], 6, 10, QLatin1Char('0'))));
        if (!error.isEmpty())
            break;
        if (written)
            ++*written;
        if (progress && !progress(int(i) + 1, int(steps.size())))
            break;
    }
    showFitStep(session, saved);
    if (wasRunning)
        session->run();
    return error;
}

QString Exporter::exportNpy(const core::Parameter &parameter, const QString &fileName)
{
    try {
        core::writeNpy(fileName.toStdString(), parameter);
    } catch (const std::exception &e) {
        return tr("Could not write '%1': %2").arg(fileName, QString::fromStdString(e.what()));
    }
    return {};
}

} // namespace embedlab::ui
