// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/text/TokenDisplay.h"

#include "core/text/ByteLevel.h"

#include <array>

namespace embedlab::core {

namespace {

void appendHex(std::string &out, unsigned char b)
{
    constexpr char kDigits[] = "0123456789ABCDEF";
    out += kDigits[b >> 4];
    out += kDigits[b & 15];
}

// The length of the longest prefix of `bytes` that is whole valid UTF-8 characters.
std::size_t validPrefix(std::string_view bytes)
{
    std::size_t at = 0;
    while (at < bytes.size()) {
        const bytelevel::Utf8Unit u = bytelevel::decodeUtf8(bytes, at);
        if (!u.valid)
            break;
        at += u.length;
    }
    return at;
}

// Whether `bytes` (not empty) end inside a character that the next bytes could still complete: a
// lead byte with fewer continuation bytes after it than it announces.
bool endsInsideCharacter(std::string_view bytes)
{
    std::size_t k = bytes.size();
    std::size_t continuation = 0;
    while (k > 0 && continuation < 3 && (static_cast<unsigned char>(bytes[k - 1]) & 0xC0) == 0x80) {
        --k;
        ++continuation;
    }
    if (k == 0)
        return false;
    const auto lead = static_cast<unsigned char>(bytes[k - 1]);
    const std::size_t need = lead >= 0xF0 && lead <= 0xF4   ? 3
                             : lead >= 0xE0 && lead <= 0xEF ? 2
                             : lead >= 0xC2 && lead <= 0xDF ? 1
                                                            : 0;
    return need > continuation;
}

// A character shown as itself: valid UTF-8 that is neither an invisible control character (the
// views mark tab, newline and carriage return themselves), nor the byte order mark U+FEFF (Qt drops
// it from the start of a string), nor U+FFFD, which would read as a byte that failed to decode.
bool shownAsText(const bytelevel::Utf8Unit &u)
{
    if (!u.valid)
        return false;
    if (u.cp < 0x20)
        return u.cp == '\t' || u.cp == '\n' || u.cp == '\r';
    return !(u.cp >= 0x7F && u.cp <= 0x9F) && u.cp != 0xFFFD && u.cp != 0xFEFF;
}

} // namespace

std::string tokenLabel(std::string_view bytes)
{
    std::string out;
    out.reserve(bytes.size());
    for (std::size_t i = 0; i < bytes.size();) {
        bytelevel::Utf8Unit u = bytelevel::decodeUtf8(bytes, i);
        if (shownAsText(u)) {
            out.append(bytes.substr(i, u.length));
            i += u.length;
            continue;
        }
        // A run of bytes not shown as text, a whole control character byte by byte too.
        out += '<';
        for (bool first = true; i < bytes.size() && !shownAsText(u);) {
            const std::size_t length = u.valid ? u.length : 1;
            for (std::size_t k = 0; k < length; ++k, first = false) {
                if (!first)
                    out += ' ';
                appendHex(out, static_cast<unsigned char>(bytes[i + k]));
            }
            i += length;
            if (i < bytes.size())
                u = bytelevel::decodeUtf8(bytes, i);
        }
        out += '>';
    }
    return out;
}

std::vector<TokenGroup> groupCharacters(std::span<const std::string_view> tokens)
{
    std::vector<TokenGroup> groups;
    std::string joined;
    for (std::size_t i = 0; i < tokens.size();) {
        TokenGroup group{i, 1, {}, true};
        joined.assign(tokens[i]);
        // A run that starts with continuation bytes (the tail of a character begun before) or ends
        // inside one takes the next tokens, as long as they continue a character.
        while (endsInsideCharacter(joined) && group.first + group.count < tokens.size()) {
            const std::string_view next = tokens[group.first + group.count];
            if (next.empty() || (static_cast<unsigned char>(next[0]) & 0xC0) != 0x80)
                break;
            joined.append(next);
            ++group.count;
        }
        group.complete = validPrefix(joined) == joined.size();
        group.text = tokenLabel(joined);
        i += group.count;
        groups.push_back(std::move(group));
    }
    return groups;
}

std::optional<TokenizerGuess> guessTokenizerForRows(std::int64_t rows)
{
    struct Known {
        std::int64_t rows;
        const char *name;
        bool builtIn;
    };
    constexpr std::array kKnown = {Known{50257, "GPT-2", true},
                                   Known{128256, "Llama 3", false},
                                   Known{32000, "Llama 2 / Mistral 7B", false},
                                   Known{30522, "BERT (uncased)", false},
                                   Known{151936, "Qwen 2", false},
                                   Known{256000, "Gemma", false}};
    for (const Known &k : kKnown) {
        if (k.rows != rows)
            continue;
        TokenizerGuess guess{k.name, rows, k.builtIn, {}};
        guess.reason = std::to_string(rows) + " rows is the size of " + k.name +
                       "'s vocabulary, so these may be " + k.name +
                       "'s tokens; this is a guess from the row count alone" +
                       (k.builtIn ? "." : ": open its tokenizer file to use it.");
        return guess;
    }
    return std::nullopt;
}

std::string explainByteSplit(const CharacterSplit &split)
{
    std::size_t bytes = split.bytesHex.empty() ? 0 : 1;
    for (const char c : split.bytesHex)
        bytes += c == ' ';
    std::string out =
        split.character + " is " + std::to_string(bytes) + " bytes in UTF-8 (" + split.bytesHex +
        "). Byte-level BPE works on bytes, not characters, and its vocabulary has no token for all "
        "of them, so it takes " +
        std::to_string(split.pieces.size()) + " tokens:";
    for (const std::string &piece : split.pieces)
        out.append(" ").append(piece);
    return out + ".";
}

} // namespace embedlab::core
