// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "common/GgufBytes.h"

#include "common/Golden.h"

#include <QFile>

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

namespace {

QByteArray goldenBytes(const QString &relativePath)
{
    QFile f(goldenPath(relativePath));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", qPrintable(relativePath));
    return f.readAll();
}

} // namespace

QByteArray q4kmStyleFile()
{
    const QByteArray tokenizer = goldenBytes(QStringLiteral("tokenizer/small/tokenizer.gguf"));
    // That file holds 5 key/value pairs (tokenizer.ggml.pre among them, issue #26) and no tensor:
    // its metadata runs from byte 24 to the end.
    if (tokenizer.mid(8, 16) != le64(0) + le64(5))
        qFatal("tokenizer/small/tokenizer.gguf: expected no tensor and 5 key/value pairs");
    const QByteArray k4 = goldenBytes(QStringLiteral("gguf_quant/Q4_K.blocks"));
    const QByteArray k6 = goldenBytes(QStringLiteral("gguf_quant/Q6_K.blocks"));
    QByteArray q4k, q6k;
    for (quint64 r = 0; r < kQ4kmRows; ++r) {
        q4k += k4.mid(qsizetype(r % 8) * 144, 144);
        q6k += k6.mid(qsizetype(r % 8) * 210, 210);
    }
    const quint64 q6Offset = quint64(q4k.size() + 31) / 32 * 32;
    const QByteArray data = q4k + QByteArray(qsizetype(q6Offset) - q4k.size(), '\0') + q6k;
    return ggufFile(tokenizer.mid(24), 5,
                    {GgufTensor{"token_embd.weight", {kQ4kmColumns, kQ4kmRows}, 12, 0},
                     GgufTensor{"output.weight", {kQ4kmColumns, kQ4kmRows}, 14, q6Offset}},
                    data);
}

} // namespace embedlab::testing
