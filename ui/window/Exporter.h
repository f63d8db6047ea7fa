// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/tensor/Parameter.h"
#include "ui/paint/ExportStyle.h"

#include <QCoreApplication>
#include <QImage>
#include <QString>

#include <functional>
#include <optional>

class QWidget;

namespace embedlab::ui {

class FitSession;
class OneHotAnimation;

/// Writes what a view shows to PNG (scaled, with its DPI), SVG (96 dpi), PDF (vector), the
/// clipboard, a numbered PNG frame sequence of the one-hot animation or of a fit's run, or a
/// weight as .npy.
/// A heatmap is drawn for a slide (HeatmapView::paintForExport(): its cells as vectors in SVG and
/// PDF); every view on the ExportStyle's background, a heatmap without its marks unless asked.
/// Every function returns an empty string on success and a translated message otherwise.
class Exporter {
    Q_DECLARE_TR_FUNCTIONS(Exporter)
public:
    enum class Format { Png, Svg, Pdf };
    static constexpr int kMinScale = 1;
    static constexpr int kMaxScale = 4;
    /// The format a file name asks for (by its suffix, case-insensitive), none for others.
    static std::optional<Format> formatForFile(const QString &fileName);

    /// The widget as it is on screen, `scale` times as many pixels each way, with
    /// dots-per-metre set to 96 * scale dpi.
    static QImage renderImage(QWidget *widget, int scale = 1, const ExportStyle &style = {});
    /// PNG, SVG or PDF by the suffix of `fileName`.
    static QString exportWidget(QWidget *widget, const QString &fileName, int scale = 1,
                                const ExportStyle &style = {});
    static QString writePng(QWidget *widget, const QString &fileName, int scale = 1,
                            const ExportStyle &style = {});
    /// Encodes `image` (from renderImage()) as PNG. Touches no widget: safe on a worker thread.
    static QString writePngImage(const QImage &image, const QString &fileName);
    static QString writeSvg(QWidget *widget, const QString &fileName, const ExportStyle &style = {});
    static QString writePdf(QWidget *widget, const QString &fileName, const ExportStyle &style = {});
    static void copyToClipboard(QWidget *widget, int scale = 1, const ExportStyle &style = {});
    /// Told after each frame how many of `total` are written; returning false stops the export
    /// there (the frames written so far stay).
    using FrameProgress = std::function<bool(int written, int total)>;
    /// Steps `animation` through all its steps and writes `view` after each one as
    /// `directory/frame_0001.png` ...; puts the animation back where it was. `written` gets the count.
    /// `progress`, if set, is called after every frame (a progress dialog keeps the UI alive there).
    static QString exportFrames(QWidget *view, OneHotAnimation *animation, const QString &directory,
                                int scale = 1, int *written = nullptr, const FrameProgress &progress = {});
    /// The Fit a Text panel's views, drawn side by side in each frame of exportFitFrames(): the loss
    /// curve, the map and, while comparing tied and untied (not hidden), the other run's map.
    struct FitFrameViews {
        QWidget *lossChart = nullptr;
        QWidget *tokenMap = nullptr;
        QWidget *twinMap = nullptr;
    };
    /// The fit's run for slides (issue #27 item 5): `session` is brought back to each of
    /// FitSession::frameSteps(head) in turn (bit for bit as first taken) and the loss curve beside
    /// the token map is written as `directory/fit_0001_step000000.png` ...; then the run goes back
    /// to the step and the play it had. `written` and `progress` as for exportFrames().
    static QString exportFitFrames(const FitFrameViews &views, FitSession *session, const QString &directory,
                                   int scale = 1, const ExportStyle &style = {}, int *written = nullptr,
                                   const FrameProgress &progress = {});
    /// The same little-endian float32 .npy as `embedlab-cli --npy`.
    static QString exportNpy(const core::Parameter &parameter, const QString &fileName);
};

} // namespace embedlab::ui
