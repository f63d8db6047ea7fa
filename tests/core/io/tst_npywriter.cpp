// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "common/Golden.h"
#include "core/io/NpyWriter.h"
#include "core/tensor/Error.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace embedlab;

class TestNpyWriter : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void headerIsNumpys_data();
    void headerIsNumpys();
    void fileIsNumpys();
    void replacesAtomically();
    void reportsUnwritablePath();
};

void TestNpyWriter::headerIsNumpys_data()
{
    QTest::addColumn<QJsonObject>("c");
    for (const QJsonValue &v :
         testing::loadGolden(QStringLiteral("npy/headers.json")).value(QLatin1String("cases")).toArray())
        QTest::newRow(qPrintable(QString::fromStdString(
            core::shapeString(testing::shapeFromJson(v.toObject().value(QLatin1String("shape")))))))
            << v.toObject();
}

void TestNpyWriter::headerIsNumpys()
{
    QFETCH(QJsonObject, c);
    const std::string header = core::npyHeader(testing::shapeFromJson(c.value(QLatin1String("shape"))));
    QCOMPARE(QByteArray::fromStdString(header).toHex(),
             c.value(QLatin1String("header_hex")).toString().toLatin1());
}

void TestNpyWriter::fileIsNumpys()
{
    std::vector<float> data(20);
    for (std::size_t i = 0; i < data.size(); ++i)
        data[i] = static_cast<float>(i) * 0.25f - 2.0f;
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("small.npy"));
    core::writeNpy(path.toStdString(), data.data(), {4, 5});
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray expected = QByteArray::fromHex(testing::loadGolden(QStringLiteral("npy/headers.json"))
                                                        .value(QLatin1String("small_file_hex"))
                                                        .toString()
                                                        .toLatin1());
    QCOMPARE(f.readAll(), expected);
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files),
             QStringList{QStringLiteral("small.npy")}); // no temporary left
}

void TestNpyWriter::replacesAtomically()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("w.npy"));
    const float a[] = {1.0f, 2.0f};
    const float b[] = {3.0f, 4.0f, 5.0f};
    core::writeNpy(path.toStdString(), a, {2});
    core::writeNpy(path.toStdString(), b, {3});
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.size(), qint64(128 + 12));
}

void TestNpyWriter::reportsUnwritablePath()
{
    const float a[] = {1.0f};
    try {
        core::writeNpy("/nonexistent-dir/x.npy", a, {1});
        QFAIL("expected an error");
    } catch (const core::Error &e) {
        QCOMPARE(QString::fromLatin1(e.what()),
                 QStringLiteral("cannot write '/nonexistent-dir/x.npy': No such file or directory"));
    }
}

QTEST_GUILESS_MAIN(TestNpyWriter)
#include "tst_npywriter.moc"
