// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "common/Files.h"
#include "common/TestSettings.h"
#include "core/init/InitSpec.h"
#include "core/io/NpyWriter.h"
#include "core/io/WeightFile.h"
#include "ui/model/Lab.h"
#include "ui/model/PythonCode.h"
#include "ui/model/UndoCommands.h"
#include "ui/views/InitPanel.h"
#include "ui/views/TrainingPanel.h"
#include "ui/window/MainWindow.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QLocale>
#include <QMessageBox>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoStack>

#include <cmath>
#include <cstring>

using embedlab::ui::Lab;
using embedlab::ui::MainWindow;
using embedlab::ui::WeightsCommand;
namespace core = embedlab::core;

namespace {

/// Answers the "cannot be undone" question that the next modal QMessageBox asks with `role`'s
/// button, and records its text in `asked`.
void answerCannotUndo(QMessageBox::ButtonRole role, QString *asked)
{
    QTimer::singleShot(0, [role, asked] {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        QVERIFY(box);
        *asked = box->text();
        for (QAbstractButton *button : box->buttons())
            if (box->buttonRole(button) == role) {
                button->click();
                return;
            }
        QFAIL("no such button");
    });
}

bool sameValues(core::ConstMatrixRef a, core::ConstMatrixRef b)
{
    // Bitwise: undo must give back the exact floats, not close ones.
    return a.rows() == b.rows() && a.cols() == b.cols() &&
           std::memcmp(a.data(), b.data(), std::size_t(a.size()) * sizeof(float)) == 0;
}

core::InitSpec spec(const char *text)
{
    return core::InitSpec::parse(text);
}

} // namespace

/// Issue "histograms, tie/untie, unembedding, training step": every weight change is one undo step
/// that restores the exact previous weights, and tying is aliasing.
class TestUndo : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void initRoundTrip();
    void initGestureIsOneStep();
    void tieRoundTripRestoresLinearValues();
    void tiedWritesAreVisibleBothWays_data();
    void tiedWritesAreVisibleBothWays();
    void untieCloneKeepsValues();
    void untieReinitialiseChangesLmHeadOnly();
    void untieUndoRetiesExactly();
    void trainingStepRoundTrip();
    void configChangeUndoKeepsInitialisedWeights();
    void parameterCounts_data();
    void parameterCounts();
    void budgetDropsOldSnapshots();
    void codeShowsInitsInOrder();
    void referencePresetRestoresDefaultWeights();
    void snapshotOverBudgetAsksAndCancelKeepsWeights();
    void snapshotOverBudgetContinueRunsWithoutUndo();
    void trainingThatDoesNotFitIsRefused();
    void trainingOverBudgetAsksBeforeCopying();
    void trainingOverBudgetContinueCopiesNothing();
    void weightsOpenOverBudgetAsks();
    void bf16WordsComeBackInPlaceOnUndo();
    void float32FileValuesComeBackInPlaceOnUndo();

private:
    std::unique_ptr<MainWindow> m_window;
    Lab *lab() const { return m_window->lab(); }
    QUndoStack *stack() const { return m_window->undoStack(); }
};

void TestUndo::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void TestUndo::init()
{
    embedlab::testing::resetAppSettings();
    m_window = std::make_unique<MainWindow>();
    m_window->setUntiePolicy(embedlab::ui::TieController::UntiePolicy::Clone);
}

void TestUndo::cleanup()
{
    m_window.reset();
}

void TestUndo::initRoundTrip()
{
    const core::Matrix before(lab()->embeddingWeight()->value());
    const core::Generator::State generator = lab()->generator().state();
    Q_EMIT m_window->initPanel()->initRequested(QStringLiteral("embedding.weight"), spec("normal:std=0.02"));
    Q_EMIT m_window->initPanel()->editFinished();
    const core::Matrix after(lab()->embeddingWeight()->value());
    QVERIFY(!sameValues(before, after));
    QCOMPARE(lab()->initHistory(), QStringList{QStringLiteral("embedding.weight=normal:std=0.02")});
    QCOMPARE(stack()->count(), 1);

    stack()->undo();
    QVERIFY(sameValues(lab()->embeddingWeight()->value(), before));
    QVERIFY(lab()->generator().state() == generator);
    QVERIFY(lab()->initHistory().isEmpty());
    stack()->redo();
    QVERIFY(sameValues(lab()->embeddingWeight()->value(), after));
    QCOMPARE(lab()->initHistory().size(), 1);
}

