// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
//
// Issue #25 item 2: a heatmap answers a screen reader as a table of its weight, read through the
// QAccessible API as Qt's AT-SPI bridge reads it: rows and columns, each cell's element as PyTorch
// 1.13 prints it, the headers, the selected row; cells made only when asked for.
#include "common/Golden.h"
#include "core/tensor/Parameter.h"
#include "ui/heatmap/HeatmapAccessible.h"
#include "ui/heatmap/HeatmapView.h"

#include <QAccessible>
#include <QJsonArray>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>

#include <algorithm>

using embedlab::core::Parameter;
using embedlab::core::ParameterPtr;
using namespace embedlab;
using namespace embedlab::ui;

namespace {

// torch.manual_seed(123); torch.nn.Embedding(4, 5).weight: the default model's, from PyTorch.
ParameterPtr defaultEmbedding()
{
    const core::Tensor weight =
        testing::tensorFromJson(testing::loadGolden(QStringLiteral("layers/embedding.json"))
                                    .value(QLatin1String("reference"))
                                    .toObject()
                                    .value(QLatin1String("weight")));
    auto p = std::make_shared<Parameter>(weight.shape);
    std::copy(weight.data.begin(), weight.data.end(), p->value().data());
    return p;
}

// print(embedding.weight) of the same model as PyTorch 1.13 printed it (the code panel's golden
// "default" case): its 4 x 5 elements in order.
QStringList printedDefaultEmbedding()
{
    const QJsonArray cases =
        testing::loadGolden(QStringLiteral("codepanel/cases.json")).value(QLatin1String("cases")).toArray();
    for (const QJsonValue &c : cases) {
        if (c.toObject().value(QLatin1String("name")).toString() != QLatin1String("default"))
            continue;
        QString printed = c.toObject().value(QLatin1String("pytorch_output")).toString();
        printed = printed.mid(printed.indexOf(QLatin1String("tensor(")) + 7);
        printed = printed.left(printed.indexOf(QLatin1String("]]")));
        return printed.split(QRegularExpression(QStringLiteral("[\\[\\],\\s]+")), Qt::SkipEmptyParts);
    }
    return {};
}

QAccessibleTableInterface *tableOf(QWidget *view)
{
    QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(view);
    return iface ? iface->tableInterface() : nullptr;
}

} // namespace

class TestHeatmapAccessible : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void cleanup();
    void answersAsTable();
    void cellsReadPrintedElements_data();
    void cellsReadPrintedElements();
    void headers();
    void selectionFollowsTheView();
    void selectRowTakesTheClickPath();
    void largeWeightMakesOnlyAskedCells();
    void shapeChangeDropsCells();
    void cellRectsAreOnTheView();
    void modelResetDropsCells();
    void keyboardCellIsFocused();

private:
    HeatmapView *m_view = nullptr;
};

void TestHeatmapAccessible::init()
{
    m_view = new HeatmapView;
    m_view->resize(640, 420);
    m_view->setTitle(QStringLiteral("embedding.weight  [4, 5]"));
    m_view->setMatrix(defaultEmbedding());
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view));
}

void TestHeatmapAccessible::cleanup()
{
    delete m_view;
    m_view = nullptr;
}

void TestHeatmapAccessible::answersAsTable()
{
    QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(m_view);
    QVERIFY(iface);
    QCOMPARE(iface->role(), QAccessible::Table);
    QCOMPARE(iface->text(QAccessible::Name), QStringLiteral("embedding.weight  [4, 5]"));
    QVERIFY(iface->textInterface());
    QVERIFY(iface->textInterface()->text(0, -1).contains(QStringLiteral("4 rows \u00d7 5 columns")));
    QAccessibleTableInterface *table = iface->tableInterface();
    QVERIFY(table);
    QCOMPARE(table->rowCount(), 4);
    QCOMPARE(table->columnCount(), 5);
    QCOMPARE(iface->childCount(), 20);
    // Children and cells are one and the same, row by row (GetIndexAt, GetRowAtIndex).
    QAccessibleInterface *cell = table->cellAt(2, 3);
    QVERIFY(cell);
    QCOMPARE(iface->indexOfChild(cell), 13);
    QCOMPARE(iface->child(13), cell);
    QCOMPARE(cell->parent(), iface);
    QCOMPARE(cell->role(), QAccessible::Cell);
    QCOMPARE(cell->tableCellInterface()->rowIndex(), 2);
    QCOMPARE(cell->tableCellInterface()->columnIndex(), 3);
    QCOMPARE(cell->tableCellInterface()->table(), iface);
    QVERIFY(!table->cellAt(4, 0));
    QVERIFY(!table->cellAt(0, 5));
    QVERIFY(!table->cellAt(-1, 0));
}

