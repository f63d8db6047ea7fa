// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/views/UnembeddingView.h"

#include "common/Models.h"
#include "core/init/Generator.h"
#include "core/init/Init.h"
#include "core/nn/Loss.h"
#include "core/nn/TiedModel.h"

#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>

#include <cmath>
#include <memory>
#include <numeric>

using embedlab::ui::UnembeddingView;
namespace core = embedlab::core;

namespace {

constexpr std::uint64_t kSeed = 123;

std::shared_ptr<core::TiedModel> makeModel(core::Index v, core::Index d, bool bias, bool tied)
{
    return embedlab::testing::makeModel(
        {.numEmbeddings = v, .embeddingDim = d, .tied = tied, .bias = bias, .seed = kSeed});
}

core::Tensor hiddenTensor(const std::vector<float> &h)
{
    core::Tensor t({core::Index(h.size())});
    t.data.assign(h.begin(), h.end());
    return t;
}

int realArgmax(const core::Tensor &logits)
{
    return int(std::max_element(logits.data.begin(), logits.data.end()) - logits.data.begin());
}

double sum(const core::Tensor &t)
{
    return std::accumulate(t.data.begin(), t.data.end(), 0.0);
}

} // namespace

class TestUnembeddingView : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void logitsEqualLmHeadForward_data();
    void logitsEqualLmHeadForward();
    void temperatureScales_data();
    void temperatureScales();
    void temperatureRefused_data();
    void temperatureRefused();
    void argmaxOfOwnEmbedding_data();
    void argmaxOfOwnEmbedding();
    void refreshRecopiesTokenRow();
    void hiddenOfWrongSizeRefused_data();
    void hiddenOfWrongSizeRefused();
    void tokenOutOfRangeRefused();
    void randomHiddenIsSeeded();
    void randomDrawKeepsItsSeedAndEchoesNothing();
    void largeVocabularyShowsTopK();
    void printedTextIsPyTorchs();
    void rendersArgmaxBar();
    void bigLmHeadRunsOnAWorker();
};

void TestUnembeddingView::logitsEqualLmHeadForward_data()
{
    QTest::addColumn<bool>("tied");
    QTest::addColumn<bool>("bias");
    QTest::addColumn<int>("token"); // -1: random h
    QTest::newRow("untied, W[2]") << false << false << 2;
    QTest::newRow("tied, W[2]") << true << false << 2;
    QTest::newRow("tied with bias, W[0]") << true << true << 0;
    QTest::newRow("untied, random h") << false << false << -1;
    QTest::newRow("untied with bias, random h") << false << true << -1;
}

void TestUnembeddingView::logitsEqualLmHeadForward()
{
    QFETCH(bool, tied);
    QFETCH(bool, bias);
    QFETCH(int, token);
    const auto model = makeModel(4, 5, bias, tied);
    UnembeddingView view;
    view.setModel(model.get());
    if (token >= 0)
        QVERIFY(view.setHiddenFromToken(token));
    else
        view.setHiddenRandom(7);

    const core::Tensor expected = model->lmHead().forward(hiddenTensor(view.hidden()));
    QCOMPARE(view.logits().shape, core::Shape{4});
    QCOMPARE(view.logits().data, expected.data);
    QCOMPARE(view.probabilities().shape, core::Shape{4});
    QVERIFY2(std::abs(sum(view.probabilities()) - 1.0) < 1e-6,
             qPrintable(QString::number(sum(view.probabilities()))));
    if (token >= 0) {
        const auto row = model->embedding().weight()->value().row(token);
        QVERIFY(std::equal(view.hidden().begin(), view.hidden().end(), row.data()));
        QCOMPARE(view.hiddenSourceToken(), token);
    }
}

void TestUnembeddingView::temperatureScales_data()
{
    QTest::addColumn<double>("temperature");
    QTest::newRow("T=2") << 2.0;
    QTest::newRow("T=0.5") << 0.5;
    QTest::newRow("T=0.01") << 0.01;
    QTest::newRow("T=7.3") << 7.3;
}

