// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

class QThreadPool;

namespace embedlab::ui {

/// The threads EmbedLab's background jobs run on (building models, overviews, histograms,
/// formatting output): pass it to QtConcurrent::run(). Not QThreadPool::globalInstance(): Qt 6.4's
/// raster paint engine splits big fills into segments on the global pool and the UI thread waits
/// for them, so a long job there stalls painting until it ends (issue "Reliability": 280 ms with
/// GPT-2 on two cores). A child of the application, so it waits for its jobs when the application
/// goes. Call it from the UI thread.
QThreadPool *workerPool();

} // namespace embedlab::ui
