// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/window/SessionController.h"

#include "core/init/InitSpec.h"
#include "core/nn/FitRecord.h"
#include "ui/heatmap/ColorMap.h"
#include "ui/model/Document.h"
#include "ui/model/FitSession.h"
#include "ui/model/Lab.h"
#include "ui/model/LabUndo.h"
#include "ui/model/OneHotAnimation.h"
#include "ui/model/PythonCode.h"
#include "ui/model/Recovery.h"
#include "ui/model/Settings.h"
#include "ui/window/MainWindow.h"
#include "ui/window/WindowActions.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QStatusBar>

namespace embedlab::ui {

namespace {

constexpr int kMaxRecentFiles = 8;
const QString kRecentKey = QStringLiteral("sessions/recent");

/// The Load operation that restores `parameter` from the .npy at `path`, as Python that does the same.
Lab::Operation restoreOperation(const QString &parameter, const QString &path)
{
    Lab::Operation op;
    op.kind = Lab::Operation::Kind::Load;
    op.target = parameter;
    op.spec = path + QLatin1Char(':') + parameter;
    op.python = PythonCode::load(path, parameter, parameter, PythonCode::Origin::Session);
    return op;
}

} // namespace

SessionController::SessionController(MainWindow *window, const WindowActions &actions, bool recovery)
    : QObject(window)
    , m_window(window)
{
    connect(actions.openSession, &QAction::triggered, this, [this] { openInteractively(); });
    connect(actions.saveSession, &QAction::triggered, this, [this] { saveInteractively(false); });
    connect(actions.saveSessionAs, &QAction::triggered, this, [this] { saveInteractively(true); });
    createRecentMenu();

    // The teacher's document: the lesson's own document is never saved (its step is).
    Document *document = window->document();
    Lab *lab = document->lab();
    connect(lab, &Lab::configChanged, this, &SessionController::markModified);
    connect(lab, &Lab::idsChanged, this, &SessionController::markModified);
    connect(lab, &Lab::historyChanged, this, &SessionController::markModified);
    connect(lab, &Lab::tiedChanged, this, &SessionController::markModified);
    connect(document, &Document::changed, this, [this](ViewState::Field field) {
        using F = ViewState::Field;
        // What the user edits, not how it is looked at (selection, animation, view modes).
        if (field == F::IdsEntry || field == F::TextMode || field == F::InitDraft || field == F::Optimizer ||
            field == F::TrainingBatch || field == F::Unembedding || field == F::Fit)
            markModified();
    });
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

SessionController::~SessionController()
{
    if (m_recovery)
        m_recovery->finish();
}

bool SessionController::isSessionFile(const QString &fileName)
{
    return QFileInfo(fileName).suffix().compare(QLatin1String(SessionFile::kSuffix), Qt::CaseInsensitive) ==
           0;
}

bool SessionController::weightsEdited() const
{
    for (const Lab::Operation &op : m_window->document()->lab()->history()) {
        if (op.kind == Lab::Operation::Kind::Step || op.kind == Lab::Operation::Kind::Load ||
            op.kind == Lab::Operation::Kind::Untie)
            return true;
    }
    return false;
}

SessionFile::Session SessionController::captureSession() const
{
    const Document *document = m_window->document();
    const Lab *lab = document->lab();
    SessionFile::Session s;
    s.config = lab->config();
    s.config.tied = lab->isTied();
    s.idsText = lab->idsText();
    s.tokenizer = lab->vocabulary().source();
    for (const Lab::Operation &op : lab->history()) {
        if (op.kind == Lab::Operation::Kind::Init)
            s.inits.append({op.target, op.spec, op.seed});
    }
    s.view = document->state();
    // With stored weights the code panel would otherwise show loads of the files: keep the code
    // that produced them (training steps included, #16 item 9).
    if (weightsEdited())
        s.history = lab->history();
    return s;
}

QMap<QString, core::ParameterPtr> SessionController::editedWeights() const
{
    QMap<QString, core::ParameterPtr> weights;
    if (!weightsEdited())
        return weights;
    // A step, load, tie or untie can change any parameter, and replaying the initialisers with the
    // final tie state need not reproduce the others: every parameter with its own storage is kept.
    const Lab *lab = m_window->document()->lab();
    weights.insert(QStringLiteral("embedding.weight"), lab->embeddingWeight());
    if (!lab->isTied())
        weights.insert(QStringLiteral("lm_head.weight"), lab->lmHeadWeight());
    if (const core::ParameterPtr bias = lab->lmHeadBias())
        weights.insert(QStringLiteral("lm_head.bias"), bias);
    return weights;
}

SessionFile::Weights SessionController::weightsToStore() const
{
    SessionFile::Weights weights;
    const QMap<QString, core::ParameterPtr> edited = editedWeights();
    for (auto it = edited.begin(); it != edited.end(); ++it)
        weights.insert(it.key(), it.value().get());
    return weights;
}

void SessionController::applySession(const SessionFile::Session &s,
                                     const QMap<QString, core::ParameterPtr> &weights,
                                     const QString &sessionFileName,
                                     std::shared_ptr<const core::WeightFile> storedFit)
{
    ++m_applying;
    Document *document = m_window->document();
    document->endLesson();
    Lab *lab = document->lab();
    const Lab::Config config = s.config;
    const QString embedding = QStringLiteral("embedding.weight");
    QMap<QString, core::ParameterPtr> later = weights;
    if (weights.contains(embedding) && s.inits.isEmpty()) {
        // The model is built around the stored embedding: its values are never drawn nor copied
        // (a Llama 3 sized session reopens in the memory of one matrix).
        const QString path = QFileInfo(sessionFileName).dir().filePath(s.weightFiles.value(embedding));
        lab->adoptEmbedding(config, later.take(embedding), restoreOperation(embedding, path));
    } else {
        // Equal configurations do not rebuild, but earlier initialisers must not survive: rebuild anyway.
        if (config == lab->config() && !lab->history().isEmpty()) {
            Lab::Config other = config;
            other.seed = config.seed + 1;
            lab->setConfig(other);
        }
        lab->setConfig(config);
        // The configuration builds the model tied or not. While a big one is still being built,
        // isTied() is the old model's: tying that one said "lm_head's own 20 values were dropped"
        // about a 4x5 model the teacher never had (issue #24 item 7).
        if (!lab->isBusy() && lab->isTied() != config.tied)
            lab->setTied(config.tied);
    }
    QString tokenizerError;
    lab->setVocabulary(Vocabulary::fromSource(s.tokenizer, &tokenizerError));
    if (!tokenizerError.isEmpty())
        Q_EMIT lab->notice(tokenizerError);
    lab->setIdsText(s.idsText);
    restoreWeightsWhenIdle(s, later, sessionFileName);
    applyViewState(s.view, std::move(storedFit));
    --m_applying;
}

void SessionController::applyViewState(ViewState view, std::shared_ptr<const core::WeightFile> storedFit)
{
    Document *document = m_window->document();
    if (!ColorMap::isKnownName(view.colorMap))
        view.colorMap = document->colorMap();
    document->animation()->pause();
    // The ids entry, the selection and the animation step belong to the ids and model the session
    // sets: they are put back once its model is built and its ids are in effect.
    const int lessonStep = view.lessonStep;
    view.lessonStep = -1;
    document->setState(view, std::move(storedFit));
    document->lab()->whenIdle(this, [document, view] { document->setState(view); });
    if (lessonStep >= 0)
        document->startLesson(lessonStep);
}

void SessionController::restoreWeightsWhenIdle(const SessionFile::Session &s,
                                               const QMap<QString, core::ParameterPtr> &weights,
                                               const QString &sessionFileName)
{
    // The values are this restore's own (read from the files, or copied by takeOver()): the model
    // takes them over when they are put back, so a 2 GB weight is never held twice.
    QList<std::pair<Lab::Operation, std::shared_ptr<core::Parameter>>> restores;
    const QDir dir = QFileInfo(sessionFileName).dir();
    for (const QString &parameter : SessionFile::storableParameters()) {
        if (const core::ParameterPtr values = weights.value(parameter))
            restores.append(
                {restoreOperation(parameter, dir.filePath(s.weightFiles.value(parameter))), values});
    }
    Lab *lab = m_window->document()->lab();
    const QList<SessionFile::Init> inits = s.inits;
    const QList<Lab::Operation> history = s.history;
    ++m_pendingRestores;
    lab->whenIdle(this, [this, lab, inits, restores, history] {
        for (const SessionFile::Init &init : inits) {
            try {
                lab->applyInit(init.parameter, core::InitSpec::parse(init.spec.toStdString()), init.seed);
            } catch (const std::exception &e) {
                Q_EMIT lab->initFailed(QString::fromStdString(e.what()));
            }
        }
        if (restores.isEmpty()) {
            finishRestore();
            return;
        }
        lab->whenIdle(this, [this, lab, restores, history] {
            for (const auto &[op, values] : restores) {
                core::ParameterPtr target = lab->parameter(op.target);
                if (!target || target->shape() != values->shape())
                    continue;
                // The values were read for this restore alone: the model takes them (their buffer or
                // the file's mapping they lie in), no copy.
                target->replaceValue(std::move(*values));
                lab->recordWeightsChange(op);
            }
            if (!history.isEmpty()) {
                // The stored values are what this code produced: the code panel shows it again
                // instead of the loads (nothing is copied: no part is captured).
                Lab::WeightState code = lab->captureWeights(0);
                code.history = history;
                lab->restoreWeights(code);
            }
            finishRestore();
        });
    });
}

void SessionController::finishRestore()
{
    if (--m_pendingRestores == 0)
        Q_EMIT restoreFinished();
}

QString SessionController::saveSession(const QString &fileName)
{
    const SessionFile::Weights weights = weightsToStore();
    // The fit's run at the step shown (issue #27 item 5): reopened, it is there without a replay.
    const FitSession *fit = m_window->document()->fitSession();
    const std::optional<core::FitRecords> run = fit->records();
    const QString error = SessionFile::write(fileName, captureSession(), weights, run ? &*run : nullptr);
    if (!error.isEmpty())
        return error;
    m_fileName = QFileInfo(fileName).absoluteFilePath();
    setModified(false);
    addRecentFile(m_fileName);
    m_lastSave = savedText(fileName, weights);
    if (run)
        m_lastSave = tr("%1; the Fit a Text run is kept beside it, at step %2 of %3.")
                         .arg(m_lastSave)
                         .arg(run->run.state->step)
                         .arg(run->run.losses.size());
    return {};
}

QString SessionController::savedText(const QString &fileName, const SessionFile::Weights &weights)
{
    const QString name = QFileInfo(fileName).fileName();
    if (weights.isEmpty())
        return tr("Saved %1 (the weights are rebuilt from its seed and initialisers)").arg(name);
    // Weights that cannot be rebuilt (trained, loaded, untied) are written beside the session:
    // the save says so, with their size (issue #24 item 7).
    std::uint64_t bytes = 0;
    QStringList parameters;
    for (auto it = weights.cbegin(); it != weights.cend(); ++it) {
        bytes += it.value()->bytes();
        parameters.append(it.key());
    }
    return tr("Saved %1 and, beside it, the values of %2 (%3 in .npy files): trained or loaded weights "
              "cannot be rebuilt from the seed")
        .arg(name, parameters.join(QStringLiteral(", ")), QLocale().formattedDataSize(qint64(bytes), 1));
}

QString SessionController::openSession(const QString &fileName)
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
    // A run that cannot be read is replayed from its settings, to the same bits: the open goes on.
    QString fitError;
    std::shared_ptr<const core::WeightFile> storedFit = SessionFile::readFit(fileName, *session, &fitError);
    applySession(*session, *weights, fileName, std::move(storedFit));
    if (!fitError.isEmpty())
        showMessage(tr("The Fit a Text run stored beside the session could not be read (%1): it is computed "
                       "again from its settings.")
                        .arg(fitError));
    m_window->document()->undo()->clear();
    m_fileName = QFileInfo(fileName).absoluteFilePath();
    setModified(false);
    addRecentFile(m_fileName);
    return {};
}

void SessionController::markModified()
{
    if (m_recovery)
        m_recovery->scheduleSave();
    // A session's stored weights are put back once its model is built, after openSession() has
    // returned: that is the file's state, not a change (a 20000 x 64 session opened as modified).
    if (m_applying == 0 && m_pendingRestores == 0)
        setModified(true);
}

void SessionController::setModified(bool modified)
{
    m_modified = modified;
    updateTitle();
}

void SessionController::updateTitle()
{
    const QString name = m_fileName.isEmpty() ? tr("Untitled session") : QFileInfo(m_fileName).fileName();
    m_window->setWindowFilePath(m_fileName);
    m_window->setWindowTitle(tr("%1[*] \u2014 EmbedLab").arg(name));
    m_window->setWindowModified(m_modified);
}

QStringList SessionController::recentFiles() const
{
    return appSettings().value(kRecentKey).toStringList();
}

void SessionController::addRecentFile(const QString &fileName)
{
    QStringList files = recentFiles();
    files.removeAll(fileName);
    files.prepend(fileName);
    while (files.size() > kMaxRecentFiles)
        files.removeLast();
    appSettings().setValue(kRecentKey, files);
    rebuildRecentMenu();
}

void SessionController::createRecentMenu()
{
    m_recentMenu = new QMenu(tr("Open &Recent"), m_window);
    m_recentMenu->setObjectName(QStringLiteral("recentMenu"));
    rebuildRecentMenu();
}

void SessionController::rebuildRecentMenu()
{
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

void SessionController::restoreAfterCrash()
{
    const std::optional<SessionFile::Session> session = m_recovery->crashedSession();
    if (!session)
        return;
    applySession(*session);
    setModified(true);
    showMessage(tr("EmbedLab did not quit normally last time: the last state was restored."));
}

void SessionController::showMessage(const QString &text)
{
    m_window->statusBar()->showMessage(text, 15000);
}

void SessionController::openInteractively(const QString &fileName)
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

bool SessionController::saveInteractively(bool saveAs)
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
    showMessage(m_lastSave);
    return true;
}

bool SessionController::maybeSave()
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

bool SessionController::maybeClose()
{
    // Tests and scripted runs (no recovery, never saved) must not block on a question.
    if ((m_recovery || !m_fileName.isEmpty()) && !maybeSave())
        return false;
    if (m_recovery)
        m_recovery->finish();
    return true;
}

void SessionController::takeOver(SessionController &previous)
{
    // The document came with it (MainWindow::releaseDocument()): nothing is applied or copied
    // again, only the file, its unsaved mark and the autosave continue.
    m_fileName = previous.m_fileName;
    setModified(previous.m_modified);
    updateTitle();
    if (previous.m_recovery) {
        delete std::exchange(m_recovery, std::exchange(previous.m_recovery, nullptr));
        m_recovery->setParent(this);
        m_recovery->setCapture([this] { return captureSession(); });
    }
}

} // namespace embedlab::ui