void TestUnembeddingView::temperatureScales()
{
    QFETCH(double, temperature);
    const auto model = makeModel(4, 5, false, false);
    UnembeddingView view;
    view.setModel(model.get());
    view.setHiddenFromToken(2);
    QSignalSpy spy(&view, &UnembeddingView::temperatureChanged);

    QVERIFY(view.setTemperature(temperature));
    QCOMPARE(spy.size(), 1);
    QCOMPARE(spy.at(0).at(0).toDouble(), temperature);
    QCOMPARE(view.temperature(), temperature);
    QVERIFY(view.errorMessage().isEmpty());

    // softmax(logits / T), with the division done first, as F.softmax(logits / T) does.
    core::Tensor divided = view.logits();
    for (float &x : divided.data)
        x = x / float(temperature);
    const core::Tensor expected = core::softmax(divided);
    QCOMPARE(view.probabilities().shape, expected.shape);
    for (std::size_t k = 0; k < expected.data.size(); ++k)
        QVERIFY2(std::abs(view.probabilities().data[k] - expected.data[k]) < 1e-6f,
                 qPrintable(QString::number(k)));
    QVERIFY(std::abs(sum(view.probabilities()) - 1.0) < 1e-6);
    if (temperature == 2.0) // dividing by 2 is exact: the same bits
        QCOMPARE(view.probabilities().data, expected.data);

    // Setting the same temperature again is not a change.
    QVERIFY(view.setTemperature(temperature));
    QCOMPARE(spy.size(), 1);
}

void TestUnembeddingView::temperatureRefused_data()
{
    QTest::addColumn<double>("temperature");
    QTest::addColumn<QString>("expectedWords");
    QTest::newRow("zero") << 0.0 << QStringLiteral("divide by zero");
    QTest::newRow("negative") << -1.0 << QStringLiteral("greater than 0");
    QTest::newRow("infinite") << double(INFINITY) << QStringLiteral("finite");
    QTest::newRow("nan") << double(NAN) << QStringLiteral("finite");
}

void TestUnembeddingView::temperatureRefused()
{
    QFETCH(double, temperature);
    QFETCH(QString, expectedWords);
    const auto model = makeModel(4, 5, false, true);
    UnembeddingView view;
    view.setModel(model.get());
    QVERIFY(view.setTemperature(1.5));
    const core::Tensor before = view.probabilities();
    QSignalSpy spy(&view, &UnembeddingView::temperatureChanged);

    QVERIFY(!view.setTemperature(temperature));
    QCOMPARE(spy.size(), 0);
    QCOMPARE(view.temperature(), 1.5);
    QCOMPARE(view.probabilities().data, before.data);
    QVERIFY2(view.errorMessage().contains(expectedWords), qPrintable(view.errorMessage()));
    const auto *label = view.findChild<QLabel *>(QStringLiteral("error"));
    QVERIFY(label);
    QCOMPARE(label->text(), view.errorMessage());

    // A valid temperature clears the message.
    QVERIFY(view.setTemperature(1.0));
    QVERIFY(view.errorMessage().isEmpty());
}

void TestUnembeddingView::argmaxOfOwnEmbedding_data()
{
    QTest::addColumn<bool>("longerRow"); // make row 1 a longer copy of row 0's direction
    QTest::addColumn<bool>("bias");
    QTest::addColumn<int>("token");
    QTest::addColumn<int>("expected");
    QTest::newRow("own row wins") << false << false << 0 << 0;
    QTest::newRow("a longer row in the same direction wins") << true << false << 0 << 1;
    QTest::newRow("the longer row itself wins") << true << false << 1 << 1;
    QTest::newRow("with bias") << true << true << 0 << 1;
}

void TestUnembeddingView::argmaxOfOwnEmbedding()
{
    QFETCH(bool, longerRow);
    QFETCH(bool, bias);
    QFETCH(int, token);
    QFETCH(int, expected);
    const auto model = makeModel(4, 5, bias, true);
    auto w = model->embedding().weight()->value();
    // Orthogonal unit rows: every h = W[i] scores 1 on itself and 0 elsewhere.
    w.setZero();
    for (core::Index i = 0; i < 4; ++i)
        w(i, i) = 1.0f;
    if (longerRow)
        w.row(1) = 2.0f * w.row(0) + w.row(1); // W[1] . W[0] = 2 > W[0] . W[0] = 1
    if (bias)
        model->lmHead().bias()->value().setZero();
    model->embedding().weight()->bumpVersion();

    UnembeddingView view;
    view.setModel(model.get());
    QVERIFY(view.setHiddenFromToken(token));
    const core::Tensor logits = model->lmHead().forward(hiddenTensor(view.hidden()));
    QCOMPARE(view.argmax(), realArgmax(logits));
    QCOMPARE(view.argmax(), expected);
    QVERIFY2(view.argmaxText().startsWith(QStringLiteral("argmax(logits) = %1").arg(expected)),
             qPrintable(view.argmaxText()));
    if (expected != token)
        QVERIFY2(view.argmaxText().contains(QStringLiteral("≠ i = %1").arg(token)),
                 qPrintable(view.argmaxText()));
    else
        QVERIFY2(view.argmaxText().contains(QStringLiteral("= i")), qPrintable(view.argmaxText()));
}

