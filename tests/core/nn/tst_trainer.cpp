// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// core::Trainer: batch validation with PyTorch's messages, the optimiser state between steps and
// the training report (issue #13: this math lived in TrainingPanel).
#include "common/Models.h"
#include "core/nn/Trainer.h"

#include "core/init/Generator.h"
#include "core/nn/OneHot.h"

#include "common/Optimizers.h"

#include <QTest>

#include <algorithm>

#include <memory>

using namespace embedlab;
using core::OptimizerConfig;
using testing::adam;
using testing::sgd;

namespace {

std::shared_ptr<core::TiedModel> makeModel(bool tied, const core::EmbeddingOptions &options = {},
                                           bool bias = false)
{
    return testing::makeModel({.tied = tied, .bias = bias, .options = options});
}

std::vector<core::Matrix> values(const core::TiedModel &model)
{
    std::vector<core::Matrix> out;
    for (const core::ParameterPtr &p : model.parameters())
        out.emplace_back(p->value());
    return out;
}

const core::LongTensor kIds = core::parseIds("2, 3, 1");
const core::LongTensor kTargets = core::parseIds("3, 1, 0");

} // namespace

Q_DECLARE_METATYPE(OptimizerConfig)

class TestTrainer : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void badBatch_data();
    void tiedHistoryHasEveryRowOnce();
    void badBatch();
    void sameShapeRule();
    void matchesOptimizerAcrossSteps_data();
    void matchesOptimizerAcrossSteps();
    void reportPlainSgd();
    void reportRemembersEarlierRows();
    void reportTiedSplit();
    void reportPaddingAndBias();
    void stateResets();
    void invalidSettingsChangeNothing();
    void detachedMatchesStep_data();
    void detachedMatchesStep();
    void cancelledStepChangesNothing_data();
    void cancelledStepChangesNothing();
};

void TestTrainer::badBatch_data()
{
    QTest::addColumn<QString>("ids");
    QTest::addColumn<QString>("targets");
    QTest::addColumn<QString>("message");
    QTest::newRow("fewer targets")
        << "2, 3, 1"
        << "3, 1"
        << "ValueError: Expected input batch_size (3) to match target batch_size (2).";
    QTest::newRow("more targets")
        << "2, 3, 1"
        << "3, 1, 0, 2"
        << "ValueError: Expected input batch_size (3) to match target batch_size (4).";
    QTest::newRow("target out of range") << "2, 3, 1"
                                         << "3, 1, 9"
                                         << "IndexError: Target 9 is out of bounds.";
    QTest::newRow("negative target") << "2, 3, 1"
                                     << "3, -1, 0"
                                     << "IndexError: Target -1 is out of bounds.";
    QTest::newRow("id out of range first") << "2, 3, 7"
                                           << "3, 1"
                                           << "IndexError: index out of range in self";
}

void TestTrainer::badBatch()
{
    QFETCH(QString, ids);
    QFETCH(QString, targets);
    QFETCH(QString, message);
    const auto model = makeModel(false);
    core::Trainer trainer;
    trainer.setOptimizer(sgd(0.1));
    const std::vector<core::Matrix> before = values(*model);
    try {
        trainer.step(*model, core::parseIds(ids.toStdString()), core::parseIds(targets.toStdString()));
        QFAIL("no error");
    } catch (const core::Error &e) {
        QCOMPARE(QString::fromStdString(e.pythonText()), message);
    }
    QVERIFY(values(*model) == before);
    QCOMPARE(trainer.stepCount(), 0);
    QVERIFY(!model->embedding().weight()->hasGrad());
}

void TestTrainer::sameShapeRule()
{
    // PyTorch pairs [2, 2] ids with [4] targets after .view(-1); the lesson's rule refuses.
    const core::LongTensor ids = core::parseIds("[[2, 3], [1, 0]]");
    const core::LongTensor targets = core::parseIds("3, 1, 0, 2");
    try {
        core::Trainer::checkSameShape(ids, targets);
        QFAIL("no error");
    } catch (const core::BatchShapeError &e) {
        QCOMPARE(e.ids, (core::Shape{2, 2}));
        QCOMPARE(e.targets, (core::Shape{4}));
    }
    core::Trainer::checkSameShape(ids, core::parseIds("[[3, 1], [0, 2]]"));
    const auto model = makeModel(false);
    core::Trainer trainer;
    QVERIFY(std::isfinite(trainer.step(*model, ids, targets).loss));
}

