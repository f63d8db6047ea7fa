// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/tensor/Parameter.h"

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace embedlab::core {

/// One tensor of an optimiser's state, as torch.optim's state_dict()["state"][param][name] holds it:
/// "momentum_buffer" (SGD), "step" (a float scalar, as PyTorch 1.13 keeps it), "exp_avg",
/// "exp_avg_sq" and "max_exp_avg_sq" (Adam). Tensors have their parameter's shape; "step" is 1 x 1.
struct OptimizerStateTensor {
    std::size_t param = 0;
    std::string name;
    Matrix values;
};

/// torch.optim's single-tensor (non-foreach) CPU arithmetic, step by step.
class Optimizer {
public:
    explicit Optimizer(std::vector<ParameterPtr> params);
    virtual ~Optimizer() = default;
    /// optimizer.step(): parameters without a gradient are skipped, as in PyTorch.
    virtual void step() = 0;
    void zeroGrad(); // set_to_none=True (PyTorch 2.x default; 1.13 zeroes, same effect on the step)
    const std::vector<ParameterPtr> &params() const { return m_params; }
    /// A copy of the settings and the state (momentum buffers, Adam's moments) for `params`, which
    /// stand for params() position by position (copies of the same shapes): a step can run on it
    /// without touching this one.
    virtual std::unique_ptr<Optimizer> cloneFor(std::vector<ParameterPtr> params) const = 0;
    /// Moves the state over to `params` (position by position, same shapes) without copying it.
    virtual void rebind(std::vector<ParameterPtr> params) = 0;
    /// Bytes of the state (momentum buffers, Adam's averages): what a copy of it holds.
    virtual std::uint64_t stateBytes() const = 0;
    /// A copy of the state, parameter by parameter (those without state are left out).
    virtual std::vector<OptimizerStateTensor> state() const = 0;
    /// Replaces the state with `tensors`, as state() gives them (optimizer.load_state_dict()).
    /// Throws core::Error (ValueError) saying which tensor is wrong: a parameter or name this
    /// optimiser does not keep, another shape than the parameter's, a step that is not a whole
    /// number from 1, or a parameter whose state is incomplete. The state is unchanged then.
    virtual void loadState(const std::vector<OptimizerStateTensor> &tensors) = 0;

protected:
    /// Throws core::Error (ValueError) unless `tensor` names one of params() and has its shape
    /// (`scalar`: 1 x 1).
    void checkStateTensor(const OptimizerStateTensor &tensor, bool scalar = false) const;

    Optimizer(const Optimizer &) = default;
    Optimizer &operator=(const Optimizer &) = default;

    std::vector<ParameterPtr> m_params;
};

struct SGDOptions {
    double lr = 1e-3;
    double momentum = 0.0;
    double dampening = 0.0;
    double weightDecay = 0.0;
    bool nesterov = false;
};
class SGD final : public Optimizer {
public:
    SGD(std::vector<ParameterPtr> params, SGDOptions options);
    void step() override;
    std::unique_ptr<Optimizer> cloneFor(std::vector<ParameterPtr> params) const override;
    void rebind(std::vector<ParameterPtr> params) override;
    std::uint64_t stateBytes() const override;
    std::vector<OptimizerStateTensor> state() const override;
    void loadState(const std::vector<OptimizerStateTensor> &tensors) override;

private:
    SGDOptions m_options;
    std::map<const Parameter *, Matrix> m_momentumBuffer;
};

struct AdamOptions {
    double lr = 1e-3;
    double beta1 = 0.9;
    double beta2 = 0.999;
    double eps = 1e-8;
    double weightDecay = 0.0;
    bool amsgrad = false;
};
class Adam final : public Optimizer {
public:
    Adam(std::vector<ParameterPtr> params, AdamOptions options);
    void step() override;
    std::unique_ptr<Optimizer> cloneFor(std::vector<ParameterPtr> params) const override;
    void rebind(std::vector<ParameterPtr> params) override;
    std::uint64_t stateBytes() const override;
    std::vector<OptimizerStateTensor> state() const override;
    void loadState(const std::vector<OptimizerStateTensor> &tensors) override;

private:
    struct State {
        long step = 0;
        Matrix expAvg;
        Matrix expAvgSq;
        Matrix maxExpAvgSq;
    };
    AdamOptions m_options;
    std::map<const Parameter *, State> m_state;
};

} // namespace embedlab::core
