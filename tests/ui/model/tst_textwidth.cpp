// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/model/TextWidth.h"

#include <QFontMetrics>
#include <QGuiApplication>
#include <QTest>

using embedlab::ui::textWidth;

/// Issue "Classroom-grade interaction", item 13: text given the width it asked for must not be
/// elided ("embedding.weight  [4, …" with room to spare, in every language and at any scale).
class TestTextWidth : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void elidedTextKeepsEverything_data();
    void elidedTextKeepsEverything();
};

void TestTextWidth::elidedTextKeepsEverything_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("bold");
    QTest::addColumn<double>("pointSize");
    const QStringList texts = {QStringLiteral("embedding.weight  [4, 5]"),
                               QStringLiteral("lm_head.weight  [50257, 768]"),
                               QStringLiteral("embedding.weight.grad"),
                               QStringLiteral("change = after \u2212 before"),
                               QStringLiteral("Auto (data min to max)"),
                               QStringLiteral("Tr\u1ecdng s\u1ed1 embedding"),
                               QStringLiteral("\u5d4c\u5165\u6743\u91cd\u77e9\u9635"),
                               QStringLiteral("1 px = 3 \u00d7 2 cells")};
    for (const QString &text : texts) {
        for (const double size : {7.5, 9.0, 10.0, 13.0, 18.0, 20.5}) {
            for (const bool bold : {false, true}) {
                QTest::addRow("%s %.1fpt%s", qPrintable(text), size, bold ? " bold" : "")
                    << text << bold << size;
            }
        }
    }
}

void TestTextWidth::elidedTextKeepsEverything()
{
    QFETCH(QString, text);
    QFETCH(bool, bold);
    QFETCH(double, pointSize);
    QFont font = QGuiApplication::font();
    font.setPointSizeF(pointSize);
    font.setBold(bold);
    const QFontMetrics metrics(font);
    QCOMPARE(metrics.elidedText(text, Qt::ElideRight, textWidth(font, text)), text);
    QVERIFY(textWidth(font, text) >= metrics.horizontalAdvance(text));
}

QTEST_MAIN(TestTextWidth)
#include "tst_textwidth.moc"
