// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
//
// Issue #24 item 9: a seeded random walk over the transitions where features hand over to each
// other (language, the lesson, undo and redo, save and reopen, projector and focus mode, presets
// and files, selections, initialisers and training steps, the Fit a Text panel's run). After each one, every
// view must show what the document holds; the session must round-trip; at the end, undo must reach the first
// state bit for bit. EMBEDLAB_SEED=N replays a walk, EMBEDLAB_TRANSITIONS=N sets its length (500 in the
// default suite, 20,000 under the `long` label), EMBEDLAB_TRANSITIONS_VERBOSE=1 prints each step.

#include "common/GgufBytes.h"
#include "common/Seed.h"
#include "common/TestSettings.h"
#include "common/WindowIdle.h"
#include "core/analysis/MapTrail.h"
#include "core/io/NpyWriter.h"
#include "ui/heatmap/HeatmapView.h"
#include "ui/histogram/InitHistogram.h"
#include "ui/model/Document.h"
#include "ui/model/FitSession.h"
#include "ui/model/Lab.h"
#include "ui/model/LabUndo.h"
#include "ui/model/Lesson.h"
#include "ui/model/OneHotAnimation.h"
#include "ui/model/SessionFile.h"
#include "ui/model/WeightOrigin.h"
#include "ui/views/FitMapView.h"
#include "ui/views/FitPanel.h"
#include "ui/views/InitPanel.h"
#include "ui/views/LossChart.h"
#include "ui/views/OneHotView.h"
#include "ui/views/TokenChips.h"
#include "ui/views/TrainingPanel.h"
#include "ui/window/FocusMode.h"
#include "ui/window/IdsEntry.h"
#include "ui/window/LessonController.h"
#include "ui/window/MainWindow.h"
#include "ui/window/PanelRegistry.h"
#include "ui/window/ProjectorMode.h"
#include "ui/window/SessionController.h"
#include "ui/window/SidePanels.h"
#include "ui/window/TokenizerOffer.h"
#include "ui/window/Translations.h"
#include "ui/window/WeightFileLoader.h"
#include "ui/window/WeightHeatmaps.h"
#include "ui/window/WindowHost.h"

#include <QAction>
#include <QActionGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QUndoStack>
#include <QtCharts/QLineSeries>

#include <cstring>
#include <functional>
#include <memory>
#include <random>

using namespace embedlab;
using ui::Document;
using ui::Lab;
using ui::MainWindow;
using ui::WindowHost;

namespace {

/// What undo must give back exactly: the configuration, the ids and every weight's bytes.
struct ModelState {
    Lab::Config config;
    QString ids;
    bool tied = false;
    QList<QByteArray> weights;
    bool operator==(const ModelState &) const = default;
};

QByteArray bytesOf(const core::ParameterPtr &p)
{
    if (!p)
        return {};
    return QByteArray(reinterpret_cast<const char *>(p->value().data()), qsizetype(p->bytes()));
}

ModelState modelState(const Lab *lab)
{
    return {lab->modelConfig(),
            lab->idsText(),
            lab->isTied(),
            {bytesOf(lab->embeddingWeight()), bytesOf(lab->lmHeadWeight()), bytesOf(lab->lmHeadBias())}};
}

} // namespace

class TestTransitions : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void walk();

private:
    MainWindow *window() const { return &m_host->window(); }
    Document *teacher() const { return window()->document(); }
    Document *shown() const { return window()->shown(); }
    int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(m_rng); }
    bool waitIdle();
    /// Runs `change` and waits for the window built again around the document, when it is.
    void rebuildAfter(const std::function<void()> &change);
    void step(int index);
    /// The Fit a Text panel, through its controls: a text or the tie, a step, a seek, the speed or
    /// a moment's run.
    void fitStep(bool setUp);
    void verifyViews(const QString &where);
    void verifyFit(const QString &where);
    void verifySessionRoundTrip(const QString &where);
    void restartUndoHistory();

    std::unique_ptr<WindowHost> m_host;
    std::unique_ptr<QTemporaryDir> m_dir;
    std::mt19937_64 m_rng;
    bool m_verbose = false;
    int m_gpt2Left = 1;
    // The teacher's state when its undo history last started (a reopened session clears it).
    ModelState m_start;
    bool m_undoReachesStart = true;
};

