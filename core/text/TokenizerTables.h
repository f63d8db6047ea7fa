// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/text/TextPipeline.h"
#include "core/text/TokenIndex.h"
#include "core/text/Tokenizer.h"

#include <array>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace embedlab::core {

/// The model at the heart of a tokenizer.
enum class TokenizerModelKind : std::uint8_t {
    /// Merges by rank (Hugging Face's BPE, GPT-2's encoder.py, llama.cpp's BPE).
    Bpe,
    /// Greedy longest prefix with continuation pieces (BERT).
    WordPiece,
    /// Merges by the score of the piece they make (llama.cpp's SentencePiece BPE, GGUF "llama").
    SentencePiece,
};

/// What the readers hand over: the vocabulary as its files write it, merges as pairs of such
/// strings, the added tokens that are split out of the text first, and the steps around the model.
struct TokenizerSource {
    std::string origin;
    /// The vocabulary's strings are views into what the reader holds (the JSON tree, the mapped
    /// file), alive until the tables are built.
    std::vector<std::pair<std::string_view, std::int64_t>> vocab;
    /// Each merge with the number of the place it was read from, for messages: mergePlace's text
    /// around it ("merges.txt line " 7 "").
    struct Merge {
        std::string_view left;
        std::string_view right;
        std::uint32_t place = 0;
    };
    std::vector<Merge> merges;
    std::pair<std::string, std::string> mergePlace{"merges[", "]"};
    std::string whereIs(const Merge &m) const
    {
        return mergePlace.first + std::to_string(m.place) + mergePlace.second;
    }
    /// An added token of tokenizer.json, with Hugging Face's AddedToken options.
    struct AddedToken {
        std::string content;
        std::int64_t id = 0;
        /// Matched only where no word character (\w) touches it on either side.
        bool singleWord = false;
        /// The white space before (lstrip) or after (rstrip) the token is part of its match.
        bool lstrip = false;
        bool rstrip = false;
        /// Matched in the second pass, in the normalized text, after the tokens with normalized false.
        bool normalized = true;
        /// A special token (skipped by decode(skip_special_tokens=True), shown as written).
        bool special = false;
    };
    /// Added tokens: matched in the text before pre-tokenization.
    std::vector<AddedToken> addedTokens;
    /// Ids written as they are rather than through the byte table (special and control tokens).
    std::vector<std::int64_t> literalIds;

    TokenizerModelKind model = TokenizerModelKind::Bpe;
    /// Vocabulary strings are in GPT-2's byte alphabet ("Ġworld"): the ByteLevel pre-tokenizer.
    bool byteLevel = true;
    std::vector<text::NormalizerStep> normalizers;
    std::vector<text::PreTokenizerStep> preTokenizers;
    std::vector<text::DecoderStep> decoders;
    /// BPE: characters missing from the vocabulary become their <0xNN> byte tokens.
    bool byteFallback = false;
    /// BPE: a word that is a token is that token, whatever the merges would make (Llama 3).
    bool ignoreMerges = false;
    bool fuseUnk = false;
    std::optional<std::string> unkToken;
    /// WordPiece's continuing_subword_prefix and max_input_chars_per_word.
    std::string continuingPrefix = "##";
    std::size_t maxInputCharsPerWord = 100;
    /// SentencePiece: each id's score (tokenizer.ggml.scores).
    std::vector<float> scores;
    /// GGUF token types (tokenizer.ggml.token_type): 6 marks the <0xNN> byte tokens.
    std::vector<std::int32_t> tokenTypes;
};

/// The tables encode and decode run on, built once and shared by copies of a Tokenizer.
struct Tokenizer::Tables {
    using Merge = MergeTable::Merge;
    Tables() = default;
    // The indexes hold views into `bytes` and `pieces`: a move keeps the strings where they are, a
    // copy would not.
    Tables(Tables &&) = default;
    Tables(const Tables &) = delete;
    Tables &operator=(const Tables &) = delete;

    std::string origin;
    Tokenizer::Kind kind = Tokenizer::Kind::ByteLevelBpe;
    TokenizerModelKind model = TokenizerModelKind::Bpe;
    /// Each id's exact bytes in decoded text ("▁" as a space, <0xE6> as the byte 0xE6, an added
    /// token as written); `assigned` is false for ids the vocabulary skips.
    std::vector<std::string> bytes;
    /// Each id's vocabulary string as the file writes it ("Ġworld", "▁Hello", "<0xE6>", "##ing").
    std::vector<std::string> pieces;
    std::vector<bool> assigned;
    std::vector<bool> special;
    /// The first id whose bytes are `text`, or -1 (search by text; the index is built at the first).
    std::int32_t idOfBytes(std::string_view text) const;
    /// The model's vocabulary as the file writes it ("Ġworld", "▁Hello") -> id. Added tokens that
    /// are not in the model's vocabulary are not here.
    TokenIndex idOfText;
    /// Byte-level BPE: each byte's token. Byte fallback: each <0xNN> token, or -1.
    std::array<std::int32_t, 256> idOfByte{};
    /// (left id, right id) -> the merge's rank and the id it makes.
    MergeTable merges;
    std::vector<float> scores;
    std::int32_t unkId = -1;
    bool byteFallback = false;
    bool ignoreMerges = false;
    bool fuseUnk = false;
    std::string continuingPrefix;
    std::size_t maxInputCharsPerWord = 100;
    /// Added tokens, longest first, split out of the text before the pattern runs: those with
    /// normalized false first, then the others in what is left (Hugging Face's two passes).
    std::vector<TokenizerSource::AddedToken> addedRaw;
    std::vector<TokenizerSource::AddedToken> addedNormalized;
    std::vector<text::NormalizerStep> normalizers;
    std::vector<text::PreTokenizerStep> preTokenizers;
    std::vector<text::DecoderStep> decoders;

    /// Validates `source` (ids, merges, the 256 byte tokens of a byte-level vocabulary) and builds
    /// the tables. Throws core::Error (ValueError) with a message that starts with the origin.
    static Tables build(const TokenizerSource &source);

private:
    struct BytesIndex {
        std::once_flag once;
        TokenIndex index;
    };
    std::unique_ptr<BytesIndex> m_bytesIndex = std::make_unique<BytesIndex>();
};

/// The largest vocabulary a reader accepts (the biggest real ones have about 260,000 tokens).
inline constexpr std::int64_t kMaxVocabulary = 4'000'000;
/// The largest tokenizer.json, vocab.json or merges.txt a reader accepts.
inline constexpr std::size_t kMaxTokenizerTextBytes = 512u << 20;

} // namespace embedlab::core
