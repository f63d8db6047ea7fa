// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/init/Init.h"
#include "core/init/InitSpec.h"
#include "core/tensor/Parameter.h"
#include "ui/histogram/HistogramBinning.h"
#include "ui/model/NiceTicks.h"
#include "ui/model/WorkerPool.h"
#include "ui/paint/PaintedText.h"

#include <QFont>
#include <QList>
#include <QPointF>
#include <QString>
#include <QStringList>
#include <QWidget>

#include <cstdint>
#include <memory>
#include <optional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSpinBox;
class QTableWidget;

// Qt Charts stays an implementation detail of this class (it is deprecated from Qt 6.10).
QT_BEGIN_NAMESPACE
class QAreaSeries;
class QCategoryAxis;
class QChart;
class QChartView;
class QLineSeries;
class QValueAxis;
QT_END_NAMESPACE

namespace embedlab::ui {

class FlowLayout;

/// A live histogram of one weight tensor (or two, overlaid, in compare mode) with the density the
/// initialiser draws from drawn over it as expected counts, and a table of mean, std, min, max and
/// element count, measured and expected. Binning runs on a worker thread (a GPT-2 sized matrix
/// takes tens of milliseconds); results that are stale when they arrive are dropped and the chart
/// keeps showing the last result meanwhile.
///
/// The parameters are read on the worker thread while binning. Whoever writes to them bumps their
/// version(); call refresh() afterwards and the histogram re-bins (a result read during a write is
/// stale and dropped).
class InitHistogram : public QWidget {
    Q_OBJECT
public:
    /// One histogram: the tensor, its name for the legend and the table, and what theory predicts.
    struct Source {
        QString label;
        core::ParameterPtr parameter;
        std::optional<core::init::Distribution> expected;
        /// A word after the label in the chart's title and its legend below the plot ("embedding.weight
        /// (tied)"), and the statistics row's tooltip. The row and a legend beside the plot show the
        /// label alone: the table (and the dock around it) keeps its width when the note comes and goes.
        QString note = {};
        /// Count the distinct values the tensor holds (a quantised one holds few: issue #30), shown
        /// in a column of the statistics table. On a worker: Llama 3's matrix takes seconds.
        bool countDistinct = false;
        /// The most distinct values the storage allows (16 levels per group of 32 in Q4_K), for the
        /// expected row, and what it means (the cell's tooltip).
        std::optional<core::Index> distinctAtMost = {};
        QString distinctNote = {};
    };
    /// `spec.distribution()` for the parameter's shape; no expectation when that fails or the
    /// initialiser has no density (eye, orthogonal).
    static Source makeSource(const QString &label, core::ParameterPtr parameter, const core::InitSpec &spec);

    /// At most this many sources share the chart.
    static constexpr int kMaxSources = 2;

    explicit InitHistogram(QWidget *parent = nullptr);
    ~InitHistogram() override;

    /// Shows one tensor.
    void setSource(const Source &source);
    /// Shows up to kMaxSources tensors on one chart with shared bins (compare mode: Embedding's
    /// Normal(0, 1) against Linear's Kaiming-uniform). An empty list clears the chart.
    void setSources(const QList<Source> &sources);
    QList<Source> sources() const { return m_sources; }
    /// Re-bins when a parameter's version() changed since it was last binned; otherwise nothing.
    void refresh();

    /// Number of bins, clamped to [HistogramBinning::kMinBins, kMaxBins]; re-bins.
    void setBins(int bins);
    int bins() const { return m_options.bins; }
    void setRangeMode(HistogramBinning::RangeMode mode);
    HistogramBinning::RangeMode rangeMode() const { return m_options.rangeMode; }
    /// The interval binned in RangeMode::Custom (an inverted one is reported, not binned).
    void setCustomRange(double low, double high);
    HistogramBinning::Options options() const { return m_options; }
    /// log10(1 + count) on the y axis, so the tails and a narrow peak fit on one chart.
    void setLogCounts(bool on);
    bool logCounts() const { return m_logCounts; }
    /// Reflects compare mode in the toolbar's check box (without emitting compareModeToggled()).
    void setCompareMode(bool on);
    /// Puts `control` (a selector the window owns, e.g. which tensor is shown) first in the toolbar,
    /// which wraps; the histogram takes it as a child.
    void setLeadingControl(QWidget *control);
    bool compareMode() const;
    /// Thick lines and big fonts for a projector.
    void setProjectorStyle(bool on);
    bool projectorStyle() const { return m_projector; }

    /// True while a binning job or a count of distinct values runs.
    bool isBusy() const { return m_busy || m_distinctJobs.isRunning(); }
    /// How many distinct values source `index` holds, once counted (Source::countDistinct).
    std::optional<core::Index> distinctCount(int index) const;
    /// The last results shown, one per source (empty before the first one arrives).
    const QList<HistogramBinning::Result> &results() const { return m_results; }
    /// The points the chart's histogram outline and density curve of source `index` hold.
    QList<QPointF> histogramPoints(int index) const;
    QList<QPointF> densityPoints(int index) const;
    /// The tick labels on the weight axis, left to right.
    QStringList weightAxisLabels() const;
    /// The chart's title, axis titles and tick labels as the chart lays them out: each with the
    /// text it was given, what it shows (Qt Charts elides what does not fit) and the chart as room.
    PaintedTexts paintedTexts() const;
    /// The statistics table's text at (row, column): rows measured and expected for each source in
    /// turn; columns mean, std, min, max, element count.
    QString statsText(int row, int column) const;
    /// PyTorch's message when the last binning failed (e.g. a custom range with max <= min).
    QString errorText() const { return m_error; }
    /// The layout's minimum with the toolbar wrapped to the rows it takes at the current width.
    QSize minimumSizeHint() const override;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

Q_SIGNALS:
    /// The user toggled compare mode; answer with setSources() (two sources) or setSource().
    void compareModeToggled(bool on);
    /// A new result is on screen (after setSources(), refresh() or a change of bins or range).
    void updated();
    /// Binning failed; `message` is PyTorch's ("RuntimeError: torch.histc: ...").
    void binningFailed(const QString &message);
    void busyChanged(bool busy);

private:
    struct Job;
    struct Outcome;
    static Outcome compute(const Job &job);

