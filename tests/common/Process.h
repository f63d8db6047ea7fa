// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QProcess>
#include <QString>
#include <QStringList>

namespace embedlab::testing {

/// How a process run by runProcess() ended and what it wrote.
struct ProcessResult {
    bool finished = false; ///< false when it did not start or was killed after the timeout
    int exitCode = -1;
    QProcess::ExitStatus status = QProcess::CrashExit;
    QString out;
    QString err;
};

/// Runs `program` with `args` (QT_QPA_PLATFORM=offscreen, so a GUI needs no display), waits up to
/// `timeoutMs` for it to end and kills it after that.
ProcessResult runProcess(const QString &program, const QStringList &args, int timeoutMs = 120000);
/// runProcess() of the embedlab-cli built beside the tests.
ProcessResult runCli(const QStringList &args, int timeoutMs = 120000);

} // namespace embedlab::testing
