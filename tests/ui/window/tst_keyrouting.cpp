// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// Issue #25, keyboard: the focused control gets its keys. Space or Enter on a focused check box or
// button operates it and does not step the animation; the window's single-key shortcuts (Space, the
// arrows, Home, End, F) act only while a view has the focus; while the lesson is open, PageDown and
// PageUp move the lesson one step per press wherever the focus is (but in a multi-line text).
// Each row focuses one widget of the real window, presses one key as a user does (through Qt's
// shortcut map) and checks what changed: the control, the animation or the lesson, and nothing else.
#include "common/TestSettings.h"
#include "ui/heatmap/HeatmapView.h"
#include "ui/model/Lab.h"
#include "ui/model/Lesson.h"
#include "ui/model/OneHotAnimation.h"
#include "ui/views/LayerPanel.h"
#include "ui/views/LessonPanel.h"
#include "ui/window/FocusMode.h"
#include "ui/window/LessonController.h"
#include "ui/window/MainWindow.h"
#include "ui/window/PanelRegistry.h"
#include "ui/window/WindowHost.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QDockWidget>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>

#include <algorithm>
#include <memory>

using embedlab::ui::MainWindow;
using embedlab::ui::WindowHost;

namespace {

enum class Target { CheckBox, Button, SpinBox, LineEdit, Heatmap, OneHotView };
/// What the key must change; everything else must stay as it was. None: the control keeps a key it
/// has no use for (F on a check box, Right on a button moves the focus), and the window ignores it.
enum class Changes { None, Control, Animation, Lesson, FocusMode };

} // namespace

Q_DECLARE_METATYPE(Target)
Q_DECLARE_METATYPE(Changes)

class TestKeyRouting : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void cleanup();
    void keyGoesWhereTheFocusIs_data();
    void keyGoesWhereTheFocusIs();
    void lessonTakesOnePressPerStep();
    void lessonPanelIsReachedWithTab();
    void enterSelectsRowInDocument();

private:
    MainWindow *window() const { return &m_host->window(); }
    QWidget *target(Target which) const;
    void setLesson(bool on);

    std::unique_ptr<WindowHost> m_host;
};

void TestKeyRouting::init()
{
    embedlab::testing::resetAppSettings();
    m_host = std::make_unique<WindowHost>(MainWindow::Options{});
    window()->show();
    QVERIFY(QTest::qWaitForWindowExposed(window()));
}

void TestKeyRouting::cleanup()
{
    m_host.reset();
}

void TestKeyRouting::setLesson(bool on)
{
    if (window()->lessons()->isLessonWindow() == on)
        return;
    QSignalSpy replaced(m_host.get(), &WindowHost::windowReplaced);
    window()->actions().lesson->setChecked(on);
    QVERIFY(replaced.wait(10000));
    QVERIFY(QTest::qWaitForWindowExposed(window()));
}

QWidget *TestKeyRouting::target(Target which) const
{
    // The Layers panel holds a check box, a button and a spin box; it is brought to the front.
    QWidget *layers = window()->layerPanel();
    switch (which) {
    case Target::CheckBox:
        return layers->findChild<QCheckBox *>(QStringLiteral("bias"));
    case Target::Button:
        return layers->findChild<QPushButton *>(QStringLiteral("referencePreset"));
    case Target::SpinBox:
        return layers->findChild<QSpinBox *>(QStringLiteral("seed"));
    case Target::LineEdit:
        return window()->findChild<QLineEdit *>(QStringLiteral("ids"));
    case Target::Heatmap:
        return window()->embeddingHeatmap();
    case Target::OneHotView:
        return window()->findChild<QWidget *>(QStringLiteral("oneHotView"));
    }
    return nullptr;
}

