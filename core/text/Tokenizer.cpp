// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/text/Tokenizer.h"

#include "core/tensor/Error.h"
#include "core/text/ByteLevel.h"
#include "core/text/TokenDisplay.h"
#include "core/text/TokenizerTables.h"
#include "core/text/UnicodeClasses.h"
#include "core/text/WordEncoder.h"

#include <algorithm>
#include <deque>
#include <span>

namespace embedlab::core {

namespace {

using Tables = Tokenizer::Tables;

// Whether the one character at text[at, at + length) is a word character of Rust regex's \w.
bool isWordChar(std::string_view text, std::size_t at, std::size_t length)
{
    const bytelevel::Utf8Unit u = bytelevel::decodeUtf8(text, at);
    if (!u.valid || u.length != length)
        return false;
    return unicode::isWordCharacter(u.cp);
}

bool endsWithWord(std::string_view text)
{
    if (text.empty())
        return false;
    const std::size_t at = bytelevel::lastCharStart(text, text.size());
    return isWordChar(text, at, text.size() - at);
}

bool startsWithWord(std::string_view text)
{
    return !text.empty() && isWordChar(text, 0, bytelevel::decodeUtf8(text, 0).length);
}

bool isSpace(std::string_view text, std::size_t at, bytelevel::Utf8Unit &u)
{
    u = bytelevel::decodeUtf8(text, at);
    return u.valid && unicode::classify(u.cp) == unicode::CharClass::Space;
}

// Where the white space at the end of `text` starts (regex \s*$).
std::size_t trailingSpaceStart(std::string_view text)
{
    std::size_t start = text.size();
    while (start > 0) {
        const std::size_t at = bytelevel::lastCharStart(text, start);
        bytelevel::Utf8Unit u;
        if (!isSpace(text, at, u) || at + u.length != start)
            break;
        start = at;
    }
    return start;
}

// The length of the white space at the start of `text` (regex ^\s*).
std::size_t leadingSpaceLength(std::string_view text)
{
    std::size_t at = 0;
    bytelevel::Utf8Unit u;
    while (at < text.size() && isSpace(text, at, u))
        at += u.length;
    return at;
}

// The leftmost match in `text` from `from` on, the longest there (Aho-Corasick, LeftmostLongest).
const TokenizerSource::AddedToken *leftmostLongest(std::span<const TokenizerSource::AddedToken> tokens,
                                                   std::string_view text, std::size_t from, std::size_t &at)
{
    at = std::string_view::npos;
    const TokenizerSource::AddedToken *best = nullptr;
    for (const TokenizerSource::AddedToken &token : tokens) { // longest first, so a tie keeps the longest
        const std::size_t found = text.find(token.content, from);
        if (found < at) {
            at = found;
            best = &token;
        }
    }
    return best;
}

// A piece of the text: `id` < 0 for text that the pattern and BPE take, else an added token.
struct Split {
    std::string_view text;
    std::int32_t id = -1;
};

// AddedVocabulary::find_matches of Hugging Face's tokenizers: the added tokens of `tokens` in
// `sentence`, with their single_word, lstrip and rstrip options, and the text between them.
void splitAdded(std::span<const TokenizerSource::AddedToken> tokens, std::string_view sentence,
                std::vector<Split> &out)
{
    std::size_t startOffset = 0;
    std::size_t at = 0;
    for (std::size_t from = 0; from <= sentence.size();) {
        const TokenizerSource::AddedToken *token = leftmostLongest(tokens, sentence, from, at);
        if (!token)
            break;
        std::size_t start = at;
        std::size_t stop = at + token->content.size();
        from = std::max(stop, at + 1); // the search goes on after the match, kept or not
        if (token->singleWord && ((start > 0 && endsWithWord(sentence.substr(0, start))) ||
                                  (stop < sentence.size() && startsWithWord(sentence.substr(stop)))))
            continue;
        if (token->lstrip)
            start = std::max(trailingSpaceStart(sentence.substr(0, start)), startOffset);
        if (token->rstrip)
            stop += leadingSpaceLength(sentence.substr(stop));
        if (startOffset < start)
            out.push_back({sentence.substr(startOffset, start - startOffset)});
        out.push_back({{}, static_cast<std::int32_t>(token->id)});
        startOffset = stop;
    }
    if (startOffset < sentence.size())
        out.push_back({sentence.substr(startOffset)});
}

// Whether the decoders give each token's exact bytes, joined (ByteLevel alone, or none at all for
// vocab.json and GGUF byte-level files).
bool decodesToBytes(const Tables &t)
{
    return t.kind == Tokenizer::Kind::ByteLevelBpe &&
           (t.decoders.empty() ||
            (t.decoders.size() == 1 && t.decoders[0].kind == text::DecoderStep::Kind::ByteLevel));
}

} // namespace

Tokenizer::Tokenizer(std::shared_ptr<const Tables> tables)
    : m_tables(std::move(tables))
{}

std::vector<std::int64_t> Tokenizer::encode(std::string_view text) const
{
    const Tables &t = *m_tables;
    std::vector<std::int64_t> ids;
    ids.reserve(text.size() / 3 + 1);
    WordEncoder encoder(t);
    // Added tokens are split out first, as Hugging Face's AddedVocabulary does: those matched as
    // written, then each stretch between them is normalized and the normalized ones are matched in
    // it. The pre-tokenizers and the model run on the text between them.
    std::vector<Split> raw;
    splitAdded(t.addedRaw, text, raw);
    std::deque<std::string> storage;
    std::vector<std::string_view> words;
    for (const Split &split : raw) {
        if (split.id >= 0) {
            ids.push_back(split.id);
            continue;
        }
        const bool atStart = split.text.data() == text.data();
        std::string_view normalized = split.text;
        if (!t.normalizers.empty())
            normalized = storage.emplace_back(text::normalize(t.normalizers, split.text));
        std::vector<Split> pieces;
        splitAdded(t.addedNormalized, normalized, pieces);
        for (const Split &piece : pieces) {
            if (piece.id >= 0) {
                ids.push_back(piece.id);
                continue;
            }
            words.clear();
            text::preTokenize(t.preTokenizers,
                              {piece.text, atStart && piece.text.data() == normalized.data()}, words,
                              storage);
            for (const std::string_view word : words)
                encoder.encode(word, ids);
        }
    }
    return ids;
}

void Tokenizer::checkId(std::int64_t id) const
{
    if (id < 0 || id >= vocabSize() || !m_tables->assigned[static_cast<std::size_t>(id)])
        throw Error(Error::Kind::IndexError, "token id " + std::to_string(id) + " is not in " +
                                                 m_tables->origin + " (ids 0.." +
                                                 std::to_string(vocabSize() - 1) + ")");
}

std::string Tokenizer::decode(std::span<const std::int64_t> ids) const
{
    for (const std::int64_t id : ids)
        checkId(id);
    const Tables &t = *m_tables;
    if (decodesToBytes(t)) {
        std::string out;
        for (const std::int64_t id : ids)
            out += t.bytes[static_cast<std::size_t>(id)];
        return out;
    }
    std::vector<std::string> tokens;
    tokens.reserve(ids.size());
    for (const std::int64_t id : ids)
        tokens.push_back(t.pieces[static_cast<std::size_t>(id)]);
    if (t.decoders.empty()) {
        // Hugging Face without a decoder: the tokens joined by spaces.
        std::string out;
        for (std::size_t i = 0; i < tokens.size(); ++i)
            out.append(i ? " " : "").append(tokens[i]);
        return out;
    }
    return text::decode(t.decoders, std::move(tokens));
}

std::string Tokenizer::tokenText(std::int64_t id) const
{
    return tokenLabel(tokenBytes(id));
}

const std::string &Tokenizer::tokenBytes(std::int64_t id) const
{
    checkId(id);
    return m_tables->bytes[static_cast<std::size_t>(id)];
}

const std::string &Tokenizer::tokenPiece(std::int64_t id) const
{
    checkId(id);
    return m_tables->pieces[static_cast<std::size_t>(id)];
}

bool Tokenizer::isSpecial(std::int64_t id) const
{
    checkId(id);
    return m_tables->special[static_cast<std::size_t>(id)];
}

std::optional<std::int64_t> Tokenizer::find(std::string_view text) const
{
    if (text.empty())
        return std::nullopt;
    if (const std::int32_t id = m_tables->idOfBytes(text); id >= 0)
        return id;
    // Tokens shown by their bytes (<E6 88>): the first whose label is the text.
    if (text.find('<') == std::string_view::npos)
        return std::nullopt;
    for (std::int64_t id = 0; id < vocabSize(); ++id) {
        if (m_tables->assigned[static_cast<std::size_t>(id)] && tokenText(id) == text)
            return id;
    }
    return std::nullopt;
}

Tokenizer::Kind Tokenizer::kind() const
{
    return m_tables->kind;
}

bool Tokenizer::roundTrips() const
{
    const Tables &t = *m_tables;
    const auto strips = [](const TokenizerSource::AddedToken &a) { return a.lstrip || a.rstrip; };
    const bool everyByte =
        std::none_of(t.idOfByte.begin(), t.idOfByte.end(), [](std::int32_t id) { return id < 0; });
    return decodesToBytes(t) && everyByte && t.normalizers.empty() &&
           std::none_of(t.addedRaw.begin(), t.addedRaw.end(), strips) &&
           std::none_of(t.addedNormalized.begin(), t.addedNormalized.end(), strips) &&
           std::none_of(t.preTokenizers.begin(), t.preTokenizers.end(),
                        [](const text::PreTokenizerStep &s) { return s.addPrefixSpace; });
}

std::int64_t Tokenizer::vocabSize() const
{
    return static_cast<std::int64_t>(m_tables->bytes.size());
}

const std::string &Tokenizer::origin() const
{
    return m_tables->origin;
}

} // namespace embedlab::core
