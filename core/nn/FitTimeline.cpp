// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/nn/FitTimeline.h"

#include "core/tensor/Error.h"

#include <bit>
#include <cassert>
#include <string>

namespace embedlab::core {

FitTimeline::FitTimeline(std::unique_ptr<TextFit> fit, std::size_t budgetBytes, std::int64_t interval)
    : m_fit(std::move(fit))
    , m_budget(budgetBytes)
    , m_interval(interval > 0 ? interval : kDefaultInterval)
    , m_start(m_fit->stepCount())
{
    m_snapshots.emplace(m_start, m_fit->snapshot());
}

void FitTimeline::adopt(std::vector<float> losses, const FitSnapshot &state)
{
    assert(m_start == 0 && m_losses.empty() && current() == 0 && "adopt() starts a run at step 0");
    const std::vector<ParameterPtr> params = m_fit->model().parameters();
    bool same = state.optimizer && state.parameters.size() == params.size();
    for (std::size_t k = 0; same && k < params.size(); ++k)
        same = state.parameters[k] && state.parameters[k]->shape() == params[k]->shape();
    if (!same)
        throw Error(Error::Kind::ValueError, "the stored state does not have the shapes of this fit");
    if (state.step < 0 || state.step > static_cast<std::int64_t>(losses.size()))
        throw Error(Error::Kind::ValueError, "the stored state is at step " + std::to_string(state.step) +
                                                 " of a run of " + std::to_string(losses.size()) + " steps");
    m_losses = std::move(losses);
    m_fit->restore(state);
    m_adopted = state.step;
    m_snapshots.insert_or_assign(state.step, m_fit->snapshot());
}

float FitTimeline::lossAt(std::int64_t step) const
{
    if (step <= m_start || step > head())
        throw Error(Error::Kind::IndexError, "step " + std::to_string(step) + " is not in the run (steps " +
                                                 std::to_string(m_start + 1) + ".." + std::to_string(head()) +
                                                 ")");
    return m_losses[static_cast<std::size_t>(step - m_start - 1)];
}

float FitTimeline::stepForward(FitStepReport *report)
{
    const bool extends = current() == head();
    const float loss = m_fit->step(report);
    if (extends) {
        m_losses.push_back(loss);
        snapshotIfDue();
    } else {
        // A run adopted from a file may hold another machine's bits (other SIMD kernels): its stored
        // losses stay what was shown.
        assert((m_adopted >= 0 ||
                std::bit_cast<std::uint32_t>(loss) == std::bit_cast<std::uint32_t>(lossAt(current()))) &&
               "a replayed step gives the same bits");
        // An adopted run has no snapshots before its stored step until a replay passes them.
        if (!m_snapshots.contains(current()))
            snapshotIfDue();
    }
    return loss;
}

void FitTimeline::seek(std::int64_t step, FitStepReport *report)
{
    if (step < m_start || step > head())
        throw Error(Error::Kind::IndexError, "step " + std::to_string(step) + " is not in the run (steps " +
                                                 std::to_string(m_start) + ".." + std::to_string(head()) +
                                                 ")");
    const std::int64_t target = report && step > m_start ? step - 1 : step;
    // Replay from the state itself when it is already on the way, else from the nearest snapshot.
    if (current() > target || (m_snapshots.upper_bound(target) != m_snapshots.begin() &&
                               std::prev(m_snapshots.upper_bound(target))->first > current())) {
        const auto nearest = std::prev(m_snapshots.upper_bound(target));
        m_fit->restore(nearest->second);
    }
    while (current() < target)
        stepForward();
    if (target != step)
        stepForward(report);
}

void FitTimeline::snapshotIfDue()
{
    const std::int64_t step = current();
    if ((step - m_start) % m_interval != 0)
        return;
    const std::size_t each = m_fit->snapshotBytes();
    // Thin out until one more fits: the interval doubles and the snapshots off the new grid go.
    while (each * (m_snapshots.size() + 1) > m_budget && m_snapshots.size() > 1) {
        m_interval *= 2;
        for (auto it = std::next(m_snapshots.begin()); it != m_snapshots.end();)
            it = (it->first - m_start) % m_interval != 0 && it->first != m_adopted ? m_snapshots.erase(it)
                                                                                   : std::next(it);
        if ((step - m_start) % m_interval != 0)
            return;
    }
    if (each * (m_snapshots.size() + 1) > m_budget)
        return; // not even one more fits: the run replays from step 0
    m_snapshots.emplace(step, m_fit->snapshot());
}

void FitTimeline::visit(std::int64_t from, std::int64_t to, std::int64_t every, const Visitor &visitor)
{
    if (from > to || every < 1)
        throw Error(Error::Kind::ValueError, "visit() takes steps from <= to and every >= 1");
    seek(from);
    visitor(current(), *m_fit);
    while (current() < to) {
        stepForward();
        if ((current() - from) % every == 0 || current() == to)
            visitor(current(), *m_fit);
    }
}

std::vector<std::int64_t> FitTimeline::snapshotSteps() const
{
    std::vector<std::int64_t> steps;
    for (const auto &[step, snapshot] : m_snapshots)
        steps.push_back(step);
    return steps;
}

std::size_t FitTimeline::snapshotBytes() const
{
    std::size_t bytes = 0;
    for (const auto &[step, snapshot] : m_snapshots)
        bytes += snapshot.bytes;
    return bytes;
}

} // namespace embedlab::core
