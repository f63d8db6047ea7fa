// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

/// The character classes of GPT-2's pre-tokenizer pattern and of Hugging Face's word boundaries, from
/// generated range tables (scripts/gen_unicode_classes.py).
namespace embedlab::core::unicode {

/// An inclusive range of code points.
struct CodePointRange {
    char32_t first;
    char32_t last;
};

/// A code point and what it maps to: `length` code points from `offset` in the table's pool.
struct CodePointMapping {
    char32_t cp;
    std::uint32_t offset;
    std::uint32_t length;
};

/// Two code points that NFC composes into one (composition exclusions are not listed).
struct CanonicalComposition {
    char32_t first;
    char32_t second;
    char32_t composite;
};

/// A code point's canonical combining class (only those other than 0 are listed).
struct CombiningClass {
    char32_t cp;
    std::uint8_t ccc;
};

/// Sorted, disjoint ranges: \p{L} (categories L*), \p{N} (N*) and \s (White_Space).
std::span<const CodePointRange> letters();
std::span<const CodePointRange> numbers();
std::span<const CodePointRange> whiteSpace();
/// \w as Rust's regex crate defines it (UTS #18): Alphabetic, Mark, Decimal_Number,
/// Connector_Punctuation and Join_Control. Not \p{L} or \p{N}: "²" (No) is none, "é" spelled with a
/// combining accent is one word.
std::span<const CodePointRange> wordCharacters();
/// \p{P}, \p{C} (Cc, Cf, Cn, Co, Cs) and \p{Mn}, sorted ranges (BERT's normalizer and pre-tokenizer).
std::span<const CodePointRange> punctuation();
std::span<const CodePointRange> others();
std::span<const CodePointRange> nonspacingMarks();
/// Canonical decompositions (recursive, Hangul syllables excluded) and lowercase mappings, sorted by
/// code point, with the pools their offsets point into; combining classes sorted by code point.
std::span<const CodePointMapping> decompositions();
std::span<const char32_t> decompositionPool();
std::span<const CodePointMapping> lowercaseMappings();
std::span<const char32_t> lowercasePool();
std::span<const CombiningClass> combiningClasses();
/// Canonical compositions sorted by (first, second).
std::span<const CanonicalComposition> compositions();
/// The Unicode version the table was generated from ("14.0.0").
const char *version();

/// What the pattern distinguishes: letters, numbers, white space and everything else.
enum class CharClass : std::uint8_t { Other, Letter, Number, Space };

/// The class of `cp` (Other for values above U+10FFFF). A lookup table covers the BMP; the rest is
/// a binary search.
CharClass classify(char32_t cp);

/// Whether `cp` is in wordCharacters() (a binary search).
bool isWordCharacter(char32_t cp);
/// Whether `cp` is in punctuation(), others() or nonspacingMarks() (binary searches).
bool isPunctuation(char32_t cp);
bool isOther(char32_t cp);
bool isNonspacingMark(char32_t cp);

/// Appends the canonical decomposition (NFD) of `text` to `out`: each character decomposed, Hangul
/// syllables by the algorithm, and runs of combining marks put in canonical order.
void appendNfd(std::u32string_view text, std::u32string &out);
/// Appends the canonical composition (NFC) of `text` to `out`: NFD, then each character composed
/// with the starter before it where nothing blocks them (UAX #15), Hangul by the algorithm.
void appendNfc(std::u32string_view text, std::u32string &out);
/// Appends `cp` lowercased as Rust's char::to_lowercase does (one to three code points).
void appendLowercase(char32_t cp, std::u32string &out);

} // namespace embedlab::core::unicode
