// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/analysis/Neighbours.h"
#include "core/nn/FitCorpus.h"
#include "core/nn/FitRecord.h"
#include "core/nn/FitScript.h"
#include "core/nn/TextFit.h"
#include "ui/model/ViewState.h"
#include "ui/model/Vocabulary.h"

#include <QList>
#include <QObject>
#include <QPointF>
#include <QString>
#include <QStringList>
#include <QTimer>

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace embedlab::core {
class WeightFile;
}

namespace embedlab::ui {

/// A fit of a shipped text, run on the worker pool (issue #27, "watching embeddings learn"): the
/// text and tying chosen, the timeline of the run (core::FitTimeline: every loss, any earlier step
/// brought back bit for bit) and the 2-D map of the text's most frequent words (core::TokenMap).
/// The one home of the Fit panel's state: the panel renders it and changes it through its calls.
///
/// The run lives on the workers: every call here only starts or queues a job, and what the views
/// read (losses, current step, map, emb.weight) is the copy the last finished job handed back, so
/// the UI thread never waits for a step. One job runs at a time; a seek asked for meanwhile waits
/// for it (only the newest seek counts).
class FitSession : public QObject {
    Q_OBJECT
public:
    /// How many of the text's tokens the map shows.
    static constexpr int kMapTokens = 16;
    /// A run shows a frame this often: steps per frame (the speed) steps, then the views.
    static constexpr int kFrameMilliseconds = 33;
    /// The longest a run's job steps before the views are refreshed, however fast the speed.
    static constexpr int kJobMilliseconds = 40;
    static constexpr int kMaxStepsPerFrame = FitState::kMaxSpeed;
    /// The script prints `K LOSS` this many times at most.
    static constexpr std::int64_t kMostPrintedLines = 10;
    /// A run exported as PNG frames for slides has this many frames at most (and the last step).
    static constexpr std::int64_t kMostFrames = 50;
    /// The map's dots trail their places over this many steps before the one shown (noted every
    /// core::MapTrail::kStride steps).
    static constexpr std::int64_t kTrailSteps = 200;

    explicit FitSession(QObject *parent = nullptr);
    ~FitSession() override;

    /// The shipped texts' languages: "en", "vi", "zh" (resources/texts).
    static QStringList textCodes();
    /// The shipped text in the window's `language` ("en", "vi", "zh"), English for any other.
    static QString textCodeFor(const QString &language);
    /// The code of the user's own text (pasted or opened): setup(kOwnText, tied, text).
    static constexpr const char *kOwnText = "own";
    /// The shipped text of `code`, as UTF-8 bytes (embedded at :/texts/<code>.txt).
    static QByteArray shippedText(const QString &code);
    /// The tokens a run learns, as FitState::tokens holds them: kCharacters, Vocabulary::kGpt2Source,
    /// a tokenizer file (the opened model's, issue #27 item 1), or "" for the text's own default.
    static constexpr const char *kCharacters = "chars";
    /// Whether the text of `code` (`ownText` for kOwnText) is learnt as characters: asked for with
    /// kCharacters, or by default the Chinese text, and an own text most of whose letters are Han
    /// characters (GPT-2 cuts Chinese characters into bytes; resources/texts/README.md). A
    /// tokenizer's tokens otherwise (GPT-2's by default).
    static bool usesCharacters(const QString &code, const QString &ownText = QString(),
                               const QString &tokens = QString());
    /// The tokenizer of `tokens` when the text is not learnt as characters: GPT-2's by default, or
    /// the file's (read once, then shared). Throws core::Error when the file cannot be read or its
    /// encoding is refused.
    static Vocabulary tokenizerFor(const QString &tokens);
    /// Shares `vocabulary` (the opened model's, read already) as the tokenizer of its source: a run
    /// that learns its tokens does not read the file again. Nothing for one that cannot encode.
    static void rememberTokenizer(const Vocabulary &vocabulary);
    /// What the text of `code` learns when its tokens are "": kCharacters or Vocabulary::kGpt2Source.
    static QString defaultTokens(const QString &code, const QString &ownText = QString());
    /// The tokens named for people: "GPT-2", "characters", the tokenizer file's name, or its folder's
    /// and name for a tokenizer.json or vocab.json ("Llama-3.2-1B/tokenizer.json").
    static QString tokenizerName(const QString &tokens);
    /// The corpus the panel trains on, tokenized as usesCharacters() says. Throws core::Error
    /// when the text or the tokenizer cannot be read.
    static std::shared_ptr<const core::FitCorpus>
    corpusFor(const QString &code, const QString &ownText = QString(), const QString &tokens = QString());
    /// Why `text` cannot be the user's own text ("" when it can): empty, or fewer tokens than a
    /// run's context + 1. Tokenizes it: call it for pasted text, not for a book.
    static QString checkOwnText(const QString &text, const QString &tokens = QString());
    /// The settings of the run: the app's defaults (FitConfig), tied or not, stepped by `optimizer`.
    static core::FitConfig
    configFor(bool tied, const core::OptimizerConfig &optimizer = core::FitConfig::defaultOptimizer());
    /// Token `id` of the text of `code` as a label (GPT-2's token with visible spaces, or the character).
    static QString tokenLabel(const QString &code, std::int64_t id, const QString &ownText = QString(),
                              const QString &tokens = QString());

