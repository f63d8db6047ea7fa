// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/model/Lab.h"

#include <QSignalSpy>
#include <QTest>

#include <cmath>
#include <memory>

using embedlab::ui::Lab;
namespace core = embedlab::core;

class TestLab : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void defaultIsTheReference();
    void defaultPathsAreEqual();
    void validIds_data();
    void validIds();
    void invalidIdsKeepThePreviousIds_data();
    void invalidIdsKeepThePreviousIds();
    void seedChangeRebuilds();
    void sameConfigDoesNotRebuild();
    void shrinkingKeepsIdsAndReports();
    void tyingSharesStorage();
    void parameterCounts_data();
    void parameterCounts();
    void badConfigKeepsTheModel();
    void referencePresetRestoresTheDefault();
    void gpt2PresetBuildsOffTheUiThread();
    void selectRow_data();
    void selectRow();
    void restoreSnapshot();

private:
    std::unique_ptr<Lab> m_lab;
};

void TestLab::init()
{
    m_lab = std::make_unique<Lab>();
}

void TestLab::defaultIsTheReference()
{
    // The weights printed in the reference documents (torch.manual_seed(123); Embedding(4, 5)).
    const float expected[4][5] = {{0.3374f, -0.1778f, -0.3035f, -0.5880f, 1.5810f},
                                  {1.3010f, 1.2753f, -0.2010f, -0.1606f, -0.4015f},
                                  {0.6957f, -1.8061f, -1.1589f, 0.3255f, -0.6315f},
                                  {-2.8400f, -0.7849f, -1.4096f, -0.4076f, 0.7953f}};
    const auto w = m_lab->embeddingWeight()->value();
    QCOMPARE(w.rows(), 4);
    QCOMPARE(w.cols(), 5);
    for (int i = 0; i < 4; ++i) {
        for (int j = 0; j < 5; ++j)
            QVERIFY2(std::abs(w(i, j) - expected[i][j]) < 5e-5f,
                     qPrintable(QStringLiteral("W[%1, %2] = %3").arg(i).arg(j).arg(w(i, j))));
    }
    QCOMPARE(m_lab->config().seed, std::uint64_t(123));
    QCOMPARE(m_lab->lmHeadWeight()->shape(), core::Shape({4, 5}));
    QVERIFY(!m_lab->lmHeadBias());
    QVERIFY(!m_lab->isTied());
    QCOMPARE(m_lab->idsText(), QStringLiteral("2, 3, 1"));
    QCOMPARE(m_lab->flatIds(), QList<qint64>({2, 3, 1}));
    QVERIFY(!m_lab->isBusy());
}

void TestLab::defaultPathsAreEqual()
{
    QVERIFY(m_lab->hasPaths());
    const core::LookupPaths &paths = m_lab->paths();
    QCOMPARE(paths.call.shape, core::Shape({3, 5}));
    QVERIFY(paths.allEqual());
    // Row 0 of the output is row 2 of the weight.
    QCOMPARE(paths.call.data[0], m_lab->embeddingWeight()->value()(2, 0));
}

void TestLab::validIds_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<core::Shape>("shape");
    QTest::addColumn<QList<qint64>>("flat");
    QTest::newRow("1-D") << QStringLiteral("2, 3, 1") << core::Shape{3} << QList<qint64>{2, 3, 1};
    QTest::newRow("1-D brackets") << QStringLiteral("[0, 0, 3]") << core::Shape{3} << QList<qint64>{0, 0, 3};
    QTest::newRow("2-D") << QStringLiteral("[[2, 3], [1, 0]]") << core::Shape{2, 2}
                         << QList<qint64>{2, 3, 1, 0};
    QTest::newRow("single") << QStringLiteral("1") << core::Shape{1} << QList<qint64>{1};
}

void TestLab::validIds()
{
    QFETCH(QString, text);
    QFETCH(core::Shape, shape);
    QFETCH(QList<qint64>, flat);
    QSignalSpy changed(m_lab.get(), &Lab::idsChanged);
    QSignalSpy errors(m_lab.get(), &Lab::idsError);
    QSignalSpy paths(m_lab.get(), &Lab::pathsChanged);
    QVERIFY(m_lab->setIdsText(text));
    QCOMPARE(m_lab->ids().shape, shape);
    QCOMPARE(m_lab->flatIds(), flat);
    QCOMPARE(errors.count(), 0);
    QCOMPARE(changed.count(), flat == QList<qint64>({2, 3, 1}) ? 0 : 1);
    QVERIFY(m_lab->hasPaths());
    QVERIFY(m_lab->paths().allEqual());
    core::Shape outShape = shape;
    outShape.push_back(5);
    QCOMPARE(m_lab->paths().call.shape, outShape);
    QCOMPARE(paths.count(), changed.count());
}

