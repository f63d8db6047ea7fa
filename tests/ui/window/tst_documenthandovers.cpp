// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
//
// Issue #24: where one feature hands over to another, the views disagreed or state was lost. One
// test per defect the issue lists, each on the document behind every view (tst_transitions walks
// random sequences of the same transitions).

#include "common/TestSettings.h"
#include "common/WindowIdle.h"
#include "ui/heatmap/HeatmapView.h"
#include "ui/histogram/InitHistogram.h"
#include "ui/model/Document.h"
#include "ui/model/FitSession.h"
#include "ui/model/Lab.h"
#include "ui/model/LabUndo.h"
#include "ui/model/Lesson.h"
#include "ui/model/OneHotAnimation.h"
#include "ui/model/SessionFile.h"
#include "ui/views/CodePanel.h"
#include "ui/views/FitPanel.h"
#include "ui/views/InitPanel.h"
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
#include "ui/window/Translations.h"
#include "ui/window/WindowHost.h"

#include <QAction>
#include <QActionGroup>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSlider>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QUndoStack>

#include <cstring>
#include <memory>

using namespace embedlab;
using ui::Document;
using ui::Lab;
using ui::MainWindow;
using ui::WindowHost;

class TestDocumentHandovers : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void cleanup();
    void languageSwitchInTheProjectedLessonKeepsItsIds();
    void undoneTrainingStepTakesItsResultsAlong();
    void undoPutsTheInitialiserEditorsBack();
    void quittingProjectedStartsTheNextRunWithItsPanels();
    void fullScreenAndItsCheckMarkAgreeAfterLanguageSwitches();
    void reopenedSessionKeepsTextTheEditorsAndTheOptimiser();
    void reopeningABigTiedSessionNamesNoOtherModel();
    void savingSaysWhatItWritesBesideTheSession();
    void histogramKeepsTheInitialiserThroughTraining();
    void liveInitialiserDecisionIsOneCall();
    void chipSelectsTheRowInEveryView();
    void maxNormHeatmapShowsWhatTheCodePrints();
    void fitRunSurvivesLanguageViewModesAndReopening();
    void projectedPanelSurvivesLanguageAndReopening();

private:
    MainWindow *window() const { return &m_host->window(); }
    Document *doc() const { return window()->shown(); }
    bool waitIdle() const;
    void switchLanguage(const QString &code);
    void setLesson(bool on);
    void useGpt2Preset();

    std::unique_ptr<WindowHost> m_host;
    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestDocumentHandovers::init()
{
    testing::resetAppSettings();
    m_dir = std::make_unique<QTemporaryDir>();
    m_host =
        std::make_unique<WindowHost>(MainWindow::Options{.recovery = false, .projectorFullScreen = false});
    window()->resize(1200, 800);
    window()->show();
    QVERIFY(QTest::qWaitForWindowExposed(window()));
    QVERIFY(waitIdle());
}

void TestDocumentHandovers::cleanup()
{
    m_host.reset();
    ui::Translations::install(QStringLiteral("en"));
}

bool TestDocumentHandovers::waitIdle() const
{
    return testing::waitUntilIdle(*m_host);
}

void TestDocumentHandovers::switchLanguage(const QString &code)
{
    QSignalSpy replaced(m_host.get(), &WindowHost::windowReplaced);
    for (QAction *action : window()->actions().languages->actions())
        if (action->data().toString() == code)
            action->trigger();
    QVERIFY(replaced.wait(20000));
    window()->show();
    QVERIFY(waitIdle());
}

void TestDocumentHandovers::setLesson(bool on)
{
    QSignalSpy replaced(m_host.get(), &WindowHost::windowReplaced);
    window()->actions().lesson->setChecked(on);
    QVERIFY(replaced.wait(20000));
    window()->show();
    QVERIFY(waitIdle());
}

