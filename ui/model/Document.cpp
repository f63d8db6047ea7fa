// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/model/Document.h"

#include "core/tensor/Error.h"
#include "ui/model/FitSession.h"
#include "ui/model/Lab.h"
#include "ui/model/LabUndo.h"
#include "ui/model/OneHotAnimation.h"
#include "ui/model/PythonCode.h"

#include "core/nn/NextToken.h"
#include "ui/model/WeightOrigin.h"

namespace embedlab::ui {

namespace {

/// `panels` with `panel` shown (appended, if it is not there) or not (removed).
QStringList withPanel(QStringList panels, const QString &panel, bool shown)
{
    if (shown && !panels.contains(panel))
        panels.append(panel);
    else if (!shown)
        panels.removeAll(panel);
    return panels;
}

} // namespace

Document::Document(QObject *parent)
    : QObject(parent)
    // In this order: the children list destroys the Lab before the undo history that refers to it.
    , m_lab(new Lab(this))
    , m_animation(new OneHotAnimation(this))
    , m_undo(new LabUndo(m_lab, this))
    , m_fit(new FitSession(this))
{
    connect(m_fit, &FitSession::changed, this, &Document::onFitChanged);
    m_lab->setOptimizer(m_view.optimizer);
    connect(m_lab, &Lab::trained, this, &Document::onTrained);
    connect(m_lab, &Lab::weightsChanged, this, &Document::onWeightsChanged);
    connect(m_lab, &Lab::modelRebuilt, this, &Document::onWeightsChanged);
    connect(m_lab, &Lab::tiedChanged, this, &Document::onWeightsChanged);
    connect(m_lab, &Lab::rowSelected, this, [this] { Q_EMIT changed(ViewState::Field::SelectedRow); });
    connect(m_animation, &OneHotAnimation::stepChanged, this,
            [this] { Q_EMIT changed(ViewState::Field::AnimationStep); });
    connect(m_undo, &LabUndo::undoneOrRedone, this, &Document::followHistory);
    connect(m_lab, &Lab::idsChanged, this, &Document::onIdsChanged);
    connect(m_lab, &Lab::idsError, this, [this] {
        if (!m_lab->idsValid())
            m_animation->setIdCount(0);
        // Undo can bring back ids that no longer fit (kept, reported by idsError alone): the
        // next-token task is still theirs (tst_transitions, seed 2911228153).
        if (m_view.trainingBatch.followsIds)
            setTrainingBatch(m_view.trainingBatch);
    });
    connect(m_lab, &Lab::modelRebuilt, this, &Document::onModelRebuilt);
    connect(m_lab, &Lab::vocabularyChanged, this, &Document::onVocabularyChanged);
    connect(m_animation, &OneHotAnimation::stepChanged, this, &Document::selectAnimatedRow);
    connect(m_lab, &Lab::rowSelected, this, &Document::animateSelectedRow);
    m_animation->setIdCount(m_lab->idsValid() ? int(m_lab->flatIds().size()) : 0);
    m_view.trainingBatch = nextTokenBatch();
    selectAnimatedRow();
}

Document::~Document() = default;

ViewState Document::state() const
{
    ViewState s = m_view;
    s.selectedRow = m_lab->selectedRow();
    s.animationStep = m_animation->step();
    s.optimizer = m_lab->optimizer();
    s.fit = m_fit->settings();
    if (m_lessonDocument)
        s.lessonStep = m_lessonDocument->lessonStep();
    return s;
}

void Document::setState(const ViewState &s, std::shared_ptr<const core::WeightFile> storedFit)
{
    setProjector(s.projector);
    setProjectedPanels(s.projectedPanels);
    setTextMode(s.textMode);
    if (s.idsEntry != m_view.idsEntry && !s.idsEntry.isEmpty())
        commitIdsEntry(s.idsEntry);
    setColorMap(s.colorMap);
    setBlockGrid(s.blockGrid);
    setInitDraft(s.initDraft);
    setTrainingBatch(s.trainingBatch);
    setUnembedding(s.unembedding);
    setHistogram(s.histogram);
    setFocusMode(s.focus);
    setPanels(s.panels);
    if (!(s.optimizer == m_lab->optimizer())) {
        m_lab->setOptimizer(s.optimizer);
        Q_EMIT changed(ViewState::Field::Optimizer);
    }
    m_lab->selectRow(s.selectedRow);
    if (s.animationStep != m_animation->step())
        m_animation->setStep(s.animationStep);
    setLessonStep(s.lessonStep);
    m_fit->restore(s.fit, std::move(storedFit));
}

template <class T> void Document::assign(T &member, const T &value, ViewState::Field field)
{
    if (member == value)
        return;
    member = value;
    Q_EMIT changed(field);
}

QString Document::fieldText() const
{
    if (!m_view.textMode)
        return m_lab->idsText();
    // The ids kept while they do not fit the model (a smaller vocabulary) are still the text's.
    const core::LongTensor &ids = m_lab->ids();
    return m_lab->vocabulary().decode(QList<qint64>(ids.data.begin(), ids.data.end()));
}

QString Document::idsEntry() const
{
    return m_view.idsEntry.isEmpty() ? fieldText() : m_view.idsEntry;
}

void Document::commitIdsEntry(const QString &text)
{
    m_undo->editIds(m_lab->vocabulary().idsForEntry(text, m_view.textMode));
    // Refused: the field keeps what was typed beside the error; accepted: it shows the ids in effect.
    const QString entry = m_lab->idsErrorMessage().isEmpty() || text == fieldText() ? QString() : text;
    assign(m_view.idsEntry, entry, ViewState::Field::IdsEntry);
}

void Document::onIdsChanged()
{
    m_animation->setIdCount(m_lab->idsValid() ? int(m_lab->flatIds().size()) : 0);
    // New ids in effect (typed, undone, a preset, a lesson step): the field shows them, and the
    // Training panel's next-token task is theirs (issue #29 item 1).
    assign(m_view.idsEntry, QString(), ViewState::Field::IdsEntry);
    if (m_view.trainingBatch.followsIds)
        setTrainingBatch(m_view.trainingBatch);
}

void Document::onModelRebuilt()
{
    // The loaded values are gone (no model, no undo step holds them): the file's mapping goes too.
    if (m_loadedFile && m_loadedValues.expired())
        m_loadedFile.reset();
    m_animation->setIdCount(m_lab->idsValid() ? int(m_lab->flatIds().size()) : 0);
    // An entry the old model refused ("2, 3, 4" with 4 rows) is judged again by the new one, as if
    // Enter were pressed: it takes effect, or its error is the new model's. Queued: not inside an
    // undo step's rebuild.
    if (!m_view.idsEntry.isEmpty())
        QMetaObject::invokeMethod(
            this,
            [this] {
                if (!m_view.idsEntry.isEmpty())
                    commitIdsEntry(m_view.idsEntry);
            },
            Qt::QueuedConnection);
}

void Document::onVocabularyChanged()
{
    if (!m_lab->vocabulary().canEncode())
        setTextMode(false);
}

void Document::setTextMode(bool on)
{
    on = on && m_lab->vocabulary().canEncode();
    if (on == m_view.textMode)
        return;
    m_view.textMode = on;
    m_view.idsEntry.clear();
    Q_EMIT changed(ViewState::Field::TextMode);
    Q_EMIT changed(ViewState::Field::IdsEntry);
}

void Document::setColorMap(const QString &name)
{
    if (m_view.projector)
        assign(m_projectorColorMap, name, ViewState::Field::ColorMap);
    else
        assign(m_view.colorMap, name, ViewState::Field::ColorMap);
}

QString Document::displayColorMap() const
{
    if (!m_view.projector)
        return m_view.colorMap;
    return m_projectorColorMap.isEmpty() ? QString::fromLatin1(kProjectorColorMap) : m_projectorColorMap;
}

void Document::setBlockGrid(bool on)
{
    assign(m_view.blockGrid, on, ViewState::Field::BlockGrid);
}

void Document::setInitDraft(const InitDraft &draft)
{
    assign(m_view.initDraft, draft, ViewState::Field::InitDraft);
}

void Document::setTrainingBatch(const TrainingBatch &batch)
{
    assign(m_view.trainingBatch, batch.followsIds ? nextTokenBatch() : batch,
           ViewState::Field::TrainingBatch);
}

TrainingBatch Document::nextTokenBatch() const
{
    const core::NextTokenBatch task = core::NextTokenBatch::of(m_lab->ids());
    return {true, PythonCode::idsField(task.inputs), PythonCode::idsField(task.targets)};
}

void Document::setUnembedding(const UnembeddingState &state)
{
    assign(m_view.unembedding, state, ViewState::Field::Unembedding);
}

void Document::setHistogram(const HistogramState &state)
{
    assign(m_view.histogram, state, ViewState::Field::Histogram);
}

void Document::setLessonStep(int step)
{
    assign(m_view.lessonStep, step, ViewState::Field::LessonStep);
}

void Document::setProjector(bool on)
{
    if (on == m_view.projector)
        return;
    m_view.projector = on;
    m_projectorColorMap.clear();
    Q_EMIT changed(ViewState::Field::Projector);
    Q_EMIT changed(ViewState::Field::ColorMap); // the one painted changes with the mode
    if (!on)
        setProjectedPanels({});
}

void Document::setProjectedPanels(const QStringList &panels)
{
    assign(m_view.projectedPanels, m_view.projector ? panels : QStringList(),
           ViewState::Field::ProjectedPanels);
}

void Document::setProjectedPanelShown(const QString &panel, bool shown)
{
    setProjectedPanels(withPanel(m_view.projectedPanels, panel, shown));
}

void Document::setFocusMode(bool on)
{
    assign(m_view.focus, on, ViewState::Field::Focus);
}

void Document::setPanels(const QStringList &panels)
{
    assign(m_view.panels, panels, ViewState::Field::Panels);
}

void Document::setPanelShown(const QString &panel, bool shown)
{
    setPanels(withPanel(m_view.panels, panel, shown));
}

std::vector<std::uint64_t> Document::weightVersions() const
{
    std::vector<std::uint64_t> versions;
    for (const core::ParameterPtr &p : {m_lab->embeddingWeight(), m_lab->lmHeadWeight(), m_lab->lmHeadBias()})
        versions.push_back(p ? p->version() : 0);
    // The model object too: a rebuilt model starts its versions again.
    versions.push_back(reinterpret_cast<std::uintptr_t>(&m_lab->model()));
    return versions;
}

std::shared_ptr<const core::TrainingReport> Document::trainingResult() const
{
    return m_trainingResult;
}

void Document::selectAnimatedRow()
{
    const QList<qint64> ids = m_lab->flatIds();
    const int k = m_animation->idIndex();
    if (k < ids.size())
        m_lab->selectRow(int(ids[k]));
}

void Document::animateSelectedRow(int row)
{
    const QList<qint64> ids = m_lab->flatIds();
    const int k = m_animation->idIndex();
    if (row < 0 || (k < ids.size() && ids[k] == row))
        return;
    const qsizetype at = ids.indexOf(qint64(row));
    if (at < 0)
        return;
    // The id's lookup: the one-hot title names it and the heatmaps mark its row.
    m_animation->pause();
    m_animation->setStep(int(at) * OneHotAnimation::kPhasesPerId + OneHotAnimation::kPhasesPerId - 1);
    m_animation->setProgress(1.0);
}

void Document::onTrained(const core::TrainingReport &report)
{
    m_trainingResult = std::make_shared<const core::TrainingReport>(report);
    m_trainingVersions = weightVersions();
    m_trainingNote.clear();
    Q_EMIT trainingResultChanged();
}

void Document::onFitChanged()
{
    // FitSession::changed() also reports frames (the map, a loss): only a change of the settings is
    // a change of the view state.
    const FitState now = m_fit->settings();
    if (now == m_fitSignalled)
        return;
    m_fitSignalled = now;
    Q_EMIT changed(ViewState::Field::Fit);
}

void Document::onWeightsChanged()
{
    if (!m_trainingResult || weightVersions() == m_trainingVersions)
        return;
    m_trainingResult.reset();
    m_trainingNote = tr("The last step's results belonged to weights that have changed since (undo, an "
                        "initialiser, a tie or a new model): they were cleared.");
    Q_EMIT trainingResultChanged();
}

void Document::followHistory()
{
    InitDraft draft = m_view.initDraft;
    const std::optional<Lab::InitInEffect> last = m_lab->initInEffect(draft.target);
    if (!last) {
        // No initialiser in effect: the editors show the constructor's default for that target.
        draft.spec = QStringLiteral("normal");
        draft.seed.reset();
    } else {
        draft.spec = last->operation.spec;
        draft.seed = last->operation.seed;
    }
    setInitDraft(draft);
}

void Document::setLoadedFile(std::shared_ptr<const core::WeightFile> file, const QString &tensor,
                             const core::ParameterPtr &values)
{
    m_loadedFile = std::move(file);
    m_loadedTensor = tensor.toStdString();
    m_loadedValues = values;
}

std::shared_ptr<const core::WeightFile> Document::loadedFile() const
{
    return m_loadedValues.expired() ? nullptr : m_loadedFile;
}

std::optional<core::QuantElement> Document::quantElement(const QString &target, core::Index row,
                                                         core::Index column) const
{
    const core::ParameterPtr values = m_lab->parameter(target);
    if (!m_loadedFile || !values || m_loadedValues.lock() != values ||
        !WeightOrigin::of(*m_lab, target).asLoaded)
        return std::nullopt;
    const auto w = values->value();
    if (row < 0 || column < 0 || row >= w.rows() || column >= w.cols())
        return std::nullopt;
    try {
        return m_loadedFile->quantElement(m_loadedTensor, row * w.cols() + column);
    } catch (const core::Error &) {
        return std::nullopt; // the file changed on disk since: no tooltip rather than a wrong one
    }
}

bool Document::tokenizerGuessDeclined() const
{
    return m_guessDeclinedFor == &m_lab->model();
}

void Document::declineTokenizerGuess()
{
    m_guessDeclinedFor = &m_lab->model();
}

void Document::startLesson(int step)
{
    if (m_lessonDocument)
        return;
    m_lessonDocument = new Document(this);
    ViewState lesson = m_lessonDocument->state();
    // How the class sees it stays as the teacher had it.
    lesson.projector = m_view.projector;
    lesson.colorMap = m_view.colorMap;
    lesson.lessonStep = step;
    m_lessonDocument->setState(lesson);
    if (m_view.projector && !m_projectorColorMap.isEmpty())
        m_lessonDocument->setColorMap(m_projectorColorMap);
    Q_EMIT activeChanged();
}

void Document::endLesson()
{
    if (!m_lessonDocument)
        return;
    Document *lesson = m_lessonDocument;
    m_lessonDocument = nullptr;
    // Projector mode follows the presenter out of the lesson.
    setProjector(lesson->projector());
    Q_EMIT activeChanged();
    // Not deleted here: the window showing it takes it along when it goes (MainWindow::
    // releaseDocument()); without a window it goes with this document.
}

} // namespace embedlab::ui
