// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "common/Golden.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QtGlobal>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace embedlab::testing {

QString goldenPath(const QString &relativePath)
{
    QString dir = qEnvironmentVariable("EMBEDLAB_GOLDEN_DIR");
    if (dir.isEmpty())
        dir = QStringLiteral(EMBEDLAB_GOLDEN_DIR);
    return dir + QLatin1Char('/') + relativePath;
}

QString formatFile(const QString &name)
{
    return goldenPath(QStringLiteral("formats/") + name);
}

double scaledTolerance(const core::Tensor &expected)
{
    double m = 1.0;
    for (float v : expected.data)
        m = std::max(m, static_cast<double>(std::abs(v)));
    return 1e-6 * m;
}

QJsonObject loadGolden(const QString &relativePath)
{
    const QString path = goldenPath(relativePath);
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("golden fixture %s is missing: run tests/golden/generate.py", qPrintable(path));
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        qFatal("golden fixture %s is damaged: %s", qPrintable(path), qPrintable(error.errorString()));
    return doc.object();
}

core::Shape shapeFromJson(const QJsonValue &value)
{
    core::Shape shape;
    for (const QJsonValue &d : value.toArray())
        shape.push_back(static_cast<core::Index>(d.toInteger()));
    return shape;
}

// Python's json writes NaN and Infinity as bare words, which QJsonDocument rejects; the generators
// therefore write non-finite values as the strings "nan", "inf" and "-inf", and negative zero as "-0.0".
double numberFromJson(const QJsonValue &v)
{
    if (v.isString()) {
        const QString s = v.toString();
        if (s == QLatin1String("nan"))
            return std::numeric_limits<double>::quiet_NaN();
        if (s == QLatin1String("inf"))
            return std::numeric_limits<double>::infinity();
        if (s == QLatin1String("-inf"))
            return -std::numeric_limits<double>::infinity();
        if (s == QLatin1String("-0.0"))
            return -0.0; // QJsonDocument reads the number -0.0 as the integer 0
    }
    return v.toDouble();
}

QList<CliCase> cliCases(const QString &relativePath)
{
    QList<CliCase> cases;
    // cases.json from PyTorch (gen_cli.py); tokenizer_cases.json and tokenizer_models_cases.json
    // from npm's tokenizers (gen_tokenizer.mjs, gen_tokenizer_models.mjs), whose paths and messages
    // write tests/golden as @GOLDEN@; fit/cases.json (gen_fit.py) names the shipped texts under
    // @ROOT@, the repository.
    const QString golden = goldenPath(QString()).chopped(1);
    const QString root = QDir::cleanPath(golden + QStringLiteral("/../.."));
    const QStringList files =
        relativePath.isEmpty()
            ? QStringList{QStringLiteral("cli/cases.json"), QStringLiteral("cli/tokenizer_cases.json"),
                          QStringLiteral("cli/tokenizer_models_cases.json")}
            : QStringList{relativePath};
    for (const QString &file : files) {
        const QJsonArray array = loadGolden(file).value(QLatin1String("cases")).toArray();
        for (const QJsonValue &value : array) {
            CliCase c;
            c.json = value.toObject();
            for (const QJsonValue &a : c.json.value(QLatin1String("args")).toArray())
                c.args << a.toString()
                              .replace(QLatin1String("@GOLDEN@"), golden)
                              .replace(QLatin1String("@ROOT@"), root);
            c.out = c.json.value(QLatin1String("stdout")).toString();
            c.err =
                c.json.value(QLatin1String("stderr")).toString().replace(QLatin1String("@GOLDEN@"), golden);
            cases.append(c);
        }
    }
    return cases;
}

core::Tensor tensorFromJson(const QJsonValue &value)
{
    const QJsonObject o = value.toObject();
    core::Tensor t;
    t.shape = shapeFromJson(o.value(QLatin1String("shape")));
    const QJsonArray data = o.value(QLatin1String("data")).toArray();
    t.data.reserve(static_cast<std::size_t>(data.size()));
    for (const QJsonValue &v : data)
        t.data.push_back(static_cast<float>(numberFromJson(v)));
    return t;
}

core::LongTensor longTensorFromJson(const QJsonValue &value)
{
    const QJsonObject o = value.toObject();
    core::LongTensor t;
    t.shape = shapeFromJson(o.value(QLatin1String("shape")));
    for (const QJsonValue &v : o.value(QLatin1String("data")).toArray())
        t.data.push_back(v.toInteger());
    return t;
}

double maxAbsDiff(const core::Tensor &a, const core::Tensor &b)
{
    if (a.shape != b.shape || a.data.size() != b.data.size())
        return std::numeric_limits<double>::infinity();
    double worst = 0.0;
    for (std::size_t i = 0; i < a.data.size(); ++i) {
        const double x = a.data[i], y = b.data[i];
        if (std::isnan(x) && std::isnan(y))
            continue;
        if (x == y)
            continue; // also equal infinities
        const double d = std::abs(x - y);
        worst = std::isnan(d) ? std::numeric_limits<double>::infinity() : std::max(worst, d);
    }
    return worst;
}

long long bitMismatches(const core::Tensor &a, const core::Tensor &b)
{
    if (a.shape != b.shape || a.data.size() != b.data.size())
        return -1;
    long long n = 0;
    for (std::size_t i = 0; i < a.data.size(); ++i) {
        if (std::isnan(a.data[i]) && std::isnan(b.data[i]))
            continue;
        std::uint32_t x = 0, y = 0;
        std::memcpy(&x, &a.data[i], 4);
        std::memcpy(&y, &b.data[i], 4);
        n += x != y;
    }
    return n;
}

} // namespace embedlab::testing
