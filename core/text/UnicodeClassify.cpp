// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/text/UnicodeClasses.h"

#include <algorithm>
#include <array>
#include <span>

namespace embedlab::core::unicode {

namespace {

bool contains(std::span<const CodePointRange> ranges, char32_t cp)
{
    const auto it = std::upper_bound(ranges.begin(), ranges.end(), cp,
                                     [](char32_t c, const CodePointRange &r) { return c < r.first; });
    return it != ranges.begin() && cp <= std::prev(it)->last;
}

CharClass search(char32_t cp)
{
    if (contains(letters(), cp))
        return CharClass::Letter;
    if (contains(numbers(), cp))
        return CharClass::Number;
    if (contains(whiteSpace(), cp))
        return CharClass::Space;
    return CharClass::Other;
}

// The Basic Multilingual Plane, where nearly all text lives, in 64 KiB built once.
const std::array<CharClass, 0x10000> &bmpTable()
{
    static const auto table = [] {
        std::array<CharClass, 0x10000> t{};
        for (char32_t cp = 0; cp < 0x10000; ++cp)
            t[cp] = search(cp);
        return t;
    }();
    return table;
}

} // namespace

CharClass classify(char32_t cp)
{
    if (cp < 0x10000)
        return bmpTable()[cp];
    return cp <= 0x10FFFF ? search(cp) : CharClass::Other;
}

bool isWordCharacter(char32_t cp)
{
    return contains(wordCharacters(), cp);
}

} // namespace embedlab::core::unicode
