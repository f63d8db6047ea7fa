// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "common/Golden.h"
#include "core/nn/TiedModel.h"
#include "core/tensor/Error.h"

#include <QJsonArray>
#include <QTest>

#include <cmath>

using namespace embedlab;
using namespace embedlab::testing;
using core::TiedModel;

namespace {

QJsonObject fixture()
{
    return loadGolden(QStringLiteral("layers/tied.json"));
}

} // namespace

/// Weight tying as GPT-2 does it (`lm_head.weight = wte.weight`) against PyTorch 1.13: init bit-exact,
/// logits within 1e-6 (relative to their magnitude), parameter counts exact.
class TestTiedModel : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initAndForward_data()
    {
        QTest::addColumn<QJsonObject>("c");
        for (const QJsonValue &v : fixture().value(QLatin1String("models")).toArray()) {
            const QJsonObject c = v.toObject();
            QTest::addRow("seed%lld_V%lld_D%lld_%s_%s", c.value(QLatin1String("seed")).toInteger(),
                          c.value(QLatin1String("V")).toInteger(), c.value(QLatin1String("D")).toInteger(),
                          c.value(QLatin1String("bias")).toBool() ? "bias" : "nobias",
                          c.value(QLatin1String("tied")).toBool() ? "tied" : "untied")
                << c;
        }
    }
    void initAndForward()
    {
        QFETCH(QJsonObject, c);
        core::Generator gen(static_cast<std::uint64_t>(c.value(QLatin1String("seed")).toInteger()));
        TiedModel m(c.value(QLatin1String("V")).toInteger(), c.value(QLatin1String("D")).toInteger(), {},
                    c.value(QLatin1String("bias")).toBool(), gen);
        if (c.value(QLatin1String("tied")).toBool())
            m.tie();
        const QJsonObject params = c.value(QLatin1String("params")).toObject();
        // Embedding then lm_head from one generator, exactly as the module's __init__ draws them.
        QCOMPARE(bitMismatches(m.embedding().weight()->toTensor(),
                               tensorFromJson(params.value(QLatin1String("embedding.weight")))),
                 0);
        QCOMPARE(bitMismatches(m.lmHead().weight()->toTensor(),
                               tensorFromJson(params.value(QLatin1String("lm_head.weight")))),
                 0);
        if (m.lmHead().hasBias())
            QCOMPARE(bitMismatches(m.lmHead().bias()->toTensor(),
                                   tensorFromJson(params.value(QLatin1String("lm_head.bias")))),
                     0);
        QCOMPARE(m.parameterCount(), c.value(QLatin1String("parameter_count")).toInteger());
        QCOMPARE(m.parameterBytes(), static_cast<std::uint64_t>(m.parameterCount()) * 4);

        const core::Tensor logits = m.forward(longTensorFromJson(c.value(QLatin1String("ids"))));
        const core::Tensor expected = tensorFromJson(c.value(QLatin1String("logits")));
        QCOMPARE(logits.shape, expected.shape);
        QVERIFY(maxAbsDiff(logits, expected) <= scaledTolerance(expected));
    }

    void tieIsAliasing()
    {
        core::Generator gen(123);
        TiedModel m(6, 4, {}, false, gen);
        QVERIFY(!m.isTied());
        const core::ParameterPtr embeddingWeight = m.embedding().weight();
        const core::ParameterPtr lmWeight = m.lmHead().weight();
        const core::ParameterPtr previous = m.tie();
        QVERIFY(m.isTied());
        QCOMPARE(previous.get(), lmWeight.get());                   // the Linear's own values, handed back
        QCOMPARE(m.lmHead().weight().get(), embeddingWeight.get()); // the embedding's storage wins
        QCOMPARE(m.parameters().size(), std::size_t{1});
        QCOMPARE(m.parameterCount(), 6 * 4);
        // One storage: a write through the embedding is what the lm_head multiplies by.
        m.embedding().weight()->value()(2, 3) = 7.0f;
        QCOMPARE(m.lmHead().weight()->value()(2, 3), 7.0f);
    }

    void untie_data()
    {
        QTest::addColumn<bool>("reinitialize");
        QTest::newRow("clone") << false;
        QTest::newRow("reinitialize") << true;
    }
    void untie()
    {
        QFETCH(bool, reinitialize);
        core::Generator gen(7);
        TiedModel m(5, 3, {}, true, gen);
        m.tie();
        const core::Matrix before(m.embedding().weight()->value());
        core::Generator fresh(99);
        m.untie(reinitialize ? TiedModel::UntieMode::Reinitialize : TiedModel::UntieMode::Clone, fresh);
        QVERIFY(!m.isTied());
        QCOMPARE(m.parameters().size(), std::size_t{3});
        QCOMPARE(m.parameterCount(), 5 * 3 + 5 * 3 + 5);
        QVERIFY(m.embedding().weight()->value() == before);
        if (reinitialize) {
            // lm_head.reset_parameters() with the fresh generator: kaiming_uniform_ then the bias.
            core::Generator again(99);
            core::Linear reference(3, 5, true, again);
            QVERIFY(m.lmHead().weight()->value() == reference.weight()->value());
            QVERIFY(m.lmHead().bias()->value() == reference.bias()->value());
        } else {
            QVERIFY(m.lmHead().weight()->value() == before);
        }
        m.lmHead().weight()->value()(0, 0) = 123.0f;
        QCOMPARE(m.embedding().weight()->value()(0, 0), before(0, 0));
    }

    void tieRefusesMismatchedHead()
    {
        core::Generator gen(1);
        TiedModel m(6, 4, {}, false, gen);
        // Give the embedding a different vocabulary: Linear(4, 6) no longer fits [5, 4].
        core::Embedding &e = m.embedding();
        core::Embedding other(5, 4, {}, gen);
        e = std::move(other);
        try {
            m.tie();
            QFAIL("no error thrown");
        } catch (const core::Error &err) {
            QCOMPARE(err.kind(), core::Error::Kind::RuntimeError);
            const QString message = QString::fromStdString(err.what());
            QVERIFY2(message.contains(QLatin1String("[6, 4]")) && message.contains(QLatin1String("[5, 4]")),
                     err.what());
        }
        QVERIFY(!m.isTied());
    }

    void gpt2ParameterCount()
    {
        // GPT-2 small's wte with a tied lm_head, no bias: 50257 * 768 counted once.
        const QJsonObject f = fixture();
        core::Generator gen(0);
        TiedModel m(50257, 768, {}, false, gen);
        QCOMPARE(m.parameterCount(), f.value(QLatin1String("gpt2_untied_count")).toInteger());
        m.tie();
        QCOMPARE(m.parameterCount(), f.value(QLatin1String("gpt2_tied_count")).toInteger());
        QCOMPARE(m.parameterCount(), 38'597'376);
        QCOMPARE(m.parameterBytes(), std::uint64_t{154'389'504}); // 154.4 MB
    }

    // Issue #15: a loaded embedding is adopted, not copied, and the generator ends where PyTorch's
    // does after drawing the values the file replaces (later initialisers depend on it).
    void withEmbeddingSkipsTheReplacedDraws_data()
    {
        QTest::addColumn<qint64>("v");
        QTest::addColumn<qint64>("d");
        QTest::addColumn<bool>("bias");
        QTest::addColumn<bool>("tied");
        QTest::newRow("tied, multiple of 16") << qint64(64) << qint64(8) << false << true;
        QTest::newRow("untied, remainder") << qint64(37) << qint64(7) << false << false;
        QTest::newRow("tied with bias, remainder") << qint64(1001) << qint64(3) << true << true;
        QTest::newRow("fewer than 16 elements") << qint64(3) << qint64(5) << true << false;
        QTest::newRow("several twists") << qint64(997) << qint64(13) << false << true;
    }
    void withEmbeddingSkipsTheReplacedDraws()
    {
        QFETCH(qint64, v);
        QFETCH(qint64, d);
        QFETCH(bool, bias);
        QFETCH(bool, tied);
        core::Generator drawn(123), skipped(123);
        core::TiedModel reference(v, d, {}, bias, drawn);
        if (tied)
            reference.tie();
        auto weight = std::make_shared<core::Parameter>(core::Shape{v, d});
        weight->value().setConstant(0.25f);
        const auto model = core::TiedModel::withEmbedding(weight, {}, bias, tied, skipped);
        QVERIFY(skipped.state() == drawn.state());
        QVERIFY(model->embedding().weight() == weight); // adopted, not copied
        QCOMPARE(model->isTied(), tied);
        QCOMPARE(model->lmHead().hasBias(), bias);
        if (!tied)
            QVERIFY(model->lmHead().weight()->value() == reference.lmHead().weight()->value());
        if (bias)
            QVERIFY(model->lmHead().bias()->value() == reference.lmHead().bias()->value());
        QCOMPARE(model->parameterCount(), reference.parameterCount());
    }

    // Issue #15: a matrix loaded as lm_head is adopted, the Linear's own values are never drawn, and
    // the generator still ends where PyTorch's does.
    void withLmHeadSkipsTheLinearsDraws_data()
    {
        QTest::addColumn<qint64>("v");
        QTest::addColumn<qint64>("d");
        QTest::addColumn<bool>("bias");
        QTest::newRow("remainder") << qint64(37) << qint64(7) << false;
        QTest::newRow("with bias") << qint64(1001) << qint64(3) << true;
        QTest::newRow("fewer than 16 elements") << qint64(3) << qint64(5) << true;
        QTest::newRow("no rows") << qint64(0) << qint64(5) << true;
    }
    void withLmHeadSkipsTheLinearsDraws()
    {
        QFETCH(qint64, v);
        QFETCH(qint64, d);
        QFETCH(bool, bias);
        core::Generator drawn(7), skipped(7);
        core::TiedModel reference(v, d, {}, bias, drawn);
        auto weight = std::make_shared<core::Parameter>(core::Shape{v, d});
        weight->value().setConstant(0.25f);
        const auto model = core::TiedModel::withLmHead(weight, {}, bias, skipped);
        QVERIFY(skipped.state() == drawn.state());
        QVERIFY(model->lmHead().weight() == weight); // adopted, not copied
        QVERIFY(!model->isTied());
        QVERIFY(model->embedding().weight()->value() == reference.embedding().weight()->value());
        QCOMPARE(model->lmHead().hasBias(), bias);
        if (bias)
            QVERIFY(model->lmHead().bias()->value() == reference.lmHead().bias()->value());
        QCOMPARE(model->parameterCount(), reference.parameterCount());
    }

    void buildTiedSkipsTheLinearsDraws_data()
    {
        QTest::addColumn<qint64>("v");
        QTest::addColumn<qint64>("d");
        QTest::addColumn<bool>("bias");
        QTest::newRow("gpt2-like shape, small") << qint64(301) << qint64(17) << false;
        QTest::newRow("with bias") << qint64(40) << qint64(9) << true;
        QTest::newRow("fewer than 16") << qint64(3) << qint64(4) << true;
    }
    void buildTiedSkipsTheLinearsDraws()
    {
        QFETCH(qint64, v);
        QFETCH(qint64, d);
        QFETCH(bool, bias);
        core::Generator drawn(5), skipped(5);
        core::TiedModel reference(v, d, {}, bias, drawn);
        reference.tie();
        const auto model = core::TiedModel::build(v, d, {}, bias, true, skipped);
        QVERIFY(skipped.state() == drawn.state());
        QVERIFY(model->isTied());
        QVERIFY(model->embedding().weight()->value() == reference.embedding().weight()->value());
        if (bias)
            QVERIFY(model->lmHead().bias()->value() == reference.lmHead().bias()->value());
    }

    void repr()
    {
        core::Generator gen(0);
        TiedModel m(6, 4, {}, true, gen);
        QCOMPARE(
            QString::fromStdString(m.repr()),
            QStringLiteral("TiedModel(\n  (embedding): Embedding(6, 4)\n  (lm_head): Linear(in_features=4, "
                           "out_features=6, bias=True)\n)"));
    }
};

QTEST_GUILESS_MAIN(TestTiedModel)
#include "tst_tiedmodel.moc"
