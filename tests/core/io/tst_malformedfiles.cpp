// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// Hostile and damaged weight files: each is refused with a one-line message naming what is wrong
// and where, never a crash (issue "Real weights").
#include "common/GgufBytes.h"
#include "core/io/WeightFile.h"
#include "core/tensor/Error.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <fcntl.h>
#include <unistd.h>

using namespace embedlab;
using testing::ggufFile;
using testing::ggufKvString;
using testing::ggufString;
using testing::GgufTensor;
using testing::le16;
using testing::le32;
using testing::le64;

namespace {

QByteArray npy(const QByteArray &dict, int major = 1, const QByteArray &data = QByteArray(48, '\0'))
{
    QByteArray header = "\x93NUMPY" + QByteArray(1, char(major)) + QByteArray(1, '\0');
    header += major == 1 ? le16(quint16(dict.size())) : le32(quint32(dict.size()));
    return header + dict + data;
}

QByteArray npyDict(const QByteArray &descr, const QByteArray &shape, const QByteArray &order = "False")
{
    return "{'descr': '" + descr + "', 'fortran_order': " + order + ", 'shape': " + shape + ", }\n";
}

QByteArray safetensors(const QByteArray &json, const QByteArray &data)
{
    return le64(quint64(json.size())) + json + data;
}

QByteArray tensorJson(const QByteArray &name, const QByteArray &dtype, const QByteArray &shape,
                      const QByteArray &offsets)
{
    return "\"" + name + "\":{\"dtype\":\"" + dtype + "\",\"shape\":" + shape +
           ",\"data_offsets\":" + offsets + "}";
}

const GgufTensor kW{"w", {3, 2}, 0, 0};

// Rows of refusedWithMessage(), one function a format.
void addNpyRows()
{
    const QByteArray okDict = npyDict("<f4", "(3, 4)");
    QTest::newRow("npy magic too short")
        << QByteArray("\x93NUM", 4) << "npy"
        << "truncated: the .npy magic string and version need 8 bytes, the file has 4";
    QTest::newRow("npy wrong magic")
        << QByteArray("\x93NUMPZ\x01\x00\x00\x00", 10) << "npy"
        << "the magic string is not correct; expected '\\x93NUMPY', got '\\x93NUMPZ'";
    QTest::newRow("npy version 4.0") << npy(okDict, 4) << "npy"
                                     << "unsupported .npy format version 4.0 (NumPy writes 1.0, 2.0 and 3.0)";
    QTest::newRow("npy header length past the end")
        << QByteArray("\x93NUMPY\x02\x00", 8) + le32(4000000000u) + QByteArray(58, ' ') << "npy"
        << "header length 4000000000 exceeds file size 70";
    QTest::newRow("npy header over numpy's limit")
        << npy(okDict.chopped(1) + QByteArray(10001 - okDict.size(), ' ') + "\n") << "npy"
        << "header length 10001 is larger than NumPy's limit of 10000 characters (numpy.load refuses it too)";
    QTest::newRow("npy negative dimension") << npy(npyDict("<f4", "(-3, 4)")) << "npy"
                                            << "header: negative dimension -3 in shape at byte 63";
    QTest::newRow("npy absurd dimension") << npy(npyDict("<f4", "(99999999999999999999, 4)")) << "npy"
                                          << "header: dimension 99999999999999999999 is too large at byte 81";
    QTest::newRow("npy shape product overflows") << npy(npyDict("<f4", "(4294967296, 4294967296)")) << "npy"
                                                 << "shape [4294967296, 4294967296] overflows: its element "
                                                    "count times 4 bytes does not fit in 63 bits";
    QTest::newRow("npy data truncated")
        << npy(okDict, 1, QByteArray(20, '\0')) << "npy"
        << "truncated: shape [3, 4] of '<f4' needs 48 bytes of data at offset 70, "
           "the file has 20";
    QTest::newRow("npy object dtype")
        << npy(npyDict("|O", "(2,)")) << "npy"
        << "descr '|O' is an object array: its elements are Python pickles, which EmbedLab never executes; "
           "save a "
           "numeric array instead (numpy.save(path, array.astype(numpy.float32)))";
    QTest::newRow("npy unknown dtype size") << npy(npyDict("<f3", "(3, 4)")) << "npy"
                                            << "descr '<f3' is not supported: EmbedLab reads float (f2, f4, "
                                               "f8), integer (i1..i8, u1..u8) and bool (b1) "
                                               "arrays";
    QTest::newRow("npy complex")
        << npy(npyDict("<c8", "(3,)")) << "npy"
        << "descr '<c8' is not supported: EmbedLab reads float (f2, f4, f8), integer "
           "(i1..i8, u1..u8) and bool (b1) arrays";
    QTest::newRow("npy multibyte without byte order")
        << npy(npyDict("|f4", "(3, 4)")) << "npy"
        << "descr '|f4' has no byte order ('|') but 4-byte elements";
    QTest::newRow("npy structured dtype")
        << npy("{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (3,), }\n") << "npy"
        << "structured dtypes (a list descr) are not supported: EmbedLab reads plain numeric arrays";
    QTest::newRow("npy unknown key")
        << npy("{'descr': '<f4', 'fortran_order': False, 'shape': (3,), 'x': 1}\n") << "npy"
        << "header: unexpected key 'x' (a .npy header has exactly 'descr', "
           "'fortran_order', 'shape') at byte 66";
    QTest::newRow("npy missing key") << npy("{'descr': '<f4', 'shape': (3,), }\n") << "npy"
                                     << "header is missing the key 'fortran_order'";
    QTest::newRow("npy duplicate key") << npy("{'descr': '<f4', 'descr': '<f4', 'fortran_order': False, "
                                              "'shape': (3,)}\n")
                                       << "npy"
                                       << "header: duplicate key 'descr' at byte 27";
    QTest::newRow("npy shape not a tuple")
        << npy(npyDict("<f4", "(3)")) << "npy"
        << "header: shape (n) is an integer, not a tuple; numpy writes (n,) at byte 60";
    QTest::newRow("npy bad fortran_order") << npy(npyDict("<f4", "(3,)", "1")) << "npy"
                                           << "header: fortran_order is not True or False at byte 44";
    QTest::newRow("npy v3 header invalid UTF-8")
        << npy("{'descr': '<f4', 'fortran_order': False, 'shape': (3,), } \xff\n", 3) << "npy"
        << "header is not valid UTF-8 at byte 70";
    QTest::newRow("npy text after the dict") << npy(okDict + "x") << "npy"
                                             << "header: unexpected text after the header dict at byte 70";
}

void addSafetensorsRows()
{
    const QByteArray w = tensorJson("w", "F32", "[2,3]", "[0,24]");
    QTest::newRow("st header length past the end")
        << le64(9000000000ull) + "{" + QByteArray(1015, ' ') << "safetensors"
        << "header length 9000000000 exceeds file size 1024";
    QTest::newRow("st header not an object") << safetensors("[1,2]   ", {}) << "safetensors"
                                             << "the JSON header does not start with '{' at byte 8";
    QTest::newRow("st invalid UTF-8") << safetensors("{\"w\xff\":1}", {}) << "safetensors"
                                      << "the JSON header is not valid UTF-8 at byte 11";
    QTest::newRow("st overlong UTF-8") << safetensors("{\"\xc0\xaf\":1}", {}) << "safetensors"
                                       << "the JSON header is not valid UTF-8 at byte 10";
    QTest::newRow("st trailing comma") << safetensors("{" + w + ",}", QByteArray(24, '\0')) << "safetensors"
                                       << "invalid JSON header: expected a string key at byte 65";
    QTest::newRow("st unterminated string") << safetensors("{\"w", {}) << "safetensors"
                                            << "invalid JSON header: unterminated string at byte 11";
    QTest::newRow("st lone surrogate") << safetensors("{\"\\ud800\":1}", {}) << "safetensors"
                                       << "invalid JSON header: lone high surrogate in \\u escape at byte 16";
    QTest::newRow("st control character") << safetensors("{\"a\tb\":1}", {}) << "safetensors"
                                          << "invalid JSON header: control character in string at byte 11";
    QTest::newRow("st nesting bomb") << safetensors(
                                            "{\"a\":" + QByteArray(100, '[') + QByteArray(100, ']') + "}", {})
                                     << "safetensors"
                                     << "invalid JSON header: nesting deeper than 64 levels at byte 77";
    QTest::newRow("st text after the header")
        << safetensors("{} {}", {}) << "safetensors"
        << "invalid JSON header: unexpected text after the JSON header at byte 11";
    QTest::newRow("st duplicate names")
        << safetensors("{" + w + "," + w + "}", QByteArray(24, '\0')) << "safetensors"
        << "duplicate tensor name 'w' at byte 69";
    QTest::newRow("st offsets out of bounds")
        << safetensors("{" + tensorJson("w", "F32", "[2,3]", "[8,32]") + "}", QByteArray(24, '\0'))
        << "safetensors"
        << "tensor 'w': data_offsets [8, 32] end past the data section (24 bytes from byte 65)";
    QTest::newRow("st offsets overlap")
        << safetensors("{" + w + "," + tensorJson("v", "F32", "[2]", "[20,28]") + "}", QByteArray(28, '\0'))
        << "safetensors"
        << "tensor 'v' (bytes 20..28 of the data) overlaps tensor 'w'";
    QTest::newRow("st gap between tensors")
        << safetensors("{" + w + "," + tensorJson("v", "F32", "[1]", "[28,32]") + "}", QByteArray(32, '\0'))
        << "safetensors"
        << "gap of 4 bytes in the data section before tensor 'v' (at data byte 24)";
    QTest::newRow("st bytes after the last tensor")
        << safetensors("{" + w + "}", QByteArray(30, '\0')) << "safetensors"
        << "the data section has 6 bytes after the last tensor (at byte 89)";
    QTest::newRow("st offsets reversed")
        << safetensors("{" + tensorJson("w", "F32", "[0]", "[24,0]") + "}", QByteArray(24, '\0'))
        << "safetensors"
        << "tensor 'w': data_offsets [24, 0] end before they begin";
    QTest::newRow("st wrong dtype size")
        << safetensors("{" + tensorJson("w", "F16", "[2,3]", "[0,24]") + "}", QByteArray(24, '\0'))
        << "safetensors"
        << "tensor 'w': data_offsets [0, 24] hold 24 bytes but shape [2, 3] of F16 needs 12";
    QTest::newRow("st shape product overflows")
        << safetensors("{" + tensorJson("w", "F32", "[4611686018427387904,4]", "[0,0]") + "}", {})
        << "safetensors"
        << "tensor 'w': shape [4611686018427387904, 4] overflows: its element count times 4 bytes does not "
           "fit in 63 "
           "bits";
    QTest::newRow("st negative dimension")
        << safetensors("{" + tensorJson("w", "F32", "[-1,3]", "[0,0]") + "}", {}) << "safetensors"
        << "tensor 'w': shape dimension is not a non-negative integer at byte 37";
    QTest::newRow("st absurd dimension")
        << safetensors("{" + tensorJson("w", "F32", "[1e30]", "[0,0]") + "}", {}) << "safetensors"
        << "tensor 'w': shape dimension is not a non-negative integer at byte 37";
    QTest::newRow("st dimension past 64 bits")
        << safetensors("{" + tensorJson("w", "F32", "[99999999999999999999]", "[0,0]") + "}", {})
        << "safetensors"
        << "tensor 'w': shape dimension 99999999999999999999 does not fit in 64 bits at byte 37";
    QTest::newRow("st dimension past int64")
        << safetensors("{" + tensorJson("w", "F32", "[9223372036854775808]", "[0,0]") + "}", {})
        << "safetensors"
        << "tensor 'w': shape dimension 9223372036854775808 is too large";
    QTest::newRow("st unknown dtype")
        << safetensors("{" + tensorJson("w", "F7", "[2]", "[0,2]") + "}", QByteArray(2, '\0'))
        << "safetensors"
        << "tensor 'w': unknown dtype 'F7'";
    QTest::newRow("st missing field")
        << safetensors("{\"w\":{\"dtype\":\"F32\",\"shape\":[1]}}", {}) << "safetensors"
        << "tensor 'w': missing 'data_offsets'";
    QTest::newRow("st unknown field")
        << safetensors("{\"w\":{\"dtype\":\"F32\",\"shape\":[],\"data_offsets\":[0,4],\"x\":1}}",
                       QByteArray(4, 0))
        << "safetensors"
        << "tensor 'w': unexpected key 'x' (expected dtype, shape, data_offsets)";
    QTest::newRow("st metadata not strings")
        << safetensors("{\"__metadata__\":{\"epoch\":3}}", {}) << "safetensors"
        << "'__metadata__' value for 'epoch' is a number, not a string";
    QTest::newRow("st tensor entry not an object") << safetensors("{\"w\":[1]}", {}) << "safetensors"
                                                   << "tensor 'w' is an array, not an object";
    QTest::newRow("st file shorter than the length")
        << QByteArray("\x10\0\0", 3) << "safetensors"
        << "truncated: the header length needs 8 bytes, the file has 3";
}

void addGgufRows()
{
    const QByteArray w24(24, '\0');
    QTest::newRow("gguf wrong magic") << QByteArray("GGML") + le32(3) + le64(0) + le64(0) << "gguf"
                                      << "not a GGUF file: the magic at byte 0 is not 'GGUF'";
    QTest::newRow("gguf version 1")
        << ggufFile({}, 0, {}, {}, 1) << "gguf"
        << "GGUF version 1 is not supported (re-convert the model with a current llama.cpp)";
    QTest::newRow("gguf version 7") << ggufFile({}, 0, {}, {}, 7) << "gguf"
                                    << "unknown GGUF version 7 at byte 4 (EmbedLab reads versions 2 and 3)";
    QTest::newRow("gguf big-endian") << ggufFile({}, 0, {}, {}, 0x03000000) << "gguf"
                                     << "big-endian GGUF files are not supported";
    QTest::newRow("gguf absurd tensor count")
        << "GGUF" + le32(3) + le64(1ull << 62) + le64(0) + QByteArray(64, 0) << "gguf"
        << "truncated or corrupt: tensor count 4611686018427387904 at byte 8 is more than the 64 bytes left "
           "(at "
           "byte 24) can hold";
    QTest::newRow("gguf absurd metadata count")
        << "GGUF" + le32(3) + le64(0) + le64(~0ull) << "gguf"
        << "truncated or corrupt: metadata count 18446744073709551615 at byte 16 is more than the 0 bytes "
           "left can "
           "hold";
    QTest::newRow("gguf string longer than the file")
        << ggufFile(le64(1ull << 40) + "k", 1, {}, {}) << "gguf"
        << "truncated: a metadata key at byte 24 claims 1099511627776 bytes, the file has 32 left";
    QTest::newRow("gguf duplicate key")
        << ggufFile(ggufKvString("a", "x") + ggufKvString("a", "y"), 2, {}, {}) << "gguf"
        << "duplicate metadata key 'a' at byte 46";
    QTest::newRow("gguf unknown value type")
        << ggufFile(ggufString("a") + le32(13) + le32(0), 1, {}, {}) << "gguf"
        << "unknown metadata value type 13 for 'a' at byte 33";
    QTest::newRow("gguf bool not 0 or 1")
        << ggufFile(ggufString("a") + le32(7) + QByteArray(1, 2), 1, {}, {}) << "gguf"
        << "bool value 2 at byte 37 is neither 0 nor 1";
    QTest::newRow("gguf absurd array length")
        << ggufFile(ggufString("a") + le32(9) + le32(4) + le64(1ull << 60), 1, {}, {}) << "gguf"
        << "truncated: array of 1152921504606846976 uint32 at byte 37 is longer than the rest of the file";
    QTest::newRow("gguf alignment not a power of two")
        << ggufFile(ggufString("general.alignment") + le32(4) + le32(24), 1, {}, {}) << "gguf"
        << "general.alignment 24 is not a power of two";
    QTest::newRow("gguf duplicate tensor name") << ggufFile({}, 0, {kW, kW}, w24) << "gguf"
                                                << "duplicate tensor name 'w' at byte 65";
    QTest::newRow("gguf five dimensions")
        << ggufFile({}, 0, {GgufTensor{"w", {1, 1, 1, 1, 1}, 0, 0}}, w24) << "gguf"
        << "tensor 'w' (info at byte 24) has 5 dimensions; ggml allows at most 4";
    QTest::newRow("gguf removed ggml type") << ggufFile({}, 0, {GgufTensor{"w", {3, 2}, 4, 0}}, w24) << "gguf"
                                            << "tensor 'w' (info at byte 24): unknown ggml type 4";
    QTest::newRow("gguf unaligned offset")
        << ggufFile({}, 0, {GgufTensor{"w", {3, 2}, 0, 4}}, w24) << "gguf"
        << "tensor 'w' (info at byte 24): offset 4 is not a multiple of the "
           "alignment 32";
    QTest::newRow("gguf data past the end")
        << ggufFile({}, 0, {kW}, QByteArray(20, '\0')) << "gguf"
        << "tensor 'w': data at offset 0 (24 bytes) runs past the end of the file "
           "(the data section has 20 bytes)";
    QTest::newRow("gguf offset past the end")
        << ggufFile({}, 0, {GgufTensor{"w", {3, 2}, 0, 1ull << 62}}, w24) << "gguf"
        << "tensor 'w': data at offset 4611686018427387904 (24 bytes) runs past the end of the file (the "
           "data section "
           "has 24 bytes)";
    QTest::newRow("gguf overlapping tensors")
        << ggufFile({}, 0, {GgufTensor{"a", {16}, 0, 0}, GgufTensor{"b", {16}, 0, 32}}, QByteArray(96, '\0'))
        << "gguf"
        << "tensor 'b' (data bytes 32..96) overlaps tensor 'a'";
    QTest::newRow("gguf Q8_0 row not whole blocks")
        << ggufFile({}, 0, {GgufTensor{"q", {33, 2}, 8, 0}}, QByteArray(96, '\0')) << "gguf"
        << "tensor 'q' (info at byte 24): innermost dimension 33 is not a multiple of Q8_0's block of 32";
    // Issue #30: the block types refuse rows that are not whole blocks and blocks cut short.
    QTest::newRow("gguf Q4_K row not whole blocks")
        << ggufFile({}, 0, {GgufTensor{"q", {100, 2}, 12, 0}}, QByteArray(288, '\0')) << "gguf"
        << "tensor 'q' (info at byte 24): innermost dimension 100 is not a multiple of Q4_K's block of 256";
    QTest::newRow("gguf IQ4_NL row not whole blocks")
        << ggufFile({}, 0, {GgufTensor{"q", {48}, 20, 0}}, QByteArray(36, '\0')) << "gguf"
        << "tensor 'q' (info at byte 24): innermost dimension 48 is not a multiple of IQ4_NL's block of 32";
    QTest::newRow("gguf Q6_K blocks cut short")
        << ggufFile({}, 0, {GgufTensor{"q", {256, 2}, 14, 0}}, QByteArray(300, '\0')) << "gguf"
        << "tensor 'q': data at offset 0 (420 bytes) runs past the end of the file (the data section has 300 "
           "bytes)";
    QTest::newRow("gguf TQ1_0 one byte short")
        << ggufFile({}, 0, {GgufTensor{"q", {256}, 34, 0}}, QByteArray(53, '\0')) << "gguf"
        << "tensor 'q': data at offset 0 (54 bytes) runs past the end of the file (the data section has 53 "
           "bytes)";
    QTest::newRow("gguf shape product overflows")
        << ggufFile({}, 0, {GgufTensor{"w", {1ull << 40, 1ull << 40}, 0, 0}}, w24) << "gguf"
        << "tensor 'w' (info at byte 24): shape [1099511627776, 1099511627776] overflows";
    QTest::newRow("gguf absurd dimension")
        << ggufFile({}, 0, {GgufTensor{"w", {~0ull}, 0, 0}}, w24) << "gguf"
        << "tensor 'w' (info at byte 24): dimension 18446744073709551615 is too large";
}

// Not what the extension says.
void addMismatchedExtensionRows()
{
    const QByteArray okDict = npyDict("<f4", "(3, 4)");
    const QByteArray w24(24, '\0');
    QTest::newRow("gguf named .npy")
        << ggufFile({}, 0, {kW}, w24) << "npy"
        << "the extension says .npy but the content is a GGUF file (from its first "
           "bytes); rename the file";
    QTest::newRow("npy named .safetensors")
        << npy(okDict) << "safetensors"
        << "the extension says .safetensors but the content is a .npy array (from "
           "its first bytes); rename the file";
    QTest::newRow("empty file") << QByteArray() << "dat"
                                << "not a .npy, .safetensors or GGUF file (first bytes (empty file))";
}

} // namespace

