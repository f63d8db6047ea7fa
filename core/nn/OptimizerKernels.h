// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/tensor/Tensor.h"

/// The per-element arithmetic of torch.optim.SGD and Adam (PyTorch 1.13's single-tensor CPU
/// updates: add_ with alpha is a fused multiply-add, addcmul_ fuses its last multiply, Python floats
/// rounded to float), fused into one pass over the elements. Elements are independent: they are
/// shared by both cores and vectorised (AVX2 when active, else a plain loop with std::fma), and
/// neither changes a bit.
namespace embedlab::core::optim {

/// One SGD step's settings, as the kernel takes them.
struct SgdStep {
    float lr = 0.0f;                ///< float(-lr) is added: param + grad * (-lr)
    float momentum = 0.0f;          ///< 0: no buffer
    float oneMinusDampening = 1.0f; ///< float(1 - dampening)
    float weightDecay = 0.0f;       ///< 0: none
    bool nesterov = false;
    bool firstStep = false; ///< the momentum buffer is created: buf = d_p
};
/// param, grad and (with momentum) buffer of n elements.
void sgd(float *param, const float *grad, float *buffer, Index n, const SgdStep &step);

/// One Adam step's settings: step_size = lr / bias_correction1 and sqrt(bias_correction2) already
/// computed in double as Python does, then rounded to float.
struct AdamStep {
    float beta1 = 0.0f, oneMinusBeta1 = 0.0f;
    float beta2 = 0.0f, oneMinusBeta2 = 0.0f;
    float weightDecay = 0.0f; ///< 0: none
    float negStepSize = 0.0f;
    float biasCorrection2Sqrt = 0.0f;
    float eps = 0.0f;
    bool amsgrad = false;
};
/// param, grad, exp_avg, exp_avg_sq and (amsgrad) max_exp_avg_sq of n elements.
void adam(float *param, const float *grad, float *expAvg, float *expAvgSq, float *maxExpAvgSq, Index n,
          const AdamStep &step);

} // namespace embedlab::core::optim
