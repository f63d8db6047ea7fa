// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/window/Classroom.h"

#include "core/init/InitSpec.h"
#include "ui/window/Exporter.h"
#include "ui/heatmap/HeatmapView.h"
#include "ui/histogram/InitHistogram.h"
#include "ui/model/Lesson.h"
#include "ui/views/LessonPanel.h"
#include "ui/window/MainWindow.h"
#include "ui/model/OneHotAnimation.h"
#include "ui/views/OneHotView.h"
#include "ui/window/ProjectorMode.h"
#include "ui/model/Recovery.h"
#include "ui/views/UnembeddingView.h"
#include "ui/model/WorkerPool.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QEventLoop>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QInputDialog>
#include <QLibraryInfo>
#include <QLineEdit>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProcess>
#include <QProgressDialog>
#include <QSettings>
#include <QStatusBar>
#include <QTranslator>
#include <QUndoStack>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <exception>
#include <memory>

namespace embedlab::ui {

namespace {

constexpr int kMaxRecentFiles = 8;
const QString kLanguageKey = QStringLiteral("ui/language");
const QString kRecentKey = QStringLiteral("sessions/recent");

QSettings appSettings()
{
    return QSettings(QStringLiteral("EmbedLab"), QStringLiteral("EmbedLab"));
}

QList<QTranslator *> &installedTranslators()
{
    static QList<QTranslator *> list;
    return list;
}

/// The real app (not the tests) follows the remembered language from its first window on.
void installLanguageAtStartup()
{
    const QString program = QFileInfo(QCoreApplication::applicationFilePath()).fileName();
    if (program == QLatin1String("embedlab"))
        Classroom::installLanguage(Classroom::languageCode());
}

bool isSessionFile(const QString &fileName)
{
    return QFileInfo(fileName).suffix().compare(QLatin1String(SessionFile::kSuffix), Qt::CaseInsensitive) ==
           0;
}

/// Runs `then` once the Lab has finished what it is computing (at once when it is idle).
void whenIdle(Lab *lab, QObject *context, std::function<void()> then)
{
    if (!lab->isBusy()) {
        then();
        return;
    }
    auto connection = std::make_shared<QMetaObject::Connection>();
    *connection = QObject::connect(lab, &Lab::busyChanged, context, [connection, then](bool busy) {
        if (busy)
            return;
        QObject::disconnect(*connection);
        then();
    });
}

} // namespace

Q_COREAPP_STARTUP_FUNCTION(installLanguageAtStartup)

void installClassroom(MainWindow *window)
{
    // Crash recovery belongs to the interactive app only: tests, screenshots and scripted exports
    // must start from a known state and must not leave markers behind.
    const QStringList args = QCoreApplication::arguments();
    const bool interactive =
        QFileInfo(QCoreApplication::applicationFilePath()).fileName() == QLatin1String("embedlab") &&
        !args.contains(QStringLiteral("--screenshot")) && !args.contains(QStringLiteral("--export")) &&
        qEnvironmentVariableIsEmpty("EMBEDLAB_NO_RECOVERY");
    new Classroom(window, interactive);
}

Classroom::Classroom(MainWindow *window, bool recovery)
    : QObject(window)
    , m_window(window)
{
    setObjectName(QStringLiteral("classroom"));
    m_projector = new ProjectorMode(window);
    m_lesson = new Lesson(this);
    m_lessonPanel = new LessonPanel;
    m_lessonDock = new QDockWidget(tr("Guided Lesson"), window);
    m_lessonDock->setObjectName(QStringLiteral("lessonDock"));
    m_lessonDock->setWidget(m_lessonPanel);
    window->addDockWidget(Qt::RightDockWidgetArea, m_lessonDock);
    m_lessonDock->hide();
    // Docked under the initialisers the lesson only got what they left (a few lines at 1400x860,
    // the rest of its text cut off): whenever it or the initialisers appear, it takes what its
    // text needs at its width, up to half the window.
    const auto fitLesson = [this](bool visible) {
        if (!visible)
            return;
        QMetaObject::invokeMethod(
            this,
            [this] {
                if (!m_lessonDock->isVisible() || m_lessonDock->isFloating())
                    return;
                // Width first, up to a third of the window (projector mode's fonts): the buttons
                // then share a row and the text wraps into fewer lines.
                const int sides = m_lessonDock->width() - m_lessonPanel->width();
                const int wantedWidth =
                    std::min(m_lessonPanel->sizeHint().width() + sides, m_window->width() / 3);
                int width = m_lessonPanel->width();
                if (m_lessonDock->width() < wantedWidth) {
                    m_window->resizeDocks({m_lessonDock}, {wantedWidth}, Qt::Horizontal);
                    width = wantedWidth - sides;
                }
                const int text = m_lessonPanel->hasHeightForWidth() ? m_lessonPanel->heightForWidth(width)
                                                                    : m_lessonPanel->sizeHint().height();
                const int chrome = m_lessonDock->height() - m_lessonPanel->height();
                const int wanted = std::min(text + chrome, m_window->height() / 2);
                if (m_lessonDock->height() < wanted)
                    m_window->resizeDocks({m_lessonDock}, {wanted}, Qt::Vertical);
            },
            Qt::QueuedConnection);
    };
    connect(m_lessonDock, &QDockWidget::visibilityChanged, this, fitLesson);
    if (auto *initDock = window->findChild<QDockWidget *>(QStringLiteral("initDock")))
        connect(initDock, &QDockWidget::visibilityChanged, this, fitLesson);
    connect(m_projector, &ProjectorMode::enabledChanged, this, fitLesson);
    m_exportScale = appSettings().value(QStringLiteral("export/scale"), 2).toInt();

    createActions();
    createMenus();
    connectWindow();
    window->setAcceptDrops(true);
    window->installEventFilter(this);
    updateTitle();

    if (recovery) {
        m_recovery = new Recovery(QString(), this);
        // Captured when the autosave is written, not when a change is signalled: applying a session
        // signals the model's changes first and sets its colour map and view after them.
        m_recovery->setCapture([this] { return captureSession(); });
        restoreAfterCrash();
        m_recovery->start();
    }
}

Classroom::~Classroom()
{
    if (m_recovery)
        m_recovery->finish();
}

Classroom *Classroom::of(const QWidget *window)
{
    return window ? window->findChild<Classroom *>(QStringLiteral("classroom"), Qt::FindDirectChildrenOnly)
                  : nullptr;
}

QWidget *Classroom::viewWidget(View view) const
{
    switch (view) {
    case View::Heatmap:
        return m_window->findChild<QWidget *>(QStringLiteral("embeddingHeatmap"));
    case View::LmHeadHeatmap:
        return m_window->findChild<QWidget *>(QStringLiteral("lmHeadHeatmap"));
    case View::OneHot:
        return m_window->oneHotView();
    case View::Histogram:
        return m_window->findChild<InitHistogram *>();
    case View::Unembedding:
        return m_window->findChild<UnembeddingView *>();
    case View::Window:
        return m_window;
    }
    return nullptr;
}

// ---- actions and menus -------------------------------------------------------------------------

void Classroom::createActions()
{
    m_projectorAction = new QAction(tr("&Projector Mode"), m_window);
    m_projectorAction->setObjectName(QStringLiteral("projectorMode"));
    m_projectorAction->setCheckable(true);
    m_projectorAction->setShortcut(QKeySequence(Qt::Key_F5));
    m_projectorAction->setStatusTip(
        tr("White page, big text, thick lines and full screen for a classroom (F5)"));
    connect(m_projectorAction, &QAction::toggled, m_projector, &ProjectorMode::setEnabled);
    connect(m_projector, &ProjectorMode::enabledChanged, m_projectorAction, &QAction::setChecked);
    m_window->addAction(m_projectorAction);

    m_lessonAction = new QAction(tr("Guided &Lesson"), m_window);
    m_lessonAction->setObjectName(QStringLiteral("guidedLesson"));
    m_lessonAction->setCheckable(true);
    m_lessonAction->setShortcut(QKeySequence(QStringLiteral("Ctrl+L")));
    m_lessonAction->setStatusTip(
        tr("Ten steps from the argument order to the common pitfalls; PageDown moves on"));
    connect(m_lessonAction, &QAction::toggled, this, &Classroom::showLesson);
    m_window->addAction(m_lessonAction);

    // The window's session actions (disabled placeholders) become real ones.
    m_openAction = m_window->findChild<QAction *>(QStringLiteral("openSession"));
    m_saveAction = m_window->findChild<QAction *>(QStringLiteral("saveSession"));
    m_saveAsAction = m_window->findChild<QAction *>(QStringLiteral("saveSessionAs"));
    const auto adopt = [this](QPointer<QAction> &action, const QString &name, const QString &text,
                              const QKeySequence &key) {
        if (!action) {
            action = new QAction(text, m_window);
            action->setObjectName(name);
            action->setShortcut(key);
            m_window->addAction(action);
        }
        if (action->shortcuts().isEmpty())
            action->setShortcut(key);
        action->setEnabled(true);
    };
    adopt(m_openAction, QStringLiteral("openSession"), tr("&Open Session..."),
          QKeySequence(QStringLiteral("Ctrl+Shift+O")));
    adopt(m_saveAction, QStringLiteral("saveSession"), tr("&Save Session"), QKeySequence::Save);
    adopt(m_saveAsAction, QStringLiteral("saveSessionAs"), tr("Save Session &As..."), QKeySequence::SaveAs);
    m_openAction->setStatusTip(tr("Open an .embedlab session"));
    m_openAction->setToolTip(m_openAction->statusTip());
    m_saveAction->setStatusTip(
        tr("Save sizes, seed, initialisers, tie state, ids and view as an .embedlab session"));
    m_saveAction->setToolTip(m_saveAction->statusTip());
    m_saveAsAction->setStatusTip(tr("Save the session under a new name"));
    m_saveAsAction->setToolTip(m_saveAsAction->statusTip());
    connect(m_openAction, &QAction::triggered, this, [this] { openInteractively(); });
    connect(m_saveAction, &QAction::triggered, this, [this] { saveInteractively(false); });
    connect(m_saveAsAction, &QAction::triggered, this, [this] { saveInteractively(true); });

    m_languageGroup = new QActionGroup(this);
    m_languageGroup->setExclusive(true);
    const QString current = languageCode();
    // Each language is named in itself, so a user lost in a foreign UI finds their own.
    const QList<QPair<QString, QString>> languages = {
        {QStringLiteral("en"), QStringLiteral("English")},
        {QStringLiteral("vi"), QStringLiteral("Ti\u1ebfng Vi\u1ec7t")},
        {QStringLiteral("zh"), QStringLiteral("\u7b80\u4f53\u4e2d\u6587")}};
    for (const auto &[code, name] : languages) {
        auto *action = new QAction(name, m_languageGroup);
        action->setObjectName(QStringLiteral("language_%1").arg(code));
        action->setCheckable(true);
        action->setChecked(code == current);
        action->setData(code);
    }
    connect(m_languageGroup, &QActionGroup::triggered, this,
            [this](QAction *action) { chooseLanguage(action->data().toString()); });
}

void Classroom::createMenus()
{
    QMenu *file = nullptr;
    QMenu *view = nullptr;
    for (QAction *action : m_window->menuBar()->actions()) {
        if (!action->menu())
            continue;
        const QString name = action->menu()->objectName();
        if (!file && (action->menu()->actions().contains(m_openAction) || name == QLatin1String("fileMenu")))
            file = action->menu();
        if (!view &&
            action->menu()->actions().contains(m_window->findChild<QAction *>(QStringLiteral("zoomIn"))))
            view = action->menu();
    }
    if (!file)
        file = m_window->menuBar()->addMenu(tr("&File"));
    if (!view)
        view = m_window->menuBar()->addMenu(tr("&View"));
    if (!file->actions().contains(m_openAction))
        file->insertAction(file->actions().value(0), m_openAction);
    if (!file->actions().contains(m_saveAction))
        file->insertAction(file->actions().value(1), m_saveAction);
    if (!file->actions().contains(m_saveAsAction))
        file->insertAction(file->actions().value(2), m_saveAsAction);

    QAction *before = nullptr;
    const QList<QAction *> fileActions = file->actions();
    const int afterSaveAs = static_cast<int>(fileActions.indexOf(m_saveAsAction)) + 1;
    before = fileActions.value(afterSaveAs);
    m_recentMenu = new QMenu(tr("Open &Recent"), file);
    m_recentMenu->setObjectName(QStringLiteral("recentMenu"));
    file->insertMenu(before, m_recentMenu);
    rebuildRecentMenu();

    QMenu *exportMenu = new QMenu(tr("E&xport"), file);
    exportMenu->setObjectName(QStringLiteral("exportMenu"));
    QMenu *copyMenu = new QMenu(tr("&Copy as Image"), file);
    copyMenu->setObjectName(QStringLiteral("copyImageMenu"));
    const QList<QPair<View, QString>> views = {
        {View::Heatmap, tr("embedding.weight Heatmap")}, {View::LmHeadHeatmap, tr("lm_head.weight Heatmap")},
        {View::OneHot, tr("One-Hot Animation Frame")},   {View::Histogram, tr("Initialisation Histogram")},
        {View::Unembedding, tr("Unembedding Charts")},   {View::Window, tr("Whole Window")}};
    for (const auto &[kind, name] : views) {
        const View v = kind;
        QAction *exportAction = exportMenu->addAction(tr("%1 (PNG, SVG, PDF)...").arg(name));
        exportAction->setObjectName(QStringLiteral("export_%1").arg(static_cast<int>(v)));
        connect(exportAction, &QAction::triggered, this, [this, v] { exportViewInteractively(v); });
        QAction *copyAction = copyMenu->addAction(name);
        copyAction->setObjectName(QStringLiteral("copy_%1").arg(static_cast<int>(v)));
        connect(copyAction, &QAction::triggered, this, [this, v] { copyViewToClipboard(v); });
        // Disabled while the window has no such view (a dock another version adds).
        connect(exportMenu, &QMenu::aboutToShow, exportAction,
                [this, exportAction, v] { exportAction->setEnabled(viewWidget(v) != nullptr); });
        connect(copyMenu, &QMenu::aboutToShow, copyAction,
                [this, copyAction, v] { copyAction->setEnabled(viewWidget(v) != nullptr); });
    }
    exportMenu->addSeparator();
    QAction *frames = exportMenu->addAction(tr("Animation as PNG &Frames..."));
    frames->setObjectName(QStringLiteral("exportFrames"));
    connect(frames, &QAction::triggered, this, &Classroom::exportFramesInteractively);
    QAction *npy = exportMenu->addAction(tr("&Weights as .npy..."));
    npy->setObjectName(QStringLiteral("exportNpy"));
    connect(npy, &QAction::triggered, this, &Classroom::exportWeightsInteractively);
    file->insertMenu(before, exportMenu);
    file->insertMenu(before, copyMenu);

    view->addSeparator();
    view->addAction(m_projectorAction);
    view->addAction(m_lessonAction);
    view->addAction(m_lessonDock->toggleViewAction());
    QMenu *language = view->addMenu(tr("&Language"));
    language->setObjectName(QStringLiteral("languageMenu"));
    language->addActions(m_languageGroup->actions());
}

void Classroom::connectWindow()
{
    Lab *lab = m_window->lab();
    connect(lab, &Lab::configChanged, this, &Classroom::markModified);
    connect(lab, &Lab::idsChanged, this, &Classroom::markModified);
    connect(lab, &Lab::historyChanged, this, &Classroom::markModified);
    connect(lab, &Lab::tiedChanged, this, &Classroom::markModified);
    connect(m_lesson, &Lesson::currentChanged, this, [this](int index) {
        if (index < 0) {
            m_lessonDock->hide();
            m_lessonAction->setChecked(false);
            return;
        }
        applyLessonStep(index);
        m_lessonPanel->showStep(index, m_lesson->count(), Lesson::title(index), Lesson::text(index));
    });
    connect(m_lessonPanel, &LessonPanel::nextRequested, m_lesson, &Lesson::next);
    connect(m_lessonPanel, &LessonPanel::previousRequested, m_lesson, &Lesson::previous);
    connect(m_lessonPanel, &LessonPanel::closeRequested, m_lesson, &Lesson::stop);

    // Presenter clickers send PageDown/PageUp (or arrows): they walk the animation, and when it
    // cannot move any further the lesson goes to its next or previous step.
    OneHotAnimation *animation = m_window->animation();
    connect(animation, &OneHotAnimation::stepChanged, this, [this] { m_animationMoved = true; });
    // Connected after the window's own connection, so the animation has moved (or not) already.
    if (auto *forward = m_window->findChild<QAction *>(QStringLiteral("stepForward")))
        connect(forward, &QAction::triggered, this, &Classroom::onStepForward);
    if (auto *back = m_window->findChild<QAction *>(QStringLiteral("stepBack")))
        connect(back, &QAction::triggered, this, &Classroom::onStepBack);
}

void Classroom::onStepForward()
{
    const bool moved = std::exchange(m_animationMoved, false);
    if (m_lesson->isRunning() && !moved)
        m_lesson->next();
}

void Classroom::onStepBack()
{
    const bool moved = std::exchange(m_animationMoved, false);
    if (m_lesson->isRunning() && !moved)
        m_lesson->previous();
}

void Classroom::showLesson(bool on)
{
    if (on) {
        m_lessonDock->show();
        m_lesson->start();
        m_animationMoved = false;
    } else {
        m_lesson->stop();
        m_lessonDock->hide();
    }
}

void Classroom::applyLessonStep(int index)
{
    if (index < 0 || index >= m_lesson->count())
        return;
    const Lesson::Step &step = m_lesson->step(index);
    ++m_applying;
    Lab *lab = m_window->lab();
    Lab::Config config = Lab::presetConfig(step.preset);
    config.tied = step.tied;
    lab->setConfig(config);
    if (lab->isTied() != step.tied)
        lab->setTied(step.tied);
    // The ids field shows what the step typed, even when it is refused (the pitfalls step's id 4).
    const QString ids = QString::fromLatin1(step.ids);
    if (auto *field = m_window->findChild<QLineEdit *>(QStringLiteral("ids")))
        field->setText(ids);
    lab->setIdsText(ids);
    OneHotAnimation *animation = m_window->animation();
    animation->pause();
    switch (step.animation) {
    case Lesson::AnimationAt::Start:
        animation->restart();
        break;
    case Lesson::AnimationAt::Lookup:
        animation->setStep(OneHotAnimation::kPhasesPerId - 1); // the first id's Lookup phase
        animation->setProgress(1.0);
        break;
    case Lesson::AnimationAt::End:
        animation->goToEnd();
        break;
    }
    m_animationMoved = false;
    for (QDockWidget *dock : m_window->findChildren<QDockWidget *>()) {
        if (dock == m_lessonDock)
            continue;
        bool wanted = false;
        for (const QString &word : step.docks)
            wanted = wanted || dock->objectName().contains(word, Qt::CaseInsensitive);
        // Projector mode keeps the side panels hidden: the lesson names only what matters.
        dock->setVisible(wanted);
    }
    m_lessonDock->show();
    --m_applying;
}

// ---- sessions ----------------------------------------------------------------------------------

bool Classroom::weightsEdited() const
{
    for (const Lab::Operation &op : m_window->lab()->history()) {
        if (op.kind == Lab::Operation::Kind::Step || op.kind == Lab::Operation::Kind::Load ||
            op.kind == Lab::Operation::Kind::Untie)
            return true;
    }
    return false;
}

SessionFile::Session Classroom::captureSession() const
{
    const Lab *lab = m_window->lab();
    SessionFile::Session s;
    s.config = lab->config();
    s.config.tied = lab->isTied();
    s.idsText = lab->idsText();
    for (const Lab::Operation &op : lab->history()) {
        if (op.kind == Lab::Operation::Kind::Init)
            s.inits.append({op.target, op.spec, op.seed});
    }
    s.colorMap = m_projector->isEnabled() ? m_projector->savedColorMap() : QString();
    if (s.colorMap.isEmpty())
        s.colorMap = m_window->colorMapName();
    s.projector = m_projector->isEnabled();
    s.animationStep = m_window->animation()->step();
    s.lessonStep = m_lesson->current();
    return s;
}

SessionFile::Weights Classroom::weightsToStore() const
{
    SessionFile::Weights weights;
    if (!weightsEdited())
        return weights;
    // A step, load, tie or untie can change any parameter, and replaying the initialisers with the
    // final tie state need not reproduce the others: every parameter with its own storage is kept.
    const Lab *lab = m_window->lab();
    weights.insert(QStringLiteral("embedding.weight"), lab->embeddingWeight().get());
    if (!lab->isTied())
        weights.insert(QStringLiteral("lm_head.weight"), lab->lmHeadWeight().get());
    if (const core::ParameterPtr bias = lab->lmHeadBias())
        weights.insert(QStringLiteral("lm_head.bias"), bias.get());
    return weights;
}

namespace {

/// The Load operation that restores `parameter` from the .npy at `path`, as Python that does the same.
Lab::Operation restoreOperation(const QString &parameter, const QString &path)
{
    QString quoted = path;
    quoted.replace(QLatin1Char('\\'), QStringLiteral("\\\\"))
        .replace(QLatin1Char('"'), QStringLiteral("\\\""));
    Lab::Operation op;
    op.kind = Lab::Operation::Kind::Load;
    op.target = parameter;
    op.spec = path + QLatin1Char(':') + parameter;
    const QStringList lines{
        QStringLiteral("# %1 from %2, stored by the session").arg(parameter, QFileInfo(path).fileName()),
        QStringLiteral("import numpy"),
        QStringLiteral("w = torch.from_numpy(numpy.load(\"%1\")).float()").arg(quoted),
        QStringLiteral("with torch.no_grad():"),
        QStringLiteral("    %1.copy_(w)").arg(parameter),
    };
    op.python = lines.join(QLatin1Char('\n'));
    return op;
}

} // namespace

void Classroom::applySession(const SessionFile::Session &s, const QMap<QString, core::ParameterPtr> &weights,
                             const QString &sessionFileName)
{
    ++m_applying;
    Lab *lab = m_window->lab();
    Lab::Config config = s.config;
    // Equal configurations do not rebuild, but earlier initialisers must not survive: rebuild anyway.
    if (config == lab->config() && !lab->history().isEmpty()) {
        Lab::Config other = config;
        other.seed = config.seed + 1;
        lab->setConfig(other);
    }
    lab->setConfig(config);
    if (lab->isTied() != config.tied)
        lab->setTied(config.tied);
    lab->setIdsText(s.idsText);
    // The caller's values may change after this returns: the deferred restore keeps its own copies.
    QList<std::pair<Lab::Operation, std::shared_ptr<core::Parameter>>> restores;
    const QDir dir = QFileInfo(sessionFileName).dir();
    for (const QString &parameter : SessionFile::storableParameters()) {
        if (const core::ParameterPtr values = weights.value(parameter))
            restores.append(
                {restoreOperation(parameter, dir.filePath(s.weightFiles.value(parameter))), values->clone()});
    }
    const QList<SessionFile::Init> inits = s.inits;
    whenIdle(lab, this, [lab, inits, restores] {
        for (const SessionFile::Init &init : inits) {
            try {
                lab->applyInit(init.parameter, core::InitSpec::parse(init.spec.toStdString()), init.seed);
            } catch (const std::exception &e) {
                Q_EMIT lab->initFailed(QString::fromStdString(e.what()));
            }
        }
        if (restores.isEmpty())
            return;
        whenIdle(lab, lab, [lab, restores] {
            for (const auto &[op, values] : restores) {
                core::ParameterPtr target = lab->parameter(op.target);
                if (!target || target->shape() != values->shape())
                    continue;
                target->value() = values->value();
                lab->recordWeightsChange(op);
            }
        });
    });
    if (ColorMap::isKnownName(s.colorMap) && !m_projector->isEnabled())
        m_window->setColorMapName(s.colorMap);
    m_projector->setEnabled(s.projector);
    m_window->animation()->pause();
    m_window->animation()->setStep(s.animationStep);
    if (s.lessonStep >= 0 && s.lessonStep < m_lesson->count()) {
        m_lessonAction->setChecked(true);
        m_lesson->setCurrent(s.lessonStep);
    }
    --m_applying;
}

QString Classroom::saveSession(const QString &fileName)
{
    const QString error = SessionFile::write(fileName, captureSession(), weightsToStore());
    if (!error.isEmpty())
        return error;
    m_fileName = QFileInfo(fileName).absoluteFilePath();
    setModified(false);
    addRecentFile(m_fileName);
    return {};
}

QString Classroom::openSession(const QString &fileName)
{
    QString error;
    const std::optional<SessionFile::Session> session = SessionFile::read(fileName, &error);
    if (!session)
        return error;
    // Everything is read and checked before the first change, so a bad file changes nothing.
    const std::optional<QMap<QString, core::ParameterPtr>> weights =
        SessionFile::readAllWeights(fileName, *session, &error);
    if (!weights)
        return error;
    for (const SessionFile::Init &init : session->inits) {
        try {
            (void)core::InitSpec::parse(init.spec.toStdString());
        } catch (const std::exception &e) {
            return tr("Could not open '%1': the initialiser '%2' is invalid: %3")
                .arg(fileName, init.spec, QString::fromStdString(e.what()));
        }
    }
    applySession(*session, *weights, fileName);
    m_window->undoStack()->clear();
    m_fileName = QFileInfo(fileName).absoluteFilePath();
    setModified(false);
    addRecentFile(m_fileName);
    return {};
}

void Classroom::markModified()
{
    if (m_recovery)
        m_recovery->scheduleSave();
    if (m_applying == 0)
        setModified(true);
}

void Classroom::setModified(bool modified)
{
    m_modified = modified;
    updateTitle();
}

void Classroom::updateTitle()
{
    const QString name = m_fileName.isEmpty() ? tr("Untitled session") : QFileInfo(m_fileName).fileName();
    m_window->setWindowFilePath(m_fileName);
    m_window->setWindowTitle(tr("%1[*] \u2014 EmbedLab").arg(name));
    m_window->setWindowModified(m_modified);
}

QStringList Classroom::recentFiles() const
{
    return appSettings().value(kRecentKey).toStringList();
}

void Classroom::addRecentFile(const QString &fileName)
{
    QStringList files = recentFiles();
    files.removeAll(fileName);
    files.prepend(fileName);
    while (files.size() > kMaxRecentFiles)
        files.removeLast();
    appSettings().setValue(kRecentKey, files);
    rebuildRecentMenu();
}

void Classroom::rebuildRecentMenu()
{
    if (!m_recentMenu)
        return;
    m_recentMenu->clear();
    const QStringList files = recentFiles();
    for (int i = 0; i < files.size(); ++i) {
        const QString file = files.at(i);
        QAction *action =
            m_recentMenu->addAction(QStringLiteral("&%1 %2").arg(i + 1).arg(QFileInfo(file).fileName()));
        action->setToolTip(file);
        action->setStatusTip(file);
        connect(action, &QAction::triggered, this, [this, file] { openInteractively(file); });
    }
    if (files.isEmpty()) {
        m_recentMenu->addAction(tr("No recent sessions"))->setEnabled(false);
        return;
    }
    m_recentMenu->addSeparator();
    connect(m_recentMenu->addAction(tr("&Clear List")), &QAction::triggered, this, [this] {
        appSettings().remove(kRecentKey);
        rebuildRecentMenu();
    });
}

void Classroom::restoreAfterCrash()
{
    const std::optional<SessionFile::Session> session = m_recovery->crashedSession();
    if (!session)
        return;
    applySession(*session);
    setModified(true);
    showMessage(tr("EmbedLab did not quit normally last time: the last state was restored."));
}

void Classroom::showMessage(const QString &text)
{
    m_window->statusBar()->showMessage(text, 15000);
}

void Classroom::openInteractively(const QString &fileName)
{
    if (!maybeSave())
        return;
    QString file = fileName;
    if (file.isEmpty()) {
        file = QFileDialog::getOpenFileName(m_window, tr("Open Session"), QFileInfo(m_fileName).path(),
                                            tr("EmbedLab sessions (*.embedlab)"));
        if (file.isEmpty())
            return;
    }
    const QString error = openSession(file);
    if (!error.isEmpty()) {
        QMessageBox::warning(m_window, tr("Open Session"), error);
        return;
    }
    showMessage(tr("Opened %1").arg(QFileInfo(file).fileName()));
}

bool Classroom::saveInteractively(bool saveAs)
{
    QString file = m_fileName;
    if (saveAs || file.isEmpty()) {
        file = QFileDialog::getSaveFileName(m_window, tr("Save Session"),
                                            file.isEmpty() ? QStringLiteral("lesson.embedlab") : file,
                                            tr("EmbedLab sessions (*.embedlab)"));
        if (file.isEmpty())
            return false;
        if (!isSessionFile(file))
            file += QStringLiteral(".embedlab");
    }
    const QString error = saveSession(file);
    if (!error.isEmpty()) {
        QMessageBox::warning(m_window, tr("Save Session"), error);
        return false;
    }
    showMessage(tr("Saved %1").arg(QFileInfo(file).fileName()));
    return true;
}

bool Classroom::maybeSave()
{
    if (!m_modified)
        return true;
    const auto answer = QMessageBox::question(
        m_window, tr("Unsaved Changes"), tr("The session has changes that are not saved. Save them?"),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Cancel)
        return false;
    if (answer == QMessageBox::Save)
        return saveInteractively(false);
    return true;
}

bool Classroom::eventFilter(QObject *watched, QEvent *event)
{
    if (watched != m_window)
        return false;
    switch (event->type()) {
    case QEvent::Close:
        // Tests and scripted runs (no recovery, never saved) must not block on a question.
        if ((m_recovery || !m_fileName.isEmpty()) && !maybeSave()) {
            event->ignore();
            return true;
        }
        if (m_recovery)
            m_recovery->finish();
        return false;
    case QEvent::DragEnter: {
        auto *drag = static_cast<QDragEnterEvent *>(event);
        const QList<QUrl> urls = drag->mimeData()->urls();
        if (urls.size() == 1 && isSessionFile(urls.front().toLocalFile())) {
            drag->acceptProposedAction();
            return true;
        }
        return false;
    }
    case QEvent::Drop: {
        auto *drop = static_cast<QDropEvent *>(event);
        const QList<QUrl> urls = drop->mimeData()->urls();
        if (urls.size() == 1 && isSessionFile(urls.front().toLocalFile())) {
            drop->acceptProposedAction();
            const QString file = urls.front().toLocalFile();
            QMetaObject::invokeMethod(
                this, [this, file] { openInteractively(file); }, Qt::QueuedConnection);
            return true;
        }
        return false;
    }
    default:
        return false;
    }
}

// ---- export ------------------------------------------------------------------------------------

void Classroom::exportViewInteractively(View view)
{
    QWidget *widget = viewWidget(view);
    if (!widget)
        return;
    QSettings settings = appSettings();
    const QString lastDir = settings.value(QStringLiteral("export/directory"), QDir::homePath()).toString();
    QString selected;
    const QString file = QFileDialog::getSaveFileName(
        m_window, tr("Export View"), QDir(lastDir).filePath(QStringLiteral("embedlab.png")),
        tr("PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)"), &selected);
    if (file.isEmpty())
        return;
    settings.setValue(QStringLiteral("export/directory"), QFileInfo(file).path());
    int scale = 1;
    if (Exporter::formatForFile(file) == Exporter::Format::Png) {
        bool ok = false;
        scale = QInputDialog::getInt(m_window, tr("Export View"), tr("Scale (1x to 4x, for slides):"),
                                     m_exportScale, Exporter::kMinScale, Exporter::kMaxScale, 1, &ok);
        if (!ok)
            return;
        m_exportScale = scale;
        settings.setValue(QStringLiteral("export/scale"), scale);
    }
    // A whole window at 4x is 4800 x 3200 pixels: rendering and encoding it takes a few hundred
    // milliseconds. Behind a progress dialog, with the PNG encoded on a worker while the dialog
    // stays live (the rendering must stay here: widgets paint on the UI thread only).
    QProgressDialog progress(tr("Exporting %1 ...").arg(QFileInfo(file).fileName()), QString(), 0, 0,
                             m_window);
    progress.setWindowTitle(tr("Export View"));
    progress.setObjectName(QStringLiteral("exportViewProgress"));
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(0);
    progress.show();
    QCoreApplication::processEvents(QEventLoop::ExcludeUserInputEvents);
    QString error;
    if (Exporter::formatForFile(file) == Exporter::Format::Png) {
        const QImage image = Exporter::renderImage(widget, scale);
        QFutureWatcher<QString> watcher;
        QEventLoop loop;
        connect(&watcher, &QFutureWatcherBase::finished, &loop, &QEventLoop::quit);
        watcher.setFuture(QtConcurrent::run(workerPool(), &Exporter::writePngImage, image, file));
        loop.exec(QEventLoop::ExcludeUserInputEvents);
        error = watcher.result();
    } else {
        error = Exporter::exportWidget(widget, file, scale);
    }
    progress.close();
    if (!error.isEmpty())
        QMessageBox::warning(m_window, tr("Export View"), error);
    else
        showMessage(tr("Exported %1").arg(QFileInfo(file).fileName()));
}

void Classroom::copyViewToClipboard(View view)
{
    if (QWidget *widget = viewWidget(view)) {
        Exporter::copyToClipboard(widget, m_exportScale);
        showMessage(tr("Copied the image to the clipboard"));
    }
}

void Classroom::exportFramesInteractively()
{
    const QString directory = QFileDialog::getExistingDirectory(m_window, tr("Export Animation Frames"));
    if (directory.isEmpty())
        return;
    int written = 0;
    // Each frame is rendered on the UI thread (widgets paint only there); a modal progress dialog
    // runs the event loop between frames, so the window repaints and the export can be cancelled.
    QProgressDialog progress(tr("Writing animation frames ..."), tr("Cancel"), 0,
                             m_window->animation()->stepCount(), m_window);
    progress.setWindowTitle(tr("Export Animation Frames"));
    progress.setObjectName(QStringLiteral("exportFramesProgress"));
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(0);
    progress.setAutoReset(false);
    progress.setAutoClose(false);
    progress.setValue(0);
    const QString error = Exporter::exportFrames(m_window->oneHotView(), m_window->animation(), directory,
                                                 m_exportScale, &written, [&progress](int done, int total) {
                                                     progress.setMaximum(total);
                                                     progress.setValue(done); // runs the event loop
                                                     return !progress.wasCanceled();
                                                 });
    const bool cancelled = progress.wasCanceled();
    progress.close();
    if (!error.isEmpty())
        QMessageBox::warning(m_window, tr("Export Animation Frames"), error);
    else if (cancelled)
        showMessage(tr("Export cancelled after %n frame(s) in %1", nullptr, written).arg(directory));
    else
        showMessage(tr("Wrote %n frame(s) to %1", nullptr, written).arg(directory));
}

void Classroom::exportWeightsInteractively()
{
    Lab *lab = m_window->lab();
    QStringList names = {QStringLiteral("embedding.weight")};
    if (!lab->isTied())
        names.append(QStringLiteral("lm_head.weight"));
    bool ok = true;
    const QString name = names.size() == 1 ? names.front()
                                           : QInputDialog::getItem(m_window, tr("Export Weights"),
                                                                   tr("Tensor:"), names, 0, false, &ok);
    if (!ok)
        return;
    const QString file = QFileDialog::getSaveFileName(
        m_window, tr("Export Weights"), name + QStringLiteral(".npy"), tr("NumPy arrays (*.npy)"));
    if (file.isEmpty())
        return;
    const core::ParameterPtr parameter = lab->parameter(name);
    const QString error = parameter ? Exporter::exportNpy(*parameter, file) : tr("There is no %1.").arg(name);
    if (!error.isEmpty())
        QMessageBox::warning(m_window, tr("Export Weights"), error);
    else
        showMessage(tr("Exported %1").arg(QFileInfo(file).fileName()));
}

// ---- languages ---------------------------------------------------------------------------------

QStringList Classroom::languageCodes()
{
    return {QStringLiteral("en"), QStringLiteral("vi"), QStringLiteral("zh")};
}

QString Classroom::languageCode()
{
    const QString saved = appSettings().value(kLanguageKey).toString();
    if (languageCodes().contains(saved))
        return saved;
    for (const QString &name : QLocale::system().uiLanguages()) {
        if (name.startsWith(QLatin1String("vi")))
            return QStringLiteral("vi");
        if (name.startsWith(QLatin1String("zh")))
            return QStringLiteral("zh");
        if (name.startsWith(QLatin1String("en")))
            return QStringLiteral("en");
    }
    return QStringLiteral("en");
}

bool Classroom::installLanguage(const QString &code)
{
    if (!languageCodes().contains(code))
        return false;
    for (QTranslator *translator : std::as_const(installedTranslators())) {
        QCoreApplication::removeTranslator(translator);
        delete translator;
    }
    installedTranslators().clear();
    if (code == QLatin1String("en"))
        return true;
    const QString qtName = code == QLatin1String("zh") ? QStringLiteral("zh_CN") : code;
    auto *ours = new QTranslator(QCoreApplication::instance()); // freed with the application
    if (!ours->load(QStringLiteral(":/i18n/embedlab_%1.qm").arg(qtName))) {
        delete ours;
        return false;
    }
    QCoreApplication::installTranslator(ours);
    installedTranslators().append(ours);
    // Qt's own dialogs (Save, Cancel, ...) in the same language, when the system has them.
    auto *qt = new QTranslator(QCoreApplication::instance());
    if (qt->load(QStringLiteral("qtbase_%1").arg(qtName),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QCoreApplication::installTranslator(qt);
        installedTranslators().append(qt);
    } else {
        delete qt;
    }
    return true;
}

void Classroom::chooseLanguage(const QString &code)
{
    if (code == languageCode() && !appSettings().value(kLanguageKey).toString().isEmpty())
        return;
    appSettings().setValue(kLanguageKey, code);
    installLanguage(code);
    // The lesson and the dialogs follow at once; the menus and panels are built once, at start.
    const auto answer = QMessageBox::question(
        m_window, tr("Language"),
        tr("The whole window shows the new language after a restart. Restart EmbedLab now?"),
        QMessageBox::Yes | QMessageBox::No, QMessageBox::Yes);
    if (answer != QMessageBox::Yes)
        return;
    if (!maybeSave())
        return;
    if (m_recovery) {
        m_recovery->scheduleSave(captureSession());
        m_recovery->saveNow();
    }
    QProcess::startDetached(QCoreApplication::applicationFilePath(), QCoreApplication::arguments().mid(1));
    m_modified = false;
    m_fileName.clear();
    QMetaObject::invokeMethod(m_window, &QWidget::close, Qt::QueuedConnection);
}

} // namespace embedlab::ui
