// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/text/Tokenizer.h"

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace embedlab::core {

/// What the three readers hand over: the vocabulary as its files write it (byte-level characters),
/// merges as pairs of such strings, and the added tokens that are split out of the text first.
struct TokenizerSource {
    std::string origin;
    std::vector<std::pair<std::string, std::int64_t>> vocab;
    /// Each merge with the place it was read from ("merges.txt line 7"), for messages.
    struct Merge {
        std::string left;
        std::string right;
        std::string where;
    };
    std::vector<Merge> merges;
    /// An added token of tokenizer.json, with Hugging Face's AddedToken options.
    struct AddedToken {
        std::string content;
        std::int64_t id = 0;
        /// Matched only where no word character (\w) touches it on either side.
        bool singleWord = false;
        /// The white space before (lstrip) or after (rstrip) the token is part of its match.
        bool lstrip = false;
        bool rstrip = false;
        /// Matched in the second pass, after the tokens with normalized false.
        bool normalized = true;
    };
    /// Added tokens: matched in the text before pre-tokenization (tokenizer.json).
    std::vector<AddedToken> addedTokens;
    /// Ids written as they are rather than through the byte table (special and control tokens).
    std::vector<std::int64_t> literalIds;
    /// The ByteLevel pre-tokenizer's add_prefix_space.
    bool addPrefixSpace = false;
};

/// The tables encode and decode run on, built once and shared by copies of a Tokenizer.
struct Tokenizer::Tables {
    struct Merge {
        std::int32_t rank = 0;
        std::int32_t result = 0;
    };
    std::string origin;
    /// Each id's exact bytes; `assigned` is false for ids the vocabulary skips.
    std::vector<std::string> bytes;
    std::vector<bool> assigned;
    std::unordered_map<std::string, std::int32_t> idOfBytes;
    std::array<std::int32_t, 256> idOfByte{};
    /// (left id << 32 | right id) -> the merge's rank and the id it makes.
    std::unordered_map<std::uint64_t, Merge> merges;
    /// Added tokens, longest first, split out of the text before the pattern runs: those with
    /// normalized false first, then the others in what is left (Hugging Face's two passes).
    std::vector<TokenizerSource::AddedToken> addedRaw;
    std::vector<TokenizerSource::AddedToken> addedNormalized;
    bool addPrefixSpace = false;

    /// Validates `source` (ids, merges, the 256 byte tokens) and builds the tables. Throws
    /// core::Error (ValueError) with a message that starts with the origin.
    static Tables build(const TokenizerSource &source);
};

/// The largest vocabulary a reader accepts (the biggest real ones have about 260,000 tokens).
inline constexpr std::int64_t kMaxVocabulary = 4'000'000;
/// The largest tokenizer.json, vocab.json or merges.txt a reader accepts.
inline constexpr std::size_t kMaxTokenizerTextBytes = 512u << 20;

} // namespace embedlab::core
