// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/model/NiceTicks.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace embedlab::ui {

QString NiceTicks::label(double value) const
{
    // A value that is zero at the printed precision prints as "0", not "-0" or "-0.00".
    if (std::abs(value) < std::pow(10.0, -decimals) / 2.0)
        value = 0.0;
    return QString::number(value, 'f', decimals);
}

QDebug operator<<(QDebug debug, const NiceTicks &ticks)
{
    QDebugStateSaver saver(debug);
    debug.nospace() << "NiceTicks(anchor " << ticks.anchor << ", step " << ticks.step << ", decimals "
                    << ticks.decimals << ", " << ticks.values << ")";
    return debug;
}

NiceTicks niceTicks(double low, double high, int target)
{
    NiceTicks t;
    if (!(high > low) || !std::isfinite(low) || !std::isfinite(high) || target < 1) {
        t.anchor = std::isfinite(low) ? low : 0.0;
        t.values = {t.anchor};
        return t;
    }
    const double raw = (high - low) / double(target);
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    int bestMiss = std::numeric_limits<int>::max();
    for (const double factor : {1.0, 2.0, 5.0, 10.0}) {
        const double step = factor * magnitude;
        const int ticks = int(std::floor(high / step + 1e-9) - std::ceil(low / step - 1e-9)) + 1;
        const int miss = std::abs(ticks - target);
        if (miss <= bestMiss) {
            bestMiss = miss;
            t.step = step;
        }
    }
    const double first = std::ceil(low / t.step - 1e-9);
    const double last = std::floor(high / t.step + 1e-9);
    t.anchor = first == 0.0 ? 0.0 : first * t.step; // not -0.0
    // 1, 2 and 5 times 10^-k print exactly with k decimals, and so do their multiples.
    t.decimals = std::max(0, -int(std::floor(std::log10(t.step) + 1e-9)));
    for (double k = first; k <= last; k += 1.0)
        t.values.append(k == 0.0 ? 0.0 : k * t.step);
    return t;
}

} // namespace embedlab::ui
