// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// Issue #14: the app's view of a tokenizer (GPT-2's embedded one), and how the ids field reads text.
// Issue #26: every token shown legibly (never U+FFFD), a vocabulary whose encoding is refused still
// labels the rows, and byte pieces grouped under their character with a sentence that explains them.
#include "common/TokenizerFixtures.h"
#include "ui/model/Vocabulary.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <memory>
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
    void noReplacementCharacterInAnyToken_data();
    void noReplacementCharacterInAnyToken();
    void refusedEncodingKeepsTheLabels();
    void bytePiecesGroupUnderTheirCharacter_data();
    void bytePiecesGroupUnderTheirCharacter();
    void byteFallbackIsExplainedAsSuch();
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

void TestVocabulary::noReplacementCharacterInAnyToken_data()
{
    QTest::addColumn<QString>("file");
    QTest::newRow("GPT-2 (embedded)") << QString();
    for (const char *file :
         {"llama3.tokenizer.json", "llama3.gguf", "llama2.tokenizer.json", "llama2.gguf", "mistral.gguf"})
        QTest::newRow(file) << QString::fromLatin1(file);
}

// Issue #26, "Done when": no U+FFFD anywhere in the window for any token of the GPT-2, Llama 3 and
// Llama 2 vocabularies. Every view asks Vocabulary for a row's token (chips, heatmap labels and
// tooltips, the one-hot title, neighbours, the Training panel, exports): each of its display strings
// is checked for every id, from the tokenizer and from its labels alone (an encoding refused).
void TestVocabulary::noReplacementCharacterInAnyToken()
{
    QFETCH(QString, file);
    const Vocabulary tokenizer = file.isEmpty()
                                     ? Vocabulary::gpt2()
                                     : Vocabulary(std::make_shared<const embedlab::core::Tokenizer>(
                                                      embedlab::testing::tokenizerModel(file)),
                                                  file);
    const Vocabulary labels(std::make_shared<const embedlab::core::TokenLabels>(
                                embedlab::core::TokenLabels::of(*tokenizer.tokenizer())),
                            file, QStringLiteral("refused"));
    QVERIFY(labels.isKnown() && !labels.canEncode());
    QCOMPARE(labels.size(), tokenizer.size());
    QVERIFY(tokenizer.size() >= 32000);
    const QChar replacement(0xFFFD);
    qint64 pieces = 0;
    for (qint64 id = 0; id < tokenizer.size(); ++id) {
        const QString token = tokenizer.token(id);
        QVERIFY2(!token.isEmpty(), qPrintable(QString::number(id)));
        for (const Vocabulary *v : {&tokenizer, &labels}) {
            QCOMPARE(v->token(id), token);
            for (const QString &shown : {v->label(id), v->idAndToken(id)})
                QVERIFY2(!shown.contains(replacement),
                         qPrintable(QStringLiteral("%1: %2").arg(id).arg(shown)));
        }
        pieces += token.startsWith(QLatin1Char('<')) && !tokenizer.isSpecial(id);
    }
    // The 128 bytes above ASCII at least are shown by their values, not as U+FFFD.
    QVERIFY2(pieces >= 128, qPrintable(QString::number(pieces)));
}

