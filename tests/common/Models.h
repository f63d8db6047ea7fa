// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/nn/TiedModel.h"

#include <cstdint>
#include <memory>

namespace embedlab::testing {

/// What makeModel() builds: Embedding(numEmbeddings, embeddingDim, options) and
/// Linear(embeddingDim, numEmbeddings, bias) after torch.manual_seed(seed), tied when asked.
struct ModelSpec {
    core::Index numEmbeddings = 4;
    core::Index embeddingDim = 5;
    bool tied = false;
    bool bias = false;
    core::EmbeddingOptions options = {};
    std::uint64_t seed = 123;
};

/// The model of the reference documents by default: seed 123, Embedding(4, 5), Linear(5, 4, bias=False).
std::shared_ptr<core::TiedModel> makeModel(const ModelSpec &spec = {});

} // namespace embedlab::testing
