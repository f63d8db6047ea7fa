// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "common/TestSettings.h"
#include "core/init/InitSpec.h"
#include "core/nn/OneHot.h"
#include "ui/model/Lab.h"
#include "ui/model/LabUndo.h"
#include "ui/model/Lesson.h"
#include "ui/model/OneHotAnimation.h"
#include "ui/model/Settings.h"
#include "ui/model/Vocabulary.h"
#include "ui/views/LessonPanel.h"
#include "ui/window/LessonController.h"
#include "ui/window/ProjectorMode.h"
#include "ui/window/SessionController.h"
#include "ui/window/Translations.h"
#include "ui/window/WindowHost.h"

#include <QAction>
#include <QDockWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

using embedlab::ui::Lab;
using embedlab::ui::MainWindow;
using embedlab::ui::Translations;
using embedlab::ui::WindowHost;

// How long a window may take to become idle: a 200000 x 64 model is built, trained, saved and
// restored on the workers, which took 5.8 s under AddressSanitizer beside another test (the 5 s of
// QTRY_VERIFY failed CI's sanitizer stage once). A wait that succeeds ends as soon as it can.
constexpr int kIdleMs = 60000;

/// Issue "Classroom-grade interaction", item 4: View > Language changes the whole window at once,
/// with no restart and no question, and the session stays.
class TestWindowHost : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanup();
    void languageChangeKeepsTheSessionAndTranslatesEverything();
    void languageChangeKeepsUndoTextAndStorage();
    void languageChangeWhileBusyWaitsForTheJob();
    void languageChangeDuringARestoreKeepsTheSavedWeights();
    void languageChangeKeepsProjectorLessonAndAnimation();
    void lessonKeepsTheWindowOnTheProjector_data();
    void lessonKeepsTheWindowOnTheProjector();

private:
    static QAction *languageAction(MainWindow &window, const QString &code);
    /// Chooses `code` in View > Language and waits for the new window.
    static MainWindow &switchLanguage(WindowHost &host, const QString &code);
    /// The host's first window, shown and exposed; null when it was not.
    static MainWindow *shownWindow(WindowHost &host);
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

MainWindow &TestWindowHost::switchLanguage(WindowHost &host, const QString &code)
{
    QSignalSpy replaced(&host, &WindowHost::windowReplaced);
    QAction *action = languageAction(host.window(), code);
    if (!action)
        qFatal("no language action for %s", qPrintable(code));
    action->trigger();
    if (!replaced.wait())
        qFatal("the window was not rebuilt");
    return host.window();
}

MainWindow *TestWindowHost::shownWindow(WindowHost &host)
{
    MainWindow *window = &host.window();
    window->show();
    return QTest::qWaitForWindowExposed(window) ? window : nullptr;
}

void TestWindowHost::languageChangeKeepsTheSessionAndTranslatesEverything()
{
    WindowHost host({});
    MainWindow *first = shownWindow(host);
    QVERIFY(first);
    // A session with a file, unsaved edits and trained (not regenerable) weights.
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("lesson.embedlab"));
    QCOMPARE(first->sessions()->saveSession(file), QString());
    Lab::Config config = first->lab()->config();
    config.numEmbeddings = 6;
    first->lab()->setConfig(config);
    first->lab()->setIdsText(QStringLiteral("5, 0"));
    QVERIFY(first->sessions()->isModified());
    QTRY_VERIFY_WITH_TIMEOUT(first->isIdle(), kIdleMs);
    QVERIFY(first->lab()->trainStep(embedlab::core::parseIds("5, 0"), embedlab::core::parseIds("1, 2")));
    QTRY_VERIFY_WITH_TIMEOUT(first->isIdle(), kIdleMs);
    const embedlab::core::Matrix trained(first->lab()->embeddingWeight()->value());

    QSignalSpy replaced(&host, &WindowHost::windowReplaced);
    QAction *vietnamese = languageAction(*first, QStringLiteral("vi"));
    QVERIFY(vietnamese);
    vietnamese->trigger();
    QVERIFY(replaced.wait());
    MainWindow &second = host.window();
    QVERIFY(&second != first);
    QVERIFY(second.isVisible());
    QCOMPARE(Translations::installedCode(), QStringLiteral("vi"));
    QTRY_VERIFY_WITH_TIMEOUT(second.isIdle(), kIdleMs);
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

