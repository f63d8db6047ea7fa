// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/window/WheelNeedsFocus.h"

#include <QApplication>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QScrollArea>
#include <QScrollBar>
#include <QSlider>
#include <QTest>
#include <QVBoxLayout>
#include <QWheelEvent>

using embedlab::ui::WheelNeedsFocus;

/// Issue "Classroom-grade interaction", item 5: the wheel over a panel scrolls the panel; a spin
/// box or slider that slides under the cursor takes the wheel only once it has the focus.
class TestWheelNeedsFocus : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void cleanup();
    void unfocusedSpinBoxPassesTheWheelToThePanel();
    void focusedSpinBoxTakesTheWheel();
    void unfocusedSliderKeepsItsValue();

private:
    static void wheelDown(QWidget *target)
    {
        const QPointF at(target->width() / 2.0, target->height() / 2.0);
        QWheelEvent event(at, target->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton,
                          Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(target, &event);
    }

    WheelNeedsFocus m_filter;
    QScrollArea *m_area = nullptr;
    QDoubleSpinBox *m_spin = nullptr;
    QSlider *m_slider = nullptr;
    QLineEdit *m_other = nullptr;
};

void TestWheelNeedsFocus::init()
{
    qApp->installEventFilter(&m_filter);
    m_area = new QScrollArea;
    auto *panel = new QWidget;
    auto *layout = new QVBoxLayout(panel);
    m_other = new QLineEdit;
    m_spin = new QDoubleSpinBox;
    m_spin->setDecimals(4);
    m_spin->setRange(-10, 10);
    m_spin->setValue(0.3255);
    m_slider = new QSlider(Qt::Horizontal);
    m_slider->setRange(0, 100);
    m_slider->setValue(50);
    layout->addWidget(m_other);
    layout->addSpacing(800);
    layout->addWidget(m_spin);
    layout->addWidget(m_slider);
    layout->addSpacing(800);
    m_area->setWidget(panel);
    m_area->resize(300, 200);
    m_area->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_area));
    m_other->setFocus();
    m_area->ensureWidgetVisible(m_spin);
}

void TestWheelNeedsFocus::cleanup()
{
    delete m_area;
    qApp->removeEventFilter(&m_filter);
}

void TestWheelNeedsFocus::unfocusedSpinBoxPassesTheWheelToThePanel()
{
    const int scrolled = m_area->verticalScrollBar()->value();
    wheelDown(m_spin->findChild<QLineEdit *>());
    QCOMPARE(m_spin->value(), 0.3255);
    QVERIFY(m_area->verticalScrollBar()->value() > scrolled);
    QVERIFY(!m_spin->hasFocus());
}

void TestWheelNeedsFocus::focusedSpinBoxTakesTheWheel()
{
    m_spin->setFocus();
    QTRY_VERIFY(m_spin->hasFocus());
    const int scrolled = m_area->verticalScrollBar()->value();
    wheelDown(m_spin);
    QVERIFY(m_spin->value() != 0.3255);
    QCOMPARE(m_area->verticalScrollBar()->value(), scrolled);
}

void TestWheelNeedsFocus::unfocusedSliderKeepsItsValue()
{
    const int scrolled = m_area->verticalScrollBar()->value();
    wheelDown(m_slider);
    QCOMPARE(m_slider->value(), 50);
    QVERIFY(m_area->verticalScrollBar()->value() > scrolled);
}

QTEST_MAIN(TestWheelNeedsFocus)
#include "tst_wheelneedsfocus.moc"
