// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/text/TokenDisplay.h"
#include "core/text/TokenLabels.h"
#include "core/text/Tokenizer.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

#include <memory>
#include <optional>
#include <string_view>

namespace embedlab::ui {

/// One run of tokens shown under one label (core::TokenGroup with its ids): 我 over the byte pieces
/// <E6 88> and <91> that make it, or a token that is whole characters on its own.
struct CharacterGroup {
    /// The first token (an index into the ids given) and how many tokens the group spans.
    int first = 0;
    int count = 1;
    /// The characters the tokens make together (core::tokenLabel() of their bytes joined).
    QString text;
    /// Why one character takes several tokens, in a sentence; empty for a group of one token.
    QString explanation;
    bool operator==(const CharacterGroup &) const = default;
};

/// The tokenizer the rows of the current model belong to, or none (the reference example): what
/// every view asks for a row's token. A cheap value: copies share the core tokenizer.
///
/// A tokenizer file whose encoding EmbedLab refuses (a pattern or a model it does not implement)
/// still labels every row from its vocabulary (core::TokenLabels, issue #26): isKnown() then holds
/// but canEncode() does not, and encodingRefusal() says why text cannot be typed.
class Vocabulary {
    Q_DECLARE_TR_FUNCTIONS(embedlab::ui::Vocabulary)
public:
    /// The resource folder of GPT-2's embedded vocab.json and merges.txt, also its source() string.
    static constexpr const char *kGpt2Source = ":/tokenizers/gpt2";

    Vocabulary() = default;
    Vocabulary(std::shared_ptr<const core::Tokenizer> tokenizer, const QString &source);
    /// The rows' tokens alone, from a file whose encoding was refused with `refusal`.
    Vocabulary(std::shared_ptr<const core::TokenLabels> labels, const QString &source,
               const QString &refusal);

    /// GPT-2's real tokenizer, read once from the application's resources.
    static Vocabulary gpt2();
    /// The tokenizer in `source` (a tokenizer file, or kGpt2Source). When its encoding is refused, its
    /// vocabulary alone (labels, encodingRefusal() says why); none and `error` set when not even
    /// that can be read.
    static Vocabulary fromSource(const QString &source, QString *error);
    /// The tokenizer that belongs to the weight file `weightFile` (beside it or inside it), if any.
    static Vocabulary findFor(const QString &weightFile, QString *error);

    /// Whether the rows have tokens (a tokenizer, or a vocabulary whose encoding was refused).
    bool isKnown() const { return m_tokenizer != nullptr || m_labels != nullptr; }
    /// Whether text can be turned into ids (and ids back into text): a tokenizer is known.
    bool canEncode() const { return m_tokenizer != nullptr; }
    /// Why the vocabulary's text cannot be typed (the reader's message), "" when it can or none is known.
    QString encodingRefusal() const { return m_refusal; }
    /// Where the tokenizer came from: a file path, kGpt2Source, or "" when none is known.
    QString source() const { return m_source; }
    /// The tokenizer, nullptr unless canEncode().
    const core::Tokenizer *tokenizer() const { return m_tokenizer.get(); }
    /// Number of ids the vocabulary names (the largest id + 1), 0 when none is known.
    qint64 size() const;
    /// The exact bytes token `id` stands for, "" when it has none.
    std::string_view bytes(qint64 id) const;
    /// Whether `id` is a special or control token (shown as written).
    bool isSpecial(qint64 id) const;
    /// The id whose token() is exactly `text`, if any (search by token).
    std::optional<qint64> find(const QString &text) const;

    /// The text of token `id` as the tokenizer shows it, "" when none is known or `id` is outside it.
    QString token(qint64 id) const;
    /// token() with its whitespace made visible (a space as ␣, a newline as ↵, a tab as ⇥), for
    /// labels and chips where a leading space would be lost.
    QString label(qint64 id) const;
    /// `15496 "Hello"`: the id followed by its quoted label(), or the id alone when no token is known.
    QString idAndToken(qint64 id) const;
    /// The ids of `text`, exactly as the tokenizer gives them (empty when none is known).
    QList<qint64> encode(const QString &text) const;
    /// The text of `ids` (ids outside the vocabulary are left out).
    QString decode(const QList<qint64> &ids) const;
    /// `ids` grouped so that each group shows whole characters (core::groupCharacters over their
    /// bytes), each group of several tokens with the sentence that explains it. Empty when no
    /// token is known.
    QList<CharacterGroup> groupCharacters(const QList<qint64> &ids) const;
    /// The sentence that explains why `split`'s character takes several tokens, translated: byte-level
    /// BPE's words, or byte fallback's for a SentencePiece tokenizer (core::explainByteSplit() in
    /// English).
    static QString explainByteSplit(const core::CharacterSplit &split, bool byteFallback = false);

    /// The text inside `typed` when it is written in double quotes (`"Hello world"`, or a quote
    /// still being typed: `"Hello`), else nothing: the ids field reads it as text.
    static std::optional<QString> quotedText(const QString &typed);
    /// What the ids field's entry `typed` means as ids: the ids of its text ("15496, 995") in text
    /// mode or when it is written in quotes and a tokenizer is known; otherwise `typed` itself.
    QString idsForEntry(const QString &typed, bool textMode) const;
    /// `ids` as the ids field writes them: "15496, 995".
    static QString idsText(const QList<qint64> &ids);

    bool operator==(const Vocabulary &other) const
    {
        return m_tokenizer == other.m_tokenizer && m_labels == other.m_labels && m_source == other.m_source;
    }

private:
    std::shared_ptr<const core::Tokenizer> m_tokenizer;
    std::shared_ptr<const core::TokenLabels> m_labels; // only without a tokenizer
    QString m_source;
    QString m_refusal;
};

} // namespace embedlab::ui
