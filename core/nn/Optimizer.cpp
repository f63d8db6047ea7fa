// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/nn/Optimizer.h"

#include "core/format/PythonNumber.h"
#include "core/nn/OptimizerKernels.h"
#include "core/tensor/Error.h"

#include <cassert>
#include <cmath>

namespace embedlab::core {

namespace {

// The state kept for from[k] becomes the state of to[k]; the buffers move, nothing is copied.
template <typename State>
void rebindState(std::map<const Parameter *, State> &state, const std::vector<ParameterPtr> &from,
                 const std::vector<ParameterPtr> &to)
{
    assert(from.size() == to.size() && "rebind() takes one parameter for each of params()");
    std::map<const Parameter *, State> moved;
    for (std::size_t k = 0; k < from.size(); ++k) {
        auto node = state.extract(from[k].get());
        if (node.empty())
            continue;
        node.key() = to[k].get();
        moved.insert(std::move(node));
    }
    state = std::move(moved);
}

} // namespace

Optimizer::Optimizer(std::vector<ParameterPtr> params)
    : m_params(std::move(params))
{}

void Optimizer::zeroGrad()
{
    for (const ParameterPtr &p : m_params)
        p->zeroGrad();
}

SGD::SGD(std::vector<ParameterPtr> params, SGDOptions options)
    : Optimizer(std::move(params))
    , m_options(options)
{
    if (m_options.lr < 0.0)
        throw Error(Error::Kind::ValueError, "Invalid learning rate: " + pythonFloat(m_options.lr));
    if (m_options.momentum < 0.0)
        throw Error(Error::Kind::ValueError, "Invalid momentum value: " + pythonFloat(m_options.momentum));
    if (m_options.weightDecay < 0.0)
        throw Error(Error::Kind::ValueError,
                    "Invalid weight_decay value: " + pythonFloat(m_options.weightDecay));
    if (m_options.nesterov && (m_options.momentum <= 0.0 || m_options.dampening != 0.0))
        throw Error(Error::Kind::ValueError, "Nesterov momentum requires a momentum and zero dampening");
}

void SGD::step()
{
    optim::SgdStep step;
    step.lr = static_cast<float>(m_options.lr);
    step.momentum = static_cast<float>(m_options.momentum);
    step.oneMinusDampening = static_cast<float>(1.0 - m_options.dampening);
    step.weightDecay = static_cast<float>(m_options.weightDecay);
    step.nesterov = m_options.nesterov;
    for (const ParameterPtr &p : m_params) {
        if (!p->hasGrad())
            continue;
        // d_p is .grad itself until an operation makes a new tensor of it: the fused update reads the
        // gradient in place and writes only the parameter (and the momentum buffer).
        float *buffer = nullptr;
        step.firstStep = false;
        if (m_options.momentum != 0.0) {
            auto it = m_momentumBuffer.find(p.get());
            if (it == m_momentumBuffer.end()) {
                it = m_momentumBuffer.emplace(p.get(), Matrix(p->rows(), p->cols())).first;
                step.firstStep = true; // torch.clone(d_p).detach()
            }
            buffer = it->second.data();
        }
        optim::sgd(p->value().data(), p->grad().data(), buffer, p->value().size(), step);
        p->bumpVersion();
    }
}

std::unique_ptr<Optimizer> SGD::cloneFor(std::vector<ParameterPtr> params) const
{
    auto copy = std::make_unique<SGD>(*this);
    copy->rebind(std::move(params));
    return copy;
}

std::uint64_t SGD::stateBytes() const
{
    std::uint64_t bytes = 0;
    for (const auto &[parameter, buffer] : m_momentumBuffer)
        bytes += std::uint64_t(buffer.size()) * sizeof(float);
    return bytes;
}

void SGD::rebind(std::vector<ParameterPtr> params)
{
    rebindState(m_momentumBuffer, m_params, params);
    m_params = std::move(params);
}

Adam::Adam(std::vector<ParameterPtr> params, AdamOptions options)
    : Optimizer(std::move(params))
    , m_options(options)
{
    if (m_options.lr < 0.0)
        throw Error(Error::Kind::ValueError, "Invalid learning rate: " + pythonFloat(m_options.lr));
    if (m_options.eps < 0.0)
        throw Error(Error::Kind::ValueError, "Invalid epsilon value: " + pythonFloat(m_options.eps));
    if (m_options.beta1 < 0.0 || m_options.beta1 >= 1.0)
        throw Error(Error::Kind::ValueError,
                    "Invalid beta parameter at index 0: " + pythonFloat(m_options.beta1));
    if (m_options.beta2 < 0.0 || m_options.beta2 >= 1.0)
        throw Error(Error::Kind::ValueError,
                    "Invalid beta parameter at index 1: " + pythonFloat(m_options.beta2));
    if (m_options.weightDecay < 0.0)
        throw Error(Error::Kind::ValueError,
                    "Invalid weight_decay value: " + pythonFloat(m_options.weightDecay));
}

void Adam::step()
{
    for (const ParameterPtr &p : m_params) {
        if (!p->hasGrad())
            continue;
        MatrixMap param = p->value();
        State &s = m_state[p.get()];
        if (s.step == 0) {
            s.expAvg = Matrix::Zero(param.rows(), param.cols());
            s.expAvgSq = Matrix::Zero(param.rows(), param.cols());
            if (m_options.amsgrad)
                s.maxExpAvgSq = Matrix::Zero(param.rows(), param.cols());
        }
        ++s.step;
        // The step count lives in a float tensor and comes back through .item() as a Python float.
        const auto step = static_cast<double>(static_cast<float>(s.step));
        const double biasCorrection1 = 1.0 - std::pow(m_options.beta1, step);
        const double biasCorrection2 = 1.0 - std::pow(m_options.beta2, step);
        optim::AdamStep k;
        k.beta1 = static_cast<float>(m_options.beta1);
        k.oneMinusBeta1 = static_cast<float>(1.0 - m_options.beta1);
        k.beta2 = static_cast<float>(m_options.beta2);
        k.oneMinusBeta2 = static_cast<float>(1.0 - m_options.beta2);
        k.weightDecay = static_cast<float>(m_options.weightDecay);
        k.negStepSize = static_cast<float>(-(m_options.lr / biasCorrection1));
        k.biasCorrection2Sqrt = static_cast<float>(std::sqrt(biasCorrection2));
        k.eps = static_cast<float>(m_options.eps);
        k.amsgrad = m_options.amsgrad;
        optim::adam(param.data(), p->grad().data(), s.expAvg.data(), s.expAvgSq.data(),
                    m_options.amsgrad ? s.maxExpAvgSq.data() : nullptr, param.size(), k);
        p->bumpVersion();
    }
}

std::unique_ptr<Optimizer> Adam::cloneFor(std::vector<ParameterPtr> params) const
{
    auto copy = std::make_unique<Adam>(*this);
    copy->rebind(std::move(params));
    return copy;
}

std::uint64_t Adam::stateBytes() const
{
    std::uint64_t bytes = 0;
    for (const auto &[parameter, state] : m_state)
        bytes += std::uint64_t(state.expAvg.size() + state.expAvgSq.size() + state.maxExpAvgSq.size()) *
                 sizeof(float);
    return bytes;
}

void Adam::rebind(std::vector<ParameterPtr> params)
{
    rebindState(m_state, m_params, params);
    m_params = std::move(params);
}

} // namespace embedlab::core
