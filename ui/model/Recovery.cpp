// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/model/Recovery.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QSaveFile>
#include <QStandardPaths>

namespace embedlab::ui {

Recovery::Recovery(const QString &directory, QObject *parent)
    : QObject(parent)
    , m_directory(directory.isEmpty() ? QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)
                                      : directory)
{
    m_timer.setSingleShot(true);
    m_timer.setInterval(kDebounceMs);
    connect(&m_timer, &QTimer::timeout, this, &Recovery::saveNow);
}

QString Recovery::markerPath() const
{
    return QDir(m_directory).filePath(QStringLiteral("running.marker"));
}

QString Recovery::autosavePath() const
{
    return QDir(m_directory).filePath(QStringLiteral("autosave.embedlab"));
}

std::optional<SessionFile::Session> Recovery::crashedSession() const
{
    if (!QFile::exists(markerPath()) || !QFile::exists(autosavePath()))
        return std::nullopt;
    QString error;
    return SessionFile::read(autosavePath(), &error);
}

void Recovery::start()
{
    QDir().mkpath(m_directory);
    QSaveFile marker(markerPath());
    if (marker.open(QIODevice::WriteOnly)) {
        marker.write(QByteArray::number(QCoreApplication::applicationPid()));
        marker.commit();
    }
    m_started = true;
}

void Recovery::setCapture(std::function<SessionFile::Session()> capture)
{
    m_capture = std::move(capture);
}

void Recovery::scheduleSave()
{
    Q_ASSERT_X(m_capture, "Recovery::scheduleSave", "call setCapture() first, or pass the session");
    m_capturePending = true;
    m_hasPending = true;
    m_timer.start();
}

void Recovery::scheduleSave(const SessionFile::Session &session)
{
    m_pending = session;
    m_capturePending = false;
    m_hasPending = true;
    m_timer.start();
}

void Recovery::saveNow()
{
    m_timer.stop();
    if (!m_hasPending || !m_started)
        return;
    if (m_capturePending && m_capture)
        m_pending = m_capture();
    m_capturePending = false;
    m_hasPending = false;
    // Recovery is best effort: a full disk must not interrupt the lesson.
    (void)SessionFile::write(autosavePath(), m_pending);
}

void Recovery::finish()
{
    m_timer.stop();
    m_hasPending = false;
    QFile::remove(autosavePath());
    QFile::remove(markerPath());
    m_started = false;
}

} // namespace embedlab::ui