void TestUndo::initGestureIsOneStep()
{
    // A slider drag: several requests, one step, and the generator consumed once, so the values
    // are those of the last request alone.
    auto *panel = m_window->initPanel();
    Q_EMIT panel->initRequested(QStringLiteral("embedding.weight"), spec("normal:std=0.1"));
    Q_EMIT panel->initRequested(QStringLiteral("embedding.weight"), spec("normal:std=0.2"));
    Q_EMIT panel->initRequested(QStringLiteral("embedding.weight"), spec("normal:std=0.3"));
    Q_EMIT panel->editFinished();
    QCOMPARE(stack()->count(), 1);
    QCOMPARE(lab()->initHistory(), QStringList{QStringLiteral("embedding.weight=normal:std=0.3")});

    Lab reference;
    reference.applyInit(QStringLiteral("embedding.weight"), spec("normal:std=0.3"));
    QVERIFY(sameValues(lab()->embeddingWeight()->value(), reference.embeddingWeight()->value()));

    // The next gesture is a new step.
    Q_EMIT panel->initRequested(QStringLiteral("embedding.weight"), spec("zeros"));
    Q_EMIT panel->editFinished();
    QCOMPARE(stack()->count(), 2);
    stack()->undo();
    QVERIFY(sameValues(lab()->embeddingWeight()->value(), reference.embeddingWeight()->value()));
}

void TestUndo::tieRoundTripRestoresLinearValues()
{
    const core::Matrix lmHead(lab()->lmHeadWeight()->value());
    const core::Matrix embedding(lab()->embeddingWeight()->value());
    QSignalSpy notice(lab(), &Lab::notice);
    m_window->findChild<QAction *>(QStringLiteral("tieAction"))->trigger();
    QVERIFY(lab()->isTied());
    QCOMPARE(lab()->embeddingWeight(), lab()->lmHeadWeight());
    // The embedding's storage wins, as `lm_head.weight = wte.weight` does.
    QVERIFY(sameValues(lab()->lmHeadWeight()->value(), embedding));
    QCOMPARE(notice.count(), 1);
    QVERIFY(notice.at(0).at(0).toString().contains(QStringLiteral("20 values were dropped")));

    stack()->undo();
    QVERIFY(!lab()->isTied());
    QVERIFY(lab()->embeddingWeight() != lab()->lmHeadWeight());
    QVERIFY(sameValues(lab()->lmHeadWeight()->value(), lmHead));
    QVERIFY(sameValues(lab()->embeddingWeight()->value(), embedding));
    stack()->redo();
    QVERIFY(lab()->isTied());
    QCOMPARE(lab()->embeddingWeight(), lab()->lmHeadWeight());
}

void TestUndo::tiedWritesAreVisibleBothWays_data()
{
    QTest::addColumn<QString>("writeThrough");
    QTest::newRow("through lm_head") << QStringLiteral("lm_head.weight");
    QTest::newRow("through embedding") << QStringLiteral("embedding.weight");
}

void TestUndo::tiedWritesAreVisibleBothWays()
{
    QFETCH(QString, writeThrough);
    m_window->requestTie(true);
    Q_EMIT m_window->initPanel()->initRequested(writeThrough, spec("constant:val=0.25"));
    Q_EMIT m_window->initPanel()->editFinished();
    for (const core::ParameterPtr &p : {lab()->embeddingWeight(), lab()->lmHeadWeight()})
        QVERIFY(p->value().isConstant(0.25f));
    stack()->undo();
    QVERIFY(!lab()->embeddingWeight()->value().isConstant(0.25f));
    QCOMPARE(lab()->embeddingWeight(), lab()->lmHeadWeight());
}

void TestUndo::untieCloneKeepsValues()
{
    m_window->requestTie(true);
    const core::Matrix shared(lab()->embeddingWeight()->value());
    m_window->untie(core::TiedModel::UntieMode::Clone);
    QVERIFY(!lab()->isTied());
    QVERIFY(lab()->embeddingWeight() != lab()->lmHeadWeight());
    QVERIFY(sameValues(lab()->lmHeadWeight()->value(), shared));
    // Own storage now: a write to the embedding no longer shows in lm_head.
    lab()->applyInit(QStringLiteral("embedding.weight"), spec("zeros"));
    QVERIFY(sameValues(lab()->lmHeadWeight()->value(), shared));
}

