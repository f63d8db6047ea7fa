// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

namespace embedlab::bench {

class BenchRunner;

/// Issue #24 item 6: how far back a GPT-2 lesson's undo goes within the budget, and what an undo
/// of a training step costs (the run's snapshot put back and the steps before it replayed).
void addUndoWorkload(BenchRunner &runner, bool quick);

} // namespace embedlab::bench