void TestDocumentHandovers::useGpt2Preset()
{
    doc()->undo()->applyPreset(Lab::Preset::Gpt2Small);
    QVERIFY(waitIdle());
    QCOMPARE(doc()->lab()->modelConfig().numEmbeddings, 50257);
}

void TestDocumentHandovers::languageSwitchInTheProjectedLessonKeepsItsIds()
{
    // Defect 1: at the lesson's pitfalls step ("2, 3, 4", refused; the last step once) in projector mode,
    // three language switches left the teacher's old ids in the field on the lesson's 4x5 model.
    Lab::Config config = doc()->lab()->config();
    config.numEmbeddings = 10;
    doc()->undo()->applySnapshot(QStringLiteral("Change layers"), {config, QStringLiteral("7, 8")});
    QVERIFY(waitIdle());
    setLesson(true);
    int pitfalls = -1;
    for (int i = 0; i < int(ui::Lesson::steps().size()); ++i)
        if (qstrcmp(ui::Lesson::steps()[i].key, "pitfalls") == 0)
            pitfalls = i;
    QVERIFY(pitfalls >= 0);
    window()->lessons()->lesson()->setCurrent(pitfalls);
    doc()->setProjector(true);
    QVERIFY(waitIdle());
    QCOMPARE(window()->idsEntry()->field()->text(), QStringLiteral("2, 3, 4"));
    for (const char *code : {"vi", "zh", "en"}) {
        switchLanguage(QString::fromLatin1(code));
        QCOMPARE(window()->idsEntry()->field()->text(), QStringLiteral("2, 3, 4"));
        QVERIFY(window()->idsEntry()->errorLabel()->text().contains(QStringLiteral("IndexError")));
        QCOMPARE(doc()->lab()->config().numEmbeddings, 4);
        QCOMPARE(window()->lessons()->lesson()->current(), pitfalls);
        QVERIFY(window()->projector()->isEnabled());
    }
    setLesson(false);
    QCOMPARE(doc()->lab()->config().numEmbeddings, 10);
    QCOMPARE(window()->idsEntry()->field()->text(), QStringLiteral("7, 8"));
    QVERIFY(window()->idsEntry()->errorLabel()->text().isEmpty());
}

void TestDocumentHandovers::undoneTrainingStepTakesItsResultsAlong()
{
    // Defect 3: undo left step 5's loss and heatmaps in the Training panel, which said "reset by
    // hand". The results belong to the weights they were computed on.
    ui::TrainingPanel *panel = window()->trainingPanel();
    QVERIFY(panel->step());
    QVERIFY(waitIdle());
    QVERIFY(panel->hasResult());
    doc()->undo()->undo();
    QVERIFY(waitIdle());
    QVERIFY(!panel->hasResult());
    auto *placeholder = panel->findChild<QLabel *>(QStringLiteral("placeholder"));
    QVERIFY(placeholder);
    QVERIFY2(placeholder->text().contains(QStringLiteral("undo")), qPrintable(placeholder->text()));
    QVERIFY(!doc()->trainingResultNote().isEmpty());
}

void TestDocumentHandovers::undoPutsTheInitialiserEditorsBack()
{
    // Defect 3: the Initialisers panel kept mode='fan_out' after undo went back to fan_in.
    ui::InitPanel *init = window()->initPanel();
    init->chooseInitializer(QStringLiteral("kaiming_normal"));
    init->apply();
    QVERIFY(waitIdle());
    init->editKeyword(QStringLiteral("mode"), QStringLiteral("fan_out"));
    init->apply();
    QVERIFY(waitIdle());
    QVERIFY(init->specText().contains(QStringLiteral("fan_out")));
    doc()->undo()->undo();
    QVERIFY(waitIdle());
    QCOMPARE(init->specText(), QStringLiteral("kaiming_normal"));
    QCOMPARE(doc()->initDraft().spec, QStringLiteral("kaiming_normal"));
    doc()->undo()->undo();
    QVERIFY(waitIdle());
    QCOMPARE(init->specText(), QStringLiteral("normal"));
}

