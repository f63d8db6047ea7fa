// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/Classroom.h"
#include "ui/Lab.h"
#include "ui/Lesson.h"
#include "ui/LessonPanel.h"
#include "ui/MainWindow.h"
#include "ui/OneHotAnimation.h"

#include <QAction>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>

#include <memory>

using embedlab::ui::Classroom;
using embedlab::ui::Lesson;
using embedlab::ui::MainWindow;

class TestLesson : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void aboutTenStepsWithText();
    void stepsSetTheViews_data();
    void stepsSetTheViews();
    void resumesTheRememberedStep();
    void presenterKeysWalkAnimationThenLesson();

private:
    std::unique_ptr<MainWindow> m_window;
    Classroom *m_classroom = nullptr;
};

void TestLesson::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void TestLesson::init()
{
    QSettings(QStringLiteral("EmbedLab"), QStringLiteral("EmbedLab")).clear();
    m_window = std::make_unique<MainWindow>();
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    m_classroom = Classroom::of(m_window.get());
    QVERIFY(m_classroom);
}

void TestLesson::cleanup()
{
    m_window.reset();
}

void TestLesson::aboutTenStepsWithText()
{
    Lesson lesson;
    QVERIFY(lesson.count() >= 9 && lesson.count() <= 12);
    for (int i = 0; i < lesson.count(); ++i) {
        QVERIFY(!Lesson::title(i).isEmpty());
        const QString text = Lesson::text(i);
        // One to three sentences.
        const int sentences =
            static_cast<int>(text.count(QStringLiteral(". ")) + text.count(QStringLiteral(": ")) / 4 + 1);
        QVERIFY2(sentences >= 1 && sentences <= 4, qPrintable(text));
    }
}

void TestLesson::stepsSetTheViews_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<bool>("tied");
    QTest::addColumn<bool>("idsValid");
    QTest::addColumn<int>("animationStep"); // -1: the last one
    QTest::addColumn<QString>("visibleDock");
    QTest::newRow("order") << "order" << false << true << -1 << "layerDock";
    QTest::newRow("onehot") << "onehot" << false << true << 0 << "";
    QTest::newRow("lookup") << "lookup" << false << true << 4 << "codeDock";
    QTest::newRow("tying") << "tying" << true << true << -1 << "layerDock";
    QTest::newRow("pitfalls") << "pitfalls" << false << false << -1 << "codeDock";
}

void TestLesson::stepsSetTheViews()
{
    QFETCH(QString, key);
    QFETCH(bool, tied);
    QFETCH(bool, idsValid);
    QFETCH(int, animationStep);
    QFETCH(QString, visibleDock);
    Lesson *lesson = m_classroom->lesson();
    int index = -1;
    for (int i = 0; i < lesson->count(); ++i)
        if (QLatin1String(lesson->step(i).key) == key)
            index = i;
    QVERIFY(index >= 0);
    // From a different state, so that the step has something to change.
    m_window->lab()->setIdsText(QStringLiteral("0"));
    m_window->findChild<QAction *>(QStringLiteral("guidedLesson"))->setChecked(true);
    lesson->setCurrent(index);
    QCOMPARE(lesson->current(), index);
    QCOMPARE(m_window->lab()->isTied(), tied);
    if (idsValid) {
        QCOMPARE(m_window->lab()->idsText(), QStringLiteral("2, 3, 1"));
        QVERIFY(m_window->lab()->idsValid());
    } else {
        auto *field = m_window->findChild<QLineEdit *>(QStringLiteral("ids"));
        QVERIFY(field);
        QCOMPARE(field->text(), QStringLiteral("2, 3, 4"));
        auto *error = m_window->findChild<QLabel *>(QStringLiteral("idsError"));
        QVERIFY(error);
        QVERIFY2(error->text().contains(QStringLiteral("IndexError")), qPrintable(error->text()));
    }
    {
        const auto *animation = m_window->animation();
        QCOMPARE(animation->step(), animationStep < 0 ? animation->stepCount() - 1 : animationStep);
        QVERIFY(!animation->isPlaying());
    }
    QVERIFY(m_classroom->lessonDock()->isVisibleTo(m_window.get()));
    QCOMPARE(m_classroom->lessonPanel()->titleText(), Lesson::title(index));
    QCOMPARE(m_classroom->lessonPanel()->bodyText(), Lesson::text(index));
    for (QDockWidget *dock : m_window->findChildren<QDockWidget *>()) {
        if (dock == m_classroom->lessonDock())
            continue;
        if (!visibleDock.isEmpty() && dock->objectName() == visibleDock)
            QVERIFY2(dock->isVisibleTo(m_window.get()), qPrintable(dock->objectName()));
        if (visibleDock.isEmpty())
            QVERIFY2(!dock->isVisibleTo(m_window.get()), qPrintable(dock->objectName()));
    }
}

void TestLesson::resumesTheRememberedStep()
{
    auto *action = m_window->findChild<QAction *>(QStringLiteral("guidedLesson"));
    QVERIFY(action);
    action->setChecked(true);
    QCOMPARE(m_classroom->lesson()->current(), 0);
    QVERIFY(m_classroom->lesson()->next());
    QVERIFY(m_classroom->lesson()->next());
    action->setChecked(false);
    QCOMPARE(m_classroom->lesson()->current(), -1);
    QCOMPARE(Lesson::savedStep(), 2);
    action->setChecked(true);
    QCOMPARE(m_classroom->lesson()->current(), 2);
}

void TestLesson::presenterKeysWalkAnimationThenLesson()
{
    Lesson *lesson = m_classroom->lesson();
    int onehot = -1;
    for (int i = 0; i < lesson->count(); ++i)
        if (QLatin1String(lesson->step(i).key) == QLatin1String("onehot"))
            onehot = i;
    m_window->findChild<QAction *>(QStringLiteral("guidedLesson"))->setChecked(true);
    lesson->setCurrent(onehot);
    auto *forward = m_window->findChild<QAction *>(QStringLiteral("stepForward"));
    QVERIFY(forward);
    QVERIFY(forward->shortcuts().contains(QKeySequence(Qt::Key_PageDown)));
    const int steps = m_window->animation()->stepCount();
    for (int i = 1; i < steps; ++i) {
        forward->trigger();
        QCOMPARE(lesson->current(), onehot);
        QCOMPARE(m_window->animation()->step(), i);
    }
    forward->trigger(); // the animation is at its end: the lesson moves on
    QCOMPARE(lesson->current(), onehot + 1);
    auto *back = m_window->findChild<QAction *>(QStringLiteral("stepBack"));
    back->trigger(); // the next step shows the animation at its end; Back walks it first
    QCOMPARE(lesson->current(), onehot + 1);
}

QTEST_MAIN(TestLesson)
#include "tst_lesson.moc"
