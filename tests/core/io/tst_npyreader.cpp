// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// The .npy reader against files numpy.save wrote (tests/golden/gen_formats.py), issue "Real weights".
#include "common/Golden.h"
#include "core/io/NpyReader.h"
#include "core/io/WeightFile.h"
#include "core/tensor/Error.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace embedlab;

namespace {} // namespace

class TestNpyReader : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void matchesNumpy_data();
    void matchesNumpy();
    void headerCapIsNumpys_data();
    void headerCapIsNumpys();
    void littleEndianFloat32IsAView_data();
    void littleEndianFloat32IsAView();
    void objectArraysAreRefused();
};

void TestNpyReader::matchesNumpy_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QJsonObject>("expected");
    const QJsonObject files =
        testing::loadGolden(QStringLiteral("formats/expected.json")).value(QLatin1String("files")).toObject();
    for (auto it = files.begin(); it != files.end(); ++it) {
        if (it.key().endsWith(QLatin1String(".npy")))
            QTest::newRow(qPrintable(it.key()))
                << it.key() << it.value().toObject().value(QLatin1String("array")).toObject();
    }
}

void TestNpyReader::matchesNumpy()
{
    QFETCH(QString, file);
    QFETCH(QJsonObject, expected);
    const core::WeightFile w = core::WeightFile::open(testing::formatFile(file).toStdString());
    QCOMPARE(w.format(), core::WeightFile::Format::Npy);
    QCOMPARE(w.tensors().size(), std::size_t(1));
    const core::TensorInfo &t = w.tensors().front();
    QCOMPARE(QString::fromStdString(t.name), QStringLiteral("array"));
    QCOMPARE(QString::fromStdString(t.dtype), expected.value(QLatin1String("dtype")).toString());
    const core::Tensor want = testing::tensorFromJson(expected);
    QCOMPARE(t.shape, want.shape);
    const auto got = w.toFloat32("array");
    QVERIFY(got.has_value());
    QCOMPARE(testing::bitMismatches(*got, want), 0LL);
}

void TestNpyReader::headerCapIsNumpys_data()
{
    QTest::addColumn<int>("length");
    QTest::addColumn<bool>("accepted");
    // numpy/lib/format.py: _MAX_HEADER_SIZE = 10000 characters.
    QTest::newRow("at the cap") << 10000 << true;
    QTest::newRow("one past the cap") << 10001 << false;
    QTest::newRow("numpy's usual 118") << 118 << true;
}

void TestNpyReader::headerCapIsNumpys()
{
    QFETCH(int, length);
    QFETCH(bool, accepted);
    QByteArray dict = "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }";
    dict += QByteArray(length - dict.size() - 1, ' ') + '\n';
    const quint16 n = quint16(dict.size());
    QByteArray file =
        QByteArray("\x93NUMPY\x01\x00", 8) + QByteArray(reinterpret_cast<const char *>(&n), 2) + dict;
    file += QByteArray(8, '\0');
    const auto bytes =
        std::span(reinterpret_cast<const std::uint8_t *>(file.constData()), std::size_t(file.size()));
    try {
        const core::WeightIndex index = core::readNpy(bytes);
        QVERIFY(accepted);
        QCOMPARE(index.tensors.front().shape, core::Shape{2});
    } catch (const core::Error &e) {
        QVERIFY2(!accepted, e.what());
        QCOMPARE(
            QString::fromStdString(e.what()),
            QStringLiteral("header length %1 is larger than NumPy's limit of 10000 characters (numpy.load "
                           "refuses it too)")
                .arg(length));
    }
}

void TestNpyReader::littleEndianFloat32IsAView_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<bool>("view");
    QTest::newRow("<f4 C order") << QStringLiteral("f4_le_c.npy") << true;
    QTest::newRow("version 3.0") << QStringLiteral("f4_v3.npy") << true;
    QTest::newRow(">f4 needs a byte swap") << QStringLiteral("f4_be_c.npy") << false;
    QTest::newRow("Fortran order needs a transpose") << QStringLiteral("f4_fortran_3d.npy") << false;
    QTest::newRow("<f8 needs a conversion") << QStringLiteral("f8_le_c.npy") << false;
}

void TestNpyReader::littleEndianFloat32IsAView()
{
    QFETCH(QString, file);
    QFETCH(bool, view);
    const core::WeightFile w = core::WeightFile::open(testing::formatFile(file).toStdString());
    const auto v = w.view("array");
    QCOMPARE(v.has_value(), view);
    if (!v)
        return;
    // Zero copy: the view points into the mapped file itself.
    QCOMPARE(static_cast<const void *>(v->data),
             static_cast<const void *>(w.rawBytes(w.tensors().front()).data()));
    const auto copy = w.toFloat32("array");
    QCOMPARE(std::vector<float>(v->data, v->data + v->numel()), copy->data);
}

void TestNpyReader::objectArraysAreRefused()
{
    const QString path = testing::formatFile(QStringLiteral("object.npy"));
    try {
        core::WeightFile::open(path.toStdString());
        QFAIL("a pickled object array was accepted");
    } catch (const core::Error &e) {
        QCOMPARE(QString::fromStdString(e.what()),
                 path +
                     QStringLiteral(": descr '|O' is an object array: its elements are Python pickles, which "
                                    "EmbedLab never executes; save a numeric array instead (numpy.save(path, "
                                    "array.astype(numpy.float32)))"));
    }
}

QTEST_GUILESS_MAIN(TestNpyReader)
#include "tst_npyreader.moc"
