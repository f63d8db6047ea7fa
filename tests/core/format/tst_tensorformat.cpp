// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "common/Golden.h"
#include "core/format/TensorFormat.h"
#include "core/tensor/Error.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QRegularExpression>
#include <QTest>

#include <cmath>
#include <limits>

using namespace embedlab;
using core::formatTensor;
using core::LongTensor;
using core::ParsedTensor;
using core::PrintOptions;
using core::Shape;
using core::Tensor;
using core::TensorDecoration;

namespace {

// One fixture of tests/golden/print/, written by gen_print.py with PyTorch 1.13.
struct GoldenCase {
    bool isLong = false;
    Tensor floats;
    LongTensor longs;
    TensorDecoration decoration;
    PrintOptions options;
    std::string repr;
};

// Like testing::tensorFromJson, plus "-0.0": QJsonDocument stores the number -0.0 as the integer 0,
// and signed zeros are part of what these fixtures check.
double numberFromJson(const QJsonValue &v)
{
    if (v.isString()) {
        const QString s = v.toString();
        if (s == QLatin1String("nan"))
            return std::numeric_limits<double>::quiet_NaN();
        if (s == QLatin1String("-0.0"))
            return -0.0;
        return s.startsWith(QLatin1Char('-')) ? -std::numeric_limits<double>::infinity()
                                              : std::numeric_limits<double>::infinity();
    }
    return v.toDouble();
}

Tensor floatTensorFromJson(const QJsonValue &value)
{
    const QJsonObject o = value.toObject();
    Tensor t;
    t.shape = testing::shapeFromJson(o.value(QLatin1String("shape")));
    for (const QJsonValue &v : o.value(QLatin1String("data")).toArray())
        t.data.push_back(static_cast<float>(numberFromJson(v)));
    return t;
}

// The formula of gen_print.py: k = (i * a + c) % m - offset, value = float32(double(k) * scale).
void fillFromFormula(GoldenCase &c, const QJsonObject &f)
{
    const Shape shape = testing::shapeFromJson(f.value(QLatin1String("shape")));
    const qint64 a = f.value(QLatin1String("a")).toInteger();
    const qint64 add = f.value(QLatin1String("c")).toInteger();
    const qint64 m = f.value(QLatin1String("m")).toInteger();
    const qint64 offset = f.value(QLatin1String("offset")).toInteger();
    const double scale = f.value(QLatin1String("scale")).toDouble();
    const auto n = static_cast<std::size_t>(core::numel(shape));
    if (c.isLong) {
        c.longs.shape = shape;
        c.longs.data.resize(n);
        for (std::size_t i = 0; i < n; ++i)
            c.longs.data[i] = (static_cast<qint64>(i) * a + add) % m - offset;
    } else {
        c.floats.shape = shape;
        c.floats.data.resize(n);
        for (std::size_t i = 0; i < n; ++i)
            c.floats.data[i] = static_cast<float>(
                static_cast<double>((static_cast<qint64>(i) * a + add) % m - offset) * scale);
    }
    for (const QJsonValue &p : f.value(QLatin1String("patch")).toArray()) {
        const QJsonArray pair = p.toArray();
        const auto index = static_cast<std::size_t>(pair.at(0).toInteger());
        if (c.isLong)
            c.longs.data[index] = pair.at(1).toInteger();
        else
            c.floats.data[index] = static_cast<float>(numberFromJson(pair.at(1)));
    }
}

GoldenCase loadCase(const QString &name)
{
    const QJsonObject o = testing::loadGolden(QStringLiteral("print/%1.json").arg(name));
    GoldenCase c;
    c.isLong = o.value(QLatin1String("dtype")).toString() == QLatin1String("int64");
    if (o.contains(QLatin1String("formula"))) {
        fillFromFormula(c, o.value(QLatin1String("formula")).toObject());
    } else if (c.isLong) {
        c.longs = testing::longTensorFromJson(o.value(QLatin1String("tensor")));
    } else {
        c.floats = floatTensorFromJson(o.value(QLatin1String("tensor")));
    }
    const QJsonObject d = o.value(QLatin1String("decoration")).toObject();
    c.decoration.isParameter = d.value(QLatin1String("isParameter")).toBool();
    c.decoration.requiresGrad = d.value(QLatin1String("requiresGrad")).toBool();
    c.decoration.gradFn = d.value(QLatin1String("gradFn")).toString().toStdString();
    const QJsonObject opts = o.value(QLatin1String("options")).toObject();
    c.options.precision = opts.value(QLatin1String("precision")).toInt();
    c.options.threshold = opts.value(QLatin1String("threshold")).toInteger();
    c.options.edgeitems = opts.value(QLatin1String("edgeitems")).toInteger();
    c.options.linewidth = opts.value(QLatin1String("linewidth")).toInt();
    c.repr = o.value(QLatin1String("repr")).toString().toStdString();
    return c;
}

std::string format(const GoldenCase &c)
{
    return c.isLong ? formatTensor(c.longs, c.decoration, c.options)
                    : formatTensor(c.floats, c.decoration, c.options);
}

// Shows both strings on a mismatch; QCOMPARE on a multi-line QString truncates.
bool sameText(const std::string &ours, const std::string &torch)
{
    if (ours == torch)
        return true;
    qWarning("ours:\n%s\ntorch:\n%s", ours.c_str(), torch.c_str());
    return false;
}

} // namespace

