// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// The three models: BPE by merge rank (Hugging Face's BPE, encoder.py, llama.cpp's BPE session),
// WordPiece (Hugging Face's WordPiece::tokenize) and BPE by piece score (llama.cpp's SentencePiece
// session).
#include "core/text/WordEncoder.h"

#include "core/format/Utf8.h"
#include "core/text/ByteLevel.h"

#include <algorithm>
#include <queue>

namespace embedlab::core {

namespace {

using Tables = Tokenizer::Tables;

const Tables::Merge *mergeOf(const Tables &t, std::int32_t left, std::int32_t right)
{
    return t.merges.find(left, right);
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

// The length of the UTF-8 sequence a lead byte starts (llama.cpp's unicode_len_utf8: 1 for a byte
// that starts none).
std::size_t sequenceLength(unsigned char lead)
{
    return lead < 0x80 ? 1 : (lead >> 5) == 6 ? 2 : (lead >> 4) == 14 ? 3 : (lead >> 3) == 30 ? 4 : 1;
}

} // namespace

void WordEncoder::encode(std::string_view word, std::vector<std::int64_t> &ids)
{
    auto [it, fresh] = m_cache.try_emplace(word);
    if (fresh) {
        it->second.first = static_cast<std::uint32_t>(m_cached.size());
        model(word);
        it->second.second = static_cast<std::uint32_t>(m_word.size());
        m_cached.insert(m_cached.end(), m_word.begin(), m_word.end());
    }
    ids.insert(ids.end(), m_cached.begin() + it->second.first,
               m_cached.begin() + it->second.first + it->second.second);
}

void WordEncoder::model(std::string_view word)
{
    m_word.clear();
    switch (m_t.model) {
    case TokenizerModelKind::WordPiece:
        wordPiece(word);
        return;
    case TokenizerModelKind::SentencePiece:
        sentencePiece(word);
        return;
    case TokenizerModelKind::Bpe:
        break;
    }
    if (m_t.ignoreMerges) {
        // The vocabulary is indexed as written: a byte-level word through the byte table first.
        std::string_view written = word;
        if (m_t.kind == Tokenizer::Kind::ByteLevelBpe) {
            m_scratch.clear();
            for (const char c : word)
                appendUtf8(m_scratch, bytelevel::charOfByte(static_cast<std::uint8_t>(c)));
            written = m_scratch;
        }
        if (const std::int32_t id = m_t.idOfText.find(written); id >= 0) {
            m_word.push_back(id);
            return;
        }
    }
    if (m_t.kind == Tokenizer::Kind::ByteLevelBpe) {
        // A byte without a token (only bytes that are no UTF-8) is left out, as Hugging Face leaves
        // out a character its vocabulary lacks.
        for (char c : word) {
            if (const std::int32_t id = m_t.idOfByte[static_cast<unsigned char>(c)]; id >= 0)
                m_word.push_back(id);
        }
    } else {
        bpeSymbols(word);
    }
    if (m_word.size() <= 48)
        mergeShort(m_t, m_word);
    else
        mergeLong(m_t, m_word);
}

std::int32_t WordEncoder::idOfChar(std::string_view character)
{
    m_scratch.assign(character);
    auto [it, fresh] = m_charIds.try_emplace(m_scratch, -1);
    if (fresh)
        it->second = m_t.idOfText.find(character);
    return it->second;
}

// BPE::merge_word's first part: each character its token, else its <0xNN> byte tokens, else the
// unknown token (consecutive ones fused when fuse_unk), else nothing (Hugging Face drops it).
void WordEncoder::bpeSymbols(std::string_view word)
{
    bool pendingUnk = false;
    for (std::size_t at = 0; at < word.size();) {
        const std::size_t length = bytelevel::decodeUtf8(word, at).length;
        const std::string_view character = word.substr(at, length);
        at += length;
        if (const std::int32_t id = idOfChar(character); id >= 0) {
            if (pendingUnk)
                m_word.push_back(m_t.unkId);
            pendingUnk = false;
            m_word.push_back(id);
            continue;
        }
        if (m_t.byteFallback && std::all_of(character.begin(), character.end(), [this](char c) {
                return m_t.idOfByte[static_cast<unsigned char>(c)] >= 0;
            })) {
            for (char c : character)
                m_word.push_back(m_t.idOfByte[static_cast<unsigned char>(c)]);
            continue;
        }
        if (m_t.unkId < 0)
            continue;
        if (pendingUnk && !m_t.fuseUnk)
            m_word.push_back(m_t.unkId);
        pendingUnk = true;
    }
    if (pendingUnk)
        m_word.push_back(m_t.unkId);
}

void WordEncoder::wordPiece(std::string_view word)
{
    std::size_t characters = 0;
    for (std::size_t at = 0; at < word.size(); ++characters)
        at += bytelevel::decodeUtf8(word, at).length;
    const std::size_t mark = m_word.size();
    if (characters <= m_t.maxInputCharsPerWord) {
        for (std::size_t start = 0; start < word.size();) {
            std::size_t end = word.size();
            std::int32_t found = -1;
            while (start < end) {
                m_scratch.assign(start > 0 ? m_t.continuingPrefix : std::string());
                m_scratch.append(word.substr(start, end - start));
                if (const std::int32_t id = m_t.idOfText.find(m_scratch); id >= 0) {
                    found = id;
                    break;
                }
                // back off one character (the last one's length, a lone byte for invalid UTF-8)
                std::size_t last = end - 1;
                while (last > start && end - last < 4 &&
                       (static_cast<unsigned char>(word[last]) & 0xC0) == 0x80)
                    --last;
                end = bytelevel::decodeUtf8(word, last).length == end - last ? last : end - 1;
            }
            if (found < 0) {
                m_word.resize(mark);
                break;
            }
            m_word.push_back(found);
            start = end;
        }
        if (m_word.size() > mark)
            return;
    }
    m_word.push_back(m_t.unkId);
}

// llama.cpp's llm_tokenizer_spm_session: the pair whose joined text is the highest-scored token is
// merged first (the leftmost among equals); what no merge made is its token, else its bytes.
void WordEncoder::sentencePiece(std::string_view text)
{
    struct Symbol {
        std::size_t at;
        std::size_t length;
        std::int32_t prev;
        std::int32_t next;
    };
    struct Bigram {
        float score;
        std::int32_t left;
        std::int32_t right;
        std::size_t size;
        bool operator<(const Bigram &o) const
        {
            return score < o.score || (score == o.score && left > o.left);
        }
    };
    std::vector<Symbol> symbols;
    for (std::size_t at = 0; at < text.size();) {
        const std::size_t length =
            std::min(sequenceLength(static_cast<unsigned char>(text[at])), text.size() - at);
        const auto index = static_cast<std::int32_t>(symbols.size());
        symbols.push_back({at, length, index - 1, at + length == text.size() ? -1 : index + 1});
        at += length;
    }
    std::priority_queue<Bigram> queue;
    auto tryAdd = [&](std::int32_t left, std::int32_t right) {
        if (left < 0 || right < 0)
            return;
        m_scratch.assign(text.substr(symbols[static_cast<std::size_t>(left)].at,
                                     symbols[static_cast<std::size_t>(left)].length +
                                         symbols[static_cast<std::size_t>(right)].length));
        const std::int32_t id = m_t.idOfText.find(m_scratch);
        if (id < 0)
            return;
        queue.push({m_t.scores[static_cast<std::size_t>(id)], left, right, m_scratch.size()});
    };
    for (std::size_t i = 1; i < symbols.size(); ++i)
        tryAdd(static_cast<std::int32_t>(i - 1), static_cast<std::int32_t>(i));
    while (!queue.empty()) {
        const Bigram bigram = queue.top();
        queue.pop();
        Symbol &left = symbols[static_cast<std::size_t>(bigram.left)];
        Symbol &right = symbols[static_cast<std::size_t>(bigram.right)];
        if (left.length == 0 || right.length == 0 || left.length + right.length != bigram.size)
            continue;
        left.length += right.length;
        right.length = 0;
        left.next = right.next;
        if (right.next >= 0)
            symbols[static_cast<std::size_t>(right.next)].prev = bigram.left;
        tryAdd(left.prev, bigram.left);
        tryAdd(bigram.left, left.next);
    }
    for (std::int32_t i = symbols.empty() ? -1 : 0; i != -1; i = symbols[static_cast<std::size_t>(i)].next) {
        const Symbol &s = symbols[static_cast<std::size_t>(i)];
        m_scratch.assign(text.substr(s.at, s.length));
        if (const std::int32_t id = m_t.idOfText.find(m_scratch); id >= 0) {
            m_word.push_back(id);
            continue;
        }
        for (const char c : m_scratch) {
            const std::int32_t id = m_t.idOfByte[static_cast<unsigned char>(c)];
            if (id >= 0)
                m_word.push_back(id);
            else if (m_t.unkId >= 0)
                m_word.push_back(m_t.unkId);
        }
    }
}

} // namespace embedlab::core
