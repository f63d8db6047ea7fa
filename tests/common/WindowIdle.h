// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "ui/window/MainWindow.h"
#include "ui/window/WindowHost.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QTest>

namespace embedlab::testing {

/// Processes events until the window `host` holds is idle twice in a row (the host may build a new
/// window meanwhile: it is asked afresh each time), for at most `timeoutMs`; false on a time-out.
/// For tests that link embedlab_ui.
inline bool waitUntilIdle(ui::WindowHost &host, int timeoutMs = 60000)
{
    QDeadlineTimer deadline(timeoutMs);
    while (!deadline.hasExpired()) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        if (host.window().isIdle()) {
            QCoreApplication::processEvents();
            if (host.window().isIdle())
                return true;
        }
    }
    return false;
}

/// Sends every posted event and those they post in turn (the layout requests a result's new
/// widgets queue, the relayouts those queue), however long each takes, then waits `ms` more.
/// QTest::qWait alone returns when its time is up: under the sanitizer suite's load a slow paint
/// left layout requests queued and a test measured widgets at their unplaced size (CI, stop 32).
inline void settleLayouts(int ms = 50)
{
    for (int round = 0; round < 8; ++round) {
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents();
    }
    QTest::qWait(ms);
}

} // namespace embedlab::testing