void TestDocumentHandovers::quittingProjectedStartsTheNextRunWithItsPanels()
{
    // Defect 4: quitting in projector mode made the next start show every panel hidden.
    doc()->setProjector(true);
    QVERIFY(window()->projector()->isEnabled());
    QVERIFY(!window()->dock(ui::Lesson::Panel::Code)->isVisible());
    QVERIFY(window()->close());
    m_host =
        std::make_unique<WindowHost>(MainWindow::Options{.recovery = false, .projectorFullScreen = false});
    window()->show();
    QVERIFY(QTest::qWaitForWindowExposed(window()));
    QVERIFY(!window()->projector()->isEnabled());
    // The panels of the default layout (Fit a Text is hidden until asked for, projected or not).
    for (const ui::PanelRegistry::Panel &p : window()->panelRegistry().panels())
        if (p.lesson && !p.hiddenAtStart)
            QVERIFY2(!p.dock->isHidden(), qPrintable(p.name));
}

void TestDocumentHandovers::fullScreenAndItsCheckMarkAgreeAfterLanguageSwitches()
{
    // Defect 4: after language switches, F5 left the window full screen with View > Full Screen
    // unchecked. The check mark follows the window's state whoever changes it.
    if (QGuiApplication::platformName() == QStringLiteral("offscreen"))
        QSKIP("The offscreen platform drops a rebuilt window's full screen without telling it; this "
              "case runs on a real X server (tst_documenthandovers_xcb, under Xvfb)");
    window()->projector()->setUsesFullScreen(true);
    window()->actions().projector->trigger();
    QTRY_VERIFY(window()->isFullScreen());
    QVERIFY(window()->actions().fullScreen->isChecked());
    for (const char *code : {"vi", "zh", "en"}) {
        switchLanguage(QString::fromLatin1(code));
        QVERIFY(window()->projector()->isEnabled());
        QVERIFY(window()->isFullScreen());
        QVERIFY(window()->actions().fullScreen->isChecked());
    }
    window()->actions().projector->trigger(); // F5: projector mode off
    QTRY_VERIFY(!window()->projector()->isEnabled());
    QCOMPARE(window()->actions().fullScreen->isChecked(), window()->isFullScreen());
    window()->actions().projector->trigger(); // and on again
    QTRY_VERIFY(window()->isFullScreen());
    QVERIFY(window()->actions().fullScreen->isChecked());
    window()->actions().fullScreen->trigger(); // F11 leaves full screen, projector mode stays
    QTRY_VERIFY(!window()->isFullScreen());
    QVERIFY(!window()->actions().fullScreen->isChecked());
}

void TestDocumentHandovers::reopenedSessionKeepsTextTheEditorsAndTheOptimiser()
{
    // Defect 5: a reopened session came back with ids instead of the typed text, and the
    // optimiser and initialiser choices reset.
    useGpt2Preset();
    doc()->setTextMode(true);
    doc()->commitIdsEntry(QStringLiteral("我喜欢机器学习"));
    core::OptimizerConfig adam;
    adam.kind = core::OptimizerConfig::Kind::Adam;
    adam.adam.lr = 0.05;
    doc()->lab()->setOptimizer(adam);
    ui::InitDraft draft;
    draft.spec = QStringLiteral("kaiming_normal:mode=fan_out");
    draft.live = false;
    doc()->setInitDraft(draft);
    QVERIFY(waitIdle());
    const ui::ViewState before = window()->document()->state();
    const QString file = m_dir->filePath(QStringLiteral("lesson.embedlab"));
    QCOMPARE(window()->sessions()->saveSession(file), QString());

    m_host =
        std::make_unique<WindowHost>(MainWindow::Options{.recovery = false, .projectorFullScreen = false});
    window()->show();
    QCOMPARE(window()->sessions()->openSession(file), QString());
    QVERIFY(waitIdle());
    QVERIFY(window()->isTextMode());
    QCOMPARE(window()->idsEntry()->field()->text(), QStringLiteral("我喜欢机器学习"));
    QVERIFY(doc()->lab()->optimizer() == adam);
    QCOMPARE(window()->trainingPanel()->optimizerKind(), ui::TrainingPanel::OptimizerKind::Adam);
    QCOMPARE(window()->initPanel()->specText(), QStringLiteral("kaiming_normal:mode=fan_out"));
    QVERIFY(!window()->initPanel()->isLive());
    QVERIFY(window()->document()->state() == before);
}

