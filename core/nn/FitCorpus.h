// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/tensor/Tensor.h"

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace embedlab::core {

class Tokenizer;

/// The text a fit learns from, seen as rows of its model (issue #27): the token ids in text order,
/// the vocabulary - the sorted set of those ids, row r standing for the r-th smallest - and the row
/// of each token. With a context of C tokens, example i (from 0) is
/// (rows[i .. i + C - 1] -> rows[i + C]), i.e. (ids[k - C .. k - 1] -> ids[k]) for k = C .. n - 1.
class FitCorpus {
public:
    /// A text's token ids, in order.
    explicit FitCorpus(std::vector<std::int64_t> ids);
    /// `tokenizer.encode(text)` (no special tokens added), or with no tokenizer the text's Unicode
    /// code points (`[ord(c) for c in text]`). Throws core::Error (UnicodeDecodeError) for text
    /// that is not UTF-8, as Python's `open(path, encoding="utf-8").read()` would.
    static FitCorpus fromText(std::string_view utf8, const Tokenizer *tokenizer);
    /// The code points of UTF-8 `text`; Error (UnicodeDecodeError) in the words of Python's
    /// 'utf-8' codec ("'utf-8' codec can't decode byte 0xff in position 3: invalid start byte").
    static std::vector<std::int64_t> codePoints(std::string_view text);

    const std::vector<std::int64_t> &ids() const { return m_ids; }
    /// Sorted, distinct: vocabulary()[r] is the token id of row r.
    const std::vector<std::int64_t> &vocabulary() const { return m_vocabulary; }
    /// rows()[k] is the row of ids()[k].
    const std::vector<std::int32_t> &rows() const { return m_rows; }
    /// The row of token `id`, if the text has it.
    std::optional<std::int32_t> rowOf(std::int64_t id) const;

    /// Number of tokens (n) and of rows (V).
    Index tokenCount() const { return static_cast<Index>(m_ids.size()); }
    Index vocabSize() const { return static_cast<Index>(m_vocabulary.size()); }
    /// n - C examples for a context of C tokens (0 when the text is shorter).
    Index exampleCount(Index context) const;
    /// Throws core::Error (ValueError) unless the text has at least context + 1 tokens (one example)
    /// and context >= 1.
    void checkContext(Index context) const;

    bool operator==(const FitCorpus &) const = default;

private:
    std::vector<std::int64_t> m_ids;
    std::vector<std::int64_t> m_vocabulary;
    std::vector<std::int32_t> m_rows;
};

} // namespace embedlab::core
