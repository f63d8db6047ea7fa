// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/tensor/Parameter.h"
#include "ui/model/SessionFile.h"

#include <QMap>
#include <QObject>
#include <QString>
#include <QStringList>

class QMenu;

namespace embedlab::ui {

class MainWindow;
class Recovery;
struct WindowActions;

/// Sessions (.embedlab) in the window: File > Open/Save/Save As, Open Recent, the title with its
/// unsaved-changes mark, the question before changes are lost, and crash recovery (autosave and
/// restore after a crash, for the interactive app only).
class SessionController : public QObject {
    Q_OBJECT
public:
    /// `recovery`: autosave, and restore what a crashed run left (the real app, not tests).
    SessionController(MainWindow *window, const WindowActions &actions, bool recovery);
    ~SessionController() override;

    /// File > Open Recent; MainWindow puts it in the File menu.
    QMenu *recentMenu() const { return m_recentMenu; }

    /// The current state as a session.
    SessionFile::Session captureSession() const;
    /// True when the weights cannot be regenerated from the seed and initialisers (trained, loaded).
    bool weightsEdited() const;
    /// The parameters a save stores beside the session: all the model has on its own when
    /// weightsEdited(), else none.
    SessionFile::Weights weightsToStore() const;
    /// The same parameters, shared.
    QMap<QString, core::ParameterPtr> editedWeights() const;
    /// Applies a session; `weights` are the values it stored (SessionFile::readAllWeights()), which
    /// replace what the seed and initialisers regenerate: the model takes these Parameters' values
    /// over (no copy), so they must not be used elsewhere. `sessionFileName` names them in the code.
    /// `storedFit` is the fit's run it stored (SessionFile::readFit()), taken over at its step.
    void applySession(const SessionFile::Session &session,
                      const QMap<QString, core::ParameterPtr> &weights = {},
                      const QString &sessionFileName = {},
                      std::shared_ptr<const core::WeightFile> storedFit = nullptr);
    /// Both return an error message, or "" on success. A failed open changes nothing.
    QString saveSession(const QString &fileName);
    QString openSession(const QString &fileName);
    QString sessionFileName() const { return m_fileName; }
    /// What the last save wrote, as the status bar says it: the session, and the weights stored
    /// beside it with their size.
    QString lastSaveText() const { return m_lastSave; }
    /// True while an applied session's initialisers and stored weights are still being put back
    /// (they wait for the model to be built): what the window shows is not the session's yet.
    bool isRestoring() const { return m_pendingRestores > 0; }
    bool isModified() const { return m_modified; }
    QStringList recentFiles() const;

    static bool isSessionFile(const QString &fileName);
    /// Asks to save unsaved changes (the interactive app, or once a session has a file); false when
    /// the user cancels. A true answer with recovery on is a clean exit.
    bool maybeClose();
    /// Opens `fileName` (a dropped file, the recent menu), asking about unsaved changes first.
    void openInteractively(const QString &fileName = QString());
    /// Continues `previous` (another window's, about to close, whose document this window took
    /// over): its file name, unsaved-changes mark and autosave. The window is rebuilt in a new
    /// language, or around the lesson's document, this way.
    void takeOver(SessionController &previous);

Q_SIGNALS:
    /// isRestoring() became false.
    void restoreFinished();

private:
    void createRecentMenu();
    void finishRestore();
    void markModified();
    void setModified(bool modified);
    void updateTitle();
    void addRecentFile(const QString &fileName);
    void rebuildRecentMenu();
    /// A session's view state: its colour map, editors, selection, lesson step and view modes.
    void applyViewState(ViewState view, std::shared_ptr<const core::WeightFile> storedFit = nullptr);
    void restoreAfterCrash();
    void restoreWeightsWhenIdle(const SessionFile::Session &session,
                                const QMap<QString, core::ParameterPtr> &weights,
                                const QString &sessionFileName);
    bool saveInteractively(bool saveAs);
    bool maybeSave();
    void showMessage(const QString &text);
    static QString savedText(const QString &fileName, const SessionFile::Weights &weights);

    MainWindow *m_window;
    Recovery *m_recovery = nullptr;
    QMenu *m_recentMenu = nullptr;
    QString m_fileName;
    QString m_lastSave;
    bool m_modified = false;
    int m_applying = 0; // > 0 while a session or lesson step is being applied
    int m_pendingRestores = 0;
};

} // namespace embedlab::ui
