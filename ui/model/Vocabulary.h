// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/text/Tokenizer.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

#include <memory>
#include <optional>

namespace embedlab::ui {

/// The tokenizer the rows of the current model belong to, or none (the reference example): what
/// every view asks for a row's token. A cheap value: copies share the core tokenizer.
class Vocabulary {
    Q_DECLARE_TR_FUNCTIONS(embedlab::ui::Vocabulary)
public:
    /// The resource folder of GPT-2's embedded vocab.json and merges.txt, also its source() string.
    static constexpr const char *kGpt2Source = ":/tokenizers/gpt2";

    Vocabulary() = default;
    Vocabulary(std::shared_ptr<const core::Tokenizer> tokenizer, const QString &source);

    /// GPT-2's real tokenizer, read once from the application's resources.
    static Vocabulary gpt2();
    /// The tokenizer in `source` (a tokenizer file, or kGpt2Source); none and `error` set when it
    /// cannot be read.
    static Vocabulary fromSource(const QString &source, QString *error);
    /// The tokenizer that belongs to the weight file `weightFile` (beside it or inside it), if any.
    static Vocabulary findFor(const QString &weightFile, QString *error);

    bool isKnown() const { return m_tokenizer != nullptr; }
    /// Where the tokenizer came from: a file path, kGpt2Source, or "" when none is known.
    QString source() const { return m_source; }
    const core::Tokenizer *tokenizer() const { return m_tokenizer.get(); }

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
        return m_tokenizer == other.m_tokenizer && m_source == other.m_source;
    }

private:
    std::shared_ptr<const core::Tokenizer> m_tokenizer;
    QString m_source;
};

} // namespace embedlab::ui
