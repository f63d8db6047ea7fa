// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/init/InitSpec.h"
#include "core/nn/Trainer.h"
#include "core/tensor/Tensor.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>

namespace embedlab::ui {

class Lab;

/// The Python the app writes for what it does, in one place: the code panel's script and its
/// history (Lab), the Training panel's snippet and the Unembedding panel's transcript print these
/// lines, so what is pasted is what was computed, and every copy runs as pasted (issue #29 item 6).
struct PythonCode {
    /// One training step as the code panel records it (issue #16 item 9).
    struct Step {
        core::OptimizerConfig optimizer;
        core::LongTensor ids;
        core::LongTensor targets;
        core::Index numEmbeddings = 0;
        /// `model = torch.nn.Sequential(embedding, lm_head)` comes first (the first step of a model).
        bool defineModel = false;
        /// `optimizer = torch.optim...` comes first: a fresh optimiser state (its first step).
        bool newOptimizer = false;
        /// The step's number among all steps in the code (1 for the first).
        int number = 1;
    };

    /// The code panel's script for `lab`'s model, history and ids, printing what its Output shows.
    /// Its first line names the packages beyond torch and numpy it needs, with the install command.
    static QString script(const Lab &lab);
    /// The pip packages beyond torch and numpy that code reading `file` needs ("safetensors" for a
    /// .safetensors file, "gguf" for GGUF, none for .npy).
    static QStringList packagesFor(const QString &file);
    /// `# Needs a package beyond torch and numpy: pip install gguf safetensors`; empty for none.
    static QString installComment(const QStringList &packages);

    /// Reads tensor `tensor` of the weight file `file` into `target` ("embedding.weight"), without
    /// torch.load (which would run a pickle). Says where the absolute path comes from (`origin`: the
    /// file opened, or the session's copy) and how to run the code elsewhere.
    enum class Origin { Opened, Session };
    static QString load(const QString &file, const QString &tensor, const QString &target, Origin origin);
    /// `lm_head.weight = embedding.weight  # why`.
    static QString tie(const QString &why);
    /// Gives lm_head its own storage: a copy of the shared values, or a new `rows` x `columns`
    /// weight reinitialised as nn.Linear does.
    static QString untie(bool clone, core::Index rows, core::Index columns);
    /// `torch.nn.init.NAME_(target, ...)`, after `torch.manual_seed(seed)` when there is one: the
    /// call the initialiser panel previews.
    static QString initCall(const QString &target, const core::InitSpec &spec,
                            std::optional<std::uint64_t> seed);
    /// initCall() as the history records it: the call runs under `with torch.no_grad():`.
    static QString init(const QString &target, const core::InitSpec &spec, std::optional<std::uint64_t> seed);

    /// `[2, 3, 1]`, `[[2, 3], [1, 0]]`: the Python list torch.tensor() is given.
    static QString list(const core::LongTensor &ids);
    /// As an ids field shows `ids`: `2, 3, 1` (a 1-D list without its brackets), `[[2, 3], [1, 0]]`.
    static QString idsField(const core::LongTensor &ids);
    /// `torch.optim.SGD(model.parameters(), lr=0.1)` with every non-default argument; with
    /// `width` > 0 the arguments are wrapped as black would at that many columns.
    static QString optimizer(const core::OptimizerConfig &config, int width = 0);
    /// `print(loss)`'s output: `tensor(1.6465, grad_fn=<NllLossBackward0>)`.
    static QString printedLoss(float loss);
    /// zero_grad, forward, cross_entropy, backward and optimizer.step() on `ids` and `targets`
    /// defined before; `wrap` breaks the loss line for a narrow panel.
    static QString stepBody(const QString &numEmbeddings, bool wrap = false);
    /// Everything one step needs after the code panel's constructors, ending with print(loss).
    static QString step(const Step &step);

    /// The Training panel's snippet, which continues the code panel's script: the model and the
    /// optimiser (unless `continuesOptimizer`: the script defined them, with its state), then the
    /// batch as typed (`ids`, `targets`: Python lists, or the fields' text while they do not parse)
    /// and one step. Wrapped for the panel's narrow column.
    struct Snippet {
        core::OptimizerConfig optimizer;
        bool continuesOptimizer = false;
        bool tied = false;
        /// The batch is the next-token task on the ids (a comment says so).
        bool nextToken = false;
        QString ids;
        QString targets;
        QString numEmbeddings = QStringLiteral("V");
    };
    static QString trainingSnippet(const Snippet &snippet);

    /// One statement as typed at Python's `>>>` prompt; `echoes`: an expression whose value the
    /// prompt prints (a script print()s it).
    struct Statement {
        QString code;
        bool echoes = false;
    };
    /// The Unembedding panel's statements after the code panel's script: `hidden` makes h, then
    /// lm_head(h), softmax at `temperature` and the argmax.
    static QList<Statement> unembedding(const QString &hidden, double temperature);
    /// `h = embedding.weight[2].detach()`.
    static QString hiddenFromToken(int token);
    /// `_ = torch.manual_seed(7); h = torch.randn(5)` ("_ =": at the prompt manual_seed() would echo
    /// <torch._C.Generator object at 0x...>).
    static QString hiddenRandom(std::uint64_t seed, std::size_t size);
    /// `h = torch.tensor([0.5, -1.25])`: values typed by hand, each the exact float32 it holds.
    static QString hiddenTyped(const std::vector<float> &values);
    /// The statements as Python's prompt shows them: `>>> code`, then what it echoed (`echoes`, one
    /// per statement that echoes, in order).
    static QString transcript(const QList<Statement> &statements, const QStringList &echoes);
    /// The statements as a script, each echoing expression print()ed: `>>>` prompts do not paste.
    static QString statementsScript(const QList<Statement> &statements);
    /// The code panel's `script` continued by the Unembedding panel's `statements` (a
    /// statementsScript()); the script alone while there are none.
    static QString unembeddingScript(const QString &script, const QString &statements);
    /// The code panel's `script` continued by the Training panel's `snippet`.
    static QString trainingScript(const QString &script, const QString &snippet);
};

} // namespace embedlab::ui