void TestHeatmapAccessible::cellsReadPrintedElements_data()
{
    QTest::addColumn<int>("row");
    QTest::addColumn<int>("column");
    const QStringList printed = printedDefaultEmbedding();
    QCOMPARE(printed.size(), 20);
    for (int r = 0; r < 4; ++r) {
        for (int c = 0; c < 5; ++c)
            QTest::addRow("W[%d, %d] = %s", r, c, qPrintable(printed.at(r * 5 + c))) << r << c;
    }
}

void TestHeatmapAccessible::cellsReadPrintedElements()
{
    QFETCH(int, row);
    QFETCH(int, column);
    const QStringList printed = printedDefaultEmbedding();
    QAccessibleInterface *cell = tableOf(m_view)->cellAt(row, column);
    QCOMPARE(cell->text(QAccessible::Name), printed.at(row * 5 + column));
    QCOMPARE(cell->text(QAccessible::Description), QStringLiteral("W[%1, %2]").arg(row).arg(column));
}

void TestHeatmapAccessible::headers()
{
    QAccessibleTableInterface *table = tableOf(m_view);
    QCOMPARE(table->rowDescription(3), QStringLiteral("3"));
    QCOMPARE(table->columnDescription(4), QStringLiteral("4"));
    QAccessibleTableCellInterface *cell = table->cellAt(1, 4)->tableCellInterface();
    const QList<QAccessibleInterface *> rowHeaders = cell->rowHeaderCells();
    const QList<QAccessibleInterface *> columnHeaders = cell->columnHeaderCells();
    QCOMPARE(rowHeaders.size(), 1);
    QCOMPARE(columnHeaders.size(), 1);
    QCOMPARE(rowHeaders.front()->role(), QAccessible::RowHeader);
    QCOMPARE(rowHeaders.front()->text(QAccessible::Name), QStringLiteral("1"));
    QCOMPARE(columnHeaders.front()->role(), QAccessible::ColumnHeader);
    QCOMPARE(columnHeaders.front()->text(QAccessible::Name), QStringLiteral("4"));
    // Asked twice, the same interface (registered once).
    QCOMPARE(cell->rowHeaderCells().front(), rowHeaders.front());
}

void TestHeatmapAccessible::selectionFollowsTheView()
{
    QAccessibleTableInterface *table = tableOf(m_view);
    QCOMPARE(table->selectedRowCount(), 0);
    QVERIFY(!table->cellAt(2, 0)->state().selected);
    m_view->setSelectedRow(2);
    QCOMPARE(table->selectedRows(), QList<int>{2});
    QVERIFY(table->isRowSelected(2));
    QVERIFY(!table->isRowSelected(1));
    QCOMPARE(table->selectedCellCount(), 5);
    const QList<QAccessibleInterface *> cells = table->selectedCells();
    QCOMPARE(cells.size(), 5);
    for (QAccessibleInterface *cell : cells) {
        QCOMPARE(cell->tableCellInterface()->rowIndex(), 2);
        QVERIFY(cell->state().selected);
    }
    QVERIFY(!table->cellAt(1, 0)->state().selected);
    m_view->setSelectedRow(-1);
    QCOMPARE(table->selectedRowCount(), 0);
    QVERIFY(!table->cellAt(2, 0)->state().selected);
}

void TestHeatmapAccessible::selectRowTakesTheClickPath()
{
    QSignalSpy clicked(m_view, &HeatmapView::rowClicked);
    QAccessibleTableInterface *table = tableOf(m_view);
    QVERIFY(table->selectRow(3));
    QCOMPARE(clicked.size(), 1);
    QCOMPARE(clicked.front().front().toInt(), 3);
    QVERIFY(!table->selectRow(4));
    QCOMPARE(clicked.size(), 1);
}

void TestHeatmapAccessible::largeWeightMakesOnlyAskedCells()
{
    // GPT-2's wte shape: 38.6 M cells, of which a reader asks for a few. print() summarises it and
    // chooses its format from the edges: a tiny element there makes every element scientific.
    auto p = std::make_shared<Parameter>(core::Shape{50257, 768});
    p->value().setConstant(0.25f);
    p->value()(0, 0) = 1e-5f;
    m_view->setMatrix(p);
    QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(m_view);
    QAccessibleTableInterface *table = iface->tableInterface();
    QCOMPARE(table->rowCount(), 50257);
    QCOMPARE(table->columnCount(), 768);
    QCOMPARE(iface->childCount(), 50257 * 768);
    QCOMPARE(table->cellAt(30000, 400)->text(QAccessible::Name), QStringLiteral("2.5000e-01"));
    QCOMPARE(table->cellAt(0, 0)->text(QAccessible::Name), QStringLiteral("1.0000e-05"));
    // Far more cells asked for than are kept: the oldest go, the table stays small and answers.
    for (int i = 0; i < 3 * HeatmapAccessible::kMaxCells; ++i)
        QVERIFY(table->cellAt(i % 50257, i % 768));
    QCOMPARE(table->cellAt(50256, 767)->text(QAccessible::Name), QStringLiteral("2.5000e-01"));
    m_view->setSelectedRow(7);
    QCOMPARE(table->selectedCells().size(), 768);
}

