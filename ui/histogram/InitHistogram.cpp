// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/histogram/InitHistogram.h"

#include "core/tensor/DistinctValues.h"
#include "core/tensor/Error.h"
#include "core/tensor/Stats.h"
#include "ui/model/NiceTicks.h"
#include "ui/model/WorkerPool.h"
#include "ui/paint/PaintedViewAccessible.h"
#include "ui/paint/TextColors.h"
#include "ui/paint/Theme.h"
#include "ui/views/FlowLayout.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFontDatabase>
#include <QFontMetrics>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QRawFont>
#include <QResizeEvent>
#include <QScopedValueRollback>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QtCharts/QAreaSeries>
#include <QtCharts/QCategoryAxis>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QLegend>
#include <QtCharts/QLegendMarker>
#include <QtCharts/QLineSeries>
#include <QtCharts/QValueAxis>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cmath>
#include <limits>

namespace embedlab::ui {

namespace {

constexpr int kStatistics = 5;               // mean, std, min, max, elements
constexpr int kDistinctColumn = kStatistics; // then the distinct values of a quantised tensor

/// `base`, or the same size in a family that has every character of `text`. A chart squeezed to a
/// small height gives each axis title the height of "..." in its font and elides a taller title:
/// Chinese titles, drawn from a taller fallback font, became "..." and a vertical "..." at 1366 x 768
/// (issue #16 item 13). In a family with the glyphs, the title and its "..." are one height.
QFont titleFontFor(const QFont &base, const QString &text)
{
    const auto covers = [&text](const QFont &font) {
        // The primary face itself, not its fallbacks (which QFontMetrics::inFont counts).
        const QRawFont face = QRawFont::fromFont(font);
        return std::all_of(text.begin(), text.end(),
                           [&](QChar c) { return c.isSpace() || face.supportsCharacter(c); });
    };
    if (covers(base))
        return base;
    QStringList families;
    for (QFontDatabase::WritingSystem system :
         {QFontDatabase::SimplifiedChinese, QFontDatabase::TraditionalChinese, QFontDatabase::Japanese,
          QFontDatabase::Korean})
        families << QFontDatabase::families(system);
    families << QFontDatabase::families();
    // A proportional sans face first, like the labels beside it.
    std::stable_partition(families.begin(), families.end(), [](const QString &family) {
        return family.contains(QLatin1String("Sans")) && !QFontDatabase::isFixedPitch(family);
    });
    for (const QString &family : std::as_const(families)) {
        QFont font = base;
        font.setFamilies({family});
        if (!covers(font))
            continue;
        // No taller than the labels' font, which is what the chart keeps room for.
        const qreal baseHeight = QFontMetricsF(base).height();
        const qreal height = QFontMetricsF(font).height();
        if (height > baseHeight && font.pointSizeF() > 0)
            font.setPointSizeF(font.pointSizeF() * baseHeight / height);
        return font;
    }
    return base;
}

void setAxisTitle(QAbstractAxis *axis, const QString &text, const QFont &base)
{
    axis->setTitleText(text);
    axis->setTitleFont(titleFontFor(base, text));
}
constexpr std::size_t kAntialiasedBins = 300;
// The chart's margin inside its background, around the plot, axes and legend, on every side.
constexpr int kChartMargin = 6;

// Histogram fill and outline, density curve: one hue per source, the same in every theme so that
// "blue is Embedding, orange is Linear" holds across the app's screenshots. On a dark page the
// outline and the density (also the statistics row's name) are the light shades of those hues: the
// navy curve and its row name were invisible on black (#25).
struct SeriesColors {
    QColor fill;
    QColor outline;
    QColor density;
};
SeriesColors seriesColors(int index, bool dark)
{
    if (index == 0)
        return dark ? SeriesColors{QColor(0x4c, 0x8b, 0xd6, 140), QColor(0x7f, 0xb0, 0xea),
                                   QColor(0xbf, 0xd9, 0xff)}
                    : SeriesColors{QColor(0x4c, 0x8b, 0xd6, 110), QColor(0x2b, 0x62, 0xa8),
                                   QColor(0x0d, 0x2c, 0x5e)};
    return dark ? SeriesColors{QColor(0xf0, 0x8a, 0x2c, 140), QColor(0xf5, 0xa8, 0x60),
                               QColor(0xff, 0xd3, 0xa6)}
                : SeriesColors{QColor(0xf0, 0x8a, 0x2c, 110), QColor(0xc8, 0x63, 0x0c),
                               QColor(0x7a, 0x33, 0x00)};
}

// Every setter relayouts the axis; between a range and an interval from different charts it can
// ask for millions of ticks (a count axis to 1e5 with the old interval 2). So the interval moves
// first when it grows and last when it shrinks.
void setValueAxis(QValueAxis *axis, double min, double max, const NiceTicks &ticks)
{
    const bool growing = ticks.step >= axis->tickInterval();
    if (growing)
        axis->setTickInterval(ticks.step);
    axis->setRange(min, max);
    axis->setTickAnchor(ticks.anchor);
    if (!growing)
        axis->setTickInterval(ticks.step);
    axis->setLabelFormat(QStringLiteral("%.%1f").arg(ticks.decimals));
}

// QValueAxis accumulates its dynamic ticks (-0.3 + 3 * 0.1 prints as "-0.0"), so the weight axis
// labels exact multiples of the interval itself.
void setCategoryAxis(QCategoryAxis *axis, double min, double max, const NiceTicks &ticks)
{
    for (const QString &label : axis->categoriesLabels())
        axis->remove(label);
    axis->setRange(min, max);
    axis->setStartValue(min);
    const double first = std::ceil(min / ticks.step - 1e-9);
    for (double k = first; k * ticks.step <= max * (1 + 1e-12) + 1e-300; k += 1.0) {
        const double value = k == 0.0 ? 0.0 : k * ticks.step;
        if (value > min)
            axis->append(ticks.label(value), value);
    }
}

// The statistics table. PyTorch prints every number whole, and so does the table: rather than elide
// "-0.2280" to "-0.2…" in a narrow dock, each column is as wide as its header and its widest number
// (plus an equal share of any room left), and the table asks for that much, so that the dock split
// makes room for it.
class StatsTable : public QTableWidget {
public:
    using QTableWidget::QTableWidget;

    QSize minimumSizeHint() const override
    {
        int width = verticalHeader()->sizeHint().width() + 2 * frameWidth();
        for (int c = 0; c < columnCount(); ++c)
            width += isColumnHidden(c) ? 0 : neededWidth(c);
        return {std::max(QTableWidget::minimumSizeHint().width(), width),
                QTableWidget::minimumSizeHint().height()};
    }

    /// Exactly as tall as its header and rows, so that the chart gets the rest; after the items or
    /// the font change.
    void fitRows()
    {
        resizeRowsToContents();
        int height = horizontalHeader()->sizeHint().height() + 2 * frameWidth();
        for (int row = 0; row < rowCount(); ++row)
            height += rowHeight(row);
        setFixedHeight(height);
    }

