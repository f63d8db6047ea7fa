// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace embedlab::core {

/// The places a run's map (core::TokenMap) gave its points every kStride steps (issue #27: the
/// dots' trails). Each such step is noted once, the first time the run reaches it: a run is
/// deterministic, so a trail read after scrubbing back is the one drawn live. Flat and bounded: a
/// million steps of 16 points are 12.8 MB.
class MapTrail {
public:
    using Places = std::vector<std::array<float, 2>>;
    static constexpr std::int64_t kStride = 10;

    MapTrail() = default;
    /// A trail of `points` points a step, nothing noted yet.
    explicit MapTrail(std::size_t points);
    /// A trail of `points` points a step with `places` noted (as flat() gives them). Throws
    /// core::Error (ValueError) when `places` is not whole steps of `points` points.
    MapTrail(std::size_t points, std::vector<float> places);

    std::size_t points() const { return m_points; }
    /// How many steps are noted: 0, kStride, 2 kStride, ... below noted() * kStride.
    std::int64_t noted() const;
    /// Whether `step` is the next one to note (place the map only then).
    bool wants(std::int64_t step) const
    {
        return step >= 0 && step % kStride == 0 && step / kStride == noted();
    }
    /// Notes `places` (points() of them) as the map of `step` when wants(step); else does nothing.
    /// Returns whether it noted them.
    bool note(std::int64_t step, const Places &places);
    /// The noted steps in (to - span, to], oldest first: their places, [steps][points].
    std::vector<Places> window(std::int64_t to, std::int64_t span) const;
    /// Every place noted, [noted][points][2] in one run (for a session to keep).
    const std::vector<float> &flat() const { return m_places; }

private:
    std::size_t m_points = 0;
    std::vector<float> m_places; // [noted][points][2]
};

} // namespace embedlab::core
