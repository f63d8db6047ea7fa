// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "ui/model/SessionFile.h"

#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>

class QAction;
class QActionGroup;
class QDockWidget;
class QMenu;
class QWidget;

namespace embedlab::ui {

class Lesson;
class LessonPanel;
class MainWindow;
class ProjectorMode;
class Recovery;

/// Adds the classroom features to a main window: export of every view (PNG/SVG/PDF, clipboard,
/// animation frames, .npy), projector mode (F5), the guided lesson, the language menu, sessions
/// (open/save, recent files, drag and drop, unsaved-changes prompt) and crash recovery.
void installClassroom(MainWindow *window);

/// The controller behind installClassroom(); a child of the window.
class Classroom : public QObject {
    Q_OBJECT
public:
    /// The views that can be exported, by name on the command line.
    enum class View { Heatmap, LmHeadHeatmap, OneHot, Histogram, Unembedding, Window };

    /// `recovery`: autosave and restore after a crash (the real app only, not tests).
    explicit Classroom(MainWindow *window, bool recovery = false);
    ~Classroom() override;
    /// The Classroom installed on `window`, or nullptr.
    static Classroom *of(const QWidget *window);

    ProjectorMode *projector() const { return m_projector; }
    Lesson *lesson() const { return m_lesson; }
    LessonPanel *lessonPanel() const { return m_lessonPanel; }
    QDockWidget *lessonDock() const { return m_lessonDock; }
    /// The window's widget for `view`, or nullptr when the window does not show it.
    QWidget *viewWidget(View view) const;

    /// The current state as a session.
    SessionFile::Session captureSession() const;
    /// True when the weights cannot be regenerated from the seed and initialisers (trained, loaded).
    bool weightsEdited() const;
    /// The parameters a save stores beside the session: all the model has on its own when
    /// weightsEdited(), else none.
    SessionFile::Weights weightsToStore() const;
    /// Applies a session; `weights` are the values it stored (SessionFile::readAllWeights()), which
    /// replace what the seed and initialisers regenerate. `sessionFileName` names them in the code.
    void applySession(const SessionFile::Session &session,
                      const QMap<QString, core::ParameterPtr> &weights = {},
                      const QString &sessionFileName = {});
    /// Both return an error message, or "" on success. A failed open changes nothing.
    QString saveSession(const QString &fileName);
    QString openSession(const QString &fileName);
    QString sessionFileName() const { return m_fileName; }
    bool isModified() const { return m_modified; }
    QStringList recentFiles() const;

    /// Shows the state of lesson step `index` in the window (preset, ids, tie, animation, docks).
    void applyLessonStep(int index);

    /// "en", "vi" or "zh": the remembered choice, else the system's language, else English.
    static QString languageCode();
    /// Installs the translations of `code` ("en", "vi", "zh") for the whole application.
    /// Returns false for an unknown code or missing translations.
    static bool installLanguage(const QString &code);
    static QStringList languageCodes();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void createActions();
    void createMenus();
    void connectWindow();
    void markModified();
    void setModified(bool modified);
    void updateTitle();
    void addRecentFile(const QString &fileName);
    void rebuildRecentMenu();
    void restoreAfterCrash();
    /// The interactive versions: dialogs and message boxes.
    void exportViewInteractively(View view);
    void copyViewToClipboard(View view);
    void exportFramesInteractively();
    void exportWeightsInteractively();
    void openInteractively(const QString &fileName = QString());
    bool saveInteractively(bool saveAs);
    /// Asks about unsaved changes; false when the user cancels.
    bool maybeSave();
    void chooseLanguage(const QString &code);
    void onStepForward();
    void onStepBack();
    void showLesson(bool on);
    void showMessage(const QString &text);

    MainWindow *m_window = nullptr;
    ProjectorMode *m_projector = nullptr;
    Lesson *m_lesson = nullptr;
    LessonPanel *m_lessonPanel = nullptr;
    QDockWidget *m_lessonDock = nullptr;
    Recovery *m_recovery = nullptr;

    QAction *m_projectorAction = nullptr;
    QAction *m_lessonAction = nullptr;
    QActionGroup *m_languageGroup = nullptr;
    QMenu *m_recentMenu = nullptr;
    QPointer<QAction> m_openAction;
    QPointer<QAction> m_saveAction;
    QPointer<QAction> m_saveAsAction;

    QString m_fileName;
    bool m_modified = false;
    int m_applying = 0; // > 0 while a session or lesson step is being applied
    bool m_animationMoved = false;
    int m_exportScale = 2;
};

} // namespace embedlab::ui