class TestMalformedFiles : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void refusedWithMessage_data();
    void refusedWithMessage();
    void truncatedAnywhereIsRefused_data();
    void truncatedAnywhereIsRefused();
    void headerOver100MegabytesIsRefused();

private:
    QTemporaryDir m_dir;
};

void TestMalformedFiles::refusedWithMessage_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("extension");
    QTest::addColumn<QString>("message");

    addNpyRows();
    addSafetensorsRows();
    addGgufRows();
    addMismatchedExtensionRows();
}

void TestMalformedFiles::refusedWithMessage()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, extension);
    QFETCH(QString, message);
    QVERIFY(m_dir.isValid());
    const QString path = m_dir.filePath(QStringLiteral("bad.") + extension);
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QCOMPARE(f.write(bytes), bytes.size());
    f.close();
    try {
        core::WeightFile::open(path.toStdString());
        QFAIL("the file was accepted");
    } catch (const core::Error &e) {
        QCOMPARE(e.kind(), core::Error::Kind::ValueError);
        const QString what = QString::fromStdString(e.what());
        QVERIFY2(what.startsWith(path + QStringLiteral(": ")), qPrintable(what));
        QCOMPARE(what.mid(path.size() + 2), message);
        QVERIFY(!what.contains(QLatin1Char('\n')));
    }
}

