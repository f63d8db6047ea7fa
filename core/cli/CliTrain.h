// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/nn/Trainer.h"

#include <ostream>
#include <string>
#include <vector>

namespace embedlab::core {

/// The --optimizer SPEC of `embedlab-cli train`: "sgd:lr=0.1,momentum=0.9,nesterov=1" or
/// "adam:lr=0.001,betas=0.9/0.999,eps=1e-08,weight_decay=0,amsgrad=0". Unset keys keep PyTorch's
/// defaults (SGD's lr, required in PyTorch, defaults to 0.1 here). An unknown key is the TypeError
/// torch.optim raises ("SGD.__init__() got an unexpected keyword argument 'foo'"); an unknown
/// optimiser is a UsageError.
OptimizerConfig parseOptimizerSpec(const std::string &spec);

/// `embedlab-cli train NUM_EMBEDDINGS EMBEDDING_DIM --ids IDS --targets IDS [--seed S] [--tied]
/// [--bias] [--padding-idx P] [--steps N] [--npy FILE] [--lm-head-npy FILE] [--optimizer SPEC]`:
/// torch.manual_seed(S), Embedding(V, D, padding_idx=P), Linear(D, V, bias=BIAS) (constructed even
/// when tied), optionally `lm_head.weight = embedding.weight`, the optimiser over the unique
/// parameters, then N steps of zero_grad, cross_entropy(lm_head(embedding(ids)), targets),
/// backward, step, printing "K LOSS" per step (K from 1, LOSS as Python prints loss.item()).
/// Throws core::Error with PyTorch's message for bad input, UsageError for a bad command line.
int runTrain(const std::vector<std::string> &args, std::ostream &out);

} // namespace embedlab::core
