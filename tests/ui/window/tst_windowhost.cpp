// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "common/TestSettings.h"
#include "core/nn/OneHot.h"
#include "ui/model/Lab.h"
#include "ui/window/SessionController.h"
#include "ui/window/Translations.h"
#include "ui/window/WindowHost.h"

#include <QAction>
#include <QDockWidget>
#include <QMessageBox>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using embedlab::ui::Lab;
using embedlab::ui::MainWindow;
using embedlab::ui::Translations;
using embedlab::ui::WindowHost;

/// Issue "Classroom-grade interaction", item 4: View > Language changes the whole window at once,
/// with no restart and no question, and the session stays.
class TestWindowHost : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanup();
    void languageChangeKeepsTheSessionAndTranslatesEverything();

private:
    static QAction *languageAction(MainWindow &window, const QString &code);
};

void TestWindowHost::initTestCase()
{
    embedlab::testing::resetAppSettings();
    QVERIFY(Translations::install(QStringLiteral("en")));
}

void TestWindowHost::cleanup()
{
    Translations::install(QStringLiteral("en"));
}

QAction *TestWindowHost::languageAction(MainWindow &window, const QString &code)
{
    for (QAction *action : window.findChildren<QAction *>())
        if (action->isCheckable() && action->data().toString() == code)
            return action;
    return nullptr;
}

void TestWindowHost::languageChangeKeepsTheSessionAndTranslatesEverything()
{
    WindowHost host({});
    MainWindow *first = &host.window();
    first->show();
    QVERIFY(QTest::qWaitForWindowExposed(first));
    // A session with a file, unsaved edits and trained (not regenerable) weights.
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("lesson.embedlab"));
    QCOMPARE(first->sessions()->saveSession(file), QString());
    Lab::Config config = first->lab()->config();
    config.numEmbeddings = 6;
    first->lab()->setConfig(config);
    first->lab()->setIdsText(QStringLiteral("5, 0"));
    QVERIFY(first->sessions()->isModified());
    QTRY_VERIFY(first->isIdle());
    QVERIFY(first->lab()->trainStep(embedlab::core::parseIds("5, 0"), embedlab::core::parseIds("1, 2")));
    QTRY_VERIFY(first->isIdle());
    const embedlab::core::Matrix trained = first->lab()->embeddingWeight()->value();

    QSignalSpy replaced(&host, &WindowHost::windowReplaced);
    QAction *vietnamese = languageAction(*first, QStringLiteral("vi"));
    QVERIFY(vietnamese);
    vietnamese->trigger();
    QVERIFY(replaced.wait());
    MainWindow &second = host.window();
    QVERIFY(&second != first);
    QVERIFY(second.isVisible());
    QCOMPARE(Translations::installedCode(), QStringLiteral("vi"));
    QTRY_VERIFY(second.isIdle());
    QCOMPARE(second.lab()->config().numEmbeddings, 6);
    QCOMPARE(second.lab()->idsText(), QStringLiteral("5, 0"));
    QCOMPARE(second.sessions()->sessionFileName(), file);
    QVERIFY(second.sessions()->isModified());
    QVERIFY(second.lab()->embeddingWeight()->value() == trained);
    // Built in Vietnamese: the Unembedding tab too (it stayed English after a restart).
    auto *unembedding = second.findChild<QDockWidget *>(QStringLiteral("unembeddingDock"));
    QVERIFY(unembedding);
    QCOMPARE(unembedding->windowTitle(), QStringLiteral("Gi\u1ea3i nh\u00fang"));
    QVERIFY(second.findChildren<QMessageBox *>().isEmpty());
}

QTEST_MAIN(TestWindowHost)
#include "tst_windowhost.moc"