void TestTrainer::matchesOptimizerAcrossSteps_data()
{
    QTest::addColumn<OptimizerConfig>("config");
    QTest::addColumn<bool>("tied");
    QTest::newRow("SGD momentum, untied") << sgd(0.1, 0.9) << false;
    QTest::newRow("SGD momentum + weight_decay, tied") << sgd(0.1, 0.9, 0.01) << true;
    QTest::newRow("Adam, untied") << adam(0.01) << false;
    QTest::newRow("Adam weight_decay, tied") << adam(0.01, 0.1) << true;
}

void TestTrainer::matchesOptimizerAcrossSteps()
{
    QFETCH(OptimizerConfig, config);
    QFETCH(bool, tied);
    const auto model = makeModel(tied);
    const auto reference = makeModel(tied);
    core::Trainer trainer;
    trainer.setOptimizer(config);
    const std::unique_ptr<core::Optimizer> optimizer = config.create(reference->parameters());
    for (int s = 1; s <= 3; ++s) {
        const core::TrainingReport report = trainer.step(*model, kIds, kTargets);
        QCOMPARE(report.step, s);
        QCOMPARE(report.loss, reference->trainStep(kIds, kTargets, *optimizer).loss);
        QVERIFY(values(*model) == values(*reference)); // the state was kept between steps: same bits
    }
}

void TestTrainer::reportPlainSgd()
{
    const auto model = makeModel(false);
    const core::Matrix before(model->embedding().weight()->value());
    core::Trainer trainer;
    trainer.setOptimizer(sgd(0.1));
    const core::TrainingReport r = trainer.step(*model, kIds, kTargets);
    QCOMPARE(r.lookedUpRows, (std::vector<int>{2, 3, 1}));
    QVERIFY(!r.tied);
    QCOMPARE(r.parameters.size(), std::size_t(2));
    const core::ParameterReport &e = r.parameters[0];
    QCOMPARE(e.name, std::string("embedding.weight"));
    QCOMPARE(e.rowCount, 4);
    QCOMPARE(e.changedRows, (std::vector<int>{1, 2, 3}));
    QCOMPARE(e.gradientRows, (std::vector<int>{1, 2, 3}));
    QVERIFY(e.gradient->value() == model->embedding().weight()->grad());
    QVERIFY(e.change->value() == core::Matrix(model->embedding().weight()->value() - before));
    QVERIFY(!e.lookupGradient && !e.headGradient);
    QCOMPARE(r.parameters[1].name, std::string("lm_head.weight"));
    QCOMPARE(r.parameters[1].gradientRows, (std::vector<int>{0, 1, 2, 3})); // the Linear's is dense
    QCOMPARE(r.find("lm_head.weight"), &r.parameters[1]);
    QCOMPARE(r.find("lm_head.bias"), nullptr);
}

void TestTrainer::reportRemembersEarlierRows()
{
    const auto model = makeModel(false);
    core::Trainer trainer;
    trainer.setOptimizer(sgd(0.1, 0.9));
    QVERIFY(trainer.step(*model, kIds, kTargets).rowsWithHistory.empty());
    const core::TrainingReport second = trainer.step(*model, core::parseIds("0"), core::parseIds("2"));
    QCOMPARE(second.rowsWithHistory, (std::vector<int>{1, 2, 3}));
    // Momentum moves rows 1, 2, 3 although only row 0 was looked up.
    QCOMPARE(second.parameters[0].changedRows, (std::vector<int>{0, 1, 2, 3}));
    QCOMPARE(second.parameters[0].gradientRows, (std::vector<int>{0}));
    // Rows looked up are named once each, in the order the ids first name them.
    const core::TrainingReport third =
        trainer.step(*model, core::parseIds("3, 0, 3, 2"), core::parseIds("1, 1, 0, 0"));
    QCOMPARE(third.lookedUpRows, (std::vector<int>{3, 0, 2}));
    QCOMPARE(third.rowsWithHistory, (std::vector<int>{0, 1, 2, 3}));
}

