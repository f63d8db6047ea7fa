// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/tensor/DistinctValues.h"

#include "core/tensor/Parallel.h"
#include "core/tensor/Parameter.h"

#include <atomic>
#include <bit>
#include <cstdint>
#include <memory>
#include <vector>

namespace embedlab::core {

namespace {

// The top 16 bits of a pattern pick a page, the low 16 a bit in it.
constexpr std::size_t kPages = std::size_t(1) << 16;
constexpr std::size_t kWordsPerPage = (std::size_t(1) << 16) / 64;

struct Page {
    std::atomic<std::uint64_t> words[kWordsPerPage] = {};
};

class PatternSet {
public:
    PatternSet()
        : m_pages(kPages)
    {}
    ~PatternSet()
    {
        for (auto &p : m_pages)
            delete p.load(std::memory_order_relaxed);
    }
    PatternSet(const PatternSet &) = delete;
    PatternSet &operator=(const PatternSet &) = delete;

    // Thread-safe. A set bit is only read, so a matrix of few values costs one load per element.
    void insert(std::uint32_t bits)
    {
        std::atomic<std::uint64_t> &word = wordOf(bits);
        const std::uint64_t bit = std::uint64_t(1) << (bits % 64);
        if (!(word.load(std::memory_order_relaxed) & bit))
            word.fetch_or(bit, std::memory_order_relaxed);
    }

    // Asks for the cache line of a pattern a few elements ahead: the words of a quantised
    // matrix's millions of values are spread over tens of MB, and the loads are what costs.
    void prefetch(std::uint32_t bits) { __builtin_prefetch(&wordOf(bits), 1); }

    Index count() const
    {
        Index n = 0;
        for (const auto &p : m_pages) {
            if (const Page *page = p.load(std::memory_order_acquire))
                for (const auto &w : page->words)
                    n += std::popcount(w.load(std::memory_order_relaxed));
        }
        return n;
    }

private:
    std::atomic<std::uint64_t> &wordOf(std::uint32_t bits)
    {
        Page *page = m_pages[bits >> 16].load(std::memory_order_acquire);
        if (!page)
            page = allocate(bits >> 16);
        return page->words[(bits & 0xffff) / 64];
    }

    Page *allocate(std::size_t index)
    {
        auto fresh = std::make_unique<Page>();
        Page *expected = nullptr;
        if (m_pages[index].compare_exchange_strong(expected, fresh.get(), std::memory_order_acq_rel))
            return fresh.release();
        return expected; // the other thread's page won
    }

    std::vector<std::atomic<Page *>> m_pages;
};

} // namespace

namespace {

// numpy.unique's pattern of a value: -0.0 is +0.0, and every NaN is one value.
std::uint32_t pattern(float value)
{
    const std::uint32_t bits = std::bit_cast<std::uint32_t>(value);
    if ((bits & 0x7fffffffu) == 0)
        return std::uint32_t(0);
    if ((bits & 0x7fffffffu) > 0x7f800000u)
        return std::uint32_t(0x7fc00000u);
    return bits;
}

void insertAll(PatternSet &set, const float *data, Index count)
{
    // 256 ahead: 16 gave 10.7 s on a Llama 3 Q4_K matrix (7.1 M values), 64 gave 6.0 s, 256 5.2 s.
    constexpr Index kAhead = 256;
    for (Index i = 0; i < count; ++i) {
        if (i + kAhead < count)
            set.prefetch(pattern(data[i + kAhead]));
        set.insert(pattern(data[i]));
    }
}

} // namespace

Index countDistinctValues(const float *data, Index count)
{
    if (count <= 0)
        return 0;
    PatternSet set;
    parallel::forTwo(count, count, parallel::kMinElements,
                     [&](Index begin, Index end) { insertAll(set, data + begin, end - begin); });
    return set.count();
}

Index countDistinctValues(const Parameter &p)
{
    if (p.numel() <= 0)
        return 0;
    PatternSet set;
    parallel::forTwo(p.numel(), p.numel(), parallel::kMinElements, [&](Index begin, Index end) {
        p.forEachRun(begin, end, [&](const float *data, Index n) { insertAll(set, data, n); });
    });
    return set.count();
}

} // namespace embedlab::core
