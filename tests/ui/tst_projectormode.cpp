// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/Classroom.h"
#include "ui/HeatmapView.h"
#include "ui/InitHistogram.h"
#include "ui/MainWindow.h"
#include "ui/ProjectorMode.h"

#include <QAction>
#include <QDockWidget>
#include <QLabel>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>

#include <memory>

using embedlab::ui::Classroom;
using embedlab::ui::MainWindow;
using embedlab::ui::ProjectorMode;

class TestProjectorMode : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void changesPaletteFontsAndLines();
    void switchingOffPutsEverythingBack();
    void f5TogglesAndCtrlPlusZooms();
    void readableAt1024x768();

private:
    std::unique_ptr<MainWindow> m_window;
    ProjectorMode *m_projector = nullptr;
};

void TestProjectorMode::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QSettings(QStringLiteral("EmbedLab"), QStringLiteral("EmbedLab")).clear();
}

void TestProjectorMode::init()
{
    m_window = std::make_unique<MainWindow>();
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    Classroom *classroom = Classroom::of(m_window.get());
    QVERIFY(classroom);
    m_projector = classroom->projector();
    m_projector->setUsesFullScreen(false);
}

void TestProjectorMode::cleanup()
{
    m_window.reset();
}

void TestProjectorMode::changesPaletteFontsAndLines()
{
    const double pointSize = m_window->font().pointSizeF();
    auto *heatmap = m_window->findChild<embedlab::ui::HeatmapView *>(QStringLiteral("embeddingHeatmap"));
    QVERIFY(heatmap);
    m_projector->setEnabled(true);
    QVERIFY(m_projector->isEnabled());
    QCOMPARE(m_window->palette().color(QPalette::Window), QColor(Qt::white));
    QCOMPARE(m_window->palette().color(QPalette::WindowText), QColor(Qt::black));
    QCOMPARE(m_window->palette().color(QPalette::Base), QColor(Qt::white));
    QVERIFY(std::abs(m_window->font().pointSizeF() - pointSize * ProjectorMode::kFontScale) < 0.01);
    QCOMPARE(m_projector->lineWidth(), ProjectorMode::kLineWidth);
    QVERIFY(m_window->styleSheet().contains(QStringLiteral("3px solid black")));
    QCOMPARE(heatmap->colorMapName(), QStringLiteral("PuOr"));
    QVERIFY(m_projector->badge()->isVisibleTo(m_window.get()));
    QCOMPARE(m_projector->badge()->text(), QStringLiteral("PROJECTOR"));
    for (QDockWidget *dock : m_window->findChildren<QDockWidget *>())
        QVERIFY2(dock->isHidden(), qPrintable(dock->objectName()));
    for (auto *histogram : m_window->findChildren<embedlab::ui::InitHistogram *>())
        QVERIFY(histogram->projectorStyle());
}

void TestProjectorMode::switchingOffPutsEverythingBack()
{
    const QPalette palette = m_window->palette();
    const QFont font = m_window->font();
    const QString map = m_window->colorMapName();
    QDockWidget *visibleDock = nullptr;
    for (QDockWidget *dock : m_window->findChildren<QDockWidget *>())
        if (dock->isVisible() && !visibleDock)
            visibleDock = dock;
    m_projector->setEnabled(true);
    m_projector->zoomIn();
    m_projector->setEnabled(false);
    QCOMPARE(m_window->palette().color(QPalette::Window), palette.color(QPalette::Window));
    QCOMPARE(m_window->font(), font);
    QCOMPARE(m_window->colorMapName(), map);
    QVERIFY(!m_projector->badge()->isVisibleTo(m_window.get()));
    QCOMPARE(m_projector->lineWidth(), 1);
    if (visibleDock)
        QVERIFY(visibleDock->isVisible());
    for (auto *histogram : m_window->findChildren<embedlab::ui::InitHistogram *>())
        QVERIFY(!histogram->projectorStyle());
}

void TestProjectorMode::f5TogglesAndCtrlPlusZooms()
{
    auto *action = m_window->findChild<QAction *>(QStringLiteral("projectorMode"));
    QVERIFY(action);
    QCOMPARE(action->shortcut(), QKeySequence(Qt::Key_F5));
    action->trigger();
    QVERIFY(m_projector->isEnabled());
    const double before = m_window->font().pointSizeF();
    auto *zoomIn = m_window->findChild<QAction *>(QStringLiteral("projectorZoomIn"));
    QVERIFY(zoomIn && zoomIn->isEnabled());
    QVERIFY(zoomIn->shortcuts().contains(QKeySequence(QStringLiteral("Ctrl++"))));
    zoomIn->trigger();
    QVERIFY(m_window->font().pointSizeF() > before);
    m_window->findChild<QAction *>(QStringLiteral("projectorZoomReset"))->trigger();
    QVERIFY(std::abs(m_window->font().pointSizeF() - before) < 0.01);
    action->trigger();
    QVERIFY(!m_projector->isEnabled());
    QVERIFY(!zoomIn->isEnabled());
}

void TestProjectorMode::readableAt1024x768()
{
    m_window->resize(1024, 768);
    m_projector->setEnabled(true);
    QTest::qWait(50);
    // The projected text is at least 1.6 times the desktop's 9-10 pt: about 15 pt and up.
    QVERIFY(m_window->font().pointSizeF() >= 14.0);
    const QImage shot = m_window->grab().toImage();
    QCOMPARE(shot.pixelColor(shot.width() / 2, shot.height() - 3).lightness() > 200 ||
                 shot.pixelColor(2, shot.height() / 2).lightness() > 200,
             true);
}

QTEST_MAIN(TestProjectorMode)
#include "tst_projectormode.moc"
