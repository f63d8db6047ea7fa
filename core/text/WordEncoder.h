// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/text/TokenizerTables.h"

#include <cstdint>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace embedlab::core {

/// The models that turn one word (a pre-token) into ids, with what one encode() call keeps between
/// words: a cache of the words seen, and of each character's id.
class WordEncoder {
public:
    explicit WordEncoder(const Tokenizer::Tables &tables)
        : m_t(tables)
    {}

    /// Appends the ids of `word` to `ids`.
    void encode(std::string_view word, std::vector<std::int64_t> &ids);

private:
    void model(std::string_view word);
    void bpeSymbols(std::string_view word);
    void wordPiece(std::string_view word);
    void sentencePiece(std::string_view word);
    std::int32_t idOfChar(std::string_view character);

    const Tokenizer::Tables &m_t;
    std::vector<std::int32_t> m_word;
    std::unordered_map<std::string_view, std::pair<std::uint32_t, std::uint32_t>> m_cache;
    std::vector<std::int32_t> m_cached;
    std::unordered_map<std::string, std::int32_t> m_charIds;
    std::string m_scratch;
};

} // namespace embedlab::core
