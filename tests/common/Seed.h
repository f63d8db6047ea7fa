// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <cstdint>
#include <optional>

namespace embedlab::testing {

/// The seed of a test's random numbers: EMBEDLAB_SEED when it is set (so a failure replays), else
/// `fallback`, else a fresh random one. Printed as "WHO: seed N (replay with EMBEDLAB_SEED=N)".
std::uint64_t testSeed(const char *who, std::optional<std::uint64_t> fallback = std::nullopt);

} // namespace embedlab::testing
