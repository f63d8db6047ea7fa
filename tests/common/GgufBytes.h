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

/// The rows of q4kmStyleFile() (the small GPT-2 tokenizer's vocabulary) and their length.
constexpr quint64 kQ4kmRows = 557;
constexpr quint64 kQ4kmColumns = 256;

/// A GGUF laid out as a Q4_K_M file from llama.cpp (issue #30): token_embd.weight in Q4_K and
/// output.weight in Q6_K, kQ4kmRows x kQ4kmColumns each, row r holding block r % 8 of the gguf-py
/// fixtures (golden/gguf_quant/Q4_K.blocks, Q6_K.blocks), beside the metadata of the small GPT-2
/// tokenizer (golden/tokenizer/small/tokenizer.gguf), so that its rows have tokens.
QByteArray q4kmStyleFile();

} // namespace embedlab::testing
