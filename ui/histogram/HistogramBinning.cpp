// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/histogram/HistogramBinning.h"

#include "core/tensor/Error.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace embedlab::ui {

namespace {

using Kind = core::init::Distribution::Kind;

// The strings are marked with QT_TRANSLATE_NOOP for lupdate: when this function was called
// translate(), lupdate took each call for QCoreApplication::translate() without a context and never
// extracted the strings, so "Truncated normal on [...]" stayed English in every language.
QString translated(const char *text)
{
    return QCoreApplication::translate("embedlab::ui::HistogramBinning", text);
}

// min/max that keep a NaN, so NaN data makes histc report "range ... is not finite" as PyTorch.
double nanMin(double a, double b)
{
    return std::isnan(a) || std::isnan(b) ? std::nan("") : std::min(a, b);
}
double nanMax(double a, double b)
{
    return std::isnan(a) || std::isnan(b) ? std::nan("") : std::max(a, b);
}

} // namespace

double HistogramBinning::Result::binnedCount() const
{
    return std::accumulate(counts.begin(), counts.end(), 0.0);
}

std::pair<double, double> HistogramBinning::histcArguments(const std::vector<core::Summary> &summaries,
                                                           const Options &options)
{
    if (options.rangeMode == RangeMode::Custom) {
        core::histcRange(nullptr, 0, options.customLow, options.customHigh); // inverted or non-finite
        // PyTorch silently bins over the data's range when min == max; a user who typed a range
        // wants to hear that it is empty.
        if (options.customLow == options.customHigh)
            throw core::Error(core::Error::Kind::RuntimeError, "torch.histc: max must be larger than min");
        return {options.customLow, options.customHigh};
    }
    // The summaries' min and max are the data's, so histc need not scan for them again.
    bool any = false;
    double low = 0.0, high = 0.0;
    for (const core::Summary &s : summaries) {
        if (s.count == 0)
            continue;
        low = any ? nanMin(low, s.min) : s.min;
        high = any ? nanMax(high, s.max) : s.max;
        any = true;
    }
    if (options.rangeMode == RangeMode::Symmetric) {
        const double m = nanMax(std::abs(low), std::abs(high));
        return {-m, m};
    }
    return {low, high};
}

HistogramBinning::Result HistogramBinning::bin(const float *data, core::Index count,
                                               const core::Summary &summary, int bins,
                                               std::pair<double, double> histcArgs)
{
    Result r;
    r.summary = summary;
    r.counts = core::histc(data, count, bins, histcArgs.first, histcArgs.second);
    const core::HistRange range = core::histcRange(data, count, histcArgs.first, histcArgs.second);
    r.low = range.low;
    r.high = range.high;
    return r;
}

HistogramBinning::Result HistogramBinning::bin(const core::Parameter &p, const core::Summary &summary,
                                               int bins, std::pair<double, double> histcArgs)
{
    Result r;
    r.summary = summary;
    r.counts = core::histc(p, bins, histcArgs.first, histcArgs.second);
    const core::HistRange range = core::histcRange(p, histcArgs.first, histcArgs.second);
    r.low = range.low;
    r.high = range.high;
    return r;
}

double HistogramBinning::transformCount(double count, bool logCounts)
{
    return logCounts ? std::log10(1.0 + std::max(0.0, count)) : count;
}

QList<QPointF> HistogramBinning::stepPoints(const std::vector<float> &counts, double low, double high,
                                            bool logCounts)
{
    QList<QPointF> points;
    const auto bins = static_cast<qsizetype>(counts.size());
    points.reserve(2 * bins + 2);
    points.append({low, 0.0});
    const double width = bins > 0 ? (high - low) / double(bins) : 0.0;
    for (qsizetype i = 0; i < bins; ++i) {
        const double y = transformCount(counts[std::size_t(i)], logCounts);
        // Edges from low + i * width rather than by accumulation, so the last edge is exactly high.
        const double left = i == 0 ? low : low + double(i) * width;
        const double right = i + 1 == bins ? high : low + double(i + 1) * width;
        points.append({left, y});
        points.append({right, y});
    }
    points.append({high, 0.0});
    return points;
}

