// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

namespace embedlab::ui {

/// The state machine of the one-hot row selection: for each id the phases ShowOneHot, Sweep,
/// Collapse, Land and Lookup, then one final Done step. It paints nothing; OneHotView shows its
/// state and tests drive it with advance(), the step functions and handleKey().
class OneHotAnimation : public QObject {
    Q_OBJECT
public:
    enum class Phase { ShowOneHot, Sweep, Collapse, Land, Lookup, Done };
    Q_ENUM(Phase)
    static constexpr int kPhasesPerId = 5;

    explicit OneHotAnimation(QObject *parent = nullptr);

    /// How many ids are animated; goes back to the first step, paused.
    void setIdCount(int count);
    int idCount() const { return m_idCount; }

    /// 0 .. stepCount() - 1; the last step is Done.
    int step() const { return m_step; }
    int stepCount() const { return m_idCount * kPhasesPerId + 1; }
    Phase phase() const;
    /// Which id the current step belongs to (idCount() at Done).
    int idIndex() const { return m_step / kPhasesPerId; }
    /// How far the current step has progressed, 0 .. 1 (always 1 at Done).
    double progress() const;
    bool isPlaying() const { return m_playing; }
    bool isAtEnd() const { return m_step == stepCount() - 1; }

    /// Playback speed factor: 1 = each id takes about five seconds. Clamped to [0.25, 8].
    void setSpeed(double speed);
    double speed() const { return m_speed; }
    /// How long `phase` lasts at speed 1, in milliseconds.
    static int phaseDurationMs(Phase phase);

    /// Moves playback forward by `elapsedMs` of animation time at the current speed, crossing
    /// into the following steps as needed; does nothing while paused. The internal timer calls it.
    void advance(int elapsedMs);

    /// Maps the presenter keys: Space play/pause; Right/PageDown/Down step forward; Left/PageUp/Up
    /// step back; Home restart; End jump to Done. Returns whether the key was used.
    bool handleKey(int key);

public Q_SLOTS:
    void play();
    void pause();
    void togglePlay();
    /// Steps pause playback, so a presenter stays in control.
    void stepForward();
    void stepBack();
    /// First step, paused.
    void restart();
    void goToEnd();
    void setStep(int step);
    /// Sets how far the current step has progressed (0 .. 1), e.g. to show a sweep half-way.
    void setProgress(double progress);
    void faster();
    void slower();

Q_SIGNALS:
    void stepChanged(int step);
    /// Step or progress changed: repaint.
    void changed();
    void playingChanged(bool playing);
    void speedChanged(double speed);
    void finished();

private:
    void setPlaying(bool playing);
    void onTick();

    int m_idCount = 0;
    int m_step = 0;
    double m_progressMs = 0.0;
    double m_speed = 1.0;
    bool m_playing = false;
    QTimer m_timer;
    QElapsedTimer m_clock;
};

} // namespace embedlab::ui