void TestTransitions::initTestCase()
{
    testing::resetAppSettings();
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    const std::uint64_t seed = testing::testSeed("transitions");
    m_rng.seed(seed);
    m_verbose = qEnvironmentVariableIntValue("EMBEDLAB_TRANSITIONS_VERBOSE") != 0;
    // A small matrix to open as a file: 6 rows of 3.
    std::vector<float> matrix(6 * 3);
    for (std::size_t i = 0; i < matrix.size(); ++i)
        matrix[i] = float(i) * 0.25f - 1.0f;
    core::writeNpy(m_dir->filePath(QStringLiteral("small.npy")).toStdString(), matrix.data(), {6, 3});
    // A quantised file with its tokenizer (issue #30): Q4_K blocks, tokens on its 557 rows.
    QFile q4(m_dir->filePath(QStringLiteral("model-Q4_K_M.gguf")));
    QVERIFY(q4.open(QIODevice::WriteOnly) && q4.write(testing::q4kmStyleFile()) > 0);
    q4.close();
    m_host =
        std::make_unique<WindowHost>(MainWindow::Options{.recovery = false, .projectorFullScreen = false});
    window()->resize(1200, 800);
    window()->show();
    QVERIFY(QTest::qWaitForWindowExposed(window()));
    QVERIFY(waitIdle());
    m_start = modelState(teacher()->lab());
}

void TestTransitions::cleanupTestCase()
{
    m_host.reset();
    ui::Translations::install(QStringLiteral("en"));
}

bool TestTransitions::waitIdle()
{
    return testing::waitUntilIdle(*m_host);
}

void TestTransitions::rebuildAfter(const std::function<void()> &change)
{
    QSignalSpy replaced(m_host.get(), &WindowHost::windowReplaced);
    change();
    if (replaced.isEmpty() && !replaced.wait(20000))
        QFAIL("the window was not built again");
    window()->show();
}

void TestTransitions::restartUndoHistory()
{
    m_start = modelState(teacher()->lab());
    m_undoReachesStart = true;
}

