// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QDebug>
#include <QList>
#include <QString>

namespace embedlab::ui {

/// Evenly spaced axis ticks at 1, 2 or 5 times a power of ten, as returned by niceTicks().
struct NiceTicks {
    double anchor = 0.0;  ///< the first tick: the smallest multiple of `step` >= low
    double step = 1.0;    ///< the interval between ticks
    int decimals = 0;     ///< the digits after the point that print every tick exactly
    QList<double> values; ///< every tick in [low, high], exact multiples of `step`, no -0

    /// `value` with `decimals` digits after the point ("0.5", "-0.0025", "2000"), never "-0".
    QString label(double value) const;

    bool operator==(const NiceTicks &) const = default;
};

QDebug operator<<(QDebug debug, const NiceTicks &ticks);

/// About `target` ticks inside [low, high]: of 1, 2, 5 and 10 times the power of ten below
/// (high - low) / target, the step whose tick count is closest to `target` (the fewer ticks on a
/// tie, so labels do not crowd). An empty or non-finite range, or a target below 1, gives the one
/// tick `low` (0 when low is not finite) with step 1.
NiceTicks niceTicks(double low, double high, int target);

} // namespace embedlab::ui
