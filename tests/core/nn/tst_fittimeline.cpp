// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// Issue #27, "a timeline": a scrubbed step is bit-identical to the step when it was live, and the
// snapshots behind the scrubber stay within their budget however long the run.
#include "core/io/WeightFile.h"
#include "core/nn/FitRecord.h"
#include "core/nn/FitTimeline.h"
#include "core/tensor/Error.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <random>

using namespace embedlab;
using core::FitConfig;

Q_DECLARE_METATYPE(embedlab::core::OptimizerConfig)

namespace {

// A text of `n` tokens over `vocabulary` ids from a fixed LCG.
std::shared_ptr<const core::FitCorpus> corpus(std::int64_t n, std::int64_t vocabulary)
{
    std::vector<std::int64_t> ids;
    std::uint64_t x = 12345;
    for (std::int64_t i = 0; i < n; ++i) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        ids.push_back(static_cast<std::int64_t>((x >> 33) % static_cast<std::uint64_t>(vocabulary)));
    }
    return std::make_shared<const core::FitCorpus>(std::move(ids));
}

FitConfig small(bool tied)
{
    FitConfig c;
    c.dim = 8;
    c.context = 3;
    c.batch = 5;
    c.tied = tied;
    c.bias = true;
    return c;
}

// Every parameter's bits, in order.
std::vector<float> bits(const core::TextFit &fit)
{
    std::vector<float> out;
    for (const core::ParameterPtr &p : fit.model().parameters())
        out.insert(out.end(), p->value().data(), p->value().data() + p->value().size());
    return out;
}

bool sameBits(const std::vector<float> &a, const std::vector<float> &b)
{
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

} // namespace

class TestFitTimeline : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void revisitedStepIsBitIdentical_data();
    void revisitedStepIsBitIdentical();
    void snapshotsStayWithinBudget();
    void visitCallsEachFrame();
    void stepOutsideTheRun();
    void storedRunGoesOnBitForBit_data();
    void storedRunGoesOnBitForBit();
    void storedRunOfAnotherFitIsRefused();
    void pyTorchsStoredRunGoesOn_data();
    void pyTorchsStoredRunGoesOn();
};

void TestFitTimeline::revisitedStepIsBitIdentical_data()
{
    QTest::addColumn<bool>("tied");
    QTest::newRow("untied") << false;
    QTest::newRow("tied") << true;
}

void TestFitTimeline::revisitedStepIsBitIdentical()
{
    QFETCH(bool, tied);
    constexpr std::int64_t kSteps = 150;
    core::FitTimeline timeline(std::make_unique<core::TextFit>(corpus(400, 60), small(tied)),
                               std::size_t{1} << 30, 16);
    std::vector<std::vector<float>> live{bits(timeline.fit())};
    std::vector<core::FitStepReport> reports(1);
    for (std::int64_t k = 1; k <= kSteps; ++k) {
        core::FitStepReport report;
        timeline.stepForward(&report);
        live.push_back(bits(timeline.fit()));
        reports.push_back(report);
    }
    QCOMPARE(timeline.head(), kSteps);
    QCOMPARE(timeline.snapshotSteps(), (std::vector<std::int64_t>{0, 16, 32, 48, 64, 80, 96, 112, 128, 144}));
    // Back and forth, on and between snapshots: every state and report as it was live.
    std::vector<std::int64_t> visits{0, 150, 17, 16, 1, 149, 77, 78, 5, 144, 143, 0, 64};
    std::mt19937 random(27);
    for (int i = 0; i < 20; ++i)
        visits.push_back(std::uniform_int_distribution<std::int64_t>(0, kSteps)(random));
    for (std::int64_t step : visits) {
        core::FitStepReport report;
        timeline.seek(step, step > 0 ? &report : nullptr);
        QCOMPARE(timeline.current(), step);
        QVERIFY2(sameBits(bits(timeline.fit()), live[static_cast<std::size_t>(step)]),
                 qPrintable(QStringLiteral("step %1").arg(step)));
        if (step == 0)
            continue;
        const core::FitStepReport &then = reports[static_cast<std::size_t>(step)];
        QCOMPARE(std::memcmp(&report.loss, &then.loss, sizeof(float)), 0);
        QCOMPARE(report.loss, timeline.lossAt(step));
        QCOMPARE(report.changedRows, then.changedRows);
        QCOMPARE(report.lookedUpRows, then.lookedUpRows);
    }
    // Playing on from a scrubbed step replays; past the head the run grows.
    timeline.seek(140);
    for (int k = 0; k < 15; ++k)
        timeline.stepForward();
    QCOMPARE(timeline.head(), std::int64_t(155));
    QVERIFY(sameBits(bits(timeline.fit()), [&] {
        core::TextFit plain(corpus(400, 60), small(tied));
        for (int k = 0; k < 155; ++k)
            plain.step();
        return bits(plain);
    }()));
}