void TestTransitions::step(int index)
{
    Document *doc = shown();
    Lab *lab = doc->lab();
    const bool lesson = doc != teacher();
    const int kind = pick(24); // 0..22 and the default branch (the model's size)
    const auto say = [&](const QString &what) {
        if (m_verbose)
            std::printf("transitions: %d %s\n", index, qPrintable(what));
    };
    switch (kind) {
    case 0: { // language
        const QStringList codes{QStringLiteral("en"), QStringLiteral("vi"), QStringLiteral("zh")};
        QString code = codes[pick(3)];
        if (code == ui::Translations::installedCode())
            code = code == QStringLiteral("en") ? QStringLiteral("vi") : QStringLiteral("en");
        say(QStringLiteral("language %1").arg(code));
        rebuildAfter([&] {
            for (QAction *action : window()->actions().languages->actions())
                if (action->data().toString() == code)
                    action->trigger();
        });
        break;
    }
    case 1: // the lesson starts or ends
        say(lesson ? QStringLiteral("end lesson") : QStringLiteral("start lesson"));
        rebuildAfter([&] { window()->actions().lesson->setChecked(!lesson); });
        break;
    case 2: // a lesson step
        if (lesson) {
            const int to = pick(ui::Lesson::steps().size());
            say(QStringLiteral("lesson step %1").arg(to + 1));
            window()->lessons()->lesson()->setCurrent(to);
        }
        break;
    case 3:
    case 4:
        say(kind == 3 ? QStringLiteral("undo") : QStringLiteral("redo"));
        if (kind == 3 && lab->isBusy() == false && doc->undo()->isBlocked() && !lesson)
            m_undoReachesStart = false;
        kind == 3 ? doc->undo()->undo() : doc->undo()->redo();
        break;
    case 5: { // save and reopen
        if (lesson)
            break;
        say(QStringLiteral("save and reopen (fit '%1' at step %2 of %3)")
                .arg(teacher()->state().fit.text)
                .arg(teacher()->state().fit.current)
                .arg(teacher()->state().fit.head));
        const QString file = m_dir->filePath(QStringLiteral("walk.embedlab"));
        QCOMPARE(window()->sessions()->saveSession(file), QString());
        QCOMPARE(window()->sessions()->openSession(file), QString());
        QVERIFY(waitIdle());
        restartUndoHistory();
        break;
    }
    case 6: // projector mode, or projected, View > Fit a Text in the main pane's place
        if (doc->projector() && !lesson && pick(2) == 0) {
            const QList<ui::PanelRegistry::Panel> &panels = window()->panelRegistry().panels();
            const ui::PanelRegistry::Panel &p = panels[pick(int(panels.size()))];
            say(QStringLiteral("projected: View > %1").arg(p.name));
            p.viewAction->trigger();
            break;
        }
        say(QStringLiteral("projector"));
        doc->setProjector(!doc->projector());
        break;
    case 7: // focus mode
        say(QStringLiteral("focus"));
        window()->focusMode()->isActive() ? window()->focusMode()->leave() : window()->focusMode()->enter();
        break;
    case 8: { // a preset or a file
        const int which = pick(4);
        if (which == 0 && m_gpt2Left > 0 && !lesson) {
            --m_gpt2Left;
            say(QStringLiteral("GPT-2 preset"));
            doc->undo()->applyPreset(Lab::Preset::Gpt2Small);
        } else if (which == 1) {
            say(QStringLiteral("open small.npy"));
            QCOMPARE(window()->weightFiles()->loadFromCommandLine(
                         m_dir->filePath(QStringLiteral("small.npy")), false),
                     QString());
        } else if (which == 2 && pick(2) == 0) {
            say(QStringLiteral("open model-Q4_K_M.gguf"));
            QCOMPARE(window()->weightFiles()->loadFromCommandLine(
                         m_dir->filePath(QStringLiteral("model-Q4_K_M.gguf:token_embd.weight")), false),
                     QString());
        } else {
            say(QStringLiteral("reference preset"));
            doc->undo()->applyPreset(Lab::Preset::Reference);
        }
        break;
    }
    case 9:
    case 10: { // a chip, a heatmap row or a neighbour: one selection
        const qint64 rows = lab->modelConfig().numEmbeddings;
        if (rows == 0)
            break;
        const int row = int(std::uniform_int_distribution<qint64>(0, rows - 1)(m_rng));
        say(QStringLiteral("select row %1").arg(row));
        if (kind == 9)
            Q_EMIT window()->embeddingHeatmap()->rowClicked(row);
        else if (!window()->tokenChips()->chips().isEmpty())
            Q_EMIT window()->tokenChips()->chipClicked(
                window()->tokenChips()->chips()[pick(window()->tokenChips()->chips().size())].id);
        else
            lab->selectRow(row);
        break;
    }
    case 11:
    case 12: { // the ids field, valid or not
        const qint64 rows = std::max<qint64>(1, lab->modelConfig().numEmbeddings);
        QStringList ids;
        for (int i = 0, n = 1 + pick(4); i < n; ++i)
            ids << QString::number(
                std::uniform_int_distribution<qint64>(0, rows + (kind == 12 ? 1 : -1))(m_rng));
        const QString text = doc->textMode() ? QStringLiteral("Hello world") : ids.join(QStringLiteral(", "));
        say(QStringLiteral("type %1").arg(text));
        QLineEdit *field = window()->idsEntry()->field();
        field->setText(text);
        Q_EMIT field->returnPressed();
        break;
    }
    case 13: // text mode
        say(QStringLiteral("text mode"));
        doc->setTextMode(!doc->textMode());
        break;
    case 14:
    case 15: { // an initialiser, Live or Apply
        static const char *const names[] = {"normal", "uniform", "xavier_normal", "kaiming_uniform", "zeros"};
        const QString name = QString::fromLatin1(names[pick(5)]);
        say(QStringLiteral("init %1").arg(name));
        window()->initPanel()->chooseInitializer(name);
        window()->initPanel()->apply();
        break;
    }
    case 16:
    case 17: // a training step
        say(QStringLiteral("train"));
        if (!window()->trainingPanel()->isEnabled())
            break;
        window()->trainingPanel()->step();
        break;
    case 21:
    case 22:
        say(kind == 21 ? QStringLiteral("fit: text or tie")
                       : QStringLiteral("fit: step, seek, speed or run"));
        fitStep(kind == 21);
        break;
    case 20: // View > Quantisation Blocks
        say(QStringLiteral("block grid"));
        window()->actions().blockGrid->trigger();
        break;
    case 18: // tie or untie
        say(QStringLiteral("tie"));
        if (lab->isTied())
            window()->untie(pick(2) ? core::TiedModel::UntieMode::Clone
                                    : core::TiedModel::UntieMode::Reinitialize);
        else
            window()->requestTie(true);
        break;
    case 19: { // the Training panel's batch: one of the teacher's own, or the ids' next-token task
        ui::TrainingPanel *training = window()->trainingPanel();
        if (training->followsIds()) {
            say(QStringLiteral("own training batch"));
            training->setIdsText(QStringLiteral("0, 1"));
            training->setTargetsText(QStringLiteral("1, 0"));
        } else {
            say(QStringLiteral("training batch follows the ids"));
            training->setFollowsIds(true);
        }
        break;
    }
    default: { // the model's size
        Lab::Config config = lab->config();
        config.numEmbeddings = 3 + pick(6);
        config.embeddingDim = 2 + pick(5);
        say(QStringLiteral("layers %1 x %2").arg(config.numEmbeddings).arg(config.embeddingDim));
        doc->undo()->applySnapshot(QStringLiteral("Change layers"), {config, lab->idsText()});
        break;
    }
    }
}

