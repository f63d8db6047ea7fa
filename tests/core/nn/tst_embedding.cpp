// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "common/Golden.h"
#include "core/nn/Embedding.h"
#include "core/tensor/Error.h"

#include <QJsonArray>
#include <QTest>

#include <cmath>
#include <cstring>

using namespace embedlab;
using namespace embedlab::testing;
using core::Embedding;
using core::EmbeddingOptions;

namespace {

EmbeddingOptions optionsFromJson(const QJsonObject &o)
{
    EmbeddingOptions opts;
    if (!o.value(QLatin1String("padding_idx")).isNull())
        opts.paddingIdx = o.value(QLatin1String("padding_idx")).toInteger();
    if (!o.value(QLatin1String("max_norm")).isNull())
        opts.maxNorm = o.value(QLatin1String("max_norm")).toDouble();
    const QJsonValue normType = o.value(QLatin1String("norm_type"));
    opts.normType = normType.isString() && normType.toString() == QLatin1String("inf")
                        ? std::numeric_limits<double>::infinity()
                        : normType.toDouble();
    opts.scaleGradByFreq = o.value(QLatin1String("scale_grad_by_freq")).toBool();
    opts.sparse = o.value(QLatin1String("sparse")).toBool();
    return opts;
}

// An Embedding whose weight comes from the fixture, so the test does not depend on init.
Embedding embeddingWithWeight(const core::Tensor &w, const EmbeddingOptions &opts)
{
    core::Generator gen(0);
    Embedding e(w.shape[0], w.shape[1], opts, gen);
    e.weight()->value() = w.asMatrix();
    return e;
}

core::Tensor gradTensor(const core::Parameter &p)
{
    core::Tensor t(p.shape());
    std::copy(p.grad().data(), p.grad().data() + p.grad().size(), t.data.begin());
    return t;
}

QJsonArray cases(const char *section)
{
    return loadGolden(QStringLiteral("layers/embedding.json")).value(QLatin1String(section)).toArray();
}

} // namespace