void TestHeatmapAccessible::shapeChangeDropsCells()
{
    QAccessibleTableInterface *table = tableOf(m_view);
    QAccessibleInterface *last = table->cellAt(3, 4);
    const QAccessible::Id id = QAccessible::uniqueId(last);
    QVERIFY(QAccessible::accessibleInterface(id));
    auto small = std::make_shared<Parameter>(core::Shape{2, 2});
    small->value() << 1.0f, 2.0f, 3.0f, 4.0f;
    m_view->setMatrix(small);
    // Without an active reader QAccessible sends no events: the cell is then only out of range.
    if (QAccessible::accessibleInterface(id))
        QVERIFY(!last->isValid());
    QCOMPARE(table->rowCount(), 2);
    // print(torch.tensor([[1., 2.], [3., 4.]])) writes integer-valued floats as "1.".
    QCOMPARE(table->cellAt(1, 0)->text(QAccessible::Name), QStringLiteral("3."));
}

void TestHeatmapAccessible::cellRectsAreOnTheView()
{
    QAccessibleTableInterface *table = tableOf(m_view);
    const QRect view(m_view->mapToGlobal(QPoint(0, 0)), m_view->size());
    const QRect first = table->cellAt(0, 0)->rect();
    const QRect next = table->cellAt(0, 1)->rect();
    QVERIFY(!first.isEmpty());
    QVERIFY(view.contains(first));
    QVERIFY(next.left() >= first.right());
    QCOMPARE(next.top(), first.top());
    // A point inside a cell finds that cell.
    QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(m_view);
    QCOMPARE(iface->childAt(next.center().x(), next.center().y()), table->cellAt(0, 1));
    QVERIFY(view.contains(table->cellAt(2, 0)->tableCellInterface()->rowHeaderCells().front()->rect()));
}

// A new shape drops the cells asked for so far: QAccessible::updateAccessibility() hands the
// TableModelChanged event HeatmapView::setMatrix() sends to modelChange() when a reader listens
// (never on the offscreen platform, so the call is made here as QAccessible makes it).
void TestHeatmapAccessible::modelResetDropsCells()
{
    QAccessibleTableInterface *table = tableOf(m_view);
    const QAccessible::Id id = QAccessible::uniqueId(table->cellAt(3, 4));
    const QAccessible::Id header =
        QAccessible::uniqueId(table->cellAt(3, 4)->tableCellInterface()->rowHeaderCells().front());
    QVERIFY(QAccessible::accessibleInterface(id));
    QAccessibleTableModelChangeEvent reset(m_view, QAccessibleTableModelChangeEvent::ModelReset);
    table->modelChange(&reset);
    QVERIFY(!QAccessible::accessibleInterface(id));
    QVERIFY(!QAccessible::accessibleInterface(header));
    QCOMPARE(table->cellAt(3, 4)->text(QAccessible::Name), QStringLiteral("0.7953"));
}

void TestHeatmapAccessible::keyboardCellIsFocused()
{
    // Issue #25: a reader follows the arrows, as in Qt's own tables: the cell under the keyboard's
    // cursor is the table's focused child and says so in its state. (That the reader hears each
    // move, a Focus event per cell, is read over AT-SPI by tst_atspi: QAccessible sends no event
    // without a platform bridge, which the offscreen platform lacks.)
    QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(m_view);
    QAccessibleTableInterface *table = iface->tableInterface();
    m_view->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_view));
    m_view->setFocus(Qt::TabFocusReason);
    QVERIFY(m_view->hasFocus());
    QCOMPARE(iface->focusChild(), table->cellAt(0, 0));
    QVERIFY(table->cellAt(0, 0)->state().focused);
    QTest::keyClick(m_view, Qt::Key_Right);
    QTest::keyClick(m_view, Qt::Key_Down);
    QTest::keyClick(m_view, Qt::Key_Down);
    QCOMPARE(m_view->cursorCell(), (CellIndex{2, 1}));
    QCOMPARE(iface->focusChild(), table->cellAt(2, 1));
    QVERIFY(table->cellAt(2, 1)->state().focused);
    QVERIFY(table->cellAt(2, 1)->state().focusable);
    QVERIFY(!table->cellAt(0, 0)->state().focused);
    // Headers are not the keyboard's.
    QVERIFY(!static_cast<HeatmapAccessible *>(iface)->cell(-1, 1)->state().focusable);
    // Without the focus no cell is focused.
    m_view->clearFocus();
    QVERIFY(!table->cellAt(2, 1)->state().focused);
    QVERIFY(!iface->focusChild());
}

QTEST_MAIN(TestHeatmapAccessible)
#include "tst_heatmapaccessible.moc"