void TestUnembeddingView::refreshRecopiesTokenRow()
{
    const auto model = makeModel(4, 5, false, true);
    UnembeddingView view;
    view.setModel(model.get());
    QVERIFY(view.setHiddenFromToken(3));
    QSignalSpy spy(&view, &UnembeddingView::hiddenChanged);

    model->embedding().weight()->value().row(3).array() += 1.0f;
    model->embedding().weight()->bumpVersion();
    view.refresh();

    QCOMPARE(spy.size(), 1);
    const auto row = model->embedding().weight()->value().row(3);
    QVERIFY(std::equal(view.hidden().begin(), view.hidden().end(), row.data()));
    QCOMPARE(view.logits().data, model->lmHead().forward(hiddenTensor(view.hidden())).data);

    // Typed h stays as typed when the weights change.
    std::vector<float> typed{1.0f, 2.0f, 3.0f, 4.0f, 5.0f};
    QVERIFY(view.setHidden(typed));
    model->embedding().weight()->value().setZero();
    // Writers bump the version (Parameter::version()); refresh() skips lm_head(h) when neither the
    // weights' versions nor h changed, as InitHistogram::refresh() skips re-binning (#15).
    model->embedding().weight()->bumpVersion();
    view.refresh();
    QCOMPARE(view.hidden(), typed);
    QCOMPARE(view.logits().data, std::vector<float>(4, 0.0f));
}

void TestUnembeddingView::hiddenOfWrongSizeRefused_data()
{
    QTest::addColumn<int>("size");
    QTest::newRow("empty") << 0;
    QTest::newRow("too short") << 4;
    QTest::newRow("too long") << 6;
}

void TestUnembeddingView::hiddenOfWrongSizeRefused()
{
    QFETCH(int, size);
    const auto model = makeModel(4, 5, false, false);
    UnembeddingView view;
    view.setModel(model.get());
    const std::vector<float> before = view.hidden();
    QSignalSpy spy(&view, &UnembeddingView::hiddenChanged);
    QVERIFY(!view.setHidden(std::vector<float>(std::size_t(size), 1.0f)));
    QCOMPARE(spy.size(), 0);
    QCOMPARE(view.hidden(), before);
    QVERIFY(view.errorMessage().contains(QStringLiteral("embedding_dim = 5")));
}

void TestUnembeddingView::tokenOutOfRangeRefused()
{
    const auto model = makeModel(4, 5, false, false);
    UnembeddingView view;
    view.setModel(model.get());
    QVERIFY(view.setHiddenFromToken(1));
    QVERIFY(!view.setHiddenFromToken(4));
    QVERIFY(!view.setHiddenFromToken(-1));
    QCOMPARE(view.hiddenSourceToken(), 1);
    QVERIFY(view.errorMessage().startsWith(QStringLiteral("IndexError")));
}

void TestUnembeddingView::randomHiddenIsSeeded()
{
    const auto model = makeModel(4, 5, false, false);
    UnembeddingView view;
    view.setModel(model.get());
    QSignalSpy spy(&view, &UnembeddingView::hiddenChanged);
    view.setHiddenRandom(42);
    QCOMPARE(spy.size(), 1);
    QCOMPARE(view.hiddenSourceToken(), -1);

    // torch.manual_seed(42); torch.randn(5)
    core::Generator gen(42);
    core::Tensor expected({5});
    core::init::normal_(expected.span(), 0.0, 1.0, gen);
    QCOMPARE(view.hidden(), expected.data);
}

void TestUnembeddingView::randomDrawKeepsItsSeedAndEchoesNothing()
{
    // Issue "Classroom-grade interaction", item 10: at Python's prompt manual_seed() echoes a
    // Generator object, and the seed box read 8 right after drawing with seed 7.
    const auto model = makeModel(4, 5, false, false);
    UnembeddingView view;
    view.setModel(model.get());
    auto *seed = view.findChild<QSpinBox *>(QStringLiteral("seed"));
    auto *random = view.findChild<QPushButton *>(QStringLiteral("random"));
    QVERIFY(seed && random);
    QCOMPARE(seed->value(), 7);
    random->click();
    QCOMPARE(seed->value(), 7);
    QCOMPARE(view.hiddenCode(), QStringLiteral("_ = torch.manual_seed(7); h = torch.randn(5)"));
    const std::vector<float> first = view.hidden();
    random->click();
    QCOMPARE(view.hidden(), first); // the same seed, the same h
}

