// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// Issue #14: the app's view of a tokenizer (GPT-2's embedded one), and how the ids field reads text.
#include "ui/model/Vocabulary.h"

#include <QTemporaryDir>
#include <QTest>

#include <optional>

using embedlab::ui::Vocabulary;

class TestVocabulary : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void noneKnowsNothing();
    void gpt2IsEmbedded();
    void labelsShowWhitespace_data();
    void labelsShowWhitespace();
    void quotedText_data();
    void quotedText();
    void idsForEntry_data();
    void idsForEntry();
    void decodeGivesTheTextBack_data();
    void decodeGivesTheTextBack();
    void missingTokenizerFileSaysWhy();
};

void TestVocabulary::noneKnowsNothing()
{
    const Vocabulary none;
    QVERIFY(!none.isKnown());
    QVERIFY(none.source().isEmpty());
    QVERIFY(none.token(0).isEmpty());
    QCOMPARE(none.idAndToken(7), QStringLiteral("7"));
    QVERIFY(none.encode(QStringLiteral("Hello")).isEmpty());
    QCOMPARE(none.idsForEntry(QStringLiteral("\"Hello\""), true), QStringLiteral("\"Hello\""));
}

void TestVocabulary::gpt2IsEmbedded()
{
    const Vocabulary gpt2 = Vocabulary::gpt2();
    QVERIFY(gpt2.isKnown());
    QCOMPARE(gpt2.source(), QLatin1String(Vocabulary::kGpt2Source));
    QCOMPARE(gpt2.tokenizer()->vocabSize(), 50257);
    QCOMPARE(gpt2.encode(QStringLiteral("Hello world")), QList<qint64>({15496, 995}));
    QCOMPARE(gpt2.token(50256), QStringLiteral("<|endoftext|>"));
    QVERIFY(gpt2.token(50257).isEmpty());
    QVERIFY(gpt2.token(-1).isEmpty());
    // One table for every copy and every call.
    QCOMPARE(Vocabulary::gpt2(), gpt2);
    QCOMPARE(Vocabulary::fromSource(gpt2.source(), nullptr), gpt2);
}

void TestVocabulary::labelsShowWhitespace_data()
{
    QTest::addColumn<qint64>("id");
    QTest::addColumn<QString>("label");
    QTest::addColumn<QString>("idAndToken");
    QTest::newRow("Hello") << qint64(15496) << QStringLiteral("Hello") << QStringLiteral("15496 \"Hello\"");
    QTest::newRow("space world") << qint64(995) << QStringLiteral("\u2423world")
                                 << QStringLiteral("995 \"\u2423world\"");
    QTest::newRow("newline") << qint64(198) << QStringLiteral("\u21b5") << QStringLiteral("198 \"\u21b5\"");
    QTest::newRow("outside") << qint64(60000) << QString() << QStringLiteral("60000");
}

void TestVocabulary::labelsShowWhitespace()
{
    QFETCH(qint64, id);
    QFETCH(QString, label);
    QFETCH(QString, idAndToken);
    const Vocabulary gpt2 = Vocabulary::gpt2();
    QCOMPARE(gpt2.label(id), label);
    QCOMPARE(gpt2.idAndToken(id), idAndToken);
}

void TestVocabulary::quotedText_data()
{
    QTest::addColumn<QString>("typed");
    QTest::addColumn<std::optional<QString>>("text");
    QTest::newRow("ids") << QStringLiteral("2, 3, 1") << std::optional<QString>();
    QTest::newRow("batch") << QStringLiteral("[[2, 3], [1, 0]]") << std::optional<QString>();
    QTest::newRow("quoted") << QStringLiteral("\"Hello world\"")
                            << std::optional<QString>(QStringLiteral("Hello world"));
    QTest::newRow("still typing") << QStringLiteral("\"Hello")
                                  << std::optional<QString>(QStringLiteral("Hello"));
    QTest::newRow("spaces kept inside")
        << QStringLiteral("  \" a  b \" ") << std::optional<QString>(QStringLiteral(" a  b "));
    QTest::newRow("quote inside") << QStringLiteral("\"say \"hi\"\"")
                                  << std::optional<QString>(QStringLiteral("say \"hi\""));
    QTest::newRow("empty") << QStringLiteral("\"\"") << std::optional<QString>(QString());
}

void TestVocabulary::quotedText()
{
    QFETCH(QString, typed);
    QFETCH(std::optional<QString>, text);
    QCOMPARE(Vocabulary::quotedText(typed), text);
}

void TestVocabulary::idsForEntry_data()
{
    QTest::addColumn<QString>("typed");
    QTest::addColumn<bool>("textMode");
    QTest::addColumn<QString>("ids");
    QTest::newRow("ids stay ids") << QStringLiteral("2, 3, 1") << false << QStringLiteral("2, 3, 1");
    QTest::newRow("quotes in ids mode")
        << QStringLiteral("\"Hello world\"") << false << QStringLiteral("15496, 995");
    QTest::newRow("text mode") << QStringLiteral("Hello world") << true << QStringLiteral("15496, 995");
    QTest::newRow("digits are text in text mode") << QStringLiteral("2") << true << QStringLiteral("17");
    QTest::newRow("quotes in text mode") << QStringLiteral("\"Hello\"") << true << QStringLiteral("15496");
    QTest::newRow("no text") << QString() << true << QString();
}

void TestVocabulary::idsForEntry()
{
    QFETCH(QString, typed);
    QFETCH(bool, textMode);
    QFETCH(QString, ids);
    QCOMPARE(Vocabulary::gpt2().idsForEntry(typed, textMode), ids);
}

void TestVocabulary::decodeGivesTheTextBack_data()
{
    QTest::addColumn<QString>("text");
    QTest::newRow("english") << QStringLiteral("Hello world, it's 2026!");
    QTest::newRow("vietnamese") << QStringLiteral("Xin ch\u00e0o th\u1ebf gi\u1edbi");
    QTest::newRow("chinese") << QStringLiteral("\u4f60\u597d\uff0c\u4e16\u754c");
    QTest::newRow("whitespace") << QStringLiteral("  a\n\n\tb  ");
}

void TestVocabulary::decodeGivesTheTextBack()
{
    QFETCH(QString, text);
    const Vocabulary gpt2 = Vocabulary::gpt2();
    const QList<qint64> ids = gpt2.encode(text);
    QVERIFY(!ids.isEmpty());
    QCOMPARE(gpt2.decode(ids), text);
}

void TestVocabulary::missingTokenizerFileSaysWhy()
{
    QTemporaryDir dir;
    const QString missing = dir.filePath(QStringLiteral("tokenizer.json"));
    QString error;
    QVERIFY(!Vocabulary::fromSource(missing, &error).isKnown());
    QVERIFY2(error.contains(missing), qPrintable(error));
    // A weight file with no tokenizer beside it simply has none.
    error.clear();
    QVERIFY(!Vocabulary::findFor(dir.filePath(QStringLiteral("w.npy")), &error).isKnown());
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

QTEST_GUILESS_MAIN(TestVocabulary)
#include "tst_vocabulary.moc"
