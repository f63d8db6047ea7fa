// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/model/Vocabulary.h"

#include "core/tensor/Error.h"

#include <QFile>
#include <QStringList>

#include <exception>
#include <filesystem>
#include <utility>

namespace embedlab::ui {

namespace {

std::filesystem::path toPath(const QString &file)
{
    return std::filesystem::path(file.toStdU16String());
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
    try {
        return {std::make_shared<const core::Tokenizer>(core::Tokenizer::fromFile(toPath(source))), source};
    } catch (const std::exception &e) {
        if (error)
            *error = tr("The tokenizer %1 could not be read: %2").arg(source, QString::fromUtf8(e.what()));
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

QString Vocabulary::token(qint64 id) const
{
    if (!m_tokenizer || id < 0 || id >= m_tokenizer->vocabSize())
        return {};
    return QString::fromStdString(m_tokenizer->tokenText(id));
}

QString Vocabulary::label(qint64 id) const
{
    QString text = token(id);
    text.replace(QLatin1Char(' '), QChar(0x2423));
    text.replace(QLatin1Char('\n'), QChar(0x21b5));
    text.replace(QLatin1Char('\t'), QChar(0x21e5));
    text.replace(QLatin1Char('\r'), QChar(0x240d));
    return text;
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
