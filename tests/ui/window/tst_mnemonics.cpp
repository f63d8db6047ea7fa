// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// Issue #25, keyboard: Alt+letter reaches one thing. In every language, the menu bar's menus have
// distinct mnemonics, and so do the items of each menu and submenu (the Chinese View menu had
// 全屏(F) and 聚焦视图(F)). An item without a mnemonic is allowed.
#include "common/TestSettings.h"
#include "ui/window/MainWindow.h"
#include "ui/window/Translations.h"

#include <QAbstractButton>
#include <QAction>
#include <QDockWidget>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QTest>

#include <memory>

using embedlab::ui::MainWindow;
using embedlab::ui::Translations;

namespace {

/// The mnemonic of `text` in lower case ("&File" -> 'f', "文件(&F)" -> 'f'); a null QChar if none.
QChar mnemonic(const QString &text)
{
    for (qsizetype i = 0; i + 1 < text.size(); ++i) {
        if (text.at(i) != QLatin1Char('&'))
            continue;
        if (text.at(i + 1) == QLatin1Char('&')) {
            ++i; // "&&" is a literal ampersand
            continue;
        }
        return text.at(i + 1).toLower();
    }
    return {};
}

/// "menu: a and b share Alt+x" for each clash among `actions`.
QStringList clashes(const QString &where, const QList<QAction *> &actions)
{
    QHash<QChar, QString> owners;
    QStringList found;
    for (const QAction *action : actions) {
        if (action->isSeparator() || !action->isVisible())
            continue;
        const QChar key = mnemonic(action->text());
        if (key.isNull())
            continue;
        if (owners.contains(key))
            found.append(QStringLiteral("%1: '%2' and '%3' share Alt+%4")
                             .arg(where, owners.value(key), action->text(), QString(key)));
        else
            owners.insert(key, action->text());
    }
    return found;
}

void collect(const QString &where, const QMenu *menu, QStringList &found)
{
    found += clashes(where, menu->actions());
    for (const QAction *action : menu->actions())
        if (action->menu())
            collect(where + QStringLiteral(" > ") + action->text(), action->menu(), found);
}

} // namespace

class TestMnemonics : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanup();
    void uniqueInEveryMenu_data();
    void uniqueInEveryMenu();
    void panelsDoNotTakeTheMenusKeys_data();
    void panelsDoNotTakeTheMenusKeys();
    void shownAtOnceDoNotShare_data();
    void shownAtOnceDoNotShare();
};

void TestMnemonics::initTestCase()
{
    embedlab::testing::resetAppSettings();
}

void TestMnemonics::cleanup()
{
    Translations::install(QStringLiteral("en"));
}

void TestMnemonics::uniqueInEveryMenu_data()
{
    QTest::addColumn<QString>("language");
    for (const Translations::Language &language : Translations::languages())
        QTest::newRow(qPrintable(language.code)) << language.code;
}

void TestMnemonics::uniqueInEveryMenu()
{
    QFETCH(QString, language);
    QVERIFY(Translations::install(language));
    MainWindow window;
    QStringList found = clashes(QStringLiteral("menu bar"), window.menuBar()->actions());
    for (const QAction *top : window.menuBar()->actions())
        if (top->menu())
            collect(top->text(), top->menu(), found);
    QVERIFY2(found.isEmpty(), qPrintable(found.join(QLatin1Char('\n'))));
}

void TestMnemonics::panelsDoNotTakeTheMenusKeys_data()
{
    uniqueInEveryMenu_data();
}

// A label's or button's Alt+letter in a panel shares the window with the menu bar's: "&Trọng số"
// beside the Vietnamese "&Tệp" opened neither. Each panel's own mnemonics are distinct too.
void TestMnemonics::panelsDoNotTakeTheMenusKeys()
{
    QFETCH(QString, language);
    QVERIFY(Translations::install(language));
    MainWindow window;
    QList<QAction *> menus = window.menuBar()->actions();
    QStringList found;
    for (QDockWidget *dock : window.findChildren<QDockWidget *>()) {
        QList<QAction *> keys = menus;
        const auto add = [&keys, dock](const QString &text) {
            auto *action = new QAction(text, dock);
            keys.append(action);
        };
        for (const QAbstractButton *button : dock->findChildren<QAbstractButton *>())
            add(button->text());
        for (const QLabel *label : dock->findChildren<QLabel *>())
            if (label->buddy())
                add(label->text());
        found += clashes(dock->windowTitle(), keys);
    }
    QVERIFY2(found.isEmpty(), qPrintable(found.join(QLatin1Char('\n'))));
}

void TestMnemonics::shownAtOnceDoNotShare_data()
{
    uniqueInEveryMenu_data();
}

// Alt+letter acts on the controls shown, wherever they are: two panels shown side by side (the
// Initialisers and the histogram both had Alt+L and Alt+T) made the key cycle between them. With
// each panel raised in turn over the default layout, everything shown at once has its own letter.
void TestMnemonics::shownAtOnceDoNotShare()
{
    QFETCH(QString, language);
    QVERIFY(Translations::install(language));
    MainWindow window;
    window.resize(1366, 768);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QStringList found;
    for (QDockWidget *raised : window.findChildren<QDockWidget *>()) {
        if (!raised->toggleViewAction()->isChecked())
            continue; // a panel the default layout does not show, not even as a tab
        raised->raise();
        QCoreApplication::processEvents();
        QList<QAction *> keys = window.menuBar()->actions();
        const auto add = [&keys, raised](const QString &text) { keys.append(new QAction(text, raised)); };
        for (const QAbstractButton *button : window.findChildren<QAbstractButton *>())
            if (button->isVisible())
                add(button->text());
        for (const QLabel *label : window.findChildren<QLabel *>())
            if (label->buddy() && label->isVisible())
                add(label->text());
        for (const QString &clash : clashes(raised->windowTitle() + QStringLiteral(" raised"), keys))
            if (!found.contains(clash))
                found.append(clash);
    }
    QVERIFY2(found.isEmpty(), qPrintable(found.join(QLatin1Char('\n'))));
}

QTEST_MAIN(TestMnemonics)
#include "tst_mnemonics.moc"