// A tied model's gradient reaches every row, so every row gets a history: the rows are merged as
// sorted sets (one by one after a linear search, a 209715 x 5 model's step took 3.8 s on the
// window's thread; tst_soak_long, seed 1129).
void TestTrainer::tiedHistoryHasEveryRowOnce()
{
    constexpr int rows = 209715;
    core::Generator gen(1);
    core::TiedModel model(rows, 5, core::EmbeddingOptions{}, false, gen);
    model.tie();
    core::Trainer trainer;
    trainer.setOptimizer(sgd(0.1, 0.9));
    trainer.step(model, core::parseIds("90457, 131805, 199881"), core::parseIds("131805, 199881, 71070"));
    const core::TrainingReport second = trainer.step(model, core::parseIds("5, 7"), core::parseIds("7, 9"));
    QCOMPARE(second.rowsWithHistory.size(), std::size_t(rows));
    QVERIFY(std::is_sorted(second.rowsWithHistory.begin(), second.rowsWithHistory.end()));
    QCOMPARE(second.rowsWithHistory.front(), 0);
    QCOMPARE(second.rowsWithHistory.back(), rows - 1);
}

void TestTrainer::reportTiedSplit()
{
    const auto model = makeModel(true);
    core::Trainer trainer;
    const core::TrainingReport r = trainer.step(*model, kIds, kTargets);
    QVERIFY(r.tied);
    QCOMPARE(r.parameters.size(), std::size_t(1)); // one shared tensor
    QCOMPARE(r.find("lm_head.weight"), &r.parameters[0]);
    const core::ParameterReport &shared = r.parameters[0];
    QCOMPARE(shared.changedRows, (std::vector<int>{0, 1, 2, 3}));
    QVERIFY(shared.lookupGradient && shared.headGradient);
    const auto lookup = shared.lookupGradient->value();
    QVERIFY(lookup.row(0).isZero(0.0));
    for (int row : {1, 2, 3})
        QVERIFY(!lookup.row(row).isZero(0.0));
    for (int row = 0; row < 4; ++row)
        QVERIFY(!shared.headGradient->value().row(row).isZero(0.0));
    // Autograd's sum (lm_head's part first) is the real .grad, bit for bit.
    QVERIFY(core::Matrix(shared.headGradient->value() + lookup) == model->embedding().weight()->grad());
}

void TestTrainer::reportPaddingAndBias()
{
    core::EmbeddingOptions options;
    options.paddingIdx = 1;
    const auto model = makeModel(false, options, true);
    core::Trainer trainer;
    const core::TrainingReport r = trainer.step(*model, kIds, kTargets);
    QCOMPARE(r.parameters.size(), std::size_t(3));
    QCOMPARE(r.parameters[0].gradientRows, (std::vector<int>{2, 3}));
    QCOMPARE(r.parameters[0].changedRows, (std::vector<int>{2, 3}));
    QCOMPARE(r.embeddingOptions.paddingIdx, std::optional<core::Index>(1));
    const core::ParameterReport &bias = r.parameters[2];
    QCOMPARE(bias.name, std::string("lm_head.bias"));
    QCOMPARE(bias.rowCount, 4); // entries of a 1-D parameter
    QCOMPARE(bias.changedRows, (std::vector<int>{0, 1, 2, 3}));
}

void TestTrainer::stateResets()
{
    const auto model = makeModel(false);
    core::Trainer trainer;
    QVERIFY(!trainer.setOptimizer(sgd(0.1, 0.9))); // nothing to drop yet
    trainer.step(*model, kIds, kTargets);
    QVERIFY(!trainer.setOptimizer(sgd(0.1, 0.9))); // the same settings keep the state
    QCOMPARE(trainer.stepCount(), 1);
    QVERIFY(trainer.setOptimizer(sgd(0.1, 0.5)));
    QCOMPARE(trainer.stepCount(), 0);
    trainer.step(*model, kIds, kTargets);
    QVERIFY(!trainer.isStaleFor(*model));
    model->tie();
    QVERIFY(trainer.isStaleFor(*model));
    QCOMPARE(trainer.step(*model, kIds, kTargets).step, 1); // a fresh optimiser for the new parameters
    QVERIFY(trainer.reset());
    QVERIFY(!trainer.reset());
}

void TestTrainer::invalidSettingsChangeNothing()
{
    const auto model = makeModel(false);
    OptimizerConfig config = sgd(0.1);
    config.sgd.nesterov = true;
    core::Trainer trainer;
    trainer.setOptimizer(config);
    const std::vector<core::Matrix> before = values(*model);
    try {
        trainer.step(*model, kIds, kTargets);
        QFAIL("no error");
    } catch (const core::Error &e) {
        QCOMPARE(QString::fromStdString(e.pythonText()),
                 QStringLiteral("ValueError: Nesterov momentum requires a momentum and zero dampening"));
    }
    QVERIFY(values(*model) == before);
    QCOMPARE(trainer.stepCount(), 0);
}

void TestTrainer::detachedMatchesStep_data()
{
    matchesOptimizerAcrossSteps_data();
}