    /// Lays the columns out again; after the items change.
    void fitColumns()
    {
        int columns = 0;
        int needed = 0;
        for (int c = 0; c < columnCount(); ++c) {
            if (isColumnHidden(c))
                continue;
            needed += neededWidth(c);
            ++columns;
        }
        if (columns == 0)
            return;
        const int spare = std::max(0, viewport()->width() - needed);
        for (int c = 0, shown = 0; c < columnCount(); ++c) {
            if (isColumnHidden(c))
                continue;
            horizontalHeader()->resizeSection(c, neededWidth(c) + spare / columns +
                                                     (shown < spare % columns ? 1 : 0));
            ++shown;
        }
        updateGeometry();
    }

protected:
    void resizeEvent(QResizeEvent *event) override
    {
        QTableWidget::resizeEvent(event);
        fitColumns();
    }

    void changeEvent(QEvent *event) override
    {
        QTableWidget::changeEvent(event);
        // The headers' fonts may change after the table's (projector mode sets each widget's). The
        // rows too: leaving projector mode kept them at the projector's height.
        if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange)
            QMetaObject::invokeMethod(
                this,
                [this] {
                    fitRows();
                    fitColumns();
                },
                Qt::QueuedConnection);
    }

private:
    int neededWidth(int column) const
    {
        return std::max(sizeHintForColumn(column), horizontalHeader()->sectionSizeHint(column));
    }
};

} // namespace

struct InitHistogram::Job {
    std::uint64_t generation = 0;
    QList<core::ParameterPtr> parameters;
    HistogramBinning::Options options;
};

struct InitHistogram::Outcome {
    std::uint64_t generation = 0;
    QList<HistogramBinning::Result> results;
    QList<std::uint64_t> versions; // of the parameters when they were read
    QString error;
};

InitHistogram::Source InitHistogram::makeSource(const QString &label, core::ParameterPtr parameter,
                                                const core::InitSpec &spec)
{
    Source source{label, std::move(parameter), std::nullopt};
    if (!source.parameter)
        return source;
    try {
        const core::init::Distribution d = spec.distribution(source.parameter->shape());
        if (d.kind != core::init::Distribution::Kind::Other)
            source.expected = d;
    } catch (const core::Error &) {
        // No expectation to draw; applying the spec reports the same error where it matters.
    }
    return source;
}

InitHistogram::InitHistogram(QWidget *parent)
    : QWidget(parent)
{
    m_baseFont = font();
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    // The chart's own margins part it from the toolbar and the table: the style's spacing as well
    // scrolled the table's last row a few pixels out of the dock at 1024 x 768 (issue #29 item 4).
    layout->setSpacing(2);
    buildToolbar();
    buildChart();

    m_errorLabel = new QLabel(this);
    m_errorLabel->setObjectName(QStringLiteral("error"));
    m_errorLabel->setWordWrap(true);
    m_errorLabel->setVisible(false);
    QPalette errorPalette = m_errorLabel->palette();
    errorPalette.setColor(QPalette::WindowText, TextColors::error());
    m_errorLabel->setPalette(errorPalette);

    m_table = new StatsTable(0, kStatistics + 1, this);
    m_table->setObjectName(QStringLiteral("stats"));
    m_table->setAccessibleName(tr("Statistics"));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->setFocusPolicy(Qt::NoFocus);
    m_table->setHorizontalHeaderLabels(
        {tr("mean"), tr("std"), tr("min"), tr("max"), tr("elements"), tr("distinct")});
    m_table->horizontalHeaderItem(kDistinctColumn)
        ->setToolTip(tr("How many different values the tensor holds (numpy.unique(w).size)"));
    m_table->setColumnHidden(kDistinctColumn, true);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Fixed); // StatsTable::fitColumns()
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);

    layout->addWidget(m_view, 1);
    layout->addWidget(m_errorLabel);
    layout->addWidget(m_table);
    applyStyle();
    syncControls();
}

InitHistogram::~InitHistogram() = default;

QSize InitHistogram::minimumSizeHint() const
{
    // QVBoxLayout's minimum counts the wrapping toolbar as one row, and its height for width counts
    // the chart as 0 px (its size policy ignores its hint): in the histogram's scroll area the
    // statistics table then covered the chart's axis title (LANG=zh_CN.UTF-8 at 1366 x 768, #16).
    QSize size = QWidget::minimumSizeHint();
    if (width() > 0)
        size.rheight() += std::max(0, m_bar->heightForWidth(width()) - m_bar->minimumSize().height());
    return size;
}

void InitHistogram::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    if (event->oldSize().width() != width())
        updateGeometry(); // the toolbar may wrap to another number of rows
}

void InitHistogram::buildToolbar()
{
    // The controls wrap onto a second row when the dock is narrow: in one row they need ~730 px in
    // English, which squeezed the code panel beside the histogram to ~345 px at 1400x860.
    auto *bar = new FlowLayout(12, 4);
    bar->setContentsMargins(4, 4, 4, 0);
    m_bar = bar;

    m_compare = new QCheckBox(tr("Compare Embedding and Linear"), this);
    m_compare->setObjectName(QStringLiteral("compare"));
    m_compare->setToolTip(tr("Overlay nn.Embedding's Normal(0, 1) and nn.Linear's Kaiming-uniform weights"));
    connect(m_compare, &QCheckBox::toggled, this, &InitHistogram::compareModeToggled);

    auto *binsLabel = new QLabel(tr("&Bins:"), this);
    m_binsBox = new QSpinBox(this);
    m_binsBox->setObjectName(QStringLiteral("bins"));
    m_binsBox->setRange(HistogramBinning::kMinBins, HistogramBinning::kMaxBins);
    m_binsBox->setKeyboardTracking(false);
    binsLabel->setBuddy(m_binsBox);
    connect(m_binsBox, &QSpinBox::valueChanged, this, &InitHistogram::setBins);

    auto *rangeLabel = new QLabel(tr("&Range:"), this);
    m_rangeBox = new QComboBox(this);
    m_rangeBox->setObjectName(QStringLiteral("range"));
    m_rangeBox->addItem(tr("Auto (data min to max)"), int(HistogramBinning::RangeMode::Auto));
    m_rangeBox->addItem(tr("Symmetric around 0"), int(HistogramBinning::RangeMode::Symmetric));
    m_rangeBox->addItem(tr("Custom"), int(HistogramBinning::RangeMode::Custom));
    // As wide as its longest choice: 12 characters cut "Auto (data min to max)" to "Auto (data min
    // to m" (#16 item 13). The statistics table, not this box, sets the dock's minimum width.
    m_rangeBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    rangeLabel->setBuddy(m_rangeBox);
    connect(m_rangeBox, &QComboBox::activated, this, [this](int index) {
        setRangeMode(HistogramBinning::RangeMode(m_rangeBox->itemData(index).toInt()));
    });

    const auto makeBound = [this](const QString &name) {
        auto *box = new QDoubleSpinBox(this);
        box->setObjectName(name);
        box->setDecimals(4);
        box->setRange(-1e6, 1e6);
        box->setSingleStep(0.05);
        box->setKeyboardTracking(false);
        connect(box, &QDoubleSpinBox::valueChanged, this,
                [this] { setCustomRange(m_lowBox->value(), m_highBox->value()); });
        return box;
    };
    m_lowBox = makeBound(QStringLiteral("low"));
    m_highBox = makeBound(QStringLiteral("high"));
    // torch.histc's own argument names, as the tooltips say.
    m_lowBox->setAccessibleName(QStringLiteral("min"));
    m_highBox->setAccessibleName(QStringLiteral("max"));
    m_lowBox->setToolTip(tr("Lower end of the binned interval (torch.histc's min)"));
    m_highBox->setToolTip(tr("Upper end of the binned interval (torch.histc's max)"));

    m_logBox = new QCheckBox(tr("Lo&g counts"), this);
    m_logBox->setObjectName(QStringLiteral("log"));
    m_logBox->setToolTip(tr("Show log10(1 + count), so tails and a narrow peak fit on one chart"));
    connect(m_logBox, &QCheckBox::toggled, this, &InitHistogram::setLogCounts);

    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("status"));

    // A label wraps together with its field.
    const auto group = [this](std::initializer_list<QWidget *> widgets) {
        auto *box = new QWidget(this);
        auto *row = new QHBoxLayout(box);
        row->setContentsMargins(0, 0, 0, 0);
        for (QWidget *widget : widgets)
            row->addWidget(widget);
        return box;
    };
    bar->addWidget(m_compare);
    bar->addWidget(group({binsLabel, m_binsBox}));
    bar->addWidget(group({rangeLabel, m_rangeBox}));
    bar->addWidget(group({m_lowBox, m_highBox})); // syncControls() shows it for a custom range
    bar->addWidget(m_logBox);
    bar->addWidget(m_status);
    static_cast<QVBoxLayout *>(layout())->addLayout(bar);
}

