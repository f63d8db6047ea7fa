// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "common/GgufBytes.h"

namespace embedlab::testing {

QByteArray le16(quint16 v)
{
    return QByteArray(reinterpret_cast<const char *>(&v), 2);
}

QByteArray le32(quint32 v)
{
    return QByteArray(reinterpret_cast<const char *>(&v), 4);
}

QByteArray le64(quint64 v)
{
    return QByteArray(reinterpret_cast<const char *>(&v), 8);
}

QByteArray ggufString(const QByteArray &s)
{
    return le64(quint64(s.size())) + s;
}

QByteArray ggufInfo(const GgufTensor &t)
{
    QByteArray b = ggufString(t.name) + le32(quint32(t.ne.size()));
    for (quint64 d : t.ne)
        b += le64(d);
    return b + le32(t.type) + le64(t.offset);
}

QByteArray ggufKvString(const QByteArray &key, const QByteArray &value)
{
    return ggufString(key) + le32(8) + ggufString(value);
}

QByteArray ggufFile(const QByteArray &kvs, quint64 kvCount, const QList<GgufTensor> &tensors,
                    const QByteArray &data, quint32 version)
{
    QByteArray b = "GGUF" + le32(version) + le64(quint64(tensors.size())) + le64(kvCount) + kvs;
    for (const GgufTensor &t : tensors)
        b += ggufInfo(t);
    b += QByteArray((32 - b.size() % 32) % 32, '\0');
    return b + data;
}

QByteArray ggufMatrix(const QByteArray &name, quint32 type, quint64 rows, quint64 columns,
                      const QByteArray &data)
{
    return ggufFile({}, 0, {GgufTensor{name, {columns, rows}, type, 0}}, data);
}

} // namespace embedlab::testing
