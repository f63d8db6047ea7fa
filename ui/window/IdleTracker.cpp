// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/window/IdleTracker.h"

#include <algorithm>
#include <memory>
#include <utility>

namespace embedlab::ui {

IdleTracker::IdleTracker(QObject *parent)
    : QObject(parent)
{}

bool IdleTracker::isIdle() const
{
    return std::none_of(m_sources.cbegin(), m_sources.cend(), [](const auto &busy) { return busy(); });
}

void IdleTracker::scheduleCheck()
{
    if (std::exchange(m_checkPending, true))
        return;
    // Queued: a finished job often starts the next one (a rebuild, then the heatmaps) from the
    // same signal, and the window is not idle in between.
    QMetaObject::invokeMethod(
        this,
        [this] {
            m_checkPending = false;
            if (isIdle())
                Q_EMIT idle();
        },
        Qt::QueuedConnection);
}

void IdleTracker::whenIdle(std::function<void()> then)
{
    if (isIdle()) {
        then();
        return;
    }
    auto connection = std::make_shared<QMetaObject::Connection>();
    *connection = connect(this, &IdleTracker::idle, this, [connection, then = std::move(then)] {
        QObject::disconnect(*connection);
        then();
    });
    scheduleCheck();
}

} // namespace embedlab::ui