void InitHistogram::setLeadingControl(QWidget *control)
{
    // First in the wrapping toolbar: a row of its own above it cost the statistics table its room
    // at 1366 x 768 (issue #16 item 14).
    QList<QLayoutItem *> items;
    while (QLayoutItem *item = m_bar->takeAt(0))
        items << item;
    control->setParent(this);
    m_bar->addWidget(control);
    for (QLayoutItem *item : std::as_const(items))
        m_bar->addItem(item);
}

void InitHistogram::buildChart()
{
    m_chart = new QChart;
    m_chart->setAnimationOptions(QChart::NoAnimation);
    m_chart->setBackgroundRoundness(0);
    m_chart->setMargins(QMargins(kChartMargin, kChartMargin, kChartMargin, kChartMargin));
    // The style's layout margins (9 px a side) around the background as well left a legend beside
    // the plot no room for "embedding.weight" at a plain 1024 x 768 in 简体中文 (#16 item 13).
    m_chart->layout()->setContentsMargins(0, 0, 0, 0);
    m_chart->legend()->setAlignment(Qt::AlignBottom);

    m_axisX = new QCategoryAxis(m_chart);
    m_axisX->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    m_axisY = new QValueAxis(m_chart);
    m_axisY->setTickType(QValueAxis::TicksDynamic);
    setAxisTitle(m_axisX, tr("weight value"), font());
    m_chart->addAxis(m_axisX, Qt::AlignBottom);
    m_chart->addAxis(m_axisY, Qt::AlignLeft);

    for (int i = 0; i < kMaxSources; ++i) {
        // The area series does not own its outline; parenting it there ties their lifetimes.
        m_area[i] = new QAreaSeries;
        m_outline[i] = new QLineSeries(m_area[i]);
        m_area[i]->setUpperSeries(m_outline[i]);
        m_density[i] = new QLineSeries;
        m_chart->addSeries(m_area[i]);
        m_chart->addSeries(m_density[i]);
        for (QAbstractSeries *s :
             {static_cast<QAbstractSeries *>(m_area[i]), static_cast<QAbstractSeries *>(m_density[i])}) {
            s->attachAxis(m_axisX);
            s->attachAxis(m_axisY);
        }
    }

    // The plot area follows the widget's height: so does the number of count ticks.
    connect(m_chart, &QChart::plotAreaChanged, this, [this] {
        updateCountAxis();
        updateWeightAxis();
        updateCountTitle();
        placeWeightTitle();
    });

    m_view = new QChartView(m_chart, this);
    m_view->setObjectName(QStringLiteral("chart"));
    PaintedViewAccessible::mark(m_view, QAccessible::Chart);
    m_view->installEventFilter(this); // fitChartParts() on every resize
    m_view->setRenderHint(QPainter::Antialiasing);
    // As high as the chart's own minimum (its axes, labels and legend), which QChartView takes on:
    // a floor of 150 px above it (118 px, 131 px under LANG=zh_CN.UTF-8) pushed the statistics
    // table's second row below the dock's fold at 1366 x 768 (#16 item 14).
    m_view->setMinimumWidth(320);
    // Grows into whatever height there is, but its preferred height must not count: in a scroll
    // area (the dock under the lesson) the wrapping toolbar's height-for-width is otherwise taken
    // as the content's minimum, and the dock scrolled even at 1400x860.
    m_view->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Ignored);

    // A widget over the chart, not a text item in its scene: the chart's own items stay what Qt
    // Charts laid out (paintedTexts()), and the window's label checks see it like any other label.
    m_weightTitle = new QLabel(m_axisX->titleText(), m_view);
    m_weightTitle->setObjectName(QStringLiteral("weightTitle"));
    m_weightTitle->setAutoFillBackground(false);
    m_weightTitle->setAttribute(Qt::WA_TransparentForMouseEvents);
    m_weightTitle->hide();
}

void InitHistogram::setSource(const Source &source)
{
    setSources({source});
}

void InitHistogram::setSources(const QList<Source> &sources)
{
    Q_ASSERT_X(sources.size() <= kMaxSources, "InitHistogram::setSources",
               "at most kMaxSources tensors share the chart; show more in another InitHistogram");
    QList<Source> next = sources.mid(0, kMaxSources);
    next.removeIf([](const Source &s) { return !s.parameter; });
    const bool sameTensors =
        std::equal(next.begin(), next.end(), m_sources.begin(), m_sources.end(),
                   [](const Source &a, const Source &b) { return a.parameter == b.parameter; });
    m_sources = std::move(next);
    if (sameTensors) {
        // The same tensors again (a load announces them through the history, the tie and the new
        // model): binning Llama 3's embedding takes a second or two, so only when their values
        // changed. The labels and expectations may be new (#15).
        if (needsBinning())
            schedule();
        else if (!m_busy)
            updateSeries();
        countDistinct();
        return;
    }
    m_binnedParameters.clear(); // a new source always re-bins, even at an old version
    schedule();
    countDistinct();
}

