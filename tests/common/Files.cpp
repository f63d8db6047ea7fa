// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "common/Files.h"

#include <QFile>

namespace embedlab::testing {

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool writeWordsSafetensors(const QString &path, const char *dtype, const std::vector<std::uint16_t> &words,
                           long long rows, long long cols)
{
    QByteArray header = QStringLiteral("{\"w\":{\"dtype\":\"%1\",\"shape\":[%2,%3],\"data_offsets\":[0,%4]}}")
                            .arg(QLatin1String(dtype))
                            .arg(rows)
                            .arg(cols)
                            .arg(words.size() * 2)
                            .toLatin1();
    while (header.size() % 8 != 0)
        header.append(' ');
    QByteArray bytes(8, '\0');
    for (int k = 0; k < 8; ++k)
        bytes[k] = static_cast<char>((std::uint64_t(header.size()) >> (8 * k)) & 0xff);
    bytes += header;
    for (std::uint16_t w : words) {
        bytes.append(static_cast<char>(w & 0xff));
        bytes.append(static_cast<char>(w >> 8));
    }
    return writeFile(path, bytes);
}

} // namespace embedlab::testing
