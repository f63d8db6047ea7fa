// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "common/Seed.h"

#include <QString>
#include <QtGlobal>

#include <cstdio>
#include <random>

namespace embedlab::testing {

std::uint64_t testSeed(const char *who, std::optional<std::uint64_t> fallback)
{
    bool ok = false;
    std::uint64_t seed = qEnvironmentVariable("EMBEDLAB_SEED").toULongLong(&ok);
    if (!ok)
        seed = fallback ? *fallback : std::random_device{}();
    std::printf("%s: seed %llu (replay with EMBEDLAB_SEED=%llu)\n", who,
                static_cast<unsigned long long>(seed), static_cast<unsigned long long>(seed));
    std::fflush(stdout);
    return seed;
}

} // namespace embedlab::testing
