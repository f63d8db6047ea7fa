// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/model/OneHotAnimation.h"

#include <QSignalSpy>
#include <QTest>

#include <memory>

using embedlab::ui::OneHotAnimation;
using Phase = OneHotAnimation::Phase;

class TestOneHotAnimation : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void initialState();
    void stepCountFollowsIds_data();
    void stepCountFollowsIds();
    void keys_data();
    void keys();
    void unknownKeyIsNotUsed();
    void phasesInOrder();
    void playAdvancesThroughPhases_data();
    void playAdvancesThroughPhases();
    void pausedAdvanceDoesNothing();
    void playStopsAtDone();
    void playAtDoneRestarts();
    void stepPausesPlayback();
    void stepBackRewindsMidStep();
    void restart();
    void bounds_data();
    void bounds();
    void speedIsClamped_data();
    void speedIsClamped();
    void noIds();

private:
    std::unique_ptr<OneHotAnimation> m_animation;
};

void TestOneHotAnimation::init()
{
    m_animation = std::make_unique<OneHotAnimation>();
    m_animation->setIdCount(3); // the reference ids [2, 3, 1]
}

void TestOneHotAnimation::initialState()
{
    QCOMPARE(m_animation->step(), 0);
    QCOMPARE(m_animation->phase(), Phase::ShowOneHot);
    QCOMPARE(m_animation->idIndex(), 0);
    QCOMPARE(m_animation->progress(), 0.0);
    QVERIFY(!m_animation->isPlaying());
}

void TestOneHotAnimation::stepCountFollowsIds_data()
{
    QTest::addColumn<int>("ids");
    QTest::addColumn<int>("steps");
    QTest::newRow("none") << 0 << 1;
    QTest::newRow("one id") << 1 << 6;
    QTest::newRow("reference [2, 3, 1]") << 3 << 16;
    QTest::newRow("2-D [[2, 3], [1, 0]]") << 4 << 21;
}

void TestOneHotAnimation::stepCountFollowsIds()
{
    QFETCH(int, ids);
    QFETCH(int, steps);
    m_animation->setIdCount(ids);
    QCOMPARE(m_animation->stepCount(), steps);
    m_animation->goToEnd();
    QCOMPARE(m_animation->phase(), Phase::Done);
    QCOMPARE(m_animation->step(), steps - 1);
}

void TestOneHotAnimation::keys_data()
{
    QTest::addColumn<int>("startStep");
    QTest::addColumn<int>("key");
    QTest::addColumn<int>("expectedStep");
    QTest::addColumn<Phase>("expectedPhase");
    QTest::addColumn<bool>("expectedPlaying");

    QTest::newRow("Right from start") << 0 << int(Qt::Key_Right) << 1 << Phase::Sweep << false;
    QTest::newRow("PageDown (clicker)") << 0 << int(Qt::Key_PageDown) << 1 << Phase::Sweep << false;
    QTest::newRow("Down") << 1 << int(Qt::Key_Down) << 2 << Phase::Collapse << false;
    QTest::newRow("Right into second id") << 4 << int(Qt::Key_Right) << 5 << Phase::ShowOneHot << false;
    QTest::newRow("Left") << 3 << int(Qt::Key_Left) << 2 << Phase::Collapse << false;
    QTest::newRow("PageUp (clicker)") << 3 << int(Qt::Key_PageUp) << 2 << Phase::Collapse << false;
    QTest::newRow("Up") << 5 << int(Qt::Key_Up) << 4 << Phase::Lookup << false;
    QTest::newRow("Home") << 9 << int(Qt::Key_Home) << 0 << Phase::ShowOneHot << false;
    QTest::newRow("End") << 2 << int(Qt::Key_End) << 15 << Phase::Done << false;
    QTest::newRow("Space plays") << 8 << int(Qt::Key_Space) << 8 << Phase::Land << true;
    QTest::newRow("Space at Done plays from start")
        << 15 << int(Qt::Key_Space) << 0 << Phase::ShowOneHot << true;
    QTest::newRow("Left at start stays") << 0 << int(Qt::Key_Left) << 0 << Phase::ShowOneHot << false;
    QTest::newRow("Right at Done stays") << 15 << int(Qt::Key_Right) << 15 << Phase::Done << false;
}

void TestOneHotAnimation::keys()
{
    QFETCH(int, startStep);
    QFETCH(int, key);
    QFETCH(int, expectedStep);
    QFETCH(Phase, expectedPhase);
    QFETCH(bool, expectedPlaying);

    m_animation->setStep(startStep);
    QVERIFY(m_animation->handleKey(key));
    QCOMPARE(m_animation->step(), expectedStep);
    QCOMPARE(m_animation->phase(), expectedPhase);
    QCOMPARE(m_animation->isPlaying(), expectedPlaying);
}

void TestOneHotAnimation::unknownKeyIsNotUsed()
{
    m_animation->setStep(3);
    QVERIFY(!m_animation->handleKey(Qt::Key_A));
    QCOMPARE(m_animation->step(), 3);
}

void TestOneHotAnimation::phasesInOrder()
{
    const QList<Phase> perId = {Phase::ShowOneHot, Phase::Sweep, Phase::Collapse, Phase::Land, Phase::Lookup};
    for (int id = 0; id < 3; ++id) {
        for (Phase expected : perId) {
            QCOMPARE(m_animation->phase(), expected);
            QCOMPARE(m_animation->idIndex(), id);
            m_animation->stepForward();
        }
    }
    QCOMPARE(m_animation->phase(), Phase::Done);
    QCOMPARE(m_animation->idIndex(), 3);
}

