// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/analysis/MapTrail.h"

#include "core/tensor/Error.h"

#include <algorithm>
#include <string>
#include <utility>

namespace embedlab::core {

MapTrail::MapTrail(std::size_t points)
    : m_points(points)
{}

MapTrail::MapTrail(std::size_t points, std::vector<float> places)
    : m_points(points)
    , m_places(std::move(places))
{
    if ((m_points == 0 && !m_places.empty()) || (m_points > 0 && m_places.size() % (2 * m_points) != 0))
        throw Error(Error::Kind::ValueError, "a trail of " + std::to_string(m_points) +
                                                 " points cannot hold " + std::to_string(m_places.size()) +
                                                 " coordinates");
}

std::int64_t MapTrail::noted() const
{
    return m_points == 0 ? 0 : static_cast<std::int64_t>(m_places.size() / (2 * m_points));
}

bool MapTrail::note(std::int64_t step, const Places &places)
{
    if (!wants(step) || places.size() != m_points || m_points == 0)
        return false;
    for (const auto &p : places)
        m_places.insert(m_places.end(), p.begin(), p.end());
    return true;
}

std::vector<MapTrail::Places> MapTrail::window(std::int64_t to, std::int64_t span) const
{
    std::vector<Places> out;
    if (m_points == 0 || to < 0 || span <= 0)
        return out;
    // The first multiple of kStride above to - span, to the last one at most `to` that is noted.
    const std::int64_t low = to - span;
    const std::int64_t from = low < 0 ? 0 : low / kStride + 1;
    const std::int64_t last = std::min(to / kStride, noted() - 1);
    for (std::int64_t k = from; k <= last; ++k) {
        const auto begin = m_places.begin() + static_cast<std::ptrdiff_t>(std::size_t(k) * 2 * m_points);
        Places places(m_points);
        for (std::size_t i = 0; i < m_points; ++i)
            places[i] = {begin[std::ptrdiff_t(2 * i)], begin[std::ptrdiff_t(2 * i + 1)]};
        out.push_back(std::move(places));
    }
    return out;
}

} // namespace embedlab::core
