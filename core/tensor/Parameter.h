// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/tensor/Half.h"
#include "core/tensor/Stats.h"
#include "core/tensor/Tensor.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>

namespace embedlab::core {

struct Overview;

/// Refuses an allocation of `bytes` that would not fit in the memory available, before allocating,
/// with PyTorch's allocator message ("DefaultCPUAllocator: can't allocate memory: you tried to
/// allocate N bytes."). Negative dimensions get PyTorch's "Trying to create tensor with negative
/// dimension -1: [-1, 5]".
void checkShapeAllocatable(const Shape &shape, std::size_t elementSize = sizeof(float));
/// Bytes of memory this process may still allocate (MemAvailable, capped by RLIMIT_AS).
std::uint64_t availableMemoryBytes();

/// A learnable float32 tensor (`nn.Parameter`). Rank 1 or 2; a rank-1 parameter of n elements is
/// stored as a 1 x n matrix. Layers hold it through a shared_ptr, so tying is aliasing.
///
/// The values live in the parameter's own buffer or, for a float32 tensor of a weight file, in place
/// in a private writable mapping of the file (`keepAlive` owns it): reading costs no copy, and the
/// first write to a page copies that page only (copy-on-write), never the file.
///
/// A bf16 or f16 tensor of a weight file is read in place too, as its 16-bit words: forEachRowBlock()
/// converts the rows it is asked for (exactly), and the first value() makes the float32 copy, once.
class Parameter {
public:
    explicit Parameter(Shape shape);
    /// Maps the same bytes of the same file again, privately: a fresh view of the file's values.
    using Remap = std::function<std::shared_ptr<std::uint8_t>()>;
    /// The values at `data` (numel(shape) floats, C order), kept valid by `keepAlive`. With `remap`
    /// (a mapping of a file), snapshot() maps the file again while the values are not written.
    Parameter(Shape shape, float *data, std::shared_ptr<void> keepAlive, Remap remap = {});
    /// The values as numel(shape) little-endian `type` words at `words` (C order), kept valid by
    /// `keepAlive`; no float32 copy is made until value() or span() asks for one.
    Parameter(Shape shape, const std::uint16_t *words, HalfType type, std::shared_ptr<void> keepAlive);
    Parameter(const Parameter &) = delete; // big buffers are move-only; clone() is explicit
    Parameter &operator=(const Parameter &) = delete;
    Parameter(Parameter &&other) noexcept;
    Parameter &operator=(Parameter &&other) noexcept;

    std::shared_ptr<Parameter> clone() const;
    /// The values as they are now, for undo, with what is recorded of them (summary, overview):
    /// 16-bit words that still hold them (not converted, or not written since) are shared, mapping
    /// and all (no copy of a 1 GB bf16 matrix); float32 values in a file's mapping not written since
    /// are that file mapped again (no copy of a 2 GB .npy); anything else is copied. No gradient.
    std::shared_ptr<Parameter> snapshot() const;
    /// True while the values are a weight file's own bytes where they lie, not written since:
    /// snapshot() then costs no copy, and taking its storage back (replaceValue()) gives up the
    /// pages written meanwhile.
    bool holdsFileValues() const;

    const Shape &shape() const { return m_shape; }
    Index numel() const { return core::numel(m_shape); }
    Index dim() const { return static_cast<Index>(m_shape.size()); }
    std::size_t bytes() const { return static_cast<std::size_t>(numel()) * sizeof(float); }
    Index rows() const { return m_shape.size() == 1 ? 1 : m_shape[0]; }
    Index cols() const { return m_shape.back(); }

