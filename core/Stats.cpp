// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "Stats.h"

#include "Error.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <thread>

namespace embedlab::core {

namespace {

// Large inputs are split in two halves, one per core; small ones are not worth a thread.
constexpr Index kParallelThreshold = 1 << 20;

template <typename Partial, typename Work, typename Merge>
Partial splitInTwo(Index count, Work work, Merge merge)
{
    if (count < kParallelThreshold)
        return work(Index{0}, count);
    const Index half = count / 2;
    Partial first;
    std::thread worker([&] { first = work(Index{0}, half); });
    Partial second = work(half, count);
    worker.join();
    return merge(first, second);
}

struct Moments {
    double sum = 0.0;
    Index finite = 0;
    Index nan = 0;
    Index inf = 0;
    float min = std::numeric_limits<float>::infinity();
    float max = -std::numeric_limits<float>::infinity();
};

std::string formatDouble(double v)
{
    std::ostringstream s;
    s << v;
    return s.str();
}

} // namespace

Summary summarize(const float *data, Index count)
{
    Summary s;
    s.count = count;
    if (count == 0) {
        s.mean = s.std = std::numeric_limits<double>::quiet_NaN();
        s.min = s.max = std::numeric_limits<float>::quiet_NaN();
        return s;
    }
    const Moments m = splitInTwo<Moments>(
        count,
        [data](Index begin, Index end) {
            Moments p;
            for (Index i = begin; i < end; ++i) {
                const float x = data[i];
                if (std::isnan(x)) {
                    ++p.nan;
                    continue;
                }
                if (std::isinf(x))
                    ++p.inf;
                p.sum += x;
                p.min = std::min(p.min, x);
                p.max = std::max(p.max, x);
            }
            return p;
        },
        [](const Moments &a, const Moments &b) {
            return Moments{a.sum + b.sum, 0, a.nan + b.nan, a.inf + b.inf, std::min(a.min, b.min),
                           std::max(a.max, b.max)};
        });
    s.nanCount = m.nan;
    s.infCount = m.inf;
    s.min = m.nan ? std::numeric_limits<float>::quiet_NaN() : m.min;
    s.max = m.nan ? std::numeric_limits<float>::quiet_NaN() : m.max;
    if (m.nan || m.inf) {
        // PyTorch propagates: any NaN, or inf - inf in the centred sum, makes mean/std NaN or inf.
        s.mean = m.nan ? std::numeric_limits<double>::quiet_NaN() : m.sum / static_cast<double>(count);
        s.std = std::numeric_limits<double>::quiet_NaN();
        return s;
    }
    const double mean = m.sum / static_cast<double>(count);
    const double sq = splitInTwo<double>(
        count,
        [data, mean](Index begin, Index end) {
            double acc = 0.0;
            for (Index i = begin; i < end; ++i) {
                const double d = data[i] - mean;
                acc += d * d;
            }
            return acc;
        },
        [](double a, double b) { return a + b; });
    s.mean = mean;
    s.std = count < 2 ? std::numeric_limits<double>::quiet_NaN() : std::sqrt(sq / static_cast<double>(count - 1));
    return s;
}

HistRange histcRange(const float *data, Index count, double min, double max)
{
    double left = min;
    double right = max;
    if (left == right && count > 0) {
        // aminmax propagates NaN, which the finiteness check below then reports, as PyTorch does.
        float lo = data[0], hi = data[0];
        for (Index i = 0; i < count; ++i) {
            const float x = data[i];
            if (std::isnan(x)) {
                lo = hi = x;
                break;
            }
            lo = std::min(lo, x);
            hi = std::max(hi, x);
        }
        left = lo;
        right = hi;
    }
    if (left == right) {
        left -= 1;
        right += 1;
    }
    if (!std::isfinite(left) || !std::isfinite(right))
        throw Error(Error::Kind::RuntimeError,
                    "torch.histc: range of [" + formatDouble(left) + ", " + formatDouble(right) + "] is not finite");
    if (!(left < right))
        throw Error(Error::Kind::RuntimeError, "torch.histc: max must be larger than min");
    return {static_cast<float>(left), static_cast<float>(right)};
}

std::vector<float> histc(const float *data, Index count, Index bins, double min, double max)
{
    if (bins <= 0)
        throw Error(Error::Kind::RuntimeError,
                    "torch.histogram(): bins must be > 0, but got " + std::to_string(bins) + " for dimension 0");
    const HistRange range = histcRange(data, count, min, max);
    const float left = range.low;
    const float right = range.high;
    // The bin edges are linspace(left, right, bins + 1) in float; histc uses only the outer two.
    const float width = right - left;
    const float binsF = static_cast<float>(bins);
    using Counts = std::vector<Index>;
    const Counts counts = splitInTwo<Counts>(
        count,
        [&](Index begin, Index end) {
            Counts c(static_cast<std::size_t>(bins), 0);
            for (Index i = begin; i < end; ++i) {
                const float x = data[i];
                if (!(x >= left && x <= right))
                    continue;
                auto pos = static_cast<Index>((x - left) * binsF / width);
                if (pos == bins)
                    pos -= 1;
                ++c[static_cast<std::size_t>(pos)];
            }
            return c;
        },
        [](Counts a, const Counts &b) {
            for (std::size_t i = 0; i < a.size(); ++i)
                a[i] += b[i];
            return a;
        });
    return {counts.begin(), counts.end()};
}

} // namespace embedlab::core