    /// Starts a new run of the text of `code` (`ownText` for kOwnText) at step 0 (the run before is
    /// dropped).
    void setup(const QString &code, bool tied, const QString &ownText = QString(),
               const QString &tokens = QString());
    /// Every 1, 2 or 5 times a power of ten steps, so that `steps` takes at most `most` of them:
    /// round numbers that hold while a run grows frame by frame (every 100 of the default 1000
    /// steps for the script's lines, as `embedlab-cli fit` prints).
    static std::int64_t roundCadence(std::int64_t steps, std::int64_t most);
    /// The steps a run to `head` is exported at as frames: 0, then every roundCadence(head,
    /// kMostFrames) steps, and `head`.
    static std::vector<std::int64_t> frameSteps(std::int64_t head);
    /// Drops the run: no text chosen.
    void clear();
    /// The run as the session file keeps it. While a restore() or seek() catches up, its head and
    /// current step are the ones it is bringing back (a fit is deterministic: they will be exactly
    /// those), so a session saved meanwhile loses nothing.
    FitState settings() const;
    /// Brings the run to `state`: the same run is extended (replayed on the workers to its head) and
    /// sought; another text or tie, or a shorter head, sets it up again and replays it. Pauses a run.
    /// With `stored` (a file core::writeFitRecords() wrote for this state: a session's, issue #27
    /// item 5) the run is set up again and takes over the stored losses, weights and optimiser state
    /// at their step, without computing one; a stored run that does not fit the state is replayed
    /// instead, and notice() says why.
    void restore(const FitState &state, std::shared_ptr<const core::WeightFile> stored = nullptr);
    /// The run as a session stores it: every loss, the state at current() (and the twin's, while
    /// comparing), the map's trail. std::nullopt before a run's first frame.
    std::optional<core::FitRecords> records() const;
    QString textCode() const { return m_code; }
    /// The run's tokens (FitState::tokens): "" for the text's default.
    QString tokens() const { return m_tokens; }
    /// Learns the same text with `tokens` from step 0 (a value equal to the text's default is
    /// stored as ""); no run is started while no text is chosen.
    void setTokens(const QString &tokens);
    /// The run's optimiser (FitState::optimizer): Adam(lr=0.01) unless the user chose another.
    const core::OptimizerConfig &optimizer() const { return m_optimizer; }
    /// Learns the same text with `optimizer` from step 0 (kept for the next run while no text is
    /// chosen). Settings torch.optim refuses (nesterov without momentum) leave the run's error.
    void setOptimizer(const core::OptimizerConfig &optimizer);
    /// The user's own text while textCode() is kOwnText.
    const QString &ownText() const { return m_ownText; }
    bool tied() const { return m_tied; }
    /// True once a run is set up (its corpus built and step 0 placed on the map).
    bool hasRun() const { return m_state != nullptr; }
    /// Why the last setup failed, "" when it did not.
    QString error() const { return m_error; }