bool InitHistogram::showsSources(const QList<const core::Parameter *> &parameters,
                                 const QList<std::uint64_t> &versions) const
{
    bool same = parameters.size() == m_sources.size() && versions.size() == m_sources.size();
    for (qsizetype i = 0; same && i < m_sources.size(); ++i)
        same =
            parameters[i] == m_sources[i].parameter.get() && versions[i] == m_sources[i].parameter->version();
    return same;
}

bool InitHistogram::needsBinning() const
{
    // A running job of the current generation that reads these versions gives the result wanted.
    if (m_busy)
        return m_jobGeneration != m_generation || !showsSources(m_jobParameters, m_jobVersions);
    return !showsSources(m_binnedParameters, m_binnedVersions);
}

void InitHistogram::refresh()
{
    if (needsBinning())
        schedule();
    countDistinct();
}

std::optional<core::Index> InitHistogram::distinctCount(int index) const
{
    if (index < 0 || index >= m_sources.size() || index >= m_distinct.size())
        return std::nullopt;
    const Distinct &d = m_distinct[index];
    const core::ParameterPtr &p = m_sources[index].parameter;
    if (d.count < 0 || d.parameter.lock() != p || d.version != p->version())
        return std::nullopt;
    return d.count;
}

void InitHistogram::countDistinct()
{
    m_distinct.resize(m_sources.size());
    QList<int> wanted;
    QList<core::ParameterPtr> parameters;
    for (int i = 0; i < m_sources.size(); ++i) {
        const Source &s = m_sources[i];
        if (s.countDistinct && !distinctCount(i)) {
            wanted.append(i);
            parameters.append(s.parameter);
        }
    }
    // A count running for values no longer shown is left to finish: its result is kept with the
    // version it counted, and the newest job's end is what says the histogram is idle again.
    if (wanted.isEmpty())
        return;
    const bool wasBusy = isBusy();
    QList<Distinct> counting;
    for (const core::ParameterPtr &p : std::as_const(parameters))
        counting.append({p, p->version(), -1});
    // Seconds for Llama 3's 525 million values: one background job, the newest only.
    m_distinctJobs.start(
        this,
        [parameters] {
            QList<core::Index> counts;
            for (const core::ParameterPtr &p : parameters)
                counts.append(core::countDistinctValues(*p));
            return counts;
        },
        [this, wanted, counting](const QList<core::Index> &counts) {
            for (qsizetype k = 0; k < wanted.size(); ++k) {
                if (wanted[k] < m_distinct.size())
                    m_distinct[wanted[k]] = {counting[k].parameter, counting[k].version, counts[k]};
            }
            for (int i = 0; i < int(m_sources.size()) && i < int(m_results.size()); ++i)
                setDistinctCells(i);
            static_cast<StatsTable *>(m_table)->fitColumns();
            countDistinct(); // values written meanwhile are counted again
            Q_EMIT busyChanged(isBusy());
        });
    if (!wasBusy)
        Q_EMIT busyChanged(true);
    for (int i = 0; i < int(m_sources.size()) && i < int(m_results.size()); ++i)
        setDistinctCells(i);
}

void InitHistogram::setDistinctCells(int index)
{
    const Source &s = m_sources[index];
    if (2 * index + 1 >= m_table->rowCount())
        return;
    if (!s.countDistinct) {
        m_table->setItem(2 * index, kDistinctColumn, new QTableWidgetItem(QStringLiteral("–")));
        m_table->setItem(2 * index + 1, kDistinctColumn, new QTableWidgetItem(QStringLiteral("–")));
        return;
    }
    const std::optional<core::Index> count = distinctCount(index);
    auto *measured = new QTableWidgetItem(
        count ? HistogramBinning::formatValue(double(*count), HistogramBinning::Statistic::Count)
              : QStringLiteral("\u2026"));
    measured->setToolTip(count ? QString() : tr("Counting the distinct values\u2026"));
    auto *bound = new QTableWidgetItem(
        s.distinctAtMost ? QStringLiteral("\u2264 %1")
                               .arg(HistogramBinning::formatValue(double(*s.distinctAtMost),
                                                                  HistogramBinning::Statistic::Count))
                         : QStringLiteral("–"));
    bound->setToolTip(s.distinctNote);
    measured->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    bound->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    bound->setForeground(palette().color(QPalette::PlaceholderText));
    m_table->setItem(2 * index, kDistinctColumn, measured);
    m_table->setItem(2 * index + 1, kDistinctColumn, bound);
}

void InitHistogram::setBins(int bins)
{
    bins = std::clamp(bins, HistogramBinning::kMinBins, HistogramBinning::kMaxBins);
    if (bins == m_options.bins)
        return;
    m_options.bins = bins;
    syncControls();
    schedule();
}

void InitHistogram::setRangeMode(HistogramBinning::RangeMode mode)
{
    if (mode == m_options.rangeMode)
        return;
    if (mode == HistogramBinning::RangeMode::Custom && !m_results.isEmpty()) {
        // Start the custom interval from what is on screen, so switching does not jump.
        m_options.customLow = m_results.first().low;
        m_options.customHigh = m_results.first().high;
    }
    m_options.rangeMode = mode;
    syncControls();
    schedule();
}

void InitHistogram::setCustomRange(double low, double high)
{
    if (low == m_options.customLow && high == m_options.customHigh)
        return;
    m_options.customLow = low;
    m_options.customHigh = high;
    syncControls();
    if (m_options.rangeMode == HistogramBinning::RangeMode::Custom)
        schedule();
}

void InitHistogram::setLogCounts(bool on)
{
    if (on == m_logCounts)
        return;
    m_logCounts = on;
    syncControls();
    updateSeries(); // the counts are unchanged, only their transform
}

void InitHistogram::setCompareMode(bool on)
{
    const QSignalBlocker blocker(m_compare);
    m_compare->setChecked(on);
}

bool InitHistogram::compareMode() const
{
    return m_compare->isChecked();
}

void InitHistogram::setProjectorStyle(bool on)
{
    if (on == m_projector)
        return;
    m_projector = on;
    applyStyle();
    updateSeries();
}

QList<QPointF> InitHistogram::histogramPoints(int index) const
{
    return index >= 0 && index < kMaxSources ? m_outline[index]->points() : QList<QPointF>{};
}

QList<QPointF> InitHistogram::densityPoints(int index) const
{
    return index >= 0 && index < kMaxSources ? m_density[index]->points() : QList<QPointF>{};
}

QStringList InitHistogram::weightAxisLabels() const
{
    return m_axisX->categoriesLabels();
}

