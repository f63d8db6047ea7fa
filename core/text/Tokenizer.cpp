// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/text/Tokenizer.h"

#include "core/tensor/Error.h"
#include "core/text/ByteLevel.h"
#include "core/text/TokenizerTables.h"
#include "core/text/UnicodeClasses.h"

#include <algorithm>
#include <deque>
#include <limits>
#include <queue>
#include <span>
#include <unordered_map>

namespace embedlab::core {

namespace {

using Tables = Tokenizer::Tables;

std::uint64_t pairKey(std::int32_t left, std::int32_t right)
{
    return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(left)) << 32) |
           static_cast<std::uint32_t>(right);
}

const Tables::Merge *mergeOf(const Tables &t, std::int32_t left, std::int32_t right)
{
    const auto it = t.merges.find(pairKey(left, right));
    return it == t.merges.end() ? nullptr : &it->second;
}

// encoder.py's loop: merge every occurrence of the lowest-ranked pair, until no pair has a rank.
// Quadratic in the word's length, and the fastest for the short words of real text.
void mergeShort(const Tables &t, std::vector<std::int32_t> &word)
{
    while (word.size() > 1) {
        const Tables::Merge *best = nullptr;
        std::int32_t left = 0, right = 0;
        for (std::size_t k = 0; k + 1 < word.size(); ++k) {
            const Tables::Merge *m = mergeOf(t, word[k], word[k + 1]);
            if (m && (!best || m->rank < best->rank)) {
                best = m;
                left = word[k];
                right = word[k + 1];
            }
        }
        if (!best)
            return;
        std::size_t out = 0;
        for (std::size_t k = 0; k < word.size();) {
            if (k + 1 < word.size() && word[k] == left && word[k + 1] == right) {
                word[out++] = best->result;
                k += 2;
            } else {
                word[out++] = word[k++];
            }
        }
        word.resize(out);
    }
}

// The same merges in O(n log n) for long words (a line of 100,000 letters): a heap of candidate
// pairs by (rank, position) over a linked list. Merging the leftmost lowest-ranked pair first gives
// encoder.py's result, because a merge never recreates the pair it merged (its token is longer).
void mergeLong(const Tables &t, std::vector<std::int32_t> &word)
{
    struct Candidate {
        std::int32_t rank;
        std::int32_t at;
        std::int32_t left;
        std::int32_t right;
        bool operator>(const Candidate &o) const { return rank != o.rank ? rank > o.rank : at > o.at; }
    };
    const auto n = static_cast<std::int32_t>(word.size());
    std::vector<std::int32_t> next(word.size()), prev(word.size());
    std::priority_queue<Candidate, std::vector<Candidate>, std::greater<>> heap;
    auto consider = [&](std::int32_t at) {
        if (at < 0 || next[at] >= n)
            return;
        if (const Tables::Merge *m = mergeOf(t, word[at], word[next[at]]))
            heap.push({m->rank, at, word[at], word[next[at]]});
    };
    for (std::int32_t k = 0; k < n; ++k) {
        next[k] = k + 1;
        prev[k] = k - 1;
    }
    for (std::int32_t k = 0; k + 1 < n; ++k)
        consider(k);
    while (!heap.empty()) {
        const Candidate c = heap.top();
        heap.pop();
        const std::int32_t right = next[c.at];
        if (word[c.at] != c.left || right >= n || word[right] != c.right)
            continue; // stale: one side was merged since
        word[c.at] = mergeOf(t, c.left, c.right)->result;
        word[right] = -1;
        next[c.at] = next[right];
        if (next[right] < n)
            prev[next[right]] = c.at;
        consider(prev[c.at]);
        consider(c.at);
    }
    word.erase(std::remove(word.begin(), word.end(), -1), word.end());
}

// One encode() call's state: the ids of each distinct pre-token, computed once.
class Encoder {
public:
    explicit Encoder(const Tables &t)
        : m_t(t)
    {}

