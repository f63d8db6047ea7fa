// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// Issue #26 "Tokens of the models people open today, shown so a person can read them": labels that
// never hold U+FFFD, byte pieces grouped under their characters, labels for vocabularies whose
// encoding is refused, and the row-count guess.
#include "common/Golden.h"
#include "common/TokenizerFixtures.h"
#include "core/tensor/Error.h"
#include "core/text/TokenDisplay.h"
#include "core/text/TokenLabels.h"
#include "core/text/Tokenizer.h"

#include <QTest>

using namespace embedlab;
using core::TokenGroup;

Q_DECLARE_METATYPE(std::vector<std::string>)
Q_DECLARE_METATYPE(std::vector<core::TokenGroup>)

namespace {

const core::Tokenizer &gpt2()
{
    static const core::Tokenizer t = core::Tokenizer::fromFile(
        testing::goldenPath(QStringLiteral("../../resources/tokenizers/gpt2/vocab.json")).toStdString());
    return t;
}

std::vector<TokenGroup> groupsOf(const core::Tokenizer &t, const std::vector<std::int64_t> &ids)
{
    std::vector<std::string_view> bytes;
    for (const std::int64_t id : ids)
        bytes.push_back(t.tokenBytes(id));
    return core::groupCharacters(bytes);
}

bool validUtf8(const std::string &s)
{
    QString decoded = QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
    return !decoded.contains(QChar::ReplacementCharacter) && !decoded.contains(QChar(0xFEFF));
}

} // namespace

class TestTokenDisplay : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void tokenLabel_data();
    void tokenLabel();
    void groupCharacters_data();
    void groupCharacters();
    void groupsRealTokens();
    void noReplacementCharacterInAnyVocabulary_data();
    void noReplacementCharacterInAnyVocabulary();
    void labelsOfRefusedFiles();
    void labelsOfOtherModels();
    void guessFromRowCount();
    void explainsAByteSplit();
};

void TestTokenDisplay::tokenLabel_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("label");
    QTest::newRow("text") << QByteArray("Hello") << QStringLiteral("Hello");
    QTest::newRow("space") << QByteArray(" world") << QStringLiteral(" world");
    QTest::newRow("whole character") << QByteArray("\xE6\x88\x91") << QStringLiteral("我");
    QTest::newRow("first two bytes of 我") << QByteArray("\xE6\x88") << QStringLiteral("<E6 88>");
    QTest::newRow("last byte of 我") << QByteArray("\x91") << QStringLiteral("<91>");
    QTest::newRow("space and a lead byte") << QByteArray(" \xE6") << QStringLiteral(" <E6>");
    QTest::newRow("character, then a piece") << QByteArray("\xE1\xBB\x8D\xE1") << QStringLiteral("ọ<E1>");
    QTest::newRow("two runs") << QByteArray("\x88x\x91\x92") << QStringLiteral("<88>x<91 92>");
    QTest::newRow("U+FFFD itself") << QByteArray("\xEF\xBF\xBD") << QStringLiteral("<EF BF BD>");
    QTest::newRow("NUL") << QByteArray("\x00", 1) << QStringLiteral("<00>");
    QTest::newRow("NEL") << QByteArray("a\xC2\x85") << QStringLiteral("a<C2 85>");
    QTest::newRow("DEL and a piece") << QByteArray("\x7F\xE6") << QStringLiteral("<7F E6>");
    QTest::newRow("tab and newline stay") << QByteArray("\t\n\r") << QStringLiteral("\t\n\r");
    QTest::newRow("emoji") << QByteArray("\xF0\x9F\x91\x8D") << QStringLiteral("👍");
    QTest::newRow("byte order mark") << QByteArray("\xEF\xBB\xBF") << QStringLiteral("<EF BB BF>");
    QTest::newRow("empty") << QByteArray() << QString();
}

void TestTokenDisplay::tokenLabel()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, label);
    QCOMPARE(QString::fromStdString(core::tokenLabel(bytes.toStdString())), label);
}

void TestTokenDisplay::groupCharacters_data()
{
    QTest::addColumn<std::vector<std::string>>("tokens");
    QTest::addColumn<std::vector<TokenGroup>>("groups");
    QTest::newRow("我 over its pieces")
        << std::vector<std::string>{"\xE6\x88", "\x91"} << std::vector<TokenGroup>{{0, 2, "我", true}};
    QTest::newRow("a space leads") << std::vector<std::string>{" \xE6", "\x88\x91", "x"}
                                   << std::vector<TokenGroup>{{0, 2, " 我", true}, {2, 1, "x", true}};
    QTest::newRow("whole tokens stay single")
        << std::vector<std::string>{"Hello", " world"}
        << std::vector<TokenGroup>{{0, 1, "Hello", true}, {1, 1, " world", true}};
    QTest::newRow("emoji in three") << std::vector<std::string>{"\xF0\x9F", "\x91", "\x8D"}
                                    << std::vector<TokenGroup>{{0, 3, "👍", true}};
    QTest::newRow("two characters end together")
        << std::vector<std::string>{"\xE1\xBB", "\x8D\xE1", "\xBB\x8D"}
        << std::vector<TokenGroup>{{0, 3, "ọọ", true}};
    QTest::newRow("cut off by the end")
        << std::vector<std::string>{"a", "\xE6\x88"}
        << std::vector<TokenGroup>{{0, 1, "a", true}, {1, 1, "<E6 88>", false}};
    QTest::newRow("not continued") << std::vector<std::string>{"\xE6", "a"}
                                   << std::vector<TokenGroup>{{0, 1, "<E6>", false}, {1, 1, "a", true}};
    QTest::newRow("stray continuation") << std::vector<std::string>{"\x91", "b"}
                                        << std::vector<TokenGroup>{{0, 1, "<91>", false}, {1, 1, "b", true}};
    QTest::newRow("empty") << std::vector<std::string>{} << std::vector<TokenGroup>{};
}

