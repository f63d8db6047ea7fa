// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "common/Golden.h"
#include "core/nn/Loss.h"
#include "core/nn/Optimizer.h"
#include "core/nn/TiedModel.h"
#include "core/tensor/Error.h"

#include <QJsonArray>
#include <QTest>

#include <cmath>
#include <memory>

using namespace embedlab;
using namespace embedlab::testing;

namespace {

QJsonObject fixture()
{
    return loadGolden(QStringLiteral("layers/training.json"));
}

QByteArray describe(const char *what, const core::Tensor &a, const core::Tensor &b)
{
    return QByteArray(what) + ": max |diff| = " + QByteArray::number(maxAbsDiff(a, b), 'g', 3) +
           ", tolerance " + QByteArray::number(scaledTolerance(b), 'g', 3);
}

core::Tensor gradTensor(const core::Parameter &p)
{
    core::Tensor t(p.shape());
    std::copy(p.grad().data(), p.grad().data() + p.grad().size(), t.data.begin());
    return t;
}

void setValue(core::Parameter &p, const QJsonValue &v)
{
    const core::Tensor t = tensorFromJson(v);
    QCOMPARE(t.shape, p.shape());
    std::copy(t.data.begin(), t.data.end(), p.value().data());
}

std::unique_ptr<core::Optimizer> optimizerFromJson(const QJsonObject &run,
                                                   std::vector<core::ParameterPtr> params)
{
    const QJsonObject o = run.value(QLatin1String("options")).toObject();
    if (run.value(QLatin1String("optimizer")).toString() == QLatin1String("sgd")) {
        core::SGDOptions s;
        s.lr = o.value(QLatin1String("lr")).toDouble();
        s.momentum = o.value(QLatin1String("momentum")).toDouble(0.0);
        s.dampening = o.value(QLatin1String("dampening")).toDouble(0.0);
        s.weightDecay = o.value(QLatin1String("weight_decay")).toDouble(0.0);
        s.nesterov = o.value(QLatin1String("nesterov")).toBool(false);
        return std::make_unique<core::SGD>(std::move(params), s);
    }
    core::AdamOptions a;
    a.lr = o.value(QLatin1String("lr")).toDouble();
    a.beta1 = o.value(QLatin1String("beta1")).toDouble(0.9);
    a.beta2 = o.value(QLatin1String("beta2")).toDouble(0.999);
    a.weightDecay = o.value(QLatin1String("weight_decay")).toDouble(0.0);
    a.amsgrad = o.value(QLatin1String("amsgrad")).toBool(false);
    return std::make_unique<core::Adam>(std::move(params), a);
}

core::Matrix matrixOf(const QJsonValue &v, const core::Parameter &like)
{
    const core::Tensor t = tensorFromJson(v);
    return Eigen::Map<const core::Matrix>(t.data.data(), like.value().rows(), like.value().cols());
}

} // namespace