void TestDocumentHandovers::reopeningABigTiedSessionNamesNoOtherModel()
{
    // Defect 5: reopening a tied GPT-2 session said "lm_head's own 20 values were dropped", about
    // the 4x5 model the window had while GPT-2 was still being built.
    Lab::Config big = doc()->lab()->config();
    big.numEmbeddings = 4096;
    big.embeddingDim = 512; // built in the background
    big.tied = true;
    doc()->undo()->applySnapshot(QStringLiteral("Change layers"), {big, QStringLiteral("2, 3, 1")});
    QVERIFY(waitIdle());
    QVERIFY(doc()->lab()->isTied());
    const QString file = m_dir->filePath(QStringLiteral("big.embedlab"));
    QCOMPARE(window()->sessions()->saveSession(file), QString());

    m_host =
        std::make_unique<WindowHost>(MainWindow::Options{.recovery = false, .projectorFullScreen = false});
    window()->show();
    QSignalSpy notices(doc()->lab(), &Lab::notice);
    QCOMPARE(window()->sessions()->openSession(file), QString());
    QVERIFY(waitIdle());
    QVERIFY(doc()->lab()->isTied());
    QCOMPARE(doc()->lab()->modelConfig().numEmbeddings, 4096);
    for (const QList<QVariant> &notice : std::as_const(notices))
        QVERIFY2(!notice.at(0).toString().contains(QStringLiteral("dropped")),
                 qPrintable(notice.at(0).toString()));
}

void TestDocumentHandovers::savingSaysWhatItWritesBesideTheSession()
{
    // Defect 5: saving wrote a 154 MB .npy beside the 4.7 KB session without saying so.
    const QString plain = m_dir->filePath(QStringLiteral("plain.embedlab"));
    QCOMPARE(window()->sessions()->saveSession(plain), QString());
    QVERIFY2(window()->sessions()->lastSaveText().contains(QStringLiteral("rebuilt")),
             qPrintable(window()->sessions()->lastSaveText()));
    QVERIFY(window()->trainingPanel()->step());
    QVERIFY(waitIdle());
    const QString trained = m_dir->filePath(QStringLiteral("trained.embedlab"));
    QCOMPARE(window()->sessions()->saveSession(trained), QString());
    const QString text = window()->sessions()->lastSaveText();
    QVERIFY2(text.contains(QStringLiteral("embedding.weight")) && text.contains(QStringLiteral(".npy")) &&
                 text.contains(QStringLiteral("bytes")),
             qPrintable(text));
    QVERIFY(!QDir(m_dir->path()).entryList({QStringLiteral("trained.embedding-*.npy")}).isEmpty());
}

void TestDocumentHandovers::histogramKeepsTheInitialiserThroughTraining()
{
    // Defect 6: after training, the histogram's expected row and curve fell back to Normal(0, 1)
    // while the weights' std was 0.0399.
    ui::InitPanel *init = window()->initPanel();
    init->editKeyword(QStringLiteral("std"), QStringLiteral("0.02"));
    init->apply();
    QVERIFY(waitIdle());
    for (int i = 0; i < 2; ++i) {
        QVERIFY(window()->trainingPanel()->step());
        QVERIFY(waitIdle());
    }
    const QList<ui::InitHistogram::Source> sources = window()->histogram()->sources();
    QCOMPARE(sources.size(), 1);
    QVERIFY(sources.front().expected.has_value());
    QCOMPARE(sources.front().expected->std, 0.02);
    QVERIFY2(sources.front().note.contains(QStringLiteral("2 training steps")),
             qPrintable(sources.front().note));
}