Q_DECLARE_METATYPE(std::vector<float>)

class TestTensorFormat : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void elements_data();
    void elements();
    void reference();
    void golden_data();
    void golden();
    void parseRoundTrip_data() { golden_data(); }
    void parseRoundTrip();
    void elementFormat_data() { golden_data(); }
    void elementFormat();
    void summarisedIsFast();
    void parseRejects_data();
    void parseRejects();
    void parseShapes_data();
    void parseShapes();
    void badShapeThrows();
};

void TestTensorFormat::reference()
{
    // torch.manual_seed(123); torch.nn.Embedding(4, 5).weight
    Tensor w({4, 5});
    w.data = {0.3374f,  -0.1778f, -0.3035f, -0.5880f, 1.5810f,  1.3010f,  1.2753f,
              -0.2010f, -0.1606f, -0.4015f, 0.6957f,  -1.8061f, -1.1589f, 0.3255f,
              -0.6315f, -2.8400f, -0.7849f, -1.4096f, -0.4076f, 0.7953f};
    TensorDecoration parameter;
    parameter.isParameter = true;
    parameter.requiresGrad = true;
    const std::string expected =
        "Parameter containing:\n"
        "tensor([[ 0.3374, -0.1778, -0.3035, -0.5880,  1.5810],\n"
        "        [ 1.3010,  1.2753, -0.2010, -0.1606, -0.4015],\n"
        "        [ 0.6957, -1.8061, -1.1589,  0.3255, -0.6315],\n"
        "        [-2.8400, -0.7849, -1.4096, -0.4076,  0.7953]], requires_grad=True)";
    QVERIFY(sameText(formatTensor(w, parameter), expected));
}

void TestTensorFormat::golden_data()
{
    QTest::addColumn<QString>("name");
    const QJsonObject index = testing::loadGolden(QStringLiteral("print/index.json"));
    const QJsonArray names = index.value(QLatin1String("cases")).toArray();
    QVERIFY(names.size() >= 40);
    for (const QJsonValue &n : names)
        QTest::newRow(qPrintable(n.toString())) << n.toString();
}

void TestTensorFormat::golden()
{
    QFETCH(QString, name);
    const GoldenCase c = loadCase(name);
    QVERIFY(sameText(format(c), c.repr));
}

void TestTensorFormat::parseRoundTrip()
{
    QFETCH(QString, name);
    const GoldenCase c = loadCase(name);
    ParsedTensor parsed;
    QVERIFY2(core::parseFormattedTensor(c.repr, parsed), c.repr.c_str());

    const Shape &shape = c.isLong ? c.longs.shape : c.floats.shape;
    QCOMPARE(parsed.shape.size(), shape.size());
    const bool summarised = core::numel(shape) > c.options.threshold;
    QCOMPARE(parsed.summarised, summarised);
    if (summarised) {
        for (std::size_t d = 0; d < shape.size(); ++d)
            QVERIFY(parsed.shape[d] == shape[d] || parsed.shape[d] == -1);
        QVERIFY(parsed.values.empty());
        return;
    }
    QCOMPARE(parsed.shape, shape);
    QCOMPARE(parsed.values.size(), static_cast<std::size_t>(core::numel(shape)));
    for (std::size_t i = 0; i < parsed.values.size(); ++i) {
        const double want = c.isLong ? static_cast<double>(c.longs.data[i]) : c.floats.data[i];
        const double got = parsed.values[i];
        if (std::isnan(want) || std::isinf(want)) {
            QVERIFY(std::isnan(want) ? std::isnan(got) : got == want);
            continue;
        }
        // Printed with `precision` decimals, either fixed or in the mantissa of scientific notation.
        const double step = std::pow(10.0, -c.options.precision);
        const double tolerance = std::max(step, std::abs(want) * step) * 0.5 * (1 + 1e-9);
        QVERIFY2(std::abs(got - want) <= tolerance,
                 qPrintable(QStringLiteral("element %1: parsed %2, tensor %3").arg(i).arg(got).arg(want)));
    }
}

