// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>

namespace embedlab::core {

/// PyTorch's CPU default generator (at::CPUGeneratorImpl): MT19937 seeded like torch.manual_seed(s),
/// 32-bit draws (`random()`) and 64-bit draws (`random64()`, two 32-bit draws, first one high), and
/// the cached second Box-Muller sample that at::normal_distribution<double> keeps in the generator.
class Generator {
public:
    /// What torch.initial_seed() returns in a fresh process.
    static constexpr std::uint64_t kDefaultSeed = 67280421310721ULL;

    Generator() { manualSeed(kDefaultSeed); }
    explicit Generator(std::uint64_t seed) { manualSeed(seed); }

    /// torch.manual_seed(seed): reseeds the engine and drops any cached normal sample.
    void manualSeed(std::uint64_t seed);
    std::uint64_t initialSeed() const { return m_seed; }

    std::uint32_t random();
    std::uint64_t random64();
    /// `count` consecutive random() draws into `out`, a block at a time (the bulk path of normal_ and
    /// uniform_ on big tensors); the stream continues exactly as after `count` calls to random().
    void randomFill(std::uint32_t *out, std::size_t count);
    /// Advances the stream as `count` calls to random() would, without tempering or storing them:
    /// the constructors' draws of a weight that a file then replaces (a Llama 3 embedding's 525 M).
    /// Lazy: the 1.7 M twists of those are made by the next draw, which is usually never or off
    /// the path to the first picture (they took 0.1 s of one core between a load and its views).
    void discard(std::uint64_t count);

    /// Everything needed to continue the stream exactly (torch.get_rng_state / set_rng_state).
    struct State {
        std::uint64_t seed = kDefaultSeed;
        std::array<std::uint32_t, 624> mt{};
        int index = 624;
        std::optional<double> nextDoubleNormal;
        std::optional<float> nextFloatNormal;
        /// Draws discard() has not made yet: `mt` and `index` are the position before them.
        std::uint64_t pendingDiscard = 0;

        /// The same position with nothing pending: `mt` and `index` as torch.get_rng_state() has them.
        State settled() const;
        /// The same position in the same stream, however much of it is still pending.
        bool operator==(const State &other) const;
    };
    State state() const;
    void setState(const State &state);

    /// at::normal_distribution<double>'s cache (used by normal_ on tensors of fewer than 16 elements).
    std::optional<double> &nextDoubleNormalSample() { return m_nextDoubleNormal; }
    std::optional<float> &nextFloatNormalSample() { return m_nextFloatNormal; }

private:
    void twist();
    void settle();

    std::uint64_t m_seed = kDefaultSeed;
    std::array<std::uint32_t, 624> m_mt{};
    int m_index = 624;
    std::optional<double> m_nextDoubleNormal;
    std::optional<float> m_nextFloatNormal;
    std::uint64_t m_pendingDiscard = 0;
};

} // namespace embedlab::core
