// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/heatmap/ColorMap.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace embedlab::ui {

// ColorBrewer's 11-class schemes as matplotlib samples them (evenly spaced control points); viridis
// and cividis from viridisLite's 11 and 10 samples, interpolated linearly like matplotlib does.
ColorMap::ColorMap()
    : ColorMap(QStringLiteral("RdBu"), true,
               {{0.0, 0xff67001f},
                {0.1, 0xffb2182b},
                {0.2, 0xffd6604d},
                {0.3, 0xfff4a582},
                {0.4, 0xfffddbc7},
                {0.5, 0xfff7f7f7},
                {0.6, 0xffd1e5f0},
                {0.7, 0xff92c5de},
                {0.8, 0xff4393c3},
                {0.9, 0xff2166ac},
                {1.0, 0xff053061}},
               0xffff00ff, 0xff000000, 0xff6e6e6e)
{}

ColorMap::ColorMap(QString name, bool diverging, std::initializer_list<Stop> stops, QRgb nan, QRgb posInf,
                   QRgb negInf)
    : m_name(std::move(name))
    , m_diverging(diverging)
    , m_nan(nan)
    , m_posInf(posInf)
    , m_negInf(negInf)
{
    const std::vector<Stop> s(stops);
    Q_ASSERT_X(s.size() >= 2 && s.front().t == 0.0 && s.back().t == 1.0, "ColorMap",
               "colour stops must start at 0 and end at 1");
    std::size_t k = 0;
    for (int i = 0; i < LutSize; ++i) {
        const double t = static_cast<double>(i) / (LutSize - 1);
        while (k + 2 < s.size() && t > s[k + 1].t)
            ++k;
        const double u = std::clamp((t - s[k].t) / (s[k + 1].t - s[k].t), 0.0, 1.0);
        const auto mix = [u](int a, int b) { return static_cast<int>(std::lround(a + (b - a) * u)); };
        const QRgb a = s[k].color;
        const QRgb b = s[k + 1].color;
        m_lut[static_cast<std::size_t>(i)] =
            qRgb(mix(qRed(a), qRed(b)), mix(qGreen(a), qGreen(b)), mix(qBlue(a), qBlue(b)));
    }
}

ColorMap ColorMap::fromName(const QString &name)
{
    if (name.compare(QLatin1String("PuOr"), Qt::CaseInsensitive) == 0) {
        return ColorMap(QStringLiteral("PuOr"), true,
                        {{0.0, 0xff7f3b08},
                         {0.1, 0xffb35806},
                         {0.2, 0xffe08214},
                         {0.3, 0xfffdb863},
                         {0.4, 0xfffee0b6},
                         {0.5, 0xfff7f7f7},
                         {0.6, 0xffd8daeb},
                         {0.7, 0xffb2abd2},
                         {0.8, 0xff8073ac},
                         {0.9, 0xff542788},
                         {1.0, 0xff2d004b}},
                        0xff00d0d0, 0xff000000, 0xff6e6e6e);
    }
    if (name.compare(QLatin1String("viridis"), Qt::CaseInsensitive) == 0) {
        return ColorMap(QStringLiteral("viridis"), false,
                        {{0.0, 0xff440154},
                         {0.1, 0xff482576},
                         {0.2, 0xff414487},
                         {0.3, 0xff35608d},
                         {0.4, 0xff2a788e},
                         {0.5, 0xff21908c},
                         {0.6, 0xff22a884},
                         {0.7, 0xff43bf71},
                         {0.8, 0xff7ad151},
                         {0.9, 0xffbbdf27},
                         {1.0, 0xfffde725}},
                        0xffff00ff, 0xffff0000, 0xffff0000);
    }
    if (name.compare(QLatin1String("cividis"), Qt::CaseInsensitive) == 0) {
        return ColorMap(QStringLiteral("cividis"), false,
                        {{0.0, 0xff00204d},
                         {1.0 / 9, 0xff00336f},
                         {2.0 / 9, 0xff39486b},
                         {3.0 / 9, 0xff575c6d},
                         {4.0 / 9, 0xff707173},
                         {5.0 / 9, 0xff8a8779},
                         {6.0 / 9, 0xffa69d75},
                         {7.0 / 9, 0xffc4b56c},
                         {8.0 / 9, 0xffe4cf5b},
                         {1.0, 0xffffea46}},
                        0xffff00ff, 0xffff0000, 0xffff0000);
    }
    return ColorMap();
}

QStringList ColorMap::names()
{
    return {QStringLiteral("RdBu"), QStringLiteral("PuOr"), QStringLiteral("viridis"),
            QStringLiteral("cividis")};
}

bool ColorMap::isKnownName(const QString &name)
{
    return names().contains(name, Qt::CaseInsensitive);
}

ColorLookup ColorMap::lookup(float limit) const
{
    ColorLookup l;
    l.lut = m_lut.data();
    l.lutSize = LutSize;
    l.magnitude = !m_diverging;
    l.nan = m_nan;
    l.posInf = m_posInf;
    l.negInf = m_negInf;
    const double top = LutSize - 1;
    // m == 0 (all zeros after zeros_) or no finite value at all: no division, everything is the centre.
    const bool flat = !(limit > 0.0f) || !std::isfinite(limit);
    if (m_diverging) {
        l.offset = static_cast<float>(top / 2.0);
        l.scale = flat ? 0.0f : static_cast<float>(std::min(top / (2.0 * limit), 1e30));
    } else {
        l.offset = 0.0f;
        l.scale = flat ? 0.0f : static_cast<float>(std::min(top / limit, 1e30));
    }
    return l;
}

QRgb ColorMap::colorAt(double t) const
{
    const double i = std::clamp(t, 0.0, 1.0) * (LutSize - 1) + 0.5;
    return m_lut[static_cast<std::size_t>(std::min<int>(static_cast<int>(i), LutSize - 1))];
}

float ColorMap::rangeMin(float limit) const
{
    if (!m_diverging || !(limit > 0.0f))
        return 0.0f;
    return -limit;
}

} // namespace embedlab::ui
