// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/init/InitSpec.h"
#include "core/nn/Trainer.h"
#include "core/tensor/Tensor.h"

#include <QString>

#include <cstdint>
#include <optional>

namespace embedlab::ui {

class Lab;

/// The Python the app writes for what it does, in one place: the code panel's program and the
/// history it records (Lab), the initialiser's preview, the Training panel's snippet and the
/// unembedding's transcript print the same lines, so what is pasted is what was computed. Views
/// and the Lab only call these; none of them writes Python text of its own (issue #24 item 8).
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

    /// `[2, 3, 1]`, `[[2, 3], [1, 0]]`: the Python list torch.tensor() is given.
    static QString list(const core::LongTensor &ids);
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

    /// What the Training panel shows: the next step, to run after the code panel's code.
    struct TrainingSnippet {
        core::OptimizerConfig optimizer;
        /// The code panel's code already constructs this optimiser (with its state).
        bool optimizerDefined = false;
        bool tied = false;
        /// The ids and targets as typed: a Python list when they parse, else the text itself.
        QString ids;
        QString targets;
        /// num_embeddings, or "V" when there is no model.
        QString numEmbeddings;
        /// The optimiser's arguments are wrapped at this many columns (0: one line).
        int width = 0;
    };
    static QString trainingSnippet(const TrainingSnippet &snippet);
    /// PythonCode::list() of the ids `text` holds, or `text` itself when it does not parse.
    static QString listOrText(const QString &text);

    /// The whole program of the code panel: imports, torch.manual_seed, the constructors of the
    /// model `lab` holds, its history() in order, then the prints whose output the Output pane shows.
    static QString program(const Lab &lab);

    /// A Python string literal: `"text"` with backslashes and double quotes escaped.
    static QString string(const QString &text);
    /// `lm_head.weight = embedding.weight  # WHY`.
    static QString tie(const QString &why);
    /// lm_head.weight given its own storage: a clone of the embedding's values, or (`reinitialize`)
    /// an empty [rows, cols] weight that lm_head.reset_parameters() draws.
    static QString untie(bool reinitialize, core::Index rows, core::Index cols);
    /// `torch.nn.init.NAME_(target, ...)`, after `torch.manual_seed(seed)` when there is one: the
    /// call the initialiser panel previews.
    static QString initCall(const QString &target, const core::InitSpec &spec,
                            std::optional<std::uint64_t> seed);
    /// initCall() as the history records it: the call runs under `with torch.no_grad():`.
    static QString init(const QString &target, const core::InitSpec &spec, std::optional<std::uint64_t> seed);
    /// Copies `tensor` of `file` into `target` ("embedding.weight", "lm_head.weight") with code
    /// that reads the same bytes without torch.load (which would run a pickle): numpy for .npy,
    /// gguf-py for .gguf, safetensors' safe_open otherwise.
    static QString load(const QString &target, const QString &file, const QString &tensor);
    /// Copies into `target` the values a session stored beside itself in the .npy at `path`.
    static QString restoreStored(const QString &target, const QString &path);

    /// The unembedding's `h`: a row of the embedding, torch.randn(dim) after a seed, or values typed
    /// by hand (`note` says so, in the user's language).
    static QString hiddenRow(qint64 row);
    static QString hiddenRandom(std::uint64_t seed, qint64 dim);
    static QString hiddenTyped(const QString &note);
    /// The unembedding as a Python prompt session: h, the logits, the softmax and the argmax, each
    /// with what PyTorch prints for it.
    struct Unembedding {
        QString hidden;        // hiddenRow(), hiddenRandom() or hiddenTyped()
        QString printedHidden; // print(h)
        QString printedLogits;
        double temperature = 1.0;
        QString printedProbabilities;
        /// What logits.argmax().item() prints: the index, or Python's traceback.
        QString printedArgmax;
    };
    static QString unembedding(const Unembedding &session);
};

} // namespace embedlab::ui