    /// Steps on until pause() (or FitConfig::kDefaultSteps past the furthest step).
    void run();
    void pause();
    bool isRunning() const { return m_running; }
    /// The speed of a run: steps per frame, 1 .. kMaxStepsPerFrame (a tiny model takes a thousand
    /// steps in a few milliseconds: at full speed there is nothing to watch).
    void setStepsPerFrame(int steps);
    int stepsPerFrame() const { return m_stepsPerFrame; }
    /// Tied and untied side by side: a second run of the same text with the other tying follows
    /// this one's step (made on the workers, then every job brings it along).
    void setCompare(bool on);
    bool compares() const { return m_compare; }
    /// The other run's losses to the furthest step it followed, and its map at current(); empty while
    /// not comparing or until its first frame.
    const std::vector<float> &twinLosses() const { return m_twinLosses; }
    const QList<QPointF> &twinPositions() const { return m_twinPositions; }
    /// The other run's trail at current(), as mapTrail().
    const QList<QList<QPointF>> &twinTrail() const { return m_twinTrail; }
    /// One step from the current one (a replay when the current step was scrubbed back).
    void step();
    /// Brings the run back (or forward) to `step`, 0 .. head(): bit-identical to its first visit.
    void seek(std::int64_t step);
    /// True while a job of this run computes.
    bool isBusy() const { return m_busy; }

    /// The step shown and the furthest step taken.
    std::int64_t current() const { return m_current; }
    std::int64_t head() const { return static_cast<std::int64_t>(m_losses.size()); }
    /// loss.item() of step k is losses()[k - 1].
    const std::vector<float> &losses() const { return m_losses; }
    /// ln V, the loss of a uniform guess.
    double uniformLoss() const { return m_uniformLoss; }
    qint64 vocabSize() const { return m_vocabSize; }
    qint64 tokenCount() const { return m_tokenCount; }
    /// The map's tokens (rows of the model), their labels and their places at current().
    const std::vector<std::int64_t> &mapRows() const { return m_mapRows; }
    const QStringList &mapLabels() const { return m_mapLabels; }
    const QList<QPointF> &mapPositions() const { return m_mapPositions; }
    /// The trail behind the map at current(): the places of the steps in (current() - kTrailSteps,
    /// current()] that are multiples of core::MapTrail::kStride, oldest first, each in mapRows() order.
    /// The same after scrubbing back as when the step was live.
    const QList<QList<QPointF>> &mapTrail() const { return m_mapTrail; }
    /// emb.weight at current() (0 x 0 before a run's first frame).
    core::ConstMatrixMap embedding() const;
    /// emb.weight and lm_head.weight at current() for the heatmaps: one parameter when tied, as
    /// `head.weight = emb.weight` makes it; nullptr before a run's first frame. Each frame writes
    /// its values (a new version()), so a view keyed on the version repaints.
    const core::ParameterPtr &embeddingWeight() const { return m_embeddingWeight; }
    const core::ParameterPtr &headWeight() const { return m_headWeight; }
    /// What the step that reached current() did: its loss, the rows of emb.weight it changed and
    /// why (core::FitChange). std::nullopt at step 0.
    const std::optional<core::FitStepReport> &lastStep() const { return m_lastStep; }
    /// Row `row` of the model: the r-th smallest id of the text, as a label (tokenLabel()).
    QString rowLabel(std::int64_t row) const;
    /// The id of row `row` of the model (its vocabulary's r-th smallest), -1 outside it.
    std::int64_t rowId(std::int64_t row) const;
    /// The `k` rows of emb.weight at current() nearest to `row` by cosine (core::RowNeighbours);
    /// empty before a run's first frame or for a row outside the model.
    std::vector<core::Neighbour> neighbours(std::int64_t row, std::int64_t k) const;

