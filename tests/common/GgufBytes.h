// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QByteArray>
#include <QList>

/// GGUF files built byte by byte for the reader's tests: well-formed ones around chosen tensor bytes
/// (the block types of issue #30) and damaged ones (tst_malformedfiles).
namespace embedlab::testing {

QByteArray le16(quint16 v);
QByteArray le32(quint32 v);
QByteArray le64(quint64 v);

/// A GGUF string: its uint64 length, then its bytes.
QByteArray ggufString(const QByteArray &s);

/// One tensor info: ne is innermost first, as GGUF stores it; type is the ggml type id; offset is
/// relative to the data section.
struct GgufTensor {
    QByteArray name;
    QList<quint64> ne;
    quint32 type = 0;
    quint64 offset = 0;
};

QByteArray ggufInfo(const GgufTensor &t);

/// A string metadata key/value pair.
QByteArray ggufKvString(const QByteArray &key, const QByteArray &value);

/// A GGUF file: the header, the given raw key/value bytes and tensor infos, padding to 32 (the
/// default alignment), then `data` as the data section.
QByteArray ggufFile(const QByteArray &kvs, quint64 kvCount, const QList<GgufTensor> &tensors,
                    const QByteArray &data, quint32 version = 3);

/// A GGUF file of one 2-D tensor `name` of ggml type `type` and PyTorch shape [rows, columns],
/// holding `data` (its raw bytes).
QByteArray ggufMatrix(const QByteArray &name, quint32 type, quint64 rows, quint64 columns,
                      const QByteArray &data);

} // namespace embedlab::testing
