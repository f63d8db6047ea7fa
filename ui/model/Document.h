// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/io/WeightFile.h"
#include "core/nn/Trainer.h"
#include "ui/model/ViewState.h"

#include <QObject>
#include <QPointer>

#include <cstdint>
#include <memory>
#include <vector>

namespace embedlab::ui {

class FitSession;
class Lab;
class LabUndo;
class OneHotAnimation;

/// Everything a session holds, in one place: the model (the Lab: configuration, weights, tokenizer,
/// ids), its undo history, the animation, the Fit a Text panel's run (FitSession), and the view state
/// (ViewState: text mode, selection, the editors, the optimiser, the lesson step, which panels are shown).
/// Every view renders from it and changes it through its setters, the Lab's and LabUndo's commands; the
/// window is built around a document and can be built again (a language switch) without losing any of it.
///
/// The guided lesson runs on a document of its own (lessonDocument()), so that starting it never
/// replaces the teacher's model, text or tokenizer, and ending it gives back exactly what was there.
class Document : public QObject {
    Q_OBJECT
public:
    /// Projector mode's colour map until another is chosen: its light centre stays visible on white.
    static constexpr const char *kProjectorColorMap = "PuOr";

    explicit Document(QObject *parent = nullptr);
    ~Document() override;

    Lab *lab() const { return m_lab; }
    LabUndo *undo() const { return m_undo; }
    OneHotAnimation *animation() const { return m_animation; }
    /// The Fit a Text panel's run (issue #27). It is the one source of truth for the view state's
    /// `fit` field: state() reads FitSession::settings(), setState() hands the field to
    /// FitSession::restore(), and every change of the settings is signalled as Field::Fit.
    FitSession *fitSession() const { return m_fit; }

    /// The whole view state, including the fields the Lab, the animation and the fit hold
    /// (selection, optimiser, animation step, the fit's settings).
    ViewState state() const;
    /// Applies every field of `state` that differs from state(). `storedFit`: the fit's run as a
    /// session stored it (its weights at the current step), taken over rather than replayed
    /// (FitSession::restore()).
    void setState(const ViewState &state, std::shared_ptr<const core::WeightFile> storedFit = nullptr);

    /// What the ids field shows: the ids in effect as text (decoded in text mode), or the last
    /// entry the model refused.
    QString idsEntry() const;
    /// True while idsEntry() is an entry the model refused (the views show the ids in effect).
    bool idsEntryRefused() const { return !m_view.idsEntry.isEmpty(); }
    /// The ids field's entry, as typed: tokenized in text mode, then one undo step (typing merges).
    /// Refused entries stay in the field with PyTorch's message and are judged again when the
    /// model changes.
    void commitIdsEntry(const QString &text);
    bool textMode() const { return m_view.textMode; }
    /// Refused (stays off) while the model has no tokenizer that encodes (Vocabulary::canEncode()).
    void setTextMode(bool on);
    /// The colour map the user chose for the normal view.
    QString colorMap() const { return m_view.colorMap; }
    /// Chooses the colour map of the view in effect: the normal one, or projector mode's own while
    /// projecting (PuOr until another is chosen: its light centre stays visible on white).
    void setColorMap(const QString &name);
    /// The colour map the views paint with.
    QString displayColorMap() const;
    /// The heatmaps outline a quantised tensor's blocks and scale groups (View > Quantisation Blocks).
    bool blockGrid() const { return m_view.blockGrid; }
    void setBlockGrid(bool on);
    const InitDraft &initDraft() const { return m_view.initDraft; }
    void setInitDraft(const InitDraft &draft);
    const TrainingBatch &trainingBatch() const { return m_view.trainingBatch; }
    /// A batch that follows the ids gets the next-token task on the ids in effect, whatever its
    /// fields held; one of the teacher's own is kept as typed.
    void setTrainingBatch(const TrainingBatch &batch);
    /// The next-token task on the ids in effect, as the Training panel's fields show it.
    TrainingBatch nextTokenBatch() const;
    const UnembeddingState &unembedding() const { return m_view.unembedding; }
    void setUnembedding(const UnembeddingState &state);
    const HistogramState &histogram() const { return m_view.histogram; }
    void setHistogram(const HistogramState &state);
    int lessonStep() const { return m_view.lessonStep; }
    void setLessonStep(int step);
    bool projector() const { return m_view.projector; }
    /// Leaving projector mode also drops the panels shown while projected (projectedPanels()).
    void setProjector(bool on);
    /// Projected, the panels shown from View (ViewState::projectedPanels).
    const QStringList &projectedPanels() const { return m_view.projectedPanels; }
    /// Take effect while projected only: otherwise the list stays empty.
    void setProjectedPanels(const QStringList &panels);
    void setProjectedPanelShown(const QString &panel, bool shown);
    bool focusMode() const { return m_view.focus; }
    void setFocusMode(bool on);
    const QStringList &panels() const { return m_view.panels; }
    void setPanels(const QStringList &panels);
    void setPanelShown(const QString &panel, bool shown);