    /// The steps the run's script takes: to the step shown, or a whole default run before the first.
    std::int64_t scriptSteps() const { return m_current > 0 ? m_current : core::FitConfig::kDefaultSteps; }
    /// The whole PyTorch script of this run to scriptSteps() (issue #27 item 5): the text, its tokens
    /// (GPT-2's through tiktoken, or characters), the vocabulary, the model and the loop, printing
    /// `K LOSS` about ten times. Empty (no text) before a run is set up.
    core::FitScript script() const;
    /// script() as the text Copy gives, "" before a run is set up.
    QString scriptText() const;
    /// What script() prints, as far as the run has taken its steps: the lines `embedlab-cli fit`
    /// prints, each loss as Python prints loss.item().
    QString printedLosses() const;

Q_SIGNALS:
    /// Anything the views show changed.
    void changed();
    /// Something the user should read: a stored run that could not be taken over.
    void notice(const QString &text);

private:
    struct State;
    struct Frame;
    enum class Job { Step, Run, Seek, Follow };

    /// Drops the run (a job still running finishes on its own state, and its frame is ignored).
    void reset(const QString &code, bool tied, const QString &ownText, const QString &tokens);
    /// setup(), taking over `stored` (restore()) when given.
    void build(const QString &code, bool tied, const QString &ownText, const QString &tokens,
               std::shared_ptr<const core::WeightFile> stored);
    /// The first frame of a new run: step 0's, or the stored step's.
    void takeSetup(Frame frame);
    /// How much of the run's losses and trails the UI thread holds (a frame brings the rest).
    struct Known {
        std::size_t losses = 0;
        std::size_t twinLosses = 0;
        std::size_t trail = 0;
        std::size_t twinTrail = 0;
    };
    Known known() const;
    /// On a worker: the frame of `state` at its step into `f`, with what the UI does not hold yet.
    static void fillFrame(State &state, const Known &known, bool compare, Frame &f);
    void startNext();
    void startJob(Job job, std::int64_t target, int steps = 1);
    void take(const Frame &frame);
    /// The frame's emb.weight and lm_head.weight into the views' parameters, and its step report.
    void takeWeights(const Frame &frame);
    /// On a worker, after a job: makes, drops or brings along the twin, and puts it in `f`.
    static void followTwin(State &state, bool compare, Frame &f, const Known &known);
    /// On a worker: takes over the run (and twin) `stored` holds; returns what its last step did.
    /// Throws core::Error, leaving `state` as it was, when it does not fit the run.
    static std::optional<core::FitStepReport> adopt(State &state, const core::WeightFile &stored,
                                                    bool compare);

    QString m_code;
    QString m_ownText;
    QString m_tokens;
    core::OptimizerConfig m_optimizer = core::FitConfig::defaultOptimizer();
    bool m_tied = true;
    QString m_error;
    std::shared_ptr<State> m_state;
    quint64 m_generation = 0;
    bool m_busy = false;
    bool m_running = false;
    std::int64_t m_runEnd = 0;
    int m_stepsPerFrame = 4;
    QTimer m_frameTimer;
    int m_pendingSteps = 0;
    std::optional<std::int64_t> m_pendingSeek;
    std::optional<std::int64_t> m_seeking; // the step the running seek job brings back
    std::int64_t m_replayTo = 0;           // restore(): the head the run is replayed to

    std::int64_t m_current = 0;
    std::vector<float> m_losses;
    double m_uniformLoss = 0.0;
    qint64 m_vocabSize = 0;
    qint64 m_tokenCount = 0;
    std::vector<std::int64_t> m_mapRows;
    QStringList m_mapLabels;
    QList<QPointF> m_mapPositions;
    QList<QList<QPointF>> m_mapTrail;
    std::shared_ptr<const core::FitCorpus> m_corpus;
    core::ParameterPtr m_embeddingWeight;
    core::ParameterPtr m_headWeight;
    std::optional<core::FitStepReport> m_lastStep;
    bool m_compare = false;
    bool m_twinPending = false; // a job must make or drop the twin
    std::vector<float> m_twinLosses;
    QList<QPointF> m_twinPositions;
    QList<QList<QPointF>> m_twinTrail;
    // What records() stores: the state at m_current and every place the map's dots were noted at.
    std::shared_ptr<const core::FitSnapshot> m_snapshot;
    std::shared_ptr<const core::FitSnapshot> m_twinSnapshot;
    std::vector<float> m_trailPlaces;
    std::vector<float> m_twinTrailPlaces;
};

} // namespace embedlab::ui