void TestDocumentHandovers::liveInitialiserDecisionIsOneCall()
{
    // Defect 7: choosing kaiming_normal_ applied it with fan_in at once, then fan_out was a second
    // call in the code, the undo history and the session.
    ui::InitPanel *init = window()->initPanel();
    QVERIFY(init->isLive());
    const int steps = doc()->undo()->stack()->count();
    init->chooseInitializer(QStringLiteral("kaiming_normal"));
    QVERIFY(waitIdle());
    init->editKeyword(QStringLiteral("mode"), QStringLiteral("fan_out"));
    QVERIFY(waitIdle());
    QCOMPARE(doc()->undo()->stack()->count(), steps + 1);
    QStringList inits = doc()->lab()->initHistory();
    QCOMPARE(inits, QStringList{QStringLiteral("embedding.weight=kaiming_normal:mode=fan_out")});
    QCOMPARE(window()->codePanel()->codeText().count(QStringLiteral("kaiming_normal_(")), 1);
    QVERIFY(window()->codePanel()->codeText().contains(QStringLiteral("mode='fan_out'")));
    QCOMPARE(window()->sessions()->captureSession().inits.size(), 1);
}

void TestDocumentHandovers::chipSelectsTheRowInEveryView()
{
    // Defect 8: clicking a chip moved the embedding heatmap and Neighbours, but the one-hot title
    // stayed on the first token and the tied lm_head heatmap kept marking the old row.
    useGpt2Preset();
    doc()->setTextMode(true);
    doc()->commitIdsEntry(QStringLiteral("Hello world"));
    QVERIFY(waitIdle());
    QVERIFY(doc()->lab()->isTied());
    QCOMPARE(window()->tokenChips()->chips().size(), 2);
    Q_EMIT window()->tokenChips()->chipClicked(995);
    QVERIFY(waitIdle());
    QCOMPARE(doc()->lab()->selectedRow(), 995);
    QCOMPARE(window()->embeddingHeatmap()->selectedRow(), 995);
    QCOMPARE(window()->lmHeadHeatmap()->selectedRow(), 995);
    QVERIFY2(window()->oneHotView()->titleText().contains(QStringLiteral("995")),
             qPrintable(window()->oneHotView()->titleText()));
    QCOMPARE(doc()->animation()->idIndex(), 1);
}

void TestDocumentHandovers::maxNormHeatmapShowsWhatTheCodePrints()
{
    // Defect 9: with max_norm, the Output pane's last line prints embedding.weight with the looked-up
    // rows renormalised, as PyTorch does; the heatmap and the statistics showed the values before.
    Lab::Config config = doc()->lab()->config();
    config.maxNorm = 0.5;
    doc()->undo()->applySnapshot(QStringLiteral("Change layers"), {config, QStringLiteral("2, 3, 1")});
    QVERIFY(waitIdle());
    const core::ParameterPtr after = doc()->lab()->weightAfterForward();
    QVERIFY(after);
    QVERIFY(after->value() != doc()->lab()->embeddingWeight()->value());
    QCOMPARE(window()->embeddingHeatmap()->matrix(), after);
    QCOMPARE(window()->histogram()->sources().front().parameter, after);
    QCOMPARE(doc()->lab()->renormalisedRows(), (QList<int>{1, 2, 3}));
    QVERIFY2(window()->embeddingHeatmap()->title().contains(QStringLiteral("renormalised rows 1, 2, 3")),
             qPrintable(window()->embeddingHeatmap()->title()));
}

