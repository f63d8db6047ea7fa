// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/nn/Optimizer.h"

#include "core/format/PythonNumber.h"
#include "core/nn/OptimizerKernels.h"
#include "core/tensor/Error.h"

#include <algorithm>
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

void Optimizer::checkStateTensor(const OptimizerStateTensor &tensor, bool scalar) const
{
    const std::string where = "state " + std::to_string(tensor.param) + " '" + tensor.name + "'";
    if (tensor.param >= m_params.size())
        throw Error(Error::Kind::ValueError,
                    where + ": the optimizer has " + std::to_string(m_params.size()) + " parameters");
    const Parameter &p = *m_params[tensor.param];
    const Index rows = scalar ? 1 : p.rows();
    const Index cols = scalar ? 1 : p.cols();
    if (tensor.values.rows() != rows || tensor.values.cols() != cols)
        throw Error(Error::Kind::ValueError, where + " has " + std::to_string(tensor.values.size()) +
                                                 " values where " + std::to_string(rows * cols) +
                                                 " were expected");
}

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

std::vector<OptimizerStateTensor> SGD::state() const
{
    std::vector<OptimizerStateTensor> out;
    for (std::size_t k = 0; k < m_params.size(); ++k)
        if (const auto it = m_momentumBuffer.find(m_params[k].get()); it != m_momentumBuffer.end())
            out.push_back({k, "momentum_buffer", it->second});
    return out;
}

void SGD::loadState(const std::vector<OptimizerStateTensor> &tensors)
{
    std::map<const Parameter *, Matrix> loaded;
    for (const OptimizerStateTensor &t : tensors) {
        if (t.name != "momentum_buffer" || m_options.momentum == 0.0)
            throw Error(Error::Kind::ValueError,
                        "state " + std::to_string(t.param) + " '" + t.name + "' is not kept by " +
                            (m_options.momentum == 0.0 ? "SGD without momentum" : "SGD"));
        checkStateTensor(t);
        if (!loaded.emplace(m_params[t.param].get(), t.values).second)
            throw Error(Error::Kind::ValueError,
                        "state " + std::to_string(t.param) + " 'momentum_buffer' is given twice");
    }
    m_momentumBuffer = std::move(loaded);
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

std::vector<OptimizerStateTensor> Adam::state() const
{
    std::vector<OptimizerStateTensor> out;
    for (std::size_t k = 0; k < m_params.size(); ++k) {
        const auto it = m_state.find(m_params[k].get());
        if (it == m_state.end() || it->second.step == 0)
            continue;
        const State &s = it->second;
        out.push_back({k, "step", Matrix::Constant(1, 1, static_cast<float>(s.step))});
        out.push_back({k, "exp_avg", s.expAvg});
        out.push_back({k, "exp_avg_sq", s.expAvgSq});
        if (m_options.amsgrad)
            out.push_back({k, "max_exp_avg_sq", s.maxExpAvgSq});
    }
    return out;
}

void Adam::loadState(const std::vector<OptimizerStateTensor> &tensors)
{
    std::map<const Parameter *, State> loaded;
    std::map<std::size_t, std::vector<std::string>> names;
    for (const OptimizerStateTensor &t : tensors) {
        const bool isStep = t.name == "step";
        checkStateTensor(t, isStep);
        const std::string where = "state " + std::to_string(t.param) + " '" + t.name + "'";
        auto &seen = names[t.param];
        if (std::find(seen.begin(), seen.end(), t.name) != seen.end())
            throw Error(Error::Kind::ValueError, where + " is given twice");
        seen.push_back(t.name);
        State &s = loaded[m_params[t.param].get()];
        if (isStep) {
            const float step = t.values(0, 0);
            if (!(step >= 1.0f && step <= 16777216.0f) || step != std::floor(step))
                throw Error(Error::Kind::ValueError, where + " is not a whole number of steps from 1");
            s.step = static_cast<long>(step);
        } else if (t.name == "exp_avg") {
            s.expAvg = t.values;
        } else if (t.name == "exp_avg_sq") {
            s.expAvgSq = t.values;
        } else if (t.name == "max_exp_avg_sq" && m_options.amsgrad) {
            s.maxExpAvgSq = t.values;
        } else {
            throw Error(Error::Kind::ValueError,
                        where + " is not kept by Adam" + (m_options.amsgrad ? "" : " without amsgrad"));
        }
    }
    const std::size_t each = m_options.amsgrad ? 4 : 3;
    for (const auto &[param, seen] : names)
        if (seen.size() != each)
            throw Error(Error::Kind::ValueError, "state " + std::to_string(param) +
                                                     " needs step, exp_avg, exp_avg_sq" +
                                                     (m_options.amsgrad ? ", max_exp_avg_sq" : ""));
    m_state = std::move(loaded);
}

void Adam::rebind(std::vector<ParameterPtr> params)
{
    rebindState(m_state, m_params, params);
    m_params = std::move(params);
}

} // namespace embedlab::core
