// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "common/Golden.h"
#include "core/Error.h"
#include "core/OneHot.h"

#include <QJsonArray>
#include <QTest>

#include <cmath>

using namespace embedlab;
using namespace embedlab::testing;

namespace {

QJsonArray cases(const char *section) {
    return loadGolden(QStringLiteral("layers/onehot.json")).value(QLatin1String(section)).toArray();
}

} // namespace

/// F.one_hot, the four lookup paths and the ids parser against PyTorch 1.13: all bit-exact.
class TestOneHot : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void oneHot_data() {
        QTest::addColumn<QJsonObject>("c");
        int i = 0;
        for (const QJsonValue &v : cases("cases"))
            QTest::addRow("case%d", i++) << v.toObject();
    }
    void oneHot() {
        QFETCH(QJsonObject, c);
        const core::LongTensor out = core::oneHot(longTensorFromJson(c.value(QLatin1String("ids"))),
                                                  c.value(QLatin1String("num_classes")).toInteger());
        QCOMPARE(out, longTensorFromJson(c.value(QLatin1String("output"))));
        const core::Tensor f = core::toFloat(out);
        QCOMPARE(f.shape, out.shape);
        for (std::size_t i = 0; i < f.data.size(); ++i)
            QCOMPARE(f.data[i], static_cast<float>(out.data[i]));
    }

    void oneHotErrors_data() {
        QTest::addColumn<QJsonObject>("c");
        int i = 0;
        for (const QJsonValue &v : cases("errors"))
            QTest::addRow("%d_%s", i++, qPrintable(v.toObject().value(QLatin1String("message")).toString()))
                << v.toObject();
    }
    void oneHotErrors() {
        QFETCH(QJsonObject, c);
        try {
            core::oneHot(longTensorFromJson(c.value(QLatin1String("ids"))),
                         c.value(QLatin1String("num_classes")).toInteger());
            QFAIL("no error thrown");
        } catch (const core::Error &err) {
            QCOMPARE(QString::fromLatin1(err.kindName()), c.value(QLatin1String("type")).toString());
            QCOMPARE(QString::fromStdString(err.what()), c.value(QLatin1String("message")).toString());
        }
    }

    void lookupPaths_data() {
        QTest::addColumn<QJsonObject>("c");
        for (const QJsonValue &v : cases("paths"))
            QTest::newRow(qPrintable(v.toObject().value(QLatin1String("name")).toString())) << v.toObject();
    }
    void lookupPaths() // bit-exact, including the NaN that 0 * inf puts in the product paths
    {
        QFETCH(QJsonObject, c);
        const core::Tensor w = tensorFromJson(c.value(QLatin1String("weight")));
        core::Generator gen(0);
        core::Embedding e(w.shape[0], w.shape[1], {}, gen);
        e.weight()->value() = w.asMatrix();
        const core::LookupPaths p =
            core::computeLookupPaths(e, longTensorFromJson(c.value(QLatin1String("ids"))));
        QCOMPARE(bitMismatches(p.call, tensorFromJson(c.value(QLatin1String("call")))), 0);
        QCOMPARE(bitMismatches(p.index, tensorFromJson(c.value(QLatin1String("index")))), 0);
        QCOMPARE(bitMismatches(p.oneHotMm, tensorFromJson(c.value(QLatin1String("one_hot_mm")))), 0);
        QCOMPARE(bitMismatches(p.linear, tensorFromJson(c.value(QLatin1String("linear")))), 0);
        QCOMPARE(p.allEqual(), c.value(QLatin1String("all_equal")).toBool());
    }

    void parseLikeTorchTensor_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QJsonObject>("expected");
        for (const QJsonValue &v : cases("parse"))
            QTest::newRow(qPrintable(v.toObject().value(QLatin1String("text")).toString()))
                << v.toObject().value(QLatin1String("text")).toString()
                << v.toObject().value(QLatin1String("ids")).toObject();
        // Without brackets: the same 1-D tensor as [2, 3, 1].
        const QJsonObject flat = cases("parse").at(0).toObject().value(QLatin1String("ids")).toObject();
        QTest::newRow("bare spaces") << QStringLiteral("2, 3, 1") << flat;
        QTest::newRow("bare no spaces") << QStringLiteral("2,3,1") << flat;
        QTest::newRow("padded") << QStringLiteral("  [ 2 ,3,\t1 ]  ") << flat;
    }
    void parseLikeTorchTensor() {
        QFETCH(QString, text);
        QFETCH(QJsonObject, expected);
        QCOMPARE(core::parseIds(text.toStdString()), longTensorFromJson(expected));
    }

    void parseRagged_data() {
        QTest::addColumn<QJsonObject>("c");
        for (const QJsonValue &v : cases("parse_errors"))
            QTest::newRow(qPrintable(v.toObject().value(QLatin1String("text")).toString())) << v.toObject();
    }
    void parseRagged() // torch.tensor's own message
    {
        QFETCH(QJsonObject, c);
        try {
            core::parseIds(c.value(QLatin1String("text")).toString().toStdString());
            QFAIL("no error thrown");
        } catch (const core::Error &err) {
            QCOMPARE(QString::fromLatin1(err.kindName()), c.value(QLatin1String("type")).toString());
            QCOMPARE(QString::fromStdString(err.what()), c.value(QLatin1String("message")).toString());
        }
    }

    void parseRejects_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("messageContains");
        QTest::newRow("empty") << QString() << QStringLiteral("no token ids");
        QTest::newRow("blank") << QStringLiteral("   ") << QStringLiteral("no token ids");
        QTest::newRow("empty list") << QStringLiteral("[]") << QStringLiteral("no token ids");
        QTest::newRow("word") << QStringLiteral("hello") << QStringLiteral("'hello'");
        QTest::newRow("float") << QStringLiteral("[1.5, 2]") << QStringLiteral("'1.5'");
        QTest::newRow("mixed depth") << QStringLiteral("[1, [2]]") << QStringLiteral("got a list");
        QTest::newRow("unclosed") << QStringLiteral("[1, 2") << QStringLiteral("missing ']'");
        QTest::newRow("trailing") << QStringLiteral("[1] x") << QStringLiteral("after the closing");
        QTest::newRow("dangling comma") << QStringLiteral("1, 2,") << QStringLiteral("expected an integer");
        QTest::newRow("overflow") << QStringLiteral("[99999999999999999999]")
                                  << QStringLiteral("Overflow when unpacking long");
    }
    void parseRejects() {
        QFETCH(QString, text);
        QFETCH(QString, messageContains);
        try {
            core::parseIds(text.toStdString());
            QFAIL("no error thrown");
        } catch (const core::Error &err) {
            QCOMPARE(err.kind(), core::Error::Kind::ValueError);
            QVERIFY2(QString::fromStdString(err.what()).contains(messageContains), err.what());
        }
    }

    void costs_data() {
        QTest::addColumn<qlonglong>("numIds");
        QTest::addColumn<qlonglong>("vocab");
        QTest::addColumn<qlonglong>("dim");
        QTest::newRow("gpt2 32x512") << 32LL * 512 << 50257LL << 768LL;
        QTest::newRow("reference") << 3LL << 4LL << 5LL;
        QTest::newRow("empty vocab") << 2LL << 0LL << 5LL;
    }
    void costs() {
        QFETCH(qlonglong, numIds);
        QFETCH(qlonglong, vocab);
        QFETCH(qlonglong, dim);
        const core::PathCost lookup = core::lookupCost(numIds, vocab, dim);
        QCOMPARE(lookup.multiplyAdds, 0);
        QCOMPARE(lookup.multiplyAddsByZero, 0);
        QCOMPARE(lookup.bytesRead, numIds * dim * 4);
        QCOMPARE(lookup.bytesWritten, numIds * dim * 4);
        const core::PathCost mm = core::oneHotMatmulCost(numIds, vocab, dim);
        QCOMPARE(mm.multiplyAdds, numIds * vocab * dim);
        QCOMPARE(mm.multiplyAddsByZero, numIds * std::max(vocab - 1, 0LL) * dim);
        QCOMPARE(mm.bytesRead, numIds * vocab * 4 + vocab * dim * 4);
        QCOMPARE(mm.bytesWritten, numIds * dim * 4);
    }

    void gpt2CostsAsTheLessonStatesThem() {
        const core::PathCost mm = core::oneHotMatmulCost(32 * 512, 50257, 768);
        QCOMPARE(mm.multiplyAdds, 632'379'408'384LL);       // 32*512*50257*768
        QCOMPARE(mm.multiplyAddsByZero, 632'366'825'472LL); // 32*512*50256*768
        QCOMPARE(core::lookupCost(32 * 512, 50257, 768).bytesRead, 50'331'648LL);
    }
};

QTEST_GUILESS_MAIN(TestOneHot)
#include "tst_onehot.moc"
