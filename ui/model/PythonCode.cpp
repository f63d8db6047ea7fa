// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/model/PythonCode.h"

#include "core/format/PythonNumber.h"
#include "core/format/PythonPackages.h"
#include "core/format/TensorFormat.h"
#include "ui/model/Lab.h"

#include <QFileInfo>
#include <QStringList>

#include <algorithm>

namespace embedlab::ui {

namespace {

void appendList(QString &out, const core::LongTensor &ids, std::size_t dim, std::size_t &offset)
{
    out += QLatin1Char('[');
    const core::Index n = ids.shape[dim];
    for (core::Index i = 0; i < n; ++i) {
        if (i > 0)
            out += QStringLiteral(", ");
        if (dim + 1 == ids.shape.size())
            out += QString::number(ids.data[offset++]);
        else
            appendList(out, ids, dim + 1, offset);
    }
    out += QLatin1Char(']');
}

QString number(double value)
{
    return QString::fromStdString(core::pythonFloat(value));
}

QStringList optimizerArguments(const core::OptimizerConfig &config)
{
    QStringList args{QStringLiteral("model.parameters()")};
    for (const std::string &arg : config.pythonArguments())
        args << QString::fromStdString(arg);
    return args;
}

/// `name = torch.tensor(list)`, its list broken after commas into lines of at most `width` columns
/// when the line is longer (a typed sentence's ids), each continued with four spaces.
QString tensorLine(const QString &name, const QString &list, int width)
{
    const QString line = QStringLiteral("%1 = torch.tensor(%2)").arg(name, list);
    if (line.size() <= width || !list.startsWith(QLatin1Char('[')) || !list.endsWith(QLatin1Char(']')))
        return line;
    // The outer list's elements: numbers, or rows of a batch.
    QStringList elements;
    int depth = 0;
    qsizetype start = 1;
    for (qsizetype i = 1; i + 1 < list.size(); ++i) {
        const QChar c = list[i];
        depth += c == QLatin1Char('[') ? 1 : c == QLatin1Char(']') ? -1 : 0;
        if (c == QLatin1Char(',') && depth == 0) {
            elements << list.mid(start, i - start).trimmed();
            start = i + 1;
        }
    }
    elements << list.mid(start, list.size() - 1 - start).trimmed();
    QStringList lines{QStringLiteral("%1 = torch.tensor([").arg(name)};
    QString current = QStringLiteral("    ");
    for (qsizetype k = 0; k < elements.size(); ++k) {
        const QString piece =
            elements[k] + (k + 1 < elements.size() ? QStringLiteral(",") : QStringLiteral("])"));
        if (current.size() > 4 && current.size() + 1 + piece.size() > width) {
            lines << current;
            current = QStringLiteral("    ");
        } else if (current.size() > 4) {
            current += QLatin1Char(' ');
        }
        current += piece;
    }
    lines << current;
    return lines.join(QLatin1Char('\n'));
}

/// A Python string literal of `text`.
QString pyString(const QString &text)
{
    QString escaped = text;
    escaped.replace(QLatin1Char('\\'), QStringLiteral("\\\\"))
        .replace(QLatin1Char('"'), QStringLiteral("\\\""));
    return QLatin1Char('"') + escaped + QLatin1Char('"');
}

} // namespace

QString PythonCode::script(const Lab &lab)
{
    const Lab::Config &c = lab.modelConfig();
    QString embeddingArgs = QStringLiteral("%1, %2").arg(c.numEmbeddings).arg(c.embeddingDim);
    if (c.paddingIdx)
        embeddingArgs += QStringLiteral(", padding_idx=%1").arg(*c.paddingIdx);
    if (c.maxNorm)
        embeddingArgs += QStringLiteral(", max_norm=%1").arg(number(*c.maxNorm));
    QStringList packages;
    for (const Lab::Operation &op : lab.history())
        if (op.kind == Lab::Operation::Kind::Load)
            packages << packagesFor(op.spec.section(QLatin1Char(':'), 0, -2));
    QStringList lines;
    // What a fresh Python lacks comes first, where a paste that fails shows it (issue #29 item 6).
    if (const QString install = installComment(packages); !install.isEmpty())
        lines << install;
    lines << QStringLiteral("import torch") << QStringLiteral("import torch.nn.functional as F")
          << QStringLiteral("torch.manual_seed(%1)").arg(c.seed)
          << QStringLiteral("embedding = torch.nn.Embedding(%1)").arg(embeddingArgs)
          << QStringLiteral("lm_head = torch.nn.Linear(%1, %2, bias=%3)")
                 .arg(c.embeddingDim)
                 .arg(c.numEmbeddings)
                 .arg(c.lmHeadBias ? QStringLiteral("True") : QStringLiteral("False"));
    // What happened after the constructors, in order: ties, initialisers, loads, training steps.
    for (const Lab::Operation &op : lab.history())
        lines << op.python;
    lines << QStringLiteral("ids = torch.tensor(%1)").arg(list(lab.ids()));
    lines << QStringLiteral("one_hot = F.one_hot(ids, num_classes=%1).float()").arg(c.numEmbeddings);
    lines << QStringLiteral("print(embedding.weight)") << QStringLiteral("print(embedding(ids))")
          << QStringLiteral("print(one_hot @ embedding.weight)");
    // embedding(ids) renormalises the looked-up rows in place, so the print order matters.
    if (c.maxNorm)
        lines << QStringLiteral("print(embedding.weight)  # max_norm renormalised rows in place");
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

QStringList PythonCode::packagesFor(const QString &file)
{
    const QString suffix = QFileInfo(file).suffix().toLower();
    if (suffix == QLatin1String("safetensors"))
        return {QStringLiteral("safetensors")};
    if (suffix == QLatin1String("gguf"))
        return {QStringLiteral("gguf")};
    return {};
}

QString PythonCode::installComment(const QStringList &packages)
{
    std::vector<std::string> names;
    for (const QString &package : packages)
        names.push_back(package.toStdString());
    return QString::fromStdString(core::installComment(std::move(names)));
}

QString PythonCode::load(const QString &file, const QString &tensor, const QString &target, Origin origin)
{
    const QString name = QFileInfo(file).fileName();
    QStringList lines;
    if (origin == Origin::Session)
        lines << QStringLiteral("# %1 as the session stored it, in %2 beside the session file:")
                     .arg(target, name);
    else
        lines << QStringLiteral("# %1 from tensor %2 of the file opened in EmbedLab (File > Open):")
                     .arg(target, pyString(tensor));
    // The absolute path runs where EmbedLab ran; a copy elsewhere needs the file beside it.
    lines
        << QStringLiteral("# the path below is where it was opened; elsewhere, put %1 beside this").arg(name)
        << QStringLiteral("# code and write %1 instead").arg(pyString(name));
    const QString suffix = QFileInfo(file).suffix().toLower();
    if (suffix == QLatin1String("npy")) {
        lines << QStringLiteral("import numpy")
              << QStringLiteral("w = torch.from_numpy(numpy.load(%1)).float()").arg(pyString(file));
    } else if (suffix == QLatin1String("gguf")) {
        lines << QStringLiteral("import gguf, numpy")
              << QStringLiteral("t = next(t for t in gguf.GGUFReader(%1).tensors if t.name == %2)")
                     .arg(pyString(file), pyString(tensor))
              << QStringLiteral("w = torch.from_numpy(gguf.quants.dequantize(t.data, t.tensor_type).astype("
                                "numpy.float32).reshape(%1.shape))")
                     .arg(target);
    } else {
        // framework="pt": NumPy has no bfloat16, so safetensors.numpy refuses BF16 tensors (most of
        // today's checkpoints); get_tensor() reads this tensor alone, not every tensor of the file.
        lines << QStringLiteral("from safetensors import safe_open")
              << QStringLiteral("with safe_open(%1, framework=\"pt\") as f:").arg(pyString(file))
              << QStringLiteral("    w = f.get_tensor(%1).float()").arg(pyString(tensor));
    }
    lines << QStringLiteral("with torch.no_grad():") << QStringLiteral("    %1.copy_(w)").arg(target);
    return lines.join(QLatin1Char('\n'));
}

QString PythonCode::tie(const QString &why)
{
    return QStringLiteral("lm_head.weight = embedding.weight  # %1").arg(why);
}

QString PythonCode::untie(bool clone, core::Index rows, core::Index columns)
{
    if (clone)
        return QStringLiteral("lm_head.weight = torch.nn.Parameter(embedding.weight.detach().clone())  # "
                              "untied: own storage, same values");
    return QStringLiteral("lm_head.weight = torch.nn.Parameter(torch.empty(%1, %2))  # untied: own storage\n"
                          "lm_head.reset_parameters()")
        .arg(rows)
        .arg(columns);
}

QString PythonCode::initCall(const QString &target, const core::InitSpec &spec,
                             std::optional<std::uint64_t> seed)
{
    QString code;
    if (seed)
        code += QStringLiteral("torch.manual_seed(%1)\n").arg(*seed);
    return code + QString::fromStdString(spec.pythonCall(target.toStdString()));
}

QString PythonCode::init(const QString &target, const core::InitSpec &spec, std::optional<std::uint64_t> seed)
{
    QStringList lines;
    if (seed)
        lines << QStringLiteral("torch.manual_seed(%1)").arg(*seed);
    lines << QStringLiteral("with torch.no_grad():")
          << QStringLiteral("    ") + initCall(target, spec, std::nullopt);
    return lines.join(QLatin1Char('\n'));
}

QString PythonCode::list(const core::LongTensor &ids)
{
    if (ids.shape.empty())
        return ids.data.empty() ? QStringLiteral("[]") : QString::number(ids.data.front());
    QString out;
    std::size_t offset = 0;
    appendList(out, ids, 0, offset);
    return out;
}

QString PythonCode::idsField(const core::LongTensor &ids)
{
    const QString text = list(ids);
    return ids.shape.size() == 1 ? text.mid(1, text.size() - 2) : text;
}

QString PythonCode::optimizer(const core::OptimizerConfig &config, int width)
{
    const QString name =
        config.kind == core::OptimizerConfig::Kind::Sgd ? QStringLiteral("SGD") : QStringLiteral("Adam");
    const QStringList args = optimizerArguments(config);
    if (width <= 0)
        return QStringLiteral("torch.optim.%1(%2)").arg(name, args.join(QStringLiteral(", ")));
    QString code = QStringLiteral("torch.optim.%1(\n    ").arg(name);
    int column = 4;
    for (qsizetype k = 0; k < args.size(); ++k) {
        const QString piece = args[k] + (k + 1 < args.size() ? QStringLiteral(",") : QStringLiteral(")"));
        if (column > 4 && column + 1 + piece.size() > width) {
            code += QStringLiteral("\n    ");
            column = 4;
        } else if (column > 4) {
            code += QLatin1Char(' ');
            ++column;
        }
        code += piece;
        column += int(piece.size());
    }
    return code;
}

QString PythonCode::printedLoss(float loss)
{
    core::TensorDecoration decoration;
    decoration.gradFn = "NllLossBackward0";
    return QString::fromStdString(core::formatTensor(core::Tensor({}, loss), decoration));
}

QString PythonCode::stepBody(const QString &numEmbeddings, bool wrap)
{
    return QStringLiteral("optimizer.zero_grad()\n"
                          "logits = lm_head(embedding(ids))\n"
                          "loss = F.cross_entropy(logits.view(-1, %1),%2targets.view(-1))\n"
                          "loss.backward()\n"
                          "optimizer.step()")
        .arg(numEmbeddings, wrap ? QStringLiteral("\n                       ") : QStringLiteral(" "));
}

QString PythonCode::step(const Step &step)
{
    QStringList lines;
    if (step.defineModel)
        lines << QStringLiteral(
            "model = torch.nn.Sequential(embedding, lm_head)  # what the optimizer updates");
    if (step.newOptimizer)
        lines << QStringLiteral("optimizer = %1  # a new optimizer: fresh state")
                     .arg(optimizer(step.optimizer));
    lines << QStringLiteral("# training step %1").arg(step.number)
          << QStringLiteral("ids = torch.tensor(%1)").arg(list(step.ids))
          << QStringLiteral("targets = torch.tensor(%1)").arg(list(step.targets))
          << stepBody(QString::number(step.numEmbeddings)) << QStringLiteral("print(loss)");
    return lines.join(QLatin1Char('\n'));
}

QString PythonCode::trainingSnippet(const Snippet &snippet)
{
    constexpr int kWidth = 44; // wrapped the way black would, so the panel stays narrow
    QStringList lines{QStringLiteral("# continues the code in the Python panel")};
    if (snippet.continuesOptimizer) {
        lines << QStringLiteral("# model, optimizer and its state: from there");
    } else {
        lines << QStringLiteral("model = torch.nn.Sequential(embedding, lm_head)")
              << QStringLiteral("optimizer = ") + optimizer(snippet.optimizer, kWidth);
    }
    if (snippet.tied)
        lines << QStringLiteral("# lm_head.weight = embedding.weight (tied)");
    if (snippet.nextToken)
        lines << QStringLiteral("# next-token task: targets[k] follows ids[k]");
    lines << tensorLine(QStringLiteral("ids"), snippet.ids, kWidth)
          << tensorLine(QStringLiteral("targets"), snippet.targets, kWidth)
          << stepBody(snippet.numEmbeddings, true) << QStringLiteral("print(loss)");
    return lines.join(QLatin1Char('\n'));
}

QList<PythonCode::Statement> PythonCode::unembedding(const QString &hidden, double temperature)
{
    const QString softmaxArg = temperature == 1.0 ? QStringLiteral("logits")
                                                  : QStringLiteral("logits / %1").arg(number(temperature));
    return {{hidden, false},
            {QStringLiteral("h"), true},
            {QStringLiteral("logits = lm_head(h)"), false},
            {QStringLiteral("logits"), true},
            {QStringLiteral("probs = torch.softmax(%1, dim=-1)").arg(softmaxArg), false},
            {QStringLiteral("probs"), true},
            {QStringLiteral("logits.argmax().item()"), true}};
}

QString PythonCode::hiddenFromToken(int token)
{
    return QStringLiteral("h = embedding.weight[%1].detach()").arg(token);
}

QString PythonCode::hiddenRandom(std::uint64_t seed, std::size_t size)
{
    return QStringLiteral("_ = torch.manual_seed(%1); h = torch.randn(%2)").arg(seed).arg(size);
}

QString PythonCode::hiddenTyped(const std::vector<float> &values)
{
    QStringList numbers;
    numbers.reserve(qsizetype(values.size()));
    // A float32 widened to double prints (as Python's repr) the exact value torch.tensor() rounds back.
    for (float v : values)
        numbers << number(double(v));
    return QStringLiteral("h = torch.tensor([%1])").arg(numbers.join(QStringLiteral(", ")));
}

QString PythonCode::transcript(const QList<Statement> &statements, const QStringList &echoes)
{
    QStringList lines;
    qsizetype echo = 0;
    for (const Statement &s : statements) {
        lines << QStringLiteral(">>> ") + s.code;
        if (s.echoes && echo < echoes.size())
            lines << echoes[echo++];
    }
    return lines.join(QLatin1Char('\n'));
}

QString PythonCode::statementsScript(const QList<Statement> &statements)
{
    QStringList lines;
    for (const Statement &s : statements)
        lines << (s.echoes ? QStringLiteral("print(%1)").arg(s.code) : s.code);
    return lines.join(QLatin1Char('\n'));
}

QString PythonCode::unembeddingScript(const QString &script, const QString &statements)
{
    if (statements.isEmpty())
        return script;
    return script + QStringLiteral("# the Unembedding panel: h, its logits and probabilities\n") +
           statements + QLatin1Char('\n');
}

QString PythonCode::trainingScript(const QString &script, const QString &snippet)
{
    return script + snippet + QLatin1Char('\n');
}

} // namespace embedlab::ui
