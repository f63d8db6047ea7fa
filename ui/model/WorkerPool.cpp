// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/model/WorkerPool.h"

#include <QCoreApplication>
#include <QPointer>
#include <QThread>
#include <QThreadPool>

namespace embedlab::ui {

QThreadPool *workerPool()
{
    static QPointer<QThreadPool> pool; // reset when its application is destroyed
    if (!pool) {
        pool = new QThreadPool(QCoreApplication::instance());
        pool->setObjectName(QStringLiteral("embedlabWorkers"));
        pool->setMaxThreadCount(QThread::idealThreadCount());
    }
    return pool;
}

} // namespace embedlab::ui
