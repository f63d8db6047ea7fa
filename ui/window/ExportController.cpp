// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/window/ExportController.h"

#include "ui/heatmap/HeatmapView.h"
#include "ui/histogram/InitHistogram.h"
#include "ui/model/Document.h"
#include "ui/model/FitSession.h"
#include "ui/model/Lab.h"
#include "ui/model/OneHotAnimation.h"
#include "ui/model/Settings.h"
#include "ui/model/WorkerPool.h"
#include "ui/views/FitMapView.h"
#include "ui/views/FitPanel.h"
#include "ui/views/LossChart.h"
#include "ui/views/NeighboursPanel.h"
#include "ui/views/OneHotView.h"
#include "ui/views/UnembeddingView.h"
#include "ui/window/ExportNames.h"
#include "ui/window/Exporter.h"
#include "ui/window/MainWindow.h"
#include "ui/window/ProjectorMode.h"
#include "ui/window/SidePanels.h"
#include "ui/window/WindowActions.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QEventLoop>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QMenu>
#include <QMessageBox>
#include <QProgressBar>
#include <QProgressDialog>
#include <QStatusBar>
#include <QTimer>

namespace embedlab::ui {

namespace {
constexpr int kBusyLingerMs = 300;
} // namespace

ExportController::ExportController(MainWindow *window, const WindowActions &actions)
    : QObject(window)
    , m_window(window)
    , m_options(ExportOptionsDialog::load())
{
    createMenus();
    connect(actions.exportScreenshot, &QAction::triggered, this, &ExportController::exportScreenshot);
}

QWidget *ExportController::viewWidget(View view) const
{
    switch (view) {
    case View::Heatmap:
        return m_window->embeddingHeatmap();
    case View::LmHeadHeatmap:
        return m_window->lmHeadHeatmap();
    case View::OneHot:
        return m_window->oneHotView();
    case View::Histogram:
        return m_window->histogram();
    case View::Unembedding:
        return m_window->unembeddingView();
    case View::Window:
        return m_window;
    case View::Neighbours:
        return m_window->neighboursPanel();
    case View::LossCurve:
        return m_window->sidePanels().fitPanel()->lossChart();
    case View::TokenMap:
        return m_window->sidePanels().fitPanel()->mapView();
    }
    return nullptr;
}

bool ExportController::canExport(View view) const
{
    if (view != View::LossCurve && view != View::TokenMap)
        return true;
    const FitSession *fit = m_window->shown()->fitSession();
    return fit && fit->hasRun();
}

QString ExportController::suggestedName(View view, const QString &suffix) const
{
    if (view == View::LossCurve || view == View::TokenMap)
        return ExportNames::suggested(view, *m_window->shown()->fitSession(), suffix);
    return ExportNames::suggested(view, *m_window->lab(), suffix);
}

void ExportController::createMenus()
{
    m_exportMenu = new QMenu(tr("E&xport"), m_window);
    m_exportMenu->setObjectName(QStringLiteral("exportMenu"));
    m_copyMenu = new QMenu(tr("&Copy as Image"), m_window);
    m_copyMenu->setObjectName(QStringLiteral("copyImageMenu"));
    const QList<QPair<View, QString>> views = {{View::Heatmap, tr("embedding.weight Heatmap")},
                                               {View::LmHeadHeatmap, tr("lm_head.weight Heatmap")},
                                               {View::OneHot, tr("One-Hot Animation Frame")},
                                               {View::Histogram, tr("Initialisation Histogram")},
                                               {View::Unembedding, tr("Unembedding Charts")},
                                               {View::Neighbours, tr("Nearest Neighbours")},
                                               {View::LossCurve, tr("Fit a Text: Loss Curve")},
                                               {View::TokenMap, tr("Fit a Text: Token Map")},
                                               {View::Window, tr("Whole Window")}};
    for (const auto &[view, name] : views) {
        const View v = view;
        QAction *exportAction = m_exportMenu->addAction(tr("%1 (PNG, SVG, PDF)...").arg(name));
        exportAction->setObjectName(QStringLiteral("export_%1").arg(static_cast<int>(v)));
        connect(exportAction, &QAction::triggered, this, [this, v] { exportViewInteractively(v); });
        QAction *copyAction = m_copyMenu->addAction(name);
        copyAction->setObjectName(QStringLiteral("copy_%1").arg(static_cast<int>(v)));
        connect(copyAction, &QAction::triggered, this, [this, v] { copyViewToClipboard(v); });
        // The fit's views have nothing to show before a run: their entries say so by being off.
        for (QMenu *menu : {m_exportMenu, m_copyMenu})
            connect(menu, &QMenu::aboutToShow, this, [this, v, exportAction, copyAction] {
                exportAction->setEnabled(canExport(v));
                copyAction->setEnabled(canExport(v));
            });
    }
    m_exportMenu->addSeparator();
    QAction *frames = m_exportMenu->addAction(tr("Animation as PNG &Frames..."));
    frames->setObjectName(QStringLiteral("exportFrames"));
    connect(frames, &QAction::triggered, this, &ExportController::exportFramesInteractively);
    QAction *fitFrames = m_exportMenu->addAction(tr("Fit a Text Run as PNG F&rames..."));
    fitFrames->setObjectName(QStringLiteral("exportFitFrames"));
    connect(fitFrames, &QAction::triggered, this, &ExportController::exportFitFramesInteractively);
    connect(m_exportMenu, &QMenu::aboutToShow, this, [this, fitFrames] {
        const FitSession *fit = m_window->shown()->fitSession();
        fitFrames->setEnabled(fit && fit->hasRun() && fit->head() > 0);
    });
    QAction *npy = m_exportMenu->addAction(tr("&Weights as .npy..."));
    npy->setObjectName(QStringLiteral("exportNpy"));
    connect(npy, &QAction::triggered, this, &ExportController::exportWeightsInteractively);
}

void ExportController::showMessage(const QString &text)
{
    m_window->statusBar()->showMessage(text, 15000);
}

void ExportController::exportViewInteractively(View view)
{
    QWidget *widget = viewWidget(view);
    QSettings settings = appSettings();
    const QString lastDir = settings.value(QStringLiteral("export/directory"), QDir::homePath()).toString();
    QString selected;
    const QString file = QFileDialog::getSaveFileName(
        m_window, tr("Export View"), QDir(lastDir).filePath(suggestedName(view)),
        tr("PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)"), &selected);
    if (file.isEmpty())
        return;
    settings.setValue(QStringLiteral("export/directory"), QFileInfo(file).path());
    if (!askOptions(file))
        return;
    const QString error = writeWithProgress(widget, file);
    if (!error.isEmpty())
        QMessageBox::warning(m_window, tr("Export View"), error);
    else
        showMessage(tr("Exported %1").arg(QFileInfo(file).fileName()));
}

bool ExportController::askOptions(const QString &file)
{
    const bool raster = Exporter::formatForFile(file) == Exporter::Format::Png;
    // Projected, it is enlarged as every dialog of the window is (ProjectorMode::applyToDialog()).
    ExportOptionsDialog dialog(m_options, raster, m_window);
    if (dialog.exec() != QDialog::Accepted)
        return false;
    m_options = dialog.options();
    ExportOptionsDialog::save(m_options);
    return true;
}

QString ExportController::writeWithProgress(QWidget *widget, const QString &file)
{
    // A whole window at 4x is 4800 x 3200 pixels: rendering and encoding it takes a few hundred
    // milliseconds. Behind a progress dialog, with the PNG encoded on a worker while the dialog
    // stays live (the rendering must stay here: widgets paint on the UI thread only).
    QProgressDialog progress(tr("Exporting %1 ...").arg(QFileInfo(file).fileName()), QString(), 0, 0,
                             m_window);
    progress.setWindowTitle(tr("Export View"));
    progress.setObjectName(QStringLiteral("exportViewProgress"));
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(0);
    progress.show();
    QCoreApplication::processEvents(QEventLoop::ExcludeUserInputEvents);
    if (Exporter::formatForFile(file) != Exporter::Format::Png)
        return Exporter::exportWidget(widget, file, 1, m_options.style);
    const QImage image = Exporter::renderImage(widget, m_options.scale, m_options.style);
    QString error;
    QEventLoop loop;
    runInBackground(
        &loop, [image, file] { return Exporter::writePngImage(image, file); },
        [&loop, &error](const QString &result) {
            error = result;
            loop.quit();
        });
    loop.exec(QEventLoop::ExcludeUserInputEvents);
    return error;
}

void ExportController::copyViewToClipboard(View view)
{
    // A chart rendered at 2x or more takes a few hundred milliseconds on a loaded school PC, on the
    // UI thread (widgets paint only there): the status bar says so, with a busy bar and cursor,
    // before the window stops answering, and the bar stays a moment after so that it is seen.
    QProgressBar *busy = MainWindow::createBusyBar(m_window);
    busy->setObjectName(QStringLiteral("copyImageBusy"));
    m_window->statusBar()->showMessage(tr("Copying the image ..."));
    m_window->statusBar()->addPermanentWidget(busy);
    busy->show();
    QApplication::setOverrideCursor(Qt::WaitCursor);
    QCoreApplication::processEvents(QEventLoop::ExcludeUserInputEvents);
    Exporter::copyToClipboard(viewWidget(view), m_options.scale, m_options.style);
    QApplication::restoreOverrideCursor();
    showMessage(tr("Copied the image to the clipboard"));
    QTimer::singleShot(kBusyLingerMs, busy, &QObject::deleteLater);
}

void ExportController::exportFramesInteractively()
{
    const QString title = tr("Export Animation Frames");
    const QString directory = QFileDialog::getExistingDirectory(m_window, title);
    if (directory.isEmpty())
        return;
    writeFrames(title, tr("Writing animation frames ..."), QStringLiteral("exportFramesProgress"),
                m_window->animation()->stepCount(), directory,
                [this, &directory](int *written, const Exporter::FrameProgress &progress) {
                    return Exporter::exportFrames(m_window->oneHotView(), m_window->animation(), directory,
                                                  m_options.scale, written, progress);
                });
}

void ExportController::exportFitFramesInteractively()
{
    FitSession *fit = m_window->shown()->fitSession();
    if (!fit || !fit->hasRun() || fit->head() == 0) {
        showMessage(tr("Run Fit a Text first: its run has no steps to export."));
        return;
    }
    const QString title = tr("Export Fit a Text Run as Frames");
    const QString directory = QFileDialog::getExistingDirectory(m_window, title);
    if (directory.isEmpty())
        return;
    const FitPanel *panel = m_window->sidePanels().fitPanel();
    writeFrames(title, tr("Writing the run's frames ..."), QStringLiteral("exportFitFramesProgress"),
                int(FitSession::frameSteps(fit->head()).size()), directory,
                [&](int *written, const Exporter::FrameProgress &progress) {
                    return Exporter::exportFitFrames(
                        {panel->lossChart(), panel->mapView(), panel->twinMapView()}, fit, directory,
                        m_options.scale, m_options.style, written, progress);
                });
}

void ExportController::writeFrames(const QString &title, const QString &label, const QString &objectName,
                                   int total, const QString &directory, const WriteFrames &write)
{
    // Each frame is rendered on the UI thread (widgets paint only there); a modal progress dialog
    // runs the event loop between frames, so the window repaints and the export can be cancelled.
    QProgressDialog progress(label, tr("Cancel"), 0, total, m_window);
    progress.setWindowTitle(title);
    progress.setObjectName(objectName);
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(0);
    progress.setAutoReset(false);
    progress.setAutoClose(false);
    progress.setValue(0);
    int written = 0;
    const QString error = write(&written, [&progress](int done, int all) {
        progress.setMaximum(all);
        progress.setValue(done); // runs the event loop
        return !progress.wasCanceled();
    });
    const bool cancelled = progress.wasCanceled();
    progress.close();
    if (!error.isEmpty())
        QMessageBox::warning(m_window, title, error);
    else if (cancelled)
        showMessage(tr("Export cancelled after %n frame(s) in %1", nullptr, written).arg(directory));
    else
        showMessage(tr("Wrote %n frame(s) to %1", nullptr, written).arg(directory));
}

void ExportController::exportWeightsInteractively()
{
    Lab *lab = m_window->lab();
    QStringList names = {QStringLiteral("embedding.weight")};
    if (!lab->isTied())
        names.append(QStringLiteral("lm_head.weight"));
    bool ok = true;
    const QString name = names.size() == 1 ? names.front()
                                           : QInputDialog::getItem(m_window, tr("Export Weights"),
                                                                   tr("Tensor:"), names, 0, false, &ok);
    if (!ok)
        return;
    const QString file = QFileDialog::getSaveFileName(
        m_window, tr("Export Weights"), name + QStringLiteral(".npy"), tr("NumPy arrays (*.npy)"));
    if (file.isEmpty())
        return;
    const core::ParameterPtr parameter = lab->parameter(name);
    const QString error = parameter ? Exporter::exportNpy(*parameter, file) : tr("There is no %1.").arg(name);
    if (!error.isEmpty())
        QMessageBox::warning(m_window, tr("Export Weights"), error);
    else
        showMessage(tr("Exported %1").arg(QFileInfo(file).fileName()));
}

void ExportController::exportScreenshot()
{
    const QString file = QFileDialog::getSaveFileName(m_window, tr("Export Screenshot"),
                                                      suggestedName(View::Window), tr("PNG images (*.png)"));
    if (!file.isEmpty() && !m_window->grab().save(file, "PNG"))
        QMessageBox::warning(m_window, tr("Export Screenshot"), tr("Could not write '%1'.").arg(file));
}

} // namespace embedlab::ui
