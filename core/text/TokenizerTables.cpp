// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/text/TokenizerTables.h"

#include "core/format/Utf8.h"
#include "core/tensor/Error.h"
#include "core/text/ByteLevel.h"
#include "core/text/PieceBytes.h"

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

std::string shown(std::string_view text)
{
    // Appended piecewise: GCC 12 warns falsely (-Wrestrict, bug 105329) on "'" + std::string.
    std::string out(1, '\'');
    return out.append(text.substr(0, 80)).append(text.size() > 80 ? "...'" : "'");
}

// Ids are checked and each id's bytes set; returns vocabulary text as written -> id (views into
// `source`), what merges name.
void placeVocabulary(const TokenizerSource &source, Tables &t)
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
    const auto size = static_cast<std::size_t>(largest + 1);
    t.bytes.assign(size, {});
    t.pieces.assign(size, {});
    t.assigned.assign(size, false);
    t.special.assign(size, false);
    std::vector<bool> inModel(size, false);
    for (const auto &[text, id] : source.vocab) {
        const auto i = static_cast<std::size_t>(id);
        if (t.assigned[i])
            fail(source, "id " + std::to_string(id) + " is given to two tokens, " + shown(text) + " and " +
                             shown(t.pieces[i]));
        const bool isLiteral = literal.count(id) != 0;
        std::string bytes;
        if (source.byteLevel) {
            bytes = byteLevelBytes(text);
        } else {
            // GGUF marks byte tokens by type; tokenizer.json by the <0xNN> spelling.
            const bool byteToken = source.tokenTypes.empty()
                                       ? source.byteFallback || source.model != TokenizerModelKind::Bpe
                                       : source.tokenTypes[i] == 6;
            bytes = source.model == TokenizerModelKind::WordPiece || isLiteral ? text
                                                                               : spacedBytes(text, byteToken);
        }
        // A literal token (<|endoftext|>) whose bytes differ from its byte-level reading is only
        // matched as a whole, never made by merges: decoding must give back the bytes encoded.
        const bool literalOnly = isLiteral && source.byteLevel && bytes != text;
        inModel[i] = !literalOnly;
        t.bytes[i] = literalOnly ? text : std::move(bytes);
        t.pieces[i] = text;
        t.assigned[i] = true;
        t.special[i] = isLiteral;
    }
    for (const auto &added : source.addedTokens) {
        const auto i = static_cast<std::size_t>(added.id);
        if (t.assigned[i] && t.pieces[i] != added.content)
            fail(source, "id " + std::to_string(added.id) + " is the added token " + shown(added.content) +
                             " and the vocabulary's " + shown(t.pieces[i]));
        if (!t.assigned[i])
            t.bytes[i] = added.content;
        t.pieces[i] = added.content;
        t.assigned[i] = true;
        t.special[i] = t.special[i] || added.special;
        if (added.content.empty())
            continue;
        TokenizerSource::AddedToken matched = added;
        // A normalized token is looked for in normalized text, so as the normalizers write it.
        if (matched.normalized)
            matched.content = text::normalize(source.normalizers, added.content);
        (added.normalized ? t.addedNormalized : t.addedRaw).push_back(std::move(matched));
    }
    // The views of the model's index point into the tables, now that every string is in place.
    t.idOfText.reserve(source.vocab.size());
    constexpr std::size_t kBlock = 32; // slots fetched together, as in placeMerges
    std::array<std::uint64_t, kBlock> hashes{};
    for (std::size_t first = 0; first < source.vocab.size(); first += kBlock) {
        const std::size_t count = std::min(kBlock, source.vocab.size() - first);
        for (std::size_t k = 0; k < count; ++k) {
            hashes[k] = TokenIndex::hash(source.vocab[first + k].first);
            t.idOfText.prefetch(hashes[k]);
        }
        for (std::size_t k = 0; k < count; ++k) {
            const auto &[text, id] = source.vocab[first + k];
            const auto i = static_cast<std::size_t>(id);
            if (inModel[i] && !t.idOfText.insert(t.pieces[i], static_cast<std::int32_t>(id), hashes[k]))
                fail(source, "token " + shown(text) + " appears twice in the vocabulary");
        }
    }
    for (std::vector<TokenizerSource::AddedToken> *added : {&t.addedRaw, &t.addedNormalized})
        std::stable_sort(added->begin(), added->end(),
                         [](const auto &a, const auto &b) { return a.content.size() > b.content.size(); });
}