// The printed elements of `repr`, in order: the numbers between "tensor(" and the closing "]" (or
// the scalar's own number), without the brackets, commas, padding and "...".
QStringList printedElements(const std::string &repr)
{
    QString body = QString::fromStdString(repr);
    body = body.mid(body.indexOf(QLatin1String("tensor(")) + 7);
    const qsizetype close = body.lastIndexOf(QLatin1Char(']'));
    body = close >= 0 ? body.left(close) : body.section(QLatin1Char(','), 0, 0).remove(QLatin1Char(')'));
    QStringList out = body.split(QRegularExpression(QStringLiteral("[\\[\\],\\s]+")), Qt::SkipEmptyParts);
    out.removeAll(QStringLiteral("..."));
    return out;
}

// Issue #25: a heatmap's cell reads its element as print(weight) writes it. ElementFormat writes any
// element in the format print() chose for the whole tensor: every element of a tensor printed in
// full, and the first and last element of a summarised one, read as PyTorch 1.13 printed them.
void TestTensorFormat::elementFormat()
{
    QFETCH(QString, name);
    const GoldenCase c = loadCase(name);
    if (c.isLong || c.floats.data.empty())
        return;
    const core::ElementFormat element(c.floats.data, c.floats.shape, c.options);
    const QStringList printed = printedElements(c.repr);
    QVERIFY(!printed.isEmpty());
    if (core::numel(c.floats.shape) <= c.options.threshold) {
        QStringList ours;
        for (float v : c.floats.data)
            ours << QString::fromStdString(element(v));
        QCOMPARE(ours, printed);
    } else if (c.options.edgeitems > 0) {
        QCOMPARE(QString::fromStdString(element(c.floats.data.front())), printed.front());
        QCOMPARE(QString::fromStdString(element(c.floats.data.back())), printed.back());
    }
}

void TestTensorFormat::summarisedIsFast()
{
    // GPT-2's wte: 50257 x 768. PyTorch formats only get_summarized_data(), so must we.
    Tensor wte({50257, 768});
    for (std::size_t i = 0; i < wte.data.size(); ++i)
        wte.data[i] = static_cast<float>(static_cast<double>(i % 4099) / 1024.0 - 2.0);
    QElapsedTimer timer;
    timer.start();
    std::string s;
    for (int repeat = 0; repeat < 10; ++repeat)
        s = formatTensor(wte, {true, true, {}});
    const qint64 ms = timer.elapsed();
    qInfo("10 x formatTensor(50257x768) took %lld ms", ms);
    QVERIFY(s.find("...") != std::string::npos);
    QVERIFY2(ms < 50, "formatting a summarised tensor must only visit the printed elements");
}

void TestTensorFormat::parseRejects_data()
{
    QTest::addColumn<QString>("text");
    QTest::newRow("empty") << QString();
    QTest::newRow("no prefix") << QStringLiteral("[1., 2.]");
    QTest::newRow("unclosed") << QStringLiteral("tensor([1., 2.]");
    QTest::newRow("ragged") << QStringLiteral("tensor([[1., 2.],\n        [3.]])");
    QTest::newRow("mixed depth") << QStringLiteral("tensor([[1., 2.], 3.])");
    QTest::newRow("garbage value") << QStringLiteral("tensor([1., abc])");
    QTest::newRow("unknown suffix") << QStringLiteral("tensor([1.], device='cuda:0')");
    QTest::newRow("trailing text") << QStringLiteral("tensor([1.]) x");
    QTest::newRow("deep") << QStringLiteral("tensor(") + QString(200, QLatin1Char('[')) +
                                 QStringLiteral("1.") + QString(200, QLatin1Char(']')) + QStringLiteral(")");
    QTest::newRow("missing comma") << QStringLiteral("tensor([1. 2.])");
}

void TestTensorFormat::parseRejects()
{
    QFETCH(QString, text);
    ParsedTensor parsed;
    QVERIFY(!core::parseFormattedTensor(text.toStdString(), parsed));
}

