// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <Eigen/Core>

#include <cstdint>
#include <string>
#include <vector>

namespace embedlab::core {

using Index = Eigen::Index;
/// Row-major like PyTorch's contiguous [rows, cols]: `W.row(i)` is the embedding of token i.
using Matrix = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using Shape = std::vector<Index>;

/// Number of elements of a shape (1 for a 0-d shape).
Index numel(const Shape &shape);
/// "[4, 5]" as PyTorch's torch.Size prints inside brackets.
std::string shapeString(const Shape &shape);
/// "4x5", the CLI's and PyTorch's error messages' way of writing a 2-D shape.
std::string shapeCross(const Shape &shape);

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
    std::vector<float> data;

    Tensor() = default;
    explicit Tensor(Shape s, float fill = 0.0f);
    static Tensor fromMatrix(const Matrix &m);

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
