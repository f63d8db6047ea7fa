// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QtCharts/QChartView>

#include <QColor>
#include <QString>

#include <cstdint>
#include <span>
#include <vector>

QT_BEGIN_NAMESPACE
class QLineSeries;
class QValueAxis;
QT_END_NAMESPACE

namespace embedlab::ui {

/// The loss of every step of a fit (issue #27), with ln V - the loss of a uniform guess, where a
/// fresh model starts - drawn across it as a dashed line.
class LossChart : public QChartView {
    Q_OBJECT
public:
    /// The other run's colour while comparing (Okabe-Ito bluish green); its map's dots too.
    static inline const QColor kTwinColor{0x00, 0x9e, 0x73};
    /// At most this many points are drawn: a longer run is shown by every n-th step.
    static constexpr int kMaxPoints = 2000;

    explicit LossChart(QWidget *parent = nullptr);
    /// A second run drawn beside the first ("Compare tied and untied"): its losses and the names
    /// of both; an empty `name` draws none.
    struct Comparison {
        std::span<const float> losses; // read during setLosses() only
        QString ownName;
        QString name;
    };
    /// losses[k - 1] is the loss of step k; a vertical line marks step `shown` (none when negative):
    /// scrubbed back, and in each frame of an exported run, it says which step the map is at.
    void setLosses(const std::vector<float> &losses, double uniformLoss, std::int64_t shown = -1,
                   const Comparison &comparison = {});
    /// What a screen reader reads of the chart: each curve's steps, first, last and lowest loss, the
    /// step shown and ln V.
    static QString describeLosses(std::span<const float> losses, double uniformLoss, std::int64_t shown,
                                  const Comparison &comparison = {});
    QLineSeries *lossSeries() const { return m_loss; }
    QLineSeries *twinSeries() const { return m_twin; }
    QLineSeries *uniformSeries() const { return m_uniform; }
    QLineSeries *shownSeries() const { return m_shown; }

protected:
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    /// The legend's and axes' texts in the view's font (a chart keeps fonts of its own: projected,
    /// they stayed at the desktop's size).
    void applyFont();

    QLineSeries *m_loss;
    QLineSeries *m_uniform;
    QLineSeries *m_shown;
    QLineSeries *m_twin;
    QValueAxis *m_steps;
    QValueAxis *m_values;
};

} // namespace embedlab::ui