// 100,000 steps at V=2000, D=32 with Adam: each snapshot holds the two matrices and both moments,
// 1.5 MB, so the default 256 MiB keep at most 175 of them (step 0 and 174 more) whatever the length
// of the run. The policy is checked here on a small model with a budget of 8 snapshots, 100,000 steps.
void TestFitTimeline::snapshotsStayWithinBudget()
{
    FitConfig big;
    big.dim = 32;
    big.tied = false;
    const core::TextFit vocab2000(corpus(20000, 2000), big);
    QCOMPARE(vocab2000.vocabSize(), core::Index(2000));
    QCOMPARE(vocab2000.snapshotBytes(), std::size_t{2000 * 32 * 4 * 2 * 3});
    QCOMPARE(core::FitTimeline::kDefaultBudget / vocab2000.snapshotBytes(), std::size_t{174});

    FitConfig tiny = small(false);
    tiny.dim = 4;
    tiny.batch = 2;
    tiny.context = 2;
    auto fit = std::make_unique<core::TextFit>(corpus(300, 20), tiny);
    const std::size_t each = fit->snapshotBytes();
    core::FitTimeline timeline(std::move(fit), 8 * each, 10);
    std::size_t most = 0;
    for (int k = 0; k < 100000; ++k) {
        timeline.stepForward();
        most = std::max(most, timeline.snapshotBytes());
    }
    QVERIFY(most <= 8 * each);
    const std::vector<std::int64_t> steps = timeline.snapshotSteps();
    QVERIFY(steps.size() <= 8);
    QCOMPARE(steps.front(), std::int64_t(0));
    QCOMPARE(timeline.interval(), std::int64_t(10) << 11); // 20,480: 0 and 4 more multiples fit in 100,000
    for (std::int64_t s : steps)
        QCOMPARE(s % timeline.interval(), std::int64_t(0));
    QCOMPARE(timeline.losses().size(), std::size_t{100000});
    // Still exact: a step far from any snapshot, against a plain run.
    timeline.seek(99999);
    core::TextFit plain(corpus(300, 20), tiny);
    for (int k = 0; k < 99999; ++k)
        plain.step();
    QVERIFY(sameBits(bits(timeline.fit()), bits(plain)));
}

void TestFitTimeline::visitCallsEachFrame()
{
    core::FitTimeline timeline(std::make_unique<core::TextFit>(corpus(200, 30), small(true)));
    for (int k = 0; k < 40; ++k)
        timeline.stepForward();
    std::vector<std::int64_t> seen;
    std::vector<float> losses;
    timeline.visit(10, 30, 7, [&](std::int64_t step, const core::TextFit &fit) {
        seen.push_back(step);
        QCOMPARE(fit.stepCount(), step);
    });
    QCOMPARE(seen, (std::vector<std::int64_t>{10, 17, 24, 30}));
    QCOMPARE(timeline.current(), std::int64_t(30));
    QCOMPARE(timeline.head(), std::int64_t(40));
}

void TestFitTimeline::stepOutsideTheRun()
{
    core::FitTimeline timeline(std::make_unique<core::TextFit>(corpus(200, 30), small(false)));
    timeline.stepForward();
    for (std::int64_t step : {std::int64_t(-1), std::int64_t(2)}) {
        try {
            timeline.seek(step);
            QFAIL("no error");
        } catch (const core::Error &e) {
            QCOMPARE(QString::fromStdString(e.pythonText()),
                     QStringLiteral("IndexError: step %1 is not in the run (steps 0..1)").arg(step));
        }
    }
    QCOMPARE(timeline.current(), std::int64_t(1));
}

void TestFitTimeline::storedRunGoesOnBitForBit_data()
{
    QTest::addColumn<bool>("tied");
    QTest::addColumn<core::OptimizerConfig>("optimizer");
    core::OptimizerConfig adam;
    adam.kind = core::OptimizerConfig::Kind::Adam;
    adam.adam.lr = 0.01;
    core::OptimizerConfig amsgrad = adam;
    amsgrad.adam.amsgrad = true;
    amsgrad.adam.weightDecay = 0.01;
    core::OptimizerConfig sgd;
    sgd.sgd.lr = 0.1;
    core::OptimizerConfig momentum = sgd;
    momentum.sgd.momentum = 0.9;
    momentum.sgd.nesterov = true;
    QTest::newRow("Adam, tied") << true << adam;
    QTest::newRow("Adam amsgrad, untied") << false << amsgrad;
    QTest::newRow("SGD, untied") << false << sgd;
    QTest::newRow("SGD nesterov, tied") << true << momentum;
}

