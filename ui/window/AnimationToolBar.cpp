// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/window/AnimationToolBar.h"

#include "ui/model/OneHotAnimation.h"
#include "ui/window/WindowActions.h"

#include <QAction>
#include <QCheckBox>
#include <QIcon>
#include <QLabel>
#include <QLocale>
#include <QSignalBlocker>
#include <QSlider>

#include <cmath>

namespace embedlab::ui {

AnimationToolBar::AnimationToolBar(OneHotAnimation *animation, const WindowActions &a,
                                   QCheckBox *batchCounters, QWidget *parent)
    : QToolBar(tr("Animation"), parent)
    , m_animation(animation)
{
    setObjectName(QStringLiteral("animationToolBar"));
    setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    addActions({a.restart, a.stepBack, a.play, a.stepForward});
    addSeparator();
    auto *speedTitle = new QLabel(tr(" Speed "), this);
    m_speed = new QSlider(Qt::Horizontal, this);
    m_speed->setObjectName(QStringLiteral("speed"));
    // log2(speed) * 4: 0.25x .. 8x in quarter-octave steps.
    m_speed->setRange(-8, 12);
    m_speed->setMaximumWidth(140);
    m_speed->setFocusPolicy(Qt::NoFocus);
    m_speed->setToolTip(tr("Animation speed"));
    m_speedLabel = new QLabel(this);
    m_speedLabel->setMinimumWidth(QFontMetrics(font()).horizontalAdvance(QStringLiteral("0.25\u00d7 ")));
    addWidget(speedTitle);
    addWidget(m_speed);
    addWidget(m_speedLabel);
    connect(m_speed, &QSlider::valueChanged, animation,
            [animation](int v) { animation->setSpeed(std::pow(2.0, v / 4.0)); });
    connect(animation, &OneHotAnimation::speedChanged, this, &AnimationToolBar::showSpeed);

    connect(a.play, &QAction::triggered, animation, &OneHotAnimation::togglePlay);
    connect(a.stepForward, &QAction::triggered, animation, &OneHotAnimation::stepForward);
    connect(a.stepBack, &QAction::triggered, animation, &OneHotAnimation::stepBack);
    connect(a.restart, &QAction::triggered, animation, &OneHotAnimation::restart);
    connect(a.lastStep, &QAction::triggered, animation, &OneHotAnimation::goToEnd);
    connect(a.faster, &QAction::triggered, animation, &OneHotAnimation::faster);
    connect(a.slower, &QAction::triggered, animation, &OneHotAnimation::slower);
    connect(a.batchCounters, &QAction::toggled, batchCounters, &QCheckBox::setChecked);
    connect(batchCounters, &QCheckBox::toggled, a.batchCounters, &QAction::setChecked);
    QAction *play = a.play;
    connect(animation, &OneHotAnimation::playingChanged, play, [play](bool playing) {
        play->setText(playing ? tr("&Pause") : tr("&Play"));
        play->setIcon(QIcon::fromTheme(playing ? QStringLiteral("media-playback-pause")
                                               : QStringLiteral("media-playback-start")));
    });
    showSpeed();
}

void AnimationToolBar::showSpeed()
{
    const double speed = m_animation->speed();
    {
        const QSignalBlocker blocker(m_speed);
        m_speed->setValue(int(std::lround(std::log2(speed) * 4.0)));
    }
    m_speedLabel->setText(QStringLiteral("%1\u00d7").arg(QLocale().toString(speed, 'g', 3)));
}

} // namespace embedlab::ui
