// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "ui/model/SessionFile.h"

#include <QObject>
#include <QString>
#include <QTimer>

#include <functional>
#include <optional>

namespace embedlab::ui {

/// Crash recovery: while the app runs, a marker file says so and every change is autosaved as a
/// session (debounced) in a folder, by default QStandardPaths::AppDataLocation. A clean exit
/// removes both; a marker found at the next start means the last run did not end cleanly.
class Recovery : public QObject {
    Q_OBJECT
public:
    static constexpr int kDebounceMs = 800;

    /// `directory` empty: QStandardPaths::AppDataLocation.
    explicit Recovery(const QString &directory = QString(), QObject *parent = nullptr);

    /// The session the last run left behind when it did not exit cleanly (call before start()).
    std::optional<SessionFile::Session> crashedSession() const;
    /// Writes the marker: from now on, an exit without finish() counts as a crash.
    void start();
    /// Where scheduleSave() without a session takes it from: called when the save is written,
    /// after the debounce, so changes made after the last scheduleSave() are saved too (the rest of
    /// a session being applied: its colour map, projector mode and animation step).
    void setCapture(std::function<SessionFile::Session()> capture);
    /// Saves what the capture function returns after kDebounceMs without further changes.
    void scheduleSave();
    /// Saves `session` after kDebounceMs without further changes.
    void scheduleSave(const SessionFile::Session &session);
    /// Saves now (pending changes, and tests).
    void saveNow();
    /// A clean exit: removes the marker and the autosave.
    void finish();

    QString markerPath() const;
    QString autosavePath() const;

private:
    QString m_directory;
    std::function<SessionFile::Session()> m_capture;
    SessionFile::Session m_pending;
    bool m_capturePending = false; // m_pending is to be captured when the save is written
    bool m_hasPending = false;
    bool m_started = false;
    QTimer m_timer;
};

} // namespace embedlab::ui
