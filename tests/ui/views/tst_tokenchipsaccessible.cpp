// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
//
// Issue #25 item 2: the token chips answer a screen reader as a list of push buttons, one per chip,
// named by token and id and pressed as a click on the chip is.
#include "ui/views/TokenChips.h"

#include <QAccessible>
#include <QSignalSpy>
#include <QTest>

using namespace embedlab::ui;

class TestTokenChipsAccessible : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void cleanup();
    void listOfButtons();
    void pressSelectsTheToken();
    void newChipsReadAnew();
    void keyboardChipIsFocused();

private:
    TokenChips *m_chips = nullptr;
};

void TestTokenChipsAccessible::init()
{
    m_chips = new TokenChips;
    m_chips->resize(400, 80);
    m_chips->setChips(
        {{15496, QStringLiteral("Hello")}, {5822, QStringLiteral("\u00b7king")}, {13, QString()}});
    m_chips->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_chips));
}

void TestTokenChipsAccessible::cleanup()
{
    delete m_chips;
    m_chips = nullptr;
}

void TestTokenChipsAccessible::listOfButtons()
{
    QAccessibleInterface *list = QAccessible::queryAccessibleInterface(m_chips);
    QVERIFY(list);
    QCOMPARE(list->role(), QAccessible::List);
    QCOMPARE(list->text(QAccessible::Name), QStringLiteral("Tokens"));
    QCOMPARE(list->childCount(), 3);
    const QStringList names{QStringLiteral("\u201cHello\u201d id 15496"),
                            QStringLiteral("\u201c\u00b7king\u201d id 5822"), QStringLiteral("13")};
    for (int i = 0; i < 3; ++i) {
        QAccessibleInterface *button = list->child(i);
        QVERIFY(button);
        QCOMPARE(button->role(), QAccessible::Button);
        QCOMPARE(button->text(QAccessible::Name), names[i]);
        QCOMPARE(button->parent(), list);
        QCOMPARE(list->indexOfChild(button), i);
        QCOMPARE(list->child(i), button); // registered once
        QVERIFY(button->actionInterface());
        QCOMPARE(button->actionInterface()->actionNames(),
                 QStringList{QAccessibleActionInterface::pressAction()});
        // Where the chip is painted, and found there.
        const QRect r = button->rect();
        QCOMPARE(r, QRect(m_chips->mapToGlobal(m_chips->chipRect(i).topLeft()), m_chips->chipRect(i).size()));
        QCOMPARE(list->childAt(r.center().x(), r.center().y()), button);
    }
    QVERIFY(!list->child(3));
}

void TestTokenChipsAccessible::pressSelectsTheToken()
{
    QSignalSpy clicked(m_chips, &TokenChips::chipClicked);
    QAccessibleInterface *button = QAccessible::queryAccessibleInterface(m_chips)->child(1);
    button->actionInterface()->doAction(QAccessibleActionInterface::pressAction());
    QCOMPARE(clicked.size(), 1);
    QCOMPARE(clicked.front().front().toLongLong(), 5822);
    // The same signal a click on the chip sends.
    QTest::mouseClick(m_chips, Qt::LeftButton, {}, m_chips->chipRect(1).center());
    QCOMPARE(clicked.size(), 2);
    QCOMPARE(clicked.back().front().toLongLong(), 5822);
}

void TestTokenChipsAccessible::newChipsReadAnew()
{
    QAccessibleInterface *list = QAccessible::queryAccessibleInterface(m_chips);
    QAccessibleInterface *last = list->child(2);
    m_chips->setChips({{464, QStringLiteral("The")}});
    QCOMPARE(list->childCount(), 1);
    QCOMPARE(list->child(0)->text(QAccessible::Name), QStringLiteral("\u201cThe\u201d id 464"));
    QVERIFY(!last->isValid());
    QVERIFY(!list->child(1));
}

void TestTokenChipsAccessible::keyboardChipIsFocused()
{
    // Issue #25: the chip the arrows reach is the list's focused child and says so in its state
    // (the Focus event a reader hears is sent by the same move; see tst_heatmapaccessible).
    QAccessibleInterface *list = QAccessible::queryAccessibleInterface(m_chips);
    m_chips->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_chips));
    m_chips->setFocus(Qt::TabFocusReason);
    QCOMPARE(m_chips->currentChip(), 0);
    QCOMPARE(list->focusChild(), list->child(0));
    QTest::keyClick(m_chips, Qt::Key_Right);
    QCOMPARE(list->focusChild(), list->child(1));
    QVERIFY(list->child(1)->state().focused);
    QVERIFY(list->child(1)->state().focusable);
    QVERIFY(!list->child(0)->state().focused);
    QTest::keyClick(m_chips, Qt::Key_End);
    QCOMPARE(list->focusChild(), list->child(2));
    m_chips->clearFocus();
    QVERIFY(!list->focusChild());
    QVERIFY(!list->child(2)->state().focused);
}

QTEST_MAIN(TestTokenChipsAccessible)
#include "tst_tokenchipsaccessible.moc"
