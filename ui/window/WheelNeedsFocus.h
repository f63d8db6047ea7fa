// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QObject>

namespace embedlab::ui {

/// Spin boxes, sliders and combo boxes take the mouse wheel only when they have the keyboard
/// focus; otherwise the wheel scrolls the panel under them. Without it a panel that scrolls slides
/// a spin box under the cursor, which then takes the wheel and changes a value the user never
/// meant to touch (issue "Classroom-grade interaction", item 5: h[3] 0.3255 -> -0.5745).
/// Installed once on the application.
class WheelNeedsFocus : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
};

} // namespace embedlab::ui
