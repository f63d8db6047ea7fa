// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// The principal plane by subspace iteration on X^T X, X the centred rows, without forming X or
// X^T X: each pass reads the matrix once, the centring applied to the small products.
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

constexpr Index kChunkRows = 512;

// Column sums of fixed chunks of rows, in double, added in chunk order: the same bits with one
// thread or two.
// Rows [first, first + count) of `w` as a matrix: where they lie, or converted into `scratch`.
Eigen::Map<const Matrix> chunkOf(const RowSource &w, Index first, Index count, std::vector<float> &scratch)
{
    return {w.rowsAt(first, count, scratch), count, w.cols()};
}

Eigen::VectorXd columnMeans(const RowSource &w)
{
    const Index chunks = (w.rows() + kChunkRows - 1) / kChunkRows;
    std::vector<Eigen::VectorXd> sums(static_cast<std::size_t>(chunks));
    parallel::forTwo(chunks, w.rows() * w.cols(), parallel::kMinElements, [&](Index begin, Index end) {
        std::vector<float> scratch;
        for (Index c = begin; c < end; ++c) {
            const Index first = c * kChunkRows, rows = std::min(kChunkRows, w.rows() - first);
            const auto block = chunkOf(w, first, rows, scratch);
            Eigen::VectorXd &sum = sums[static_cast<std::size_t>(c)];
            sum = Eigen::VectorXd::Zero(w.cols());
            for (Index i = 0; i < rows; ++i)
                sum += block.row(i).transpose().cast<double>();
        }
    });
    Eigen::VectorXd total = Eigen::VectorXd::Zero(w.cols());
    for (const Eigen::VectorXd &sum : sums)
        total += sum;
    return total / static_cast<double>(w.rows());
}

MatrixD orthonormalColumns(const MatrixD &z)
{
    const Eigen::HouseholderQR<MatrixD> qr(z);
    return qr.householderQ() * MatrixD::Identity(z.rows(), z.cols());
}

// X^T X Q and Q^T X^T X Q for X the centred rows, in one read of the matrix: each chunk of rows
// gives Y = X_c Q, then X_c^T Y and Y^T Y, from cache. The chunks are fixed and their sums added
// in order, so the answer does not depend on the number of threads.
struct PassResult {
    MatrixD z; // X^T X Q   [dim, block]
    MatrixD g; // Q^T X^T X Q  [block, block]
};

PassResult centredPass(const RowSource &w, const Eigen::VectorXd &mean, const MatrixD &q)
{
    const Eigen::MatrixXf qf = q.cast<float>();
    const Eigen::RowVectorXf shift = (mean.transpose() * q).cast<float>();
    const Index chunks = (w.rows() + kChunkRows - 1) / kChunkRows;
    std::vector<Eigen::MatrixXf> z(static_cast<std::size_t>(chunks)), g(z.size());
    std::vector<Eigen::RowVectorXd> ySum(z.size());
    parallel::forTwo(
        chunks, w.rows() * w.cols() * q.cols(), parallel::kMinElements, [&](Index begin, Index end) {
            Eigen::MatrixXf y;
            std::vector<float> scratch;
            for (Index c = begin; c < end; ++c) {
                const Index first = c * kChunkRows, rows = std::min(kChunkRows, w.rows() - first);
                const auto block = chunkOf(w, first, rows, scratch);
                y.noalias() = block * qf;
                y.rowwise() -= shift;
                const auto at = static_cast<std::size_t>(c);
                z[at].noalias() = block.transpose() * y;
                g[at].noalias() = y.transpose() * y;
                ySum[at] = y.colwise().sum().cast<double>();
            }
        });
    PassResult r{MatrixD::Zero(w.cols(), q.cols()), MatrixD::Zero(q.cols(), q.cols())};
    Eigen::RowVectorXd total = Eigen::RowVectorXd::Zero(q.cols());
    for (std::size_t c = 0; c < z.size(); ++c) {
        r.z += z[c].cast<double>();
        r.g += g[c].cast<double>();
        total += ySum[c];
    }
    r.z -= mean * total; // X^T Y = W^T Y - mean (1^T Y)
    return r;
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

Projection2d principalPlane(const RowSource &w, int passes)
{
    if (w.dim() != 2 || w.rows() < 1 || w.cols() < 2)
        throw Error(Error::Kind::ValueError, "a principal plane needs a 2-D tensor with at least one row and "
                                             "two columns, got shape " +
                                                 shapeString(w.shape()));
    if (passes < 0)
        throw Error(Error::Kind::ValueError, "passes must be at least 0, got " + std::to_string(passes));
    const Eigen::VectorXd mean = columnMeans(w);
    MatrixD q = randomStart(w.cols(), std::min(kBlock, w.cols()));
    PassResult r = centredPass(w, mean, q);
    for (int pass = 0; pass < passes; ++pass) {
        q = orthonormalColumns(r.z);
        r = centredPass(w, mean, q);
    }
    // Rayleigh-Ritz: the best two directions inside the subspace found.
    const Eigen::SelfAdjointEigenSolver<MatrixD> eig(r.g);
    const Index last = q.cols() - 1; // eigenvalues ascend
    Projection2d plane;
    plane.mean.resize(static_cast<std::size_t>(mean.size()));
    Eigen::Map<Eigen::VectorXf>(plane.mean.data(), mean.size()) = mean.cast<float>();
    plane.axes[0] = withFixedSign(q * eig.eigenvectors().col(last));
    plane.axes[1] = withFixedSign(q * eig.eigenvectors().col(last - 1));
    return plane;
}

std::array<float, 2> Projection2d::project(const RowSource &weight, std::int64_t row) const
{
    if (weight.dim() != 2 || weight.cols() != static_cast<Index>(mean.size()))
        throw Error(Error::Kind::ValueError, "this plane was found for rows of " +
                                                 std::to_string(mean.size()) + " values, got shape " +
                                                 shapeString(weight.shape()));
    if (row < 0 || row >= weight.rows())
        throw Error(Error::Kind::IndexError, "index " + std::to_string(row) +
                                                 " is out of bounds for dimension 0 with size " +
                                                 std::to_string(weight.rows()));
    std::vector<float> scratch;
    const float *x = weight.rowsAt(row, 1, scratch);
    std::array<double, 2> sum{0.0, 0.0};
    for (std::size_t j = 0; j < mean.size(); ++j) {
        const double centred = static_cast<double>(x[j]) - mean[j];
        sum[0] += centred * axes[0][j];
        sum[1] += centred * axes[1][j];
    }
    return {static_cast<float>(sum[0]), static_cast<float>(sum[1])};
}

} // namespace embedlab::core