/// A teacher switched to Vietnamese mid-lesson with GPT-2 and a typed sentence: the sentence stays in
/// the field, Undo still goes back through the text and the preset, and the 154 MB weight is the
/// same storage (it was copied and restored: twice the memory, and the undo history was lost).
void TestWindowHost::languageChangeKeepsUndoTextAndStorage()
{
    WindowHost host({});
    MainWindow *first = shownWindow(host);
    QVERIFY(first);
    first->undo()->applyPreset(Lab::Preset::Gpt2Small);
    QTRY_VERIFY_WITH_TIMEOUT(first->isIdle(), kIdleMs);
    first->setTextMode(true);
    QVERIFY(first->isTextMode());
    first->undo()->editIds(first->lab()->vocabulary().idsForEntry(QStringLiteral("Xin ch\u00e0o"), true));
    QTRY_VERIFY_WITH_TIMEOUT(first->isIdle(), kIdleMs);
    const QString ids = first->lab()->idsText();
    const int steps = first->undoStack()->count();
    QVERIFY(steps >= 2);
    const embedlab::core::ParameterPtr weight = first->lab()->embeddingWeight();

    MainWindow &second = switchLanguage(host, QStringLiteral("vi"));
    QVERIFY(&second != first);
    QTRY_VERIFY_WITH_TIMEOUT(second.isIdle(), kIdleMs);
    QVERIFY(second.isTextMode());
    QCOMPARE(second.lab()->idsText(), ids);
    QCOMPARE(second.lab()->embeddingWeight(), weight);
    QCOMPARE(second.undoStack()->count(), steps);
    QVERIFY(second.actions().undo->isEnabled());
    // Undo in the new window: first the sentence, then GPT-2 itself.
    second.actions().undo->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(second.isIdle(), kIdleMs);
    QCOMPARE(second.lab()->config().numEmbeddings, 50257);
    QVERIFY(second.lab()->idsText() != ids);
    while (second.undo()->canUndo()) {
        second.actions().undo->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(second.isIdle(), kIdleMs);
    }
    QCOMPARE(second.lab()->config().numEmbeddings, 4);
    QVERIFY(second.actions().redo->isEnabled());
}

/// Chosen while an initialiser still runs: the window is rebuilt once the job is done, and the
/// job's result and its undo step are in the new window.
void TestWindowHost::languageChangeWhileBusyWaitsForTheJob()
{
    WindowHost host({});
    MainWindow *first = shownWindow(host);
    QVERIFY(first);
    first->undo()->applyPreset(Lab::Preset::Gpt2Small);
    QTRY_VERIFY_WITH_TIMEOUT(first->isIdle(), kIdleMs);
    const embedlab::core::Matrix before(first->lab()->embeddingWeight()->value());
    first->undo()->applyInit(QStringLiteral("embedding.weight"),
                             embedlab::core::InitSpec::parse("normal:mean=0,std=0.02"), 7);
    QVERIFY(first->lab()->isBusy());

    MainWindow &second = switchLanguage(host, QStringLiteral("zh"));
    QTRY_VERIFY_WITH_TIMEOUT(second.isIdle(), kIdleMs);
    const embedlab::core::Matrix after(second.lab()->embeddingWeight()->value());
    QVERIFY(after.cwiseAbs().maxCoeff() < 0.2f); // normal_(0, 0.02): the seed's N(0, 1) is gone
    second.actions().undo->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(second.isIdle(), kIdleMs);
    QVERIFY(second.lab()->embeddingWeight()->value() == before);
}

