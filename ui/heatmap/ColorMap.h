// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QColor>
#include <QString>
#include <QStringList>

#include <array>
#include <cstdint>
#include <cstring>

namespace embedlab::ui {

/// Value -> colour for one limit m. Built once per frame; operator() is the renderer's inner loop.
/// Diverging maps show [-m, m] with 0 in the centre colour; sequential maps show |w| in [0, m].
struct ColorLookup {
    const QRgb *lut = nullptr;
    int lutSize = 0;
    float scale = 0.0f;  // LUT index per unit of value (0 when m == 0: everything is the centre)
    float offset = 0.0f; // LUT index of the value 0
    bool magnitude = false;
    QRgb nan = 0;
    QRgb posInf = 0;
    QRgb negInf = 0;

    QRgb operator()(float v) const
    {
        std::uint32_t bits;
        std::memcpy(&bits, &v, sizeof bits);
        if ((bits & 0x7f800000u) == 0x7f800000u) {
            if (bits & 0x007fffffu)
                return nan;
            return (bits & 0x80000000u) ? negInf : posInf;
        }
        if (magnitude)
            v = v < 0.0f ? -v : v;
        float t = v * scale + offset + 0.5f;
        // Written so that anything odd (an overflowing scale) lands on an end, never on UB.
        t = t > 0.0f ? t : 0.0f;
        const float top = static_cast<float>(lutSize - 1);
        t = t < top ? t : top;
        return lut[static_cast<int>(t)];
    }
};

/// A named colour map with a 1024-entry lookup table and colours of its own for NaN and +-Inf.
/// The diverging maps use matplotlib's (ColorBrewer's) control points, so "RdBu" runs from red
/// (most negative) through near-white (0) to blue (most positive), exactly as `cmap="RdBu"`.
class ColorMap {
public:
    static constexpr int LutSize = 1024;

    /// RdBu.
    ColorMap();
    /// The map called `name` (case-insensitive); unknown names give RdBu.
    static ColorMap fromName(const QString &name);
    /// "RdBu", "PuOr" (colour-blind safe diverging), "viridis", "cividis" (magnitudes).
    static QStringList names();
    static bool isKnownName(const QString &name);

    QString name() const { return m_name; }
    /// Diverging maps are centred at 0 with limits (-m, m); sequential ones show |w| in [0, m].
    bool isDiverging() const { return m_diverging; }
    QRgb nanColor() const { return m_nan; }
    QRgb posInfColor() const { return m_posInf; }
    QRgb negInfColor() const { return m_negInf; }
    const std::array<QRgb, LutSize> &table() const { return m_lut; }

    /// The lookup for colour limit m (m <= 0 or not finite: every finite value gets the centre).
    ColorLookup lookup(float limit) const;
    /// Colour of `value` for limit m; the same arithmetic as the renderer's.
    QRgb map(float value, float limit) const { return lookup(limit)(value); }
    /// Colour at fraction t in [0, 1] along the bar (0 = bottom = -m, or 0 for magnitudes).
    QRgb colorAt(double t) const;
    /// The value range the colour bar spans: (-m, m) or (0, m).
    float rangeMin(float limit) const;
    float rangeMax(float limit) const { return limit > 0.0f ? limit : 0.0f; }

    bool operator==(const ColorMap &other) const { return m_name == other.m_name; }

private:
    struct Stop {
        double t;
        QRgb color;
    };
    ColorMap(QString name, bool diverging, std::initializer_list<Stop> stops, QRgb nan, QRgb posInf,
             QRgb negInf);

    QString m_name;
    bool m_diverging = true;
    std::array<QRgb, LutSize> m_lut{};
    QRgb m_nan = 0;
    QRgb m_posInf = 0;
    QRgb m_negInf = 0;
};

} // namespace embedlab::ui
