// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// The principal plane by subspace iteration on X^T X, X the centred rows, without forming X or
// X^T X: each pass is two products with the matrix itself (core/tensor/Parallel.h), the centring
// applied to their small results.
#include "core/analysis/Neighbours.h"

#include "core/init/Generator.h"
#include "core/tensor/Error.h"
#include "core/tensor/Parallel.h"

#include <Eigen/Eigenvalues>
#include <Eigen/QR>

#include <algorithm>
#include <cmath>
#include <string>

namespace embedlab::core {

namespace {

// Two wanted directions and six more: the extra ones make the first two converge like
// (sigma_9 / sigma_2)^(2 passes) instead of (sigma_3 / sigma_2)^(2 passes).
constexpr Index kBlock = 8;
constexpr std::uint64_t kSeed = 20260114;

using MatrixD = Eigen::MatrixXd;

Eigen::VectorXd columnMeans(const Eigen::Map<const Matrix> &w)
{
    Eigen::VectorXd sum = Eigen::VectorXd::Zero(w.cols());
    for (Index i = 0; i < w.rows(); ++i)
        sum += w.row(i).transpose().cast<double>();
    return sum / static_cast<double>(w.rows());
}

MatrixD orthonormalColumns(const MatrixD &z)
{
    const Eigen::HouseholderQR<MatrixD> qr(z);
    return qr.householderQ() * MatrixD::Identity(z.rows(), z.cols());
}

// X Q = W Q - 1 (mean^T Q), in float like the product.
Matrix centredTimes(const Eigen::Map<const Matrix> &w, const Eigen::VectorXd &mean, const MatrixD &q)
{
    const Matrix qf = q.cast<float>();
    Matrix y(w.rows(), q.cols());
    parallel::product(y, w, qf);
    const Eigen::RowVectorXf shift = (mean.transpose() * q).cast<float>();
    y.rowwise() -= shift;
    return y;
}

// X^T Y = W^T Y - mean (1^T Y).
MatrixD centredTransposeTimes(const Eigen::Map<const Matrix> &w, const Eigen::VectorXd &mean, const Matrix &y)
{
    Matrix z(w.cols(), y.cols());
    parallel::product(z, w.transpose(), y);
    const Eigen::RowVectorXd ySum = y.cast<double>().colwise().sum();
    return z.cast<double>() - mean * ySum;
}

MatrixD randomStart(Index dim, Index block)
{
    Generator gen(kSeed);
    MatrixD q(dim, block);
    for (Index i = 0; i < dim; ++i)
        for (Index j = 0; j < block; ++j)
            q(i, j) = static_cast<double>(gen.random64() >> 11) * 0x1p-52 - 1.0;
    return orthonormalColumns(q);
}

// The largest |component| is made positive (the first of equal ones), so the picture never flips.
std::vector<float> withFixedSign(const Eigen::VectorXd &axis)
{
    Index at = 0;
    for (Index i = 1; i < axis.size(); ++i)
        if (std::abs(axis[i]) > std::abs(axis[at]))
            at = i;
    const double sign = axis[at] < 0.0 ? -1.0 : 1.0;
    const Eigen::VectorXf unit = (sign * axis.normalized()).cast<float>();
    return {unit.data(), unit.data() + unit.size()};
}

} // namespace

Projection2d principalPlane(const TensorSpan &weight, int passes)
{
    if (weight.dim() != 2 || weight.shape[0] < 1 || weight.shape[1] < 2)
        throw Error(Error::Kind::ValueError, "a principal plane needs a 2-D tensor with at least one row and "
                                             "two columns, got shape " +
                                                 shapeString(weight.shape));
    if (passes < 0)
        throw Error(Error::Kind::ValueError, "passes must be at least 0, got " + std::to_string(passes));
    const Eigen::Map<const Matrix> w(weight.data, weight.shape[0], weight.shape[1]);
    const Eigen::VectorXd mean = columnMeans(w);
    MatrixD q = randomStart(w.cols(), std::min(kBlock, w.cols()));
    for (int pass = 0; pass < passes; ++pass)
        q = orthonormalColumns(centredTransposeTimes(w, mean, centredTimes(w, mean, q)));
    // Rayleigh-Ritz: the best two directions inside the subspace found.
    const Matrix y = centredTimes(w, mean, q);
    const MatrixD yd = y.cast<double>();
    const Eigen::SelfAdjointEigenSolver<MatrixD> eig(yd.transpose() * yd);
    const Index last = q.cols() - 1; // eigenvalues ascend
    Projection2d plane;
    plane.mean.resize(static_cast<std::size_t>(mean.size()));
    Eigen::Map<Eigen::VectorXf>(plane.mean.data(), mean.size()) = mean.cast<float>();
    plane.axes[0] = withFixedSign(q * eig.eigenvectors().col(last));
    plane.axes[1] = withFixedSign(q * eig.eigenvectors().col(last - 1));
    return plane;
}

std::array<float, 2> Projection2d::project(const TensorSpan &weight, std::int64_t row) const
{
    if (weight.dim() != 2 || weight.shape[1] != static_cast<Index>(mean.size()))
        throw Error(Error::Kind::ValueError, "this plane was found for rows of " +
                                                 std::to_string(mean.size()) + " values, got shape " +
                                                 shapeString(weight.shape));
    if (row < 0 || row >= weight.shape[0])
        throw Error(Error::Kind::IndexError, "index " + std::to_string(row) +
                                                 " is out of bounds for dimension 0 with size " +
                                                 std::to_string(weight.shape[0]));
    const float *x = weight.data + row * weight.shape[1];
    std::array<double, 2> sum{0.0, 0.0};
    for (std::size_t j = 0; j < mean.size(); ++j) {
        const double centred = static_cast<double>(x[j]) - mean[j];
        sum[0] += centred * axes[0][j];
        sum[1] += centred * axes[1][j];
    }
    return {static_cast<float>(sum[0]), static_cast<float>(sum[1])};
}

} // namespace embedlab::core