void TestTensorFormat::parseShapes_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QList<qint64>>("shape");
    QTest::addColumn<bool>("summarised");
    QTest::newRow("0-d") << QStringLiteral("tensor(1.2345)") << QList<qint64>{} << false;
    QTest::newRow("empty") << QStringLiteral("tensor([])") << QList<qint64>{0} << false;
    QTest::newRow("empty 2-D") << QStringLiteral("tensor([], size=(0, 5))") << QList<qint64>{0, 5} << false;
    QTest::newRow("empty int64") << QStringLiteral("tensor([], dtype=torch.int64)") << QList<qint64>{0}
                                 << false;
    QTest::newRow("rows elided") << QStringLiteral(
                                        "tensor([[1, 2],\n        [3, 4],\n        ...,\n        [5, 6]])")
                                 << QList<qint64>{-1, 2} << true;
    QTest::newRow("grad_fn") << QStringLiteral("tensor([[1.5000, 2.0000]], grad_fn=<MmBackward0>)")
                             << QList<qint64>{1, 2} << false;
}

void TestTensorFormat::parseShapes()
{
    QFETCH(QString, text);
    QFETCH(QList<qint64>, shape);
    QFETCH(bool, summarised);
    ParsedTensor parsed;
    QVERIFY(core::parseFormattedTensor(text.toStdString(), parsed));
    QCOMPARE(parsed.shape, Shape(shape.begin(), shape.end()));
    QCOMPARE(parsed.summarised, summarised);
}

void TestTensorFormat::badShapeThrows()
{
    Tensor t;
    t.shape = {2, 3};
    t.data = {1.0f, 2.0f};
    QVERIFY_THROWS_EXCEPTION(core::Error, formatTensor(t));
    LongTensor l;
    l.shape = {-1};
    QVERIFY_THROWS_EXCEPTION(core::Error, formatTensor(l));

    // PyTorch: torch.stack([]) inside get_summarized_data -> "stack expects a non-empty TensorList".
    PrintOptions noEdges;
    noEdges.threshold = 5;
    noEdges.edgeitems = 0;
    QVERIFY_THROWS_EXCEPTION(core::Error, formatTensor(Tensor({10, 10}), {}, noEdges));
    PrintOptions negative;
    negative.precision = -1;
    QVERIFY_THROWS_EXCEPTION(core::Error, formatTensor(Tensor({3}), {}, negative));
}

// Printed by PyTorch 1.13: print(torch.tensor(values)). Issue #13: the unembedding chart took its
// labels by parsing printed text back; core now gives the elements directly.
void TestTensorFormat::elements_data()
{
    QTest::addColumn<std::vector<float>>("values");
    QTest::addColumn<QStringList>("expected");
    const float inf = std::numeric_limits<float>::infinity();
    const float nan = std::numeric_limits<float>::quiet_NaN();
    QTest::newRow("fixed") << std::vector<float>{1.0f, 2.5f} << QStringList{u"1.0000"_qs, u"2.5000"_qs};
    QTest::newRow("integer-valued") << std::vector<float>{1.0f, 2.0f} << QStringList{u"1."_qs, u"2."_qs};
    QTest::newRow("scientific") << std::vector<float>{1e-5f, 1.0f}
                                << QStringList{u"1.0000e-05"_qs, u"1.0000e+00"_qs};
    QTest::newRow("nan") << std::vector<float>{nan, 1.0f} << QStringList{u"nan"_qs, u"1."_qs};
    QTest::newRow("inf, unpadded") << std::vector<float>{-0.5f, inf, 3.25f}
                                   << QStringList{u"-0.5000"_qs, u"inf"_qs, u"3.2500"_qs};
    QTest::newRow("zeros") << std::vector<float>{0.0f, 0.0f} << QStringList{u"0."_qs, u"0."_qs};
    QTest::newRow("empty") << std::vector<float>{} << QStringList{};
}

void TestTensorFormat::elements()
{
    QFETCH(std::vector<float>, values);
    QFETCH(QStringList, expected);
    Tensor t({core::Index(values.size())});
    t.data.assign(values.begin(), values.end());
    QStringList got;
    for (const std::string &s : core::formatElements(t))
        got << QString::fromStdString(s);
    QCOMPARE(got, expected);
}

QTEST_GUILESS_MAIN(TestTensorFormat)
#include "tst_tensorformat.moc"
