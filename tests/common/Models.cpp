// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "common/Models.h"

#include "core/init/Generator.h"

namespace embedlab::testing {

std::shared_ptr<core::TiedModel> makeModel(const ModelSpec &spec)
{
    core::Generator gen(spec.seed);
    auto model = std::make_shared<core::TiedModel>(spec.numEmbeddings, spec.embeddingDim, spec.options,
                                                   spec.bias, gen);
    if (spec.tied)
        model->tie();
    return model;
}

} // namespace embedlab::testing
