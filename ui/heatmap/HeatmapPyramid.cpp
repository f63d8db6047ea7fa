// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/heatmap/HeatmapPyramid.h"

#include <QObject>

#include <algorithm>
#include <bit>
#include <cmath>
#include <future>
#include <limits>
#include <mutex>
#include <thread>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace embedlab::ui {

namespace {

constexpr std::uint32_t AbsMask = 0x7fffffffu;
constexpr std::uint32_t InfBits = 0x7f800000u;

// |w| as an unsigned integer orders finite < Inf < NaN, which is exactly the priority MaxAbs needs,
// and integer compares let the compiler vectorise without caring about NaN semantics.
inline std::uint32_t absKey(float v)
{
    return std::bit_cast<std::uint32_t>(v) & AbsMask;
}

Index baseCount(Index i, Index factor, Index baseCells)
{
    return std::min((i + 1) * factor, baseCells) - i * factor;
}

// Builds `dst` from `src` (the previous level) with step factors of 1 or 2 per axis.
float reduceLevel(const float *src, const PyramidLevel &from, float *dst, const PyramidLevel &to,
                  const PyramidLevel &base, Aggregation aggregation, const std::atomic<bool> *cancel)
{
    const Index rf = to.rowFactor / from.rowFactor;
    const Index cf = to.columnFactor / from.columnFactor;

    std::vector<float> stripeLimits(64, 0.0f);
    std::atomic<int> stripeIndex{0};
    forEachStripe(
        to.rows,
        [&](Index begin, Index end) {
            float limit = 0.0f;
            std::vector<float> acc(static_cast<std::size_t>(from.columns));
            for (Index i = begin; i < end; ++i) {
                if (cancel && (i & 63) == 0 && cancel->load(std::memory_order_relaxed))
                    break;
                const Index r0 = i * rf;
                const Index r1 = std::min(r0 + rf, from.rows);
                std::fill(acc.begin(), acc.end(), 0.0f);
                float total = 0.0f;
                for (Index r = r0; r < r1; ++r) {
                    const float *row = src + r * from.columns;
                    if (aggregation == Aggregation::MaxAbs) {
                        limit = std::max(limit, accumulateMaxAbs(acc.data(), row, from.columns));
                    } else {
                        const auto w = static_cast<float>(baseCount(r, from.rowFactor, base.rows));
                        total += w;
                        limit = std::max(limit, accumulateSum(acc.data(), row, from.columns, w));
                    }
                }
                float *out = dst + i * to.columns;
                if (aggregation == Aggregation::Mean) {
                    for (float &a : acc)
                        a /= total;
                }
                if (cf == 1) {
                    std::copy(acc.begin(), acc.end(), out);
                    continue;
                }
                for (Index j = 0; j < to.columns; ++j) {
                    const Index c0 = 2 * j;
                    const Index c1 = std::min(c0 + 2, from.columns);
                    if (c1 - c0 == 1) {
                        out[j] = acc[static_cast<std::size_t>(c0)];
                    } else if (aggregation == Aggregation::MaxAbs) {
                        const float a = acc[static_cast<std::size_t>(c0)];
                        const float b = acc[static_cast<std::size_t>(c0 + 1)];
                        out[j] = absKey(b) > absKey(a) ? b : a;
                    } else {
                        const auto wa = static_cast<float>(baseCount(c0, from.columnFactor, base.columns));
                        const auto wb =
                            static_cast<float>(baseCount(c0 + 1, from.columnFactor, base.columns));
                        out[j] = (acc[static_cast<std::size_t>(c0)] * wa +
                                  acc[static_cast<std::size_t>(c0 + 1)] * wb) /
                                 (wa + wb);
                    }
                }
            }
            const int k = stripeIndex.fetch_add(1);
            if (k < static_cast<int>(stripeLimits.size()))
                stripeLimits[static_cast<std::size_t>(k)] = limit;
        },
        16);
    return *std::max_element(stripeLimits.begin(), stripeLimits.end());
}

} // namespace

QString aggregationName(Aggregation aggregation)
{
    return aggregation == Aggregation::Mean ? QObject::tr("mean") : QObject::tr("max |w|");
}