void TestUndo::untieReinitialiseChangesLmHeadOnly()
{
    m_window->requestTie(true);
    const core::Matrix shared(lab()->embeddingWeight()->value());
    m_window->untie(core::TiedModel::UntieMode::Reinitialize);
    QVERIFY(!lab()->isTied());
    QVERIFY(sameValues(lab()->embeddingWeight()->value(), shared));
    const auto lmHead = lab()->lmHeadWeight()->value();
    QVERIFY(!sameValues(lmHead, shared));
    // reset_parameters(): kaiming_uniform_(a=sqrt(5)) = uniform(+-1/sqrt(in_features)).
    const float bound = 1.0f / std::sqrt(5.0f);
    QVERIFY(lmHead.maxCoeff() <= bound && lmHead.minCoeff() >= -bound);
}

void TestUndo::untieUndoRetiesExactly()
{
    m_window->requestTie(true);
    const core::Matrix shared(lab()->embeddingWeight()->value());
    const core::Generator::State generator = lab()->generator().state();
    m_window->untie(core::TiedModel::UntieMode::Reinitialize);
    const core::Matrix reinitialised(lab()->lmHeadWeight()->value());
    stack()->undo();
    QVERIFY(lab()->isTied());
    QCOMPARE(lab()->embeddingWeight(), lab()->lmHeadWeight());
    QVERIFY(sameValues(lab()->embeddingWeight()->value(), shared));
    QVERIFY(lab()->generator().state() == generator);
    stack()->redo();
    QVERIFY(!lab()->isTied());
    QVERIFY(sameValues(lab()->lmHeadWeight()->value(), reinitialised));
}

void TestUndo::trainingStepRoundTrip()
{
    m_window->requestTie(true);
    const core::Matrix before(lab()->embeddingWeight()->value());
    QSignalSpy changed(lab(), &Lab::weightsChanged);
    QVERIFY(m_window->trainingPanel()->step());
    QVERIFY(changed.count() >= 1);
    const core::Matrix after(lab()->embeddingWeight()->value());
    QVERIFY(!sameValues(before, after));
    QCOMPARE(stack()->count(), 2); // tie, step
    stack()->undo();
    QVERIFY(sameValues(lab()->embeddingWeight()->value(), before));
    QCOMPARE(lab()->embeddingWeight(), lab()->lmHeadWeight());
    stack()->redo();
    QVERIFY(sameValues(lab()->embeddingWeight()->value(), after));
}

void TestUndo::configChangeUndoKeepsInitialisedWeights()
{
    Q_EMIT m_window->initPanel()->initRequested(QStringLiteral("embedding.weight"),
                                                spec("uniform:a=-0.1,b=0.1"));
    Q_EMIT m_window->initPanel()->editFinished();
    const core::Matrix initialised(lab()->embeddingWeight()->value());
    const core::ParameterPtr original = lab()->embeddingWeight();

    Lab::Config c = lab()->config();
    c.seed = 7;
    c.numEmbeddings = 6;
    const Lab::Snapshot before = lab()->snapshotWithModel();
    stack()->push(
        new embedlab::ui::ModelCommand(lab(), before, {c, lab()->idsText()}, QStringLiteral("seed")));
    QCOMPARE(lab()->modelConfig().numEmbeddings, 6);
    QVERIFY(lab()->initHistory().isEmpty());
    const core::Matrix rebuilt(lab()->embeddingWeight()->value());

    stack()->undo();
    QCOMPARE(lab()->modelConfig().numEmbeddings, 4);
    QCOMPARE(lab()->embeddingWeight(), original);
    QVERIFY(sameValues(lab()->embeddingWeight()->value(), initialised));
    QCOMPARE(lab()->initHistory().size(), 1);
    stack()->redo();
    QVERIFY(sameValues(lab()->embeddingWeight()->value(), rebuilt));
}

void TestUndo::parameterCounts_data()
{
    QTest::addColumn<bool>("bias");
    QTest::newRow("bias=False") << false;
    QTest::newRow("bias=True") << true;
}