void TestTokenDisplay::groupCharacters()
{
    QFETCH(std::vector<std::string>, tokens);
    QFETCH(std::vector<TokenGroup>, groups);
    const std::vector<std::string_view> views(tokens.begin(), tokens.end());
    const std::vector<TokenGroup> got = core::groupCharacters(views);
    QCOMPARE(got.size(), groups.size());
    for (std::size_t i = 0; i < got.size(); ++i) {
        QCOMPARE(got[i].first, groups[i].first);
        QCOMPARE(got[i].count, groups[i].count);
        QCOMPARE(QString::fromStdString(got[i].text), QString::fromStdString(groups[i].text));
        QCOMPARE(got[i].complete, groups[i].complete);
    }
}

void TestTokenDisplay::groupsRealTokens()
{
    // GPT-2 writes 我 as two tokens, <E6 88> and <91>: one chip group. Llama 3 has 我 whole.
    const std::vector<std::int64_t> ids = gpt2().encode("我");
    QCOMPARE(ids, (std::vector<std::int64_t>{22755, 239}));
    QCOMPARE(gpt2().tokenText(22755), std::string("<E6 88>"));
    QCOMPARE(gpt2().tokenText(239), std::string("<91>"));
    const auto groups = groupsOf(gpt2(), ids);
    QCOMPARE(groups.size(), 1u);
    QCOMPARE(groups[0].count, 2u);
    QCOMPARE(groups[0].text, std::string("我"));
    const core::Tokenizer &llama3 = testing::tokenizerModel(QStringLiteral("llama3.tokenizer.json"));
    QCOMPARE(groupsOf(llama3, llama3.encode("我")).size(), 1u);
    // Every group of a mixed text is whole characters, and together they are the text.
    const std::string text = "Xin chào thế giới, 你好 👨‍👩‍👧 नमस्ते ọ";
    for (const core::Tokenizer *t :
         {&gpt2(), &llama3, &testing::tokenizerModel(QStringLiteral("llama2.tokenizer.json"))}) {
        std::string joined;
        for (const TokenGroup &g : groupsOf(*t, t->encode(text))) {
            QVERIFY2(g.complete, g.text.c_str());
            QVERIFY(g.text.find('<') == std::string::npos);
            joined += g.text;
        }
        // Llama 2's first token holds the space its normalizer adds.
        QCOMPARE(joined, t->kind() == core::Tokenizer::Kind::SentencePieceBpe ? " " + text : text);
    }
}

void TestTokenDisplay::noReplacementCharacterInAnyVocabulary_data()
{
    QTest::addColumn<QString>("file");
    QTest::newRow("GPT-2") << QString();
    for (const char *file : {"llama3.tokenizer.json", "llama3.gguf", "llama2.tokenizer.json", "llama2.gguf",
                             "mistral.tokenizer.json", "bert.tokenizer.json"})
        QTest::newRow(file) << QString::fromLatin1(file);
}

// #26: "No U+FFFD appears anywhere in the window for any token of the GPT-2, Llama 3 and Llama 2
// vocabularies": every token's display string, from the tokenizer and from its labels alone.
void TestTokenDisplay::noReplacementCharacterInAnyVocabulary()
{
    QFETCH(QString, file);
    const core::Tokenizer &t = file.isEmpty() ? gpt2() : testing::tokenizerModel(file);
    const core::TokenLabels labels =
        file.isEmpty() ? core::TokenLabels::fromFile(
                             testing::goldenPath(QStringLiteral("../../resources/tokenizers/gpt2/vocab.json"))
                                 .toStdString())
        : file.endsWith(QLatin1String(".gguf"))
            ? core::TokenLabels::fromGguf(
                  std::span(
                      reinterpret_cast<const std::uint8_t *>(testing::tokenizerModelFile(file).constData()),
                      static_cast<std::size_t>(testing::tokenizerModelFile(file).size())),
                  "fixture")
            : core::TokenLabels::fromTokenizerJson(testing::tokenizerModelFile(file).toStdString(),
                                                   "fixture");
    QCOMPARE(labels.size(), t.vocabSize());
    std::int64_t pieces = 0;
    for (std::int64_t id = 0; id < t.vocabSize(); ++id) {
        const std::string shown = t.tokenText(id);
        QVERIFY2(!shown.empty(), qPrintable(QString::number(id)));
        QVERIFY2(shown.find("\xEF\xBF\xBD") == std::string::npos, qPrintable(QString::number(id)));
        QVERIFY2(validUtf8(shown), qPrintable(QString::number(id)));
        QCOMPARE(labels.label(id), shown);
        pieces += shown.find('<') != std::string::npos && !t.isSpecial(id);
    }
    // Bytes 0x80..0xFF at least are no character alone (0x00..0x7F are ASCII, shown so but the
    // control characters).
    if (t.kind() != core::Tokenizer::Kind::WordPiece)
        QVERIFY2(pieces >= 128 + 33, qPrintable(QString::number(pieces)));
}