void TestUnembeddingView::largeVocabularyShowsTopK()
{
    const auto model = makeModel(100, 8, false, true);
    UnembeddingView view;
    view.setModel(model.get());
    QVERIFY(view.setHiddenFromToken(10));
    const QList<int> shown = view.shownTokens();
    QCOMPARE(shown.size(), UnembeddingView::kTopK);
    const auto &logits = view.logits().data;
    for (int k = 1; k < shown.size(); ++k)
        QVERIFY(logits[std::size_t(shown[k - 1])] >= logits[std::size_t(shown[k])]);
    QCOMPARE(shown.first(), view.argmax());
    // Nothing left out is larger than the smallest shown.
    std::vector<float> sorted(logits.begin(), logits.end());
    std::sort(sorted.begin(), sorted.end(), std::greater<>());
    QCOMPARE(logits[std::size_t(shown.last())], sorted[std::size_t(UnembeddingView::kTopK - 1)]);
}

void TestUnembeddingView::printedTextIsPyTorchs()
{
    const auto model = makeModel(4, 5, false, false);
    UnembeddingView view;
    view.setModel(model.get());
    QVERIFY(view.setHiddenFromToken(2));
    QVERIFY2(view.printedLogits().startsWith(QStringLiteral("tensor([")), qPrintable(view.printedLogits()));
    QVERIFY2(view.printedLogits().endsWith(QStringLiteral("], grad_fn=<SqueezeBackward3>)")),
             qPrintable(view.printedLogits()));
    QVERIFY2(view.printedProbabilities().endsWith(QStringLiteral("], grad_fn=<SoftmaxBackward0>)")),
             qPrintable(view.printedProbabilities()));
}

void TestUnembeddingView::rendersArgmaxBar()
{
    const auto model = makeModel(4, 5, false, true);
    UnembeddingView view;
    view.resize(900, 900);
    view.setModel(model.get());
    QVERIFY(view.setHiddenFromToken(2));
    view.setTemperature(0.5);
    const QImage image = view.grab().toImage();
    QVERIFY(!image.isNull());
    // The argmax bar is painted in the Okabe-Ito green.
    bool foundGreen = false;
    for (int y = 0; y < image.height() && !foundGreen; ++y)
        for (int x = 0; x < image.width() && !foundGreen; ++x)
            foundGreen = image.pixelColor(x, y) == QColor(0x00, 0x9e, 0x73);
    QVERIFY(foundGreen);
    const QByteArray dir = qgetenv("EMBEDLAB_SCREENSHOT_DIR");
    if (!dir.isEmpty())
        QVERIFY(image.save(QString::fromLocal8Bit(dir) + QStringLiteral("/lesson2-unembedding.png")));
}

// Issue #15: a big lm_head(h) (Llama 3's reads 2.1 GB) runs on a worker; the view says it is
// computing meanwhile, and an h changed during the pass is followed by one more pass, so the logits
// shown are always lm_head(h) of the h shown.
void TestUnembeddingView::bigLmHeadRunsOnAWorker()
{
    const auto model = makeModel(100, 8, true, false);
    UnembeddingView view;
    view.setBackgroundMultiplyAdds(1);
    QSignalSpy computing(&view, &UnembeddingView::computingChanged);
    view.setModel(model.get());
    QVERIFY(view.isComputing());
    QCOMPARE(computing.size(), 1);
    QCOMPARE(view.logits().numel(), core::Index(0));
    QVERIFY(view.printedLogits().isEmpty());
    QVERIFY2(view.argmaxText().startsWith(QStringLiteral("Computing lm_head(h)")),
             qPrintable(view.argmaxText()));
    std::vector<float> h(8);
    for (std::size_t k = 0; k < h.size(); ++k)
        h[k] = 0.25f * float(k) - 1.0f;
    QVERIFY(view.setHidden(h)); // while the first pass runs
    QTRY_VERIFY(!view.isComputing());
    QCOMPARE(computing.size(), 2);
    QCOMPARE(computing.last().first().toBool(), false);
    const core::Tensor expected = model->lmHead().forward(hiddenTensor(h));
    QCOMPARE(view.logits().data, expected.data);
    QCOMPARE(view.argmax(), realArgmax(expected));
    QVERIFY(!view.printedProbabilities().isEmpty());
    // The same h and weights again: the remembered result, no pass.
    view.refresh();
    QVERIFY(!view.isComputing());
    QCOMPARE(computing.size(), 2);
}

QTEST_MAIN(TestUnembeddingView)
#include "tst_unembeddingview.moc"