void TestUndo::parameterCounts()
{
    QFETCH(bool, bias);
    Lab::Config c = lab()->config();
    c.lmHeadBias = bias;
    lab()->setConfig(c);
    const qint64 vd = 4 * 5;
    const qint64 b = bias ? 4 : 0;
    QCOMPARE(qint64(lab()->parameterCount()), 2 * vd + b);
    m_window->requestTie(true);
    QCOMPARE(qint64(lab()->parameterCount()), vd + b);
    QCOMPARE(lab()->parameterBytes(), std::uint64_t(vd + b) * 4);
    stack()->undo();
    QCOMPARE(qint64(lab()->parameterCount()), 2 * vd + b);

    // GPT-2 small, tied: the same arithmetic at 50257 x 768 (without allocating 154 MB here).
    const qint64 gpt2 = 50257LL * 768;
    QCOMPARE(gpt2, 38597376LL);
    QCOMPARE(QLocale(QLocale::English).formattedDataSize(gpt2 * 4, 1, QLocale::DataSizeSIFormat),
             QStringLiteral("154.4 MB"));
}

void TestUndo::budgetDropsOldSnapshots()
{
    // Each init of embedding.weight keeps 20 floats = 80 bytes; a 200-byte budget keeps two.
    m_window->setUndoBudget(200);
    for (const char *s : {"zeros", "ones", "constant:val=2", "constant:val=3"}) {
        Q_EMIT m_window->initPanel()->initRequested(QStringLiteral("embedding.weight"), spec(s));
        Q_EMIT m_window->initPanel()->editFinished();
    }
    QCOMPARE(stack()->count(), 4);
    auto *undo = m_window->findChild<QAction *>(QStringLiteral("undo"));
    QVERIFY(undo->isEnabled());
    undo->trigger();
    QVERIFY(lab()->embeddingWeight()->value().isConstant(2.0f));
    undo->trigger();
    QVERIFY(lab()->embeddingWeight()->value().isConstant(1.0f));
    // The two oldest steps lost their snapshots: undo stops here and says why.
    QVERIFY(embedlab::ui::undoIsBlocked(stack()));
    QVERIFY(!undo->isEnabled());
    QVERIFY(undo->text().contains(QStringLiteral("dropped")));
    undo->trigger();
    QVERIFY(lab()->embeddingWeight()->value().isConstant(1.0f));
}

void TestUndo::codeShowsInitsInOrder()
{
    Q_EMIT m_window->initPanel()->initRequested(QStringLiteral("embedding.weight"), spec("normal:std=0.02"));
    Q_EMIT m_window->initPanel()->editFinished();
    m_window->requestTie(true);
    const QString code = embedlab::ui::PythonCode::script(*lab());
    const qsizetype init = code.indexOf(QStringLiteral("torch.nn.init.normal_(embedding.weight, std=0.02)"));
    const qsizetype tie = code.indexOf(QStringLiteral("lm_head.weight = embedding.weight"));
    QVERIFY2(init > 0 && tie > init, qPrintable(code));
    QVERIFY(code.contains(QStringLiteral("with torch.no_grad():")));
}

void TestUndo::referencePresetRestoresDefaultWeights()
{
    // Issue "Classroom-grade interaction", item 2: after initialisers the Reference Example puts
    // back seed 123's default weights and an empty init chain, as one undoable step.
    const core::Matrix fresh(lab()->embeddingWeight()->value());
    auto *reference = m_window->findChild<QAction *>(QStringLiteral("presetReference"));
    QVERIFY(reference);
    reference->trigger();
    QCOMPARE(stack()->count(), 0); // already the reference state: nothing to do

    Q_EMIT m_window->initPanel()->initRequested(QStringLiteral("embedding.weight"), spec("trunc_normal"));
    Q_EMIT m_window->initPanel()->editFinished();
    const core::Matrix initialised(lab()->embeddingWeight()->value());
    QVERIFY(!sameValues(initialised, fresh));

    reference->trigger();
    QCOMPARE(stack()->count(), 2);
    QVERIFY(sameValues(lab()->embeddingWeight()->value(), fresh));
    QVERIFY(lab()->initHistory().isEmpty());
    QCOMPARE(lab()->idsText(), QStringLiteral("2, 3, 1"));

    stack()->undo();
    QVERIFY(sameValues(lab()->embeddingWeight()->value(), initialised));
    QCOMPARE(lab()->initHistory().size(), 1);
}