void TestTransitions::fitStep(bool setUp)
{
    ui::FitPanel *panel = window()->sidePanels().fitPanel();
    const ui::FitSession *session = shown()->fitSession();
    if (setUp) {
        const int choice = pick(5);
        if (choice == 0) {
            panel->tiedBox()->click();
        } else if (choice == 1) {
            panel->compareBox()->click();
        } else if (choice == 2) { // the optimiser (what its dialog's OK does)
            embedlab::core::OptimizerConfig optimizer = ui::FitState::defaultOptimizer();
            optimizer.kind = pick(2) ? optimizer.kind : embedlab::core::OptimizerConfig::Kind::Sgd;
            optimizer.sgd.momentum = pick(2) ? 0.0 : 0.9;
            panel->useOptimizer(optimizer);
        } else {
            panel->textBox()->setCurrentIndex(
                pick(int(ui::FitSession::textCodes().size()))); // not the dialog
        }
        return;
    }
    if (!session->hasRun())
        return;
    switch (pick(4)) {
    case 0:
        panel->stepButton()->click();
        break;
    case 1:
        panel->timeline()->setValue(pick(panel->timeline()->maximum() + 1));
        break;
    case 2:
        panel->speedBox()->setValue(1 + pick(40));
        break;
    default: // Run, a moment, Pause: the run stops wherever its frames got to
        panel->runButton()->click();
        QTest::qWait(40 + pick(80));
        panel->runButton()->click();
        break;
    }
}

void TestTransitions::verifyFit(const QString &where)
{
    // The Fit panel shows the document's run (issue #27), and the view state is the run's.
    // Kept alive for the whole function: qPrintable()'s buffer dies at the end of its statement.
    const QByteArray whereText = where.toLocal8Bit();
    const char *at = whereText.constData();
    const Document *doc = shown();
    const ui::FitSession *session = doc->fitSession();
    const ui::FitState fit = doc->state().fit;
    const ui::FitPanel *panel = window()->sidePanels().fitPanel();
    QVERIFY2(fit == session->settings(), at);
    QVERIFY2(panel->textBox()->currentData().toString() == fit.text,
             qPrintable(where + QStringLiteral(": panel '%1', document '%2'")
                                    .arg(panel->textBox()->currentData().toString(), fit.text)));
    QVERIFY2(panel->tiedBox()->isChecked() == fit.tied, at);
    QVERIFY2(panel->compareBox()->isChecked() == fit.compare, at);
    QVERIFY2(panel->twinMapView()->isHidden() == !fit.compare, at);
    QVERIFY2(panel->speedBox()->value() == fit.speed, at);
    QVERIFY2(panel->optimizerBox()->currentText() == QString::fromStdString(fit.optimizer.shortCall()), at);
    QVERIFY2(panel->timeline()->maximum() == fit.head && panel->timeline()->value() == fit.current,
             qPrintable(where + QStringLiteral(": timeline %1 of %2, document %3 of %4")
                                    .arg(panel->timeline()->value())
                                    .arg(panel->timeline()->maximum())
                                    .arg(fit.current)
                                    .arg(fit.head)));
    QVERIFY2(panel->lossChart()->lossSeries()->count() == int(session->losses().size()), at);
    // Settled (the walk waits for the fit's jobs): what is shown is what the settings say.
    if (!session->isRunning() && session->hasRun()) {
        QVERIFY2(session->current() == fit.current && session->head() == fit.head, at);
        QVERIFY2(session->embedding().rows() == session->vocabSize(), at);
        // The map and its trail are the run's at the step shown: one trail place every
        // MapTrail::kStride steps of the last kTrailSteps (step 0's the first).
        constexpr std::int64_t stride = embedlab::core::MapTrail::kStride;
        const std::int64_t low = fit.current - ui::FitSession::kTrailSteps;
        const std::int64_t noted = fit.current / stride - (low < 0 ? 0 : low / stride + 1) + 1;
        QVERIFY2(session->mapTrail().size() == noted, at);
        QVERIFY2(panel->mapView()->points() == session->mapPositions() &&
                     panel->mapView()->trail() == session->mapTrail(),
                 at);
        // Comparing, the other tying's run has followed to the step shown.
        if (fit.compare)
            QVERIFY2(std::int64_t(session->twinLosses().size()) >= fit.current &&
                         session->twinPositions().size() == session->mapLabels().size(),
                     at);
    }
}

