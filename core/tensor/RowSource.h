// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/tensor/Parameter.h"
#include "core/tensor/Tensor.h"

#include <memory>
#include <utility>
#include <vector>

namespace embedlab::core {

/// The rows of a float32 matrix for a reader that takes a few at a time (the neighbour index, the
/// principal plane): a span where the values lie, or a Parameter whose bf16 or f16 words are
/// converted, exactly, into the reader's scratch, so no float32 copy of a 1 GB bf16 matrix is made
/// (issue #28). It keeps a Parameter of words alive; float32 values must outlive it, as a span's do.
class RowSource {
public:
    RowSource(const TensorSpan &span) // NOLINT(google-explicit-constructor): a span is a source
        : m_data(span.data)
        , m_shape(span.shape)
    {}
    explicit RowSource(std::shared_ptr<const Parameter> parameter)
        : m_shape(parameter->shape())
        , m_words(std::move(parameter))
    {
        // Float32 values are read where they lie (value() converts nothing then).
        if (!m_words->halfType()) {
            m_data = m_words->value().data();
            m_words.reset();
        }
    }

    /// The float32 values where they lie; null while they are 16-bit words (read them with rowsAt()).
    const float *data() const { return m_words ? nullptr : m_data; }
    const Shape &shape() const { return m_shape; }
    Index dim() const { return static_cast<Index>(m_shape.size()); }
    /// As Parameter::rows(): a 1-D tensor (a bias, its gradient) is one row.
    Index rows() const { return m_shape.empty() ? 0 : m_shape.size() == 1 ? 1 : m_shape.front(); }
    Index cols() const { return m_shape.empty() ? 0 : m_shape.back(); }

    /// Rows [first, first + count) as float32, row-major: where they lie, or converted into `scratch`.
    const float *rowsAt(Index first, Index count, std::vector<float> &scratch) const
    {
        if (!m_words)
            return m_data + first * cols();
        scratch.resize(static_cast<std::size_t>(count * cols()));
        m_words->copyRows(first, count, scratch.data());
        return scratch.data();
    }

private:
    const float *m_data = nullptr;
    Shape m_shape;
    std::shared_ptr<const Parameter> m_words; // set while the values are its 16-bit words
};

} // namespace embedlab::core