void TestLab::invalidIdsKeepThePreviousIds_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("message");
    QTest::newRow("too large") << QStringLiteral("2, 4, 1") << QStringLiteral("index out of range in self");
    QTest::newRow("negative") << QStringLiteral("-1") << QStringLiteral("index out of range in self");
    QTest::newRow("2-D out of range")
        << QStringLiteral("[[2, 3], [1, 9]]") << QStringLiteral("index out of range in self");
    QTest::newRow("text") << QStringLiteral("two, three") << QString();
    QTest::newRow("empty") << QString() << QString();
}

void TestLab::invalidIdsKeepThePreviousIds()
{
    QFETCH(QString, text);
    QFETCH(QString, message);
    QSignalSpy changed(m_lab.get(), &Lab::idsChanged);
    QSignalSpy errors(m_lab.get(), &Lab::idsError);
    QVERIFY(!m_lab->setIdsText(text));
    QCOMPARE(errors.count(), 1);
    const QString reported = errors.at(0).at(0).toString();
    QVERIFY(!reported.isEmpty());
    if (!message.isEmpty())
        QVERIFY2(reported.contains(message), qPrintable(reported));
    QCOMPARE(changed.count(), 0);
    // Nothing is lost: the last valid ids stay in effect, with their results.
    QCOMPARE(m_lab->flatIds(), QList<qint64>({2, 3, 1}));
    QCOMPARE(m_lab->idsText(), QStringLiteral("2, 3, 1"));
    QVERIFY(m_lab->idsValid());
    QVERIFY(m_lab->hasPaths());
}

void TestLab::seedChangeRebuilds()
{
    const float before = m_lab->embeddingWeight()->value()(0, 0);
    QSignalSpy weights(m_lab.get(), &Lab::weightsChanged);
    QSignalSpy rebuilt(m_lab.get(), &Lab::modelRebuilt);
    m_lab->setSeed(124);
    QCOMPARE(rebuilt.count(), 1);
    QCOMPARE(weights.count(), 1);
    QCOMPARE(m_lab->modelConfig().seed, std::uint64_t(124));
    QVERIFY(m_lab->embeddingWeight()->value()(0, 0) != before);
    m_lab->setSeed(123);
    QCOMPARE(m_lab->embeddingWeight()->value()(0, 0), before);
}

void TestLab::sameConfigDoesNotRebuild()
{
    QSignalSpy rebuilt(m_lab.get(), &Lab::modelRebuilt);
    m_lab->setConfig(m_lab->config());
    m_lab->setSeed(123);
    QCOMPARE(rebuilt.count(), 0);
}

void TestLab::shrinkingKeepsIdsAndReports()
{
    QSignalSpy errors(m_lab.get(), &Lab::idsError);
    Lab::Config c = m_lab->config();
    c.numEmbeddings = 3; // id 3 no longer fits
    m_lab->setConfig(c);
    QCOMPARE(errors.count(), 1);
    QVERIFY(errors.at(0).at(0).toString().contains(QStringLiteral("index out of range in self")));
    QVERIFY(!m_lab->idsValid());
    QVERIFY(!m_lab->hasPaths());
    QCOMPARE(m_lab->idsText(), QStringLiteral("2, 3, 1"));
    QSignalSpy changed(m_lab.get(), &Lab::idsChanged);
    c.numEmbeddings = 4;
    m_lab->setConfig(c);
    QCOMPARE(changed.count(), 1);
    QVERIFY(m_lab->idsValid());
    QVERIFY(m_lab->hasPaths());
}

void TestLab::tyingSharesStorage()
{
    QSignalSpy tied(m_lab.get(), &Lab::tiedChanged);
    m_lab->setTied(true);
    QCOMPARE(tied.count(), 1);
    QCOMPARE(tied.at(0).at(0).toBool(), true);
    QVERIFY(m_lab->isTied());
    QCOMPARE(m_lab->embeddingWeight(), m_lab->lmHeadWeight());
    // The embedding keeps the reference values.
    QVERIFY(std::abs(m_lab->embeddingWeight()->value()(0, 0) - 0.3374f) < 5e-5f);
    m_lab->setTied(false);
    QCOMPARE(tied.count(), 2);
    QVERIFY(m_lab->embeddingWeight() != m_lab->lmHeadWeight());
}

void TestLab::parameterCounts_data()
{
    QTest::addColumn<qint64>("v");
    QTest::addColumn<qint64>("d");
    QTest::addColumn<bool>("bias");
    QTest::addColumn<bool>("tied");
    QTest::addColumn<qint64>("count");
    QTest::newRow("reference, untied") << 4LL << 5LL << false << false << 40LL;
    QTest::newRow("reference, tied") << 4LL << 5LL << false << true << 20LL;
    QTest::newRow("bias") << 4LL << 5LL << true << false << 44LL;
    QTest::newRow("tied with bias") << 4LL << 5LL << true << true << 24LL;
    QTest::newRow("documents' 5000 x 70") << 5000LL << 70LL << false << false << 700000LL;
}

