// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/tensor/Parameter.h"

#include "core/tensor/Error.h"
#include "core/tensor/Retire.h"

#include <sys/resource.h>

#include <algorithm>
#include <cassert>
#include <fstream>
#include <limits>
#include <mutex>
#include <string>
#include <thread>
#include <utility>

namespace embedlab::core {

std::uint64_t availableMemoryBytes()
{
    std::uint64_t available = std::numeric_limits<std::uint64_t>::max();
    std::ifstream meminfo("/proc/meminfo");
    std::string key;
    std::uint64_t kib = 0;
    std::string unit;
    while (meminfo >> key >> kib >> unit) {
        if (key == "MemAvailable:") {
            available = kib * 1024;
            break;
        }
    }
    rlimit limit{};
    if (getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY)
        available = std::min<std::uint64_t>(available, limit.rlim_cur);
    return available;
}

void checkShapeAllocatable(const Shape &shape, std::size_t elementSize)
{
    for (Index d : shape) {
        if (d < 0)
            throw Error(Error::Kind::RuntimeError, "Trying to create tensor with negative dimension " +
                                                       std::to_string(d) + ": " + shapeString(shape));
    }
    std::uint64_t bytes = elementSize;
    for (Index d : shape) {
        if (__builtin_mul_overflow(bytes, static_cast<std::uint64_t>(d), &bytes))
            throw Error(Error::Kind::RuntimeError,
                        "Storage size calculation overflowed with sizes=" + shapeString(shape));
    }
    if (bytes > availableMemoryBytes())
        throw Error(Error::Kind::MemoryError,
                    "DefaultCPUAllocator: can't allocate memory: you tried to allocate " +
                        std::to_string(bytes) + " bytes.");
}

Parameter::Parameter(Shape shape)
    : m_shape(std::move(shape))
{
    assert((m_shape.size() == 1 || m_shape.size() == 2) && "Parameter supports rank 1 (bias) and 2 (weight)");
    checkShapeAllocatable(m_shape);
    m_owned.resize(rows(), cols());
    m_data = m_owned.data();
}

Parameter::Parameter(Shape shape, float *data, std::shared_ptr<void> keepAlive, Remap remap)
    : m_shape(std::move(shape))
    , m_keepAlive(std::move(keepAlive))
    , m_data(data)
    , m_remap(std::move(remap))
{
    assert((m_shape.size() == 1 || m_shape.size() == 2) && "Parameter supports rank 1 (bias) and 2 (weight)");
    assert(m_keepAlive && "a parameter in place needs what keeps its storage alive");
}

Parameter::Parameter(Shape shape, const std::uint16_t *words, HalfType type, std::shared_ptr<void> keepAlive)
    : m_shape(std::move(shape))
    , m_keepAlive(std::move(keepAlive))
    , m_words(words)
    , m_halfType(type)
{
    assert((m_shape.size() == 1 || m_shape.size() == 2) && "Parameter supports rank 1 (bias) and 2 (weight)");
    assert(m_keepAlive && "a parameter in place needs what keeps its storage alive");
}

std::optional<HalfType> Parameter::halfType() const
{
    if (m_words && !m_data.load(std::memory_order_acquire))
        return m_halfType;
    return std::nullopt;
}

float *Parameter::convert() const
{
    // One conversion however many threads ask at once; rare (a first write, or a reader that needs
    // the whole matrix as float32), so one lock for every parameter.
    static std::mutex converting;
    const std::lock_guard lock(converting);
    if (float *values = m_data.load(std::memory_order_acquire))
        return values;
    if (!m_words)
        return m_owned.data(); // no elements: Eigen's empty storage is null
    checkShapeAllocatable(m_shape);
    m_owned.resize(rows(), cols());
    float *out = m_owned.data();
    const auto count = static_cast<std::size_t>(numel());
    const auto half = [&](std::size_t begin, std::size_t end) {
        widen(m_words + begin, m_halfType, out + begin, end - begin);
    };
    if (count >= (std::size_t{1} << 22) && std::thread::hardware_concurrency() > 1) {
        std::thread helper(half, count / 2, count);
        half(0, count / 2);
        helper.join();
    } else {
        half(0, count);
    }
    m_convertedAt = m_version;
    m_data.store(out, std::memory_order_release);
    return out;
}

Parameter::Parameter(Parameter &&other) noexcept
    : m_shape(std::move(other.m_shape))
    , m_owned(std::move(other.m_owned))
    , m_keepAlive(std::move(other.m_keepAlive))
    , m_data(other.m_data.exchange(nullptr))
    , m_words(std::exchange(other.m_words, nullptr))
    , m_halfType(other.m_halfType)
    , m_grad(std::move(other.m_grad))
    , m_version(other.m_version)
    , m_convertedAt(other.m_convertedAt)
    , m_remap(std::move(other.m_remap))
    , m_mappedAt(other.m_mappedAt)
    , m_summary(std::move(other.m_summary))
    , m_summaryVersion(other.m_summaryVersion)
    , m_overview(other.m_overview.exchange(nullptr))
    , m_overviewVersion(other.m_overviewVersion.load())
{}

Parameter &Parameter::operator=(Parameter &&other) noexcept
{
    m_shape = std::move(other.m_shape);
    m_owned = std::move(other.m_owned);
    m_keepAlive = std::move(other.m_keepAlive);
    m_data.store(other.m_data.exchange(nullptr));
    m_words = std::exchange(other.m_words, nullptr);
    m_halfType = other.m_halfType;
    m_grad = std::move(other.m_grad);
    m_version = other.m_version;
    m_convertedAt = other.m_convertedAt;
    m_remap = std::move(other.m_remap);
    m_mappedAt = other.m_mappedAt;
    m_summary = std::move(other.m_summary);
    m_summaryVersion = other.m_summaryVersion;
    m_overview.store(other.m_overview.exchange(nullptr));
    m_overviewVersion.store(other.m_overviewVersion.load());
    return *this;
}

std::shared_ptr<Parameter> Parameter::clone() const
{
    auto copy = std::make_shared<Parameter>(m_shape);
    copyRows(0, rows(), copy->m_owned.data());
    copy->m_grad = m_grad;
    return copy;
}

std::shared_ptr<Parameter> Parameter::snapshot() const
{
    std::shared_ptr<Parameter> copy;
    if (holdsFileValues() && m_words) {
        copy = std::make_shared<Parameter>(m_shape, m_words, m_halfType, m_keepAlive);
    } else if (holdsFileValues()) {
        std::shared_ptr<std::uint8_t> again = m_remap();
        auto *values = reinterpret_cast<float *>(again.get());
        copy = std::make_shared<Parameter>(m_shape, values, std::move(again), m_remap);
    } else {
        copy = std::make_shared<Parameter>(m_shape);
        copyRows(0, rows(), copy->m_owned.data());
    }
    if (const std::optional<Summary> summary = recordedSummary())
        copy->recordSummary(*summary);
    if (std::shared_ptr<const Overview> recorded = overview())
        copy->recordOverview(std::move(recorded));
    return copy;
}

bool Parameter::holdsFileValues() const
{
    // Words still hold the values while they are not converted, or converted and not written.
    if (m_words)
        return halfType() || m_convertedAt == m_version;
    return m_remap && m_mappedAt == m_version;
}

void Parameter::retireStorage()
{
    // A moved Matrix keeps its heap buffer, so m_data stays valid until the storage is retired.
    if (m_keepAlive)
        retire(std::move(m_keepAlive));
    m_keepAlive = nullptr;
    m_words = nullptr;
    m_remap = nullptr;
    retire(std::move(m_owned));
    m_owned = Matrix();
}

void Parameter::replaceValue(Matrix &&values)
{
    assert(values.rows() == rows() && values.cols() == cols() &&
           "replaceValue() takes values of the parameter's shape");
    retireStorage();
    m_owned = std::move(values);
    m_data.store(m_owned.data());
    bumpVersion();
}

void Parameter::replaceValue(Parameter &&source)
{
    assert(source.m_shape == m_shape && "replaceValue() takes values of the parameter's shape");
    const std::optional<Summary> summary = source.recordedSummary();
    std::shared_ptr<const Overview> overview = source.overview();
    const bool fileValues = source.holdsFileValues(); // m_mappedAt counts for float32 in a mapping only
    retireStorage();
    m_owned = std::move(source.m_owned);
    m_keepAlive = std::move(source.m_keepAlive);
    m_data.store(source.m_data.exchange(nullptr));
    m_words = std::exchange(source.m_words, nullptr);
    m_halfType = source.m_halfType;
    m_remap = std::move(source.m_remap);
    bumpVersion();
    if (fileValues)
        m_mappedAt = m_version;
    if (summary)
        recordSummary(*summary);
    if (overview)
        recordOverview(std::move(overview));
}

void Parameter::copyRows(Index first, Index count, float *out) const
{
    const auto n = static_cast<std::size_t>(count * cols());
    if (n == 0)
        return;
    if (const float *values = m_data.load(std::memory_order_acquire))
        std::copy_n(values + first * cols(), n, out);
    else
        widen(m_words + first * cols(), m_halfType, out, n);
}

void Parameter::copyBlock(Index firstRow, Index rowCount, Index firstColumn, Index columnCount,
                          float *out) const
{
    const float *values = m_data.load(std::memory_order_acquire);
    for (Index r = 0; r < rowCount; ++r) {
        const Index at = (firstRow + r) * cols() + firstColumn;
        if (values)
            std::copy_n(values + at, columnCount, out + r * columnCount);
        else
            widen(m_words + at, m_halfType, out + r * columnCount, static_cast<std::size_t>(columnCount));
    }
}

float Parameter::at(Index row, Index column) const
{
    float value = 0.0f;
    const Index i = row * cols() + column;
    if (const float *values = m_data.load(std::memory_order_acquire))
        value = values[i];
    else
        widen(m_words + i, m_halfType, &value, 1);
    return value;
}

Tensor Parameter::toTensor() const
{
    Tensor t;
    t.shape = m_shape;
    t.data.resize(static_cast<std::size_t>(numel()));
    copyRows(0, rows(), t.data.data());
    return t;
}

void Parameter::accumulateGrad(const Matrix &g)
{
    assert(g.rows() == rows() && g.cols() == cols() && "gradient shape must equal the parameter's");
    if (!hasGrad())
        m_grad = g;
    else
        m_grad += g;
}

Summary Parameter::summary() const
{
    if (const std::optional<Summary> recorded = recordedSummary())
        return *recorded;
    if (const float *values = m_data.load(std::memory_order_acquire))
        return summarize(values, numel());
    // Words not converted: a run at a time is converted and summed, so looking makes no copy.
    static_assert(kRowBlockElements % SummaryBuilder::kBlock == 0, "runs start at multiples of kBlock");
    SummaryBuilder builder(numel());
    Index at = 0;
    forEachRun(0, numel(), [&builder, &at](const float *run, Index n) {
        builder.addRun(run, at, at + n);
        at += n;
    });
    return builder.finish();
}

std::optional<Summary> Parameter::recordedSummary() const
{
    return m_summary && m_summaryVersion == m_version ? m_summary : std::nullopt;
}

void Parameter::recordSummary(const Summary &summary)
{
    m_summary = summary;
    m_summaryVersion = m_version;
}

void Parameter::bumpVersion()
{
    ++m_version;
    // The old values' overview (1/8 of a tall matrix) would otherwise live as long as the parameter.
    if (m_overview.load(std::memory_order_relaxed))
        m_overview.store(nullptr);
}

void Parameter::renewVersion()
{
    const bool summaryCurrent = m_summaryVersion == m_version;
    const bool overviewCurrent = m_overviewVersion.load() == m_version;
    const bool mappingCurrent = m_mappedAt == m_version, convertedCurrent = m_convertedAt == m_version;
    ++m_version;
    if (mappingCurrent)
        m_mappedAt = m_version;
    if (convertedCurrent)
        m_convertedAt = m_version;
    if (summaryCurrent)
        m_summaryVersion = m_version;
    if (overviewCurrent)
        m_overviewVersion.store(m_version);
}

std::shared_ptr<const Overview> Parameter::overview() const
{
    std::shared_ptr<const Overview> recorded = m_overview.load();
    return recorded && m_overviewVersion.load() == m_version ? recorded : nullptr;
}

void Parameter::recordOverview(std::shared_ptr<const Overview> overview)
{
    m_overviewVersion.store(m_version);
    m_overview.store(std::move(overview));
}

} // namespace embedlab::core