    /// The values where they lie; bind them with `auto`. A copy is explicit: `Matrix copy(p.value())`.
    /// Values stored as 16-bit words are converted to float32 here, once (halfType() is empty then).
    ExplicitCopyMap<MatrixMap> value() { return {floats(), rows(), cols()}; }
    ExplicitCopyMap<ConstMatrixMap> value() const { return {floats(), rows(), cols()}; }
    TensorSpan span() { return {floats(), m_shape}; }
    /// True when the values are read in place from a weight file's mapping.
    bool inPlace() const { return m_keepAlive != nullptr; }
    /// Where the values lie now (their float32 storage, or their 16-bit words): a cache of results
    /// keyed on it and version() sees a new storage, without asking for a conversion.
    const void *storage() const
    {
        const float *values = m_data.load(std::memory_order_acquire);
        return values ? static_cast<const void *>(values) : m_words;
    }
    /// The 16-bit type the values are stored as, while no float32 copy of them exists.
    std::optional<HalfType> halfType() const;
    /// The bfloat16 words the values lie in, while no float32 copy of them exists; else null (the
    /// kernels read them directly: core/simd's rowDotsBf16).
    const std::uint16_t *bfloat16Words() const
    {
        return halfType() == HalfType::BFloat16 ? m_words : nullptr;
    }
    /// Bytes the values take where they lie now: 2 per element for 16-bit words not yet converted.
    std::size_t storedBytes() const { return halfType() ? bytes() / 2 : bytes(); }

    /// Rows [first, first + count) as float32, in order, without a copy of the matrix: calls
    /// `block(const float *rows, Index firstRow, Index rowCount)` for consecutive runs that cover them.
    /// Float32 values are passed where they lie, in one call; 16-bit words are converted run by run
    /// into a scratch of about kRowBlockElements. The bits are value()'s.
    template <typename Block> void forEachRowBlock(Index first, Index count, Block &&block) const;
    static constexpr Index kRowBlockElements = Index{1} << 16;
    /// Elements [begin, end) in C order as float32, as forEachRowBlock() gives rows: calls
    /// `run(const float *values, Index count)` for consecutive runs that cover them.
    template <typename Run> void forEachRun(Index begin, Index end, Run &&run) const;
    /// Rows [first, first + count) as float32 into `out` (count * cols() floats), value()'s bits,
    /// without a float32 copy of the matrix.
    void copyRows(Index first, Index count, float *out) const;
    /// Columns [firstColumn, firstColumn + columnCount) of rows [firstRow, firstRow + rowCount) as
    /// float32 into `out`, row after row (rowCount * columnCount floats): what a zoomed view shows.
    void copyBlock(Index firstRow, Index rowCount, Index firstColumn, Index columnCount, float *out) const;
    /// One value, value()'s bits, without a float32 copy of the matrix.
    float at(Index row, Index column) const;
    /// Takes `values` (of value()'s size) as its storage without a copy and bumps the version. The old
    /// storage is retired (core/tensor/Retire.h): a worker reading it keeps it until it ends.
    void replaceValue(Matrix &&values);
    /// Takes `source`'s storage (its buffer or its mapping) as replaceValue() does, with the summary
    /// and overview recorded of its values.
    void replaceValue(Parameter &&source);
    /// Values where they lie are copied with `value() = ...` or taken with replaceValue(Parameter &&).
    void replaceValue(const MatrixMap &) = delete;
    void replaceValue(const ConstMatrixMap &) = delete;
    Tensor toTensor() const;

    /// `.grad`: empty (0 x 0) until a backward pass accumulates into it, as PyTorch's None.
    bool hasGrad() const { return m_grad.size() == numel() && numel() > 0; }
    Matrix &grad() { return m_grad; }
    const Matrix &grad() const { return m_grad; }
    /// `.grad += g`, allocating a zero gradient first when there is none.
    void accumulateGrad(const Matrix &g);
    void zeroGrad() { m_grad.resize(0, 0); } // optimizer.zero_grad(set_to_none=True)

    /// Increments on every write through any owner; views use it to know when to repaint.
    std::uint64_t version() const { return m_version; }
    /// After a write: what was recorded of the old values (summary, overview) is dropped.
    void bumpVersion();
    /// A new version() with the values unchanged (a layer took this parameter as its weight: views
    /// keyed on the version look again); what was recorded of the values stays (issue #15).
    void renewVersion();

