// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/views/LossChart.h"

#include "ui/paint/PaintedViewAccessible.h"

#include "core/format/PythonNumber.h"

#include <QtCharts/QChart>
#include <QtCharts/QLegend>
#include <QtCharts/QLegendMarker>
#include <QtCharts/QLineSeries>
#include <QtCharts/QValueAxis>

#include <QEvent>

#include <algorithm>
#include <cmath>
#include <memory>

namespace embedlab::ui {

LossChart::LossChart(QWidget *parent)
    : QChartView(parent)
    , m_loss(new QLineSeries)
    , m_uniform(new QLineSeries)
    , m_shown(new QLineSeries)
    , m_twin(new QLineSeries)
    , m_steps(new QValueAxis)
    , m_values(new QValueAxis)
{
    setRenderHint(QPainter::Antialiasing);
    setFocusPolicy(Qt::NoFocus);
    // A chart whose text a screen reader reads (issue #25 item 2), not an empty filler.
    PaintedViewAccessible::mark(this, QAccessible::Chart);
    PaintedViewAccessible::describe(this, tr("Loss curve"), tr("No steps yet."));
    auto *chart = new QChart;
    chart->setMargins(QMargins(2, 2, 2, 2));
    m_loss->setName(tr("loss"));
    m_uniform->setName(tr("ln V: a uniform guess"));
    QPen dashed(QColor(0x88, 0x88, 0x88));
    dashed.setStyle(Qt::DashLine);
    dashed.setWidthF(1.5);
    m_uniform->setPen(dashed);
    QPen marker(QColor(0xd5, 0x5e, 0x00)); // Okabe-Ito vermilion: apart from the loss's blue
    marker.setWidthF(2.0);
    m_shown->setPen(marker);
    QPen twin(kTwinColor);
    twin.setWidthF(1.5);
    m_twin->setPen(twin);
    m_twin->setVisible(false);
    chart->addSeries(m_loss);
    chart->addSeries(m_twin);
    chart->addSeries(m_uniform);
    chart->addSeries(m_shown);
    m_steps->setTitleText(tr("step"));
    m_steps->setLabelFormat(QStringLiteral("%d"));
    m_values->setLabelFormat(QStringLiteral("%.1f"));
    chart->addAxis(m_steps, Qt::AlignBottom);
    chart->addAxis(m_values, Qt::AlignLeft);
    // Whole numbers even in a short chart (projected, the lesson's panel is a few lines high):
    // elided, the step labels and title read "...".
    m_steps->setTruncateLabels(false);
    m_values->setTruncateLabels(false);
    for (QLineSeries *s : {m_loss, m_twin, m_uniform, m_shown}) {
        s->attachAxis(m_steps);
        s->attachAxis(m_values);
    }
    chart->legend()->setAlignment(Qt::AlignTop);
    // The marker needs no legend entry: the step axis names it.
    for (QLegendMarker *m : chart->legend()->markers(m_shown))
        m->setVisible(false);
    // QChartView's constructor made a chart of its own, which setChart() releases without deleting
    // (LeakSanitizer: a QChart per window).
    const std::unique_ptr<QChart> defaultChart(this->chart());
    setChart(chart);
    applyFont();
}

void LossChart::changeEvent(QEvent *event)
{
    QChartView::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        applyFont();
}

void LossChart::resizeEvent(QResizeEvent *event)
{
    QChartView::resizeEvent(event);
    // A chart a few lines high has no room for the step axis's title: shown, it read "...".
    m_steps->setTitleVisible(height() >= fontMetrics().lineSpacing() * 12);
}

void LossChart::applyFont()
{
    chart()->legend()->setFont(font());
    for (QValueAxis *axis : {m_steps, m_values}) {
        axis->setLabelsFont(font());
        axis->setTitleFont(font());
    }
    setMinimumHeight(fontMetrics().lineSpacing() * 6);
}

namespace {

/// The points of `losses` (at most LossChart::kMaxPoints: every n-th step and the last), and the
/// largest finite loss among them or `top`.
QList<QPointF> lossPoints(std::span<const float> losses, double &top)
{
    const auto n = static_cast<qsizetype>(losses.size());
    const qsizetype stride = std::max<qsizetype>(1, (n + LossChart::kMaxPoints - 1) / LossChart::kMaxPoints);
    QList<QPointF> points;
    points.reserve(n / stride + 2);
    for (qsizetype i = 0; i < n; i += stride) {
        points.append(QPointF(double(i + 1), double(losses[std::size_t(i)])));
        if (std::isfinite(losses[std::size_t(i)]))
            top = std::max(top, double(losses[std::size_t(i)]));
    }
    if (n > 0 && (n - 1) % stride != 0) // the last step is always drawn
        points.append(QPointF(double(n), double(losses.back())));
    return points;
}

} // namespace

void LossChart::setLosses(const std::vector<float> &losses, double uniformLoss, std::int64_t shown,
                          const Comparison &comparison)
{
    double top = uniformLoss;
    m_loss->replace(lossPoints(losses, top));
    m_twin->replace(lossPoints(comparison.losses, top));
    const bool comparing = !comparison.name.isEmpty();
    m_loss->setName(comparing ? comparison.ownName : tr("loss"));
    m_twin->setName(comparison.name);
    m_twin->setVisible(comparing);
    const double last = std::max<double>(double(std::max(losses.size(), comparison.losses.size())), 10.0);
    m_steps->setRange(0.0, last);
    m_steps->applyNiceNumbers(); // ticks at round steps (0, 200, 400, ...), not at fifths of the run
    m_uniform->replace(QList<QPointF>{{0.0, uniformLoss}, {m_steps->max(), uniformLoss}});
    m_values->setRange(0.0, std::ceil(top * 1.05 + 1e-9));
    if (shown >= 0 && !losses.empty())
        m_shown->replace(QList<QPointF>{{double(shown), 0.0}, {double(shown), m_values->max()}});
    else
        m_shown->clear();
    PaintedViewAccessible::describe(this, tr("Loss curve"),
                                    describeLosses(losses, uniformLoss, shown, comparison));
}

QString LossChart::describeLosses(std::span<const float> losses, double uniformLoss, std::int64_t shown,
                                  const Comparison &comparison)
{
    // Each loss as Python prints loss.item(), as the panel's status and the script print it.
    const auto loss = [](float value) { return QString::fromStdString(core::pythonFloat(double(value))); };
    const auto curve = [&](const QString &name, std::span<const float> values) {
        if (values.empty())
            return tr("%1: no steps yet.").arg(name);
        const auto lowest = std::min_element(values.begin(), values.end());
        return tr("%1: %2 steps, %3 at step 1, %4 at step %5, lowest %6 at step %7.")
            .arg(name, QString::number(values.size()), loss(values.front()), loss(values.back()),
                 QString::number(values.size()), loss(*lowest), QString::number(lowest - values.begin() + 1));
    };
    QStringList lines{curve(comparison.name.isEmpty() ? tr("loss") : comparison.ownName, losses)};
    if (!comparison.name.isEmpty())
        lines.append(curve(comparison.name, comparison.losses));
    if (shown > 0 && std::size_t(shown) <= losses.size())
        lines.append(tr("Step shown: %1, loss %2.").arg(shown).arg(loss(losses[std::size_t(shown - 1)])));
    lines.append(tr("A uniform guess loses ln V = %1.").arg(uniformLoss, 0, 'f', 3));
    return lines.join(QLatin1Char('\n'));
}

} // namespace embedlab::ui