/// Chosen right after File > Open, while the session's stored weights still wait for the model:
/// the restore belongs to the old window's sessions, so the rebuild waits for it.
void TestWindowHost::languageChangeDuringARestoreKeepsTheSavedWeights()
{
    WindowHost host({});
    MainWindow *first = shownWindow(host);
    QVERIFY(first);
    Lab::Config config = first->lab()->config();
    // Big enough (12.8 M values) that the model is built in the background: the restore waits.
    config.numEmbeddings = 200000;
    config.embeddingDim = 64;
    first->lab()->setConfig(config);
    first->lab()->setIdsText(QStringLiteral("5, 0"));
    QTRY_VERIFY_WITH_TIMEOUT(first->isIdle(), kIdleMs);
    QVERIFY(first->lab()->trainStep(embedlab::core::parseIds("5, 0"), embedlab::core::parseIds("1, 2")));
    QTRY_VERIFY_WITH_TIMEOUT(first->isIdle(), kIdleMs);
    const embedlab::core::Matrix trained(first->lab()->embeddingWeight()->value());
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("trained.embedlab"));
    QCOMPARE(first->sessions()->saveSession(file), QString());
    first->lab()->applyPreset(Lab::Preset::Reference);
    QTRY_VERIFY_WITH_TIMEOUT(first->isIdle(), kIdleMs);

    QCOMPARE(first->sessions()->openSession(file), QString());
    QVERIFY(first->sessions()->isRestoring());
    MainWindow &second = switchLanguage(host, QStringLiteral("vi"));
    QTRY_VERIFY_WITH_TIMEOUT(second.isIdle(), kIdleMs);
    QCOMPARE(second.lab()->config().numEmbeddings, 200000);
    QVERIFY(second.lab()->embeddingWeight()->value() == trained);
    QCOMPARE(second.sessions()->sessionFileName(), file);
    QVERIFY(!second.sessions()->isModified());
}

/// Projecting the guided lesson at step 4, animation half-way: the new window projects the same
/// step, its model not rebuilt (no new undo step), and leaving projector mode brings back the docks
/// of before.
void TestWindowHost::languageChangeKeepsProjectorLessonAndAnimation()
{
    WindowHost host({});
    MainWindow *teacher = shownWindow(host);
    QVERIFY(teacher);
    // The lesson runs on its own document: the window is built again around it.
    {
        QSignalSpy replaced(&host, &WindowHost::windowReplaced);
        teacher->actions().lesson->trigger();
        QVERIFY(replaced.wait());
    }
    MainWindow *first = shownWindow(host);
    QVERIFY(first);
    for (int i = 0; i < 3; ++i)
        first->lessons()->lesson()->next();
    QTRY_VERIFY_WITH_TIMEOUT(first->isIdle(), kIdleMs);
    QCOMPARE(first->lessons()->lesson()->current(), 3);
    const auto shownDocks = [](const MainWindow &window) {
        QStringList shown;
        for (QDockWidget *dock : window.findChildren<QDockWidget *>())
            if (dock->isVisible())
                shown << dock->objectName();
        shown.sort();
        return shown;
    };
    const QStringList docks = shownDocks(*first);
    QVERIFY(docks.contains(QStringLiteral("lessonDock")));
    first->projector()->setUsesFullScreen(false);
    first->projector()->setEnabled(true);
    first->animation()->setStep(2);
    const int steps = first->undoStack()->count();
    const QString ids = first->lab()->idsText();

    MainWindow &second = switchLanguage(host, QStringLiteral("vi"));
    QTRY_VERIFY_WITH_TIMEOUT(second.isIdle(), kIdleMs);
    QVERIFY(second.projector()->isEnabled());
    QCOMPARE(second.lessons()->lesson()->current(), 3);
    QVERIFY(second.actions().lesson->isChecked());
    QCOMPARE(second.animation()->step(), 2);
    QCOMPARE(second.undoStack()->count(), steps);
    QCOMPARE(second.lab()->idsText(), ids);
    second.projector()->setUsesFullScreen(false);
    second.projector()->setEnabled(false);
    QTRY_VERIFY_WITH_TIMEOUT(second.isIdle(), kIdleMs);
    QTRY_COMPARE(shownDocks(second), docks);
}