// The kernels are written with SSE2 (every x86-64 has it) because GCC at -O2 does not vectorise
// them, and the cold render of GPT-2's 38.6 M weights is bound by exactly these loops.
#if defined(__SSE2__)
namespace {

inline __m128i selectBits(__m128i mask, __m128i a, __m128i b)
{
    return _mm_or_si128(_mm_and_si128(mask, a), _mm_andnot_si128(mask, b));
}

inline __m128i maxKey(__m128i a, __m128i b)
{
    return selectBits(_mm_cmpgt_epi32(a, b), a, b);
}

inline std::uint32_t horizontalMax(__m128i v)
{
    alignas(16) std::uint32_t lanes[4];
    _mm_store_si128(reinterpret_cast<__m128i *>(lanes), v);
    return std::max(std::max(lanes[0], lanes[1]), std::max(lanes[2], lanes[3]));
}

// Keys are < 2^31, so the signed compares of SSE2 order them correctly.
inline __m128i finiteKey(__m128i key, __m128i inf)
{
    return _mm_and_si128(_mm_cmpgt_epi32(inf, key), key);
}

} // namespace
#endif

float accumulateMaxAbs(float *__restrict acc, const float *__restrict src, Index n)
{
    std::uint32_t limit = 0;
    Index j = 0;
#if defined(__SSE2__)
    const __m128i mask = _mm_set1_epi32(static_cast<int>(AbsMask));
    const __m128i inf = _mm_set1_epi32(static_cast<int>(InfBits));
    __m128i lim = _mm_setzero_si128();
    for (; j + 4 <= n; j += 4) {
        const __m128i s = _mm_castps_si128(_mm_loadu_ps(src + j));
        const __m128i a = _mm_castps_si128(_mm_loadu_ps(acc + j));
        const __m128i ks = _mm_and_si128(s, mask);
        const __m128i ka = _mm_and_si128(a, mask);
        _mm_storeu_ps(acc + j, _mm_castsi128_ps(selectBits(_mm_cmpgt_epi32(ks, ka), s, a)));
        lim = maxKey(finiteKey(ks, inf), lim);
    }
    limit = horizontalMax(lim);
#endif
    for (; j < n; ++j) {
        const std::uint32_t s = std::bit_cast<std::uint32_t>(src[j]);
        const std::uint32_t a = std::bit_cast<std::uint32_t>(acc[j]);
        const std::uint32_t ks = s & AbsMask;
        acc[j] = std::bit_cast<float>(ks > (a & AbsMask) ? s : a);
        const std::uint32_t finite = ks < InfBits ? ks : 0u;
        limit = finite > limit ? finite : limit;
    }
    return std::bit_cast<float>(limit);
}

float accumulateSum(float *__restrict acc, const float *__restrict src, Index n, float weight)
{
    std::uint32_t limit = 0;
    Index j = 0;
#if defined(__SSE2__)
    const __m128i mask = _mm_set1_epi32(static_cast<int>(AbsMask));
    const __m128i inf = _mm_set1_epi32(static_cast<int>(InfBits));
    const __m128 w = _mm_set1_ps(weight);
    __m128i lim = _mm_setzero_si128();
    for (; j + 4 <= n; j += 4) {
        const __m128 s = _mm_loadu_ps(src + j);
        _mm_storeu_ps(acc + j, _mm_add_ps(_mm_loadu_ps(acc + j), _mm_mul_ps(w, s)));
        lim = maxKey(finiteKey(_mm_and_si128(_mm_castps_si128(s), mask), inf), lim);
    }
    limit = horizontalMax(lim);
#endif
    for (; j < n; ++j) {
        acc[j] += weight * src[j];
        const std::uint32_t ks = absKey(src[j]);
        const std::uint32_t finite = ks < InfBits ? ks : 0u;
        limit = finite > limit ? finite : limit;
    }
    return std::bit_cast<float>(limit);
}

float aggregate(const float *values, Index count, Aggregation aggregation)
{
    if (count <= 0)
        return std::numeric_limits<float>::quiet_NaN();
    if (aggregation == Aggregation::MaxAbs) {
        float best = values[0];
        for (Index i = 1; i < count; ++i) {
            if (absKey(values[i]) > absKey(best))
                best = values[i];
        }
        return best;
    }
    double sum = 0.0;
    for (Index i = 0; i < count; ++i)
        sum += values[i];
    return static_cast<float>(sum / static_cast<double>(count));
}

