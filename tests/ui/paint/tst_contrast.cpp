// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// Issue #25 item 3: every text colour the app paints reaches WCAG 2.2 AA (4.5:1) against the
// background it is drawn on, in normal and projector mode. The formula is checked first on pairs
// whose ratios are known, including the ones the issue measured on the old colours.
#include "ui/paint/TextColors.h"
#include "ui/window/ProjectorMode.h"

#include <QPalette>
#include <QTest>

namespace TextColors = embedlab::ui::TextColors;

class TestContrast : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void formula_data();
    void formula();
    void pairs_data();
    void pairs();
    void projectorPalette_data();
    void projectorPalette();
};

void TestContrast::formula_data()
{
    QTest::addColumn<QColor>("text");
    QTest::addColumn<QColor>("background");
    QTest::addColumn<double>("ratio");
    // WCAG's own extremes and the grey that just fails on white.
    QTest::newRow("black on white") << QColor(Qt::black) << QColor(Qt::white) << 21.0;
    QTest::newRow("white on white") << QColor(Qt::white) << QColor(Qt::white) << 1.0;
    QTest::newRow("#777 on white") << QColor(0x77, 0x77, 0x77) << QColor(Qt::white) << 4.48;
    // The measurements of the colours before this change.
    QTest::newRow("#d55e00 on #ececec") << QColor(0xd5, 0x5e, 0x00) << QColor(0xec, 0xec, 0xec) << 3.27;
    QTest::newRow("#0072b2 on #ececec") << QColor(0x00, 0x72, 0xb2) << QColor(0xec, 0xec, 0xec) << 4.39;
    QTest::newRow("#009e73 on white") << QColor(0x00, 0x9e, 0x73) << QColor(Qt::white) << 3.42;
    QTest::newRow("#777 on #efefef") << QColor(0x77, 0x77, 0x77) << QColor(0xef, 0xef, 0xef) << 3.89;
    // Translucent text is blended first: black at 50 % on #efefef is the #777 above.
    QTest::newRow("black 50% on #efefef") << QColor(0, 0, 0, 128) << QColor(0xef, 0xef, 0xef) << 3.89;
}

void TestContrast::formula()
{
    QFETCH(QColor, text);
    QFETCH(QColor, background);
    QFETCH(double, ratio);
    const double got = TextColors::contrastRatio(text, background);
    QVERIFY2(qAbs(got - ratio) < 0.005, qPrintable(QStringLiteral("%1").arg(got, 0, 'f', 4)));
    // The ratio does not depend on which colour is the text (for opaque colours).
    if (text.alpha() == 255)
        QCOMPARE(TextColors::contrastRatio(background, text), got);
}

void TestContrast::pairs_data()
{
    QTest::addColumn<QColor>("text");
    QTest::addColumn<QColor>("background");
    QTest::addColumn<double>("minimum");
    const QList<TextColors::Pair> pairs = TextColors::pairs();
    QVERIFY(pairs.size() >= 30); // 7 text colours on 5 surfaces, and the badges
    for (const TextColors::Pair &pair : pairs)
        QTest::newRow(qPrintable(pair.what)) << pair.text << pair.background << pair.minimum;
}

void TestContrast::pairs()
{
    QFETCH(QColor, text);
    QFETCH(QColor, background);
    QFETCH(double, minimum);
    const double ratio = TextColors::contrastRatio(text, background);
    QVERIFY2(ratio >= minimum, qPrintable(QStringLiteral("%1 on %2: %3:1, below %4:1")
                                              .arg(text.name(QColor::HexArgb), background.name())
                                              .arg(ratio, 0, 'f', 2)
                                              .arg(minimum)));
}

// Projector mode replaces the palette: every text role on the background it is painted on, and the
// app's own colours on the projector's white.
void TestContrast::projectorPalette_data()
{
    QTest::addColumn<QColor>("text");
    QTest::addColumn<QColor>("background");
    const QPalette p = embedlab::ui::ProjectorMode::palette();
    QTest::newRow("WindowText on Window") << p.color(QPalette::WindowText) << p.color(QPalette::Window);
    QTest::newRow("Text on Base") << p.color(QPalette::Text) << p.color(QPalette::Base);
    QTest::newRow("Text on AlternateBase") << p.color(QPalette::Text) << p.color(QPalette::AlternateBase);
    QTest::newRow("ButtonText on Button") << p.color(QPalette::ButtonText) << p.color(QPalette::Button);
    QTest::newRow("HighlightedText on Highlight")
        << p.color(QPalette::HighlightedText) << p.color(QPalette::Highlight);
    QTest::newRow("ToolTipText on ToolTipBase")
        << p.color(QPalette::ToolTipText) << p.color(QPalette::ToolTipBase);
    QTest::newRow("PlaceholderText on Base") << p.color(QPalette::PlaceholderText) << p.color(QPalette::Base);
    QTest::newRow("Link on Base") << p.color(QPalette::Link) << p.color(QPalette::Base);
    QTest::newRow("secondary on Base") << TextColors::secondary(p) << p.color(QPalette::Base);
    QTest::newRow("secondary on AlternateBase")
        << TextColors::secondary(p) << p.color(QPalette::AlternateBase);
    QTest::newRow("num_embeddings on Window") << TextColors::numEmbeddings() << p.color(QPalette::Window);
    QTest::newRow("embedding_dim on Window") << TextColors::embeddingDim() << p.color(QPalette::Window);
    QTest::newRow("equal on Base") << TextColors::equal() << p.color(QPalette::Base);
    QTest::newRow("error on Window") << TextColors::error() << p.color(QPalette::Window);
}

void TestContrast::projectorPalette()
{
    QFETCH(QColor, text);
    QFETCH(QColor, background);
    const double ratio = TextColors::contrastRatio(text, background);
    QVERIFY2(ratio >= 4.5, qPrintable(QStringLiteral("%1 on %2: %3:1")
                                          .arg(text.name(QColor::HexArgb), background.name())
                                          .arg(ratio, 0, 'f', 2)));
}

QTEST_GUILESS_MAIN(TestContrast)
#include "tst_contrast.moc"