void TestKeyRouting::keyGoesWhereTheFocusIs_data()
{
    QTest::addColumn<Target>("which");
    QTest::addColumn<int>("key");
    QTest::addColumn<bool>("lesson");
    QTest::addColumn<Changes>("changes");
    const int space = Qt::Key_Space, enter = Qt::Key_Return, right = Qt::Key_Right, up = Qt::Key_Up;
    const int home = Qt::Key_Home, down = Qt::Key_PageDown, f = Qt::Key_F;
    QTest::newRow("check box, Space") << Target::CheckBox << space << false << Changes::Control;
    QTest::newRow("check box, Enter") << Target::CheckBox << enter << false << Changes::Control;
    QTest::newRow("check box, F") << Target::CheckBox << f << false << Changes::None;
    QTest::newRow("button, Space") << Target::Button << space << false << Changes::Control;
    QTest::newRow("button, Enter") << Target::Button << enter << false << Changes::Control;
    QTest::newRow("button, Right") << Target::Button << right << false << Changes::None;
    QTest::newRow("spin box, Up") << Target::SpinBox << up << false << Changes::Control;
    QTest::newRow("spin box, Space") << Target::SpinBox << space << false << Changes::Control;
    QTest::newRow("spin box, PageDown") << Target::SpinBox << down << false << Changes::Control;
    QTest::newRow("line edit, Space") << Target::LineEdit << space << false << Changes::Control;
    QTest::newRow("line edit, Home") << Target::LineEdit << home << false << Changes::Control;
    QTest::newRow("heatmap, Space") << Target::Heatmap << space << false << Changes::Animation;
    // The heatmap reads its own cursor keys (issue #25 item 1): the arrows move its cell cursor.
    QTest::newRow("heatmap, Right") << Target::Heatmap << right << false << Changes::Control;
    QTest::newRow("heatmap, PageDown") << Target::Heatmap << down << false << Changes::Animation;
    QTest::newRow("heatmap, F") << Target::Heatmap << f << false << Changes::FocusMode;
    QTest::newRow("one-hot view, Right") << Target::OneHotView << right << false << Changes::Animation;
    // The lesson open: PageDown is the lesson's from any control but a multi-line text; the
    // rest is routed as without it.
    QTest::newRow("lesson, check box, Space") << Target::CheckBox << space << true << Changes::Control;
    QTest::newRow("lesson, check box, PageDown") << Target::CheckBox << down << true << Changes::Lesson;
    QTest::newRow("lesson, button, PageDown") << Target::Button << down << true << Changes::Lesson;
    QTest::newRow("lesson, spin box, PageDown") << Target::SpinBox << down << true << Changes::Lesson;
    QTest::newRow("lesson, line edit, PageDown") << Target::LineEdit << down << true << Changes::Lesson;
    QTest::newRow("lesson, heatmap, PageDown") << Target::Heatmap << down << true << Changes::Lesson;
    QTest::newRow("lesson, heatmap, Right") << Target::Heatmap << right << true << Changes::Control;
    QTest::newRow("lesson, one-hot view, PageDown") << Target::OneHotView << down << true << Changes::Lesson;
}

void TestKeyRouting::keyGoesWhereTheFocusIs()
{
    QFETCH(Target, which);
    QFETCH(int, key);
    QFETCH(bool, lesson);
    QFETCH(Changes, changes);
    setLesson(lesson);
    if (lesson) // a step whose animation can move both ways
        window()->lessons()->lesson()->setCurrent(3);
    QWidget *widget = target(which);
    QVERIFY(widget);
    if (window()->layerPanel()->isAncestorOf(widget))
        embedlab::ui::PanelRegistry::raise(window()->panelRegistry().dock(QStringLiteral("layer")));
    window()->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(window()));
    widget->setFocus(Qt::TabFocusReason);
    QTRY_COMPARE(QApplication::focusWidget(), widget);
    // The animation somewhere in the middle, so that every key can move it.
    embedlab::ui::OneHotAnimation *animation = window()->animation();
    animation->pause();
    animation->setStep(2);

    const auto *box = qobject_cast<QAbstractButton *>(widget);
    const bool checked = box && box->isChecked();
    std::unique_ptr<QSignalSpy> clicks;
    if (box)
        clicks = std::make_unique<QSignalSpy>(box, &QAbstractButton::clicked);
    const auto *spin = qobject_cast<QSpinBox *>(widget);
    const QString spinText = spin ? spin->text() : QString();
    const auto *edit = qobject_cast<QLineEdit *>(widget);
    const QString editText = edit ? edit->text() : QString();
    if (edit) // at the end, so that Home moves the cursor
        const_cast<QLineEdit *>(edit)->setCursorPosition(int(editText.size()));
    const auto *heatmap = qobject_cast<const embedlab::ui::HeatmapView *>(widget);
    const embedlab::ui::CellIndex cursor = heatmap ? heatmap->cursorCell() : embedlab::ui::CellIndex{};
    const int step = animation->step();
    const bool playing = animation->isPlaying();
    // The animation's keys are its actions' shortcuts: a change of the model (a control's own
    // effect) restarts the animation too, but triggers none of them.
    const embedlab::ui::WindowActions &a = window()->actions();
    QList<std::shared_ptr<QSignalSpy>> shortcuts;
    for (QAction *action : {a.play, a.stepForward, a.stepBack, a.restart, a.lastStep})
        shortcuts.append(std::make_shared<QSignalSpy>(action, &QAction::triggered));
    const int lessonStep = window()->lessons()->lesson()->current();
    const bool focusMode = window()->focusMode()->isActive();

    QTest::keyClick(widget, Qt::Key(key));
    if (box) // Enter presses with Qt's visible click, which releases the button a moment later
        QTRY_VERIFY(!box->isDown());

    const bool controlChanged =
        (box && (clicks->size() > 0 || box->isChecked() != checked)) || (spin && spin->text() != spinText) ||
        (edit && (edit->text() != editText || edit->cursorPosition() != int(editText.size()))) ||
        (heatmap && heatmap->cursorCell() != cursor);
    const bool animationKey =
        std::any_of(shortcuts.cbegin(), shortcuts.cend(),
                    [](const std::shared_ptr<QSignalSpy> &spy) { return !spy->isEmpty(); });
    const bool animationMoved = animation->step() != step || animation->isPlaying() != playing;
    animation->pause();
    const bool lessonChanged = window()->lessons()->lesson()->current() != lessonStep;
    const bool focusChanged = window()->focusMode()->isActive() != focusMode;
    QCOMPARE(controlChanged, changes == Changes::Control);
    QCOMPARE(animationKey, changes == Changes::Animation);
    if (changes == Changes::Animation)
        QVERIFY(animationMoved);
    QCOMPARE(lessonChanged, changes == Changes::Lesson);
    QCOMPARE(focusChanged, changes == Changes::FocusMode);
    if (changes == Changes::Lesson)
        QCOMPARE(window()->lessons()->lesson()->current(), lessonStep + 1);
}