float maxAbsFinite(const float *values, Index count)
{
    std::vector<float> limits(64, 0.0f);
    std::atomic<int> next{0};
    forEachStripe(
        count,
        [&](Index begin, Index end) {
            std::uint32_t limit = 0;
            Index i = begin;
#if defined(__SSE2__)
            const __m128i mask = _mm_set1_epi32(static_cast<int>(AbsMask));
            const __m128i inf = _mm_set1_epi32(static_cast<int>(InfBits));
            __m128i lim = _mm_setzero_si128();
            for (; i + 4 <= end; i += 4) {
                const __m128i k = _mm_and_si128(_mm_castps_si128(_mm_loadu_ps(values + i)), mask);
                lim = maxKey(finiteKey(k, inf), lim);
            }
            limit = horizontalMax(lim);
#endif
            for (; i < end; ++i) {
                const std::uint32_t k = absKey(values[i]);
                const std::uint32_t finite = k < InfBits ? k : 0u;
                limit = finite > limit ? finite : limit;
            }
            const int s = next.fetch_add(1);
            if (s < static_cast<int>(limits.size()))
                limits[static_cast<std::size_t>(s)] = std::bit_cast<float>(limit);
        },
        1 << 16);
    return *std::max_element(limits.begin(), limits.end());
}

void forEachStripe(Index count, const std::function<void(Index, Index)> &work, Index minPerStripe)
{
    if (count <= 0)
        return;
    const Index cores = std::clamp<Index>(std::thread::hardware_concurrency(), 1, 64);
    const Index stripes = std::clamp<Index>(count / std::max<Index>(minPerStripe, 1), 1, cores);
    std::vector<std::thread> threads;
    threads.reserve(static_cast<std::size_t>(stripes - 1));
    for (Index s = 0; s + 1 < stripes; ++s)
        threads.emplace_back(work, count * s / stripes, count * (s + 1) / stripes);
    work(count * (stripes - 1) / stripes, count);
    for (std::thread &t : threads)
        t.join();
}

std::vector<PyramidLevel> HeatmapPyramid::levelShapes(Index rows, Index columns)
{
    std::vector<PyramidLevel> levels{{rows, columns, 1, 1}};
    if (rows <= 0 || columns <= 0)
        return levels;
    while (levels.back().rows > SmallestSide || levels.back().columns > SmallestSide) {
        PyramidLevel l = levels.back();
        // Halve the longer axis first: a tall vocabulary matrix needs rows reduced long before columns.
        bool halveRows = l.rows > 2 * l.columns;
        bool halveColumns = l.columns > 2 * l.rows;
        if (!halveRows && !halveColumns)
            halveRows = halveColumns = true;
        halveRows = halveRows && l.rows > 1;
        halveColumns = halveColumns && l.columns > 1;
        // Levels that keep the columns whole add up to the matrix's own size: 2 GB more for Llama
        // 3's 128256 x 4096, GPT-2's 50257 x 768 too. Above BigLevelCells the rows are divided by 8 per level
        // (a frame then reads up to 16 cells per pixel there, still a few milliseconds).
        const Index step = halveRows && !halveColumns && l.rows * l.columns > BigLevelCells ? 8 : 2;
        if (halveRows) {
            l.rows = (l.rows + step - 1) / step;
            l.rowFactor *= step;
        }
        if (halveColumns) {
            l.columns = (l.columns + step - 1) / step;
            l.columnFactor *= step;
        }
        levels.push_back(l);
    }
    return levels;
}

HeatmapPyramid HeatmapPyramid::build(const float *data, Index rows, Index columns, Aggregation aggregation,
                                     const std::atomic<bool> *cancel)
{
    HeatmapPyramid p;
    p.m_base = data;
    p.m_aggregation = aggregation;
    p.m_levels = levelShapes(rows, columns);
    if (rows <= 0 || columns <= 0)
        return p;
    if (p.m_levels.size() == 1) {
        p.m_limit = maxAbsFinite(data, rows * columns);
        return p;
    }
    p.m_data.reserve(p.m_levels.size() - 1);
    for (std::size_t i = 1; i < p.m_levels.size(); ++i) {
        if (cancel && cancel->load())
            return p;
        const PyramidLevel &to = p.m_levels[i];
        std::vector<float> level(static_cast<std::size_t>(to.rows * to.columns));
        const float *src = i == 1 ? data : p.m_data.back().data();
        const float limit =
            reduceLevel(src, p.m_levels[i - 1], level.data(), to, p.m_levels[0], aggregation, cancel);
        if (cancel && cancel->load())
            return p; // the half-built level is garbage; the caller drops this pyramid anyway
        if (i == 1)
            p.m_limit = limit; // level 1 reads every base value once
        p.m_data.push_back(std::move(level));
    }
    return p;
}

