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

bool isPunctuation(char32_t cp)
{
    return contains(punctuation(), cp);
}

bool isOther(char32_t cp)
{
    return contains(others(), cp);
}

bool isNonspacingMark(char32_t cp)
{
    return contains(nonspacingMarks(), cp);
}

namespace {

const CodePointMapping *mappingOf(std::span<const CodePointMapping> table, char32_t cp)
{
    const auto it = std::lower_bound(table.begin(), table.end(), cp,
                                     [](const CodePointMapping &m, char32_t c) { return m.cp < c; });
    return it != table.end() && it->cp == cp ? &*it : nullptr;
}

std::uint8_t combiningClassOf(char32_t cp)
{
    const auto table = combiningClasses();
    const auto it = std::lower_bound(table.begin(), table.end(), cp,
                                     [](const CombiningClass &m, char32_t c) { return m.cp < c; });
    return it != table.end() && it->cp == cp ? it->ccc : 0;
}

// Hangul syllables decompose by arithmetic (Unicode 3.12).
constexpr char32_t kSBase = 0xAC00, kLBase = 0x1100, kVBase = 0x1161, kTBase = 0x11A7;
constexpr char32_t kVCount = 21, kTCount = 28, kSCount = 11172;

} // namespace

void appendNfd(std::u32string_view text, std::u32string &out)
{
    const std::size_t start = out.size();
    for (const char32_t cp : text) {
        if (cp >= kSBase && cp < kSBase + kSCount) {
            const char32_t s = cp - kSBase;
            out += kLBase + s / (kVCount * kTCount);
            out += kVBase + (s % (kVCount * kTCount)) / kTCount;
            if (s % kTCount)
                out += kTBase + s % kTCount;
        } else if (const CodePointMapping *m = mappingOf(decompositions(), cp)) {
            out.append(decompositionPool().data() + m->offset, m->length);
        } else {
            out += cp;
        }
    }
    // Canonical ordering: a stable sort of each run of non-starters by combining class.
    for (std::size_t i = start; i < out.size();) {
        if (!combiningClassOf(out[i])) {
            ++i;
            continue;
        }
        std::size_t end = i;
        while (end < out.size() && combiningClassOf(out[end]))
            ++end;
        std::stable_sort(out.begin() + static_cast<std::ptrdiff_t>(i),
                         out.begin() + static_cast<std::ptrdiff_t>(end),
                         [](char32_t a, char32_t b) { return combiningClassOf(a) < combiningClassOf(b); });
        i = end;
    }
}

namespace {

// The composite of `first` and `second`, or 0.
char32_t composeOf(char32_t first, char32_t second)
{
    if (first >= kLBase && first < kLBase + 19 && second >= kVBase && second < kVBase + kVCount)
        return kSBase + ((first - kLBase) * kVCount + (second - kVBase)) * kTCount;
    if (first >= kSBase && first < kSBase + kSCount && (first - kSBase) % kTCount == 0 && second > kTBase &&
        second < kTBase + kTCount)
        return first + (second - kTBase);
    const auto table = compositions();
    const auto it =
        std::lower_bound(table.begin(), table.end(), std::pair{first, second},
                         [](const CanonicalComposition &c, std::pair<char32_t, char32_t> key) {
                             return c.first != key.first ? c.first < key.first : c.second < key.second;
                         });
    return it != table.end() && it->first == first && it->second == second ? it->composite : 0;
}

} // namespace

void appendNfc(std::u32string_view text, std::u32string &out)
{
    std::u32string nfd;
    appendNfd(text, nfd);
    std::size_t starter = SIZE_MAX; // where the last starter is in `out`
    int lastClass = -1;             // the class of the last character appended; -1: none
    for (const char32_t c : nfd) {
        const int cc = combiningClassOf(c);
        // Blocked unless c follows the starter directly or every character between has a lower class.
        if (starter != SIZE_MAX && (lastClass == 0 || lastClass < cc)) {
            if (const char32_t composite = composeOf(out[starter], c)) {
                out[starter] = composite;
                continue;
            }
        }
        if (cc == 0)
            starter = out.size();
        lastClass = cc;
        out += c;
    }
}

void appendLowercase(char32_t cp, std::u32string &out)
{
    if (cp < 0x80) {
        out += cp >= 'A' && cp <= 'Z' ? cp + 32 : cp;
        return;
    }
    if (const CodePointMapping *m = mappingOf(lowercaseMappings(), cp))
        out.append(lowercasePool().data() + m->offset, m->length);
    else
        out += cp;
}

} // namespace embedlab::core::unicode
