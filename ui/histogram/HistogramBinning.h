// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/init/Init.h"
#include "core/tensor/Parameter.h"
#include "core/tensor/Stats.h"
#include "core/tensor/Tensor.h"

#include <QList>
#include <QPointF>
#include <QString>

#include <optional>
#include <vector>

namespace embedlab::ui {

/// The arithmetic behind InitHistogram, kept free of Qt Charts and widgets so it can be tested
/// (and run on a worker thread): torch.histc binning, the step outline of the bars, the theoretical
/// density scaled to expected counts, the log-count transform, nice axis ticks and the statistics
/// table. All functions are pure and thread-safe.
class HistogramBinning {
public:
    /// How the binned interval is chosen.
    enum class RangeMode {
        Auto,      ///< the data's own [min, max], as torch.histc(x, bins) with min = max = 0
        Symmetric, ///< [-m, m] with m = max(|min|, |max|), so zero is in the middle
        Custom,    ///< the user's [low, high]
    };

    struct Options {
        int bins = 100;
        RangeMode rangeMode = RangeMode::Auto;
        double customLow = -1.0;
        double customHigh = 1.0;
        bool operator==(const Options &) const = default;
    };

    static constexpr int kMinBins = 10;
    static constexpr int kMaxBins = 1000;

    /// One binned tensor: torch.histc counts over [low, high] plus the summary statistics.
    struct Result {
        std::vector<float> counts;
        double low = 0.0;
        double high = 0.0;
        core::Summary summary;
        double binWidth() const { return counts.empty() ? 0.0 : (high - low) / double(counts.size()); }
        /// Elements inside [low, high] (the others are not drawn).
        double binnedCount() const;
    };

    /// The (min, max) arguments handed to core::histc for data whose summaries are `summaries`
    /// (several when series share one chart in compare mode, so their bins line up). Equal values
    /// mean "let histc choose" exactly as torch.histc does. Throws core::Error for an inverted or
    /// non-finite custom range, with PyTorch's words.
    static std::pair<double, double> histcArguments(const std::vector<core::Summary> &summaries,
                                                    const Options &options);
    /// Summary and counts of `data` binned over the interval histcArguments() chose. The counts
    /// are exactly core::histc(data, count, bins, min, max). Throws core::Error like torch.histc.
    static Result bin(const float *data, core::Index count, const core::Summary &summary, int bins,
                      std::pair<double, double> histcArgs);
    /// bin() of a parameter's values where they lie (bf16 or f16 words read without a float32 copy).
    static Result bin(const core::Parameter &p, const core::Summary &summary, int bins,
                      std::pair<double, double> histcArgs);

    /// What the chart's y axis shows for a count: the count itself, or log10(1 + count) so that
    /// empty bins stay at 0 and a bin of one element is visible.
    static double transformCount(double count, bool logCounts);

    /// The bars' outline as one polyline: (low, 0), then (left edge, c), (right edge, c) for every
    /// bin, then (high, 0): 2 * bins + 2 points, ready for one QLineSeries::replace().
    static QList<QPointF> stepPoints(const std::vector<float> &counts, double low, double high,
                                     bool logCounts);

    /// The density of `d` scaled to expected counts per bin (elements * binWidth * density(x)),
    /// sampled at `samples` evenly spaced x in [xMin, xMax], with both one-sided limits added at a
    /// uniform box's or a truncation's edges so the jumps are vertical. A constant is drawn as a
    /// spike holding all elements at its value. Empty for distributions without a density.
    static QList<QPointF> densityPoints(const core::init::Distribution &d, double elements, double binWidth,
                                        double xMin, double xMax, bool logCounts, int samples = 401);

    /// One row of the statistics table; `expected` is empty where the theory says nothing.
    enum class Statistic { Mean, Std, Min, Max, Count };
    struct StatsRow {
        Statistic statistic = Statistic::Mean;
        double measured = 0.0;
        std::optional<double> expected;
    };
    /// mean, std, min, max and element count, measured against what the initialiser's
    /// distribution predicts (a uniform's or a truncation's bounds are its expected min and max).
    static QList<StatsRow> statsRows(const core::Summary &summary,
                                     const std::optional<core::init::Distribution> &expected);
    /// What PyTorch raises for `statistic` of a tensor of `count` elements (w.min() of an empty
    /// tensor is a RuntimeError, while its mean and std are nan), or empty when it has a value.
    static QString reductionError(Statistic statistic, core::Index count);
    /// A table value: 4 decimals, or a plain integer for the element count; "nan"/"inf" as PyTorch.
    static QString formatValue(double value, Statistic statistic = Statistic::Mean);
    /// "Normal(0, 1)", "Uniform(±0.1195)", "Uniform(0, 1)", ... (4 significant digits) for legends; empty
    /// for Other.
    static QString distributionLabel(const core::init::Distribution &d);
};

} // namespace embedlab::ui
