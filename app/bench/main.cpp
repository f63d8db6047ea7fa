// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "bench/BenchRunner.h"
#include "core/tensor/Memory.h"

#include <QApplication>

int main(int argc, char **argv)
{
    // The same allocator setting as the app, so the bench times the path the app runs.
    embedlab::core::reuseLargeBuffers();
    // QImage rendering needs no display, but fonts and image plugins want an application object, and
    // the fit_frames workload paints the Fit a Text panel off screen.
    qputenv("QT_QPA_PLATFORM",
            qgetenv("QT_QPA_PLATFORM").isEmpty() ? QByteArray("offscreen") : qgetenv("QT_QPA_PLATFORM"));
    QApplication app(argc, argv);
    return embedlab::bench::runBench(argc, argv);
}