void TestTokenDisplay::labelsOfRefusedFiles()
{
    // A Split pattern EmbedLab does not implement: encoding is refused, every row keeps its token.
    QByteArray json = testing::tokenizerModelFile(QStringLiteral("llama3.tokenizer.json"));
    json.replace(R"(\\p{N}{1,3})", R"(\\p{N}{1,4})");
    QVERIFY_THROWS_EXCEPTION(core::Error, core::Tokenizer::fromTokenizerJson(json.toStdString(), "x"));
    const core::TokenLabels labels = core::TokenLabels::fromTokenizerJson(json.toStdString(), "x");
    const core::Tokenizer &llama3 = testing::tokenizerModel(QStringLiteral("llama3.tokenizer.json"));
    QCOMPARE(labels.size(), 128256);
    for (std::int64_t id = 0; id < labels.size(); id += 7)
        QCOMPARE(labels.label(id), llama3.tokenText(id));
    QCOMPARE(labels.label(128000), std::string("<|begin_of_text|>"));
    QVERIFY(labels.isSpecial(128000));
    QVERIFY(!labels.has(128256));
    QCOMPARE(labels.label(-1), std::string());
    const core::TokenLabels same = core::TokenLabels::of(llama3);
    QCOMPARE(same.label(22755), llama3.tokenText(22755));
    QCOMPARE(same.size(), labels.size());
}

void TestTokenDisplay::labelsOfOtherModels()
{
    // Unigram (T5, XLNet): [piece, score] pairs, "▁" a space.
    const core::TokenLabels unigram = core::TokenLabels::fromTokenizerJson(
        R"({"model": {"type": "Unigram", "vocab": [["<pad>", 0.0], ["▁the", -2.1], ["<0xE6>", -9]]},
            "pre_tokenizer": {"type": "Metaspace", "replacement": "▁"}})",
        "t5.json");
    QCOMPARE(unigram.size(), 3);
    QCOMPARE(unigram.label(1), std::string(" the"));
    QCOMPARE(unigram.label(2), std::string("<E6>"));
    // WordPiece pieces stay as written.
    const core::TokenLabels bert = core::TokenLabels::fromTokenizerJson(
        testing::tokenizerModelFile(QStringLiteral("bert.tokenizer.json")).toStdString(), "bert");
    QCOMPARE(bert.label(1996), std::string("the"));
    QCOMPARE(bert.label(2050), std::string("##a"));
    QVERIFY_THROWS_EXCEPTION(core::Error, core::TokenLabels::fromTokenizerJson("[1, 2]", "x"));
    QVERIFY_THROWS_EXCEPTION(core::Error,
                             core::TokenLabels::fromTokenizerJson(R"({"model": {"type": "BPE"}})", "x"));
    QVERIFY_THROWS_EXCEPTION(core::Error, core::TokenLabels::fromFile("/no/such/tokenizer.json"));
}

void TestTokenDisplay::guessFromRowCount()
{
    const auto gpt2Guess = core::guessTokenizerForRows(50257);
    QVERIFY(gpt2Guess.has_value());
    QCOMPARE(gpt2Guess->name, std::string("GPT-2"));
    QVERIFY(gpt2Guess->builtIn);
    QVERIFY(gpt2Guess->reason.find("guess") != std::string::npos);
    const auto llama3Guess = core::guessTokenizerForRows(128256);
    QVERIFY(llama3Guess.has_value());
    QCOMPARE(llama3Guess->name, std::string("Llama 3"));
    QVERIFY(!llama3Guess->builtIn);
    QVERIFY(llama3Guess->reason.find("open its tokenizer") != std::string::npos);
    QVERIFY(!core::guessTokenizerForRows(4).has_value());
    QVERIFY(!core::guessTokenizerForRows(50258).has_value());
}

void TestTokenDisplay::explainsAByteSplit()
{
    const std::string sentence = core::explainByteSplit({"我", "E6 88 91", {"<E6 88>", "<91>"}});
    QCOMPARE(
        sentence,
        std::string("我 is 3 bytes in UTF-8 (E6 88 91). Byte-level BPE works on bytes, not characters, and "
                    "its vocabulary has no token for all of them, so it takes 2 tokens: <E6 88> <91>."));
}

QTEST_GUILESS_MAIN(TestTokenDisplay)
#include "tst_tokendisplay.moc"
