// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/tensor/Overview.h"

#include <algorithm>
#include <bit>
#include <utility>

namespace embedlab::core {

OverviewBuilder::OverviewBuilder(Index rows, Index columns, Aggregation aggregation)
    : m_base{rows, columns, 1, 1}
{
    const std::vector<PyramidLevel> levels = pyramidLevels(rows, columns);
    if (levels.size() < 2)
        return;
    m_overview = std::make_shared<Overview>();
    m_overview->level = levels[1];
    m_overview->aggregation = aggregation;
    m_overview->values.resize(static_cast<std::size_t>(levels[1].rows * levels[1].columns));
    m_groupElements = levels[1].rowFactor * columns;
    m_missing = std::make_unique<std::atomic<Index>[]>(static_cast<std::size_t>(levels[1].rows));
    for (Index g = 0; g < levels[1].rows; ++g)
        m_missing[g].store(std::min(m_groupElements, rows * columns - g * m_groupElements),
                           std::memory_order_relaxed);
}

void OverviewBuilder::add(const float *data, Index begin, Index end)
{
    if (!m_overview || begin >= end)
        return;
    std::vector<float> scratch;
    for (Index g = begin / m_groupElements; g * m_groupElements < end; ++g) {
        const Index covered = std::min(end, (g + 1) * m_groupElements) - std::max(begin, g * m_groupElements);
        // acq_rel: the add() that completes a group sees the values the others wrote before theirs.
        if (m_missing[g].fetch_sub(covered, std::memory_order_acq_rel) == covered)
            reduceGroup(data + g * m_groupElements, g, scratch);
    }
}

void OverviewBuilder::addGroups(const float *rows, Index firstGroup, Index lastGroup)
{
    if (!m_overview)
        return;
    std::vector<float> scratch;
    for (Index g = firstGroup; g < lastGroup; ++g) {
        m_missing[g].store(0, std::memory_order_relaxed);
        reduceGroup(rows + (g - firstGroup) * m_groupElements, g, scratch);
    }
}

void OverviewBuilder::reduceGroup(const float *groupRows, Index group, std::vector<float> &scratch)
{
    const float limit = downsampleRowFrom(groupRows, m_base, m_overview->values.data(), m_overview->level,
                                          m_base, m_overview->aggregation, group, scratch);
    const std::uint32_t bits = std::bit_cast<std::uint32_t>(limit);
    std::uint32_t seen = m_limitBits.load(std::memory_order_relaxed);
    while (bits > seen && !m_limitBits.compare_exchange_weak(seen, bits, std::memory_order_relaxed)) {
    }
    m_groupsDone.fetch_add(1, std::memory_order_release);
}

std::shared_ptr<const Overview> OverviewBuilder::finish()
{
    if (!m_overview || m_groupsDone.load(std::memory_order_acquire) != m_overview->level.rows)
        return nullptr;
    m_overview->limit = std::bit_cast<float>(m_limitBits.load(std::memory_order_relaxed));
    return std::exchange(m_overview, nullptr);
}

} // namespace embedlab::core