    /// The last training step's report while the weights are still the ones it left (their
    /// versions unchanged), else nullptr: results of weights that no longer exist are not shown.
    std::shared_ptr<const core::TrainingReport> trainingResult() const;
    /// Why there is no result: empty (no step since the model was built), or what changed the
    /// weights the last result belonged to.
    QString trainingResultNote() const { return m_trainingNote; }

    /// Keeps `file` open for `values`, its tensor `tensor` as the model adopted it: quantElement()
    /// takes the elements apart while they are as loaded (issue #30). The newest load's file only;
    /// dropped once no model (nor undo step) holds `values` any more.
    void setLoadedFile(std::shared_ptr<const core::WeightFile> file, const QString &tensor,
                       const core::ParameterPtr &values);
    /// Element (row, column) of `target` ("embedding.weight", "lm_head.weight") as its file stores
    /// it: its block's scale and minimum and its integer level. Only while `target` is the tensor of
    /// setLoadedFile() in a ggml block type and still holds the values as loaded (WeightOrigin: no
    /// initialiser or training step since, or they were undone); none otherwise.
    std::optional<core::QuantElement> quantElement(const QString &target, core::Index row,
                                                   core::Index column) const;
    /// The file of setLoadedFile() while a model or an undo step still holds its tensor, else nullptr.
    std::shared_ptr<const core::WeightFile> loadedFile() const;

    /// The tokenizer guessed from the row count (TokenizerOffer) was declined for the model in
    /// effect: it is not offered again until another model replaces it.
    bool tokenizerGuessDeclined() const;
    void declineTokenizerGuess();

    /// The guided lesson's own document (nullptr while the lesson is not running).
    Document *lessonDocument() const { return m_lessonDocument; }
    /// Creates the lesson's document at `step` (0 unless resuming) and emits activeChanged().
    void startLesson(int step = 0);
    /// Drops the lesson's document: the teacher's document is shown again as it was.
    void endLesson();
    /// The lesson step this (lesson) document's model was set up for; -1 before the first.
    int appliedLessonStep() const { return m_appliedLessonStep; }
    void markLessonStepApplied(int step) { m_appliedLessonStep = step; }
    /// The step a started lesson offers to resume at (the one left last time), -1 for none.
    int resumeOffer() const { return m_resumeOffer; }
    void setResumeOffer(int step) { m_resumeOffer = step; }
    /// The document the window shows: the lesson's while it runs, else this one.
    Document *active() { return m_lessonDocument ? m_lessonDocument.data() : this; }

Q_SIGNALS:
    /// A view field changed (the Lab's and the animation's own signals report theirs too).
    void changed(embedlab::ui::ViewState::Field field);
    /// trainingResult() or trainingResultNote() changed.
    void trainingResultChanged();
    /// active() is another document (the lesson started or ended).
    void activeChanged();

private:
    /// The ids in effect as the field shows them.
    QString fieldText() const;
    void onIdsChanged();
    void onModelRebuilt();
    void onVocabularyChanged();
    /// One selection (issue #24 item 4): the animation's current id is the selected row, and a row
    /// selected elsewhere (a chip, a heatmap row, a neighbour) moves the animation to its lookup.
    void selectAnimatedRow();
    void animateSelectedRow(int row);
    void onTrained(const core::TrainingReport &report);
    void onFitChanged();
    void onWeightsChanged();
    /// After undo or redo: the initialiser editors show the call in effect for their target.
    void followHistory();
    std::vector<std::uint64_t> weightVersions() const;
    template <class T> void assign(T &member, const T &value, ViewState::Field field);

    Lab *m_lab;
    OneHotAnimation *m_animation;
    LabUndo *m_undo;
    FitSession *m_fit;
    /// m_view.fit is never written: the FitSession holds the run (see fitSession()).
    ViewState m_view;
    FitState m_fitSignalled; // the fit's settings as last signalled
    std::shared_ptr<const core::TrainingReport> m_trainingResult;
    std::vector<std::uint64_t> m_trainingVersions;
    QString m_trainingNote;
    QString m_projectorColorMap;
    int m_appliedLessonStep = -1;
    int m_resumeOffer = -1;
    QPointer<Document> m_lessonDocument;
    // setLoadedFile(): the file, its tensor and the values decoded from it (not kept alive here).
    std::shared_ptr<const core::WeightFile> m_loadedFile;
    std::string m_loadedTensor;
    std::weak_ptr<core::Parameter> m_loadedValues;
    const void *m_guessDeclinedFor = nullptr; // the model whose tokenizer guess was declined
};

} // namespace embedlab::ui
