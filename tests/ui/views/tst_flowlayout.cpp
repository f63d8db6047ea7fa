// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/views/FlowLayout.h"

#include <QTest>
#include <QWidget>

#include <memory>

using embedlab::ui::FlowLayout;

class TestFlowLayout : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void cleanup();
    void wrapsAtTheWidth_data();
    void wrapsAtTheWidth();
    void centresItemsInTheirRow();
    void rightAlignedRowsEndAtTheRightEdge();
    void hiddenWidgetsTakeNoSpace();
    void sizesAreOneRowAndTheWidestItem();

private:
    // Items 100 px wide, 20, 30, 20 and 30 px tall; 10 px between items, 5 between rows.
    std::unique_ptr<QWidget> m_host;
    FlowLayout *m_layout = nullptr;
    QList<QWidget *> m_items;
};

void TestFlowLayout::init()
{
    m_host = std::make_unique<QWidget>();
    m_layout = new FlowLayout(10, 5);
    m_layout->setContentsMargins(0, 0, 0, 0);
    m_host->setLayout(m_layout);
    m_items.clear();
    for (int i = 0; i < 4; ++i) {
        auto *item = new QWidget(m_host.get());
        item->setFixedSize(100, i % 2 == 0 ? 20 : 30);
        m_layout->addWidget(item);
        m_items.append(item);
    }
}

void TestFlowLayout::cleanup()
{
    m_host.reset();
}

void TestFlowLayout::wrapsAtTheWidth_data()
{
    QTest::addColumn<int>("width");
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("height");
    QTest::newRow("one row, exactly") << 430 << 1 << 30;
    QTest::newRow("one pixel short") << 429 << 2 << 30 + 5 + 30;
    QTest::newRow("two per row") << 210 << 2 << 30 + 5 + 30;
    QTest::newRow("one per row") << 209 << 4 << 20 + 5 + 30 + 5 + 20 + 5 + 30;
    QTest::newRow("narrower than an item") << 50 << 4 << 20 + 5 + 30 + 5 + 20 + 5 + 30;
}

void TestFlowLayout::wrapsAtTheWidth()
{
    QFETCH(int, width);
    QFETCH(int, rows);
    QFETCH(int, height);
    QVERIFY(m_layout->hasHeightForWidth());
    QCOMPARE(m_layout->heightForWidth(width), height);
    m_layout->setGeometry(QRect(0, 0, width, height));
    QCOMPARE(m_layout->rowCount(), rows);
    // Reading order: each item right of the one before it, or on a row below.
    for (int i = 1; i < m_items.size(); ++i) {
        const QRect before = m_items[i - 1]->geometry();
        const QRect item = m_items[i]->geometry();
        QVERIFY(item.left() > before.right() || item.top() > before.bottom());
        QVERIFY(!item.intersects(before));
    }
    for (const QWidget *item : std::as_const(m_items)) {
        QVERIFY(item->geometry().bottom() < height);
        if (width >= 100)
            QVERIFY(item->geometry().right() < width);
    }
}

void TestFlowLayout::centresItemsInTheirRow()
{
    m_layout->setGeometry(QRect(0, 0, 430, 30));
    QCOMPARE(m_items[0]->geometry(), QRect(0, 5, 100, 20));
    QCOMPARE(m_items[1]->geometry(), QRect(110, 0, 100, 30));
    QCOMPARE(m_items[3]->geometry(), QRect(330, 0, 100, 30));
}

// The lesson's buttons in the bottom row: its right edge stays put while its left edge moves (#25).
void TestFlowLayout::rightAlignedRowsEndAtTheRightEdge()
{
    m_layout->setAlignment(Qt::AlignRight);
    m_layout->setGeometry(QRect(0, 0, 500, 30));
    QCOMPARE(m_items[0]->geometry(), QRect(70, 5, 100, 20));
    QCOMPARE(m_items[3]->geometry(), QRect(400, 0, 100, 30));
    // Two rows of two: each ends at the edge.
    m_layout->setGeometry(QRect(0, 0, 300, 65));
    QCOMPARE(m_layout->rowCount(), 2);
    QCOMPARE(m_items[1]->geometry().right(), 299);
    QCOMPARE(m_items[3]->geometry(), QRect(200, 35, 100, 30));
    QCOMPARE(m_items[2]->geometry().left(), 90);
}

void TestFlowLayout::hiddenWidgetsTakeNoSpace()
{
    m_host->show();
    m_items[1]->hide();
    m_items[3]->hide();
    QCOMPARE(m_layout->heightForWidth(210), 20);
    m_layout->setGeometry(QRect(0, 0, 210, 20));
    QCOMPARE(m_layout->rowCount(), 1);
    QCOMPARE(m_items[2]->geometry(), QRect(110, 0, 100, 20));
}

void TestFlowLayout::sizesAreOneRowAndTheWidestItem()
{
    QCOMPARE(m_layout->sizeHint(), QSize(430, 30));
    QCOMPARE(m_layout->minimumSize(), QSize(100, 30));
    m_layout->setContentsMargins(4, 3, 4, 0);
    QCOMPARE(m_layout->minimumSize(), QSize(108, 33));
    QCOMPARE(m_layout->heightForWidth(438), 33);
}

QTEST_MAIN(TestFlowLayout)
#include "tst_flowlayout.moc"