PaintedTexts InitHistogram::paintedTexts() const
{
    // What the chart means to show; a text item that shows less ends in an ellipsis.
    QStringList meant{m_chart->title(), m_axisX->titleText(), m_axisY->titleText()};
    meant << m_axisX->categoriesLabels();
    for (const QLegendMarker *marker : m_chart->legend()->markers())
        meant << marker->label();
    const QRectF room = m_chart->mapRectToScene(m_chart->rect());
    PaintedTexts texts;
    QStringList legendShown;
    for (const QGraphicsItem *item : m_view->scene()->items()) {
        const auto *text = dynamic_cast<const QGraphicsTextItem *>(item);
        if (!text || !text->isVisible())
            continue;
        const QString shown = text->toPlainText();
        if (shown.isEmpty())
            continue;
        QString whole = shown;
        for (const QString &ellipsis :
             {QStringLiteral("\u2026"), QStringLiteral("..."), QStringLiteral("\u22ee")}) {
            if (!shown.endsWith(ellipsis) || meant.contains(shown))
                continue;
            const QString start = shown.chopped(ellipsis.size());
            const auto match = std::find_if(meant.cbegin(), meant.cend(), [&](const QString &m) {
                return m.startsWith(start) && m != shown;
            });
            whole = match != meant.cend() ? *match : start + QStringLiteral(" (cut)");
        }
        texts.append(
            {whole, shown, text->sceneBoundingRect(), room, fontPixelSize(text->font(), logicalDpiY())});
        if (m_chart->legend()->isAncestorOf(text))
            legendShown << whole;
    }
    // Qt Charts draws a legend label that has no room for more than "..." as nothing at all, beside
    // its marker ("Normal(0, 1) 密度" at 1024 x 768 under LANG=zh_CN.UTF-8, #16 item 13): listed as
    // shown empty, so that it counts as cut.
    for (const QLegendMarker *marker : m_chart->legend()->markers()) {
        if (marker->isVisible() && !marker->label().isEmpty() && !legendShown.contains(marker->label()))
            texts.append({marker->label(), QString(), QRectF(), room,
                          fontPixelSize(m_chart->legend()->font(), logicalDpiY())});
    }
    // The weight axis's title in a compact chart's corner (placeWeightTitle()): a label drawn over
    // the chart, whole when it has its hint's width.
    if (m_weightTitle->isVisible()) {
        const QRect label = m_weightTitle->geometry();
        const bool whole = label.width() >= m_weightTitle->sizeHint().width();
        texts.append({m_weightTitle->text(), whole ? m_weightTitle->text() : QString(),
                      m_view->mapToScene(label).boundingRect(), room,
                      fontPixelSize(m_weightTitle->font(), logicalDpiY())});
    }
    return texts;
}

QString InitHistogram::statsText(int row, int column) const
{
    const QTableWidgetItem *item = m_table->item(row, column);
    return item ? item->text() : QString();
}

void InitHistogram::schedule()
{
    ++m_generation;
    if (!m_busy)
        start(); // else one job at a time: onFinished() sees the new generation and starts again
}

void InitHistogram::start()
{
    if (m_sources.isEmpty()) {
        m_results.clear();
        m_binnedParameters.clear();
        m_binnedVersions.clear();
        m_error.clear();
        updateSeries();
        Q_EMIT updated();
        return;
    }
    Job job;
    job.generation = m_generation;
    job.options = m_options;
    m_jobParameters.clear();
    m_jobVersions.clear();
    for (const Source &s : std::as_const(m_sources)) {
        job.parameters.append(s.parameter);
        m_jobParameters.append(s.parameter.get());
        m_jobVersions.append(s.parameter->version());
    }
    m_jobGeneration = m_generation;
    setBusy(true);
    // Through the event loop, even when a small tensor is binned at once.
    runInBackground(
        this, [job = std::move(job)] { return compute(job); },
        [this](const Outcome &outcome) { onFinished(outcome); });
}

InitHistogram::Outcome InitHistogram::compute(const Job &job)
{
    Outcome out;
    out.generation = job.generation;
    try {
        std::vector<core::Summary> summaries;
        for (const core::ParameterPtr &p : job.parameters) {
            out.versions.append(p->version());
            summaries.push_back(p->summary()); // recorded by a weight file's decode, or computed now
        }
        const auto args = HistogramBinning::histcArguments(summaries, job.options);
        for (qsizetype i = 0; i < job.parameters.size(); ++i) {
            const core::ParameterPtr &p = job.parameters[i];
            out.results.append(HistogramBinning::bin(*p, summaries[std::size_t(i)], job.options.bins, args));
        }
    } catch (const core::Error &e) {
        out.error = QString::fromStdString(e.pythonText()); // exceptions never cross the event loop
        out.results.clear();
    }
    return out;
}

void InitHistogram::onFinished(const Outcome &outcome)
{
    setBusy(false);
    if (outcome.generation != m_generation) {
        start(); // stale: the sources or options changed while binning
        return;
    }
    m_error = outcome.error;
    m_binnedParameters.clear();
    for (const Source &s : std::as_const(m_sources))
        m_binnedParameters.append(s.parameter.get());
    m_binnedVersions = outcome.versions;
    m_results = outcome.results; // empty after an error: no chart is better than a wrong one
    m_errorLabel->setText(m_error);
    m_errorLabel->setVisible(!m_error.isEmpty());
    updateSeries();
    if (m_error.isEmpty())
        Q_EMIT updated();
    else
        Q_EMIT binningFailed(m_error);
}

void InitHistogram::setBusy(bool busy)
{
    if (busy == m_busy)
        return;
    m_busy = busy;
    m_status->setText(busy ? tr("Binning…") : QString());
    Q_EMIT busyChanged(busy);
}

void InitHistogram::updateSeries()
{
    const int shown = std::min<int>(int(m_results.size()), int(m_sources.size()));
    // All results share one interval. A little air on both sides, so the walls of a uniform box
    // at the data's extremes show and the density curve runs out to the axis ends.
    const double low = shown ? m_results.first().low : 0.0;
    const double high = shown ? m_results.first().high : 1.0;
    const double xMin = low - (high - low) * 0.04, xMax = high + (high - low) * 0.04;
    QStringList titles;
    for (int i = 0; i < kMaxSources; ++i) {
        const bool visible = i < shown;
        m_area[i]->setVisible(visible);
        m_density[i]->setVisible(visible && m_sources[i].expected.has_value());
        if (!visible) {
            m_outline[i]->clear();
            m_density[i]->clear();
            continue;
        }
        const HistogramBinning::Result &r = m_results[i];
        const Source &s = m_sources[i];
        const QString label = labelWithNote(s);
        titles.append(r.summary.count == 0 ? tr("%1 (empty: 0 elements, every count is 0)").arg(label)
                                           : label);
        // One replace() per series: Qt Charts rebuilds its path once instead of once per point.
        m_outline[i]->replace(HistogramBinning::stepPoints(r.counts, r.low, r.high, m_logCounts));
        if (s.expected) {
            m_density[i]->replace(HistogramBinning::densityPoints(*s.expected, double(r.summary.count),
                                                                  r.binWidth(), xMin, xMax, m_logCounts));
        } else {
            m_density[i]->clear();
        }
    }
    // Hidden series keep their legend entries unless the markers are hidden too.
    for (int i = 0; i < kMaxSources; ++i) {
        for (QLegendMarker *m : m_chart->legend()->markers(m_area[i]))
            m->setVisible(m_area[i]->isVisible());
        for (QLegendMarker *m : m_chart->legend()->markers(m_density[i]))
            m->setVisible(m_density[i]->isVisible());
    }
    // Antialiasing a 2000-vertex fill costs ~4 ms a repaint (measured: 5.5 vs 1.9 ms at 1000 bins);
    // a step outline is axis-aligned anyway, so only few-bin charts get the smoother curve.
    const bool dense = shown > 0 && m_results.first().counts.size() > kAntialiasedBins;
    m_view->setRenderHint(QPainter::Antialiasing, !dense);
    m_title = titles.join(tr(" vs "));
    fitChartParts();
    updateAxes(xMin, xMax);
    updateTable();
    describeChart();
}

