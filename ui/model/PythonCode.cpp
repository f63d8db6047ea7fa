// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/model/PythonCode.h"

#include "core/format/TensorFormat.h"

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

QStringList optimizerArguments(const core::OptimizerConfig &config)
{
    QStringList args{QStringLiteral("model.parameters()")};
    for (const std::string &arg : config.pythonArguments())
        args << QString::fromStdString(arg);
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

} // namespace embedlab::ui
