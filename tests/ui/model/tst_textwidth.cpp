// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/model/TextWidth.h"

#include <QFontDatabase>
#include <QFontMetrics>
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QTest>

using embedlab::ui::textHeight;
using embedlab::ui::textWidth;

/// Issue "Classroom-grade interaction", item 13: text given the width it asked for must not be
/// elided ("embedding.weight  [4, …" with room to spare, in every language and at any scale).
class TestTextWidth : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void elidedTextKeepsEverything_data();
    void elidedTextKeepsEverything();
    void lineFitsItsHeight_data();
    void lineFitsItsHeight();
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

void TestTextWidth::lineFitsItsHeight_data()
{
    QTest::addColumn<QString>("family");
    QTest::addColumn<double>("pointSize");
    QTest::addColumn<bool>("bold");
    // Noto Sans CJK SC is the primary font of a Chinese desktop (LANG=zh_CN.UTF-8), for English too.
    for (const QString &family : {QGuiApplication::font().family(), QStringLiteral("Noto Sans CJK SC")}) {
        for (const double size : {9.0, 11.0, 14.4}) {
            for (const bool bold : {false, true})
                QTest::addRow("%s %.1fpt%s", qPrintable(family), size, bold ? " bold" : "")
                    << family << size << bold;
        }
    }
}

void TestTextWidth::lineFitsItsHeight()
{
    // #16: rows sized with QFontMetrics::height() were 27 px for text drawn 27.5 px tall (Noto Sans
    // CJK SC at 14.4 pt, projected). A row of textHeight() holds the drawn line to within the half
    // pixel the painted-text checks allow.
    QFETCH(QString, family);
    QFETCH(double, pointSize);
    QFETCH(bool, bold);
    if (!QFontDatabase::families().contains(family))
        QSKIP("font not installed");
    QFont font(family);
    font.setPointSizeF(pointSize);
    font.setBold(bold);
    // Chinese only in the font that has it: another font's fallback glyphs are taller than its line.
    QString text = QStringLiteral("0 w Tr\u1ecdng");
    if (QFontDatabase::writingSystems(family).contains(QFontDatabase::SimplifiedChinese))
        text += QStringLiteral(" \u6743\u91cd");
    QImage image(400, 100, QImage::Format_ARGB32_Premultiplied);
    QPainter painter(&image);
    painter.setFont(font);
    const QRectF room(0, 10, 400, textHeight(font));
    QRectF drawn;
    painter.drawText(room, Qt::AlignLeft | Qt::AlignBottom, text, &drawn); // as the column numbers
    QVERIFY2(room.adjusted(0, -0.5, 0, 0.5).contains(drawn),
             qPrintable(QStringLiteral("drawn %1 px tall in %2 px").arg(drawn.height()).arg(room.height())));
}

QTEST_MAIN(TestTextWidth)
#include "tst_textwidth.moc"