namespace {

using SharedPyramid = std::shared_ptr<const HeatmapPyramid>;

struct PyramidKey {
    const core::Parameter *weight = nullptr;
    std::uint64_t version = 0;
    Aggregation aggregation = Aggregation::MaxAbs;
    const float *data = nullptr;
    bool operator==(const PyramidKey &) const = default;
};

// While a pyramid is alive its views keep its Parameter alive, so a key's address is never reused
// by another Parameter while the entry can still be found.
struct PyramidEntry {
    PyramidKey key;
    std::uint64_t startedAt = 0;                // stamp() when its build began: it read the values as of then
    std::shared_future<SharedPyramid> building; // valid while the first requester builds it
    std::weak_ptr<const HeatmapPyramid> done;
};

std::mutex &cacheMutex()
{
    static std::mutex mutex;
    return mutex;
}

std::vector<PyramidEntry> &cache()
{
    static std::vector<PyramidEntry> entries;
    return entries;
}

} // namespace

std::uint64_t HeatmapPyramid::stamp()
{
    static std::atomic<std::uint64_t> clock{0};
    return ++clock;
}

SharedPyramid HeatmapPyramid::shared(const core::ParameterPtr &weight, Aggregation aggregation,
                                     const std::atomic<bool> *cancel, std::uint64_t changedAt)
{
    const core::Matrix &w = weight->value();
    const PyramidKey key{weight.get(), weight->version(), aggregation, w.data()};
    const auto buildNow = [&] {
        return std::make_shared<const HeatmapPyramid>(
            build(w.data(), w.rows(), w.cols(), aggregation, cancel));
    };
    std::promise<SharedPyramid> promise;
    std::shared_future<SharedPyramid> other;
    std::uint64_t startedAt = 0;
    {
        const std::lock_guard lock(cacheMutex());
        auto &entries = cache();
        std::erase_if(entries, [](const PyramidEntry &e) { return !e.building.valid() && e.done.expired(); });
        // The newest build of these values: an older one may predate a write that kept the version.
        auto it = entries.end();
        for (auto e = entries.begin(); e != entries.end(); ++e) {
            if (e->key == key && e->startedAt > changedAt &&
                (it == entries.end() || e->startedAt > it->startedAt))
                it = e;
        }
        if (it != entries.end() && it->building.valid())
            other = it->building;
        else if (it != entries.end())
            return it->done.lock();
        if (!other.valid()) {
            startedAt = stamp();
            entries.push_back({key, startedAt, promise.get_future().share(), {}});
        }
    }
    if (other.valid()) {
        // Built by another view meanwhile; a cancelled build is incomplete: make our own.
        SharedPyramid built = other.get();
        return built && built->isComplete() ? built : buildNow();
    }
    SharedPyramid built = buildNow();
    promise.set_value(built);
    const std::lock_guard lock(cacheMutex());
    for (PyramidEntry &e : cache()) {
        if (e.key == key && e.startedAt == startedAt) {
            e.building = {};
            if (built->isComplete())
                e.done = built;
        }
    }
    return built;
}

const float *HeatmapPyramid::levelData(int i) const
{
    if (i == 0)
        return m_base;
    return m_data[static_cast<std::size_t>(i - 1)].data();
}

int HeatmapPyramid::chooseLevel(double rowsPerPixel, double columnsPerPixel) const
{
    // A cancelled build has fewer data levels than shapes; never pick a missing one.
    std::vector<PyramidLevel> built(
        m_levels.begin(),
        m_levels.begin() + static_cast<std::ptrdiff_t>(std::min(m_levels.size(), m_data.size() + 1)));
    return chooseLevel(built, rowsPerPixel, columnsPerPixel);
}

int HeatmapPyramid::chooseLevel(const std::vector<PyramidLevel> &levels, double rowsPerPixel,
                                double columnsPerPixel)
{
    const double r = std::max(1.0, rowsPerPixel) * (1.0 + 1e-9);
    const double c = std::max(1.0, columnsPerPixel) * (1.0 + 1e-9);
    for (int i = static_cast<int>(levels.size()) - 1; i > 0; --i) {
        const PyramidLevel &l = levels[static_cast<std::size_t>(i)];
        if (static_cast<double>(l.rowFactor) <= r && static_cast<double>(l.columnFactor) <= c)
            return i;
    }
    return 0;
}

} // namespace embedlab::ui
