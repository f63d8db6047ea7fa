// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <cstdint>
#include <span>

/// The character classes of GPT-2's pre-tokenizer pattern and of Hugging Face's word boundaries, from
/// generated range tables (scripts/gen_unicode_classes.py).
namespace embedlab::core::unicode {

/// An inclusive range of code points.
struct CodePointRange {
    char32_t first;
    char32_t last;
};

/// Sorted, disjoint ranges: \p{L} (categories L*), \p{N} (N*) and \s (White_Space).
std::span<const CodePointRange> letters();
std::span<const CodePointRange> numbers();
std::span<const CodePointRange> whiteSpace();
/// \w as Rust's regex crate defines it (UTS #18): Alphabetic, Mark, Decimal_Number,
/// Connector_Punctuation and Join_Control. Not \p{L} or \p{N}: "²" (No) is none, "é" spelled with a
/// combining accent is one word.
std::span<const CodePointRange> wordCharacters();
/// The Unicode version the table was generated from ("14.0.0").
const char *version();

/// What the pattern distinguishes: letters, numbers, white space and everything else.
enum class CharClass : std::uint8_t { Other, Letter, Number, Space };

/// The class of `cp` (Other for values above U+10FFFF). A lookup table covers the BMP; the rest is
/// a binary search.
CharClass classify(char32_t cp);

/// Whether `cp` is in wordCharacters() (a binary search).
bool isWordCharacter(char32_t cp);

} // namespace embedlab::core::unicode
