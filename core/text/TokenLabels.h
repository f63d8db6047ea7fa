// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace embedlab::core {

class Tokenizer;

/// Every row's token, read from a tokenizer file's vocabulary alone (#26): a tokenizer.json of any
/// model (BPE, WordPiece, Unigram, WordLevel) and its added tokens, a vocab.json, or a GGUF file's
/// tokenizer.ggml.tokens of any tokenizer.ggml.model. It reads files whose encoding Tokenizer
/// refuses (a pattern or normalizer EmbedLab does not implement), so the rows of such a model
/// still show their tokens. Throws core::Error (ValueError) when the file has no vocabulary.
class TokenLabels {
public:
    static TokenLabels fromFile(const std::filesystem::path &path);
    static TokenLabels fromTokenizerJson(std::string_view json, std::string_view origin);
    static TokenLabels fromGguf(std::span<const std::uint8_t> file, std::string_view origin);
    /// The labels of a tokenizer that reads: its own tokens.
    static TokenLabels of(const Tokenizer &tokenizer);

    /// Number of ids (the largest id + 1).
    std::int64_t size() const { return static_cast<std::int64_t>(m_bytes.size()); }
    /// Whether `id` has a token (false outside 0..size()-1 and for ids the vocabulary skips).
    bool has(std::int64_t id) const;
    /// tokenLabel() of the token's bytes (`<E6 88>` for a piece of a character, a special token
    /// as written); "" when has(id) is false.
    std::string label(std::int64_t id) const;
    /// The token's exact bytes in text; "" when has(id) is false.
    std::string_view bytes(std::int64_t id) const;
    bool isSpecial(std::int64_t id) const;

private:
    void set(std::int64_t id, std::string bytes, bool special);

    std::vector<std::string> m_bytes;
    std::vector<bool> m_assigned;
    std::vector<bool> m_special;
};

} // namespace embedlab::core