/// nn.Embedding against PyTorch 1.13. Lookups, renormalisation and gradients are bit-exact; the
/// default init is bit-exact once core/Init matches torch.nn.init.normal_.
class TestEmbedding : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void referenceExample()
    {
        const QJsonObject ref =
            loadGolden(QStringLiteral("layers/embedding.json")).value(QLatin1String("reference")).toObject();
        core::Generator gen(123);
        Embedding e(4, 5, {}, gen);
        QCOMPARE(bitMismatches(e.weight()->toTensor(), tensorFromJson(ref.value(QLatin1String("weight")))),
                 0);
        const core::Tensor out = e.forward(longTensorFromJson(ref.value(QLatin1String("ids"))));
        QCOMPARE(bitMismatches(out, tensorFromJson(ref.value(QLatin1String("output")))), 0);
        // The lesson's printed numbers: row 2 starts 0.6957, row 3 -2.8400, row 1 1.3010.
        QCOMPARE(std::round(out.data[0] * 1e4f) / 1e4f, 0.6957f);
        QCOMPARE(std::round(out.data[5] * 1e4f) / 1e4f, -2.84f);
        QCOMPARE(std::round(out.data[10] * 1e4f) / 1e4f, 1.301f);
    }

    void defaultInit_data()
    {
        QTest::addColumn<QJsonObject>("c");
        for (const QJsonValue &v : cases("init")) {
            const QJsonObject c = v.toObject();
            QTest::addRow("seed%lld_V%lld_D%lld_pad%s", c.value(QLatin1String("seed")).toInteger(),
                          c.value(QLatin1String("V")).toInteger(), c.value(QLatin1String("D")).toInteger(),
                          qPrintable(c.value(QLatin1String("options"))
                                         .toObject()
                                         .value(QLatin1String("padding_idx"))
                                         .toVariant()
                                         .toString()))
                << c;
        }
    }
    void defaultInit() // bit-exact
    {
        QFETCH(QJsonObject, c);
        core::Generator gen(static_cast<std::uint64_t>(c.value(QLatin1String("seed")).toInteger()));
        Embedding e(c.value(QLatin1String("V")).toInteger(), c.value(QLatin1String("D")).toInteger(),
                    optionsFromJson(c.value(QLatin1String("options")).toObject()), gen);
        const QJsonValue pad = c.value(QLatin1String("padding_normalised"));
        QCOMPARE(e.paddingIdx().has_value(), !pad.isNull());
        if (!pad.isNull())
            QCOMPARE(*e.paddingIdx(), pad.toInteger());
        QCOMPARE(bitMismatches(e.weight()->toTensor(), tensorFromJson(c.value(QLatin1String("weight")))), 0);
    }

    void lookup_data()
    {
        QTest::addColumn<QJsonObject>("c");
        for (const QJsonValue &v : cases("lookups"))
            QTest::newRow(qPrintable(v.toObject().value(QLatin1String("name")).toString())) << v.toObject();
    }
    void lookup() // bit-exact: a lookup copies rows
    {
        QFETCH(QJsonObject, c);
        Embedding e = embeddingWithWeight(tensorFromJson(c.value(QLatin1String("weight"))), {});
        const core::Tensor out = e.forward(longTensorFromJson(c.value(QLatin1String("ids"))));
        const core::Tensor expected = tensorFromJson(c.value(QLatin1String("output")));
        QCOMPARE(out.shape, expected.shape);
        QCOMPARE(bitMismatches(out, expected), 0);
    }

    void maxNorm_data()
    {
        QTest::addColumn<QJsonObject>("c");
        QTest::addColumn<double>("tolerance");
        for (const QJsonValue &v : cases("max_norm")) {
            const QString name = v.toObject().value(QLatin1String("name")).toString();
            // p = 1, 2 and inf are bit-exact; other orders go through PyTorch's own pow.
            QTest::newRow(qPrintable(name))
                << v.toObject() << (name.startsWith(QLatin1String("p3")) ? 1e-6 : 0.0);
        }
    }
    void maxNorm()
    {
        QFETCH(QJsonObject, c);
        QFETCH(double, tolerance);
        Embedding e = embeddingWithWeight(tensorFromJson(c.value(QLatin1String("weight_before"))),
                                          optionsFromJson(c.value(QLatin1String("options")).toObject()));
        const std::uint64_t versionBefore = e.weight()->version();
        const core::Tensor out = e.forward(longTensorFromJson(c.value(QLatin1String("ids"))));
        const core::Tensor after = tensorFromJson(c.value(QLatin1String("weight_after")));
        const core::Tensor expected = tensorFromJson(c.value(QLatin1String("output")));
        if (tolerance == 0.0) {
            QCOMPARE(bitMismatches(e.weight()->toTensor(), after), 0);
            QCOMPARE(bitMismatches(out, expected), 0);
        } else {
            QVERIFY(maxAbsDiff(e.weight()->toTensor(), after) <= tolerance);
            QVERIFY(maxAbsDiff(out, expected) <= tolerance);
        }
        const bool changed =
            bitMismatches(after, tensorFromJson(c.value(QLatin1String("weight_before")))) > 0;
        QCOMPARE(e.weight()->version() > versionBefore, changed);
    }

    void backward_data()
    {
        QTest::addColumn<QJsonObject>("c");
        for (const QJsonValue &v : cases("backward"))
            QTest::newRow(qPrintable(v.toObject().value(QLatin1String("name")).toString())) << v.toObject();
    }
    void backward() // bit-exact: embedding_dense_backward_cpu's per-id fused adds
    {
        QFETCH(QJsonObject, c);
        Embedding e = embeddingWithWeight(tensorFromJson(c.value(QLatin1String("weight"))),
                                          optionsFromJson(c.value(QLatin1String("options")).toObject()));
        const core::LongTensor ids = longTensorFromJson(c.value(QLatin1String("ids")));
        const core::Tensor gO = tensorFromJson(c.value(QLatin1String("grad_output")));
        e.forward(ids);
        e.backward(ids, gO);
        const core::Tensor expected = tensorFromJson(c.value(QLatin1String("grad_weight")));
        QCOMPARE(bitMismatches(gradTensor(*e.weight()), expected), 0);
        // A second backward accumulates into .grad, as PyTorch does without zero_grad.
        e.backward(ids, gO);
        core::Tensor doubled = expected;
        for (float &x : doubled.data)
            x = x + x;
        QCOMPARE(bitMismatches(gradTensor(*e.weight()), doubled), 0);
    }

    void errors_data()
    {
        QTest::addColumn<QJsonObject>("c");
        int i = 0;
        for (const QJsonValue &v : cases("errors"))
            QTest::addRow("%d_%s", i++, qPrintable(v.toObject().value(QLatin1String("message")).toString()))
                << v.toObject();
    }
    void errors() // PyTorch's exception type and exact message
    {
        QFETCH(QJsonObject, c);
        const EmbeddingOptions opts = optionsFromJson(c.value(QLatin1String("options")).toObject());
        core::Generator gen(1);
        try {
            Embedding e(c.value(QLatin1String("V")).toInteger(), c.value(QLatin1String("D")).toInteger(),
                        opts, gen);
            if (c.value(QLatin1String("call")).toString() == QLatin1String("forward"))
                e.forward(longTensorFromJson(c.value(QLatin1String("ids"))));
            QFAIL("no error thrown");
        } catch (const core::Error &err) {
            QCOMPARE(QString::fromLatin1(err.kindName()), c.value(QLatin1String("type")).toString());
            QCOMPARE(QString::fromStdString(err.what()), c.value(QLatin1String("message")).toString());
        }
    }

    void renormBeforeRejectingNegativeId()
    {
        // embedding(tensor([-1])) with max_norm renormalises row V-1 (Python indexing) and only then
        // raises "index out of range in self" - the weight has changed when the error arrives.
        core::Tensor w({2, 3});
        w.data = {1.0f, 0.0f, 0.0f, 3.0f, 4.0f, 0.0f};
        EmbeddingOptions opts;
        opts.maxNorm = 1.0;
        Embedding e = embeddingWithWeight(w, opts);
        QVERIFY_THROWS_EXCEPTION(core::Error, e.forward(core::LongTensor{{1}, {-1}}));
        QVERIFY(e.weight()->value()(1, 0) < 3.0f);
        QCOMPARE(e.weight()->value()(0, 0), 1.0f);
    }

    void repr_data()
    {
        QTest::addColumn<QJsonObject>("c");
        for (const QJsonValue &v : cases("repr"))
            QTest::newRow(qPrintable(v.toObject().value(QLatin1String("repr")).toString())) << v.toObject();
    }
    void repr()
    {
        QFETCH(QJsonObject, c);
        const core::Index v = c.value(QLatin1String("V")).toInteger();
        const core::Index d = c.value(QLatin1String("D")).toInteger();
        const EmbeddingOptions opts = optionsFromJson(c.value(QLatin1String("options")).toObject());
        // The representation does not need the 154 MB GPT-2 weight: build a small one, compare the sizes'
        // text.
        core::Generator gen(0);
        Embedding e(std::min<core::Index>(v, 4), d > 16 ? 2 : d, opts, gen);
        std::string expected = c.value(QLatin1String("repr")).toString().toStdString();
        const std::string sizes = std::to_string(v) + ", " + std::to_string(d);
        const std::string small =
            std::to_string(std::min<core::Index>(v, 4)) + ", " + std::to_string(d > 16 ? 2 : d);
        expected.replace(expected.find(sizes), sizes.size(), small);
        QCOMPARE(QString::fromStdString(e.repr()), QString::fromStdString(expected));
    }

    void setWeightSharesStorage()
    {
        core::Generator gen(3);
        Embedding a(4, 5, {}, gen);
        Embedding b(4, 5, {}, gen);
        b.setWeight(a.weight());
        QCOMPARE(a.weight().get(), b.weight().get());
        a.weight()->value()(2, 1) = 42.0f;
        QCOMPARE(b.forward(core::LongTensor{{1}, {2}}).data[1], 42.0f);
        Embedding c(5, 4, {}, gen);
        QVERIFY_THROWS_EXCEPTION(core::Error, c.setWeight(a.weight()));
    }

    void largeLookupCopiesRows_data()
    {
        QTest::addColumn<core::Index>("dim");
        // Outputs of 32 MiB and more take the streaming-store copy when rows are whole 16-byte blocks.
        QTest::newRow("streaming, D=1024") << core::Index{1024};
        QTest::newRow("plain copy, D=1023") << core::Index{1023};
    }
    void largeLookupCopiesRows() // bit-exact, issue #7: the output is uninitialised until copied
    {
        QFETCH(core::Index, dim);
        core::Generator gen(11);
        Embedding e(97, dim, {}, gen);
        core::LongTensor ids;
        ids.shape = {3, 3000};
        for (std::int64_t i = 0; i < 9000; ++i)
            ids.data.push_back((i * 37 + i / 7) % 97);
        {
            // Freed just before the lookup, so its output most likely reuses these NaN bytes.
            const core::Tensor poison({3, 3000, dim}, std::nanf(""));
            QVERIFY(std::isnan(poison.data.back()));
        }
        const core::Tensor out = e.forward(ids);
        QCOMPARE(out.shape, (core::Shape{3, 3000, dim}));
        const float *w = e.weight()->value().data();
        for (core::Index i = 0; i < 9000; ++i)
            QVERIFY2(std::memcmp(out.data.data() + i * dim, w + ids.data[std::size_t(i)] * dim,
                                 std::size_t(dim) * sizeof(float)) == 0,
                     qPrintable(QStringLiteral("row %1 is not W[id]").arg(i)));
    }
};

QTEST_GUILESS_MAIN(TestEmbedding)
#include "tst_embedding.moc"