void TestOneHotAnimation::playAdvancesThroughPhases_data()
{
    QTest::addColumn<int>("elapsedMs");
    QTest::addColumn<double>("speed");
    QTest::addColumn<int>("expectedStep");

    const int show = OneHotAnimation::phaseDurationMs(Phase::ShowOneHot);
    const int sweep = OneHotAnimation::phaseDurationMs(Phase::Sweep);
    QTest::newRow("within the first phase") << show / 2 << 1.0 << 0;
    QTest::newRow("exactly one phase") << show << 1.0 << 1;
    QTest::newRow("into the collapse") << show + sweep + 1 << 1.0 << 2;
    QTest::newRow("double speed, half the time") << (show + sweep) / 2 << 2.0 << 2;
    QTest::newRow("quarter speed") << show << 0.25 << 0;
}

void TestOneHotAnimation::playAdvancesThroughPhases()
{
    QFETCH(int, elapsedMs);
    QFETCH(double, speed);
    QFETCH(int, expectedStep);

    QSignalSpy steps(m_animation.get(), &OneHotAnimation::stepChanged);
    m_animation->setSpeed(speed);
    m_animation->play();
    m_animation->advance(elapsedMs);
    QCOMPARE(m_animation->step(), expectedStep);
    QCOMPARE(steps.count(), expectedStep == 0 ? 0 : 1);
    QVERIFY(m_animation->isPlaying());
}

void TestOneHotAnimation::pausedAdvanceDoesNothing()
{
    QSignalSpy changed(m_animation.get(), &OneHotAnimation::changed);
    m_animation->advance(100000);
    QCOMPARE(m_animation->step(), 0);
    QCOMPARE(changed.count(), 0);
}

void TestOneHotAnimation::playStopsAtDone()
{
    QSignalSpy finished(m_animation.get(), &OneHotAnimation::finished);
    QSignalSpy playing(m_animation.get(), &OneHotAnimation::playingChanged);
    m_animation->play();
    m_animation->advance(1000000);
    QVERIFY(m_animation->isAtEnd());
    QCOMPARE(m_animation->phase(), Phase::Done);
    QVERIFY(!m_animation->isPlaying());
    QCOMPARE(finished.count(), 1);
    QCOMPARE(playing.count(), 2);
    QCOMPARE(playing.at(1).at(0).toBool(), false);
}

void TestOneHotAnimation::playAtDoneRestarts()
{
    m_animation->goToEnd();
    m_animation->play();
    QCOMPARE(m_animation->step(), 0);
    QVERIFY(m_animation->isPlaying());
}

void TestOneHotAnimation::stepPausesPlayback()
{
    m_animation->play();
    m_animation->stepForward();
    QVERIFY(!m_animation->isPlaying());
    QCOMPARE(m_animation->step(), 1);
}

void TestOneHotAnimation::stepBackRewindsMidStep()
{
    m_animation->setStep(6);
    m_animation->play();
    m_animation->advance(OneHotAnimation::phaseDurationMs(Phase::Sweep) / 2);
    QCOMPARE(m_animation->step(), 6);
    QVERIFY(m_animation->progress() > 0.0);
    m_animation->stepBack();
    QCOMPARE(m_animation->step(), 6);
    QCOMPARE(m_animation->progress(), 0.0);
    m_animation->stepBack();
    QCOMPARE(m_animation->step(), 5);
}

void TestOneHotAnimation::restart()
{
    m_animation->play();
    m_animation->advance(5000);
    QVERIFY(m_animation->step() > 0);
    QSignalSpy steps(m_animation.get(), &OneHotAnimation::stepChanged);
    m_animation->restart();
    QCOMPARE(m_animation->step(), 0);
    QCOMPARE(m_animation->progress(), 0.0);
    QVERIFY(!m_animation->isPlaying());
    QCOMPARE(steps.count(), 1);
}

void TestOneHotAnimation::bounds_data()
{
    QTest::addColumn<int>("requested");
    QTest::addColumn<int>("expected");
    QTest::newRow("negative") << -5 << 0;
    QTest::newRow("first") << 0 << 0;
    QTest::newRow("last") << 15 << 15;
    QTest::newRow("past the end") << 99 << 15;
}

void TestOneHotAnimation::bounds()
{
    QFETCH(int, requested);
    QFETCH(int, expected);
    m_animation->setStep(requested);
    QCOMPARE(m_animation->step(), expected);
}

void TestOneHotAnimation::speedIsClamped_data()
{
    QTest::addColumn<double>("requested");
    QTest::addColumn<double>("expected");
    QTest::newRow("normal") << 1.0 << 1.0;
    QTest::newRow("slow") << 0.5 << 0.5;
    QTest::newRow("too slow") << 0.01 << 0.25;
    QTest::newRow("too fast") << 100.0 << 8.0;
}

void TestOneHotAnimation::speedIsClamped()
{
    QFETCH(double, requested);
    QFETCH(double, expected);
    m_animation->setSpeed(requested);
    QCOMPARE(m_animation->speed(), expected);
}

void TestOneHotAnimation::noIds()
{
    m_animation->setIdCount(0);
    QCOMPARE(m_animation->phase(), Phase::Done);
    m_animation->stepForward();
    m_animation->stepBack();
    QCOMPARE(m_animation->step(), 0);
    m_animation->play();
    m_animation->advance(1000);
    QVERIFY(!m_animation->isPlaying());
}

QTEST_GUILESS_MAIN(TestOneHotAnimation)
#include "tst_onehotanimation.moc"