void TestLab::parameterCounts()
{
    QFETCH(qint64, v);
    QFETCH(qint64, d);
    QFETCH(bool, bias);
    QFETCH(bool, tied);
    QFETCH(qint64, count);
    Lab::Config c;
    c.numEmbeddings = v;
    c.embeddingDim = d;
    c.lmHeadBias = bias;
    c.tied = tied;
    QSignalSpy rebuilt(m_lab.get(), &Lab::modelRebuilt);
    m_lab->setConfig(c);
    // Big models are built on a worker thread.
    if (m_lab->isBusy())
        QVERIFY(rebuilt.wait(120000));
    QCOMPARE(m_lab->modelConfig(), c);
    QCOMPARE(qint64(m_lab->parameterCount()), count);
    QCOMPARE(m_lab->parameterBytes(), std::uint64_t(count) * 4);
}

void TestLab::badConfigKeepsTheModel()
{
    QSignalSpy failed(m_lab.get(), &Lab::rebuildFailed);
    Lab::Config c = m_lab->config();
    c.paddingIdx = 7; // PyTorch: "Padding_idx must be within num_embeddings"
    m_lab->setConfig(c);
    QCOMPARE(failed.count(), 1);
    QVERIFY(!failed.at(0).at(0).toString().isEmpty());
    QVERIFY(!m_lab->config().paddingIdx.has_value());
    QCOMPARE(m_lab->embeddingWeight()->shape(), core::Shape({4, 5}));
    QVERIFY(m_lab->hasPaths());
}

void TestLab::referencePresetRestoresTheDefault()
{
    m_lab->setSeed(7);
    m_lab->setIdsText(QStringLiteral("0"));
    m_lab->applyPreset(Lab::Preset::Reference);
    QCOMPARE(m_lab->config(), Lab::presetConfig(Lab::Preset::Reference));
    QCOMPARE(m_lab->flatIds(), QList<qint64>({2, 3, 1}));
    QVERIFY(std::abs(m_lab->embeddingWeight()->value()(3, 0) - -2.8400f) < 5e-5f);
}

void TestLab::gpt2PresetBuildsOffTheUiThread()
{
    QSignalSpy busy(m_lab.get(), &Lab::busyChanged);
    QSignalSpy rebuilt(m_lab.get(), &Lab::modelRebuilt);
    QSignalSpy tied(m_lab.get(), &Lab::tiedChanged);
    m_lab->applyPreset(Lab::Preset::Gpt2Small);
    // Asynchronous: the call returns before the model exists.
    QVERIFY(m_lab->isBusy());
    QCOMPARE(m_lab->config().numEmbeddings, 50257);
    QCOMPARE(m_lab->modelConfig().numEmbeddings, 4);
    QVERIFY(rebuilt.wait(120000));
    QVERIFY(!m_lab->isBusy());
    QCOMPARE(busy.count(), 2);
    QCOMPARE(m_lab->embeddingWeight()->shape(), core::Shape({50257, 768}));
    QVERIFY(m_lab->isTied());
    QCOMPARE(tied.count(), 1);
    QCOMPARE(qint64(m_lab->parameterCount()), 50257LL * 768);
    QCOMPARE(m_lab->parameterBytes(), std::uint64_t(50257) * 768 * 4);
    QCOMPARE(m_lab->flatIds(), QList<qint64>({15496, 995}));
    QVERIFY(m_lab->hasPaths());
    QVERIFY(m_lab->paths().allEqual());
}

void TestLab::selectRow_data()
{
    QTest::addColumn<int>("row");
    QTest::addColumn<int>("expected");
    QTest::addColumn<int>("signals");
    QTest::newRow("a row") << 2 << 2 << 1;
    QTest::newRow("none") << -1 << -1 << 0;
    QTest::newRow("past the end") << 4 << -1 << 0;
}

void TestLab::selectRow()
{
    QFETCH(int, row);
    QFETCH(int, expected);
    QFETCH(int, signals);
    QSignalSpy selected(m_lab.get(), &Lab::rowSelected);
    m_lab->selectRow(row);
    QCOMPARE(m_lab->selectedRow(), expected);
    QCOMPARE(selected.count(), signals);
}

void TestLab::restoreSnapshot()
{
    const Lab::Snapshot reference = m_lab->snapshot();
    Lab::Config c = reference.config;
    c.numEmbeddings = 10;
    m_lab->restore({c, QStringLiteral("9, 8")});
    QCOMPARE(m_lab->modelConfig().numEmbeddings, 10);
    QCOMPARE(m_lab->flatIds(), QList<qint64>({9, 8}));
    QVERIFY(m_lab->idsValid());
    m_lab->restore(reference);
    QCOMPARE(m_lab->snapshot(), reference);
    QCOMPARE(m_lab->flatIds(), QList<qint64>({2, 3, 1}));
    QVERIFY(m_lab->paths().allEqual());
}

QTEST_MAIN(TestLab)
#include "tst_lab.moc"
