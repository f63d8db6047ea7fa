// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace embedlab::core {

/// Strings to token ids in one flat open-addressing table, for the lookups of reading and encoding
/// (Llama 3 reads 128,256 tokens and looks up 840,000 strings for its merges: std::unordered_map's
/// nodes made that a third of its load time). The keys are views: the strings must outlive the
/// table and stay where they are.
class TokenIndex {
public:
    /// Room for `count` keys without growing.
    void reserve(std::size_t count);
    /// Adds `key` -> `id` unless `key` is there already; returns whether it was added.
    bool insert(std::string_view key, std::int32_t id) { return insert(key, id, hash(key)); }
    /// insert() with the key's hash() already computed.
    bool insert(std::string_view key, std::int32_t id, std::uint64_t hash);
    /// The id of `key`, or -1.
    std::int32_t find(std::string_view key) const { return find(key, hash(key)); }
    /// find() with the key's hash() already computed.
    std::int32_t find(std::string_view key, std::uint64_t hash) const;
    /// Asks the processor to fetch the slot a key of this hash() starts at (many lookups in a row
    /// then wait for memory together instead of one after the other).
    void prefetch(std::uint64_t hash) const
    {
        if (!m_slots.empty())
            __builtin_prefetch(&m_slots[static_cast<std::size_t>(hash >> 20) & (m_slots.size() - 1)]);
    }
    std::size_t size() const { return m_size; }

    static std::uint64_t hash(std::string_view key);

private:
    // A key's first 8 bytes are kept in its slot: most tokens are that short, so most comparisons
    // never touch the key's own memory.
    struct Slot {
        std::uint64_t head = 0;
        const char *data = nullptr;
        std::uint32_t size = 0;
        std::int32_t id = -1;
    };
    static std::uint64_t headOf(std::string_view key);
    static bool matches(const Slot &s, std::string_view key, std::uint64_t head);
    void grow();

    std::vector<Slot> m_slots;
    std::size_t m_size = 0;
};

/// Pairs of token ids (the two sides of a merge) to a merge's rank and result, flat the same way.
class MergeTable {
public:
    struct Merge {
        std::int32_t rank = 0;
        std::int32_t result = 0;
    };
    void reserve(std::size_t count);
    /// Adds the merge of `left` and `right` unless the pair is there already (the first rank wins).
    void insert(std::int32_t left, std::int32_t right, Merge merge);
    /// Asks the processor to fetch the slot the pair starts at (see TokenIndex::prefetch). Only
    /// after reserve(): a table that grows moves its slots.
    void prefetch(std::int32_t left, std::int32_t right) const
    {
        if (!m_slots.empty())
            __builtin_prefetch(&m_slots[slotOf(keyOf(left, right))]);
    }
    /// The merge of `left` and `right`, or nullptr.
    const Merge *find(std::int32_t left, std::int32_t right) const
    {
        if (m_slots.empty())
            return nullptr;
        const std::uint64_t key = keyOf(left, right);
        for (std::size_t i = slotOf(key);; i = (i + 1) & m_mask) {
            const Slot &s = m_slots[i];
            if (s.key == key)
                return &s.merge;
            if (s.key == kEmpty)
                return nullptr;
        }
    }
    std::size_t size() const { return m_size; }

private:
    static constexpr std::uint64_t kEmpty = ~std::uint64_t(0);
    struct Slot {
        std::uint64_t key = kEmpty;
        Merge merge;
    };
    static std::uint64_t keyOf(std::int32_t left, std::int32_t right)
    {
        return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(left)) << 32) |
               static_cast<std::uint32_t>(right);
    }
    // Fibonacci hashing: the product's top bits depend on every bit of both ids.
    std::size_t slotOf(std::uint64_t key) const
    {
        return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ull) >> m_shift);
    }
    void grow();

    std::vector<Slot> m_slots;
    std::size_t m_mask = 0;
    unsigned m_shift = 63;
    std::size_t m_size = 0;
};

} // namespace embedlab::core