namespace {

/// What the Fit panel's run is at: its settings, every loss and emb.weight at the current step.
struct FitRun {
    ui::FitState settings;
    QByteArray losses;
    QByteArray embedding;
    bool operator==(const FitRun &) const = default;
};

FitRun fitRun(const ui::FitSession &session)
{
    const core::Matrix &w = session.embedding();
    return {session.settings(),
            QByteArray(reinterpret_cast<const char *>(session.losses().data()),
                       qsizetype(session.losses().size() * sizeof(float))),
            QByteArray(reinterpret_cast<const char *>(w.data()),
                       qsizetype(std::size_t(w.size()) * sizeof(float)))};
}

} // namespace

void TestDocumentHandovers::fitRunSurvivesLanguageViewModesAndReopening()
{
    // Issue #27: the Fit a Text run lived in the window's side panels, so a language switch dropped
    // it and the session file did not keep it. It is the document's now: a language switch,
    // projector and focus mode keep it as it was, and a reopened session replays it to the same
    // step, bit for bit.
    ui::FitSession *session = doc()->fitSession();
    session->setup(QStringLiteral("vi"), false);
    session->setStepsPerFrame(7);
    QTRY_VERIFY_WITH_TIMEOUT(session->hasRun() && !session->isBusy(), 20000);
    for (int i = 0; i < 150; ++i)
        session->step();
    QTRY_VERIFY_WITH_TIMEOUT(session->head() == 150 && !session->isBusy(), 20000);
    session->seek(83); // between two snapshots (every 64 steps): a replay brings it back
    QVERIFY(waitIdle());
    const FitRun before = fitRun(*session);
    QCOMPARE(before.settings, (ui::FitState{QStringLiteral("vi"), false, 83, 150, 7, QString()}));
    QCOMPARE(before.embedding.size(),
             qsizetype(session->vocabSize() * core::FitConfig().dim * qint64(sizeof(float))));

    switchLanguage(QStringLiteral("zh"));
    QCOMPARE(doc()->fitSession(), session);
    QVERIFY(fitRun(*session) == before);
    QCOMPARE(window()->sidePanels().fitPanel()->timeline()->value(), 83);
    doc()->setProjector(true);
    QVERIFY(waitIdle());
    doc()->setProjector(false);
    window()->focusMode()->enter();
    QVERIFY(waitIdle());
    window()->focusMode()->leave();
    QVERIFY(waitIdle());
    QVERIFY(fitRun(*session) == before);
    QCOMPARE(doc()->state().fit, before.settings);

    // Saved, then another run, then the session opened again: the saved run comes back.
    const QString file = m_dir->filePath(QStringLiteral("fit.embedlab"));
    QCOMPARE(window()->sessions()->saveSession(file), QString());
    // The run's weights at step 83 are kept beside it (issue #27 item 5), one file for each save.
    const QStringList stored = QDir(m_dir->path()).entryList({QStringLiteral("fit.fit-*.safetensors")});
    QCOMPARE(stored.size(), 1);
    QCOMPARE(ui::SessionFile::read(file, nullptr)->fitFile, stored.front());
    session->setup(QStringLiteral("en"), true);
    QVERIFY(waitIdle());
    QCOMPARE(window()->sessions()->openSession(file), QString());
    QVERIFY(waitIdle());
    QVERIFY(fitRun(*session) == before);
    QCOMPARE(window()->sidePanels().fitPanel()->timeline()->maximum(), 150);

    // And in a new window, from the file alone.
    m_host =
        std::make_unique<WindowHost>(MainWindow::Options{.recovery = false, .projectorFullScreen = false});
    window()->show();
    QCOMPARE(window()->sessions()->openSession(file), QString());
    QVERIFY(waitIdle());
    QVERIFY(fitRun(*doc()->fitSession()) == before);
    QCOMPARE(doc()->fitSession()->records()->run.state->step, std::int64_t{83});

    // Saved again at another step: the new run's file replaces the old one.
    doc()->fitSession()->seek(150);
    QVERIFY(waitIdle());
    QCOMPARE(window()->sessions()->saveSession(file), QString());
    const QStringList again = QDir(m_dir->path()).entryList({QStringLiteral("fit.fit-*.safetensors")});
    QCOMPARE(again.size(), 1);
    QVERIFY(again != stored);
    const FitRun at150 = fitRun(*doc()->fitSession());

    // Its run gone from beside it, the session still opens: the run is replayed from its settings
    // to the same bits, and the status bar says why.
    QVERIFY(QFile::remove(m_dir->filePath(again.front())));
    doc()->fitSession()->setup(QStringLiteral("en"), true);
    QVERIFY(waitIdle());
    QCOMPARE(window()->sessions()->openSession(file), QString());
    QVERIFY2(window()->statusBar()->currentMessage().contains(again.front()), // (in Chinese)
             qPrintable(window()->statusBar()->currentMessage()));
    QVERIFY(waitIdle());
    QVERIFY(fitRun(*doc()->fitSession()) == at150);
}

