// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// Issue #16 items 8, 9, 10 and "the code panel's promise": for scripted sequences of edits, the code
// panel's Python equals the committed code, and the app's Output (and the Unembedding transcript) equal
// what PyTorch 1.13 printed when tests/golden/gen_codepanel.py ran that committed code. Issue #29
// items 1 and 6: the Training panel's next-token batch, the Unembedding panel's copy as a script and
// a BF16 tensor read from a .safetensors file run as pasted too.
#include "common/Golden.h"
#include "ui/golden/CodePanelScenarios.h"

#include <QHash>
#include <QTest>

using embedlab::testing::CodePanelScenario;

class TestCodePanelGolden : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void sequence_data();
    void sequence();
    void everySequenceHasAFixture();

private:
    QHash<QString, CodePanelScenario> m_app;
    QJsonArray m_fixtures;
};

void TestCodePanelGolden::initTestCase()
{
    for (const CodePanelScenario &s : embedlab::testing::runCodePanelScenarios())
        m_app.insert(s.name, s);
    m_fixtures = embedlab::testing::loadGolden(QStringLiteral("codepanel/cases.json"))
                     .value(QStringLiteral("cases"))
                     .toArray();
    QVERIFY(!m_fixtures.isEmpty());
}

void TestCodePanelGolden::sequence_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("pytorchOutput");
    QTest::addColumn<QString>("pytorchTranscript");
    for (const QJsonValue &v : std::as_const(m_fixtures)) {
        const QJsonObject o = v.toObject();
        const QString name = o.value(QStringLiteral("name")).toString();
        // Code that reads a golden file names it by its absolute path, which the fixture writes as
        // @GOLDEN@ (gen_codepanel.py).
        const QString code =
            o.value(QStringLiteral("code"))
                .toString()
                .replace(QLatin1String("@GOLDEN@"), embedlab::testing::goldenPath(QString()).chopped(1));
        QTest::newRow(qPrintable(name))
            << name << code << o.value(QStringLiteral("pytorch_output")).toString()
            << o.value(QStringLiteral("pytorch_transcript")).toString();
    }
}

void TestCodePanelGolden::sequence()
{
    QFETCH(QString, name);
    QFETCH(QString, code);
    QFETCH(QString, pytorchOutput);
    QFETCH(QString, pytorchTranscript);
    QVERIFY2(m_app.contains(name), qPrintable(name + QStringLiteral(" is no longer a sequence")));
    const CodePanelScenario &app = m_app[name];
    QVERIFY2(!app.code.isEmpty(), "a step of the sequence was refused");
    QCOMPARE(app.code, code);
    QCOMPARE(app.output, pytorchOutput);
    QCOMPARE(app.transcript, pytorchTranscript);
}

void TestCodePanelGolden::everySequenceHasAFixture()
{
    // A sequence added without regenerating the fixtures would otherwise go unchecked.
    QCOMPARE(qsizetype(m_fixtures.size()), m_app.size());
}

QTEST_MAIN(TestCodePanelGolden)
#include "tst_codepanelgolden.moc"