void TestUndo::snapshotOverBudgetAsksAndCancelKeepsWeights()
{
    // embedding.weight [4, 5] float32 is an 80-byte snapshot; the budget holds 40.
    m_window->setUndoBudget(40);
    const core::Matrix before(lab()->embeddingWeight()->value());
    const core::Generator::State generator = lab()->generator().state();
    QString asked;
    answerCannotUndo(QMessageBox::RejectRole, &asked);
    Q_EMIT m_window->initPanel()->initRequested(QStringLiteral("embedding.weight"), spec("normal:std=0.02"));
    Q_EMIT m_window->initPanel()->editFinished();
    QCOMPARE(asked, QStringLiteral("This cannot be undone (needs %1, undo memory is %2). Continue?")
                        .arg(QLocale().formattedDataSize(80, 1), QLocale().formattedDataSize(40, 1)));
    QVERIFY(sameValues(lab()->embeddingWeight()->value(), before));
    QVERIFY(lab()->generator().state() == generator);
    QVERIFY(lab()->initHistory().isEmpty());
    QCOMPARE(stack()->count(), 0);
}

void TestUndo::snapshotOverBudgetContinueRunsWithoutUndo()
{
    m_window->setUndoBudget(40);
    const core::Matrix before(lab()->embeddingWeight()->value());
    QString asked;
    answerCannotUndo(QMessageBox::AcceptRole, &asked);
    Q_EMIT m_window->initPanel()->initRequested(QStringLiteral("embedding.weight"), spec("zeros"));
    Q_EMIT m_window->initPanel()->editFinished();
    QVERIFY(!asked.isEmpty());
    QVERIFY(!sameValues(lab()->embeddingWeight()->value(), before));
    QCOMPARE(lab()->embeddingWeight()->value().cwiseAbs().maxCoeff(), 0.0f);
    // The step is in the history but its snapshot was dropped: undo is refused.
    QCOMPARE(stack()->count(), 1);
    QVERIFY(m_window->undo()->isBlocked());
    QVERIFY(!m_window->undo()->canUndo());

    // A snapshot within the budget runs without asking.
    m_window->setUndoBudget(1024);
    asked.clear();
    Q_EMIT m_window->initPanel()->initRequested(QStringLiteral("embedding.weight"), spec("ones"));
    Q_EMIT m_window->initPanel()->editFinished();
    QVERIFY(asked.isEmpty());
    QVERIFY(m_window->undo()->canUndo());
}

// Issue #15: a training step whose snapshot does not fit asks the init/tie question before the
// snapshot is copied; Cancel runs nothing and copies nothing.
void TestUndo::trainingOverBudgetAsksBeforeCopying()
{
    // Embedding(4, 5) + Linear(5, 4): the step's snapshot is 160 bytes; the budget holds 40.
    m_window->setUndoBudget(40);
    const core::Matrix before(lab()->embeddingWeight()->value());
    QSignalSpy aboutToTrain(lab(), &Lab::aboutToTrain); // where the snapshot is copied
    QSignalSpy trained(lab(), &Lab::trained);
    QString asked;
    answerCannotUndo(QMessageBox::RejectRole, &asked);
    QVERIFY(!m_window->trainingPanel()->step());
    QCOMPARE(asked, QStringLiteral("This cannot be undone (needs %1, undo memory is %2). Continue?")
                        .arg(QLocale().formattedDataSize(160, 1), QLocale().formattedDataSize(40, 1)));
    QCOMPARE(aboutToTrain.count(), 0);
    QCOMPARE(trained.count(), 0);
    QVERIFY(sameValues(lab()->embeddingWeight()->value(), before));
    QVERIFY(lab()->history().isEmpty());
    QCOMPARE(lab()->trainingSteps(), 0);
    QCOMPARE(stack()->count(), 0);
    QCOMPARE(m_window->undo()->historyBytes(), std::uint64_t(0));
}