void TestDocumentHandovers::projectedPanelSurvivesLanguageAndReopening()
{
    // Projected, View shows a panel: Fit a Text in the main pane's place (#25), any other docked. A
    // language switch builds the window again and they were gone, the main pane back: the document
    // now names the panels shown while projected, so the switch, focus mode and a reopened session
    // show them again.
    const auto dock = [this](const char *name) {
        return window()->panelRegistry().dock(QString::fromLatin1(name));
    };
    const auto show = [this](const char *name) {
        for (const ui::PanelRegistry::Panel &p : window()->panelRegistry().panels())
            if (p.name == QLatin1String(name))
                p.viewAction->trigger();
    };
    doc()->setProjector(true);
    show("fit");
    show("training");
    QVERIFY(waitIdle());
    QCOMPARE(doc()->projectedPanels(), (QStringList{QStringLiteral("fit"), QStringLiteral("training")}));
    QCOMPARE(window()->projector()->featuredDock(), dock("fit"));
    QVERIFY(!window()->centralWidget()->isVisible());
    QVERIFY(dock("training")->isVisible());

    switchLanguage(QStringLiteral("vi"));
    QVERIFY(window()->projector()->isEnabled());
    QCOMPARE(window()->projector()->featuredDock(), dock("fit"));
    QVERIFY(dock("fit")->isVisible());
    QVERIFY(dock("training")->isVisible());
    QVERIFY(!dock("code")->isVisible());
    window()->focusMode()->enter();
    QVERIFY(waitIdle());
    window()->focusMode()->leave();
    QVERIFY(waitIdle());
    QCOMPARE(window()->projector()->featuredDock(), dock("fit"));
    QVERIFY(dock("training")->isVisible());

    // Saved projected with them, reopened: they are shown again.
    const QString file = m_dir->filePath(QStringLiteral("projected.embedlab"));
    QCOMPARE(window()->sessions()->saveSession(file), QString());
    dock("fit")->close(); // closed: the main pane is back, and the document says so
    QCOMPARE(doc()->projectedPanels(), QStringList{QStringLiteral("training")});
    QCOMPARE(window()->projector()->featuredDock(), nullptr);
    QVERIFY(window()->centralWidget()->isVisible());
    QCOMPARE(window()->sessions()->openSession(file), QString());
    QVERIFY(waitIdle());
    QCOMPARE(doc()->projectedPanels(), (QStringList{QStringLiteral("fit"), QStringLiteral("training")}));
    QCOMPARE(window()->projector()->featuredDock(), dock("fit"));

    // Leaving projector mode puts the normal panels back; projected again, only the main pane.
    const QStringList normal = doc()->panels();
    doc()->setProjector(false);
    QVERIFY(waitIdle());
    QCOMPARE(doc()->projectedPanels(), QStringList());
    QCOMPARE(doc()->panels(), normal);
    QVERIFY(!dock("fit")->isVisible());
    doc()->setProjector(true);
    QVERIFY(waitIdle());
    QCOMPARE(window()->projector()->featuredDock(), nullptr);
    QVERIFY(!dock("training")->isVisible());
}

QTEST_MAIN(TestDocumentHandovers)
#include "tst_documenthandovers.moc"
