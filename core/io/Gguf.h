// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/io/WeightFile.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace embedlab::core {

/// Parses a little-endian GGUF file (version 2 or 3) held in `file`: the metadata key/value pairs
/// (as display strings; long arrays are summarised) and the tensor infos. Shapes are presented
/// PyTorch-style (GGUF stores dims innermost first). F32, F16, BF16, F64, the integer types and the
/// block types of ElementType (Q4_0 ... Q6_K, IQ4_NL, IQ4_XS, TQ1_0, TQ2_0) convert; the other ggml
/// types (IQ1/IQ2/IQ3, MXFP4, Q8_1, Q8_K) are listed with TensorInfo::unsupported naming the type.
/// A row (the innermost dimension) that is not whole blocks is refused. Offsets are checked to be aligned,
/// in bounds and not partially overlapping. Throws core::Error (ValueError) saying what is wrong
/// and where.
WeightIndex readGguf(std::span<const std::uint8_t> file);

/// The `tokenizer.ggml.*` metadata of a GGUF file. The strings are views into the file's bytes
/// (nothing is copied), valid while the file stays mapped.
struct GgufTokenizerData {
    /// tokenizer.ggml.model ("gpt2", "llama", ...); empty when the file has none.
    std::string model;
    std::vector<std::string_view> tokens;
    /// "a b" strings, as llama.cpp's converter writes them.
    std::vector<std::string_view> merges;
    /// tokenizer.ggml.token_type (1 normal, 3 control, 6 byte, ...); empty when absent.
    std::vector<std::int32_t> tokenTypes;
    /// tokenizer.ggml.pre: the name of the pre-tokenizer pattern ("llama-bpe"); empty when absent.
    std::string pre;
    /// tokenizer.ggml.scores (SentencePiece's piece scores); empty when absent.
    std::vector<float> scores;
    /// tokenizer.ggml.add_space_prefix, when present.
    std::optional<bool> addSpacePrefix;
};

/// Walks the metadata of a GGUF file for its tokenizer arrays (the tensor infos are not read).
/// Throws core::Error (ValueError) for a malformed header or tokenizer key of the wrong type.
GgufTokenizerData readGgufTokenizer(std::span<const std::uint8_t> file);

} // namespace embedlab::core
