// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// Issue #25, keyboard: Alt+letter reaches one thing. In every language, the menu bar's menus have
// distinct mnemonics, and so do the items of each menu and submenu (the Chinese View menu had
// 全屏(F) and 聚焦视图(F)). An item without a mnemonic is allowed.
#include "common/TestSettings.h"
#include "ui/window/MainWindow.h"
#include "ui/window/Translations.h"

#include <QAction>
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

QTEST_MAIN(TestMnemonics)
#include "tst_mnemonics.moc"