    /// summarize() of value(): the one recorded with recordSummary() when value() has not been
    /// written since (version() unchanged), else computed now (a pass over the data).
    Summary summary() const;
    /// The summary recorded for value() as it is now, without computing one; std::nullopt when none is.
    std::optional<Summary> recordedSummary() const;
    /// Records summarize()'s result for value() as it is now (a weight file's decode computes it on
    /// the way, without another pass over 2 GB).
    void recordSummary(const Summary &summary);

    /// The heatmap overview of value() recorded with recordOverview(), while value() has not been
    /// written since; else nullptr (never computed here). Thread-safe against bumpVersion().
    std::shared_ptr<const Overview> overview() const;
    /// Records the overview of value() as it is now (a weight file's decode makes it on the way).
    void recordOverview(std::shared_ptr<const Overview> overview);

private:
    float *floats() const;
    float *convert() const;
    void retireStorage();

    Shape m_shape;
    // The values, unless they lie in a mapping as float32; for 16-bit words, their conversion once
    // asked for (mutable: value() const makes it).
    mutable Matrix m_owned;
    std::shared_ptr<void> m_keepAlive; // the mapping they lie in, else null
    // m_owned.data() or a place in the mapping; null while 16-bit words are not converted yet.
    mutable std::atomic<float *> m_data{nullptr};
    const std::uint16_t *m_words = nullptr; // the 16-bit words in the mapping, else null
    HalfType m_halfType = HalfType::BFloat16;
    Matrix m_grad;
    std::uint64_t m_version = 0;
    mutable std::uint64_t m_convertedAt = 0; // m_version when the words were converted
    Remap m_remap;                           // float32 in a file's mapping: the file mapped again
    std::uint64_t m_mappedAt = 0;            // m_version when the mapping held the file's values
    std::optional<Summary> m_summary;
    std::uint64_t m_summaryVersion = 0;
    // Atomic: heatmap workers read them while a write on another thread drops them.
    std::atomic<std::shared_ptr<const Overview>> m_overview;
    std::atomic<std::uint64_t> m_overviewVersion{0};
};

using ParameterPtr = std::shared_ptr<Parameter>;

inline float *Parameter::floats() const
{
    float *values = m_data.load(std::memory_order_acquire);
    return values ? values : convert();
}

template <typename Block> void Parameter::forEachRowBlock(Index first, Index count, Block &&block) const
{
    if (count <= 0)
        return;
    const Index columns = cols();
    if (const float *values = m_data.load(std::memory_order_acquire)) {
        block(static_cast<const float *>(values + first * columns), first, count);
        return;
    }
    const Index step = std::clamp<Index>(kRowBlockElements / std::max<Index>(columns, 1), 1, count);
    FloatStorage scratch(static_cast<std::size_t>(step * columns));
    for (Index r = first; r < first + count; r += step) {
        const Index n = std::min(step, first + count - r);
        widen(m_words + r * columns, m_halfType, scratch.data(), static_cast<std::size_t>(n * columns));
        block(static_cast<const float *>(scratch.data()), r, n);
    }
}

template <typename Run> void Parameter::forEachRun(Index begin, Index end, Run &&run) const
{
    if (end <= begin)
        return;
    if (const float *values = m_data.load(std::memory_order_acquire)) {
        run(static_cast<const float *>(values + begin), end - begin);
        return;
    }
    FloatStorage scratch(static_cast<std::size_t>(std::min(kRowBlockElements, end - begin)));
    for (Index at = begin; at < end; at += kRowBlockElements) {
        const Index n = std::min(kRowBlockElements, end - at);
        widen(m_words + at, m_halfType, scratch.data(), static_cast<std::size_t>(n));
        run(static_cast<const float *>(scratch.data()), n);
    }
}

} // namespace embedlab::core