void TestKeyRouting::lessonTakesOnePressPerStep()
{
    // Issue #25: lesson steps 3 and 4 took 3 and 16 presses of PageDown, and PageUp at step 10
    // went back inside the animation. Now every press is one step, from a view or a control.
    setLesson(true);
    embedlab::ui::Lesson *lesson = window()->lessons()->lesson();
    QCOMPARE(lesson->current(), 0);
    window()->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(window()));
    QWidget *view = target(Target::Heatmap);
    view->setFocus(Qt::OtherFocusReason);
    for (int i = 1; i < lesson->count(); ++i) {
        QTest::keyClick(QApplication::focusWidget() ? QApplication::focusWidget() : view, Qt::Key_PageDown);
        QCOMPARE(lesson->current(), i);
    }
    for (int i = lesson->count() - 2; i >= 0; --i) {
        QTest::keyClick(QApplication::focusWidget() ? QApplication::focusWidget() : view, Qt::Key_PageUp);
        QCOMPARE(lesson->current(), i);
    }
}

void TestKeyRouting::lessonPanelIsReachedWithTab()
{
    // Issue #25: the lesson panel never took the focus. Its buttons take Tab (not a click, which
    // leaves a presenter's focus where it was); Space presses the focused one, PageDown stays the
    // lesson's, one step per press.
    setLesson(true);
    embedlab::ui::Lesson *lesson = window()->lessons()->lesson();
    auto *next = window()->lessons()->panel()->findChild<QPushButton *>(QStringLiteral("lessonNext"));
    QVERIFY(next);
    QCOMPARE(next->focusPolicy(), Qt::TabFocus);
    window()->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(window()));
    next->setFocus(Qt::TabFocusReason);
    QTRY_COMPARE(QApplication::focusWidget(), next);
    QCOMPARE(lesson->current(), 0);
    QTest::keyClick(next, Qt::Key_Space);
    QTRY_COMPARE(lesson->current(), 1);
    QTest::keyClick(next, Qt::Key_PageDown);
    QCOMPARE(lesson->current(), 2);
    QTest::keyClick(next, Qt::Key_PageUp);
    QCOMPARE(lesson->current(), 1);
}

// Issue #25 item 1: Enter on the heatmap's cursor selects that row in the document, as a click
// does: both heatmaps mark it. (The chips' Enter emits the click's own chipClicked(), tst_tokenchips.)
void TestKeyRouting::enterSelectsRowInDocument()
{
    window()->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(window()));
    embedlab::ui::HeatmapView *heatmap = window()->embeddingHeatmap();
    heatmap->setFocus(Qt::TabFocusReason);
    QTRY_COMPARE(QApplication::focusWidget(), heatmap);
    QCOMPARE(heatmap->cursorCell().row, 0);
    const int expected = window()->lab()->selectedRow() == 1 ? 3 : 1;
    for (int i = 0; i < expected; ++i)
        QTest::keyClick(heatmap, Qt::Key_Down);
    QCOMPARE(window()->lab()->selectedRow() == expected, false); // moving is not selecting
    QTest::keyClick(heatmap, Qt::Key_Return);
    QCOMPARE(window()->lab()->selectedRow(), expected);
    QCOMPARE(heatmap->selectedRow(), expected);
    QCOMPARE(window()->lmHeadHeatmap()->selectedRow(), expected);
}

QTEST_MAIN(TestKeyRouting)
#include "tst_keyrouting.moc"
