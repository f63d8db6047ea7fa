// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/text/ByteLevel.h"

#include "core/text/UnicodeClasses.h"

#include <array>

namespace embedlab::core::bytelevel {

namespace {

using unicode::CharClass;

struct ByteTable {
    std::array<char32_t, 256> charOf{};
    std::array<std::int16_t, 512> byteOf{}; // every character of the table is below U+0200
};

// encoder.py: printable Latin-1 bytes stand for themselves, the other 68 take U+0100.. in order.
const ByteTable &byteTable()
{
    static const ByteTable table = [] {
        ByteTable t;
        t.byteOf.fill(-1);
        char32_t next = 256;
        for (int b = 0; b < 256; ++b) {
            const bool printable =
                (b >= '!' && b <= '~') || (b >= 0xA1 && b <= 0xAC) || (b >= 0xAE && b <= 0xFF);
            t.charOf[static_cast<std::size_t>(b)] = printable ? static_cast<char32_t>(b) : next++;
            t.byteOf[t.charOf[static_cast<std::size_t>(b)]] = static_cast<std::int16_t>(b);
        }
        return t;
    }();
    return table;
}

struct Unit {
    CharClass cls = CharClass::Other;
    std::size_t length = 1;
};

Unit unitAt(std::string_view text, std::size_t at)
{
    const auto c = static_cast<unsigned char>(text[at]);
    if (c < 0x80)
        return {unicode::classify(c), 1};
    const Utf8Unit u = decodeUtf8(text, at);
    return {u.valid ? unicode::classify(u.cp) : CharClass::Other, u.length};
}

// The end of the run of `cls` characters that starts at `at`.
std::size_t runEnd(std::string_view text, std::size_t at, CharClass cls)
{
    while (at < text.size()) {
        const Unit u = unitAt(text, at);
        if (u.cls != cls)
            break;
        at += u.length;
    }
    return at;
}

// 's 't 're 've 'm 'll 'd at `at` (which holds an apostrophe): the match's length, or 0.
std::size_t contractionAt(std::string_view text, std::size_t at)
{
    const std::string_view rest = text.substr(at + 1);
    for (std::string_view suffix : {"s", "t", "re", "ve", "m", "ll", "d"}) {
        if (rest.starts_with(suffix))
            return 1 + suffix.size();
    }
    return 0;
}

// The end of the piece that starts at `at`.
std::size_t pieceEnd(std::string_view text, std::size_t at)
{
    if (text[at] == '\'') {
        if (const std::size_t n = contractionAt(text, at))
            return at + n;
    }
    const Unit first = unitAt(text, at);
    if (text[at] == ' ' && at + 1 < text.size()) {
        // ` ?\p{L}+`, ` ?\p{N}+`, ` ?[^\s\p{L}\p{N}]+` with the space
        const Unit next = unitAt(text, at + 1);
        if (next.cls != CharClass::Space)
            return runEnd(text, at + 1, next.cls);
    }
    if (first.cls != CharClass::Space)
        return runEnd(text, at, first.cls);
    // `\s+(?!\S)` backs off one character so that a following space can lead the next word; a
    // single space before a non-space is `\s+`.
    const std::size_t end = runEnd(text, at, CharClass::Space);
    if (end == text.size())
        return end;
    std::size_t last = end - 1;
    while ((static_cast<unsigned char>(text[last]) & 0xC0) == 0x80)
        --last; // the start of the run's last character
    return last > at ? last : end;
}

} // namespace

char32_t charOfByte(std::uint8_t b)
{
    return byteTable().charOf[b];
}

int byteOfChar(char32_t c)
{
    return c < 512 ? byteTable().byteOf[c] : -1;
}

std::size_t lastCharStart(std::string_view text, std::size_t end)
{
    std::size_t at = end - 1;
    while (at > 0 && end - at < 4 && (static_cast<unsigned char>(text[at]) & 0xC0) == 0x80)
        --at;
    return at;
}

Utf8Unit decodeUtf8(std::string_view s, std::size_t i)
{
    const auto c = static_cast<unsigned char>(s[i]);
    const std::size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (n == 0 || i + n > s.size())
        return {c, 1, false};
    char32_t cp = n == 1 ? c : c & (0x7fu >> n);
    for (std::size_t k = 1; k < n; ++k) {
        const auto cc = static_cast<unsigned char>(s[i + k]);
        if ((cc >> 6) != 2)
            return {c, 1, false};
        cp = (cp << 6) | (cc & 0x3f);
    }
    constexpr char32_t minimum[] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < minimum[n] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
        return {c, 1, false};
    return {cp, static_cast<std::uint8_t>(n), true};
}

void splitPretokens(std::string_view text, std::vector<std::string_view> &pieces)
{
    for (std::size_t at = 0; at < text.size();) {
        const std::size_t end = pieceEnd(text, at);
        pieces.push_back(text.substr(at, end - at));
        at = end;
    }
}

std::string displayText(std::string_view bytes)
{
    std::string out;
    out.reserve(bytes.size());
    for (std::size_t i = 0; i < bytes.size();) {
        const Utf8Unit u = decodeUtf8(bytes, i);
        if (u.valid) {
            out.append(bytes.substr(i, u.length));
            i += u.length;
            continue;
        }
        out += "\xEF\xBF\xBD";
        // One U+FFFD for a truncated sequence (its lead byte and the continuation bytes present).
        const auto lead = static_cast<unsigned char>(bytes[i]);
        const std::size_t expected = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 ? 2 : 1;
        ++i;
        for (std::size_t k = 1;
             k < expected && i < bytes.size() && (static_cast<unsigned char>(bytes[i]) & 0xC0) == 0x80; ++k)
            ++i;
    }
    return out;
}

} // namespace embedlab::core::bytelevel
