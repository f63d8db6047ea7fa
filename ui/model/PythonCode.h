// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/nn/Trainer.h"
#include "core/tensor/Tensor.h"

#include <QString>

namespace embedlab::ui {

/// The Python the app writes for what it does, in one place: the code panel's history (Lab) and the
/// Training panel's snippet print the same lines, so what is pasted is what was computed.
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
};

} // namespace embedlab::ui