void TestMalformedFiles::truncatedAnywhereIsRefused_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("extension");
    const QByteArray npyFile = npy(npyDict("<f4", "(3, 4)"));
    const QByteArray st =
        safetensors("{\"__metadata__\":{\"format\":\"pt\"}," + tensorJson("w", "F32", "[2,3]", "[0,24]") +
                        "," + tensorJson("b", "BF16", "[2]", "[24,28]") + "}",
                    QByteArray(28, '\x01'));
    const QByteArray gg = ggufFile(ggufKvString("general.architecture", "llama") + ggufString("n") + le32(9) +
                                       le32(8) + le64(2) + ggufString("x") + ggufString("yy"),
                                   2, {kW, GgufTensor{"q", {32}, 8, 32}}, QByteArray(32 + 34, '\x01'));
    // Issue #30: a Q4_K and a Q6_K tensor, whose blocks are cut anywhere too.
    const QByteArray quantised =
        ggufFile({}, 0, {GgufTensor{"k4", {256}, 12, 0}, GgufTensor{"k6", {256}, 14, 160}},
                 QByteArray(160 + 210, '\x3c'));
    // Every cut that leaves a non-empty file: the magic, the lengths, the header, the data.
    for (const auto &[bytes, ext] : {std::pair(npyFile, "npy"), std::pair(st, "safetensors"),
                                     std::pair(gg, "gguf"), std::pair(quantised, "gguf")}) {
        for (qsizetype cut = 1; cut < bytes.size(); ++cut)
            QTest::addRow("%s cut at %lld of %lld", ext, static_cast<long long>(cut),
                          static_cast<long long>(bytes.size()))
                << bytes.left(cut) << QString::fromLatin1(ext);
    }
}