/// Softmax, cross-entropy and SGD/Adam steps on a small tied and untied model, against PyTorch 1.13.
/// Everything here is within 1e-6 of PyTorch, relative to the values' magnitude (see scaledTolerance).
class TestTraining : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void softmax_data()
    {
        QTest::addColumn<QJsonObject>("c");
        for (const QJsonValue &v : fixture().value(QLatin1String("softmax")).toArray())
            QTest::addRow("T=%g", v.toObject().value(QLatin1String("temperature")).toDouble())
                << v.toObject();
    }
    void softmax()
    {
        QFETCH(QJsonObject, c);
        const core::Tensor out = core::softmax(tensorFromJson(c.value(QLatin1String("input"))),
                                               c.value(QLatin1String("temperature")).toDouble());
        const core::Tensor expected = tensorFromJson(c.value(QLatin1String("output")));
        QCOMPARE(out.shape, expected.shape);
        QVERIFY2(maxAbsDiff(out, expected) <= scaledTolerance(expected), describe("softmax", out, expected));
    }

    void logSoftmax()
    {
        const QJsonObject c = fixture().value(QLatin1String("log_softmax")).toObject();
        const core::Tensor out = core::logSoftmax(tensorFromJson(c.value(QLatin1String("input"))));
        const core::Tensor expected = tensorFromJson(c.value(QLatin1String("output")));
        QVERIFY2(maxAbsDiff(out, expected) <= scaledTolerance(expected),
                 describe("log_softmax", out, expected));
    }

    void crossEntropy_data()
    {
        QTest::addColumn<QJsonObject>("c");
        for (const QJsonValue &v : fixture().value(QLatin1String("cross_entropy")).toArray())
            QTest::newRow(qPrintable(v.toObject().value(QLatin1String("name")).toString())) << v.toObject();
    }
    void crossEntropy()
    {
        QFETCH(QJsonObject, c);
        const core::CrossEntropy ce =
            core::crossEntropy(tensorFromJson(c.value(QLatin1String("logits"))),
                               longTensorFromJson(c.value(QLatin1String("targets"))));
        const double loss = c.value(QLatin1String("loss")).toDouble();
        QVERIFY2(std::abs(ce.loss - loss) <= 1e-6 * std::max(1.0, std::abs(loss)),
                 QByteArray::number(ce.loss, 'g', 9) + " vs " + QByteArray::number(loss, 'g', 9));
        const core::Tensor expected = tensorFromJson(c.value(QLatin1String("grad")));
        QVERIFY2(maxAbsDiff(ce.gradLogits, expected) <= scaledTolerance(expected),
                 describe("grad", ce.gradLogits, expected));
    }

    void crossEntropyErrors_data()
    {
        QTest::addColumn<QJsonObject>("c");
        for (const QJsonValue &v : fixture().value(QLatin1String("cross_entropy_errors")).toArray())
            QTest::newRow(qPrintable(v.toObject().value(QLatin1String("message")).toString()))
                << v.toObject();
    }
    void crossEntropyErrors() // PyTorch's exception type and exact message
    {
        QFETCH(QJsonObject, c);
        core::LongTensor targets;
        for (const QJsonValue &t : c.value(QLatin1String("targets")).toArray())
            targets.data.push_back(t.toInteger());
        targets.shape = {static_cast<core::Index>(targets.data.size())};
        try {
            core::crossEntropy(core::Tensor({3, 5}), targets);
            QFAIL("no error thrown");
        } catch (const core::Error &err) {
            QCOMPARE(QString::fromLatin1(err.kindName()), c.value(QLatin1String("type")).toString());
            QCOMPARE(QString::fromStdString(err.what()), c.value(QLatin1String("message")).toString());
        }
    }

    void trainSteps_data()
    {
        QTest::addColumn<QJsonObject>("c");
        for (const QJsonValue &v : fixture().value(QLatin1String("runs")).toArray())
            QTest::newRow(qPrintable(v.toObject().value(QLatin1String("name")).toString())) << v.toObject();
    }
    void trainSteps()
    {
        QFETCH(QJsonObject, c);
        core::EmbeddingOptions opts;
        if (!c.value(QLatin1String("padding_idx")).isNull())
            opts.paddingIdx = c.value(QLatin1String("padding_idx")).toInteger();
        const bool bias = c.value(QLatin1String("bias")).toBool();
        core::Generator gen(31);
        core::TiedModel model(c.value(QLatin1String("V")).toInteger(),
                              c.value(QLatin1String("D")).toInteger(), opts, bias, gen);
        if (c.value(QLatin1String("tied")).toBool())
            model.tie();
        // Start from PyTorch's weights, so this test does not depend on core/Init.
        const QJsonObject initial = c.value(QLatin1String("initial")).toObject();
        setValue(*model.embedding().weight(), initial.value(QLatin1String("embedding.weight")));
        if (!model.isTied())
            setValue(*model.lmHead().weight(), initial.value(QLatin1String("lm_head.weight")));
        if (bias)
            setValue(*model.lmHead().bias(), initial.value(QLatin1String("lm_head.bias")));

        const std::unique_ptr<core::Optimizer> optimizer = optimizerFromJson(c, model.parameters());

        const core::LongTensor ids = longTensorFromJson(c.value(QLatin1String("ids")));
        const core::LongTensor targets = longTensorFromJson(c.value(QLatin1String("targets")));
        int stepNo = 0;
        for (const QJsonValue &sv : c.value(QLatin1String("steps")).toArray()) {
            ++stepNo;
            const QJsonObject step = sv.toObject();
            const core::TiedModel::StepResult r = model.trainStep(ids, targets, *optimizer);
            const double loss = step.value(QLatin1String("loss")).toDouble();
            QVERIFY2(std::abs(r.loss - loss) <= 1e-6 * std::max(1.0, std::abs(loss)),
                     "step " + QByteArray::number(stepNo) + " loss " + QByteArray::number(r.loss, 'g', 9) +
                         " vs " + QByteArray::number(loss, 'g', 9));
            const core::Tensor logits = tensorFromJson(step.value(QLatin1String("logits")));
            QVERIFY2(maxAbsDiff(r.logits, logits) <= scaledTolerance(logits),
                     describe("logits", r.logits, logits));

            // With tying both entries are the one gradient: embedding's rows plus lm_head's product.
            const QJsonObject grads = step.value(QLatin1String("grads")).toObject();
            const core::Tensor gE = tensorFromJson(grads.value(QLatin1String("embedding.weight")));
            const core::Tensor gL = tensorFromJson(grads.value(QLatin1String("lm_head.weight")));
            QVERIFY2(maxAbsDiff(gradTensor(*model.embedding().weight()), gE) <= scaledTolerance(gE),
                     describe("embedding grad", gradTensor(*model.embedding().weight()), gE));
            QVERIFY2(maxAbsDiff(gradTensor(*model.lmHead().weight()), gL) <= scaledTolerance(gL),
                     describe("lm_head grad", gradTensor(*model.lmHead().weight()), gL));

            const QJsonObject params = step.value(QLatin1String("params")).toObject();
            const core::Tensor pE = tensorFromJson(params.value(QLatin1String("embedding.weight")));
            const core::Tensor pL = tensorFromJson(params.value(QLatin1String("lm_head.weight")));
            QVERIFY2(maxAbsDiff(model.embedding().weight()->toTensor(), pE) <= scaledTolerance(pE),
                     describe("embedding weight", model.embedding().weight()->toTensor(), pE));
            QVERIFY2(maxAbsDiff(model.lmHead().weight()->toTensor(), pL) <= scaledTolerance(pL),
                     describe("lm_head weight", model.lmHead().weight()->toTensor(), pL));
            if (bias) {
                const core::Tensor pB = tensorFromJson(params.value(QLatin1String("lm_head.bias")));
                QVERIFY2(maxAbsDiff(model.lmHead().bias()->toTensor(), pB) <= scaledTolerance(pB),
                         describe("bias", model.lmHead().bias()->toTensor(), pB));
            }
            if (opts.paddingIdx) // the pad row never gets a gradient; only weight decay could move it
                QCOMPARE(gradTensor(*model.embedding().weight())
                             .asMatrix()
                             .row(*opts.paddingIdx)
                             .cwiseAbs()
                             .maxCoeff(),
                         0.0f);
        }
    }

    void optimizerOnPyTorchGradients_data() { trainSteps_data(); }
    void optimizerOnPyTorchGradients() // bit-exact: the same gradients give the same parameters
    {
        QFETCH(QJsonObject, c);
        const bool tied = c.value(QLatin1String("tied")).toBool();
        const bool bias = c.value(QLatin1String("bias")).toBool();
        const QJsonObject initial = c.value(QLatin1String("initial")).toObject();
        const auto V = c.value(QLatin1String("V")).toInteger();
        const auto D = c.value(QLatin1String("D")).toInteger();
        auto wte = std::make_shared<core::Parameter>(core::Shape{V, D});
        auto head = tied ? wte : std::make_shared<core::Parameter>(core::Shape{V, D});
        auto b = std::make_shared<core::Parameter>(core::Shape{V});
        std::vector<core::ParameterPtr> params{wte};
        if (!tied)
            params.push_back(head);
        if (bias)
            params.push_back(b);
        wte->value() = matrixOf(initial.value(QLatin1String("embedding.weight")), *wte);
        head->value() = matrixOf(initial.value(QLatin1String("lm_head.weight")), *head);
        if (bias)
            b->value() = matrixOf(initial.value(QLatin1String("lm_head.bias")), *b);
        const std::unique_ptr<core::Optimizer> optimizer = optimizerFromJson(c, params);
        for (const QJsonValue &sv : c.value(QLatin1String("steps")).toArray()) {
            const QJsonObject grads = sv.toObject().value(QLatin1String("grads")).toObject();
            const QJsonObject expected = sv.toObject().value(QLatin1String("params")).toObject();
            optimizer->zeroGrad();
            wte->accumulateGrad(matrixOf(grads.value(QLatin1String("embedding.weight")), *wte));
            if (!tied)
                head->accumulateGrad(matrixOf(grads.value(QLatin1String("lm_head.weight")), *head));
            if (bias)
                b->accumulateGrad(matrixOf(grads.value(QLatin1String("lm_head.bias")), *b));
            optimizer->step();
            QCOMPARE(bitMismatches(wte->toTensor(),
                                   tensorFromJson(expected.value(QLatin1String("embedding.weight")))),
                     0);
            QCOMPARE(bitMismatches(head->toTensor(),
                                   tensorFromJson(expected.value(QLatin1String("lm_head.weight")))),
                     0);
            if (bias)
                QCOMPARE(bitMismatches(b->toTensor(),
                                       tensorFromJson(expected.value(QLatin1String("lm_head.bias")))),
                         0);
        }
    }

    void momentumMovesRowsNotLookedUp()
    {
        // Untied, no weight decay: step 1 looks up rows 1 and 3, step 2 rows 2 and 4. Rows 1 and 3 get
        // no gradient on step 2 but still move, carried by the momentum buffer; row 0 never moves.
        core::Generator gen(31);
        core::TiedModel model(7, 4, {}, false, gen);
        core::SGDOptions s;
        s.lr = 0.1;
        s.momentum = 0.9;
        core::SGD sgd(model.parameters(), s);
        model.trainStep(core::LongTensor{{2}, {1, 3}}, core::LongTensor{{2}, {3, 1}}, sgd);
        const core::Matrix afterStep1(model.embedding().weight()->value());
        model.trainStep(core::LongTensor{{2}, {2, 4}}, core::LongTensor{{2}, {4, 2}}, sgd);
        const auto afterStep2 = model.embedding().weight()->value();
        QCOMPARE(gradTensor(*model.embedding().weight()).asMatrix().row(1).cwiseAbs().maxCoeff(), 0.0f);
        QVERIFY(afterStep2.row(1) != afterStep1.row(1));
        QVERIFY(afterStep2.row(3) != afterStep1.row(3));
        QVERIFY(afterStep2.row(0) == afterStep1.row(0));
    }

    void weightDecayMovesEveryRowOnStepOne()
    {
        // With weight decay every row's update is non-zero from step 1, looked up or not.
        core::Generator gen(31);
        core::TiedModel model(7, 4, {}, false, gen);
        const core::Matrix start(model.embedding().weight()->value());
        core::SGDOptions s;
        s.lr = 0.1;
        s.weightDecay = 0.5;
        core::SGD sgd(model.parameters(), s);
        const core::LongTensor ids{{2}, {1, 3}};
        const core::LongTensor targets{{2}, {3, 1}};
        model.trainStep(ids, targets, sgd);
        const auto after = model.embedding().weight()->value();
        for (core::Index r = 0; r < 7; ++r)
            QVERIFY2(after.row(r) != start.row(r), qPrintable(QStringLiteral("row %1 did not move").arg(r)));
    }

    void optimizerSkipsParametersWithoutGrad()
    {
        auto p = std::make_shared<core::Parameter>(core::Shape{2, 2});
        p->value().setConstant(1.0f);
        core::SGDOptions s;
        s.lr = 0.1;
        s.weightDecay = 0.1;
        core::SGD sgd({p}, s);
        sgd.step();
        QVERIFY(p->value() == core::Matrix::Constant(2, 2, 1.0f));
        core::Adam adam({p}, {});
        adam.step();
        QVERIFY(p->value() == core::Matrix::Constant(2, 2, 1.0f));
    }
};

QTEST_GUILESS_MAIN(TestTraining)
#include "tst_training.moc"
