// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/tensor/Tensor.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>

/// Golden fixtures written by tests/golden/*.py with real PyTorch. A tensor is stored as
/// {"shape": [4, 5], "data": [...]} with every float32 value written as the exact Python float;
/// "nan", "inf", "-inf" and "-0.0" as strings (Qt's JSON reader loses the sign of -0.0).
namespace embedlab::testing {

/// The path of tests/golden/<relativePath>; the environment variable EMBEDLAB_GOLDEN_DIR, when set,
/// names another folder.
QString goldenPath(const QString &relativePath);
/// The path of the weight file `name` in tests/golden/formats.
QString formatFile(const QString &name);

/// Reads tests/golden/<relativePath> (a JSON object); fails the current test (QFAIL-like, via
/// qFatal with the path) if it is missing or damaged, because a silently skipped fixture hides bugs.
QJsonObject loadGolden(const QString &relativePath);

/// One case of tests/golden/cli/cases.json: embedlab-cli's arguments and what PyTorch's script
/// printed for them (`json` holds the rest of the case, e.g. the weight it wrote).
struct CliCase {
    QStringList args;
    QString out;
    QString err;
    QJsonObject json;
};
/// The cases of one file of CLI cases (tests/golden/cli/..., fit/cases.json), or with no file every
/// case of cases.json and tokenizer_cases.json; `@GOLDEN@` in arguments and messages stands for the
/// golden folder, `@ROOT@` in arguments for the repository.
QList<CliCase> cliCases(const QString &relativePath = QString());

/// A number as the generators write it: "nan", "inf", "-inf" and "-0.0" as strings, others as JSON numbers.
double numberFromJson(const QJsonValue &value);
core::Tensor tensorFromJson(const QJsonValue &value);
core::LongTensor longTensorFromJson(const QJsonValue &value);
core::Shape shapeFromJson(const QJsonValue &value);

/// Largest |a - b| over all elements (inf when shapes differ; NaN == NaN counts as equal).
double maxAbsDiff(const core::Tensor &a, const core::Tensor &b);
/// The contract for values summed in another order than PyTorch's (BLAS, SLEEF's exp/log):
/// |a - b| <= 1e-6 * max(1, max |expected|).
double scaledTolerance(const core::Tensor &expected);
/// Number of elements whose float32 bits differ (-1 when shapes differ; all NaNs are one value).
long long bitMismatches(const core::Tensor &a, const core::Tensor &b);

} // namespace embedlab::testing