void TestFitTimeline::storedRunGoesOnBitForBit()
{
    // Issue #27 item 5: a session keeps the run's weights at the step shown, with the optimiser's
    // state (Adam's moments and step, SGD's momentum), so that reopened it goes on with the steps
    // the first run took, bit for bit, and scrubs back to any earlier step.
    QFETCH(bool, tied);
    QFETCH(core::OptimizerConfig, optimizer);
    FitConfig config = small(tied);
    config.optimizer = optimizer;
    const auto text = corpus(400, 60);
    core::FitTimeline live(std::make_unique<core::TextFit>(text, config), std::size_t{1} << 30, 16);
    std::vector<std::vector<float>> states{bits(live.fit())};
    for (int k = 0; k < 150; ++k) {
        live.stepForward();
        states.push_back(bits(live.fit()));
    }
    live.seek(97);
    core::FitRecords records;
    records.run.losses = live.losses();
    records.run.state = std::make_shared<core::FitSnapshot>(live.fit().snapshot());
    records.run.lastStep = core::FitStepReport{97, live.lossAt(97), {1, 4}, {1, 4, 9}, core::kChangedByTying};
    records.run.trail = {1, 2, 3, 4, 5, 6};
    records.run.trailPoints = 3;
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("run.safetensors")).toStdString();
    core::writeFitRecords(path, records);

    const core::WeightFile file = core::WeightFile::open(path);
    QVERIFY(core::isFitRecordFile(file));
    QVERIFY(!core::hasTwinRecord(file));
    // PyTorch's names: the script's modules and opt.state_dict().
    QCOMPARE(file.tensors().front().name, std::string("emb.weight"));
    QVERIFY(std::any_of(file.tensors().begin(), file.tensors().end(), [](const core::TensorInfo &t) {
                return t.name == "optimizer.state.0.exp_avg" || t.name == "optimizer.state.0.momentum_buffer";
            }) == config.optimizer.remembers());
    core::FitTimeline reopened(std::make_unique<core::TextFit>(text, config), std::size_t{1} << 30, 16);
    const core::FitRecord stored = core::readFitRecord(file, "", reopened.fit());
    QCOMPARE(stored.losses.size(), std::size_t{150});
    QCOMPARE(stored.trail, records.run.trail);
    QCOMPARE(stored.trailPoints, std::size_t{3});
    QVERIFY(stored.lastStep);
    QCOMPARE(stored.lastStep->changedRows, records.run.lastStep->changedRows);
    QCOMPARE(stored.lastStep->lookedUpRows, records.run.lastStep->lookedUpRows);
    QCOMPARE(stored.lastStep->reasons, unsigned(core::kChangedByTying));
    reopened.adopt(stored.losses, *stored.state);
    QCOMPARE(reopened.current(), std::int64_t{97});
    QCOMPARE(reopened.head(), std::int64_t{150});
    QVERIFY(sameBits(bits(reopened.fit()), states[97]));
    // On past the head: the steps the first run would have taken.
    for (int k = 0; k < 80; ++k)
        reopened.stepForward();
    core::TextFit plain(text, config);
    for (int k = 0; k < 177; ++k)
        plain.step();
    QVERIFY(sameBits(bits(reopened.fit()), bits(plain)));
    // Back before the stored step: replayed from step 0, snapshots taken on the way.
    for (const std::int64_t step : {37, 0, 113, 96, 97, 150}) {
        reopened.seek(step);
        QVERIFY2(sameBits(bits(reopened.fit()), states[std::size_t(step)]),
                 qPrintable(QString::number(step)));
    }
    const std::vector<std::int64_t> kept = reopened.snapshotSteps();
    QVERIFY(std::find(kept.begin(), kept.end(), 97) != kept.end());
    QVERIFY(std::find(kept.begin(), kept.end(), 32) != kept.end());
}

