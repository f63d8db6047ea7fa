// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "bench/FitFramesWorkload.h"

#include "bench/BenchRunner.h"
#include "core/nn/TextFit.h"
#include "ui/model/FitSession.h"
#include "ui/views/FitPanel.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QPushButton>
#include <QTimer>

#include <algorithm>
#include <cstring>
#include <iomanip>
#include <memory>
#include <sstream>
#include <vector>

namespace embedlab::bench {

namespace {

/// What one run at full speed measured.
struct FrameFigures {
    std::vector<double> frameMs;   // the panel's refresh and paint for each frame of the run
    std::vector<double> refreshMs; // the refresh alone (the views given the frame's data)
    double seconds = 0.0;
    double longestWaitMs = 0.0; // the longest gap between two turns of a 1 ms timer
    std::int64_t steps = 0;
};

double percentile(std::vector<double> values, double p)
{
    if (values.empty())
        return 0.0;
    std::sort(values.begin(), values.end());
    return values[std::min(values.size() - 1, std::size_t(p * double(values.size() - 1) + 0.5))];
}

/// A Fit panel on the English text, tied, shown off screen, with the run's frames timed: a slot
/// connected before the panel's starts the clock, one after it repaints the panel and stops it.
/// With `weights`, its Weights page in place of the map: both heatmaps and the neighbours each frame.
class TimedPanel {
public:
    explicit TimedPanel(bool weights)
    {
        QObject::connect(&m_session, &ui::FitSession::changed, &m_panel, [this] { m_clock.start(); });
        m_panel.setSession(&m_session);
        QObject::connect(&m_session, &ui::FitSession::changed, &m_panel, [this] {
            const double refreshed = double(m_clock.nsecsElapsed()) / 1e6;
            m_panel.repaint();
            // A frame of the run brings a new step; Run, Pause and the like are no frames.
            if (m_timing && m_session.current() != m_shownStep) {
                m_figures.refreshMs.push_back(refreshed);
                m_figures.frameMs.push_back(double(m_clock.nsecsElapsed()) / 1e6);
            }
            m_shownStep = m_session.current();
        });
        m_panel.resize(1000, 420);
        m_panel.weightsButton()->setChecked(weights);
        m_panel.show();
    }

    /// A new run from step 0 at full speed for `seconds`, then paused.
    FrameFigures run(double seconds)
    {
        m_session.setup(QStringLiteral("en"), true);
        waitUntil([this] { return m_session.hasRun() && !m_session.isBusy(); });
        m_session.setStepsPerFrame(ui::FitSession::kMaxStepsPerFrame);
        m_figures = {};
        QElapsedTimer wall;
        QElapsedTimer turn;
        QTimer tick;
        tick.setInterval(1);
        QObject::connect(&tick, &QTimer::timeout, [this, &turn] {
            m_figures.longestWaitMs =
                std::max(m_figures.longestWaitMs, double(turn.nsecsElapsed()) / 1e6 - 1.0);
            turn.start();
        });
        m_timing = true;
        wall.start();
        turn.start();
        tick.start();
        // A run stops by itself FitConfig::kDefaultSteps past its furthest step: Run is pressed
        // again until `seconds` have passed, as a teacher lets a long run go on.
        const auto elapsed = [&wall] { return double(wall.nsecsElapsed()) / 1e9; };
        while (elapsed() < seconds) {
            m_session.run();
            waitUntil([this, &elapsed, seconds] { return !m_session.isRunning() || elapsed() >= seconds; });
        }
        m_session.pause();
        tick.stop();
        m_timing = false;
        m_figures.seconds = double(wall.nsecsElapsed()) / 1e9;
        waitUntil([this] { return !m_session.isBusy(); });
        m_figures.steps = m_session.head();
        return m_figures;
    }

    const ui::FitSession &session() const { return m_session; }

private:
    template <typename Done> static void waitUntil(Done done)
    {
        QEventLoop loop;
        QTimer poll;
        QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
            if (done())
                loop.quit();
        });
        poll.start(2);
        if (!done())
            loop.exec();
    }

    ui::FitSession m_session;
    ui::FitPanel m_panel;
    QElapsedTimer m_clock;
    bool m_timing = false;
    std::int64_t m_shownStep = 0;
    FrameFigures m_figures;
};

} // namespace

namespace {

void addFitFrames(BenchRunner &runner, bool quick, bool weights)
{
    const double seconds = quick ? 0.5 : 5.0;
    auto panel = std::make_shared<std::unique_ptr<TimedPanel>>();
    auto all = std::make_shared<std::vector<FrameFigures>>();
    const auto setUp = [panel, weights] {
        if (!*panel)
            *panel = std::make_unique<TimedPanel>(weights);
        return panel->get();
    };
    std::ostringstream description;
    description << "Fit a Text panel (en, tied"
                << (weights ? ", its Weights page: both heatmaps and the neighbours" : "")
                << ") at full speed for " << seconds
                << " s: the steps on the workers, each frame's refresh and paint on the UI thread";
    runner.add({weights ? "fit_frames_weights" : "fit_frames", description.str(),
                [setUp, all, seconds] { all->push_back(setUp()->run(seconds)); },
                [setUp]() -> std::string {
                    // The losses the panel showed are core::TextFit's, bit for bit.
                    const ui::FitSession &session = setUp()->session();
                    core::TextFit direct(ui::FitSession::corpusFor(QStringLiteral("en")),
                                         ui::FitSession::configFor(true));
                    for (std::size_t k = 0; k < session.losses().size(); ++k) {
                        const float loss = direct.step();
                        if (std::memcmp(&loss, &session.losses()[k], sizeof loss) != 0)
                            return "the loss of step " + std::to_string(k + 1) +
                                   " differs from core::TextFit's";
                    }
                    return session.losses().empty() ? "the run took no step" : "";
                },
                [all] {
                    std::vector<double> frames;
                    std::vector<double> refreshes;
                    double seconds = 0.0;
                    double longest = 0.0;
                    std::int64_t steps = 0;
                    for (const FrameFigures &f : *all) {
                        frames.insert(frames.end(), f.frameMs.begin(), f.frameMs.end());
                        refreshes.insert(refreshes.end(), f.refreshMs.begin(), f.refreshMs.end());
                        seconds += f.seconds;
                        longest = std::max(longest, f.longestWaitMs);
                        steps += f.steps;
                    }
                    std::ostringstream out;
                    out << std::fixed << std::setprecision(1) << "  " << frames.size() << " frames in "
                        << seconds << " s: " << double(frames.size()) / std::max(seconds, 1e-9)
                        << " frames/s (target >= 10); frame on the UI thread median "
                        << percentile(frames, 0.5) << " ms, p95 " << percentile(frames, 0.95) << " ms, max "
                        << percentile(frames, 1.0) << " ms (target <= 16), of which the refresh median "
                        << percentile(refreshes, 0.5) << " ms, max " << percentile(refreshes, 1.0)
                        << " ms; longest event-loop wait " << longest << " ms; "
                        << double(steps) / std::max(seconds, 1e-9) << " steps/s\n";
                    return out.str();
                }});
}

} // namespace

void addFitFramesWorkload(BenchRunner &runner, bool quick)
{
    addFitFrames(runner, quick, false);
    addFitFrames(runner, quick, true);
}

} // namespace embedlab::bench
