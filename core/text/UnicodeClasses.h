// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <cstdint>
#include <span>

/// The character classes of GPT-2's pre-tokenizer pattern, from a generated range table
/// (scripts/gen_unicode_classes.py).
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
/// The Unicode version the table was generated from ("14.0.0").
const char *version();

/// What the pattern distinguishes: letters, numbers, white space and everything else.
enum class CharClass : std::uint8_t { Other, Letter, Number, Space };

/// The class of `cp` (Other for values above U+10FFFF). A lookup table covers the BMP; the rest is
/// a binary search.
CharClass classify(char32_t cp);

} // namespace embedlab::core::unicode
