// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/golden/CodePanelScenarios.h"

#include "common/Golden.h"
#include "core/io/WeightFile.h"
#include "core/nn/OneHot.h"
#include "ui/model/Document.h"
#include "ui/model/Lab.h"
#include "ui/model/PythonCode.h"
#include "ui/views/CodePanel.h"
#include "ui/views/TrainingPanel.h"
#include "ui/views/UnembeddingView.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QLabel>
#include <QPlainTextEdit>

#include <functional>

namespace embedlab::testing {

namespace {

using ui::Lab;

core::LongTensor ids(const char *text)
{
    return core::parseIds(text);
}

core::OptimizerConfig sgd(double lr, double momentum = 0.0)
{
    core::OptimizerConfig c;
    c.sgd.lr = lr;
    c.sgd.momentum = momentum;
    return c;
}

core::OptimizerConfig adam(double lr)
{
    core::OptimizerConfig c;
    c.kind = core::OptimizerConfig::Kind::Adam;
    c.adam.lr = lr;
    return c;
}

void setPaddingAndMaxNorm(Lab &lab)
{
    Lab::Config c = lab.config();
    c.paddingIdx = 1;
    c.maxNorm = 1.0;
    lab.setConfig(c);
}

struct Sequence {
    const char *name;
    std::function<bool(Lab &)> edits; // false: a step was refused
    bool unembedding = false;
};

QList<Sequence> sequences()
{
    return {
        {"default", [](Lab &) { return true; }},
        {"init_chain",
         [](Lab &lab) {
             lab.applyInit(QStringLiteral("embedding.weight"), QStringLiteral("normal:std=0.02"));
             lab.applyInit(QStringLiteral("embedding.weight"), QStringLiteral("uniform:a=-0.1,b=0.1"));
             lab.applyInit(QStringLiteral("lm_head.weight"), core::InitSpec::parse("xavier_uniform"), 42);
             return true;
         }},
        {"tie_untie",
         [](Lab &lab) {
             const bool tied = lab.tie();
             lab.applyInit(QStringLiteral("lm_head.weight"), QStringLiteral("normal:std=0.5"));
             lab.untie(core::TiedModel::UntieMode::Clone);
             lab.applyInit(QStringLiteral("embedding.weight"), QStringLiteral("ones"));
             const bool tiedAgain = lab.tie();
             lab.untie(core::TiedModel::UntieMode::Reinitialize);
             return tied && tiedAgain;
         }},
        // Issue #16 item 8: earlier lookups must not have renormalised the weight.
        {"maxnorm_ids",
         [](Lab &lab) {
             setPaddingAndMaxNorm(lab);
             return lab.setIdsText(QStringLiteral("2, 3, 1")) && lab.setIdsText(QStringLiteral("0")) &&
                    lab.setIdsText(QStringLiteral("0, 1, 3"));
         }},
        // Issue #16 item 9: SGD, then Adam (a new optimizer in the code), then Adam again (its state).
        {"sgd_then_adam",
         [](Lab &lab) {
             lab.setOptimizer(sgd(0.1));
             bool ok = lab.trainStep(ids("2, 3, 1"), ids("3, 1, 0"));
             lab.setOptimizer(adam(0.01));
             ok = ok && lab.trainStep(ids("2, 3, 1"), ids("3, 1, 0"));
             return ok && lab.trainStep(ids("[[0, 1], [2, 3]]"), ids("[[1, 2], [3, 0]]"));
         }},
        // Training's forward renormalises with max_norm (in the code too); tying makes a new optimizer.
        {"maxnorm_training_tied",
         [](Lab &lab) {
             setPaddingAndMaxNorm(lab);
             lab.setOptimizer(sgd(0.5, 0.9));
             bool ok = lab.trainStep(ids("2, 3"), ids("3, 0"));
             ok = ok && lab.trainStep(ids("2, 3"), ids("3, 0")) && lab.tie();
             ok = ok && lab.trainStep(ids("0, 2"), ids("2, 1"));
             return ok && lab.setIdsText(QStringLiteral("1, 2, 3"));
         }},
        // Undoing a step puts the weights back and drops the optimizer's state (MainWindow's undo
        // does both): the next step constructs a new optimizer in the code, without the momentum.
        {"momentum_step_undone",
         [](Lab &lab) {
             lab.setOptimizer(sgd(0.5, 0.9));
             bool ok = lab.trainStep(ids("2, 3, 1"), ids("3, 1, 0"));
             const Lab::WeightState before = lab.captureWeights(Lab::AllParts);
             ok = ok && lab.trainStep(ids("2, 3, 1"), ids("3, 1, 0")) && lab.restoreWeights(before);
             lab.resetOptimizer();
             return ok && lab.trainStep(ids("0, 1"), ids("1, 2"));
         }},
        // Issue #16 item 10: torch.manual_seed(7); h = torch.randn(5) in the Unembedding transcript.
        {"unembedding_seed7", [](Lab &) { return true; }, true},
    };
}

bool settle(const Lab &lab, const ui::CodePanel &panel)
{
    // Small models are computed synchronously; this only guards against a change of that rule.
    const QDeadlineTimer deadline(10000);
    while ((lab.isBusy() || panel.isFormatting()) && !deadline.hasExpired())
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    return !lab.isBusy() && !panel.isFormatting();
}

// The Training panel's snippet pasted after the code panel's code (issue #16 item 9: it continues
// the main code): PyTorch must print the loss the panel shows after Step. `adam` takes one Adam step
// on the default batch first (the next-token task on the ids), so the snippet continues an
// optimizer with state. `ids` empty: the snippet trains a 2-D batch typed in the panel; else the
// ids entry holds `ids` and the batch is their next-token task (issue #29 item 1), long enough
// for the snippet to wrap its lists.
CodePanelScenario trainingSnippet(const char *name, bool adam, const QString &ids = {})
{
    ui::Document document;
    Lab &lab = *document.lab();
    ui::CodePanel panel;
    panel.setLab(&lab);
    ui::TrainingPanel training;
    training.setDocument(&document);
    CodePanelScenario scenario;
    scenario.name = QString::fromLatin1(name);
    if (adam) {
        training.setOptimizerKind(ui::TrainingPanel::OptimizerKind::Adam);
        if (!training.step())
            return scenario;
    }
    if (ids.isEmpty()) {
        training.setIdsText(QStringLiteral("[[1, 2], [3, 0]]"));
        training.setTargetsText(QStringLiteral("[[2, 3], [0, 1]]"));
    } else if (!lab.setIdsText(ids) || !training.followsIds()) {
        return scenario;
    }
    const auto *snippet = training.findChild<QLabel *>(QStringLiteral("code"));
    if (!snippet || !settle(lab, panel))
        return scenario;
    const QString code = panel.codeText() + snippet->text() + QLatin1Char('\n');
    const QString output = panel.outputText();
    if (!training.step())
        return scenario;
    scenario.code = code;
    scenario.output = output + training.printedLoss() + QLatin1Char('\n');
    return scenario;
}

// Issue #29 item 6: the Unembedding panel's copy, a script that continues the code panel's (no
// `>>>`): run as pasted it prints the code panel's Output, then the values the transcript echoed.
CodePanelScenario unembeddingScript(const char *name,
                                    const std::function<void(ui::UnembeddingView &)> &source)
{
    Lab lab;
    ui::CodePanel panel;
    panel.setLab(&lab);
    CodePanelScenario scenario;
    scenario.name = QString::fromLatin1(name);
    if (!settle(lab, panel))
        return scenario;
    ui::UnembeddingView view;
    view.setModel(&lab.model());
    source(view);
    if (view.scriptText().isEmpty())
        return scenario;
    scenario.code = ui::PythonCode::unembeddingScript(panel.codeText(), view.scriptText());
    scenario.output = panel.outputText() + view.echoedText();
    return scenario;
}

// Issue #29 item 6: a tensor read from a .safetensors file (BF16, as most checkpoints), whose code
// needs the safetensors package (its first line says so) and names the file by its absolute path.
CodePanelScenario safetensorsLoad()
{
    Lab lab;
    ui::CodePanel panel;
    panel.setLab(&lab);
    CodePanelScenario scenario;
    scenario.name = QStringLiteral("safetensors_bf16_load");
    const QString path = testing::formatFile(QStringLiteral("tied_alias.safetensors"));
    try {
        const core::WeightFile file = core::WeightFile::open(path.toStdString());
        lab.loadMatrix(file.toParameter("h.0.attn.weight"), path, QStringLiteral("h.0.attn.weight"),
                       Lab::LoadRole::Embedding, false);
    } catch (const core::Error &) {
        return scenario;
    }
    if (!settle(lab, panel) || lab.modelConfig().numEmbeddings != 4 ||
        !lab.setIdsText(QStringLiteral("3, 0")) || !settle(lab, panel))
        return scenario;
    scenario.code = panel.codeText();
    scenario.output = panel.outputText();
    return scenario;
}

} // namespace

QList<CodePanelScenario> runCodePanelScenarios()
{
    QList<CodePanelScenario> out;
    for (const Sequence &sequence : sequences()) {
        Lab lab;
        ui::CodePanel panel;
        panel.setLab(&lab);
        CodePanelScenario scenario;
        scenario.name = QString::fromLatin1(sequence.name);
        if (sequence.edits(lab) && settle(lab, panel)) {
            scenario.code = panel.codeText();
            scenario.output = panel.outputText();
        }
        if (sequence.unembedding) {
            ui::UnembeddingView view;
            view.setModel(&lab.model());
            view.setHiddenRandom(7);
            if (const auto *printed = view.findChild<QPlainTextEdit *>(QStringLiteral("printed")))
                scenario.transcript = printed->toPlainText();
        }
        out << scenario;
    }
    out << trainingSnippet("training_snippet_sgd", false)
        << trainingSnippet("training_snippet_adam_state", true)
        << trainingSnippet("training_snippet_next_token", false,
                           QStringLiteral("0, 2, 3, 1, 2, 0, 1, 3, 3, 2, 1, 0, 2, 2, 3, 1"))
        << unembeddingScript("unembedding_script_token",
                             [](ui::UnembeddingView &view) { view.setHiddenFromToken(2); })
        << unembeddingScript("unembedding_script_typed_t05",
                             [](ui::UnembeddingView &view) {
                                 view.setHidden({0.5f, -1.25f, 0.1f, 2.0f, -0.3f});
                                 view.setTemperature(0.5);
                             })
        << safetensorsLoad();
    return out;
}

} // namespace embedlab::testing
