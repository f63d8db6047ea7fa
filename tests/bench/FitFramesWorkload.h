// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

namespace embedlab::bench {

class BenchRunner;

/// Issue #27 item 3: the Fit a Text panel at full training speed, as the window runs it (the steps
/// on the workers, the views on the UI thread): how long each frame holds the UI thread (the
/// panel's refresh and paint, at most 16 ms), how often the views are refreshed (at least 10 times
/// a second), the longest the event loop waits for anything, and the steps a second the run makes.
void addFitFramesWorkload(BenchRunner &runner, bool quick);

} // namespace embedlab::bench
