// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/model/OneHotAnimation.h"

#include <algorithm>

namespace embedlab::ui {

OneHotAnimation::OneHotAnimation(QObject *parent)
    : QObject(parent)
{
    m_timer.setInterval(16);
    m_timer.setTimerType(Qt::PreciseTimer);
    connect(&m_timer, &QTimer::timeout, this, &OneHotAnimation::onTick);
}

void OneHotAnimation::setIdCount(int count)
{
    m_idCount = std::max(0, count);
    setPlaying(false);
    m_step = -1; // force the signals of setStep(0)
    setStep(0);
}

OneHotAnimation::Phase OneHotAnimation::phase() const
{
    if (m_step >= m_idCount * kPhasesPerId)
        return Phase::Done;
    return static_cast<Phase>(m_step % kPhasesPerId);
}

double OneHotAnimation::progress() const
{
    if (phase() == Phase::Done)
        return 1.0;
    return std::clamp(m_progressMs / phaseDurationMs(phase()), 0.0, 1.0);
}

int OneHotAnimation::phaseDurationMs(Phase phase)
{
    switch (phase) {
    case Phase::ShowOneHot:
        return 800;
    case Phase::Sweep:
        return 1800;
    case Phase::Collapse:
        return 900;
    case Phase::Land:
        return 800;
    case Phase::Lookup:
        return 1100;
    case Phase::Done:
        break;
    }
    return 1;
}

void OneHotAnimation::setSpeed(double speed)
{
    speed = std::clamp(speed, 0.25, 8.0);
    if (speed == m_speed)
        return;
    m_speed = speed;
    Q_EMIT speedChanged(speed);
}

void OneHotAnimation::faster()
{
    setSpeed(m_speed * 2.0);
}
void OneHotAnimation::slower()
{
    setSpeed(m_speed / 2.0);
}

void OneHotAnimation::advance(int elapsedMs)
{
    if (!m_playing || elapsedMs <= 0)
        return;
    m_progressMs += elapsedMs * m_speed;
    int step = m_step;
    while (step < stepCount() - 1) {
        const double duration = phaseDurationMs(static_cast<Phase>(step % kPhasesPerId));
        if (m_progressMs < duration)
            break;
        m_progressMs -= duration;
        ++step;
    }
    if (step != m_step) {
        m_step = step;
        Q_EMIT stepChanged(m_step);
    }
    if (isAtEnd()) {
        m_progressMs = 0.0;
        setPlaying(false);
        Q_EMIT changed();
        Q_EMIT finished();
        return;
    }
    Q_EMIT changed();
}

bool OneHotAnimation::handleKey(int key)
{
    switch (key) {
    case Qt::Key_Space:
        togglePlay();
        return true;
    case Qt::Key_Right:
    case Qt::Key_PageDown:
    case Qt::Key_Down:
        stepForward();
        return true;
    case Qt::Key_Left:
    case Qt::Key_PageUp:
    case Qt::Key_Up:
        stepBack();
        return true;
    case Qt::Key_Home:
        restart();
        return true;
    case Qt::Key_End:
        goToEnd();
        return true;
    default:
        return false;
    }
}

void OneHotAnimation::play()
{
    if (isAtEnd())
        setStep(0);
    setPlaying(true);
}

void OneHotAnimation::pause()
{
    setPlaying(false);
}

void OneHotAnimation::togglePlay()
{
    if (m_playing)
        pause();
    else
        play();
}

void OneHotAnimation::stepForward()
{
    setPlaying(false);
    setStep(m_step + 1);
}

void OneHotAnimation::stepBack()
{
    setPlaying(false);
    // Mid-step, "back" first rewinds to the start of the step, as a media player does.
    if (m_progressMs > 0.0 && !isAtEnd()) {
        m_progressMs = 0.0;
        Q_EMIT changed();
        return;
    }
    setStep(m_step - 1);
}

void OneHotAnimation::restart()
{
    setPlaying(false);
    setStep(0);
}

void OneHotAnimation::goToEnd()
{
    setPlaying(false);
    setStep(stepCount() - 1);
}

void OneHotAnimation::setStep(int step)
{
    step = std::clamp(step, 0, stepCount() - 1);
    const bool stepDiffers = step != m_step;
    const bool progressDiffers = m_progressMs != 0.0;
    m_step = step;
    m_progressMs = 0.0;
    if (stepDiffers)
        Q_EMIT stepChanged(m_step);
    if (stepDiffers || progressDiffers)
        Q_EMIT changed();
}

void OneHotAnimation::setProgress(double progress)
{
    if (isAtEnd())
        return;
    m_progressMs = std::clamp(progress, 0.0, 1.0) * phaseDurationMs(phase());
    Q_EMIT changed();
}

void OneHotAnimation::setPlaying(bool playing)
{
    if (playing == m_playing)
        return;
    m_playing = playing;
    if (playing) {
        m_clock.start();
        m_timer.start();
    } else {
        m_timer.stop();
    }
    Q_EMIT playingChanged(playing);
}

void OneHotAnimation::onTick()
{
    // Real elapsed time rather than the nominal interval, so a busy machine slows nothing down.
    const qint64 elapsed = m_clock.restart();
    advance(static_cast<int>(std::min<qint64>(elapsed, 200)));
}

} // namespace embedlab::ui