    void segment(std::string_view text, std::vector<std::int64_t> &ids)
    {
        if (m_t.addPrefixSpace && !text.empty() && text.front() != ' ')
            text = m_prefixed.emplace_back(1, ' ').append(text); // piecewise: GCC 12's -Wrestrict
        m_pieces.clear();
        bytelevel::splitPretokens(text, m_pieces);
        for (std::string_view piece : m_pieces) {
            auto [it, fresh] = m_cache.try_emplace(piece);
            if (fresh) {
                it->second.first = static_cast<std::uint32_t>(m_cached.size());
                bpe(piece);
                it->second.second = static_cast<std::uint32_t>(m_word.size());
                m_cached.insert(m_cached.end(), m_word.begin(), m_word.end());
            }
            ids.insert(ids.end(), m_cached.begin() + it->second.first,
                       m_cached.begin() + it->second.first + it->second.second);
        }
    }

private:
    void bpe(std::string_view piece)
    {
        m_word.clear();
        for (char c : piece)
            m_word.push_back(m_t.idOfByte[static_cast<unsigned char>(c)]);
        if (m_word.size() <= 48)
            mergeShort(m_t, m_word);
        else
            mergeLong(m_t, m_word);
    }

    const Tables &m_t;
    std::vector<std::string_view> m_pieces;
    std::vector<std::int32_t> m_word;
    std::unordered_map<std::string_view, std::pair<std::uint32_t, std::uint32_t>> m_cache;
    std::vector<std::int32_t> m_cached;
    std::deque<std::string> m_prefixed; // stable storage for the views in m_cache
};

// Whether the one character at text[at, at + length) is a word character of Rust regex's \w.
bool isWordChar(std::string_view text, std::size_t at, std::size_t length)
{
    const bytelevel::Utf8Unit u = bytelevel::decodeUtf8(text, at);
    if (!u.valid || u.length != length)
        return false;
    return unicode::isWordCharacter(u.cp);
}

// Where the last UTF-8 sequence of text[0, end) starts (end > 0).
std::size_t lastCharStart(std::string_view text, std::size_t end)
{
    std::size_t at = end - 1;
    while (at > 0 && end - at < 4 && (static_cast<unsigned char>(text[at]) & 0xC0) == 0x80)
        --at;
    return at;
}

bool endsWithWord(std::string_view text)
{
    if (text.empty())
        return false;
    const std::size_t at = lastCharStart(text, text.size());
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
        const std::size_t at = lastCharStart(text, start);
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

} // namespace

Tokenizer::Tokenizer(std::shared_ptr<const Tables> tables)
    : m_tables(std::move(tables))
{}

std::vector<std::int64_t> Tokenizer::encode(std::string_view text) const
{
    std::vector<std::int64_t> ids;
    ids.reserve(text.size() / 3 + 1);
    Encoder encoder(*m_tables);
    // Added tokens are split out first, as Hugging Face's AddedVocabulary does: those matched as
    // written, then the normalized ones in the text left (no normalizer: the same text). The
    // pattern runs on the text between them.
    std::vector<Split> raw;
    splitAdded(m_tables->addedRaw, text, raw);
    std::vector<Split> pieces;
    for (const Split &split : raw) {
        if (split.id >= 0)
            pieces.push_back(split);
        else
            splitAdded(m_tables->addedNormalized, split.text, pieces);
    }
    for (const Split &piece : pieces) {
        if (piece.id >= 0)
            ids.push_back(piece.id);
        else
            encoder.segment(piece.text, ids);
    }
    return ids;
}

std::string Tokenizer::decode(std::span<const std::int64_t> ids) const
{
    std::string out;
    for (const std::int64_t id : ids) {
        if (id < 0 || id >= vocabSize() || !m_tables->assigned[static_cast<std::size_t>(id)])
            throw Error(Error::Kind::IndexError, "token id " + std::to_string(id) + " is not in " +
                                                     m_tables->origin + " (ids 0.." +
                                                     std::to_string(vocabSize() - 1) + ")");
        out += m_tables->bytes[static_cast<std::size_t>(id)];
    }
    return out;
}

std::string Tokenizer::tokenText(std::int64_t id) const
{
    const std::int64_t one[] = {id};
    return bytelevel::displayText(decode(one));
}

std::optional<std::int64_t> Tokenizer::find(std::string_view text) const
{
    if (const auto it = m_tables->idOfBytes.find(std::string(text)); it != m_tables->idOfBytes.end())
        return it->second;
    // Tokens that are pieces of a character all show as U+FFFD: the first such id.
    if (text.find("\xEF\xBF\xBD") == std::string_view::npos)
        return std::nullopt;
    for (std::int64_t id = 0; id < vocabSize(); ++id) {
        if (m_tables->assigned[static_cast<std::size_t>(id)] && tokenText(id) == text)
            return id;
    }
    return std::nullopt;
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
