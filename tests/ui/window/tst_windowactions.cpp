// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// Issue "One clear architecture": every action of the window is made in WindowActions and handed to
// the parts that serve it. These checks keep the set coherent as it grows: every action is named
// (tests and saved state find it), explained (status tip), reachable from a menu, and no two
// actions fight over a shortcut (F5, Ctrl+L, PageDown...).
#include "ui/window/MainWindow.h"
#include "ui/window/WindowActions.h"

#include <QAction>
#include <QActionGroup>
#include <QHash>
#include <QMenu>
#include <QMenuBar>
#include <QSet>
#include <QtTest>

using embedlab::ui::MainWindow;

class TestWindowActions : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void cleanup();
    void everyActionIsNamedAndExplained();
    void noShortcutIsShared();
    void everyActionIsInAMenu();
    void partsServeTheirActions();

private:
    QList<QAction *> windowActions() const;
    std::unique_ptr<MainWindow> m_window;
};

void TestWindowActions::init()
{
    m_window = std::make_unique<MainWindow>();
}

void TestWindowActions::cleanup()
{
    m_window.reset();
}

QList<QAction *> TestWindowActions::windowActions() const
{
    const embedlab::ui::WindowActions &a = m_window->actions();
    QList<QAction *> list = {
        a.openWeights,   a.openSession, a.saveSession, a.saveSessionAs, a.exportScreenshot, a.quit,
        a.undo,          a.redo,        a.copyCode,    a.copyOutput,    a.preferences,      a.presetReference,
        a.presetGpt2,    a.tie,         a.untieClone,  a.untieReinit,   a.trainStep,        a.zoomIn,
        a.zoomOut,       a.zoomReset,   a.fullScreen,  a.projector,     a.lesson,           a.play,
        a.stepForward,   a.stepBack,    a.restart,     a.lastStep,      a.faster,           a.slower,
        a.batchCounters, a.about,       a.aboutQt};
    list += a.colorMaps->actions();
    list += a.languages->actions();
    return list;
}

void TestWindowActions::everyActionIsNamedAndExplained()
{
    QSet<QString> names;
    for (QAction *action : windowActions()) {
        QVERIFY(action);
        QVERIFY2(!action->objectName().isEmpty(), qPrintable(action->text()));
        QVERIFY2(!names.contains(action->objectName()), qPrintable(action->objectName()));
        names.insert(action->objectName());
        QVERIFY2(!action->text().isEmpty(), qPrintable(action->objectName()));
        // Languages are named in themselves; every other action says what it does.
        if (!action->objectName().startsWith(QLatin1String("language_")))
            QVERIFY2(!action->statusTip().isEmpty(), qPrintable(action->objectName()));
    }
}

void TestWindowActions::noShortcutIsShared()
{
    QHash<QKeySequence, QString> owners;
    for (QAction *action : m_window->findChildren<QAction *>()) {
        if (!action->isEnabled() && action->objectName().startsWith(QLatin1String("projectorZoom")))
            continue; // projector mode's text zoom takes Ctrl +/-/0 only while the heatmaps' give them up
        for (const QKeySequence &key : action->shortcuts()) {
            QVERIFY2(!owners.contains(key),
                     qPrintable(QStringLiteral("%1 is taken by %2 and %3")
                                    .arg(key.toString(), owners.value(key), action->objectName())));
            owners.insert(key, action->objectName());
        }
    }
    QVERIFY(owners.contains(QKeySequence(Qt::Key_F5)));
    QVERIFY(owners.contains(QKeySequence(QStringLiteral("Ctrl+L"))));
}

void TestWindowActions::everyActionIsInAMenu()
{
    QSet<QAction *> inMenus;
    const std::function<void(QMenu *)> collect = [&](QMenu *menu) {
        for (QAction *action : menu->actions()) {
            inMenus.insert(action);
            if (action->menu())
                collect(action->menu());
        }
    };
    for (QAction *top : m_window->menuBar()->actions())
        collect(top->menu());
    for (QAction *action : windowActions())
        QVERIFY2(inMenus.contains(action), qPrintable(action->objectName()));
}

void TestWindowActions::partsServeTheirActions()
{
    // The projector action is the projector's, the lesson action the lesson's: no placeholders.
    const embedlab::ui::WindowActions &a = m_window->actions();
    a.projector->trigger();
    QVERIFY(a.projector->isChecked());
    a.projector->trigger();
    QVERIFY(!a.projector->isChecked());
    QVERIFY(a.openSession->isEnabled());
    QVERIFY(a.saveSession->isEnabled());
    QVERIFY(!a.saveSession->toolTip().contains(QLatin1String("later version")));
}

QTEST_MAIN(TestWindowActions)
#include "tst_windowactions.moc"