void InitHistogram::describeChart()
{
    // What the chart draws, for a screen reader: each tensor's bins and statistics.
    const auto number = [](double v) { return QLocale().toString(v, 'g', 4); };
    QStringList lines;
    const int shown = std::min<int>(int(m_results.size()), int(m_sources.size()));
    for (int i = 0; i < shown; ++i) {
        const HistogramBinning::Result &r = m_results[i];
        lines.append(tr("%1: %2 elements in %3 bins from %4 to %5; mean %6, std %7, min %8, max %9")
                         .arg(labelWithNote(m_sources[i]))
                         .arg(r.summary.count)
                         .arg(r.counts.size())
                         .arg(number(r.low), number(r.high), number(r.summary.mean), number(r.summary.std),
                              number(r.summary.min), number(r.summary.max)));
    }
    PaintedViewAccessible::describe(m_view, tr("Histogram of %1").arg(m_title),
                                    lines.join(QLatin1Char('\n')));
}

QString InitHistogram::labelWithNote(const Source &source) const
{
    return source.note.isEmpty()
               ? source.label
               : tr("%1 (%2)", "a tensor's name and a note on it").arg(source.label, source.note);
}

void InitHistogram::updateAxes(double xMin, double xMax)
{
    double top = 0.0;
    for (int i = 0; i < kMaxSources; ++i) {
        if (!m_area[i]->isVisible())
            continue;
        for (const QPointF &p : m_outline[i]->points())
            top = std::max(top, p.y());
        for (const QPointF &p : m_density[i]->points())
            top = std::max(top, p.y());
    }
    if (top <= 0.0)
        top = m_logCounts ? 1.0 : 10.0;
    m_xMin = xMin;
    m_xMax = xMax;
    m_weightTicks.reset();
    updateWeightAxis();
    m_countMax = top * 1.06;
    m_countTicks = 0;
    updateCountAxis();
    updateCountTitle();
}

bool InitHistogram::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_view && event->type() == QEvent::Resize)
        fitChartParts();
    return QWidget::eventFilter(watched, event);
}

void InitHistogram::fitChartParts()
{
    // Around its plot the chart stacks a title, tick labels, an axis title and a legend row, about
    // six lines; in a dock at 1366 x 768 (153 px) Qt Charts then drew the tick labels and the count
    // title as "..." for lack of height (#16 item 13).
    const bool compact = m_view->height() < QFontMetricsF(font()).lineSpacing() * 13;
    m_compact = compact;
    // Nor a title wider than the chart (compare mode's two names in a narrow dock): Qt Charts elides it.
    const qreal titleRoom = m_view->width() - 4.0 * kChartMargin;
    const bool titleFits = QFontMetricsF(m_chart->titleFont()).horizontalAdvance(m_title) <= titleRoom;
    const QString title = compact || !titleFits ? QString() : m_title;
    if (m_chart->title() != title)
        m_chart->setTitle(title);
    // Nor the weight axis's title, a line under the tick labels: the tensor selector above the chart
    // says what is binned. With it, under LANG=zh_CN.UTF-8 the chart needed 131 px and the statistics
    // table covered the title at 1366 x 768 (#16 item 13).
    if (m_axisX->isTitleVisible() == compact) {
        m_axisX->setTitleVisible(!compact);
        // QChartView only ever raises its minimum to the chart's: a shorter chart may be shorter.
        m_view->setMinimumHeight(0);
        updateGeometry();
    }
    fitLegend(compact);
    // The view's resize reaches this filter before the chart takes the view's size.
    QMetaObject::invokeMethod(this, &InitHistogram::placeWeightTitle, Qt::QueuedConnection);
}

void InitHistogram::placeWeightTitle()
{
    // The title went missing in a compact chart (issue #29 item 4). Its corner: right of the last
    // tick label, under the plot, and clear of the legend (beside the plot its entries are centred
    // on the plot; under it they are centred in a row of their own).
    const QRectF plot = m_chart->plotArea();
    bool fits = m_compact && !m_axisX->isTitleVisible() && plot.isValid();
    if (fits) {
        m_weightTitle->setFont(m_axisX->titleFont());
        m_weightTitle->setPalette(palette());
        const QSize hint = m_weightTitle->sizeHint();
        const QFontMetricsF labels(m_axisX->labelsFont());
        const QStringList ticks = m_axisX->categoriesLabels();
        const qreal lastTick = ticks.isEmpty() ? 0.0 : labels.horizontalAdvance(ticks.last()) / 2.0;
        const QRectF chart = m_chart->mapRectToScene(m_chart->rect());
        const QPointF corner = m_view->mapFromScene(QPointF(chart.right() - kChartMargin, chart.bottom()));
        const QPoint plotCorner = m_view->mapFromScene(m_chart->mapToScene(plot.bottomRight()));
        const QRect where(corner.x() - hint.width(), corner.y() - hint.height(), hint.width(), hint.height());
        const QLegend *legend = m_chart->legend();
        const QRectF entries =
            legend->isVisible()
                ? m_view->mapFromScene(m_chart->mapRectToScene(legend->geometry())).boundingRect()
                : QRectF();
        const qreal entriesWidth = legend->effectiveSizeHint(Qt::PreferredSize).width();
        const qreal entriesHeight = legend->effectiveSizeHint(Qt::PreferredSize).height();
        const QRectF used = legend->alignment() == Qt::AlignBottom
                                ? QRectF(entries.center().x() - entriesWidth / 2.0, entries.top(),
                                         entriesWidth, entries.height())
                                : QRectF(entries.left(), entries.center().y() - entriesHeight / 2.0,
                                         entries.width(), entriesHeight);
        fits = where.left() >= plotCorner.x() + lastTick + labels.height() / 2.0 &&
               where.top() >= plotCorner.y() && !used.intersects(where);
        if (fits)
            m_weightTitle->setGeometry(where);
    }
    m_weightTitle->setVisible(fits);
}