void TestVocabulary::refusedEncodingKeepsTheLabels()
{
    // Llama 3's tokenizer.json with a Split pattern EmbedLab does not implement: text cannot be
    // encoded, but every row keeps its token.
    QByteArray json = embedlab::testing::tokenizerModelFile(QStringLiteral("llama3.tokenizer.json"));
    json.replace(R"(\\p{N}{1,3})", R"(\\p{N}{1,4})");
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("tokenizer.json"));
    QFile out(path);
    QVERIFY(out.open(QIODevice::WriteOnly) && out.write(json) == json.size());
    out.close();
    QString error;
    const Vocabulary v = Vocabulary::fromSource(path, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY(v.isKnown());
    QVERIFY(!v.canEncode());
    QVERIFY2(v.encodingRefusal().contains(QStringLiteral("Split")), qPrintable(v.encodingRefusal()));
    QCOMPARE(v.source(), path);
    QCOMPARE(v.size(), 128256);
    QCOMPARE(v.token(128000), QStringLiteral("<|begin_of_text|>"));
    QVERIFY(v.isSpecial(128000));
    QCOMPARE(v.find(QStringLiteral("<|begin_of_text|>")), std::optional<qint64>(128000));
    // No text to ids: the entry stays what was typed, and PyTorch judges it as ids.
    QVERIFY(v.encode(QStringLiteral("Hello")).isEmpty());
    QCOMPARE(v.idsForEntry(QStringLiteral("\"Hello\""), true), QStringLiteral("\"Hello\""));
    // The same file again is the same vocabulary (a session reopens it by its path).
    QCOMPARE(Vocabulary::findFor(dir.filePath(QStringLiteral("model.safetensors")), &error).size(), 128256);
}

void TestVocabulary::bytePiecesGroupUnderTheirCharacter_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("groups");
    QTest::addColumn<QString>("explained");
    // GPT-2 has no token for 我 (E6 88 91): two byte pieces, <E6 88> and <91>.
    QTest::newRow("我") << QStringLiteral("\u6211") << QStringList{QStringLiteral("\u6211")}
                        << QStringLiteral(
                               "\u6211 is 3 bytes in UTF-8 (E6 88 91). Byte-level BPE works on bytes, "
                               "not characters, and its vocabulary has no token for all of them, so it "
                               "takes 2 tokens: <E6 88> <91>.");
    QTest::newRow("words stay apart")
        << QStringLiteral("Hello world")
        << QStringList{QStringLiteral("Hello"), QStringLiteral("\u2423world")} << QString();
}

void TestVocabulary::bytePiecesGroupUnderTheirCharacter()
{
    QFETCH(QString, text);
    QFETCH(QStringList, groups);
    QFETCH(QString, explained);
    const Vocabulary gpt2 = Vocabulary::gpt2();
    const QList<qint64> ids = gpt2.encode(text);
    const QList<embedlab::ui::CharacterGroup> found = gpt2.groupCharacters(ids);
    QStringList texts;
    int covered = 0;
    for (const embedlab::ui::CharacterGroup &g : found) {
        QCOMPARE(g.first, covered);
        covered += g.count;
        texts << g.text;
        // A token that is whole characters needs no explanation; a split one does.
        QCOMPARE(g.explanation.isEmpty(), g.count == 1);
        if (g.count > 1)
            QCOMPARE(g.explanation, explained);
    }
    QCOMPARE(covered, int(ids.size()));
    QCOMPARE(texts, groups);
    // Each piece alone is shown by its bytes.
    for (qint64 id : ids)
        QVERIFY(!gpt2.token(id).contains(QChar(0xFFFD)));
}

void TestVocabulary::byteFallbackIsExplainedAsSuch()
{
    // Llama 2 (SentencePiece) falls back to <0xNN> byte tokens for a character it lacks: the
    // sentence says so rather than speaking of byte-level BPE.
    embedlab::core::CharacterSplit split{"\xE2\x98\x83", "E2 98 83", {"<E2>", "<98>", "<83>"}};
    const QString text = Vocabulary::explainByteSplit(split, true);
    QCOMPARE(text, QStringLiteral("\u2603 is 3 bytes in UTF-8 (E2 98 83). The tokenizer's vocabulary has no "
                                  "token for it, so it falls back to one token per byte: <E2> <98> <83>."));
    // The same parts as core's English sentence for byte-level BPE.
    QCOMPARE(Vocabulary::explainByteSplit(split),
             QString::fromStdString(embedlab::core::explainByteSplit(split)));
}

QTEST_GUILESS_MAIN(TestVocabulary)
#include "tst_vocabulary.moc"