void TestMalformedFiles::truncatedAnywhereIsRefused()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, extension);
    const QString path = m_dir.filePath(QStringLiteral("cut.") + extension);
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(bytes);
    f.close();
    try {
        core::WeightFile::open(path.toStdString());
        QFAIL("a truncated file was accepted");
    } catch (const core::Error &e) {
        const QString what = QString::fromStdString(e.what());
        QVERIFY2(what.startsWith(path + QStringLiteral(": ")) && !what.contains(QLatin1Char('\n')),
                 qPrintable(what));
        // Each section's cut is named: a truncation, a length past the end, or data missing at the end.
        static const QStringList expected = {QStringLiteral("truncated"), QStringLiteral("exceeds file size"),
                                             QStringLiteral("past the"),
                                             QStringLiteral("not a .npy, .safetensors")};
        QVERIFY2(
            std::any_of(expected.begin(), expected.end(), [&](const QString &s) { return what.contains(s); }),
            qPrintable(what));
    }
}

void TestMalformedFiles::headerOver100MegabytesIsRefused()
{
    // A sparse file just long enough for the claimed header: the length check fires before any read.
    const QString path = m_dir.filePath(QStringLiteral("huge-header.safetensors"));
    const quint64 length = 100'000'001;
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(le64(length) + "{");
    QVERIFY(f.resize(qint64(8 + length)));
    f.close();
    try {
        core::WeightFile::open(path.toStdString());
        QFAIL("the file was accepted");
    } catch (const core::Error &e) {
        QCOMPARE(QString::fromStdString(e.what()),
                 path + QStringLiteral(
                            ": header length 100000001 exceeds the safetensors limit of 100000000 bytes"));
    }
}

QTEST_GUILESS_MAIN(TestMalformedFiles)
#include "tst_malformedfiles.moc"