void TestTransitions::verifyViews(const QString &where)
{
    // Kept alive for the whole function: qPrintable()'s buffer dies at the end of its statement.
    const QByteArray whereText = where.toLocal8Bit();
    const char *at = whereText.constData();
    Document *doc = shown();
    const Lab *lab = doc->lab();
    MainWindow *w = window();
    // The ids field and its mode.
    QVERIFY2(w->idsEntry()->field()->text() == doc->idsEntry(),
             qPrintable(where + QStringLiteral(": field '%1', document '%2'")
                                    .arg(w->idsEntry()->field()->text(), doc->idsEntry())));
    QVERIFY2(w->idsEntry()->textModeButton()->isChecked() == doc->textMode(), at);
    // One selection: the one-hot title names the selected row's id, both heatmaps mark it.
    const int row = lab->selectedRow();
    QVERIFY2(w->embeddingHeatmap()->selectedRow() == row, at);
    QVERIFY2(w->lmHeadHeatmap()->selectedRow() == row, at);
    const QList<qint64> ids = lab->flatIds();
    const int k = doc->animation()->idIndex();
    const QString title = w->oneHotView()->titleText();
    if (row >= 0 && !ids.contains(row)) {
        QVERIFY2(title.contains(QString::number(row)), qPrintable(where + QStringLiteral(": ") + title));
    } else if (k < ids.size()) {
        QVERIFY2(
            ids[k] == row,
            qPrintable(where + QStringLiteral(": animation at id %1, selected %2").arg(ids[k]).arg(row)));
        QVERIFY2(title.contains(QRegularExpression(QStringLiteral("\\bid %1\\b").arg(row))),
                 qPrintable(where + QStringLiteral(": ") + title));
    }
    // The Training panel shows the document's batch, and one that follows the ids is their
    // next-token task (issue #29 item 1).
    const ui::TrainingBatch &batch = doc->trainingBatch();
    QVERIFY2(w->trainingPanel()->followsIds() == batch.followsIds, at);
    QVERIFY2(w->trainingPanel()->idsText() == batch.ids && w->trainingPanel()->targetsText() == batch.targets,
             qPrintable(where + QStringLiteral(": panel %1 -> %2, document %3 -> %4")
                                    .arg(w->trainingPanel()->idsText(), w->trainingPanel()->targetsText(),
                                         batch.ids, batch.targets)));
    if (batch.followsIds)
        QVERIFY2(batch == doc->nextTokenBatch(), at);
    // The Training panel shows a result only while its weights are the document's.
    QVERIFY2(w->trainingPanel()->hasResult() == (doc->trainingResult() != nullptr), at);
    // The histogram's expected curve is what the weights' initialiser predicts.
    const QList<ui::InitHistogram::Source> sources = w->histogram()->sources();
    QVERIFY2(!sources.isEmpty(), at);
    const std::optional<Lab::Expected> expected = lab->expectedDistribution(sources.front().label);
    QVERIFY2(sources.front().expected.has_value() == expected.has_value(), at);
    if (expected) {
        QVERIFY2(sources.front().expected->kind == expected->distribution.kind, at);
        QVERIFY2(sources.front().expected->std == expected->distribution.std, at);
        QVERIFY2(sources.front().expected->high == expected->distribution.high, at);
    }
    // The panels the document names are the ones shown (view modes hide them all).
    QStringList panels = doc->panels();
    QStringList shownPanels = w->panelRegistry().shownNames();
    panels.sort();
    shownPanels.sort();
    if (!doc->projector() && !doc->focusMode())
        QVERIFY2(shownPanels == panels,
                 qPrintable(where + QStringLiteral(": shown ") + w->panelRegistry().shownNames().join(u',') +
                            QStringLiteral(", document ") + doc->panels().join(u',')));
    QVERIFY2(w->projector()->isEnabled() == doc->projector(), at);
    // Projected outside the lesson, the panels the document names are shown: a whole picture in
    // the main pane's place, the others docked.
    if (doc->projector() && !doc->focusMode() && doc == teacher()) {
        const QDockWidget *featured = nullptr;
        QStringList docked;
        for (const ui::PanelRegistry::Panel &p : w->panelRegistry().panels()) {
            if (!doc->projectedPanels().contains(p.name))
                continue;
            if (!p.replacesMainWhenProjected)
                docked.append(p.name);
            else if (!featured)
                featured = p.dock;
        }
        QStringList shown = w->panelRegistry().shownNames();
        shown.removeIf([&](const QString &name) { return featured == w->panelRegistry().dock(name); });
        docked.sort();
        shown.sort();
        QVERIFY2(w->projector()->featuredDock() == featured && shown == docked,
                 qPrintable(where + QStringLiteral(": projected panels ") +
                            doc->projectedPanels().join(u',') + QStringLiteral(", docked ") +
                            shown.join(u',')));
    }
    // The heatmaps' titles and block grids are the document's (issue #26, #30): the file and type
    // the values come from, untrained rows said to be so, the grid on quantised values as loaded.
    QVERIFY2(w->actions().blockGrid->isChecked() == doc->blockGrid(), at);
    for (const auto &[view, target] : {std::pair(w->embeddingHeatmap(), QStringLiteral("embedding.weight")),
                                       std::pair(w->lmHeadHeatmap(), QStringLiteral("lm_head.weight"))}) {
        QVERIFY2(view->title() == ui::WeightHeatmaps::titleFor(*lab, target),
                 qPrintable(where + QStringLiteral(": ") + view->title()));
        const std::optional<core::ElementType> e = ui::WeightOrigin::of(*lab, target).quantisedAsLoaded();
        QVERIFY2(view->blockGrid() ==
                     (doc->blockGrid() && e ? std::optional(core::storageBlock(*e)) : std::nullopt),
                 at);
    }
    // The tokenizer guess is offered exactly while there is one.
    const ui::TokenizerOffer *offer = w->findChild<ui::TokenizerOffer *>();
    QVERIFY2(offer && offer->isVisibleTo(w) == offer->guess().has_value(), at);
    QVERIFY2(w->actions().fullScreen->isChecked() == w->isFullScreen(), at);
    verifyFit(where);
}