void TestUndo::trainingOverBudgetContinueCopiesNothing()
{
    // An init that fits first: the step that does not fit makes it unreachable, so it is freed too.
    m_window->setUndoBudget(100);
    Q_EMIT m_window->initPanel()->initRequested(QStringLiteral("embedding.weight"), spec("ones"));
    Q_EMIT m_window->initPanel()->editFinished();
    QCOMPARE(m_window->undo()->historyBytes(), std::uint64_t(80));
    const core::Matrix before(lab()->embeddingWeight()->value());
    QString asked;
    answerCannotUndo(QMessageBox::AcceptRole, &asked);
    QVERIFY(m_window->trainingPanel()->step());
    QVERIFY(!asked.isEmpty());
    QVERIFY(!sameValues(lab()->embeddingWeight()->value(), before));
    QCOMPARE(stack()->count(), 2); // init, step
    QVERIFY(m_window->undo()->isBlocked());
    QVERIFY(!m_window->undo()->canUndo());
    QCOMPARE(m_window->undo()->historyBytes(), std::uint64_t(0)); // no snapshot was copied or kept
}

// Issue #15: opening a weight file keeps the model it replaces for undo; when that does not fit, the
// same question comes first, and Cancel keeps the model.
void TestUndo::weightsOpenOverBudgetAsks()
{
    m_window->setUndoBudget(40);
    const core::ParameterPtr weight = lab()->embeddingWeight();
    const core::Matrix before(weight->value());
    auto matrix = std::make_shared<core::Parameter>(core::Shape{6, 5});
    matrix->value().setConstant(0.5f);
    QString asked;
    answerCannotUndo(QMessageBox::RejectRole, &asked);
    QVERIFY(!m_window->undo()->loadMatrix(matrix, QStringLiteral("w.npy"), QStringLiteral("w"),
                                          Lab::LoadRole::Embedding, false));
    QCOMPARE(asked, QStringLiteral("This cannot be undone (needs %1, undo memory is %2). Continue?")
                        .arg(QLocale().formattedDataSize(160, 1), QLocale().formattedDataSize(40, 1)));
    QCOMPARE(lab()->embeddingWeight(), weight);
    QVERIFY(sameValues(weight->value(), before));
    QCOMPARE(lab()->modelConfig().numEmbeddings, core::Index(4));
    QCOMPARE(stack()->count(), 0);

    asked.clear();
    answerCannotUndo(QMessageBox::AcceptRole, &asked);
    QVERIFY(m_window->undo()->loadMatrix(matrix, QStringLiteral("w.npy"), QStringLiteral("w"),
                                         Lab::LoadRole::Embedding, false));
    QVERIFY(!asked.isEmpty());
    QCOMPARE(lab()->embeddingWeight(), matrix);
    QCOMPARE(stack()->count(), 1);
    QVERIFY(m_window->undo()->isBlocked());
    QCOMPARE(m_window->undo()->historyBytes(), std::uint64_t(0)); // the replaced model was not kept
}

void TestUndo::trainingThatDoesNotFitIsRefused()
{
    // Embedding(4, 5) + Linear(5, 4), SGD without momentum, 3 ids: it adds 256 bytes (grads 40
    // floats, logits and their gradient 2 x [3, 4]).
    lab()->setAvailableMemory(100);
    const core::Matrix before(lab()->embeddingWeight()->value());
    QSignalSpy failed(lab(), &Lab::trainingFailed);
    const core::LongTensor ids{{3}, {2, 3, 1}};
    const core::LongTensor targets{{3}, {3, 1, 0}};
    QCOMPARE(lab()->optimizer().kind, core::OptimizerConfig::Kind::Sgd);
    QCOMPARE(lab()->optimizer().sgd.momentum, 0.0);
    QVERIFY(!lab()->trainStep(ids, targets));
    QCOMPARE(failed.count(), 1);
    const QString message = failed.at(0).at(0).toString();
    QVERIFY2(message.contains(QLocale().formattedDataSize(256)), qPrintable(message));
    QVERIFY2(message.contains(QLocale().formattedDataSize(100)), qPrintable(message));
    QVERIFY(sameValues(lab()->embeddingWeight()->value(), before));
    QCOMPARE(stack()->count(), 0);

    lab()->setAvailableMemory(256);
    QVERIFY(lab()->trainStep(ids, targets));
    QCOMPARE(stack()->count(), 1);
}

