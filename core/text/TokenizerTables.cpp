// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/text/TokenizerTables.h"

#include "core/format/Utf8.h"
#include "core/tensor/Error.h"
#include "core/text/ByteLevel.h"

#include <algorithm>
#include <limits>
#include <set>

namespace embedlab::core {

namespace {

using Tables = Tokenizer::Tables;

[[noreturn]] void fail(const TokenizerSource &source, const std::string &what)
{
    throw Error(Error::Kind::ValueError, source.origin + ": " + what);
}

// A vocabulary string's bytes through the byte table; a string with a character outside the table
// (a special token such as "<s>" of another tokenizer, or damaged text) is kept as it is written.
std::string bytesOf(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const bytelevel::Utf8Unit u = bytelevel::decodeUtf8(text, i);
        const int b = u.valid ? bytelevel::byteOfChar(u.cp) : -1;
        if (b < 0)
            return std::string(text);
        out += static_cast<char>(b);
        i += u.length;
    }
    return out;
}

std::string shown(std::string_view text)
{
    // Appended piecewise: GCC 12 warns falsely (-Wrestrict, bug 105329) on "'" + std::string.
    std::string out(1, '\'');
    return out.append(text.substr(0, 80)).append(text.size() > 80 ? "...'" : "'");
}

// Ids are checked and each id's bytes set; returns vocabulary text -> id (views into `source`).
std::unordered_map<std::string_view, std::int32_t> placeVocabulary(const TokenizerSource &source, Tables &t)
{
    if (source.vocab.empty())
        fail(source, "the vocabulary is empty");
    std::int64_t largest = -1;
    for (const auto &[text, id] : source.vocab) {
        if (id < 0 || id >= kMaxVocabulary)
            fail(source, "token " + shown(text) + " has id " + std::to_string(id) + ", outside 0.." +
                             std::to_string(kMaxVocabulary - 1));
        largest = std::max(largest, id);
    }
    for (const auto &added : source.addedTokens) {
        if (added.id < 0 || added.id >= kMaxVocabulary)
            fail(source, "added token " + shown(added.content) + " has id " + std::to_string(added.id));
        largest = std::max(largest, added.id);
    }
    const std::set<std::int64_t> literal(source.literalIds.begin(), source.literalIds.end());
    t.bytes.assign(static_cast<std::size_t>(largest + 1), {});
    t.assigned.assign(static_cast<std::size_t>(largest + 1), false);
    std::unordered_map<std::string_view, std::int32_t> idOfText;
    idOfText.reserve(source.vocab.size());
    for (const auto &[text, id] : source.vocab) {
        const auto i = static_cast<std::size_t>(id);
        if (t.assigned[i])
            fail(source, "id " + std::to_string(id) + " is given to two tokens, " + shown(text) + " and " +
                             shown(t.bytes[i]));
        std::string bytes = bytesOf(text);
        // A literal token (<|endoftext|>) whose bytes differ from its byte-level reading is only
        // matched as a whole, never made by merges: decoding must give back the bytes encoded.
        const bool literalOnly = literal.count(id) && bytes != text;
        if (!literalOnly && !idOfText.emplace(text, static_cast<std::int32_t>(id)).second)
            fail(source, "token " + shown(text) + " appears twice in the vocabulary");
        t.bytes[i] = literalOnly ? text : std::move(bytes);
        t.assigned[i] = true;
    }
    for (const auto &added : source.addedTokens) {
        const auto i = static_cast<std::size_t>(added.id);
        if (t.assigned[i] && t.bytes[i] != added.content)
            fail(source, "id " + std::to_string(added.id) + " is the added token " + shown(added.content) +
                             " and the vocabulary's " + shown(t.bytes[i]));
        t.bytes[i] = added.content;
        t.assigned[i] = true;
        if (!added.content.empty())
            (added.normalized ? t.addedNormalized : t.addedRaw).push_back(added);
    }
    for (std::vector<TokenizerSource::AddedToken> *added : {&t.addedRaw, &t.addedNormalized})
        std::stable_sort(added->begin(), added->end(),
                         [](const auto &a, const auto &b) { return a.content.size() > b.content.size(); });
    return idOfText;
}

void placeMerges(const TokenizerSource &source,
                 const std::unordered_map<std::string_view, std::int32_t> &idOfText, Tables &t)
{
    auto idOf = [&](std::string_view text, const std::string &where) {
        const auto it = idOfText.find(text);
        if (it == idOfText.end())
            fail(source, where + ": " + shown(text) + " is not in the vocabulary");
        return it->second;
    };
    t.merges.reserve(source.merges.size());
    std::string joined;
    for (std::size_t rank = 0; rank < source.merges.size(); ++rank) {
        const TokenizerSource::Merge &m = source.merges[rank];
        const std::int32_t left = idOf(m.left, m.where);
        const std::int32_t right = idOf(m.right, m.where);
        joined.assign(m.left).append(m.right);
        const auto result = idOfText.find(joined);
        if (result == idOfText.end())
            fail(source, m.where + ": the merge of " + shown(m.left) + " and " + shown(m.right) + " makes " +
                             shown(joined) + ", which is not in the vocabulary");
        const std::uint64_t key = (static_cast<std::uint64_t>(static_cast<std::uint32_t>(left)) << 32) |
                                  static_cast<std::uint32_t>(right);
        t.merges.try_emplace(key, Tables::Merge{static_cast<std::int32_t>(rank), result->second});
    }
}

} // namespace

Tokenizer::Tables Tokenizer::Tables::build(const TokenizerSource &source)
{
    if (source.merges.size() > static_cast<std::size_t>(std::numeric_limits<std::int32_t>::max()))
        fail(source, "too many merges");
    Tables t;
    t.origin = source.origin;
    t.addPrefixSpace = source.addPrefixSpace;
    const auto idOfText = placeVocabulary(source, t);
    for (int b = 0; b < 256; ++b) {
        std::string text;
        core::appendUtf8(text, bytelevel::charOfByte(static_cast<std::uint8_t>(b)));
        const auto it = idOfText.find(text);
        if (it == idOfText.end())
            fail(source, "the vocabulary has no token for byte " + std::to_string(b) + " (" + shown(text) +
                             "), so it is not a byte-level BPE vocabulary");
        t.idOfByte[static_cast<std::size_t>(b)] = it->second;
    }
    placeMerges(source, idOfText, t);
    t.idOfBytes.reserve(t.bytes.size());
    for (std::size_t id = 0; id < t.bytes.size(); ++id) {
        if (t.assigned[id])
            t.idOfBytes.emplace(t.bytes[id], static_cast<std::int32_t>(id));
    }
    return t;
}

} // namespace embedlab::core
