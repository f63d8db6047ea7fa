// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/nn/FitCorpus.h"

#include "core/tensor/Error.h"
#include "core/text/Tokenizer.h"

#include <algorithm>
#include <cstdio>
#include <limits>
#include <string>

namespace embedlab::core {

namespace {

bool isContinuation(unsigned char c)
{
    return (c & 0xc0) == 0x80;
}

// UnicodeDecodeError.__str__: one byte is named with its value, more by their positions.
[[noreturn]] void decodeError(std::string_view text, std::size_t start, std::size_t end, const char *reason)
{
    std::string message = "'utf-8' codec can't decode ";
    char buffer[64];
    if (end == start + 1)
        std::snprintf(buffer, sizeof buffer, "byte 0x%02x in position %zu",
                      static_cast<unsigned>(static_cast<unsigned char>(text[start])), start);
    else
        std::snprintf(buffer, sizeof buffer, "bytes in position %zu-%zu", start, end - 1);
    throw Error(Error::Kind::UnicodeDecodeError, message + buffer + ": " + reason);
}

} // namespace

FitCorpus::FitCorpus(std::vector<std::int64_t> ids)
    : m_ids(std::move(ids))
    , m_vocabulary(m_ids)
{
    std::sort(m_vocabulary.begin(), m_vocabulary.end());
    m_vocabulary.erase(std::unique(m_vocabulary.begin(), m_vocabulary.end()), m_vocabulary.end());
    m_rows.reserve(m_ids.size());
    for (std::int64_t id : m_ids)
        m_rows.push_back(static_cast<std::int32_t>(
            std::lower_bound(m_vocabulary.begin(), m_vocabulary.end(), id) - m_vocabulary.begin()));
}

FitCorpus FitCorpus::fromText(std::string_view utf8, const Tokenizer *tokenizer)
{
    std::vector<std::int64_t> points = codePoints(utf8); // Python refuses the file before any tokenizer
    if (!tokenizer)
        return FitCorpus(std::move(points));
    return FitCorpus(tokenizer->encode(utf8));
}

std::vector<std::int64_t> FitCorpus::codePoints(std::string_view text)
{
    // CPython's utf8_decode (Objects/stringlib/codecs.h): the error covers the bytes of the
    // sequence that were valid before the offending one.
    std::vector<std::int64_t> out;
    out.reserve(text.size());
    const std::size_t n = text.size();
    for (std::size_t i = 0; i < n;) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c < 0x80) {
            out.push_back(c);
            ++i;
            continue;
        }
        std::size_t length = 0;
        unsigned char low = 0x80, high = 0xbf; // the allowed range of the second byte
        if (c >= 0xc2 && c <= 0xdf) {
            length = 2;
        } else if (c >= 0xe0 && c <= 0xef) {
            length = 3;
            low = c == 0xe0 ? 0xa0 : 0x80;
            high = c == 0xed ? 0x9f : 0xbf;
        } else if (c >= 0xf0 && c <= 0xf4) {
            length = 4;
            low = c == 0xf0 ? 0x90 : 0x80;
            high = c == 0xf4 ? 0x8f : 0xbf;
        } else {
            decodeError(text, i, i + 1, "invalid start byte");
        }
        std::int64_t cp = c & (0xff >> (length + 1));
        for (std::size_t k = 1; k < length; ++k) {
            if (i + k >= n)
                decodeError(text, i, n, "unexpected end of data");
            const auto cc = static_cast<unsigned char>(text[i + k]);
            const bool ok = k == 1 ? cc >= low && cc <= high : isContinuation(cc);
            if (!ok)
                decodeError(text, i, i + k, "invalid continuation byte");
            cp = (cp << 6) | (cc & 0x3f);
        }
        out.push_back(cp);
        i += length;
    }
    return out;
}

std::optional<std::int32_t> FitCorpus::rowOf(std::int64_t id) const
{
    const auto it = std::lower_bound(m_vocabulary.begin(), m_vocabulary.end(), id);
    if (it == m_vocabulary.end() || *it != id)
        return std::nullopt;
    return static_cast<std::int32_t>(it - m_vocabulary.begin());
}

Index FitCorpus::exampleCount(Index context) const
{
    return context >= 0 && tokenCount() > context ? tokenCount() - context : 0;
}

void FitCorpus::checkContext(Index context) const
{
    if (context < 1)
        throw Error(Error::Kind::ValueError,
                    "the context must be at least 1 token, got " + std::to_string(context));
    if (exampleCount(context) == 0)
        throw Error(Error::Kind::ValueError, "the text has " + std::to_string(tokenCount()) + " token" +
                                                 (tokenCount() == 1 ? "" : "s") + ": a context of " +
                                                 std::to_string(context) + " needs at least " +
                                                 std::to_string(static_cast<std::uint64_t>(context) + 1) +
                                                 " (one example)");
}

} // namespace embedlab::core