void TestFitTimeline::storedRunOfAnotherFitIsRefused()
{
    // A stored run read for another fit (other tying, optimiser or text) is refused with the reason,
    // never adopted with the wrong shapes or state.
    const auto text = corpus(400, 60);
    FitConfig adam = small(false);
    adam.optimizer.kind = core::OptimizerConfig::Kind::Adam;
    core::TextFit fit(text, adam);
    for (int k = 0; k < 5; ++k)
        fit.step();
    core::FitRecords records;
    records.run.losses = {1, 2, 3, 4, 5};
    records.run.state = std::make_shared<core::FitSnapshot>(fit.snapshot());
    records.twin = records.run;
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("run.safetensors")).toStdString();
    core::writeFitRecords(path, records);
    const core::WeightFile file = core::WeightFile::open(path);
    QVERIFY(core::hasTwinRecord(file));
    QCOMPARE(core::readFitRecord(file, "twin.", core::TextFit(text, adam)).state->step, std::int64_t{5});

    const auto refused = [&file](const core::TextFit &other, const char *why) {
        try {
            (void)core::readFitRecord(file, "", other);
            QFAIL("read for another fit");
        } catch (const core::Error &e) {
            QVERIFY2(std::string(e.what()).find(why) != std::string::npos, e.what());
        }
    };
    refused(core::TextFit(text, small(true)), "shape"); // tied: its second parameter is the bias
    FitConfig sgd = small(false);
    sgd.optimizer = core::OptimizerConfig{};
    sgd.optimizer.sgd.lr = 0.1;
    refused(core::TextFit(text, sgd), "SGD without momentum");
    refused(core::TextFit(corpus(400, 50), adam), "shape");
    // A state past the losses kept is not adopted.
    core::FitTimeline timeline(std::make_unique<core::TextFit>(text, adam));
    const core::FitRecord stored = core::readFitRecord(file, "", timeline.fit());
    QVERIFY_THROWS_EXCEPTION(core::Error, timeline.adopt({1, 2}, *stored.state));
    QCOMPARE(timeline.head(), std::int64_t{0});
}

void TestFitTimeline::pyTorchsStoredRunGoesOn_data()
{
    QTest::addColumn<QJsonObject>("golden");
    QFile file(QStringLiteral(EMBEDLAB_ROOT_DIR "/tests/golden/fit/records.json"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    for (const QJsonValue &c :
         QJsonDocument::fromJson(file.readAll()).object().value(QStringLiteral("cases")).toArray())
        QTest::newRow(qPrintable(c[QStringLiteral("name")].toString())) << c.toObject();
}

void TestFitTimeline::pyTorchsStoredRunGoesOn()
{
    // PyTorch 1.13 wrote these files (tests/golden/gen_fit_record.py): its parameters after 97 steps
    // and opt.state_dict()["state"] under the names EmbedLab stores. Taken over, the run goes on with
    // the losses PyTorch printed for steps 98 to 100, and the state is the one EmbedLab's own run has.
    QFETCH(QJsonObject, golden);
    FitConfig config = small(golden[QStringLiteral("tied")].toBool());
    config.bias = golden[QStringLiteral("bias")].toBool();
    const QJsonObject kwargs = golden[QStringLiteral("kwargs")].toObject();
    if (golden[QStringLiteral("optimizer")].toString() == QLatin1String("Adam")) {
        config.optimizer.kind = core::OptimizerConfig::Kind::Adam;
        config.optimizer.adam.lr = kwargs[QStringLiteral("lr")].toDouble();
        config.optimizer.adam.amsgrad = kwargs[QStringLiteral("amsgrad")].toBool();
    } else {
        config.optimizer = core::OptimizerConfig{};
        config.optimizer.sgd.lr = kwargs[QStringLiteral("lr")].toDouble();
        config.optimizer.sgd.momentum = kwargs[QStringLiteral("momentum")].toDouble();
        config.optimizer.sgd.nesterov = kwargs[QStringLiteral("nesterov")].toBool();
    }
    const auto text = corpus(400, 60);
    const std::string path = QStringLiteral(EMBEDLAB_ROOT_DIR "/tests/golden/fit/record_%1.safetensors")
                                 .arg(golden[QStringLiteral("name")].toString())
                                 .toStdString();
    const core::WeightFile file = core::WeightFile::open(path);
    core::FitTimeline timeline(std::make_unique<core::TextFit>(text, config));
    const core::FitRecord stored = core::readFitRecord(file, "", timeline.fit());
    const int at = golden[QStringLiteral("stored")].toInt();
    QCOMPARE(stored.state->step, std::int64_t(at));
    QCOMPARE(stored.losses.size(), std::size_t(at));
    timeline.adopt(stored.losses, *stored.state);

    core::TextFit own(text, config);
    for (int k = 0; k < at; ++k)
        QVERIFY(std::abs(own.step() - stored.losses[std::size_t(k)]) <=
                1e-5 * std::abs(stored.losses[std::size_t(k)]));
    const std::vector<float> mine = bits(own);
    const std::vector<float> theirs = bits(timeline.fit());
    QCOMPARE(mine.size(), theirs.size());
    for (std::size_t i = 0; i < mine.size(); ++i)
        QVERIFY2(std::abs(mine[i] - theirs[i]) <= 1e-4, qPrintable(QString::number(i)));
    for (const QJsonValue &loss : golden[QStringLiteral("more")].toArray()) {
        const double printed = loss.toDouble();
        const float step = timeline.stepForward();
        QVERIFY2(std::abs(step - printed) <= 1e-5 * std::abs(printed),
                 qPrintable(QStringLiteral("%1 where PyTorch printed %2").arg(step).arg(printed)));
    }
}

QTEST_GUILESS_MAIN(TestFitTimeline)
#include "tst_fittimeline.moc"
