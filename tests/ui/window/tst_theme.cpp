// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// Issue #25 item 3: the high-contrast themes, light and dark, chosen in Preferences. Applying one
// changes the application's palette and style; the window is built again in its colours (every colour
// set once, in a style sheet, follows); choosing the desktop's colours brings them back.
#include "common/TestSettings.h"
#include "ui/model/Lab.h"
#include "ui/paint/TextColors.h"
#include "ui/paint/Theme.h"
#include "ui/window/IdsEntry.h"
#include "ui/window/ProjectorMode.h"
#include "ui/window/WindowHost.h"

#include <QApplication>
#include <QCheckBox>
#include <QLabel>
#include <QSignalSpy>
#include <QStyle>
#include <QStyleFactory>
#include <QStyleOption>

#include <QTest>
#include <memory>

namespace Theme = embedlab::ui::Theme;
namespace TextColors = embedlab::ui::TextColors;
using embedlab::ui::MainWindow;
using embedlab::ui::WindowHost;

class TestTheme : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanup();
    void contrastDarkIsTheApplicationsPalette();
    void checkBoxesKeepAnEdgeOnBlack();
    void systemBringsTheDesktopBack();
    void theWindowIsBuiltAgainInTheThemesColours();

private:
    /// The brightest pixel of `box` drawn on its page, inside its indicator.
    static int brightestInIndicator(QCheckBox &box);

    QPalette m_desktop;
};

void TestTheme::initTestCase()
{
    embedlab::testing::resetAppSettings();
    m_desktop = QApplication::palette();
}

void TestTheme::cleanup()
{
    Theme::apply(Theme::Kind::System);
}

void TestTheme::contrastDarkIsTheApplicationsPalette()
{
    Theme::apply(Theme::Kind::ContrastDark);
    QCOMPARE(QApplication::palette().color(QPalette::Window), QColor(Qt::black));
    QCOMPARE(QApplication::palette().color(QPalette::WindowText), QColor(Qt::white));
    QVERIFY(TextColors::darkApp());
    // The app's own colours take their light variants; projector mode stays dark.
    QCOMPARE(TextColors::error(), TextColors::error(true));
    QVERIFY(TextColors::error() != TextColors::errorBadge());
    QVERIFY(Theme::isDark(embedlab::ui::ProjectorMode::palette()));
    Theme::apply(Theme::Kind::ContrastLight);
    QVERIFY(!TextColors::darkApp());
    QCOMPARE(QApplication::palette().color(QPalette::Window), QColor(Qt::white));
    QCOMPARE(TextColors::error(), TextColors::errorBadge());
}

int TestTheme::brightestInIndicator(QCheckBox &box)
{
    box.resize(box.sizeHint());
    QImage image(box.size(), QImage::Format_RGB32);
    image.fill(box.palette().color(QPalette::Window));
    box.render(&image);
    QStyleOptionButton option;
    option.initFrom(&box);
    const QRect indicator = box.style()->subElementRect(QStyle::SE_CheckBoxIndicator, &option, &box);
    int brightest = 0;
    for (int y = indicator.top(); y <= indicator.bottom(); ++y)
        for (int x = indicator.left(); x <= indicator.right(); ++x)
            brightest = std::max(brightest, qGray(image.pixel(x, y)));
    return brightest;
}

// Fusion outlines an unchecked box in the window colour darkened: black on black, gone.
void TestTheme::checkBoxesKeepAnEdgeOnBlack()
{
    Theme::apply(Theme::Kind::ContrastDark);
    QCheckBox box(QStringLiteral("bias"));
    QCOMPARE(box.palette().color(QPalette::Window), QColor(Qt::black));
    const int edge = brightestInIndicator(box);
    QVERIFY2(TextColors::contrastRatio(QColor(edge, edge, edge), Qt::black) >= 3.0,
             qPrintable(QString::number(edge)));
    // The same box in plain Fusion, as before: its edge is lost on black.
    const std::unique_ptr<QStyle> fusion(QStyleFactory::create(QStringLiteral("Fusion")));
    box.setStyle(fusion.get());
    const int plain = brightestInIndicator(box);
    QVERIFY2(TextColors::contrastRatio(QColor(plain, plain, plain), Qt::black) < 3.0,
             qPrintable(QString::number(plain)));
    box.setStyle(nullptr);
}

void TestTheme::systemBringsTheDesktopBack()
{
    Theme::apply(Theme::Kind::ContrastDark);
    Theme::apply(Theme::Kind::System);
    for (const QPalette::ColorRole role : {QPalette::Window, QPalette::WindowText, QPalette::Base,
                                           QPalette::Text, QPalette::Button, QPalette::Highlight})
        QCOMPARE(QApplication::palette().color(role), m_desktop.color(role));
    // Hints are secondary text, not Qt's 50 % grey.
    QCOMPARE(QApplication::palette().color(QPalette::PlaceholderText),
             TextColors::secondary(QApplication::palette()));
    QCOMPARE(Theme::fromSettings(), Theme::Kind::System);
}

// What Preferences does once the theme is applied: the window's owner builds the window again, and
// the colours set once (the ids entry's error, a style sheet) are the dark theme's.
void TestTheme::theWindowIsBuiltAgainInTheThemesColours()
{
    WindowHost host({});
    MainWindow *first = &host.window();
    first->show();
    QVERIFY(QTest::qWaitForWindowExposed(first));
    first->lab()->setIdsText(QStringLiteral("2, 3, 1"));
    QSignalSpy replaced(&host, &WindowHost::windowReplaced);
    Theme::apply(Theme::Kind::ContrastDark);
    Q_EMIT first->themeChanged();
    QTRY_COMPARE(replaced.count(), 1);
    MainWindow &next = host.window();
    QVERIFY(&next != first);
    QCOMPARE(next.palette().color(QPalette::Window), QColor(Qt::black));
    QVERIFY2(next.idsEntry()->errorLabel()->styleSheet().contains(TextColors::error(true).name()),
             qPrintable(next.idsEntry()->errorLabel()->styleSheet()));
    // The document came along: the same ids.
    QCOMPARE(next.lab()->idsText(), QStringLiteral("2, 3, 1"));
}

QTEST_MAIN(TestTheme)
#include "tst_theme.moc"
