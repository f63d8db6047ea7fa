// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace embedlab::core {

/// The regular expressions that byte-level BPE tokenizers split text with before BPE, each matched
/// by hand-written code (no regex engine): the same pieces as Oniguruma (Hugging Face) and
/// llama.cpp give, for valid UTF-8; an invalid byte is a character of its own that is neither a
/// letter, a number nor white space.
enum class PretokenizerPattern : std::uint8_t {
    /// GPT-2: `'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+`
    Gpt2,
    /// Llama 3: `(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}|
    /// ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+`
    Llama3,
    /// Qwen 2 (and DeepSeek R1's Qwen distillations): Llama 3's with `\p{N}` for `\p{N}{1,3}`, one
    /// digit a piece.
    Qwen2,
    /// The steps of DeepSeek LLM's and DeepSeek Coder's Sequences of Splits, each applied to every
    /// piece the one before made: `[\r\n]`, `\s?\p{L}+`, `\s?\p{P}+`, `[一-龥ࠀ-一가-퟿]+`, `\p{N}`,
    /// `\p{N}+`, `\s?[A-Za-zµÀ-Ö...]+` (DeepSeek LLM's letters), `\s?[!-/:-~！-／：-～‘-‟　-。]+`
    /// and `\s+$`.
    Newline,
    SpaceLetters,
    SpacePunctuation,
    CjkRun,
    Number,
    NumberRun,
    SpaceDeepSeekLetters,
    SpaceDeepSeekSymbols,
    TrailingSpace,
};

/// The pattern a Hugging Face `Split` pre-tokenizer's regex is, compared as written in
/// tokenizer.json; none for a regex EmbedLab does not implement.
std::optional<PretokenizerPattern> patternOfRegex(std::string_view regex);
/// The patterns named by a GGUF file's `tokenizer.ggml.pre` (llama.cpp's names: "gpt-2",
/// "llama-bpe", "qwen2", "deepseek-llm", ...), applied in turn, and whether llama.cpp sets
/// ignore_merges for it; none for a name EmbedLab does not implement.
struct GgufPretokenizer {
    std::vector<PretokenizerPattern> patterns;
    bool ignoreMerges;
};
std::optional<GgufPretokenizer> patternOfGgufPre(std::string_view name);
/// The regex of `pattern` as tokenizer.json writes it.
std::string_view regexOf(PretokenizerPattern pattern);
/// The names tokenizer.ggml.pre may have, for messages ("gpt-2, llama-bpe, ...").
std::string knownGgufPretokenizers();

/// Splits `text` with `pattern`, appending each piece (a view into `text`) to `pieces`. The
/// pieces cover `text` exactly, in order.
void splitWithPattern(PretokenizerPattern pattern, std::string_view text,
                      std::vector<std::string_view> &pieces);

} // namespace embedlab::core
