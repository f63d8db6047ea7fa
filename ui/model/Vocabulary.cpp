// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/model/Vocabulary.h"

#include "core/tensor/Error.h"

#include <QFile>
#include <QStringList>

#include <algorithm>
#include <exception>
#include <filesystem>
#include <utility>

namespace embedlab::ui {

namespace {

std::filesystem::path toPath(const QString &file)
{
    return std::filesystem::path(file.toStdU16String());
}

// core::tokenLabel() of `bytes` with each space written ␣, each newline ↵, each tab ⇥ and each
// carriage return ␍: labels where a leading space would be lost. The whitespace is replaced before
// the bytes are labelled, so the spaces between the hex values of a byte run (`<E6 88>`) stay.
QString visibleLabel(std::string_view bytes)
{
    std::string visible;
    visible.reserve(bytes.size());
    for (const char c : bytes) {
        switch (c) {
        case ' ':
            visible += "\u2423";
            break;
        case '\n':
            visible += "\u21b5";
            break;
        case '\t':
            visible += "\u21e5";
            break;
        case '\r':
            visible += "\u240d";
            break;
        default:
            visible += c;
        }
    }
    return QString::fromStdString(core::tokenLabel(visible));
}

QByteArray readResource(const QString &name)
{
    QFile file(name);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

Vocabulary::Vocabulary(std::shared_ptr<const core::Tokenizer> tokenizer, const QString &source)
    : m_tokenizer(std::move(tokenizer))
    , m_source(m_tokenizer ? source : QString())
{}

Vocabulary::Vocabulary(std::shared_ptr<const core::TokenLabels> labels, const QString &source,
                       const QString &refusal)
    : m_labels(std::move(labels))
    , m_source(m_labels ? source : QString())
    , m_refusal(m_labels ? refusal : QString())
{}

Vocabulary Vocabulary::gpt2()
{
    // Read once (about 1.5 MB of tables); every later preset shares the same tokenizer.
    static const Vocabulary vocabulary = [] {
        const QString folder = QLatin1String(kGpt2Source);
        const QByteArray vocab = readResource(folder + QStringLiteral("/vocab.json"));
        const QByteArray merges = readResource(folder + QStringLiteral("/merges.txt"));
        Q_ASSERT_X(!vocab.isEmpty() && !merges.isEmpty(), "Vocabulary::gpt2",
                   "GPT-2's vocab.json and merges.txt must be in the resources of embedlab_model");
        try {
            return Vocabulary(std::make_shared<const core::Tokenizer>(core::Tokenizer::fromVocabAndMerges(
                                  vocab.toStdString(), merges.toStdString(), "GPT-2")),
                              folder);
        } catch (const std::exception &) {
            return Vocabulary();
        }
    }();
    return vocabulary;
}

Vocabulary Vocabulary::fromSource(const QString &source, QString *error)
{
    if (source.isEmpty())
        return {};
    if (source == QLatin1String(kGpt2Source))
        return gpt2();
    QString refusal;
    try {
        return {std::make_shared<const core::Tokenizer>(core::Tokenizer::fromFile(toPath(source))), source};
    } catch (const std::exception &e) {
        refusal = QString::fromUtf8(e.what());
    }
    // Encoding refused (a pattern or model EmbedLab does not implement): the rows still get their
    // tokens from the vocabulary (#26).
    try {
        return {std::make_shared<const core::TokenLabels>(core::TokenLabels::fromFile(toPath(source))),
                source, refusal};
    } catch (const std::exception &) {
        if (error)
            *error = tr("The tokenizer %1 could not be read: %2").arg(source, refusal);
    }
    return {};
}

Vocabulary Vocabulary::findFor(const QString &weightFile, QString *error)
{
    std::optional<std::filesystem::path> found;
    try {
        found = core::findTokenizerFor(toPath(weightFile));
    } catch (const std::exception &e) {
        if (error)
            *error =
                tr("The tokenizer of %1 could not be read: %2").arg(weightFile, QString::fromUtf8(e.what()));
        return {};
    }
    if (!found)
        return {};
    return fromSource(QString::fromStdU16String(found->u16string()), error);
}

qint64 Vocabulary::size() const
{
    return m_tokenizer ? m_tokenizer->vocabSize() : m_labels ? m_labels->size() : 0;
}

std::string_view Vocabulary::bytes(qint64 id) const
{
    if (id < 0 || id >= size())
        return {};
    return m_tokenizer ? std::string_view(m_tokenizer->tokenBytes(id)) : m_labels->bytes(id);
}

bool Vocabulary::isSpecial(qint64 id) const
{
    if (id < 0 || id >= size())
        return false;
    return m_tokenizer ? m_tokenizer->isSpecial(id) : m_labels->isSpecial(id);
}

std::optional<qint64> Vocabulary::find(const QString &text) const
{
    if (m_tokenizer)
        return m_tokenizer->find(text.toStdString());
    const std::string wanted = text.toStdString();
    for (qint64 id = 0; id < size(); ++id)
        if (m_labels->has(id) && m_labels->label(id) == wanted)
            return id;
    return std::nullopt;
}

QString Vocabulary::token(qint64 id) const
{
    if (id < 0 || id >= size())
        return {};
    // Both give core::tokenLabel() of the token's bytes: `<E6 88>` for a piece of a character.
    return QString::fromStdString(m_tokenizer ? m_tokenizer->tokenText(id) : m_labels->label(id));
}

QString Vocabulary::label(qint64 id) const
{
    if (id < 0 || id >= size())
        return {};
    return visibleLabel(bytes(id));
}

QString Vocabulary::idAndToken(qint64 id) const
{
    const QString text = label(id);
    if (text.isEmpty())
        return QString::number(id);
    return QStringLiteral("%1 \"%2\"").arg(id).arg(text);
}

QList<qint64> Vocabulary::encode(const QString &text) const
{
    QList<qint64> ids;
    if (!m_tokenizer)
        return ids;
    const std::vector<std::int64_t> encoded = m_tokenizer->encode(text.toStdString());
    ids.reserve(qsizetype(encoded.size()));
    for (std::int64_t id : encoded)
        ids.append(id);
    return ids;
}

QString Vocabulary::decode(const QList<qint64> &ids) const
{
    if (!m_tokenizer)
        return {};
    std::vector<std::int64_t> known;
    known.reserve(std::size_t(ids.size()));
    for (qint64 id : ids)
        if (id >= 0 && id < m_tokenizer->vocabSize())
            known.push_back(id);
    return QString::fromStdString(m_tokenizer->decode(known));
}

QList<CharacterGroup> Vocabulary::groupCharacters(const QList<qint64> &ids) const
{
    QList<CharacterGroup> out;
    if (!isKnown())
        return out;
    std::vector<std::string_view> tokens;
    tokens.reserve(std::size_t(ids.size()));
    for (qint64 id : ids)
        tokens.push_back(bytes(id));
    const bool byteFallback = m_tokenizer && m_tokenizer->kind() == core::Tokenizer::Kind::SentencePieceBpe;
    for (const core::TokenGroup &g : core::groupCharacters(tokens)) {
        std::string joined;
        for (std::size_t k = g.first; k < g.first + g.count; ++k)
            joined.append(tokens[k]);
        CharacterGroup group{int(g.first), int(g.count), visibleLabel(joined), {}};
        if (g.count > 1 && g.complete) {
            core::CharacterSplit split;
            split.character = group.text.toStdString();
            for (std::size_t k = g.first; k < g.first + g.count; ++k) {
                for (const char c : tokens[k])
                    split.bytesHex += QStringLiteral("%1 ")
                                          .arg(uint(static_cast<unsigned char>(c)), 2, 16, QLatin1Char('0'))
                                          .toUpper()
                                          .toStdString();
                split.pieces.push_back(label(ids[qsizetype(k)]).toStdString());
            }
            split.bytesHex.pop_back();
            group.explanation = explainByteSplit(split, byteFallback);
        }
        out.append(group);
    }
    return out;
}

QString Vocabulary::explainByteSplit(const core::CharacterSplit &split, bool byteFallback)
{
    // A split character takes two bytes or more: no plural forms needed.
    const auto bytes =
        split.bytesHex.empty() ? 0 : std::count(split.bytesHex.begin(), split.bytesHex.end(), ' ') + 1;
    QStringList pieces;
    for (const std::string &piece : split.pieces)
        pieces << QString::fromStdString(piece);
    const QString character = QString::fromStdString(split.character);
    const QString hex = QString::fromStdString(split.bytesHex);
    // The same parts as core::explainByteSplit(), in the reader's language.
    if (byteFallback)
        return tr("%1 is %2 bytes in UTF-8 (%3). The tokenizer's vocabulary has no token for it, so it falls "
                  "back to one token per byte: %4.")
            .arg(character)
            .arg(bytes)
            .arg(hex, pieces.join(QLatin1Char(' ')));
    return tr("%1 is %2 bytes in UTF-8 (%3). Byte-level BPE works on bytes, not characters, and its "
              "vocabulary "
              "has no token for all of them, so it takes %4 tokens: %5.")
        .arg(character)
        .arg(bytes)
        .arg(hex)
        .arg(pieces.size())
        .arg(pieces.join(QLatin1Char(' ')));
}

std::optional<QString> Vocabulary::quotedText(const QString &typed)
{
    const QString trimmed = typed.trimmed();
    if (!trimmed.startsWith(QLatin1Char('"')))
        return std::nullopt;
    QString inner = typed.mid(typed.indexOf(QLatin1Char('"')) + 1);
    const qsizetype close = inner.lastIndexOf(QLatin1Char('"'));
    if (close >= 0 && inner.mid(close + 1).trimmed().isEmpty())
        inner.truncate(close);
    return inner;
}

QString Vocabulary::idsForEntry(const QString &typed, bool textMode) const
{
    if (!m_tokenizer)
        return typed;
    if (const std::optional<QString> quoted = quotedText(typed))
        return idsText(encode(*quoted));
    return textMode ? idsText(encode(typed)) : typed;
}

QString Vocabulary::idsText(const QList<qint64> &ids)
{
    QStringList parts;
    parts.reserve(ids.size());
    for (qint64 id : ids)
        parts.append(QString::number(id));
    return parts.join(QStringLiteral(", "));
}

} // namespace embedlab::ui
