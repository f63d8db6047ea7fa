// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "common/TestSettings.h"
#include "ui/heatmap/HeatmapView.h"
#include "ui/window/FocusMode.h"
#include "ui/window/MainWindow.h"

#include <QAction>
#include <QDockWidget>
#include <QSplitter>
#include <QTest>
#include <QToolBar>

#include <memory>

using embedlab::ui::HeatmapView;
using embedlab::ui::MainWindow;

/// Issue "Classroom-grade interaction", item 15: one key shows a single view full-window, Esc
/// puts everything back where it was.
class TestFocusMode : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void keyFShowsTheViewUnderTheMouseAlone();
    void escapePutsEverythingBack();
    void dockViewsCanTakeTheWindowToo();

private:
    QDockWidget *visibleDock() const;
    std::unique_ptr<MainWindow> m_window;
    HeatmapView *m_heatmap = nullptr;
};

void TestFocusMode::initTestCase()
{
    embedlab::testing::resetAppSettings();
}

void TestFocusMode::init()
{
    m_window = std::make_unique<MainWindow>();
    m_window->resize(1366, 768);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    m_heatmap = m_window->findChild<HeatmapView *>(QStringLiteral("embeddingHeatmap"));
    QVERIFY(m_heatmap);
}

void TestFocusMode::cleanup()
{
    m_window.reset();
}

QDockWidget *TestFocusMode::visibleDock() const
{
    for (QDockWidget *dock : m_window->findChildren<QDockWidget *>())
        if (dock->isVisible())
            return dock;
    return nullptr;
}

void TestFocusMode::keyFShowsTheViewUnderTheMouseAlone()
{
    const int before = m_heatmap->width() * m_heatmap->height();
    QTest::mouseMove(m_heatmap, m_heatmap->rect().center());
    m_window->activateWindow();
    QTest::keyClick(m_window.get(), Qt::Key_F);
    QVERIFY(m_window->focusMode()->isActive());
    QCOMPARE(m_window->focusMode()->focusedView(), m_heatmap);
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    QVERIFY(m_heatmap->isVisible());
    QVERIFY2(m_heatmap->width() > m_window->width() * 9 / 10,
             qPrintable(QString::number(m_heatmap->width())));
    QVERIFY(m_heatmap->width() * m_heatmap->height() > 4 * before);
    QCOMPARE(visibleDock(), nullptr);
    for (QToolBar *bar : m_window->findChildren<QToolBar *>())
        QVERIFY(!bar->isVisible());
}

void TestFocusMode::escapePutsEverythingBack()
{
    QDockWidget *dock = visibleDock();
    QVERIFY(dock);
    auto *splitter = qobject_cast<QSplitter *>(m_heatmap->parentWidget());
    QVERIFY(splitter);
    const int index = splitter->indexOf(m_heatmap);
    const QList<int> sizes = splitter->sizes();
    m_window->focusMode()->enter(m_heatmap);
    QVERIFY(!dock->isVisible());
    QTest::keyClick(m_window.get(), Qt::Key_Escape);
    QVERIFY(!m_window->focusMode()->isActive());
    QCOMPARE(m_heatmap->parentWidget(), splitter);
    QCOMPARE(splitter->indexOf(m_heatmap), index);
    QCOMPARE(splitter->sizes(), sizes);
    QVERIFY(m_heatmap->isVisible());
    QTRY_VERIFY(dock->isVisible());
}

void TestFocusMode::dockViewsCanTakeTheWindowToo()
{
    QDockWidget *dock = visibleDock();
    QVERIFY(dock && dock->widget());
    QWidget *view = dock->widget();
    m_window->focusMode()->enter(view);
    QCOMPARE(m_window->focusMode()->focusedView(), view);
    QVERIFY(view->isVisible());
    m_window->focusMode()->leave();
    QCOMPARE(dock->widget(), view);
    QTRY_VERIFY(view->isVisible());
}

QTEST_MAIN(TestFocusMode)
#include "tst_focusmode.moc"
