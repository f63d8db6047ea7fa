// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
//
// Issue #25 item 2: the neighbours' PCA scatter answers a screen reader as a list of its points,
// each named by token, id and its two components, placed on its dot; the chosen row first and
// selected.
#include "ui/views/NeighboursPanel.h"

#include <QAccessible>
#include <QTest>

using namespace embedlab::ui;

class TestScatterAccessible : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void cleanup();
    void emptyBeforePoints();
    void listOfPoints();
    void newPointsReadAnew();

private:
    ProjectionScatter *m_scatter = nullptr;
};

void TestScatterAccessible::init()
{
    m_scatter = new ProjectionScatter;
    m_scatter->resize(420, 300);
    m_scatter->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_scatter));
}

void TestScatterAccessible::cleanup()
{
    delete m_scatter;
    m_scatter = nullptr;
}

void TestScatterAccessible::emptyBeforePoints()
{
    QAccessibleInterface *list = QAccessible::queryAccessibleInterface(m_scatter);
    QVERIFY(list);
    QCOMPARE(list->role(), QAccessible::List);
    QCOMPARE(list->text(QAccessible::Name), QStringLiteral("PCA scatter of the neighbours"));
    QCOMPARE(list->childCount(), 0);
    QVERIFY(!list->child(0));
}

void TestScatterAccessible::listOfPoints()
{
    m_scatter->setPoints({5822, QStringLiteral("\u00b7king"), 1.0f, QPointF(0.5, -0.25)},
                         {{8599, QStringLiteral("\u00b7queen"), 0.8f, QPointF(0.25, 0.125)},
                          {17180, QString(), 0.5f, QPointF(-1.5, 2.0)}});
    QAccessibleInterface *list = QAccessible::queryAccessibleInterface(m_scatter);
    QCOMPARE(list->childCount(), 3);
    const QStringList names{QStringLiteral("\u00b7king (id 5822) at 0.5, -0.25"),
                            QStringLiteral("\u00b7queen (id 8599) at 0.25, 0.125"),
                            QStringLiteral("row 17180 at -1.5, 2")};
    QList<QRect> rects;
    for (int i = 0; i < 3; ++i) {
        QAccessibleInterface *point = list->child(i);
        QVERIFY(point);
        QCOMPARE(point->role(), QAccessible::ListItem);
        QCOMPARE(point->text(QAccessible::Name), names[i]);
        QCOMPARE(point->parent(), list);
        QCOMPARE(list->indexOfChild(point), i);
        QCOMPARE(list->child(i), point); // registered once
        QCOMPARE(point->state().selected, i == 0);
        // On its dot, inside the view, and found there.
        const QRect r = point->rect();
        QVERIFY(!r.isEmpty());
        QVERIFY(QRect(m_scatter->mapToGlobal(QPoint(0, 0)), m_scatter->size()).contains(r));
        QCOMPARE(r, QRect(m_scatter->mapToGlobal(m_scatter->pointRect(i).topLeft()),
                          m_scatter->pointRect(i).size()));
        QCOMPARE(list->childAt(r.center().x(), r.center().y()), point);
        rects.append(r);
    }
    // The first component runs right, the second up: queen right of the unnamed row, king lowest.
    QVERIFY(rects[1].center().x() > rects[2].center().x());
    QVERIFY(rects[0].center().y() > rects[1].center().y());
    QVERIFY(!list->child(3));
    // The text keeps every point, a line each.
    QCOMPARE(list->textInterface()->text(0, -1), names.join(QLatin1Char('\n')));
}

void TestScatterAccessible::newPointsReadAnew()
{
    m_scatter->setPoints({1, QStringLiteral("a"), 1.0f, QPointF(0, 0)},
                         {{2, QStringLiteral("b"), 0.5f, QPointF(1, 1)}});
    QAccessibleInterface *list = QAccessible::queryAccessibleInterface(m_scatter);
    QAccessibleInterface *second = list->child(1);
    QCOMPARE(second->text(QAccessible::Name), QStringLiteral("b (id 2) at 1, 1"));
    m_scatter->setPoints({3, QStringLiteral("c"), 1.0f, QPointF(0, 0)}, {});
    QCOMPARE(list->childCount(), 1);
    QVERIFY(!second->isValid()); // a point gone is said to be gone, never read from another
    QCOMPARE(list->child(0)->text(QAccessible::Name), QStringLiteral("c (id 3) at 0, 0"));
}

QTEST_MAIN(TestScatterAccessible)
#include "tst_scatteraccessible.moc"
