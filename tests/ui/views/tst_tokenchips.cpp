// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// Issue #25 item 1, keyboard first: the token chips take the focus, show it (a frame and a ring
// around the current chip in TextColors::focusFrame(), checked for contrast in tst_contrast), move
// among the chips with Left and Right (Home, End) and select the current chip's row with Enter,
// through the same signal as a click. They claim those keys before the window's shortcuts.
#include "ui/paint/TextColors.h"
#include "ui/views/TokenChips.h"

#include <QShortcut>
#include <QSignalSpy>
#include <QTest>
#include <QVBoxLayout>

using namespace embedlab::ui;

class TestTokenChips : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void cleanup();
    void keysMoveAndSelect();
    void keysBeatShortcuts();
    void focusIsDrawn();
    void emptyChipsHaveNoCurrent();

private:
    QWidget *m_host = nullptr;
    TokenChips *m_chips = nullptr;
    int m_shortcutsFired = 0;
};

void TestTokenChips::init()
{
    m_host = new QWidget;
    auto *layout = new QVBoxLayout(m_host);
    m_chips = new TokenChips;
    layout->addWidget(m_chips);
    m_chips->setChips({{15496, QStringLiteral("Hello")},
                       {11, QStringLiteral(",")},
                       {995, QStringLiteral("\u00b7world")},
                       {0, QStringLiteral("!")}});
    // The window's single-key shortcuts (the animation's arrows, Home and End).
    m_shortcutsFired = 0;
    for (const Qt::Key key :
         {Qt::Key_Left, Qt::Key_Right, Qt::Key_Home, Qt::Key_End, Qt::Key_Return, Qt::Key_Space}) {
        auto *shortcut = new QShortcut(QKeySequence(key), m_host);
        connect(shortcut, &QShortcut::activated, this, [this] { ++m_shortcutsFired; });
    }
    m_host->resize(420, 120);
    m_host->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_host));
    m_host->activateWindow();
    m_chips->setFocus(Qt::TabFocusReason);
    QTRY_VERIFY(m_chips->hasFocus());
}

void TestTokenChips::cleanup()
{
    delete m_host;
    m_host = nullptr;
}

void TestTokenChips::keysMoveAndSelect()
{
    QCOMPARE(m_chips->focusPolicy(), Qt::StrongFocus);
    QCOMPARE(m_chips->currentChip(), 0);
    QSignalSpy clicked(m_chips, &TokenChips::chipClicked);
    QSignalSpy moved(m_chips, &TokenChips::currentChipChanged);
    QTest::keyClick(m_chips, Qt::Key_Left); // stays on the first
    QCOMPARE(m_chips->currentChip(), 0);
    QTest::keyClick(m_chips, Qt::Key_Right);
    QTest::keyClick(m_chips, Qt::Key_Right);
    QCOMPARE(m_chips->currentChip(), 2);
    QCOMPARE(moved.count(), 2);
    QCOMPARE(moved.last().at(0).toInt(), 2);
    QTest::keyClick(m_chips, Qt::Key_Return);
    QCOMPARE(clicked.count(), 1);
    QCOMPARE(clicked.first().at(0).toLongLong(), 995);
    QTest::keyClick(m_chips, Qt::Key_End);
    QCOMPARE(m_chips->currentChip(), 3);
    QTest::keyClick(m_chips, Qt::Key_Right); // stays on the last
    QCOMPARE(m_chips->currentChip(), 3);
    QTest::keyClick(m_chips, Qt::Key_Enter, Qt::KeypadModifier);
    QCOMPARE(clicked.count(), 2);
    QCOMPARE(clicked.last().at(0).toLongLong(), 0);
    QTest::keyClick(m_chips, Qt::Key_Home);
    QCOMPARE(m_chips->currentChip(), 0);
    // A click makes the chip clicked the current one.
    QTest::mouseClick(m_chips, Qt::LeftButton, {}, m_chips->chipRect(1).center());
    QCOMPARE(m_chips->currentChip(), 1);
    QCOMPARE(clicked.last().at(0).toLongLong(), 11);
    // Fewer chips keep the current one among them.
    m_chips->setChips({{7, QStringLiteral("a")}});
    QCOMPARE(m_chips->currentChip(), 0);
}

void TestTokenChips::keysBeatShortcuts()
{
    for (const Qt::Key key : {Qt::Key_Left, Qt::Key_Right, Qt::Key_Home, Qt::Key_End, Qt::Key_Return})
        QTest::keyClick(m_chips, key);
    QCOMPARE(m_shortcutsFired, 0);
    // Space is not the chips': the window's shortcut (play) still acts.
    QTest::keyClick(m_chips, Qt::Key_Space);
    QCOMPARE(m_shortcutsFired, 1);
}

void TestTokenChips::focusIsDrawn()
{
    QTest::keyClick(m_chips, Qt::Key_Right);
    const QImage focused = m_chips->grab().toImage();
    const qreal dpr = focused.devicePixelRatio();
    const QPoint edge = (QPointF(1, m_chips->height() / 2) * dpr).toPoint();
    QCOMPARE(focused.pixelColor(edge).rgb(), TextColors::focusFrame().rgb());
    // The current chip's ring: its bottom edge, midway along, in the focus colour.
    const QRect chip = m_chips->chipRect(1);
    const QPoint ring = (QPointF(chip.center().x(), chip.bottom() - 1) * dpr).toPoint();
    QCOMPARE(focused.pixelColor(ring).rgb(), TextColors::focusFrame().rgb());
    const QRect other = m_chips->chipRect(2);
    const QPoint plain = (QPointF(other.center().x(), other.bottom() - 1) * dpr).toPoint();
    QVERIFY(focused.pixelColor(plain).rgb() != TextColors::focusFrame().rgb());
    m_chips->clearFocus();
    QTRY_VERIFY(!m_chips->hasFocus());
    const QImage unfocused = m_chips->grab().toImage();
    QVERIFY(unfocused.pixelColor(edge).rgb() != TextColors::focusFrame().rgb());
    QVERIFY(unfocused.pixelColor(ring).rgb() != TextColors::focusFrame().rgb());
}

void TestTokenChips::emptyChipsHaveNoCurrent()
{
    m_chips->setChips({});
    QCOMPARE(m_chips->currentChip(), -1);
    QSignalSpy clicked(m_chips, &TokenChips::chipClicked);
    QTest::keyClick(m_chips, Qt::Key_Return);
    QTest::keyClick(m_chips, Qt::Key_Right);
    QCOMPARE(clicked.count(), 0);
    // Without chips the keys are the window's again.
    QCOMPARE(m_shortcutsFired, 2);
}

QTEST_MAIN(TestTokenChips)
#include "tst_tokenchips.moc"