    void buildToolbar();
    void buildChart();
    void schedule();
    /// Whether `parameters` at `versions` are the sources' tensors at their current versions.
    bool showsSources(const QList<const core::Parameter *> &parameters,
                      const QList<std::uint64_t> &versions) const;
    /// Neither the last result nor the running job bins the sources' current values.
    bool needsBinning() const;
    void start();
    void onFinished(const Outcome &outcome);
    void setBusy(bool busy);
    void updateSeries();
    /// The chart's name and text for a screen reader (issue #25).
    void describeChart();
    /// The source's label with its note, if any.
    QString labelWithNote(const Source &source) const;
    void updateTable();
    /// Counts the distinct values of the sources that ask for it, unless known for their versions.
    void countDistinct();
    /// The statistics table's column of distinct values, row `row` of source `index`.
    void setDistinctCells(int index);
    void updateAxes(double xMin, double xMax);
    /// Sets the count axis to [0, m_countMax] with as many ticks as its height shows readably.
    void updateCountAxis();
    /// Labels the weight axis over [m_xMin, m_xMax] with as many ticks as its width shows whole.
    void updateWeightAxis();
    /// The count axis' title, shortened when the plot is too short for it.
    void updateCountTitle();
    /// A short chart drops its title (the legend names the series) and puts the legend beside the
    /// plot when it has room there (fitLegend()), so that the tick labels and axis titles keep theirs.
    void fitChartParts();
    /// In a compact chart the weight axis's title is a label in the chart's bottom-right corner,
    /// beside the tick labels, where it costs no height. None when the legend's row under the plot
    /// fills the corner (compare mode in a short chart): the chart's own title line there cost the
    /// tick labels their room.
    void placeWeightTitle();
    /// The density curve of source `index` in the legend: "Normal(0, 1) density", or `brief`ly
    /// "Normal(0, 1)".
    QString densityName(int index, bool brief) const;
    /// How the legend shows the series: beside the plot or under it; each tensor with its note, or
    /// alone in a compact chart; the density curves `brief`ly ("Normal(0, 1)"), or not at all.
    struct LegendForm {
        bool compact = false;
        bool beside = false;
        bool brief = false;
        bool densities = true;
    };
    /// The widest label of a legend in `form`, the width of all its entries in a row and their number.
    struct LegendNeeds {
        qreal widest = 0.0;
        qreal row = 0.0;
        int entries = 0;
    };
    LegendNeeds legendNeeds(const LegendForm &form) const;
    /// Names the series in the legend as `form` says and shows their markers.
    void nameSeries(const LegendForm &form);
    /// Puts the legend where every entry keeps its whole label, and names the series to fit.
    void fitLegend(bool compact);
    void applyStyle();
    void syncControls();

    QList<Source> m_sources;
    HistogramBinning::Options m_options;
    bool m_logCounts = false;
    bool m_projector = false;
    QFont m_baseFont; // projector style scales this
    FlowLayout *m_bar = nullptr;

    // A job carries the generation it was started for; a result from an older one is dropped.
    std::uint64_t m_generation = 0;
    bool m_busy = false;
    QList<HistogramBinning::Result> m_results;
    QList<std::uint64_t> m_binnedVersions;
    QList<const core::Parameter *> m_binnedParameters;
    // What the running job reads (the versions when it started: writers run on the UI thread).
    std::uint64_t m_jobGeneration = 0;
    QList<std::uint64_t> m_jobVersions;
    QList<const core::Parameter *> m_jobParameters;
    QString m_error;
    // Counts of distinct values, one per source: of which parameter and version (-1: not counted).
    struct Distinct {
        std::weak_ptr<const core::Parameter> parameter;
        std::uint64_t version = 0;
        core::Index count = -1;
    };
    QList<Distinct> m_distinct;
    BackgroundJobs m_distinctJobs;

    QCheckBox *m_compare = nullptr;
    QSpinBox *m_binsBox = nullptr;
    QComboBox *m_rangeBox = nullptr;
    QDoubleSpinBox *m_lowBox = nullptr;
    QDoubleSpinBox *m_highBox = nullptr;
    QCheckBox *m_logBox = nullptr;
    QLabel *m_status = nullptr;
    QLabel *m_errorLabel = nullptr;
    QTableWidget *m_table = nullptr;
    QLabel *m_weightTitle = nullptr; // placeWeightTitle()
    bool m_compact = false;          // fitChartParts() found the chart short

    QChartView *m_view = nullptr;
    QChart *m_chart = nullptr;
    QCategoryAxis *m_axisX = nullptr;
    QValueAxis *m_axisY = nullptr;
    double m_countMax = 10.0;
    double m_xMin = 0.0;
    double m_xMax = 1.0;
    std::optional<NiceTicks> m_weightTicks; // what updateWeightAxis() last labelled
    bool m_relabelling = false;             // updateWeightAxis() is under way
    QString m_title;                        // the chart's title when it has room for one
    int m_countTicks = 0;                   // the tick target updateCountAxis() last used
    QLineSeries *m_outline[kMaxSources] = {};
    QAreaSeries *m_area[kMaxSources] = {};
    QLineSeries *m_density[kMaxSources] = {};
};

} // namespace embedlab::ui
