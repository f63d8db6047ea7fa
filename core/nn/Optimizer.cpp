// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/nn/Optimizer.h"

#include "core/format/PythonNumber.h"
#include "core/tensor/Error.h"
#include "core/tensor/Parallel.h"

#include <cassert>
#include <cmath>

namespace embedlab::core {

namespace {

// Tensor.add_(other, alpha=a) on CPU float tensors: ATen's add kernel is fmadd(other, alpha, self),
// with the Python float alpha rounded to float first.
void addScaled(Matrix &self, const Matrix &other, double alpha)
{
    const auto a = static_cast<float>(alpha);
    float *s = self.data();
    const float *o = other.data();
    // Element by element, so splitting over two cores cannot change a bit; the kernels fuse with
    // the CPU's FMA instruction, where the baseline build calls the C library's fmaf per element.
    const embedlab_add_scaled_fn kernel = simd::kernels().addScaled;
    parallel::forTwo(self.size(), self.size(), parallel::kMinElements,
                     [&](Index begin, Index end) { kernel(s + begin, o + begin, a, end - begin); });
}

Matrix addedScaled(const Matrix &self, const Matrix &other, double alpha)
{
    Matrix out = self;
    addScaled(out, other, alpha);
    return out;
}

void mulScalar(Matrix &self, double factor)
{
    const auto f = static_cast<float>(factor);
    float *s = self.data();
    for (Index i = 0; i < self.size(); ++i)
        s[i] = s[i] * f;
}

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
    for (const ParameterPtr &p : m_params) {
        if (!p->hasGrad())
            continue;
        // d_p is .grad itself until an operation makes a new tensor of it (d_p.add(...)): plain
        // SGD reads the gradient in place instead of copying a [V, D] matrix every step.
        const Matrix *dP = &p->grad();
        Matrix owned;
        if (m_options.weightDecay != 0.0) {
            owned = addedScaled(*dP, p->value(), m_options.weightDecay);
            dP = &owned;
        }
        if (m_options.momentum != 0.0) {
            auto it = m_momentumBuffer.find(p.get());
            if (it == m_momentumBuffer.end()) {
                it = m_momentumBuffer.emplace(p.get(), *dP).first; // torch.clone(d_p).detach()
            } else {
                mulScalar(it->second, m_options.momentum);
                addScaled(it->second, *dP, 1.0 - m_options.dampening);
            }
            if (m_options.nesterov) {
                if (dP != &owned) {
                    owned = *dP;
                    dP = &owned;
                }
                addScaled(owned, it->second, m_options.momentum);
            } else {
                dP = &it->second;
            }
        }
        addScaled(p->value(), *dP, -m_options.lr);
        p->bumpVersion();
    }
}

std::unique_ptr<Optimizer> SGD::cloneFor(std::vector<ParameterPtr> params) const
{
    auto copy = std::make_unique<SGD>(*this);
    copy->rebind(std::move(params));
    return copy;
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
        Matrix &param = p->value();
        State &s = m_state[p.get()];
        if (s.step == 0) {
            s.expAvg = Matrix::Zero(param.rows(), param.cols());
            s.expAvgSq = Matrix::Zero(param.rows(), param.cols());
            if (m_options.amsgrad)
                s.maxExpAvgSq = Matrix::Zero(param.rows(), param.cols());
        }
        ++s.step;
        const Matrix grad =
            m_options.weightDecay != 0.0 ? addedScaled(p->grad(), param, m_options.weightDecay) : p->grad();

        mulScalar(s.expAvg, m_options.beta1);
        addScaled(s.expAvg, grad, 1.0 - m_options.beta1);

        // exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=1 - beta2): self + (value * g) * g, the
        // last multiply fused with the add.
        mulScalar(s.expAvgSq, m_options.beta2);
        const auto value = static_cast<float>(1.0 - m_options.beta2);
        for (Index i = 0; i < grad.size(); ++i) {
            const float g = grad.data()[i];
            s.expAvgSq.data()[i] = std::fma(value * g, g, s.expAvgSq.data()[i]);
        }

        // The step count lives in a float tensor and comes back through .item() as a Python float.
        const auto step = static_cast<double>(static_cast<float>(s.step));
        const double biasCorrection1 = 1.0 - std::pow(m_options.beta1, step);
        const double biasCorrection2 = 1.0 - std::pow(m_options.beta2, step);
        const double stepSize = m_options.lr / biasCorrection1;
        const auto bc2Sqrt = static_cast<float>(std::sqrt(biasCorrection2));
        const auto eps = static_cast<float>(m_options.eps);

        const Matrix *second = &s.expAvgSq;
        if (m_options.amsgrad) {
            for (Index i = 0; i < grad.size(); ++i) {
                const float a = s.maxExpAvgSq.data()[i];
                const float b = s.expAvgSq.data()[i];
                s.maxExpAvgSq.data()[i] = (std::isnan(a) || std::isnan(b)) ? std::nanf("") : std::max(a, b);
            }
            second = &s.maxExpAvgSq;
        }
        // param.addcdiv_(exp_avg, denom, value=-step_size): self + value * t1 / t2.
        const auto negStep = static_cast<float>(-stepSize);
        for (Index i = 0; i < grad.size(); ++i) {
            const float denom = std::sqrt(second->data()[i]) / bc2Sqrt + eps;
            param.data()[i] = param.data()[i] + negStep * s.expAvg.data()[i] / denom;
        }
        p->bumpVersion();
    }
}

std::unique_ptr<Optimizer> Adam::cloneFor(std::vector<ParameterPtr> params) const
{
    auto copy = std::make_unique<Adam>(*this);
    copy->rebind(std::move(params));
    return copy;
}

void Adam::rebind(std::vector<ParameterPtr> params)
{
    rebindState(m_state, m_params, params);
    m_params = std::move(params);
}

} // namespace embedlab::core
