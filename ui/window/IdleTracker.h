// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QList>
#include <QObject>

#include <functional>

namespace embedlab::ui {

/// Knows when the window has nothing left to compute: every source of background work is
/// registered with a question ("busy?") and the signal it sends when that may have changed.
/// Screenshots, exports, a language switch and the tests wait on it.
class IdleTracker : public QObject {
    Q_OBJECT
public:
    explicit IdleTracker(QObject *parent = nullptr);

    /// `busy` answers whether `sender` is computing; `changed` is the signal after which it may
    /// have stopped.
    template <class Sender, class Signal>
    void watch(Sender *sender, Signal changed, std::function<bool()> busy)
    {
        m_sources.append(std::move(busy));
        connect(sender, changed, this, &IdleTracker::scheduleCheck);
    }
    /// A busy question with no signal of its own (checked whenever another source reports).
    void watch(std::function<bool()> busy) { m_sources.append(std::move(busy)); }

    bool isIdle() const;
    /// Runs `then` once isIdle() holds (at once when it does), unless this tracker goes first.
    void whenIdle(std::function<void()> then);
    /// Checks again once the event loop has turned (a finished job often starts the next one).
    void scheduleCheck();

Q_SIGNALS:
    void idle();

private:
    QList<std::function<bool()>> m_sources;
    bool m_checkPending = false;
};

} // namespace embedlab::ui
