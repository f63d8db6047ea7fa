// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QToolBar>

class QCheckBox;
class QLabel;
class QSlider;

namespace embedlab::ui {

class OneHotAnimation;
struct WindowActions;

/// The animation's tool bar (restart, back, play, forward and the speed), and the Animation menu's
/// actions connected to the document's animation; the speed is a preference, kept in the settings.
class AnimationToolBar : public QToolBar {
    Q_OBJECT
public:
    /// `batchCounters`: the lookup column's check box that Animation > Batch counters mirrors.
    AnimationToolBar(OneHotAnimation *animation, const WindowActions &actions, QCheckBox *batchCounters,
                     QWidget *parent);

private:
    void showSpeed();

    OneHotAnimation *m_animation;
    QSlider *m_speed = nullptr;
    QLabel *m_speedLabel = nullptr;
};

} // namespace embedlab::ui