void placeMerges(const TokenizerSource &source, const TokenIndex &idOfText, Tables &t)
{
    auto idOf = [&](std::string_view text, auto where) {
        const std::int32_t id = idOfText.find(text);
        if (id < 0)
            fail(source, where + ": " + shown(text) + " is not in the vocabulary");
        return id;
    };
    t.merges.reserve(source.merges.size());
    // Three lookups a merge in an index of megabytes: in blocks whose slots are fetched together
    // (Llama 3's 280,147 merges waited for memory one lookup at a time).
    constexpr std::size_t kBlock = 32;
    std::array<std::string, kBlock> joined;
    std::array<std::array<std::uint64_t, 3>, kBlock> hashes{};
    std::array<std::array<std::int32_t, 3>, kBlock> ids{};
    for (std::size_t first = 0; first < source.merges.size(); first += kBlock) {
        const std::size_t count = std::min(kBlock, source.merges.size() - first);
        for (std::size_t k = 0; k < count; ++k) {
            const TokenizerSource::Merge &m = source.merges[first + k];
            joined[k].assign(m.left).append(m.right);
            hashes[k] = {TokenIndex::hash(m.left), TokenIndex::hash(m.right), TokenIndex::hash(joined[k])};
            for (const std::uint64_t h : hashes[k])
                idOfText.prefetch(h);
        }
        for (std::size_t k = 0; k < count; ++k) {
            const TokenizerSource::Merge &m = source.merges[first + k];
            ids[k] = {idOfText.find(m.left, hashes[k][0]), idOfText.find(m.right, hashes[k][1]),
                      idOfText.find(joined[k], hashes[k][2])};
            if (ids[k][0] < 0 || ids[k][1] < 0)
                idOf(ids[k][0] < 0 ? m.left : m.right, source.whereIs(m));
            if (ids[k][2] < 0)
                fail(source, source.whereIs(m) + ": the merge of " + shown(m.left) + " and " +
                                 shown(m.right) + " makes " + shown(joined[k]) +
                                 ", which is not in the vocabulary");
            t.merges.prefetch(ids[k][0], ids[k][1]);
        }
        for (std::size_t k = 0; k < count; ++k)
            t.merges.insert(ids[k][0], ids[k][1],
                            Tables::Merge{static_cast<std::int32_t>(first + k), ids[k][2]});
    }
}

std::int32_t idOfModelText(const Tables &t, const std::string &text)
{
    return t.idOfText.find(text);
}

} // namespace

std::int32_t Tokenizer::Tables::idOfBytes(std::string_view text) const
{
    // Only a search by text needs it: built at the first search, not at every load.
    std::call_once(m_bytesIndex->once, [this] {
        m_bytesIndex->index.reserve(bytes.size());
        for (std::size_t id = 0; id < bytes.size(); ++id) {
            if (assigned[id])
                m_bytesIndex->index.insert(bytes[id], static_cast<std::int32_t>(id));
        }
    });
    return m_bytesIndex->index.find(text);
}

Tokenizer::Tables Tokenizer::Tables::build(const TokenizerSource &source)
{
    if (source.merges.size() > static_cast<std::size_t>(std::numeric_limits<std::int32_t>::max()))
        fail(source, "too many merges");
    Tables t;
    t.origin = source.origin;
    t.model = source.model;
    t.kind = source.model == TokenizerModelKind::WordPiece ? Kind::WordPiece
             : source.byteLevel                            ? Kind::ByteLevelBpe
                                                           : Kind::SentencePieceBpe;
    t.byteFallback = source.byteFallback;
    t.ignoreMerges = source.ignoreMerges;
    t.fuseUnk = source.fuseUnk;
    t.continuingPrefix = source.continuingPrefix;
    t.maxInputCharsPerWord = source.maxInputCharsPerWord;
    t.normalizers = source.normalizers;
    t.preTokenizers = source.preTokenizers;
    t.decoders = source.decoders;
    placeVocabulary(source, t);
    const TokenIndex &idOfWritten = t.idOfText;
    t.idOfByte.fill(-1);
    if (source.byteLevel) {
        for (int b = 0; b < 256; ++b) {
            std::string text;
            core::appendUtf8(text, bytelevel::charOfByte(static_cast<std::uint8_t>(b)));
            const std::int32_t id = idOfWritten.find(text);
            // Bytes that never occur in UTF-8 (C0, C1, F5..FF) may be missing, as in DeepSeek's
            // vocabularies: Hugging Face and llama.cpp are never given them.
            const bool neverInUtf8 = b == 0xC0 || b == 0xC1 || b >= 0xF5;
            if (id < 0 && !neverInUtf8)
                fail(source, "the vocabulary has no token for byte " + std::to_string(b) + " (" +
                                 shown(text) + "), so it is not a byte-level BPE vocabulary");
            t.idOfByte[static_cast<std::size_t>(b)] = id;
        }
    } else {
        for (const auto &[text, id] : source.vocab) {
            int byte = 0;
            const bool typed =
                source.tokenTypes.empty() || source.tokenTypes[static_cast<std::size_t>(id)] == 6;
            if (typed && isByteToken(text, byte))
                t.idOfByte[static_cast<std::size_t>(byte)] = static_cast<std::int32_t>(id);
        }
    }
    if (source.unkToken) {
        t.unkId = idOfModelText(t, *source.unkToken);
        if (t.unkId < 0)
            fail(source, "the unknown token " + shown(*source.unkToken) + " is not in the vocabulary");
    }
    if (source.model == TokenizerModelKind::SentencePiece) {
        if (source.scores.size() != t.bytes.size())
            fail(source, "tokenizer.ggml.scores has " + std::to_string(source.scores.size()) +
                             " scores for " + std::to_string(t.bytes.size()) + " tokens");
        t.scores = source.scores;
    }
    placeMerges(source, idOfWritten, t);
    return t;
}

} // namespace embedlab::core
