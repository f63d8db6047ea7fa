// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/model/FitSession.h"

#include "ui/model/Vocabulary.h"
#include "ui/model/WorkerPool.h"

#include "core/analysis/MapTrail.h"
#include "core/analysis/TokenMap.h"
#include "core/format/PythonNumber.h"
#include "core/io/WeightFile.h"
#include "core/nn/FitTimeline.h"
#include "core/tensor/Error.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QMutex>
#include <QStringDecoder>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <exception>

namespace embedlab::ui {

/// What the workers own: the run and its map. Only one job touches it at a time.
struct FitSession::State {
    std::unique_ptr<core::FitTimeline> timeline;
    std::unique_ptr<core::TokenMap> map;
    /// The map every core::MapTrail::kStride steps, noted as the timeline first reaches them.
    core::MapTrail trail;
    /// The same text with the other tying, while comparing: brought to the timeline's step after
    /// every job. Both start from the same emb.weight (nn.Embedding draws first), so the one map
    /// places both.
    std::unique_ptr<core::FitTimeline> twin;
    core::MapTrail twinTrail;
};

/// What a job hands back to the UI thread: copies, so the views never read the run itself.
struct FitSession::Frame {
    std::shared_ptr<State> state; // set by the setup job
    QString error;
    std::int64_t current = 0;
    std::size_t lossesFrom = 0;
    std::vector<float> newLosses;
    QList<QPointF> positions;
    QList<QList<QPointF>> trail;
    core::Matrix embedding;
    core::Matrix head;                         // lm_head.weight when untied (tied: `embedding` is it)
    std::optional<core::FitStepReport> report; // the step that reached `current`, none at 0
    bool twin = false;
    std::size_t twinLossesFrom = 0;
    std::vector<float> newTwinLosses;
    QList<QPointF> twinPositions;
    QList<QList<QPointF>> twinTrail;
    // What FitSession::records() stores: the state at `current` and the trails' new places.
    std::shared_ptr<const core::FitSnapshot> snapshot;
    std::size_t trailFrom = 0;
    std::vector<float> newTrail;
    std::shared_ptr<const core::FitSnapshot> twinSnapshot;
    std::size_t twinTrailFrom = 0;
    std::vector<float> newTwinTrail;
    // Set by the setup job.
    std::shared_ptr<const core::FitCorpus> corpus;
    double uniformLoss = 0.0;
    qint64 vocabSize = 0;
    qint64 tokenCount = 0;
    std::vector<std::int64_t> mapRows;
    QStringList mapLabels;
    bool adopted = false; // the setup job took over a stored run: the rest is its first frame
    QString storedError;  // why a stored run could not be taken over
};

namespace {

using Clock = std::chrono::steady_clock;

/// Whether FitState::tokens names GPT-2's built-in tokenizer: "" (a text's default, when it is not
/// learnt as characters) or Vocabulary::kGpt2Source.
bool isGpt2(const QString &tokens)
{
    return tokens.isEmpty() || tokens == QLatin1String(Vocabulary::kGpt2Source);
}

/// Whether token `id` of the text of `code` is a word to show on the map: whole characters (a
/// GPT-2 token of a few bytes of a Vietnamese letter is not: its label "<E1>" holds letters of
/// hex) among which a letter.
bool isWord(const QString &code, std::int64_t id, const QString &ownText, const QString &tokens)
{
    if (!FitSession::usesCharacters(code, ownText, tokens)) {
        const std::string_view bytes = FitSession::tokenizerFor(tokens).bytes(id);
        QStringDecoder utf8(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
        const QString text = utf8(QByteArrayView(bytes.data(), qsizetype(bytes.size())));
        if (utf8.hasError())
            return false;
    }
    const QString label = FitSession::tokenLabel(code, id, ownText, tokens);
    return std::any_of(label.cbegin(), label.cend(), [](QChar c) { return c.isLetter(); });
}

/// The rows of the `count` most frequent tokens that are words (isWord: not spaces, punctuation
/// or bytes of a letter, which the map would only crowd), most frequent first, ties by row.
std::vector<std::int64_t> frequentWords(const core::FitCorpus &corpus, const QString &code,
                                        const QString &ownText, const QString &tokens, int count)
{
    std::vector<std::int64_t> counts(static_cast<std::size_t>(corpus.vocabSize()), 0);
    for (const std::int32_t row : corpus.rows())
        ++counts[static_cast<std::size_t>(row)];
    std::vector<std::int64_t> rows;
    for (std::int64_t r = 0; r < corpus.vocabSize(); ++r)
        if (isWord(code, corpus.vocabulary()[static_cast<std::size_t>(r)], ownText, tokens))
            rows.push_back(r);
    std::stable_sort(rows.begin(), rows.end(), [&counts](std::int64_t a, std::int64_t b) {
        return counts[static_cast<std::size_t>(a)] > counts[static_cast<std::size_t>(b)];
    });
    rows.resize(std::min(rows.size(), static_cast<std::size_t>(count)));
    return rows;
}

QList<QPointF> toPoints(const core::MapTrail::Places &places)
{
    QList<QPointF> points;
    points.reserve(qsizetype(places.size()));
    for (const auto &p : places)
        points.append(QPointF(p[0], p[1]));
    return points;
}

QList<QPointF> placed(const core::TokenMap &map, const core::Matrix &embedding)
{
    return toPoints(map.place(embedding));
}

/// A new trail of `map`'s points, with the map of `timeline`'s step 0.
core::MapTrail trailFrom(const core::TokenMap &map, const core::FitTimeline &timeline)
{
    core::MapTrail trail(map.rows().size());
    trail.note(0, map.place(timeline.fit().embedding()));
    return trail;
}

/// One step on, and the map of a step `trail` wants noted.
void stepOn(core::FitTimeline &timeline, const core::TokenMap &map, core::MapTrail &trail,
            core::FitStepReport *report = nullptr)
{
    timeline.stepForward(report);
    if (trail.wants(timeline.current()))
        trail.note(timeline.current(), map.place(timeline.fit().embedding()));
}

/// The trail behind the map at `step`: the noted places of the last FitSession::kTrailSteps steps.
QList<QList<QPointF>> trailTo(const core::MapTrail &trail, std::int64_t step)
{
    QList<QList<QPointF>> out;
    for (const core::MapTrail::Places &places : trail.window(step, FitSession::kTrailSteps))
        out.append(toPoints(places));
    return out;
}

/// The places of `trail` past the `known` ones the UI thread holds: where they start, and them.
std::size_t newPlaces(const core::MapTrail &trail, std::size_t known, std::vector<float> &out)
{
    const std::vector<float> &places = trail.flat();
    const std::size_t from = std::min(known, places.size());
    out.assign(places.begin() + static_cast<std::ptrdiff_t>(from), places.end());
    return from;
}

/// `known` values held, then `from` of them kept and `more` appended (a frame's losses or places).
void appendFrom(std::vector<float> &held, std::size_t from, const std::vector<float> &more)
{
    held.resize(from);
    held.insert(held.end(), more.begin(), more.end());
}

/// Brings `twin` to `step`: back through its snapshots, or on with new steps past its head.
void follow(core::FitTimeline &twin, std::int64_t step, const core::TokenMap &map, core::MapTrail &trail)
{
    twin.seek(std::min(step, twin.head()));
    while (twin.current() < step)
        stepOn(twin, map, trail);
}

} // namespace

FitSession::FitSession(QObject *parent)
    : QObject(parent)
{
    m_frameTimer.setSingleShot(true);
    m_frameTimer.setInterval(kFrameMilliseconds);
    connect(&m_frameTimer, &QTimer::timeout, this, &FitSession::startNext);
}

// The jobs hold the state they work on: a job still running when the session goes finishes on its
// own copy and its result is dropped with the watcher.
FitSession::~FitSession() = default;

QStringList FitSession::textCodes()
{
    return {QStringLiteral("en"), QStringLiteral("vi"), QStringLiteral("zh")};
}

QString FitSession::textCodeFor(const QString &language)
{
    return textCodes().contains(language) ? language : QStringLiteral("en");
}

QByteArray FitSession::shippedText(const QString &code)
{
    QFile file(QStringLiteral(":/texts/%1.txt").arg(code));
    if (!file.open(QIODevice::ReadOnly))
        throw core::Error(core::Error::Kind::ValueError, "no shipped text for " + code.toStdString());
    return file.readAll();
}

bool FitSession::usesCharacters(const QString &code, const QString &ownText, const QString &tokens)
{
    if (!tokens.isEmpty())
        return tokens == QLatin1String(kCharacters);
    if (code != QLatin1String(kOwnText))
        return code == QLatin1String("zh");
    qsizetype letters = 0;
    qsizetype han = 0;
    for (const char32_t c : ownText.toUcs4()) {
        if (!QChar::isLetter(c))
            continue;
        ++letters;
        if (QChar::script(c) == QChar::Script_Han)
            ++han;
    }
    return 2 * han > letters;
}

namespace {

// The tokenizers read for runs, by source: read once per file (labels and the map's words ask for
// them token by token, from any thread), or given by the window (the opened model's).
struct TokenizerCache {
    QMutex mutex;
    QHash<QString, Vocabulary> read;
};

TokenizerCache &tokenizerCache()
{
    static TokenizerCache cache;
    return cache;
}

} // namespace

Vocabulary FitSession::tokenizerFor(const QString &tokens)
{
    if (isGpt2(tokens))
        return Vocabulary::gpt2();
    TokenizerCache &cache = tokenizerCache();
    const QMutexLocker lock(&cache.mutex);
    if (const auto found = cache.read.constFind(tokens); found != cache.read.cend())
        return *found;
    QString error;
    const Vocabulary vocabulary = Vocabulary::fromSource(tokens, &error);
    if (!vocabulary.canEncode())
        throw core::Error(core::Error::Kind::ValueError,
                          (error.isEmpty() ? vocabulary.encodingRefusal() : error).toStdString());
    cache.read.insert(tokens, vocabulary);
    return vocabulary;
}

void FitSession::rememberTokenizer(const Vocabulary &vocabulary)
{
    if (!vocabulary.canEncode() || isGpt2(vocabulary.source()))
        return;
    TokenizerCache &cache = tokenizerCache();
    const QMutexLocker lock(&cache.mutex);
    cache.read.insert(vocabulary.source(), vocabulary);
}

std::shared_ptr<const core::FitCorpus> FitSession::corpusFor(const QString &code, const QString &ownText,
                                                             const QString &tokens)
{
    const QByteArray text = code == QLatin1String(kOwnText) ? ownText.toUtf8() : shippedText(code);
    const std::string_view utf8(text.constData(), static_cast<std::size_t>(text.size()));
    const Vocabulary vocabulary = usesCharacters(code, ownText, tokens) ? Vocabulary() : tokenizerFor(tokens);
    return std::make_shared<const core::FitCorpus>(core::FitCorpus::fromText(utf8, vocabulary.tokenizer()));
}

QString FitSession::checkOwnText(const QString &text, const QString &tokens)
{
    if (text.trimmed().isEmpty())
        return tr("The text is empty.");
    std::shared_ptr<const core::FitCorpus> corpus;
    try {
        corpus = corpusFor(QLatin1String(kOwnText), text, tokens);
    } catch (const std::exception &e) {
        return QString::fromUtf8(e.what());
    }
    const core::Index context = configFor(true).context;
    if (corpus->exampleCount(context) > 0)
        return QString();
    const int n = int(corpus->tokenCount());
    const QString least = QString::number(context + 1);
    const QString before = QString::number(context);
    if (usesCharacters(QLatin1String(kOwnText), text, tokens))
        return tr("The text has %n character(s): a run needs at least %1 (a context of %2 and the one to "
                  "guess).",
                  "", n)
            .arg(least, before);
    if (isGpt2(tokens))
        return tr("The text has %n GPT-2 token(s): a run needs at least %1 (a context of %2 and the one to "
                  "guess).",
                  "", n)
            .arg(least, before);
    return tr("The text has %n token(s) of %3: a run needs at least %1 (a context of %2 and the one to "
              "guess).",
              "", n)
        .arg(least, before, tokenizerName(tokens));
}

core::FitConfig FitSession::configFor(bool tied, const core::OptimizerConfig &optimizer)
{
    core::FitConfig config;
    config.tied = tied;
    config.optimizer = optimizer;
    return config;
}

QString FitSession::tokenLabel(const QString &code, std::int64_t id, const QString &ownText,
                               const QString &tokens)
{
    if (usesCharacters(code, ownText, tokens)) {
        const auto point = static_cast<char32_t>(id);
        return QString::fromUcs4(&point, 1);
    }
    return tokenizerFor(tokens).label(id);
}

QString FitSession::tokenizerName(const QString &tokens)
{
    if (isGpt2(tokens))
        return QStringLiteral("GPT-2");
    if (tokens == QLatin1String(kCharacters))
        return tr("characters");
    // Every model's tokenizer.json has that name: its folder says which model it is.
    const QFileInfo file(tokens);
    const bool generic =
        file.fileName() == QLatin1String("tokenizer.json") || file.fileName() == QLatin1String("vocab.json");
    return generic ? file.dir().dirName() + QLatin1Char('/') + file.fileName() : file.fileName();
}

std::int64_t FitSession::roundCadence(std::int64_t steps, std::int64_t most)
{
    for (std::int64_t scale = 1;; scale *= 10)
        for (const std::int64_t m : {1, 2, 5})
            if (steps / (m * scale) <= most)
                return m * scale;
}

std::vector<std::int64_t> FitSession::frameSteps(std::int64_t head)
{
    std::vector<std::int64_t> steps;
    const std::int64_t every = roundCadence(head, kMostFrames);
    for (std::int64_t k = 0; k <= head; k += every)
        steps.push_back(k);
    if (steps.back() != head)
        steps.push_back(head);
    return steps;
}

core::FitScript FitSession::script() const
{
    core::FitScript script;
    if (!hasRun())
        return script;
    const QByteArray text = m_code == QLatin1String(kOwnText) ? m_ownText.toUtf8() : shippedText(m_code);
    script.text.assign(text.constData(), static_cast<std::size_t>(text.size()));
    const bool characters = usesCharacters(m_code, m_ownText, m_tokens);
    script.tokens = characters ? core::FitScript::Tokens::Characters : core::FitScript::Tokens::Gpt2;
    if (!characters && !isGpt2(m_tokens))
        script.useTokenizer(m_tokens.toStdString(), *tokenizerFor(m_tokens).tokenizer());
    script.config = configFor(m_tied, m_optimizer);
    script.steps = scriptSteps();
    script.every = roundCadence(script.steps, kMostPrintedLines);
    return script;
}

QString FitSession::scriptText() const
{
    return hasRun() ? QString::fromStdString(script().python()) : QString();
}

QString FitSession::printedLosses() const
{
    // The script's steps and cadence, without building its text (a run refreshes this every frame).
    const std::int64_t steps = scriptSteps();
    const std::int64_t every = roundCadence(steps, kMostPrintedLines);
    QString lines;
    for (std::int64_t k = 1; k <= std::min(steps, head()); ++k)
        if (k % every == 0 || k == steps)
            lines += QStringLiteral("%1 %2\n").arg(k).arg(
                QString::fromStdString(core::pythonFloat(double(m_losses[std::size_t(k - 1)]))));
    return lines;
}

void FitSession::reset(const QString &code, bool tied, const QString &ownText, const QString &tokens)
{
    ++m_generation;
    m_code = code;
    m_ownText = code == QLatin1String(kOwnText) ? ownText : QString();
    // The text's own default is kept as "": one value for one run.
    const bool asDefault = !tokens.isEmpty() && tokens == defaultTokens(code, m_ownText);
    m_tokens = asDefault ? QString() : tokens;
    m_tied = tied;
    m_error.clear();
    m_state.reset();
    m_running = false;
    m_frameTimer.stop();
    m_pendingSteps = 0;
    m_pendingSeek.reset();
    m_seeking.reset();
    m_replayTo = 0;
    m_current = 0;
    m_losses.clear();
    m_mapRows.clear();
    m_mapLabels.clear();
    m_mapPositions.clear();
    m_mapTrail.clear();
    m_corpus.reset();
    m_embeddingWeight.reset();
    m_headWeight.reset();
    m_lastStep.reset();
    m_twinLosses.clear();
    m_twinPositions.clear();
    m_twinTrail.clear();
    m_snapshot.reset();
    m_twinSnapshot.reset();
    m_trailPlaces.clear();
    m_twinTrailPlaces.clear();
    m_twinPending = false;
    m_uniformLoss = 0.0;
    m_vocabSize = 0;
    m_tokenCount = 0;
    m_busy = false;
}

void FitSession::setup(const QString &code, bool tied, const QString &ownText, const QString &tokens)
{
    build(code, tied, ownText, tokens, nullptr);
}

void FitSession::build(const QString &code, bool tied, const QString &ownText, const QString &tokens,
                       std::shared_ptr<const core::WeightFile> stored)
{
    reset(code, tied, ownText, tokens);
    m_busy = true;
    const quint64 generation = m_generation;
    runInBackground(
        this,
        [code, tied, ownText = m_ownText, tokens = m_tokens, optimizer = m_optimizer,
         stored = std::move(stored), compare = m_compare] {
            Frame f;
            try {
                auto state = std::make_shared<State>();
                auto fit = std::make_unique<core::TextFit>(corpusFor(code, ownText, tokens),
                                                           configFor(tied, optimizer));
                f.uniformLoss = fit->uniformLoss();
                f.vocabSize = fit->vocabSize();
                f.tokenCount = fit->corpus().tokenCount();
                f.corpus = fit->sharedCorpus();
                f.mapRows = frequentWords(fit->corpus(), code, ownText, tokens, kMapTokens);
                for (const std::int64_t row : f.mapRows)
                    f.mapLabels.append(tokenLabel(
                        code, fit->corpus().vocabulary()[static_cast<std::size_t>(row)], ownText, tokens));
                // The map's plane is the initialised rows' (step 0): every later frame is turned
                // onto them, so a step lands in the same place however it was reached.
                state->map = std::make_unique<core::TokenMap>(f.mapRows, fit->embedding());
                state->timeline = std::make_unique<core::FitTimeline>(std::move(fit));
                state->trail = trailFrom(*state->map, *state->timeline);
                f.state = state;
            } catch (const std::exception &e) {
                f.error = QString::fromUtf8(e.what());
            }
            if (f.state && stored) {
                try {
                    std::optional<core::FitStepReport> last = adopt(*f.state, *stored, compare);
                    fillFrame(*f.state, Known{}, compare, f);
                    f.report = std::move(last);
                    f.adopted = true;
                } catch (const std::exception &e) {
                    f.storedError = QString::fromUtf8(e.what());
                }
            }
            return f;
        },
        [this, generation](Frame f) {
            if (generation == m_generation)
                takeSetup(std::move(f));
        });
    Q_EMIT changed();
}

void FitSession::takeSetup(Frame f)
{
    m_busy = false;
    m_error = f.error;
    if (f.state) {
        m_state = f.state;
        m_uniformLoss = f.uniformLoss;
        m_vocabSize = f.vocabSize;
        m_tokenCount = f.tokenCount;
        m_corpus = f.corpus;
        m_mapRows = f.mapRows;
        m_mapLabels = f.mapLabels;
    }
    if (!f.storedError.isEmpty())
        Q_EMIT notice(tr("The run stored with the session could not be taken over (%1): it is computed "
                         "again from step 0.")
                          .arg(f.storedError));
    if (m_state && f.adopted) {
        // The stored step's frame: its losses, weights and map, then any seek or replay asked for.
        take(f);
        startNext();
    } else if (m_state) {
        // Step 0's frame: the map and emb.weight before any step.
        startJob(Job::Seek, 0);
    } else {
        Q_EMIT changed();
    }
}

void FitSession::clear()
{
    if (m_code.isEmpty() && !m_busy)
        return;
    reset(QString(), m_tied, QString(), m_tokens);
    Q_EMIT changed();
}

FitState FitSession::settings() const
{
    FitState state;
    state.text = m_code;
    state.ownText = m_ownText;
    state.tied = m_tied;
    state.head = int(std::max(head(), m_replayTo));
    state.current = int(m_pendingSeek ? *m_pendingSeek : m_seeking ? *m_seeking : m_current);
    state.speed = m_stepsPerFrame;
    state.compare = m_compare;
    state.tokens = m_tokens;
    state.optimizer = m_optimizer;
    return state;
}

void FitSession::restore(const FitState &state, std::shared_ptr<const core::WeightFile> stored)
{
    if (state.text.isEmpty())
        stored.reset();
    if (state == settings() && !stored)
        return;
    if (state.speed != m_stepsPerFrame)
        setStepsPerFrame(state.speed);
    if (state.compare != m_compare)
        setCompare(state.compare);
    if (state.text.isEmpty()) {
        // No run, but the tokens and optimiser a run would take (chosen before a text is).
        const bool kept = state.tokens == m_tokens && state.optimizer == m_optimizer;
        m_tokens = state.tokens;
        m_optimizer = state.optimizer;
        clear();
        if (!kept)
            Q_EMIT changed();
        return;
    }
    const int head = std::clamp(state.head, 0, FitState::kMaxHead);
    // The timeline cannot forget steps: a shorter run is set up again and replayed.
    const bool sameRun = state.text == m_code && state.ownText == m_ownText && state.tied == m_tied &&
                         state.tokens == m_tokens && state.optimizer == m_optimizer && m_error.isEmpty() &&
                         head >= settings().head;
    m_optimizer = state.optimizer;
    if (!sameRun || stored)
        build(state.text, state.tied, state.ownText, state.tokens, std::move(stored));
    m_running = false;
    m_frameTimer.stop();
    m_pendingSteps = 0;
    m_replayTo = head;
    m_pendingSeek = std::clamp(state.current, 0, head);
    startNext();
    Q_EMIT changed();
}

void FitSession::run()
{
    if (!m_state)
        return;
    m_running = true;
    m_runEnd = head() + core::FitConfig::kDefaultSteps;
    m_pendingSteps = 0;
    m_pendingSeek.reset();
    startNext();
    Q_EMIT changed();
}

void FitSession::pause()
{
    m_running = false;
    m_frameTimer.stop();
    Q_EMIT changed();
}

void FitSession::setStepsPerFrame(int steps)
{
    m_stepsPerFrame = std::clamp(steps, 1, kMaxStepsPerFrame);
    Q_EMIT changed();
}

void FitSession::setCompare(bool on)
{
    if (on == m_compare)
        return;
    m_compare = on;
    // The twin is made or dropped by a job: the workers own the run meanwhile.
    m_twinPending = true;
    startNext();
    Q_EMIT changed();
}

void FitSession::step()
{
    if (!m_state)
        return;
    m_running = false;
    ++m_pendingSteps;
    startNext();
    Q_EMIT changed();
}

void FitSession::seek(std::int64_t step)
{
    if (!m_state)
        return;
    m_running = false;
    m_pendingSteps = 0;
    m_pendingSeek = std::clamp<std::int64_t>(step, 0, std::max(head(), m_replayTo));
    startNext();
    Q_EMIT changed();
}

void FitSession::startNext()
{
    if (m_busy || !m_state)
        return;
    m_frameTimer.stop();
    if (head() < m_replayTo) {
        // Replaying a restored run: as many steps as a job's time allows, then the views.
        startJob(Job::Run, m_replayTo, FitState::kMaxHead);
    } else if (m_pendingSeek) {
        const std::int64_t target = *m_pendingSeek;
        m_pendingSeek.reset();
        if (target != m_current) {
            m_seeking = target;
            startJob(Job::Seek, target);
        } else
            startNext();
    } else if (m_twinPending) {
        m_twinPending = false;
        startJob(Job::Follow, 0);
    } else if (m_pendingSteps > 0) {
        --m_pendingSteps;
        startJob(Job::Step, 0);
    } else if (m_running) {
        if (m_current < m_runEnd) {
            startJob(Job::Run, m_runEnd, m_stepsPerFrame);
        } else {
            m_running = false;
            Q_EMIT changed();
        }
    }
}

void FitSession::startJob(Job job, std::int64_t target, int steps)
{
    m_busy = true;
    const quint64 generation = m_generation;
    runInBackground(
        this,
        [state = m_state, known = known(), compare = m_compare, job, target, steps] {
            core::FitTimeline &timeline = *state->timeline;
            // Every step of a job reports what it changed (a copy and a comparison of emb.weight,
            // small beside the step): the views mark the rows the last one changed.
            core::FitStepReport report;
            bool reported = true;
            if (job == Job::Seek) {
                if (target > timeline.start())
                    timeline.seek(target, &report);
                else
                    timeline.seek(target);
                reported = target > timeline.start();
            } else if (job == Job::Follow) {
                // Only the twin changes.
                reported = false;
            } else if (job == Job::Step) {
                stepOn(timeline, *state->map, state->trail, &report);
            } else {
                // The frame's steps, or fewer when they take longer than a frame: the views
                // catch up at least every kJobMilliseconds.
                const auto end = Clock::now() + std::chrono::milliseconds(kJobMilliseconds);
                const std::int64_t last = std::min(target, timeline.current() + steps);
                do
                    stepOn(timeline, *state->map, state->trail, &report);
                while (timeline.current() < last && Clock::now() < end);
            }
            Frame f;
            fillFrame(*state, known, compare, f);
            if (reported)
                f.report = std::move(report);
            return f;
        },
        [this, generation](const Frame &f) {
            if (generation != m_generation)
                return;
            m_busy = false;
            m_seeking.reset();
            take(f);
            // A run waits for its next frame; a step or seek asked for meanwhile goes now.
            if (m_running && !m_pendingSeek && m_pendingSteps == 0 && m_current < m_runEnd)
                m_frameTimer.start();
            else
                startNext();
        });
}

FitSession::Known FitSession::known() const
{
    return {m_losses.size(), m_twinLosses.size(), m_trailPlaces.size(), m_twinTrailPlaces.size()};
}

void FitSession::fillFrame(State &state, const Known &known, bool compare, Frame &f)
{
    const core::FitTimeline &timeline = *state.timeline;
    f.current = timeline.current();
    f.lossesFrom = std::min(known.losses, timeline.losses().size());
    f.newLosses.assign(timeline.losses().begin() + static_cast<std::ptrdiff_t>(f.lossesFrom),
                       timeline.losses().end());
    f.embedding = timeline.fit().embedding();
    if (!timeline.fit().config().tied)
        f.head = timeline.fit().head();
    f.snapshot = std::make_shared<const core::FitSnapshot>(timeline.fit().snapshot());
    f.positions = placed(*state.map, f.embedding);
    f.trail = trailTo(state.trail, f.current);
    f.trailFrom = newPlaces(state.trail, known.trail, f.newTrail);
    followTwin(state, compare, f, known);
}

void FitSession::take(const Frame &frame)
{
    m_current = frame.current;
    appendFrom(m_losses, frame.lossesFrom, frame.newLosses);
    m_mapPositions = frame.positions;
    m_mapTrail = frame.trail;
    m_snapshot = frame.snapshot;
    appendFrom(m_trailPlaces, frame.trailFrom, frame.newTrail);
    takeWeights(frame);
    appendFrom(m_twinLosses, frame.twin ? frame.twinLossesFrom : 0, frame.newTwinLosses);
    m_twinPositions = frame.twinPositions;
    m_twinTrail = frame.twinTrail;
    m_twinSnapshot = frame.twinSnapshot;
    appendFrom(m_twinTrailPlaces, frame.twin ? frame.twinTrailFrom : 0, frame.newTwinTrail);
    Q_EMIT changed();
}

std::optional<core::FitRecords> FitSession::records() const
{
    if (!m_snapshot)
        return std::nullopt;
    const auto record = [this](const std::vector<float> &losses,
                               std::shared_ptr<const core::FitSnapshot> state,
                               const std::vector<float> &trail) {
        core::FitRecord r;
        r.losses = losses;
        r.state = std::move(state);
        r.trail = trail;
        r.trailPoints = m_mapRows.size();
        return r;
    };
    core::FitRecords records;
    records.run = record(m_losses, m_snapshot, m_trailPlaces);
    records.run.lastStep = m_lastStep;
    if (m_twinSnapshot)
        records.twin = record(m_twinLosses, m_twinSnapshot, m_twinTrailPlaces);
    return records;
}

void FitSession::takeWeights(const Frame &frame)
{
    const auto write = [](core::ParameterPtr &weight, const core::Matrix &values) {
        if (!weight || weight->rows() != values.rows() || weight->cols() != values.cols())
            weight = std::make_shared<core::Parameter>(core::Shape{values.rows(), values.cols()});
        weight->replaceValue(core::Matrix(values));
    };
    write(m_embeddingWeight, frame.embedding);
    if (frame.head.size() > 0)
        write(m_headWeight, frame.head);
    else
        m_headWeight = m_embeddingWeight;
    // A frame of the twin alone (Follow) leaves the step, and what it changed, as they were.
    if (frame.report || frame.current == 0)
        m_lastStep = frame.report;
}

QString FitSession::defaultTokens(const QString &code, const QString &ownText)
{
    return usesCharacters(code, ownText) ? QLatin1String(kCharacters)
                                         : QLatin1String(Vocabulary::kGpt2Source);
}

void FitSession::setTokens(const QString &tokens)
{
    const QString wanted = tokens == defaultTokens(m_code, m_ownText) ? QString() : tokens;
    if (wanted == m_tokens)
        return;
    if (m_code.isEmpty()) {
        m_tokens = wanted;
        Q_EMIT changed();
        return;
    }
    setup(m_code, m_tied, m_ownText, wanted);
}

void FitSession::setOptimizer(const core::OptimizerConfig &optimizer)
{
    if (optimizer == m_optimizer)
        return;
    m_optimizer = optimizer;
    if (m_code.isEmpty())
        Q_EMIT changed();
    else
        setup(m_code, m_tied, m_ownText, m_tokens);
}

core::ConstMatrixMap FitSession::embedding() const
{
    if (!m_embeddingWeight)
        return {nullptr, 0, 0};
    return std::as_const(*m_embeddingWeight).value();
}

std::int64_t FitSession::rowId(std::int64_t row) const
{
    if (!m_corpus || row < 0 || row >= m_corpus->vocabSize())
        return -1;
    return m_corpus->vocabulary()[static_cast<std::size_t>(row)];
}

QString FitSession::rowLabel(std::int64_t row) const
{
    const std::int64_t id = rowId(row);
    return id < 0 ? QString() : tokenLabel(m_code, id, m_ownText, m_tokens);
}

std::vector<core::Neighbour> FitSession::neighbours(std::int64_t row, std::int64_t k) const
{
    if (!m_embeddingWeight || row < 0 || row >= m_embeddingWeight->rows())
        return {};
    // A few hundred rows of a few dozen columns: built for each question, on the UI thread.
    const core::RowNeighbours nearest(m_embeddingWeight->span());
    return nearest.nearest(row, k);
}

void FitSession::followTwin(State &state, bool compare, Frame &f, const Known &known)
{
    std::size_t knownTwin = known.twinLosses;
    std::size_t knownTwinTrail = known.twinTrail;
    if (!compare) {
        state.twin.reset();
        return;
    }
    const core::TextFit &fit = state.timeline->fit();
    if (!state.twin) {
        core::FitConfig config = fit.config();
        config.tied = !config.tied;
        state.twin =
            std::make_unique<core::FitTimeline>(std::make_unique<core::TextFit>(fit.sharedCorpus(), config));
        state.twinTrail = trailFrom(*state.map, *state.twin);
        knownTwin = 0;
        knownTwinTrail = 0;
    }
    follow(*state.twin, state.timeline->current(), *state.map, state.twinTrail);
    f.twin = true;
    const std::vector<float> &losses = state.twin->losses();
    f.twinLossesFrom = std::min(knownTwin, losses.size());
    f.newTwinLosses.assign(losses.begin() + static_cast<std::ptrdiff_t>(f.twinLossesFrom), losses.end());
    f.twinPositions = placed(*state.map, state.twin->fit().embedding());
    f.twinTrail = trailTo(state.twinTrail, state.twin->current());
    f.twinSnapshot = std::make_shared<const core::FitSnapshot>(state.twin->fit().snapshot());
    f.twinTrailFrom = newPlaces(state.twinTrail, knownTwinTrail, f.newTwinTrail);
}

std::optional<core::FitStepReport> FitSession::adopt(State &state, const core::WeightFile &stored,
                                                     bool compare)
{
    core::FitTimeline &timeline = *state.timeline;
    const core::FitRecord run = core::readFitRecord(stored, "", timeline.fit());
    const std::size_t points = state.map->rows().size();
    const auto trailOf = [points](const core::FitRecord &record) {
        if (record.trailPoints != points)
            throw core::Error(core::Error::Kind::ValueError, "its map has other tokens");
        return core::MapTrail(points, record.trail);
    };
    core::MapTrail trail = trailOf(run);
    // The twin first: the run is changed only once everything was read and fits.
    if (compare && core::hasTwinRecord(stored)) {
        core::FitConfig config = timeline.fit().config();
        config.tied = !config.tied;
        auto twin = std::make_unique<core::FitTimeline>(
            std::make_unique<core::TextFit>(timeline.fit().sharedCorpus(), config));
        const core::FitRecord record = core::readFitRecord(stored, "twin.", twin->fit());
        core::MapTrail twinTrail = trailOf(record);
        twin->adopt(record.losses, *record.state);
        timeline.adopt(run.losses, *run.state);
        state.twin = std::move(twin);
        state.twinTrail = std::move(twinTrail);
    } else {
        timeline.adopt(run.losses, *run.state);
    }
    state.trail = std::move(trail);
    return run.lastStep;
}

} // namespace embedlab::ui
