// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/tensor/Stats.h"

#include "core/simd/Isa.h"
#include "core/tensor/Error.h"
#include "core/tensor/Parameter.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <sstream>
#include <thread>

namespace embedlab::core {

namespace {

// Large inputs are split in two halves, one per core; small ones are not worth a thread.
constexpr Index kParallelThreshold = 1 << 20;

// The halves meet at a multiple of `align` (a block boundary for block-wise loops).
template <typename Partial, typename Work, typename Merge>
Partial splitInTwo(Index count, Work work, Merge merge, Index align = 1)
{
    if (count < kParallelThreshold || std::thread::hardware_concurrency() < 2)
        return work(Index{0}, count);
    const Index half = count / 2 - (count / 2) % align;
    Partial first;
    std::thread worker([&] { first = work(Index{0}, half); });
    Partial second = work(half, count);
    worker.join();
    return merge(first, second);
}

// Count, mean and sum of squared deviations of a run of values, merged with Chan et al.'s
// pairwise update. Each block is summed around its own first element, so a large mean (or an
// outlier block elsewhere) does not cancel away the digits of a small spread.
struct Welford : SummaryBuilder::Block {
    Welford()
    {
        min = std::numeric_limits<float>::infinity();
        max = -std::numeric_limits<float>::infinity();
    }

