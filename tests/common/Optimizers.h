// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/nn/Trainer.h"

/// The optimiser settings the training tests step with.
namespace embedlab::testing {

/// torch.optim.SGD(params, lr=lr, momentum=momentum, weight_decay=weightDecay).
inline core::OptimizerConfig sgd(double lr, double momentum = 0.0, double weightDecay = 0.0)
{
    core::OptimizerConfig c;
    c.sgd.lr = lr;
    c.sgd.momentum = momentum;
    c.sgd.weightDecay = weightDecay;
    return c;
}

/// torch.optim.Adam(params, lr=lr, weight_decay=weightDecay).
inline core::OptimizerConfig adam(double lr, double weightDecay = 0.0)
{
    core::OptimizerConfig c;
    c.kind = core::OptimizerConfig::Kind::Adam;
    c.adam.lr = lr;
    c.adam.weightDecay = weightDecay;
    return c;
}

} // namespace embedlab::testing
