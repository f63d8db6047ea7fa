// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/heatmap/HeatmapPyramid.h"

#include <QObject>

#include <algorithm>
#include <future>
#include <mutex>
#include <thread>

namespace embedlab::ui {

namespace {

// Rows [first, first + count) of a level as float32: where they lie, or converted into `scratch`.
using LevelRows = std::function<const float *(Index first, Index count, std::vector<float> &scratch)>;

// Builds level `to` into `dst` from the level before it, `from`, read through `rowsOf` a row group
// at a time (16-bit words are converted then). One row of `to` at a time, with both cores.
float reduceLevel(const LevelRows &rowsOf, const PyramidLevel &from, core::LevelCells &dst,
                  const PyramidLevel &to, const PyramidLevel &base, Aggregation aggregation,
                  const std::atomic<bool> *cancel)
{
    std::vector<float> stripeLimits(64, 0.0f);
    std::atomic<int> stripeIndex{0};
    const Index groupRows = to.rowFactor / from.rowFactor;
    forEachStripe(
        to.rows,
        [&](Index begin, Index end) {
            float limit = 0.0f;
            std::vector<float> scratch, group, row(static_cast<std::size_t>(to.columns));
            for (Index i = begin; i < end; ++i) {
                if (cancel && (i & 63) == 0 && cancel->load(std::memory_order_relaxed))
                    break;
                const Index first = i * groupRows;
                const float *rows = rowsOf(first, std::min(groupRows, from.rows - first), group);
                limit = std::max(limit, core::downsampleRowInto(rows, from, row.data(), to, base, aggregation,
                                                                i, scratch));
                dst.store(i * to.columns, row.data(), to.columns);
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

float maxAbsFinite(const core::Parameter &weight)
{
    if (const std::shared_ptr<const core::Overview> overview = weight.overview())
        return overview->limit;
    float limit = 0.0f;
    weight.forEachRun(0, weight.numel(), [&limit](const float *values, Index n) {
        limit = std::max(limit, maxAbsFinite(values, n));
    });
    return limit;
}

float maxAbsFinite(const float *values, Index count)
{
    std::vector<float> limits(64, 0.0f);
    std::atomic<int> next{0};
    forEachStripe(
        count,
        [&](Index begin, Index end) {
            const float limit = core::maxAbsFiniteRun(values + begin, end - begin);
            const int s = next.fetch_add(1);
            if (s < static_cast<int>(limits.size()))
                limits[static_cast<std::size_t>(s)] = limit;
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
    return core::pyramidLevels(rows, columns);
}

HeatmapPyramid HeatmapPyramid::build(const float *data, Index rows, Index columns, Aggregation aggregation,
                                     const std::atomic<bool> *cancel,
                                     std::shared_ptr<const core::Overview> overview)
{
    // RowSource only reads; TensorSpan is the core's one way to hand a matrix over.
    return build(core::TensorSpan{const_cast<float *>(data), {rows, columns}}, aggregation, cancel,
                 std::move(overview));
}

HeatmapPyramid HeatmapPyramid::build(const core::RowSource &matrix, Aggregation aggregation,
                                     const std::atomic<bool> *cancel,
                                     std::shared_ptr<const core::Overview> overview)
{
    HeatmapPyramid p;
    p.m_base = matrix.data();
    p.m_aggregation = aggregation;
    const Index rows = matrix.rows(), columns = matrix.cols();
    p.m_levels = levelShapes(rows, columns);
    if (rows <= 0 || columns <= 0)
        return p;
    if (p.m_levels.size() == 1) {
        std::vector<float> scratch; // at most 256 x 256
        p.m_limit = maxAbsFinite(matrix.rowsAt(0, rows, scratch), rows * columns);
        return p;
    }
    p.m_data.reserve(p.m_levels.size() - 1);
    std::optional<core::HalfType> words;
    if (overview && overview->level == p.m_levels[1] && overview->aggregation == aggregation) {
        // Level 1 is the one part that reads every weight: the decode made it already.
        p.m_limit = overview->limit;
        p.m_data.emplace_back(overview, &overview->values);
        words = overview->values.wordsType();
    }
    for (std::size_t i = p.m_data.size() + 1; i < p.m_levels.size(); ++i) {
        if (cancel && cancel->load())
            return p;
        const PyramidLevel &to = p.m_levels[i];
        auto level = std::make_shared<core::LevelCells>(to.rows * to.columns, words);
        const PyramidLevel &from = p.m_levels[i - 1];
        const core::LevelCells *previous = i == 1 ? nullptr : p.m_data.back().get();
        const LevelRows rowsOf = [&](Index first, Index count, std::vector<float> &scratch) {
            return previous ? previous->rowsAt(first, count, from.columns, scratch)
                            : matrix.rowsAt(first, count, scratch);
        };
        const float limit = reduceLevel(rowsOf, from, *level, to, p.m_levels[0], aggregation, cancel);
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
    const void *storage = nullptr;
    bool operator==(const PyramidKey &) const = default;
};

// While a pyramid is alive its views keep its Parameter alive, so a key's address is never reused
// by another Parameter while the entry can still be found.
struct PyramidEntry {
    PyramidKey key;
    std::uint64_t startedAt = 0;                // stamp() when its build began: it read the values as of then
    std::shared_future<SharedPyramid> building; // valid while the first requester builds it
    std::weak_ptr<const HeatmapPyramid> done;
    /// The overview recorded with the values it was built from: while the parameter still has it,
    /// the values have not been written since (every writer drops it), whatever `changedAt` says.
    std::weak_ptr<const core::Overview> overview;
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
    const PyramidKey key{weight.get(), weight->version(), aggregation, weight->storage()};
    // The decode's overview is of the values at this version. Not dropped for `changedAt`: the Lab
    // tells the views of a write after every rebuild, a load too, and every writer bumps.
    const std::shared_ptr<const core::Overview> overview = weight->overview();
    const auto buildNow = [&] {
        // bf16 or f16 words in place stay words: every level is made, and level 0 drawn, from rows
        // converted a few at a time (a mean too, which the load's max |w| overview is not).
        const bool words = weight->halfType().has_value();
        HeatmapPyramid p = build(core::RowSource(weight), aggregation, cancel, overview);
        p.m_storage = key.storage;
        if (words)
            p.m_source = weight;
        return std::make_shared<const HeatmapPyramid>(std::move(p));
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
            const bool sameValues = e->startedAt > changedAt || (overview && e->overview.lock() == overview);
            if (e->key == key && sameValues && (it == entries.end() || e->startedAt > it->startedAt))
                it = e;
        }
        if (it != entries.end() && it->building.valid())
            other = it->building;
        else if (it != entries.end())
            return it->done.lock();
        if (!other.valid()) {
            startedAt = stamp();
            entries.push_back({key, startedAt, promise.get_future().share(), {}, overview});
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
        return m_base; // null for 16-bit words in place: wordsSource()
    return m_data[static_cast<std::size_t>(i - 1)]->floats();
}

const core::LevelCells *HeatmapPyramid::levelCells(int i) const
{
    return i == 0 ? nullptr : m_data[static_cast<std::size_t>(i - 1)].get();
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
