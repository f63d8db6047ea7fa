// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/tensor/Tensor.h"

#include <memory>
#include <span>
#include <string>

namespace embedlab::core {

class Parameter;

/// torch.set_printoptions defaults.
struct PrintOptions {
    int precision = 4;
    Index threshold = 1000;
    Index edgeitems = 3;
    int linewidth = 80;
    bool operator==(const PrintOptions &) const = default;
};

/// What follows the values inside `tensor(...)` and what precedes it.
struct TensorDecoration {
    bool isParameter = false;  // "Parameter containing:\n" prefix
    bool requiresGrad = false; // ", requires_grad=True" (only when gradFn is empty)
    std::string gradFn;        // "EmbeddingBackward0" -> ", grad_fn=<EmbeddingBackward0>"
    bool operator==(const TensorDecoration &) const = default;
};

/// Exactly what `print(t)` prints for a float32 tensor (torch/_tensor_str.py, PyTorch 1.13), without
/// the trailing newline. Summarised tensors (numel > threshold) only read the printed elements.
/// Throws Error when the data does not match the shape, for negative precision or edgeitems, and
/// where PyTorch raises (edgeitems == 0 on a summarised tensor of rank >= 2).
std::string formatTensor(const Tensor &t, const TensorDecoration &decoration = {},
                         const PrintOptions &options = {});
/// The same for float32 elements in place (a Parameter's): a summarised 2 GB weight is printed
/// without being copied.
std::string formatTensor(std::span<const float> data, const Shape &shape,
                         const TensorDecoration &decoration = {}, const PrintOptions &options = {});
/// The same for a parameter's values where they lie, bf16 or f16 words included (converted one by
/// one: a summarised Llama 3 weight reads 36 of them).
std::string formatTensor(const Parameter &p, const TensorDecoration &decoration = {},
                         const PrintOptions &options = {});
/// Same for an int64 tensor (torch.tensor([2, 3, 1]), one_hot(...)).
std::string formatTensor(const LongTensor &t, const TensorDecoration &decoration = {},
                         const PrintOptions &options = {});

/// Each element of a float32 tensor as print(t) writes it, without the padding: PyTorch picks one
/// format for all elements (fixed, integer-valued or scientific, by the whole tensor), so a value's
/// text depends on its neighbours. For tensors printed in full (numel <= options.threshold).
std::vector<std::string> formatElements(const Tensor &t, const PrintOptions &options = {});

/// The format print(t) writes a float32 tensor's elements in (fixed, integer-valued or scientific,
/// chosen from the elements it shows: all of them, or the summarised edges of a large tensor), as
/// one element's text without the padding. Unlike formatElements() it reads only what print() reads,
/// so a 50257 x 768 weight costs 36 elements; an element print() elides is written in the same
/// format, as the elements beside it. Throws as formatTensor() does.
class ElementFormat {
public:
    ElementFormat(std::span<const float> data, const Shape &shape, const PrintOptions &options = {});
    /// The format of a parameter's values where they lie (bf16 or f16 words read one by one: a
    /// summarised weight reads only the elements print() shows).
    explicit ElementFormat(const Parameter &p, const PrintOptions &options = {});
    /// `value` as print(t) writes it among t's elements: "-0.1115", "3.", "1.2000e-05", "nan".
    std::string operator()(float value) const;

private:
    struct Impl;
    std::shared_ptr<const Impl> m_impl;
};

/// Parses the text formatTensor() prints back into shape and values (for tests and the soak test's
/// "printed tensors parse" invariant). Summarised tensors ("...") parse to their shape only, and a
/// dimension whose items were elided has an unknown size there, reported as -1 (rank is exact).
/// Accepts the "Parameter containing:" prefix and the size=, dtype=torch.int64, requires_grad= and
/// grad_fn= suffixes; returns false (leaving `out` untouched) on anything else.
struct ParsedTensor {
    Shape shape;
    std::vector<double> values; // row-major, as printed (rounded); empty when summarised
    bool summarised = false;
};
bool parseFormattedTensor(const std::string &text, ParsedTensor &out);

} // namespace embedlab::core
