// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/nn/Linear.h"

#include "core/init/Init.h"
#include "core/tensor/Error.h"
#include "core/tensor/Parallel.h"

#include <cmath>

namespace embedlab::core {

namespace {

[[noreturn]] void throwMatmulRank0()
{
    throw Error(Error::Kind::RuntimeError,
                "both arguments to matmul need to be at least 1D, but they are 0D and 2D");
}

} // namespace

Linear::Linear(Index inFeatures, Index outFeatures, bool bias, Generator &gen)
    : m_inFeatures(inFeatures)
    , m_outFeatures(outFeatures)
{
    m_weight = std::make_shared<Parameter>(Shape{outFeatures, inFeatures});
    if (bias)
        m_bias = std::make_shared<Parameter>(Shape{outFeatures});
    resetParameters(gen);
}

Linear::Linear(ParameterPtr weight, bool bias, Generator &gen)
    : m_inFeatures(weight->shape().at(1))
    , m_outFeatures(weight->shape().at(0))
    , m_weight(std::move(weight))
{
    if (bias) {
        m_bias = std::make_shared<Parameter>(Shape{m_outFeatures});
        resetBias(gen);
    }
}

void Linear::setWeight(ParameterPtr weight)
{
    if (!weight || weight->shape() != Shape{m_outFeatures, m_inFeatures})
        throw Error(Error::Kind::RuntimeError,
                    "Linear(in_features=" + std::to_string(m_inFeatures) +
                        ", out_features=" + std::to_string(m_outFeatures) + ") needs a weight of shape " +
                        shapeString({m_outFeatures, m_inFeatures}) + ", got " +
                        (weight ? shapeString(weight->shape()) : std::string("None")));
    m_weight = std::move(weight);
    m_weight->renewVersion(); // a new owner, the same values: their statistics stay (#15)
}

void Linear::resetParameters(Generator &gen)
{
    init::kaiming_uniform_(m_weight->span(), std::sqrt(5.0), "fan_in", "leaky_relu", gen);
    m_weight->bumpVersion();
    if (m_bias)
        resetBias(gen);
}

void Linear::resetBias(Generator &gen)
{
    const Index fanIn = m_inFeatures; // _calculate_fan_in_and_fan_out(weight)[0] for a 2-D weight
    const double bound = fanIn > 0 ? 1.0 / std::sqrt(static_cast<double>(fanIn)) : 0.0;
    init::uniform_(m_bias->span(), -bound, bound, gen);
    m_bias->bumpVersion();
}

Tensor Linear::forward(const Tensor &x) const
{
    if (x.dim() == 0)
        throwMatmulRank0();
    const Index last = x.shape.back();
    const Index rows = x.dim() == 1 ? 1 : numel(Shape(x.shape.begin(), x.shape.end() - 1));
    if (last != m_inFeatures) {
        // matmul/addmm flatten the input to 2-D and compare it with weight.t() ([in, out]).
        throw Error(Error::Kind::RuntimeError, "mat1 and mat2 shapes cannot be multiplied (" +
                                                   std::to_string(rows) + "x" + std::to_string(last) +
                                                   " and " + std::to_string(m_inFeatures) + "x" +
                                                   std::to_string(m_outFeatures) + ")");
    }
    Shape outShape = x.shape;
    outShape.back() = m_outFeatures;
    Tensor out(outShape, uninitialized);
    if (rows == 0)
        return out;
    const Eigen::Map<const Matrix> in(x.data.data(), rows, m_inFeatures);
    Eigen::Map<Matrix> result(out.data.data(), in.rows(), m_outFeatures);
    if (m_weight->halfType()) // bf16 or f16 in place: W's rows converted as they are read (#28)
        parallel::productWithRowsOf(result, in, *m_weight);
    else
        parallel::product(result, in, m_weight->value().transpose());
    if (m_bias)
        result.rowwise() += m_bias->value().row(0);
    return out;
}

Tensor Linear::backward(const Tensor &x, const Tensor &gradOutput)
{
    if (x.dim() == 0)
        throwMatmulRank0();
    const Index rows = x.dim() == 1 ? 1 : numel(Shape(x.shape.begin(), x.shape.end() - 1));
    if (x.shape.back() != m_inFeatures || gradOutput.numel() != rows * m_outFeatures)
        throw Error(Error::Kind::RuntimeError, "linear backward: input of shape " + shapeString(x.shape) +
                                                   " and gradient of shape " + shapeString(gradOutput.shape) +
                                                   " do not match " + repr());
    const Eigen::Map<const Matrix> in(x.data.data(), rows, m_inFeatures);
    const Eigen::Map<const Matrix> gO(gradOutput.data.data(), rows, m_outFeatures);
    if (m_weight->hasGrad()) {
        Matrix gW(m_outFeatures, m_inFeatures);
        parallel::product(gW, gO.transpose(), in);
        m_weight->accumulateGrad(gW);
    } else {
        // The first gradient is written in place: a [V, D] temporary and its copy cost as much as
        // a tenth of the product.
        Matrix &gW = m_weight->grad();
        gW.resize(m_outFeatures, m_inFeatures);
        parallel::product(gW, gO.transpose(), in);
    }
    if (m_bias) {
        Matrix gB = gO.colwise().sum();
        m_bias->accumulateGrad(gB);
    }
    Tensor gradInput(x.shape, uninitialized);
    Eigen::Map<Matrix> gI(gradInput.data.data(), rows, m_inFeatures);
    parallel::product(gI, gO, m_weight->value());
    return gradInput;
}

std::string Linear::repr() const
{
    return "Linear(in_features=" + std::to_string(m_inFeatures) +
           ", out_features=" + std::to_string(m_outFeatures) + ", bias=" + (m_bias ? "True" : "False") + ")";
}

std::string Linear::gradFnName(Index inputRank) const
{
    // at::linear in 1.13: 2-D with bias is one addmm; contiguous 3-D with bias is addmm on the
    // flattened input then a view; everything else is matmul (+ an in-place add_ for the bias).
    if (inputRank <= 0)
        throwMatmulRank0();
    if (m_bias) {
        if (inputRank == 2)
            return "AddmmBackward0";
        if (inputRank == 3)
            return "ViewBackward0";
        return "AddBackward0";
    }
    if (inputRank == 1)
        return "SqueezeBackward3";
    if (inputRank == 2)
        return "MmBackward0";
    return "UnsafeViewBackward0";
}

} // namespace embedlab::core
