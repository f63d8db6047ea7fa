// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/init/Generator.h"
#include "core/tensor/Parameter.h"
#include "core/tensor/Tensor.h"

#include <string>

namespace embedlab::core {

/// torch.nn.Linear(in_features, out_features, bias): weight [out, in], bias [out]; forward x W^T + b.
class Linear {
public:
    /// Constructs and runs reset_parameters() with `gen`: kaiming_uniform_(weight, a=sqrt(5)), then
    /// bias uniform_(-1/sqrt(fan_in), 1/sqrt(fan_in)), in that order.
    Linear(Index inFeatures, Index outFeatures, bool bias, Generator &gen);

    Index inFeatures() const { return m_inFeatures; }
    Index outFeatures() const { return m_outFeatures; }
    bool hasBias() const { return m_bias != nullptr; }

    const ParameterPtr &weight() const { return m_weight; }
    const ParameterPtr &bias() const { return m_bias; } // nullptr when bias=False
    /// `linear.weight = p`: shares p's storage; shape must be [out, in].
    void setWeight(ParameterPtr weight);

    void resetParameters(Generator &gen);
    /// Adopts `weight` ([out, in], not copied, not initialised) and draws only the bias, as
    /// reset_parameters() does after the weight's draws (the caller has discarded those).
    Linear(ParameterPtr weight, bool bias, Generator &gen);

    /// x of shape [..., in] (rank 1, 2 or 3) -> [..., out]. RuntimeError
    /// "mat1 and mat2 shapes cannot be multiplied (3x4 and 5x4)" on a mismatch (mat1 flattened to 2-D,
    /// mat2 = W^T as [in, out]).
    Tensor forward(const Tensor &x) const;
    /// Accumulates weight/bias gradients for forward(x) and returns the gradient w.r.t. x.
    Tensor backward(const Tensor &x, const Tensor &gradOutput);

    /// "Linear(in_features=4, out_features=5, bias=False)".
    std::string repr() const;
    /// grad_fn of forward's output as PyTorch 1.13 names it (verified with torch): without bias
    /// 1-D "SqueezeBackward3", 2-D "MmBackward0", 3-D and more "UnsafeViewBackward0"; with bias 1-D
    /// "AddBackward0", 2-D "AddmmBackward0", 3-D "ViewBackward0", 4-D and more "AddBackward0".
    std::string gradFnName(Index inputRank) const;

private:
    void resetBias(Generator &gen);

    Index m_inFeatures = 0;
    Index m_outFeatures = 0;
    ParameterPtr m_weight;
    ParameterPtr m_bias;
};

} // namespace embedlab::core
