// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

/// How tokens are shown to a person (#26): every view (chips, heatmap labels, the one-hot title,
/// tooltips, neighbours, the scatter, the Training panel, exports, accessibility) uses these, so a
/// token never appears as U+FFFD.
namespace embedlab::core {

/// `bytes` for display: valid UTF-8 as it is, and each run of bytes that are no character on their
/// own (a piece of 我 = E6 88 91) by their values in hex: `<E6 88>`. Invisible control characters
/// (but tab, newline and carriage return), the byte order mark and U+FFFD itself are written by
/// their bytes too (`<00>`, `<EF BB BF>`, `<EF BF BD>`), so a label never holds U+FFFD.
std::string tokenLabel(std::string_view bytes);

/// A run of consecutive tokens shown under one label: a token that is whole characters on its own
/// (count 1), or tokens whose bytes only together make whole characters (我 over its byte pieces
/// <E6 88> and <91>).
struct TokenGroup {
    /// The first token of the run (an index into the tokens given) and how many it spans.
    std::size_t first = 0;
    std::size_t count = 1;
    /// tokenLabel() of the run's bytes joined.
    std::string text;
    /// Whether the run ends at a character boundary (false only for a run cut off by the end of
    /// the ids, or bytes that are no UTF-8 at all).
    bool complete = true;

    bool operator==(const TokenGroup &) const = default;
};

/// Groups `tokens` (each token's exact bytes, in order) so that every group covers whole characters
/// where the bytes allow: a token that ends inside a character is joined with the ones after it up
/// to the end of that character. A token holding several characters is one group; a multi-token
/// group is always the smallest run that ends at a character boundary.
std::vector<TokenGroup> groupCharacters(std::span<const std::string_view> tokens);

/// A tokenizer offered for a matrix that comes without one, from its row count alone: always a
/// guess, and said to be one.
struct TokenizerGuess {
    /// The model family whose vocabulary has that many rows ("GPT-2").
    std::string name;
    std::int64_t rows = 0;
    /// Whether EmbedLab carries that tokenizer (GPT-2's, embedded); otherwise the user must open it.
    bool builtIn = false;
    /// One sentence saying why and that it is a guess, in English (the UI translates its own).
    std::string reason;
};

/// The tokenizer whose vocabulary has exactly `rows` rows, if one is known: 50257 is GPT-2 (built
/// in); 128256 Llama 3, 32000 Llama 2 / Mistral 7B, 30522 BERT, 151936 Qwen 2, 256000 Gemma (open
/// their tokenizer file). None for any other count.
std::optional<TokenizerGuess> guessTokenizerForRows(std::int64_t rows);

/// One character that byte-level BPE split into pieces, for the sentence that explains it.
struct CharacterSplit {
    /// The character (UTF-8) and its bytes in hex ("E6 88 91").
    std::string character;
    std::string bytesHex;
    /// The labels of the tokens that make it (`<E6 88>`, `<91>`).
    std::vector<std::string> pieces;
};

/// The explanation of a group of several tokens, in English: "我 is 3 bytes in UTF-8 (E6 88 91).
/// Byte-level BPE works on bytes, not characters, and its vocabulary has no token for all of them,
/// so it takes 2 tokens: <E6 88> <91>." The UI writes its own translation from the same parts.
std::string explainByteSplit(const CharacterSplit &split);

} // namespace embedlab::core
