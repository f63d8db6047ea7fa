// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/tensor/Tensor.h"

#include <cassert>

namespace embedlab::core {

Index numel(const Shape &shape)
{
    Index n = 1;
    for (Index d : shape)
        n *= d;
    return n;
}

std::string shapeString(const Shape &shape)
{
    std::string s = "[";
    for (std::size_t i = 0; i < shape.size(); ++i) {
        if (i)
            s += ", ";
        s += std::to_string(shape[i]);
    }
    return s + "]";
}

std::string shapeCross(const Shape &shape)
{
    std::string s;
    for (std::size_t i = 0; i < shape.size(); ++i) {
        if (i)
            s += "x";
        s += std::to_string(shape[i]);
    }
    return s;
}

Tensor::Tensor(Shape s, float fill)
    : shape(std::move(s))
    , data(static_cast<std::size_t>(core::numel(shape)), fill)
{}

Tensor::Tensor(Shape s, Uninitialized)
    : shape(std::move(s))
    , data(static_cast<std::size_t>(core::numel(shape)))
{}

static std::pair<Index, Index> matrixExtent(const Shape &shape, Index count)
{
    assert(!shape.empty() && "asMatrix() needs a tensor of rank 1 or more; reshape 0-d tensors first");
    const Index cols = shape.back();
    return {cols == 0 ? 0 : count / cols, cols};
}

Eigen::Map<Matrix> Tensor::asMatrix()
{
    auto [r, c] = matrixExtent(shape, numel());
    return {data.data(), r, c};
}

Eigen::Map<const Matrix> Tensor::asMatrix() const
{
    auto [r, c] = matrixExtent(shape, numel());
    return {data.data(), r, c};
}

} // namespace embedlab::core
