// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/nn/TextFit.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <vector>

namespace embedlab::core {

/// A run of a TextFit that can be scrubbed (issue #27, "a timeline"): the loss of every step taken,
/// snapshots of the whole state (parameters and optimiser) at sparse steps, and any earlier step
/// brought back by restoring the nearest snapshot before it and replaying the steps in between.
/// Steps are deterministic (TextFit), so a revisited step is bit-identical to the first visit.
///
/// Memory is bounded: snapshots are kept every interval() steps, and when they would exceed the
/// budget the interval doubles and every other one is dropped. A run of any length then holds at
/// most budget / snapshotBytes() + 1 snapshots, and bringing back a step replays fewer than
/// interval() steps. Step 0 (the initialised model) is always kept.
class FitTimeline {
public:
    static constexpr std::size_t kDefaultBudget = std::size_t{256} << 20;
    static constexpr std::int64_t kDefaultInterval = 64;

    /// Takes over `fit` (at any step, usually 0) as the start of the run.
    explicit FitTimeline(std::unique_ptr<TextFit> fit, std::size_t budgetBytes = kDefaultBudget,
                         std::int64_t interval = kDefaultInterval);

    /// Takes over a run stored earlier (a session's, issue #27 item 5): `losses` of steps 1 .. n and
    /// the state at one of those steps, which becomes current() without a step computed. The run must
    /// start at step 0 and have no step yet. Steps before the stored one are replayed from step 0
    /// when sought (and snapshots taken on the way); the stored state is kept as a snapshot. Throws
    /// core::Error (ValueError) when the state's step is past `losses` or its shapes are not the fit's.
    void adopt(std::vector<float> losses, const FitSnapshot &state);

    /// The state at current(): read it between calls, never during one.
    const TextFit &fit() const { return *m_fit; }
    /// The step the state is at (0 before any step).
    std::int64_t current() const { return m_fit->stepCount(); }
    /// The furthest step computed so far.
    std::int64_t head() const { return m_start + static_cast<std::int64_t>(m_losses.size()); }
    /// The step the run started from.
    std::int64_t start() const { return m_start; }

    /// The next step from current(): a step past head() extends the run (its loss is recorded and a
    /// snapshot taken when due); an earlier one is a replay. Returns its loss; fills `report`.
    float stepForward(FitStepReport *report = nullptr);
    /// Brings the state to `step` (start() .. head()), restoring a snapshot and replaying as needed;
    /// with `report`, the step that reached it is computed with its report (not for start()).
    /// Throws core::Error (IndexError) for a step outside the run.
    void seek(std::int64_t step, FitStepReport *report = nullptr);

    /// Brings the state to `from`, then steps to `to` (both in start() .. head()), calling `visitor`
    /// at `from`, every `every` steps and at `to`: the frames of a trail, or of an export. The state
    /// is left at `to`.
    using Visitor = std::function<void(std::int64_t step, const TextFit &fit)>;
    void visit(std::int64_t from, std::int64_t to, std::int64_t every, const Visitor &visitor);

    /// loss.item() of step k is losses()[k - start() - 1], for k in start() + 1 .. head().
    const std::vector<float> &losses() const { return m_losses; }
    float lossAt(std::int64_t step) const;

    /// The snapshot spacing now, the steps that have one, and the bytes they hold.
    std::int64_t interval() const { return m_interval; }
    std::vector<std::int64_t> snapshotSteps() const;
    std::size_t snapshotBytes() const;
    std::size_t budgetBytes() const { return m_budget; }

private:
    void snapshotIfDue();

    std::unique_ptr<TextFit> m_fit;
    std::size_t m_budget;
    std::int64_t m_interval;
    std::int64_t m_start = 0;
    std::vector<float> m_losses;
    std::map<std::int64_t, FitSnapshot> m_snapshots;
    std::int64_t m_adopted = -1; // the step of an adopted state: a snapshot never thinned out
};

} // namespace embedlab::core