    void merge(const SummaryBuilder::Block &b)
    {
        min = b.min < min ? b.min : min;
        max = b.max > max ? b.max : max;
        nan += b.nan;
        inf += b.inf;
        positiveInf = positiveInf || b.positiveInf;
        negativeInf = negativeInf || b.negativeInf;
        if (b.n == 0.0)
            return;
        const double total = n + b.n;
        const double delta = b.mean - mean;
        mean += delta * (b.n / total);
        m2 += b.m2 + delta * delta * (n * b.n / total);
        n = total;
    }
};

// A block holding NaN or infinities, read again element by element: how many of each, which
// infinities, and min and max without the NaNs.
void countNonFinite(const float *x, Index n, SummaryBuilder::Block &w)
{
    w.min = std::numeric_limits<float>::infinity();
    w.max = -std::numeric_limits<float>::infinity();
    for (Index i = 0; i < n; ++i) {
        if (std::isnan(x[i])) {
            ++w.nan;
            continue;
        }
        if (std::isinf(x[i])) {
            ++w.inf;
            (x[i] > 0 ? w.positiveInf : w.negativeInf) = true;
        }
        w.min = std::min(w.min, x[i]);
        w.max = std::max(w.max, x[i]);
    }
}

// One block's moments, centred on its first element. A NaN or infinity makes mean or m2 non-finite,
// and only then is the block counted again; the hot loop has no per-element branch.
SummaryBuilder::Block blockMoments(const EmbedlabKernels &kernels, const float *x, Index n)
{
    SummaryBuilder::Block w;
    double s = 0.0, q = 0.0;
    kernels.moments(x, n, x[0], &s, &q, &w.min, &w.max);
    w.n = static_cast<double>(n);
    w.mean = x[0] + s / w.n;
    w.m2 = std::max(0.0, q - s * (s / w.n));
    if (!std::isfinite(w.mean) || !std::isfinite(w.m2))
        countNonFinite(x, n, w);
    return w;
}

// The summary of data holding NaN or infinities, as PyTorch propagates them: any NaN makes mean,
// min and max NaN; otherwise the sum is that of its infinities (+inf, -inf, or NaN for both), as
// float values summed in double never overflow; std is NaN.
Summary nonFiniteSummary(const SummaryBuilder::Block &total, Index count)
{
    constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
    Summary s;
    s.count = count;
    s.nanCount = total.nan;
    s.infCount = total.inf;
    s.min = total.nan ? std::numeric_limits<float>::quiet_NaN() : total.min;
    s.max = total.nan ? std::numeric_limits<float>::quiet_NaN() : total.max;
    const double infinity = std::numeric_limits<double>::infinity();
    s.mean = total.nan || (total.positiveInf && total.negativeInf) ? kNaN
             : total.positiveInf                                   ? infinity
                                                                   : -infinity;
    s.std = kNaN;
    return s;
}

std::string formatDouble(double v)
{
    std::ostringstream s;
    s << v;
    return s.str();
}

} // namespace

SummaryBuilder::SummaryBuilder(Index count)
    : m_count(count)
    , m_blocks(static_cast<std::size_t>((count + kBlock - 1) / kBlock))
{}

void SummaryBuilder::add(const float *data, Index begin, Index end)
{
    addRun(data + begin, begin, end);
}

void SummaryBuilder::addRun(const float *run, Index begin, Index end)
{
    const EmbedlabKernels &kernels = simd::kernels();
    for (Index b = begin; b < end; b += kBlock)
        m_blocks[static_cast<std::size_t>(b / kBlock)] =
            blockMoments(kernels, run + (b - begin), std::min(kBlock, end - b));
}

Summary SummaryBuilder::finish() const
{
    Summary s;
    s.count = m_count;
    if (m_count == 0) {
        s.mean = s.std = std::numeric_limits<double>::quiet_NaN();
        s.min = s.max = std::numeric_limits<float>::quiet_NaN();
        return s;
    }
    // The blocks merged in order, as two halves that meet at a block boundary for large inputs on
    // two cores (the order summarize() has always used, so the same bits as before).
    const auto merged = [this](std::size_t from, std::size_t to) {
        Welford total;
        for (std::size_t b = from; b < to; ++b)
            total.merge(m_blocks[b]);
        return total;
    };
    Welford w;
    if (m_count < kParallelThreshold || std::thread::hardware_concurrency() < 2) {
        w = merged(0, m_blocks.size());
    } else {
        const Index half = m_count / 2 - (m_count / 2) % kBlock;
        w = merged(0, static_cast<std::size_t>(half / kBlock));
        w.merge(merged(static_cast<std::size_t>(half / kBlock), m_blocks.size()));
    }
    if (w.nan || w.inf)
        return nonFiniteSummary(w, m_count);
    s.min = w.min;
    s.max = w.max;
    s.mean = w.mean;
    s.std = m_count < 2 ? std::numeric_limits<double>::quiet_NaN()
                        : std::sqrt(w.m2 / static_cast<double>(m_count - 1));
    return s;
}

Summary summarize(const float *data, Index count)
{
    SummaryBuilder builder(count);
    splitInTwo<int>(
        count,
        [&](Index begin, Index end) {
            builder.add(data, begin, end);
            return 0;
        },
        [](int, int) { return 0; }, SummaryBuilder::kBlock);
    return builder.finish();
}

namespace {

struct Extremes {
    float lo = std::numeric_limits<float>::infinity();
    float hi = -std::numeric_limits<float>::infinity();
    bool nan = false;
};

Extremes merged(const Extremes &a, const Extremes &b)
{
    return Extremes{b.lo < a.lo ? b.lo : a.lo, b.hi > a.hi ? b.hi : a.hi, a.nan || b.nan};
}

// Elements [begin, end) of a float array as one run, or of a Parameter as forEachRun() gives them
// (16-bit words converted piece by piece): the histogram reads both without a float32 copy.
struct ArrayRuns {
    const float *data;
    template <typename Run> void operator()(Index begin, Index end, Run &&run) const
    {
        run(data + begin, end - begin);
    }
};
struct ParameterRuns {
    const Parameter &parameter;
    template <typename Run> void operator()(Index begin, Index end, Run &&run) const
    {
        parameter.forEachRun(begin, end, run);
    }
};

// min and max in 16 lanes (core/simd/); NaN is only flagged there and reported by the caller.
template <typename Runs> Extremes extremes(const Runs &runs, Index begin, Index end)
{
    Extremes all;
    runs(begin, end, [&all](const float *data, Index n) {
        Extremes e;
        int nan = 0;
        simd::kernels().extremes(data, n, &e.lo, &e.hi, &nan);
        e.nan = nan != 0;
        all = merged(all, e);
    });
    return all;
}

template <typename Runs> HistRange histcRangeOf(const Runs &runs, Index count, double min, double max)
{
    double left = min;
    double right = max;
    if (left == right && count > 0) {
        // aminmax propagates NaN, which the finiteness check below then reports, as PyTorch does.
        const Extremes e = splitInTwo<Extremes>(
            count, [&runs](Index begin, Index end) { return extremes(runs, begin, end); }, merged);
        left = e.nan ? std::numeric_limits<double>::quiet_NaN() : e.lo;
        right = e.nan ? std::numeric_limits<double>::quiet_NaN() : e.hi;
    }
    if (left == right) {
        left -= 1;
        right += 1;
    }
    if (!std::isfinite(left) || !std::isfinite(right))
        throw Error(Error::Kind::RuntimeError, "torch.histc: range of [" + formatDouble(left) + ", " +
                                                   formatDouble(right) + "] is not finite");
    if (!(left < right))
        throw Error(Error::Kind::RuntimeError, "torch.histc: max must be larger than min");
    return {static_cast<float>(left), static_cast<float>(right)};
}

using Counts = std::vector<Index>;

Counts mergedCounts(Counts a, const Counts &b)
{
    for (std::size_t i = 0; i < a.size(); ++i)
        a[i] += b[i];
    return a;
}

// Bin numbers beyond float's exact integers: the plain loop, 64-bit positions.
void countWide(const float *x, Index n, HistRange range, Index bins, Counts &c)
{
    const float width = range.high - range.low;
    for (Index i = 0; i < n; ++i) {
        if (!(x[i] >= range.low && x[i] <= range.high))
            continue;
        auto pos = static_cast<Index>((x[i] - range.low) * static_cast<float>(bins) / width);
        if (pos == bins)
            pos -= 1;
        ++c[static_cast<std::size_t>(pos)];
    }
}

// Positions are computed a chunk at a time in vector registers (core/simd/) with PyTorch's float
// expression ((x - min) * bins / (max - min), truncated), values outside [min, max] (and NaN)
// going to an extra slot; then counted into four interleaved tables (of bins + 1 slots each) so
// that runs of one bin do not wait on each other's increments.
void countInTables(const float *data, Index count, HistRange range, Index bins, Counts &tables)
{
    constexpr Index kChunk = 1024;
    const auto slots = static_cast<std::size_t>(bins + 1);
    const EmbedlabKernels &kernels = simd::kernels();
    int pos[kChunk];
    for (Index c = 0; c < count; c += kChunk) {
        const Index n = std::min(kChunk, count - c);
        kernels.bins(data + c, n, range.low, range.high, static_cast<std::int32_t>(bins), pos);
        // Raw pointers: through the vector the compiler reloads its data pointer after every
        // increment, as if a count could alias it.
        Index *t0 = tables.data(), *t1 = t0 + slots, *t2 = t1 + slots, *t3 = t2 + slots;
        Index i = 0;
        for (; i + 4 <= n; i += 4) {
            ++t0[pos[i]];
            ++t1[pos[i + 1]];
            ++t2[pos[i + 2]];
            ++t3[pos[i + 3]];
        }
        for (; i < n; ++i)
            ++t0[pos[i]];
    }
}

template <typename Runs>
std::vector<float> histcOf(const Runs &runs, Index count, Index bins, double min, double max)
{
    if (bins <= 0)
        throw Error(Error::Kind::RuntimeError, "torch.histogram(): bins must be > 0, but got " +
                                                   std::to_string(bins) + " for dimension 0");
    // The bin edges are linspace(left, right, bins + 1) in float; histc uses only the outer two.
    const HistRange range = histcRangeOf(runs, count, min, max);
    const bool wide = bins >= (Index{1} << 24);
    const auto slots = static_cast<std::size_t>(bins + 1);
    const Counts counts = splitInTwo<Counts>(
        count,
        [&](Index begin, Index end) {
            Counts tables(wide ? static_cast<std::size_t>(bins) : slots * 4, 0);
            runs(begin, end, [&](const float *data, Index n) {
                if (wide)
                    countWide(data, n, range, bins, tables);
                else
                    countInTables(data, n, range, bins, tables);
            });
            if (wide)
                return tables;
            Counts c(static_cast<std::size_t>(bins), 0);
            for (std::size_t j = 0; j < 4; ++j)
                for (std::size_t b = 0; b < c.size(); ++b)
                    c[b] += tables[j * slots + b];
            return c;
        },
        mergedCounts);
    return {counts.begin(), counts.end()};
}

} // namespace

HistRange histcRange(const float *data, Index count, double min, double max)
{
    return histcRangeOf(ArrayRuns{data}, count, min, max);
}

HistRange histcRange(const Parameter &p, double min, double max)
{
    return histcRangeOf(ParameterRuns{p}, p.numel(), min, max);
}

std::vector<float> histc(const float *data, Index count, Index bins, double min, double max)
{
    return histcOf(ArrayRuns{data}, count, bins, min, max);
}

std::vector<float> histc(const Parameter &p, Index bins, double min, double max)
{
    return histcOf(ParameterRuns{p}, p.numel(), bins, min, max);
}

} // namespace embedlab::core
