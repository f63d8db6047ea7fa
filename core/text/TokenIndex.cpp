// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/text/TokenIndex.h"

#include <algorithm>
#include <bit>
#include <cstring>

namespace embedlab::core {

std::uint64_t TokenIndex::hash(std::string_view key)
{
    // 8 bytes at a time, each word mixed by a multiply and a shift (tokens are short: 1 to 3 rounds).
    std::uint64_t h = 0x9E3779B97F4A7C15ull ^ key.size();
    std::size_t at = 0;
    for (; at + 8 <= key.size(); at += 8) {
        std::uint64_t word;
        std::memcpy(&word, key.data() + at, 8);
        h = (h ^ word) * 0xBF58476D1CE4E5B9ull;
        h ^= h >> 29;
    }
    if (at < key.size()) {
        std::uint64_t word = 0;
        std::memcpy(&word, key.data() + at, key.size() - at);
        h = (h ^ word) * 0xBF58476D1CE4E5B9ull;
        h ^= h >> 29;
    }
    h *= 0x94D049BB133111EBull;
    return h ^ (h >> 31);
}

std::uint64_t TokenIndex::headOf(std::string_view key)
{
    std::uint64_t head = 0;
    std::memcpy(&head, key.data(), std::min<std::size_t>(key.size(), 8));
    return head;
}

bool TokenIndex::matches(const Slot &s, std::string_view key, std::uint64_t head)
{
    return s.head == head && s.size == key.size() &&
           (key.size() <= 8 || std::memcmp(s.data + 8, key.data() + 8, key.size() - 8) == 0);
}

void TokenIndex::reserve(std::size_t count)
{
    const std::size_t wanted = std::bit_ceil(count * 2 + 16);
    if (wanted <= m_slots.size())
        return;
    std::vector<Slot> old;
    old.swap(m_slots);
    m_slots.assign(wanted, {});
    m_size = 0;
    for (const Slot &s : old) {
        if (s.id >= 0)
            insert(std::string_view(s.data, s.size), s.id);
    }
}

void TokenIndex::grow()
{
    reserve(m_slots.size());
}

bool TokenIndex::insert(std::string_view key, std::int32_t id, std::uint64_t h)
{
    if ((m_size + 1) * 2 > m_slots.size())
        grow();
    const std::uint64_t head = headOf(key);
    const std::size_t mask = m_slots.size() - 1;
    for (std::size_t i = static_cast<std::size_t>(h >> 20) & mask;; i = (i + 1) & mask) {
        Slot &s = m_slots[i];
        if (s.id < 0) {
            s = {head, key.data(), static_cast<std::uint32_t>(key.size()), id};
            ++m_size;
            return true;
        }
        if (matches(s, key, head))
            return false;
    }
}

std::int32_t TokenIndex::find(std::string_view key, std::uint64_t h) const
{
    if (m_slots.empty())
        return -1;
    const std::uint64_t head = headOf(key);
    const std::size_t mask = m_slots.size() - 1;
    for (std::size_t i = static_cast<std::size_t>(h >> 20) & mask;; i = (i + 1) & mask) {
        const Slot &s = m_slots[i];
        if (s.id < 0)
            return -1;
        if (matches(s, key, head))
            return s.id;
    }
}

void MergeTable::reserve(std::size_t count)
{
    const std::size_t wanted = std::bit_ceil(count * 2 + 16);
    if (wanted <= m_slots.size())
        return;
    std::vector<Slot> old;
    old.swap(m_slots);
    m_slots.assign(wanted, {});
    m_mask = wanted - 1;
    m_shift = 64 - static_cast<unsigned>(std::countr_zero(wanted));
    m_size = 0;
    for (const Slot &s : old) {
        if (s.key != kEmpty)
            insert(static_cast<std::int32_t>(s.key >> 32), static_cast<std::int32_t>(s.key & 0xFFFFFFFFu),
                   s.merge);
    }
}

void MergeTable::grow()
{
    reserve(m_slots.size());
}

void MergeTable::insert(std::int32_t left, std::int32_t right, Merge merge)
{
    if ((m_size + 1) * 2 > m_slots.size())
        grow();
    const std::uint64_t key = keyOf(left, right);
    for (std::size_t i = slotOf(key);; i = (i + 1) & m_mask) {
        Slot &s = m_slots[i];
        if (s.key == key)
            return;
        if (s.key == kEmpty) {
            s = {key, merge};
            ++m_size;
            return;
        }
    }
}

} // namespace embedlab::core