QString InitHistogram::densityName(int index, bool brief) const
{
    // The brief name is the distribution alone: its marker is a line, the histogram's a filled box.
    const QString distribution = HistogramBinning::distributionLabel(*m_sources[index].expected);
    return brief ? distribution : tr("%1 density").arg(distribution);
}

void InitHistogram::nameSeries(const LegendForm &form)
{
    // Beside the plot the legend gets a fraction of the width, and Qt Charts elided the note there
    // ("embedding.weight (tied: s..." at 1366 x 768, #16): there it names the tensor alone, like the
    // statistics row under it, whose tooltip has the note.
    for (int i = 0; i < int(m_sources.size()) && i < kMaxSources; ++i) {
        const QString name = form.compact ? m_sources[i].label : labelWithNote(m_sources[i]);
        if (m_area[i]->name() != name)
            m_area[i]->setName(name);
        if (m_sources[i].expected && m_density[i]->name() != densityName(i, form.brief))
            m_density[i]->setName(densityName(i, form.brief));
        for (QLegendMarker *m : m_chart->legend()->markers(m_density[i]))
            m->setVisible(m_density[i]->isVisible() && form.densities);
    }
}

InitHistogram::LegendNeeds InitHistogram::legendNeeds(const LegendForm &form) const
{
    const QFontMetricsF metrics(m_chart->legend()->font());
    LegendNeeds needs;
    for (int i = 0; i < int(m_sources.size()) && i < kMaxSources; ++i) {
        if (!m_area[i]->isVisible())
            continue;
        QStringList names{form.compact ? m_sources[i].label : labelWithNote(m_sources[i])};
        if (form.densities && m_density[i]->isVisible())
            names << densityName(i, form.brief);
        for (const QString &name : std::as_const(names)) {
            needs.widest = std::max(needs.widest, metrics.horizontalAdvance(name));
            // In a row an entry is its label, its marker and the margins around both.
            needs.row += metrics.horizontalAdvance(name) + 2.0 * metrics.height();
            ++needs.entries;
        }
    }
    return needs;
}

void InitHistogram::fitLegend(bool compact)
{
    // A compact chart puts its legend beside the plot, where Qt Charts gives it at most 40 % of the
    // chart's width and draws a label with no room as "..." or as nothing at all: at a plain
    // 1024 x 768 under LANG=zh_CN.UTF-8 the density's marker stood there without "Normal(0, 1) 密度"
    // (#16 item 13). So: beside the plot (a compact chart only) with the full names, else with the
    // brief ones, else in a row under it likewise, else without the density curves, which the
    // statistics table's "expected" rows name (compare mode's four entries in a short chart).
    QLegend *legend = m_chart->legend();
    // The chart's layout's margins around the background, which keeps its own around the plot,
    // axes and legend.
    qreal left = 0.0, top = 0.0, right = 0.0, bottom = 0.0;
    m_chart->layout()->getContentsMargins(&left, &top, &right, &bottom);
    const qreal content = m_view->width() - left - right - 2.0 * kChartMargin;
    // The legend's width beyond its widest label, from what it holds now.
    const QFontMetricsF metrics(legend->font());
    qreal shown = 0.0;
    for (const QLegendMarker *marker : legend->markers())
        shown = std::max(shown, marker->isVisible() ? metrics.horizontalAdvance(marker->label()) : 0.0);
    const QSizeF hint = legend->effectiveSizeHint(Qt::PreferredSize);
    const qreal overhead = hint.width() - shown;
    // Beside the plot the entries stack inside the legend's margins, each as high as its one row.
    qreal legendTop = 0.0, legendBottom = 0.0;
    legend->layout()->getContentsMargins(nullptr, &legendTop, nullptr, &legendBottom);
    const qreal entry = hint.height() - legendTop - legendBottom;
    const qreal height = m_view->height() - top - bottom - 2.0 * kChartMargin - legendTop - legendBottom;
    // Under it their row comes off the plot's height, which must still hold the count title: a
    // short compare-mode chart drew it and the weight ticks as "...".
    const qreal plot = m_chart->plotArea().height() + m_view->height() - m_chart->size().height() +
                       (legend->alignment() == Qt::AlignBottom ? legend->geometry().height() : 0.0);
    const qreal countTitle = QFontMetricsF(m_axisY->titleFont()).horizontalAdvance(m_axisY->titleText());
    const bool roomUnder =
        !compact || plot - hint.height() >= std::max(countTitle, 3.0 * metrics.lineSpacing());
    LegendForm chosen;
    for (const LegendForm form :
         {LegendForm{compact, true, false}, LegendForm{compact, true, true},
          LegendForm{compact, false, false}, LegendForm{compact, false, true},
          LegendForm{compact, true, true, false}, LegendForm{compact, false, true, false}}) {
        const LegendNeeds needs = legendNeeds(form);
        chosen = form; // the last one when none fits
        const bool besideFits =
            compact && needs.widest + overhead <= 0.4 * content - 2.0 && needs.entries * entry <= height;
        if (form.beside ? besideFits : roomUnder && needs.row <= content)
            break;
    }
    nameSeries(chosen);
    const Qt::Alignment where = chosen.beside ? Qt::AlignRight : Qt::AlignBottom;
    if (legend->alignment() != where)
        legend->setAlignment(where);
}

void InitHistogram::updateWeightAxis()
{
    // Qt Charts draws a tick label that has no room as "…" (a squeezed dock, projector fonts):
    // fewer ticks then, each with the digits it needs, never fewer than two (#16 item 13).
    const int preferred = m_projector ? 5 : 8;
    // A chart never laid out (not shown, not exported) has no width to fit yet.
    const qreal width = m_view->testAttribute(Qt::WA_Resized) ? m_chart->plotArea().width() : 0.0;
    const QFontMetricsF metrics(m_axisX->labelsFont());
    NiceTicks ticks = niceTicks(m_xMin, m_xMax, preferred);
    for (int target = preferred; target > 2 && width > 0; --target) {
        ticks = niceTicks(m_xMin, m_xMax, target);
        qreal widest = 0.0;
        for (double value : std::as_const(ticks.values))
            widest = std::max(widest, metrics.horizontalAdvance(ticks.label(value)));
        // Each label is centred on its tick and needs its width plus a space to its neighbours.
        if ((widest + metrics.height()) * qreal(ticks.values.size() + 1) <= width)
            break;
    }
    // Relabelling moves the plot area, whose signal calls this again: that call would relabel the
    // axis half-way through this one's removals (it left "1.5" after "-3" ... "1").
    if (m_weightTicks == ticks || m_relabelling)
        return;
    const QScopedValueRollback<bool> relabelling(m_relabelling, true);
    m_weightTicks = ticks;
    setCategoryAxis(m_axisX, m_xMin, m_xMax, ticks);
}