// Issue #15: a big step is computed on copies on a worker and committed afterwards; the numbers are
// those of step(), bit for bit, and the optimiser state carries over the same way.
void TestTrainer::detachedMatchesStep()
{
    QFETCH(OptimizerConfig, config);
    QFETCH(bool, tied);
    const auto model = makeModel(tied);
    const auto reference = makeModel(tied);
    core::Trainer trainer;
    core::Trainer referenceTrainer;
    trainer.setOptimizer(config);
    referenceTrainer.setOptimizer(config);
    for (int s = 1; s <= 3; ++s) {
        const core::TrainingReport expected = referenceTrainer.step(*reference, kIds, kTargets);
        trainer.prepare(*model);
        std::optional<core::DetachedStep> detached = trainer.compute(*model, kIds, kTargets);
        QVERIFY(detached);
        const core::TrainingReport report = trainer.commit(*model, std::move(*detached));
        QCOMPARE(report.step, s);
        QCOMPARE(report.loss, expected.loss);
        QCOMPARE(report.rowsWithHistory, expected.rowsWithHistory);
        QVERIFY(values(*model) == values(*reference));
        for (std::size_t k = 0; k < report.parameters.size(); ++k) {
            QVERIFY(report.parameters[k].change->value() == expected.parameters[k].change->value());
            QVERIFY(report.parameters[k].gradient->value() == expected.parameters[k].gradient->value());
            QCOMPARE(report.parameters[k].changedRows, expected.parameters[k].changedRows);
        }
        QVERIFY(model->embedding().weight()->grad() == reference->embedding().weight()->grad());
        QCOMPARE(model->isTied(), tied);
    }
}

void TestTrainer::cancelledStepChangesNothing_data()
{
    QTest::addColumn<OptimizerConfig>("config");
    QTest::addColumn<bool>("tied");
    QTest::addColumn<int>("cancelAt");
    for (int at = 1; at <= 4; ++at) {
        QTest::addRow("SGD momentum, untied, cancel at phase %d", at) << sgd(0.1, 0.9) << false << at;
        QTest::addRow("Adam, tied, cancel at phase %d", at) << adam(0.01) << true << at;
    }
    // A step computed to its end and never committed changes nothing either.
    QTest::newRow("Adam, untied, not committed") << adam(0.01) << false << 0;
}

// Issue #15: Cancel in the progress dialog leaves the weights and the optimiser state exactly as
// they were: the next step gives what it would have given without the cancelled one.
void TestTrainer::cancelledStepChangesNothing()
{
    QFETCH(OptimizerConfig, config);
    QFETCH(bool, tied);
    QFETCH(int, cancelAt);
    const auto model = makeModel(tied);
    const auto reference = makeModel(tied);
    core::Trainer trainer;
    core::Trainer referenceTrainer;
    trainer.setOptimizer(config);
    referenceTrainer.setOptimizer(config);
    trainer.step(*model, kIds, kTargets); // momentum / Adam state to keep
    referenceTrainer.step(*reference, kIds, kTargets);
    const std::vector<core::Matrix> before = values(*model);
    const std::uint64_t version = model->embedding().weight()->version();

    int calls = 0;
    int outOfRange = 0;
    const auto progress = [&](int done, int total) {
        ++calls;
        outOfRange += (done == calls && done <= total) ? 0 : 1; // phases count 1, 2, ... up to total
        return done != cancelAt;
    };
    std::optional<core::DetachedStep> detached =
        trainer.compute(*model, core::parseIds("0, 1"), core::parseIds("2, 2"), progress);
    QCOMPARE(detached.has_value(), cancelAt == 0);
    QCOMPARE(calls, cancelAt == 0 ? 4 : cancelAt); // copy, step, one report per parameter or the split
    QCOMPARE(outOfRange, 0);
    detached.reset();
    QVERIFY(values(*model) == before);
    QCOMPARE(model->embedding().weight()->version(), version);
    QCOMPARE(trainer.stepCount(), 1);

    const core::TrainingReport next = trainer.step(*model, kIds, kTargets);
    const core::TrainingReport expected = referenceTrainer.step(*reference, kIds, kTargets);
    QCOMPARE(next.step, 2);
    QCOMPARE(next.loss, expected.loss);
    QCOMPARE(next.rowsWithHistory, expected.rowsWithHistory);
    QVERIFY(values(*model) == values(*reference));
}

QTEST_GUILESS_MAIN(TestTrainer)
#include "tst_trainer.moc"
