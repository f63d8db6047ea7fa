// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <Eigen/Core>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <new>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace embedlab::core {

using Index = Eigen::Index;
/// Row-major like PyTorch's contiguous [rows, cols]: `W.row(i)` is the embedding of token i.
using Matrix = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using Shape = std::vector<Index>;
/// A Parameter's values where they lie (its own buffer or a weight file's mapping), as a matrix.
using MatrixMap = Eigen::Map<Matrix>;
using ConstMatrixMap = Eigen::Map<const Matrix>;
/// A read-only matrix argument that takes a Matrix or a MatrixMap without copying it.
using ConstMatrixRef = Eigen::Ref<const Matrix>;

/// A map that becomes a Matrix only when asked (`Matrix copy(map)`, `map.eval()`): an implicit
/// conversion (`const Matrix &w = p.value()`, a `const Matrix &` argument), which would copy a 2 GB
/// weight unseen, does not compile.
template <typename Map> struct ExplicitCopyMap : Map {
    using Map::Map;
    using Map::operator=;
    operator Matrix() const = delete;
};

/// Number of elements of a shape (1 for a 0-d shape).
Index numel(const Shape &shape);
/// "[4, 5]" as PyTorch's torch.Size prints inside brackets.
std::string shapeString(const Shape &shape);
/// "4x5", the CLI's and PyTorch's error messages' way of writing a 2-D shape.
std::string shapeCross(const Shape &shape);

/// std::allocator whose value-initialisation leaves floats (and other trivial types) uninitialised:
/// `resize(n)` and `FloatStorage(n)` allocate without the zero-fill, `FloatStorage(n, 0.0f)` still
/// fills. A zero-filled 50 MB lookup output or 103 MB logits tensor would be written twice.
template <typename T> struct DefaultInitAllocator : std::allocator<T> {
    using std::allocator<T>::allocator;
    template <typename U> struct rebind {
        using other = DefaultInitAllocator<U>;
    };
    template <typename U> void construct(U *p) noexcept(std::is_nothrow_default_constructible_v<U>)
    {
        ::new (static_cast<void *>(p)) U;
    }
    template <typename U, typename... Args> void construct(U *p, Args &&...args)
    {
        ::new (static_cast<void *>(p)) U(std::forward<Args>(args)...);
    }
};

/// A Tensor's elements. Not a std::vector<float>: copy between the two with assign() or a range
/// constructor; == compares them element by element.
using FloatStorage = std::vector<float, DefaultInitAllocator<float>>;

inline bool operator==(const FloatStorage &a, const std::vector<float> &b)
{
    return std::equal(a.begin(), a.end(), b.begin(), b.end());
}

/// Tag for a Tensor whose elements are written next: its storage is left uninitialised.
struct Uninitialized {
    explicit Uninitialized() = default;
};
inline constexpr Uninitialized uninitialized{};

/// A non-owning view of contiguous float32 storage with a PyTorch shape. Initialisers take this.
struct TensorSpan {
    float *data = nullptr;
    Shape shape;
    Index numel() const { return core::numel(shape); }
    Index dim() const { return static_cast<Index>(shape.size()); }
};

/// A dense, contiguous float32 tensor of any rank (forward outputs, logits, gradients to print).
struct Tensor {
    Shape shape;
    FloatStorage data;

    Tensor() = default;
    explicit Tensor(Shape s, float fill = 0.0f);
    /// Storage for a result of which every element is written before it is read.
    Tensor(Shape s, Uninitialized);

    Index numel() const { return static_cast<Index>(data.size()); }
    Index dim() const { return static_cast<Index>(shape.size()); }
    TensorSpan span() { return {data.data(), shape}; }
    /// View a rank-2 tensor (or the rows of a rank-N tensor flattened to [-1, last]) as a matrix.
    Eigen::Map<Matrix> asMatrix();
    Eigen::Map<const Matrix> asMatrix() const;
    bool operator==(const Tensor &) const = default;
};

/// A dense int64 tensor: token ids, one-hot vectors, histc counts as PyTorch returns them in int mode.
struct LongTensor {
    Shape shape;
    std::vector<std::int64_t> data;

    Index numel() const { return static_cast<Index>(data.size()); }
    Index dim() const { return static_cast<Index>(shape.size()); }
    bool operator==(const LongTensor &) const = default;
};

} // namespace embedlab::core
