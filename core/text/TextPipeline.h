// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/text/PretokenizerPattern.h"

#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

/// The steps around a tokenizer's model, as Hugging Face's tokenizer.json names them: normalizers
/// that rewrite the text, pre-tokenizers that cut it into words, and decoders that turn tokens back
/// into text. Only the kinds listed here are implemented; the readers refuse any other by name.
namespace embedlab::core::text {

/// One normalizer of a tokenizer.json (a Sequence is flattened into its steps).
struct NormalizerStep {
    enum class Kind : std::uint8_t { Prepend, Replace, Bert, Lowercase, Nfd, Nfc, StripAccents };
    Kind kind = Kind::Prepend;
    /// Prepend's text; Replace's pattern (a plain string) and content.
    std::string text;
    std::string content;
    /// BertNormalizer's options (strip_accents already resolved: null follows lowercase).
    bool cleanText = true;
    bool chineseChars = true;
    bool stripAccents = true;
    bool lowercase = true;
};

/// One pre-tokenizer (a Sequence is flattened into its steps).
struct PreTokenizerStep {
    enum class Kind : std::uint8_t { Split, ByteLevel, Metaspace, Bert };
    enum class Prepend : std::uint8_t { Always, First, Never };
    Kind kind = Kind::Split;
    /// Split's pattern (behaviour Isolated), or ByteLevel's GPT-2 pattern when it uses its regex.
    PretokenizerPattern pattern = PretokenizerPattern::Gpt2;
    bool useRegex = true;
    /// ByteLevel's add_prefix_space.
    bool addPrefixSpace = false;
    /// Metaspace's replacement (UTF-8), prepend_scheme and split.
    std::string replacement = "\xE2\x96\x81";
    Prepend prepend = Prepend::Always;
    bool split = true;
};

/// One decoder (a Sequence is flattened into its steps).
struct DecoderStep {
    enum class Kind : std::uint8_t { ByteLevel, Replace, ByteFallback, Fuse, Strip, Metaspace, WordPiece };
    Kind kind = Kind::ByteLevel;
    /// Replace's pattern and content; Strip's content; Metaspace's replacement; WordPiece's prefix.
    std::string text;
    std::string content;
    std::size_t start = 0;
    std::size_t stop = 0;
    PreTokenizerStep::Prepend prepend = PreTokenizerStep::Prepend::Always;
    bool cleanup = true;
};

/// `text` after every normalizer step.
std::string normalize(const std::vector<NormalizerStep> &steps, std::string_view text);

/// A piece of text between added tokens, and whether it starts the original text (Metaspace's
/// prepend_scheme "first").
struct TextPiece {
    std::string_view text;
    bool atStart = false;
};

/// Cuts `piece` into words with every pre-tokenizer step, appending them to `words`. Text the steps
/// write (a prepended "▁") lives in `storage`.
void preTokenize(const std::vector<PreTokenizerStep> &steps, TextPiece piece,
                 std::vector<std::string_view> &words, std::deque<std::string> &storage);

/// Hugging Face's decode_chain: `tokens` (vocabulary strings, or exact bytes after a ByteLevel
/// step) through every decoder step, joined.
std::string decode(const std::vector<DecoderStep> &steps, std::vector<std::string> tokens);

/// Rust's char::is_whitespace (White_Space) and BERT's punctuation (ASCII punctuation or \p{P}).
bool isBertPunctuation(char32_t cp);

} // namespace embedlab::core::text
