// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/init/Generator.h"

#include "core/simd/Isa.h"
#include "core/tensor/Error.h"

#include <algorithm>
#include <utility>

namespace embedlab::core {

namespace {
constexpr int kStateN = 624;
inline std::uint32_t temper(std::uint32_t y)
{
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}
} // namespace

void Generator::manualSeed(std::uint64_t seed)
{
    // at::mt19937 keeps the full 64-bit seed for initial_seed() but initialises the engine from its
    // low 32 bits only (init_with_uint32), and CPUGeneratorImpl::set_current_seed drops both caches.
    m_seed = seed;
    m_mt[0] = static_cast<std::uint32_t>(seed & 0xffffffffU);
    for (int j = 1; j < kStateN; ++j) {
        const std::uint32_t prev = m_mt[static_cast<std::size_t>(j - 1)];
        m_mt[static_cast<std::size_t>(j)] =
            1812433253U * (prev ^ (prev >> 30)) + static_cast<std::uint32_t>(j);
    }
    m_index = kStateN;
    m_pendingDiscard = 0;
    m_nextDoubleNormal.reset();
    m_nextFloatNormal.reset();
}

void Generator::twist()
{
    // Vectorised per instruction set (core/simd/): skipping a Llama 3 embedding's draws is ~1.7 M twists.
    simd::kernels().twist(m_mt.data());
    m_index = 0;
}

std::uint32_t Generator::random()
{
    if (m_pendingDiscard != 0)
        settle();
    if (m_index >= kStateN)
        twist();
    return temper(m_mt[static_cast<std::size_t>(m_index++)]);
}

void Generator::randomFill(std::uint32_t *out, std::size_t count)
{
    if (m_pendingDiscard != 0)
        settle();
    while (count > 0) {
        if (m_index >= kStateN)
            twist();
        const std::size_t take = std::min(count, static_cast<std::size_t>(kStateN - m_index));
        const std::uint32_t *src = m_mt.data() + m_index;
        for (std::size_t i = 0; i < take; ++i)
            out[i] = temper(src[i]);
        m_index += static_cast<int>(take);
        out += take;
        count -= take;
    }
}

void Generator::discard(std::uint64_t count)
{
    m_pendingDiscard += count;
}

void Generator::settle()
{
    std::uint64_t count = std::exchange(m_pendingDiscard, 0);
    while (count > 0) {
        if (m_index >= kStateN)
            twist();
        const auto take = static_cast<int>(std::min<std::uint64_t>(count, std::uint64_t(kStateN - m_index)));
        m_index += take;
        count -= static_cast<std::uint64_t>(take);
    }
}

std::uint64_t Generator::random64()
{
    // CPUGeneratorImpl::random64: the first draw is the high half.
    const std::uint64_t hi = random();
    const std::uint64_t lo = random();
    return (hi << 32) | lo;
}

Generator::State Generator::state() const
{
    State s;
    s.seed = m_seed;
    s.mt = m_mt;
    s.index = m_index;
    s.nextDoubleNormal = m_nextDoubleNormal;
    s.nextFloatNormal = m_nextFloatNormal;
    s.pendingDiscard = m_pendingDiscard;
    return s;
}

void Generator::setState(const State &state)
{
    // at::mt19937::is_valid's check, with PyTorch's message for torch.set_rng_state.
    if (state.index < 0 || state.index > kStateN)
        throw Error(Error::Kind::RuntimeError, "Invalid mt19937 state");
    m_seed = state.seed;
    m_mt = state.mt;
    m_index = state.index;
    m_nextDoubleNormal = state.nextDoubleNormal;
    m_nextFloatNormal = state.nextFloatNormal;
    m_pendingDiscard = state.pendingDiscard;
}

Generator::State Generator::State::settled() const
{
    if (pendingDiscard == 0)
        return *this;
    Generator g;
    g.setState(*this);
    g.settle();
    return g.state();
}

bool Generator::State::operator==(const State &other) const
{
    const State a = settled(), b = other.settled();
    return a.seed == b.seed && a.mt == b.mt && a.index == b.index &&
           a.nextDoubleNormal == b.nextDoubleNormal && a.nextFloatNormal == b.nextFloatNormal;
}

} // namespace embedlab::core