QList<QPointF> HistogramBinning::densityPoints(const core::init::Distribution &d, double elements,
                                               double binWidth, double xMin, double xMax, bool logCounts,
                                               int samples)
{
    QList<QPointF> points;
    if (!(xMax > xMin) || samples < 2 || !std::isfinite(xMin) || !std::isfinite(xMax))
        return points;
    const double scale = elements * binWidth;
    if (d.kind == Kind::Constant) {
        if (d.mean >= xMin && d.mean <= xMax) {
            const double top = transformCount(elements, logCounts);
            points = {{xMin, 0.0}, {d.mean, 0.0}, {d.mean, top}, {d.mean, 0.0}, {xMax, 0.0}};
        }
        return points;
    }
    if (d.kind != Kind::Normal && d.kind != Kind::Uniform && d.kind != Kind::TruncatedNormal)
        return points;

    std::vector<double> edges;
    if (d.kind != Kind::Normal) {
        for (double e : {d.low, d.high}) {
            if (e > xMin && e < xMax)
                edges.push_back(e);
        }
    }
    const auto y = [&](double x) { return transformCount(scale * d.density(x), logCounts); };
    const double eps = 1e-9 * std::max(xMax - xMin, 1.0);
    points.reserve(samples + 2 * qsizetype(edges.size()));
    std::size_t nextEdge = 0;
    for (int i = 0; i < samples; ++i) {
        const double x = i + 1 == samples ? xMax : xMin + (xMax - xMin) * double(i) / double(samples - 1);
        bool onEdge = false;
        while (nextEdge < edges.size() && edges[nextEdge] <= x) {
            const double e = edges[nextEdge++];
            points.append({e, y(e - eps)});
            points.append({e, y(e + eps)});
            onEdge = onEdge || e == x;
        }
        if (!onEdge)
            points.append({x, y(x)});
    }
    return points;
}

QList<HistogramBinning::StatsRow>
HistogramBinning::statsRows(const core::Summary &summary,
                            const std::optional<core::init::Distribution> &expected)
{
    std::optional<double> mean, std, min, max;
    if (expected) {
        switch (expected->kind) {
        case Kind::Normal:
            mean = expected->mean;
            std = expected->std;
            break;
        case Kind::Uniform:
        case Kind::TruncatedNormal:
        case Kind::Constant:
            mean = expected->mean;
            std = expected->std;
            min = expected->low;
            max = expected->high;
            break;
        case Kind::Other:
            break;
        }
    }
    return {
        {Statistic::Mean, summary.mean, mean},
        {Statistic::Std, summary.std, std},
        {Statistic::Min, double(summary.min), min},
        {Statistic::Max, double(summary.max), max},
        {Statistic::Count, double(summary.count), std::nullopt},
    };
}

QString HistogramBinning::reductionError(Statistic statistic, core::Index count)
{
    if (count != 0 || (statistic != Statistic::Min && statistic != Statistic::Max))
        return {};
    return QStringLiteral(
               "RuntimeError: %1(): Expected reduction dim to be specified for input.numel() == 0. "
               "Specify the reduction dim with the 'dim' argument.")
        .arg(statistic == Statistic::Min ? QStringLiteral("min") : QStringLiteral("max"));
}

QString HistogramBinning::formatValue(double value, Statistic statistic)
{
    if (std::isnan(value))
        return QStringLiteral("nan");
    if (std::isinf(value))
        return value > 0 ? QStringLiteral("inf") : QStringLiteral("-inf");
    if (statistic == Statistic::Count)
        return QString::number(static_cast<qlonglong>(value));
    return QString::number(value, 'f', 4);
}

QString HistogramBinning::distributionLabel(const core::init::Distribution &d)
{
    // Compact numbers for legends and headers; the table shows the 4 decimals.
    const auto f = [](double v) { return QString::number(v, 'g', 4); };
    switch (d.kind) {
    case Kind::Normal:
        return translated(QT_TRANSLATE_NOOP("embedlab::ui::HistogramBinning", "Normal(%1, %2)"))
            .arg(f(d.mean), f(d.std));
    case Kind::Uniform:
        if (d.low == -d.high) // nn.Linear's default and every Kaiming/Xavier box
            return translated(QT_TRANSLATE_NOOP("embedlab::ui::HistogramBinning", "Uniform(±%1)"))
                .arg(f(d.high));
        return translated(QT_TRANSLATE_NOOP("embedlab::ui::HistogramBinning", "Uniform(%1, %2)"))
            .arg(f(d.low), f(d.high));
    case Kind::TruncatedNormal:
        return translated(QT_TRANSLATE_NOOP("embedlab::ui::HistogramBinning", "Truncated normal on [%1, %2]"))
            .arg(f(d.low), f(d.high));
    case Kind::Constant:
        return translated(QT_TRANSLATE_NOOP("embedlab::ui::HistogramBinning", "Constant(%1)")).arg(f(d.mean));
    case Kind::Other:
        break;
    }
    return {};
}

} // namespace embedlab::ui
