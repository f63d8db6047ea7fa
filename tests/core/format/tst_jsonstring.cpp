// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// core::jsonString against Python's json.dumps(text, ensure_ascii=False) (issue #14: the TOKEN
// column of embedlab-cli neighbours). Expected values printed by Python 3.11's json module.
#include "core/format/JsonString.h"

#include <QTest>

#include <string>

using namespace embedlab;

class TestJsonString : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void matchesPython_data();
    void matchesPython();
};

void TestJsonString::matchesPython_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("empty") << QByteArray() << QByteArray(R"("")");
    QTest::newRow("plain") << QByteArray("hello") << QByteArray(R"("hello")");
    QTest::newRow("leading space (GPT-2's G-dot)") << QByteArray(" world") << QByteArray(R"(" world")");
    QTest::newRow("quotes") << QByteArray(R"(say "hi")") << QByteArray(R"("say \"hi\"")");
    QTest::newRow("backslash") << QByteArray(R"(back\slash)") << QByteArray(R"("back\\slash")");
    QTest::newRow("newline tab return") << QByteArray("a\nb\tc\rd") << QByteArray(R"("a\nb\tc\rd")");
    QTest::newRow("backspace form feed") << QByteArray("\b\f") << QByteArray(R"("\b\f")");
    QTest::newRow("other controls") << QByteArray("\x00\x01\x1f", 3) << QByteArray(R"("\u0000\u0001\u001f")");
    QTest::newRow("DEL is kept") << QByteArray("\x7f") << QByteArray("\"\x7f\"");
    QTest::newRow("slash is kept") << QByteArray("/") << QByteArray(R"("/")");
    QTest::newRow("Vietnamese") << QByteArray("Xin ch\xc3\xa0o") << QByteArray("\"Xin ch\xc3\xa0o\"");
    QTest::newRow("Chinese") << QByteArray("\xe4\xb8\xad\xe6\x96\x87")
                             << QByteArray("\"\xe4\xb8\xad\xe6\x96\x87\"");
    QTest::newRow("emoji") << QByteArray("\xf0\x9f\x99\x82") << QByteArray("\"\xf0\x9f\x99\x82\"");
    QTest::newRow("replacement character") << QByteArray("\xef\xbf\xbd") << QByteArray("\"\xef\xbf\xbd\"");
    QTest::newRow("special token") << QByteArray("<|endoftext|>") << QByteArray(R"("<|endoftext|>")");
}

void TestJsonString::matchesPython()
{
    QFETCH(QByteArray, text);
    QFETCH(QByteArray, expected);
    const std::string got =
        core::jsonString(std::string_view(text.constData(), static_cast<std::size_t>(text.size())));
    QCOMPARE(QByteArray::fromStdString(got), expected);
}

QTEST_GUILESS_MAIN(TestJsonString)
#include "tst_jsonstring.moc"