void TestWindowHost::lessonKeepsTheWindowOnTheProjector_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<bool>("projector");
    for (const QString &language : {QStringLiteral("en"), QStringLiteral("vi"), QStringLiteral("zh")}) {
        QTest::addRow("%s", qPrintable(language)) << language << false;
        QTest::addRow("%s projector", qPrintable(language)) << language << true;
    }
}

/// Issue #25: a window of 1024 x 768 (a school projector's screen) opened the guided lesson in
/// Vietnamese and grew to 1064 px for the Layers dock beside the lesson's, then 1067 px at "Watch
/// it learn", its right edge off the screen to the end, though from step 2 on it needed no more than
/// 1024 px. Then it kept 1024 px where it could, but the steps with the Layers dock needed up to
/// 1067 px (its one-line "lm_head.weight = embedding.weight" and unwrapped form), and projected
/// Vietnamese 1043 px at every step (its "Kết thúc bài học" button). At every step, the first
/// offering to resume, every view fits in 1024 px.
void TestWindowHost::lessonKeepsTheWindowOnTheProjector()
{
    QFETCH(QString, language);
    QFETCH(bool, projector);
    QVERIFY(Translations::install(language));
    // Left at step 10 last time: the first step offers "Resume at step 10" beside its buttons.
    embedlab::ui::appSettings().setValue(QStringLiteral("lesson/step"), 9);
    WindowHost host({});
    MainWindow *teacher = shownWindow(host);
    QVERIFY(teacher);
    teacher->resize(1024, 768);
    QTRY_COMPARE(teacher->size(), QSize(1024, 768));
    if (projector) {
        teacher->projector()->setUsesFullScreen(false);
        teacher->projector()->setEnabled(true);
    }
    {
        QSignalSpy replaced(&host, &WindowHost::windowReplaced);
        teacher->actions().lesson->trigger();
        QVERIFY(replaced.wait());
    }
    MainWindow *window = shownWindow(host);
    QVERIFY(window);
    embedlab::ui::Lesson *lesson = window->lessons()->lesson();
    // Next stays under the teacher's mouse from step to step (from step 2: the first shows Resume).
    auto *next = window->lessons()->panel()->findChild<QPushButton *>(QStringLiteral("lessonNext"));
    QVERIFY(next);
    QPoint nextAt;
    for (int step = 0;; ++step) {
        QTRY_VERIFY_WITH_TIMEOUT(window->isIdle(), kIdleMs);
        // The layout's new minimum, then the keeper's narrowing, both posted.
        for (int round = 0; round < 4; ++round)
            QCoreApplication::processEvents();
        const auto least = [window] {
            return std::max(window->minimumSize().width(), window->minimumSizeHint().width());
        };
        QVERIFY2(window->width() == 1024 && least() <= 1024,
                 qPrintable(QStringLiteral("step %1: %2 px wide, its minimum %3 px")
                                .arg(step + 1)
                                .arg(window->width())
                                .arg(least())));
        QCOMPARE(window->height(), 768);
        // Beside the Layers dock the lesson's column was 121 px, its words broken ("constructo rs"):
        // it keeps a width its words fit in. (Projected, it keeps its side: 196 px.)
        QVERIFY2(projector || window->lessons()->dock()->width() >= 240,
                 qPrintable(QStringLiteral("step %1: the lesson %2 px wide")
                                .arg(step + 1)
                                .arg(window->lessons()->dock()->width())));
        const QPoint at = next->mapTo(window, QPoint(next->width() / 2, next->height() / 2));
        if (step == 1)
            nextAt = at;
        // The featured step ("Watch it learn") shows its panel in place of the main pane.
        else if (step > 1 && step + 1 < lesson->count())
            QVERIFY2(at == nextAt, qPrintable(QStringLiteral("step %1: Next moved from (%2, %3) to (%4, %5)")
                                                  .arg(step + 1)
                                                  .arg(nextAt.x())
                                                  .arg(nextAt.y())
                                                  .arg(at.x())
                                                  .arg(at.y())));
        if (step + 1 >= lesson->count())
            break;
        lesson->next();
    }
}

QTEST_MAIN(TestWindowHost)
#include "tst_windowhost.moc"
