// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/tensor/Overview.h"

#include <algorithm>
#include <bit>
#include <utility>

namespace embedlab::core {

LevelCells::LevelCells(Index count, std::optional<HalfType> words)
    : m_words(words)
{
    if (words)
        m_halves.resize(static_cast<std::size_t>(count));
    else
        m_floats.resize(static_cast<std::size_t>(count));
}

void LevelCells::copy(Index first, Index count, float *out) const
{
    if (m_words)
        widen(m_halves.data() + first, *m_words, out, static_cast<std::size_t>(count));
    else
        std::copy_n(m_floats.data() + first, count, out);
}

const float *LevelCells::rowsAt(Index first, Index count, Index columns, std::vector<float> &scratch) const
{
    if (!m_words)
        return m_floats.data() + first * columns;
    scratch.resize(static_cast<std::size_t>(count * columns));
    copy(first * columns, count * columns, scratch.data());
    return scratch.data();
}

void LevelCells::store(Index first, const float *values, Index count)
{
    if (m_words)
        narrowExact(values, *m_words, m_halves.data() + first, static_cast<std::size_t>(count));
    else
        std::copy_n(values, count, m_floats.data() + first);
}

OverviewBuilder::OverviewBuilder(Index rows, Index columns, Aggregation aggregation,
                                 std::optional<HalfType> words)
    : m_base{rows, columns, 1, 1}
{
    const std::vector<PyramidLevel> levels = pyramidLevels(rows, columns);
    if (levels.size() < 2)
        return;
    m_overview = std::make_shared<Overview>();
    m_overview->level = levels[1];
    m_overview->aggregation = aggregation;
    // A mean is not a value of the matrix: only max |w| cells keep the matrix's own type.
    m_overview->values = LevelCells(levels[1].rows * levels[1].columns,
                                    aggregation == Aggregation::MaxAbs ? words : std::nullopt);
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
    std::vector<float> scratch, row;
    for (Index g = begin / m_groupElements; g * m_groupElements < end; ++g) {
        const Index covered = std::min(end, (g + 1) * m_groupElements) - std::max(begin, g * m_groupElements);
        // acq_rel: the add() that completes a group sees the values the others wrote before theirs.
        if (m_missing[g].fetch_sub(covered, std::memory_order_acq_rel) == covered)
            reduceGroup(data + g * m_groupElements, g, scratch, row);
    }
}

void OverviewBuilder::addGroups(const float *rows, Index firstGroup, Index lastGroup)
{
    if (!m_overview)
        return;
    std::vector<float> scratch, row;
    for (Index g = firstGroup; g < lastGroup; ++g) {
        m_missing[g].store(0, std::memory_order_relaxed);
        reduceGroup(rows + (g - firstGroup) * m_groupElements, g, scratch, row);
    }
}

void OverviewBuilder::reduceGroup(const float *groupRows, Index group, std::vector<float> &scratch,
                                  std::vector<float> &row)
{
    const PyramidLevel &level = m_overview->level;
    row.resize(static_cast<std::size_t>(level.columns));
    const float limit = downsampleRowInto(groupRows, m_base, row.data(), level, m_base,
                                          m_overview->aggregation, group, scratch);
    m_overview->values.store(group * level.columns, row.data(), level.columns);
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
