// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// Issue #25 item 3: every text colour the app paints reaches WCAG 2.2 AA (4.5:1) against the
// background it is drawn on, in normal and projector mode, in every theme (light, dark, high contrast). The
// formula is checked first on pairs whose ratios are known, including the ones the issue measured on the old
// colours.
#include "ui/paint/TextColors.h"
#include "ui/paint/Theme.h"

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
    void themeKeys();

private:
    /// The high-contrast palettes' rows of pairs().
    static void addPaletteRows();
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
    for (const bool dark : {false, true}) {
        const QList<TextColors::Pair> pairs = TextColors::pairs(dark);
        QVERIFY(pairs.size() >= 30); // 7 text colours on 5 or 6 surfaces, and the badges
        for (const TextColors::Pair &pair : pairs)
            QTest::addRow("%s: %s", dark ? "dark" : "light", qPrintable(pair.what))
                << pair.text << pair.background << pair.minimum;
    }
    addPaletteRows();
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

// The high-contrast themes (and projector mode, which takes the one of the theme's brightness):
// every text role on the background it is painted on, and the app's own colours on their page.
void TestContrast::addPaletteRows()
{
    namespace Theme = embedlab::ui::Theme;
    for (const Theme::Kind kind : {Theme::Kind::ContrastLight, Theme::Kind::ContrastDark}) {
        const QPalette p = kind == Theme::Kind::ContrastDark ? Theme::contrastDark() : Theme::contrastLight();
        const bool dark = Theme::isDark(p);
        QCOMPARE(dark, kind == Theme::Kind::ContrastDark);
        const QByteArray k = Theme::key(kind).toLatin1();
        const auto row = [&k](const char *what) -> QTestData & {
            return QTest::addRow("%s: %s", k.constData(), what);
        };
        // High contrast means 7:1 (WCAG AAA) for the palette's own text.
        row("WindowText on Window") << p.color(QPalette::WindowText) << p.color(QPalette::Window) << 7.0;
        row("Text on Base") << p.color(QPalette::Text) << p.color(QPalette::Base) << 7.0;
        row("Text on AlternateBase") << p.color(QPalette::Text) << p.color(QPalette::AlternateBase) << 7.0;
        row("ButtonText on Button") << p.color(QPalette::ButtonText) << p.color(QPalette::Button) << 7.0;
        row("HighlightedText on Highlight")
            << p.color(QPalette::HighlightedText) << p.color(QPalette::Highlight) << 7.0;
        row("ToolTipText on ToolTipBase")
            << p.color(QPalette::ToolTipText) << p.color(QPalette::ToolTipBase) << 7.0;
        row("PlaceholderText on Base")
            << p.color(QPalette::PlaceholderText) << p.color(QPalette::Base) << 4.5;
        row("Link on Base") << p.color(QPalette::Link) << p.color(QPalette::Base) << 4.5;
        row("secondary on Base") << TextColors::secondary(p) << p.color(QPalette::Base) << 4.5;
        row("secondary on AlternateBase")
            << TextColors::secondary(p) << p.color(QPalette::AlternateBase) << 4.5;
        row("num_embeddings on Window")
            << TextColors::numEmbeddings(dark) << p.color(QPalette::Window) << 4.5;
        row("embedding_dim on Window") << TextColors::embeddingDim(dark) << p.color(QPalette::Window) << 4.5;
        row("equal on Base") << TextColors::equal(dark) << p.color(QPalette::Base) << 4.5;
        row("error on Window") << TextColors::error(dark) << p.color(QPalette::Window) << 4.5;
        row("note on Button") << TextColors::note(dark) << p.color(QPalette::Button) << 4.5;
        // A focus frame or a selection is a graphic: 3:1 against the page (WCAG 1.4.11).
        row("Highlight on Base") << p.color(QPalette::Highlight) << p.color(QPalette::Base) << 3.0;
    }
}

// The settings name a theme by its key; an unknown key is no theme (the desktop's colours then).
void TestContrast::themeKeys()
{
    namespace Theme = embedlab::ui::Theme;
    QCOMPARE(Theme::all().size(), 3);
    for (const Theme::Kind kind : Theme::all())
        QCOMPARE(Theme::fromKey(Theme::key(kind)), std::optional(kind));
    QCOMPARE(Theme::fromKey(QStringLiteral("solarized")), std::nullopt);
    // Projector mode over a dark theme stays dark, over a light one light.
    QVERIFY(Theme::isDark(Theme::projectorPalette(Theme::contrastDark())));
    QVERIFY(!Theme::isDark(Theme::projectorPalette(Theme::contrastLight())));
    QVERIFY(
        Theme::projectorStyleSheet(Theme::contrastDark(), 3).contains(QStringLiteral("3px solid #ffffff")));
    QVERIFY(
        Theme::projectorStyleSheet(Theme::contrastLight(), 3).contains(QStringLiteral("3px solid #000000")));
}

QTEST_GUILESS_MAIN(TestContrast)
#include "tst_contrast.moc"