void TestTransitions::verifySessionRoundTrip(const QString &where)
{
    // Every field of the document survives the session file: written, read back, equal.
    const ui::SessionFile::Session session = window()->sessions()->captureSession();
    QString error;
    const std::optional<ui::SessionFile::Session> back =
        ui::SessionFile::fromJson(ui::SessionFile::toJson(session), &error);
    QVERIFY2(back, qPrintable(where + QStringLiteral(": ") + error));
    QVERIFY2(*back == session, qPrintable(where));
    QVERIFY2(back->view == teacher()->state(), qPrintable(where));
}

void TestTransitions::walk()
{
    bool ok = false;
    int count = qEnvironmentVariableIntValue("EMBEDLAB_TRANSITIONS", &ok);
    if (!ok || count <= 0)
        count = 500;
    for (int i = 0; i < count; ++i) {
        step(i);
        if (QTest::currentTestFailed())
            return;
        QVERIFY2(waitIdle(), qPrintable(QStringLiteral("transition %1 never finished").arg(i)));
        const QString where = QStringLiteral("after transition %1").arg(i);
        verifyViews(where);
        if (QTest::currentTestFailed())
            return;
        if (i % 25 == 0)
            verifySessionRoundTrip(where);
    }
    // Out of the lesson, then undo to the start: bit for bit where the budget kept every step.
    if (shown() != teacher())
        rebuildAfter([&] { window()->actions().lesson->setChecked(false); });
    QVERIFY(waitIdle());
    ui::LabUndo *undo = teacher()->undo();
    while (undo->canUndo()) {
        undo->undo();
        QVERIFY(waitIdle());
    }
    if (m_undoReachesStart && !undo->isBlocked())
        QVERIFY(modelState(teacher()->lab()) == m_start);
}

QTEST_MAIN(TestTransitions)
#include "tst_transitions.moc"
