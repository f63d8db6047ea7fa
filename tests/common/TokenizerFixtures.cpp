// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "common/TokenizerFixtures.h"

#include "common/Golden.h"

#include <QFile>

#include <map>
#include <mutex>
#include <span>

namespace embedlab::testing {

const QByteArray &tokenizerModelFile(const QString &name)
{
    static std::mutex lock;
    static std::map<QString, QByteArray> files;
    const std::lock_guard guard(lock);
    auto it = files.find(name);
    if (it == files.end()) {
        QFile f(goldenPath(QStringLiteral("tokenizer/models/") + name + QStringLiteral(".qz")));
        if (!f.open(QIODevice::ReadOnly))
            qFatal("cannot read %s", qPrintable(f.fileName()));
        const QByteArray bytes = qUncompress(f.readAll());
        if (bytes.isEmpty())
            qFatal("%s is not in qCompress format", qPrintable(f.fileName()));
        it = files.emplace(name, bytes).first;
    }
    return it->second;
}

const core::Tokenizer &tokenizerModel(const QString &name)
{
    static std::mutex lock;
    static std::map<QString, core::Tokenizer> loaded;
    const QByteArray &bytes = tokenizerModelFile(name);
    const std::lock_guard guard(lock);
    auto it = loaded.find(name);
    if (it == loaded.end()) {
        const std::string origin = name.toStdString();
        it = loaded
                 .emplace(name, name.endsWith(QLatin1String(".gguf"))
                                    ? core::Tokenizer::fromGguf(
                                          std::span(reinterpret_cast<const std::uint8_t *>(bytes.constData()),
                                                    static_cast<std::size_t>(bytes.size())),
                                          origin)
                                    : core::Tokenizer::fromTokenizerJson(bytes.toStdString(), origin))
                 .first;
    }
    return it->second;
}

} // namespace embedlab::testing
