// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "ui/window/ExportOptionsDialog.h"
#include "ui/window/Exporter.h"

#include <QObject>
#include <QString>

#include <functional>

class QMenu;
class QWidget;

namespace embedlab::ui {

class MainWindow;
struct WindowActions;

/// Figures for slides: File > Export (every view as PNG at 1-4x, SVG or PDF, on the background chosen
/// and with or without the selection marks; the animation and a fit's run as PNG frames; weights as
/// .npy), File > Copy as Image, and File > Export Screenshot.
class ExportController : public QObject {
    Q_OBJECT
public:
    /// The views that can be exported, by name on the command line.
    /// LossCurve and TokenMap: the Fit a Text panel's, while it has a run (#27).
    enum class View {
        Heatmap,
        LmHeadHeatmap,
        OneHot,
        Histogram,
        Unembedding,
        Window,
        Neighbours,
        LossCurve,
        TokenMap
    };

    ExportController(MainWindow *window, const WindowActions &actions);

    /// File > Export and File > Copy as Image; MainWindow puts them in the File menu.
    QMenu *exportMenu() const { return m_exportMenu; }
    QMenu *copyMenu() const { return m_copyMenu; }
    /// The window's widget for `view`.
    QWidget *viewWidget(View view) const;

    /// Whether `view` has something to export now (the fit's views: a run).
    bool canExport(View view) const;
    /// The file name File > Export suggests for `view` (ExportNames).
    QString suggestedName(View view, const QString &suffix = QStringLiteral("png")) const;

private:
    void createMenus();
    void exportViewInteractively(View view);
    /// The scale, background and marks for `file` (the scale only for a PNG); false when cancelled.
    bool askOptions(const QString &file);
    QString writeWithProgress(QWidget *widget, const QString &file);
    void copyViewToClipboard(View view);
    void exportFramesInteractively();
    void exportFitFramesInteractively();
    /// Writes `total` frames to `directory` through `write` under a progress dialog that can cancel
    /// them, and says how it went.
    using WriteFrames = std::function<QString(int *written, const Exporter::FrameProgress &progress)>;
    void writeFrames(const QString &title, const QString &label, const QString &objectName, int total,
                     const QString &directory, const WriteFrames &write);
    void exportWeightsInteractively();
    void exportScreenshot();
    void showMessage(const QString &text);

    MainWindow *m_window;
    QMenu *m_exportMenu = nullptr;
    QMenu *m_copyMenu = nullptr;
    ExportOptionsDialog::Options m_options;
};

} // namespace embedlab::ui