// Issue #28: the undo snapshot before a write to bf16 weights read in place shares the file's words
// (no float32 copy of the matrix, no memory of its own), and undo gives them back in place, as often
// as it is asked, with the file's bits.
void TestUndo::bf16WordsComeBackInPlaceOnUndo()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("w.safetensors"));
    std::vector<std::uint16_t> words(6 * 5);
    for (std::size_t i = 0; i < words.size(); ++i)
        words[i] = static_cast<std::uint16_t>(0x3c00 + 37 * i); // 0.0078125 and up
    QVERIFY(embedlab::testing::writeWordsSafetensors(path, "BF16", words, 6, 5));
    const core::WeightFile file = core::WeightFile::open(path.toStdString());
    const core::ParameterPtr weight = file.toParameter("w", {}, core::WeightFile::Placement::InPlace);
    const core::ParameterPtr copy = file.toParameter("w", {}, core::WeightFile::Placement::Copy);
    QVERIFY(weight->halfType());
    const void *where = weight->storage();
    QVERIFY(m_window->undo()->loadMatrix(weight, QStringLiteral("w.safetensors"), QStringLiteral("w"),
                                         Lab::LoadRole::Embedding, false));
    QCOMPARE(lab()->embeddingWeight(), weight);

    Q_EMIT m_window->initPanel()->initRequested(QStringLiteral("embedding.weight"), spec("zeros"));
    Q_EMIT m_window->initPanel()->editFinished();
    QCOMPARE(stack()->count(), 2);
    QCOMPARE(lab()->embeddingWeight()->at(5, 4), 0.0f);
    const auto *command = dynamic_cast<const embedlab::ui::WeightsCommand *>(stack()->command(1));
    QVERIFY(command && command->before().embedding);
    QCOMPARE(command->before().embedding->storage(), where);
    QCOMPARE(command->before().bytes(), std::uint64_t(0));
    for (int round = 0; round < 2; ++round) {
        stack()->undo();
        const core::ParameterPtr back = lab()->embeddingWeight();
        QVERIFY(back->halfType());
        QCOMPARE(back->storage(), where);
        QVERIFY(sameValues(back->value(), copy->value())); // value() converts this one: the next
        stack()->redo();                                   // undo must still find the words
        QCOMPARE(lab()->embeddingWeight()->at(0, 0), 0.0f);
    }
}

// Issue #28: float32 weights used where they lie in a .npy were copied whole for the undo of their
// first write (2.1 GB for Llama 3's shape). The undo state is the file mapped again (no bytes
// counted against the budget), and undo takes it back as the storage: the written pages go.
void TestUndo::float32FileValuesComeBackInPlaceOnUndo()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("w.npy"));
    std::vector<float> values(6 * 5);
    for (std::size_t i = 0; i < values.size(); ++i)
        values[i] = 0.25f + float(i);
    core::writeNpy(path.toStdString(), values.data(), {6, 5});
    const core::WeightFile file = core::WeightFile::open(path.toStdString());
    const core::ParameterPtr weight = file.toParameter("array", {}, core::WeightFile::Placement::InPlace);
    QVERIFY(weight && weight->inPlace() && weight->holdsFileValues());
    QVERIFY(m_window->undo()->loadMatrix(weight, QStringLiteral("w.npy"), QString(), Lab::LoadRole::Embedding,
                                         false));

    Q_EMIT m_window->initPanel()->initRequested(QStringLiteral("embedding.weight"), spec("zeros"));
    Q_EMIT m_window->initPanel()->editFinished();
    QCOMPARE(stack()->count(), 2);
    QCOMPARE(lab()->embeddingWeight()->at(5, 4), 0.0f);
    QVERIFY(!lab()->embeddingWeight()->holdsFileValues());
    const auto *command = dynamic_cast<const embedlab::ui::WeightsCommand *>(stack()->command(1));
    QVERIFY(command && command->before().embedding);
    QVERIFY(command->before().embedding->inPlace());
    QCOMPARE(command->before().bytes(), std::uint64_t(0));
    for (int round = 0; round < 2; ++round) {
        stack()->undo();
        const core::ParameterPtr back = lab()->embeddingWeight();
        QVERIFY(back->inPlace() && back->holdsFileValues());
        QCOMPARE(back->at(5, 4), 29.25f);
        QCOMPARE(back->at(0, 0), 0.25f);
        stack()->redo();
        QCOMPARE(lab()->embeddingWeight()->at(0, 0), 0.0f);
    }
}

QTEST_MAIN(TestUndo)
#include "tst_undo.moc"
