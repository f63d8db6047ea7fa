// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/model/PythonCode.h"

#include "core/format/PythonNumber.h"
#include "core/format/TensorFormat.h"
#include "core/nn/OneHot.h"
#include "core/tensor/Error.h"
#include "ui/model/Lab.h"

#include <QFileInfo>
#include <QStringList>

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

/// `torch.nn.Embedding(...)`'s arguments: the sizes, then the options that differ from the defaults.
QString embeddingArguments(const Lab::Config &c)
{
    QString args = QStringLiteral("%1, %2").arg(c.numEmbeddings).arg(c.embeddingDim);
    if (c.paddingIdx)
        args += QStringLiteral(", padding_idx=%1").arg(*c.paddingIdx);
    if (c.maxNorm)
        args += QStringLiteral(", max_norm=%1").arg(number(*c.maxNorm));
    return args;
}

} // namespace

QString PythonCode::list(const core::LongTensor &ids)
{
    if (ids.shape.empty())
        return ids.data.empty() ? QStringLiteral("[]") : QString::number(ids.data.front());
    QString out;
    std::size_t offset = 0;
    appendList(out, ids, 0, offset);
    return out;
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

QString PythonCode::listOrText(const QString &text)
{
    try {
        return list(core::parseIds(text.toStdString()));
    } catch (const core::Error &) {
        return text; // shown as typed; the step says what is wrong with it
    }
}

QString PythonCode::trainingSnippet(const TrainingSnippet &snippet)
{
    QStringList lines{QStringLiteral("# continues the code in the Python panel")};
    if (snippet.optimizerDefined) {
        lines << QStringLiteral("# model, optimizer: as defined there, with the optimizer's state");
    } else {
        lines << QStringLiteral("model = torch.nn.Sequential(embedding, lm_head)")
              << QStringLiteral("optimizer = ") + optimizer(snippet.optimizer, snippet.width);
    }
    if (snippet.tied)
        lines << QStringLiteral("# lm_head.weight = embedding.weight (tied)");
    lines << QStringLiteral("ids = torch.tensor(%1)").arg(listOrText(snippet.ids))
          << QStringLiteral("targets = torch.tensor(%1)").arg(listOrText(snippet.targets))
          << stepBody(snippet.numEmbeddings, true) << QStringLiteral("print(loss)");
    return lines.join(QLatin1Char('\n'));
}

QString PythonCode::program(const Lab &lab)
{
    const Lab::Config &c = lab.modelConfig();
    QStringList lines;
    lines << QStringLiteral("import torch") << QStringLiteral("import torch.nn.functional as F")
          << QStringLiteral("torch.manual_seed(%1)").arg(c.seed)
          << QStringLiteral("embedding = torch.nn.Embedding(%1)").arg(embeddingArguments(c))
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

QString PythonCode::string(const QString &text)
{
    QString escaped = text;
    escaped.replace(QLatin1Char('\\'), QStringLiteral("\\\\"))
        .replace(QLatin1Char('"'), QStringLiteral("\\\""));
    return QLatin1Char('"') + escaped + QLatin1Char('"');
}

QString PythonCode::tie(const QString &why)
{
    return QStringLiteral("lm_head.weight = embedding.weight  # %1").arg(why);
}

QString PythonCode::untie(bool reinitialize, core::Index rows, core::Index cols)
{
    if (!reinitialize)
        return QStringLiteral(
            "lm_head.weight = torch.nn.Parameter(embedding.weight.detach().clone())  # untied: "
            "own storage, same values");
    return QStringLiteral("lm_head.weight = torch.nn.Parameter(torch.empty(%1, %2))  # untied: own storage\n"
                          "lm_head.reset_parameters()")
        .arg(rows)
        .arg(cols);
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

namespace {

/// `w = ...` read from a .npy: the lines every .npy source shares.
QStringList readNpy(const QString &file)
{
    return {QStringLiteral("import numpy"),
            QStringLiteral("w = torch.from_numpy(numpy.load(%1)).float()").arg(PythonCode::string(file))};
}

QString copyInto(QStringList lines, const QString &target)
{
    lines << QStringLiteral("with torch.no_grad():") << QStringLiteral("    %1.copy_(w)").arg(target);
    return lines.join(QLatin1Char('\n'));
}

} // namespace

QString PythonCode::load(const QString &target, const QString &file, const QString &tensor)
{
    const QString suffix = QFileInfo(file).suffix().toLower();
    QStringList lines;
    lines << QStringLiteral("# %1 from %2:%3").arg(target, QFileInfo(file).fileName(), tensor);
    if (suffix == QStringLiteral("npy")) {
        lines << readNpy(file);
    } else if (suffix == QStringLiteral("gguf")) {
        lines
            << QStringLiteral("import gguf, numpy  # pip install gguf")
            << QStringLiteral("t = next(t for t in gguf.GGUFReader(%1).tensors if t.name == %2)")
                   .arg(string(file), string(tensor))
            << QStringLiteral(
                   "w = torch.from_numpy(gguf.quants.dequantize(t.data, t.tensor_type).astype(numpy.float32)"
                   ".reshape(%1.weight.shape))")
                   .arg(target.section(QLatin1Char('.'), 0, 0));
    } else {
        // framework="pt": NumPy has no bfloat16, so safetensors.numpy refuses BF16 tensors (most of
        // today's checkpoints); get_tensor() reads this tensor alone, not every tensor of the file.
        lines << QStringLiteral("from safetensors import safe_open")
              << QStringLiteral("with safe_open(%1, framework=\"pt\") as f:").arg(string(file))
              << QStringLiteral("    w = f.get_tensor(%1).float()").arg(string(tensor));
    }
    return copyInto(lines, target);
}

QString PythonCode::restoreStored(const QString &target, const QString &path)
{
    QStringList lines{
        QStringLiteral("# %1 from %2, stored by the session").arg(target, QFileInfo(path).fileName())};
    lines << readNpy(path);
    return copyInto(lines, target);
}

QString PythonCode::hiddenRow(qint64 row)
{
    return QStringLiteral("h = embedding.weight[%1].detach()").arg(row);
}

QString PythonCode::hiddenRandom(std::uint64_t seed, qint64 dim)
{
    // "_ =": at Python's prompt manual_seed() would echo <torch._C.Generator object at 0x...>.
    return QStringLiteral("_ = torch.manual_seed(%1); h = torch.randn(%2)").arg(seed).arg(dim);
}

QString PythonCode::hiddenTyped(const QString &note)
{
    return QStringLiteral("h = torch.tensor([...])  # %1").arg(note);
}

QString PythonCode::unembedding(const Unembedding &session)
{
    const QString softmaxArg = session.temperature == 1.0
                                   ? QStringLiteral("logits")
                                   : QStringLiteral("logits / %1").arg(number(session.temperature));
    return QStringLiteral(">>> %1\n>>> h\n%2\n>>> logits = lm_head(h)\n>>> logits\n%3\n"
                          ">>> probs = torch.softmax(%4, dim=-1)\n>>> probs\n%5\n"
                          ">>> logits.argmax().item()\n%6")
        .arg(session.hidden, session.printedHidden, session.printedLogits, softmaxArg,
             session.printedProbabilities, session.printedArgmax);
}

} // namespace embedlab::ui