void InitHistogram::updateCountTitle()
{
    // The title runs along the plot's height; a short plot gets the short form (#16 item 13).
    const QString full = m_logCounts ? tr("log10(1 + count)") : tr("count");
    const QString brief = m_logCounts ? tr("log count", "short axis title") : full;
    const qreal height = m_chart->plotArea().height();
    const bool fits =
        height <= 0 || QFontMetricsF(titleFontFor(font(), full)).horizontalAdvance(full) <= height;
    const QString title = fits ? full : brief;
    if (m_axisY->titleText() != title)
        setAxisTitle(m_axisY, title, font());
    // A plot shorter than that title gets the height it lacks: Qt Charts otherwise elides it ("số
    // lư..." in a compact chart under LANG=zh_CN.UTF-8), and the dock scrolls instead (#16 item 13).
    const qreal lacking = QFontMetricsF(m_axisY->titleFont()).horizontalAdvance(title) - height;
    if (height > 0 && lacking > 0)
        m_view->setMinimumHeight(m_view->height() + int(std::ceil(lacking)));
}

void InitHistogram::updateCountAxis()
{
    // Qt Charts draws a value label as "..." when the labels would touch, which happens in a short
    // chart (compare mode's taller table, a dock at 1400x860, QT_SCALE_FACTOR=2): fewer ticks then.
    const int preferred = m_projector ? 4 : 6;
    const qreal height = m_chart->plotArea().height();
    const int label = QFontMetrics(m_axisY->labelsFont()).height();
    const int target =
        height > 0 && label > 0 ? std::clamp(int(height / (1.8 * label)), 2, preferred) : preferred;
    if (target == m_countTicks)
        return;
    m_countTicks = target;
    setValueAxis(m_axisY, 0.0, m_countMax, niceTicks(0.0, m_countMax, target));
}

void InitHistogram::updateTable()
{
    // One row per source measured, one for what its initialiser predicts; the statistics are the
    // columns, so long layer names sit in the row header where they have room.
    const int shown = std::min<int>(int(m_results.size()), int(m_sources.size()));
    m_table->setRowCount(2 * shown);
    QStringList headers;
    for (int i = 0; i < shown; ++i) {
        const Source &s = m_sources[i];
        const QList<HistogramBinning::StatsRow> rows =
            HistogramBinning::statsRows(m_results[i].summary, s.expected);
        for (int column = 0; column < rows.size() && column < kStatistics; ++column) {
            const HistogramBinning::StatsRow &sr = rows[column];
            // w.min() of an empty tensor raises in PyTorch: no number to show, the error as the tip.
            const QString error = HistogramBinning::reductionError(sr.statistic, m_results[i].summary.count);
            auto *measured = new QTableWidgetItem(
                error.isEmpty() ? HistogramBinning::formatValue(sr.measured, sr.statistic)
                                : QStringLiteral("–"));
            measured->setToolTip(error);
            auto *expected =
                new QTableWidgetItem(sr.expected ? HistogramBinning::formatValue(*sr.expected, sr.statistic)
                                                 : QStringLiteral("–"));
            measured->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            expected->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            expected->setForeground(palette().color(QPalette::PlaceholderText));
            m_table->setItem(2 * i, column, measured);
            m_table->setItem(2 * i + 1, column, expected);
        }
        auto *name = new QTableWidgetItem(s.label);
        name->setToolTip(labelWithNote(s));
        name->setForeground(seriesColors(i, Theme::isDark(palette())).density);
        m_table->setVerticalHeaderItem(2 * i, name);
        auto *theory = new QTableWidgetItem(
            s.expected ? tr("expected: %1").arg(HistogramBinning::distributionLabel(*s.expected))
                       : tr("expected"));
        theory->setForeground(palette().color(QPalette::PlaceholderText));
        m_table->setVerticalHeaderItem(2 * i + 1, theory);
        setDistinctCells(i);
    }
    // The distinct values of a quantised tensor: a column only while a source counts them.
    m_table->setColumnHidden(kDistinctColumn, std::none_of(m_sources.cbegin(), m_sources.cend(),
                                                           [](const Source &s) { return s.countDistinct; }));
    auto *table = static_cast<StatsTable *>(m_table);
    table->fitRows();
    table->fitColumns(); // new numbers may need wider columns
    m_table->setVisible(shown > 0);
}

void InitHistogram::applyStyle()
{
    const QPalette pal = palette();
    QFont font = m_baseFont;
    if (m_projector)
        font.setPointSizeF(font.pointSizeF() * 1.6);
    setFont(font); // the toolbar and the table follow; the chart's scene needs its fonts set below
    QFont titleFont = font;
    titleFont.setBold(true);
    titleFont.setPointSizeF(font.pointSizeF() * 1.15);

    // Colours from the palette, so a dark or projector theme restyles the chart with the app.
    m_chart->setBackgroundBrush(pal.base());
    m_chart->setPlotAreaBackgroundVisible(false);
    m_chart->setTitleBrush(pal.text());
    m_chart->setTitleFont(titleFont);
    m_chart->legend()->setLabelBrush(pal.text());
    m_chart->legend()->setFont(font);
    QColor grid = pal.color(QPalette::Text);
    grid.setAlpha(40);
    for (QValueAxis *axis : {static_cast<QValueAxis *>(m_axisX), m_axisY}) {
        axis->setLabelsFont(font);
        axis->setTitleFont(titleFontFor(font, axis->titleText()));
        axis->setLabelsBrush(pal.text());
        axis->setTitleBrush(pal.text());
        axis->setGridLineColor(grid);
        axis->setLinePenColor(pal.color(QPalette::Mid));
        axis->setMinorGridLineVisible(false);
    }
    const double width = m_projector ? 3.0 : 1.5;
    for (int i = 0; i < kMaxSources; ++i) {
        const SeriesColors c = seriesColors(i, Theme::isDark(pal));
        m_area[i]->setBrush(c.fill);
        QPen outline(c.outline, width);
        outline.setJoinStyle(Qt::MiterJoin);
        m_area[i]->setPen(outline);
        QPen density(c.density, width * 1.5);
        density.setStyle(i == 0 ? Qt::SolidLine : Qt::DashLine);
        density.setCapStyle(Qt::FlatCap);
        m_density[i]->setPen(density);
    }
    fitChartParts(); // the legend's font decides where it fits
}

void InitHistogram::syncControls()
{
    const QSignalBlocker b1(m_binsBox), b2(m_rangeBox), b3(m_lowBox), b4(m_highBox), b5(m_logBox);
    m_binsBox->setValue(m_options.bins);
    m_rangeBox->setCurrentIndex(m_rangeBox->findData(int(m_options.rangeMode)));
    const bool custom = m_options.rangeMode == HistogramBinning::RangeMode::Custom;
    m_lowBox->parentWidget()->setVisible(custom); // the bounds wrap together, as one interval
    m_lowBox->setValue(m_options.customLow);
    m_highBox->setValue(m_options.customHigh);
    m_logBox->setChecked(m_logCounts);
}

} // namespace embedlab::ui
