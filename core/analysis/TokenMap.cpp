// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/analysis/TokenMap.h"

#include "core/analysis/Neighbours.h"
#include "core/tensor/Error.h"

#include <Eigen/SVD>

#include <string>

namespace embedlab::core {

namespace {

void checkMatrix(const Eigen::Ref<const Matrix> &weights, Index rows, Index dim)
{
    if (weights.rows() != rows || weights.cols() != dim)
        throw Error(Error::Kind::ValueError, "the map was made for a [" + std::to_string(rows) + ", " +
                                                 std::to_string(dim) + "] matrix, got " +
                                                 shapeString({weights.rows(), weights.cols()}));
}

} // namespace

TokenMap::TokenMap(std::vector<std::int64_t> rows, Eigen::Ref<const Matrix> reference)
    : m_rows(std::move(rows))
{
    if (reference.cols() < 2)
        throw Error(Error::Kind::ValueError, "a map needs a matrix of at least two columns, got " +
                                                 shapeString({reference.rows(), reference.cols()}));
    if (m_rows.empty())
        throw Error(Error::Kind::ValueError, "a map needs at least one row");
    m_matrixRows = reference.rows();
    m_dim = reference.cols();
    for (std::int64_t row : m_rows)
        if (row < 0 || row >= m_matrixRows)
            throw Error(Error::Kind::IndexError, "row " + std::to_string(row) +
                                                     " is out of range for a matrix of " +
                                                     std::to_string(m_matrixRows) + " rows");
    // The principal plane of the chosen rows, as the Neighbours dock computes it for all rows.
    Tensor chosen({static_cast<Index>(m_rows.size()), m_dim});
    for (std::size_t i = 0; i < m_rows.size(); ++i)
        chosen.asMatrix().row(static_cast<Index>(i)) = reference.row(m_rows[i]);
    const Projection2d plane = principalPlane(chosen.span());
    m_basis.resize(m_dim, 2);
    for (int axis = 0; axis < 2; ++axis)
        for (Index d = 0; d < m_dim; ++d)
            m_basis(d, axis) = plane.axes[static_cast<std::size_t>(axis)][static_cast<std::size_t>(d)];
    m_reference = centredRows(reference);
}

Eigen::MatrixXd TokenMap::centredRows(Eigen::Ref<const Matrix> weights) const
{
    checkMatrix(weights, m_matrixRows, m_dim);
    Eigen::MatrixXd x(static_cast<Index>(m_rows.size()), m_dim);
    for (std::size_t i = 0; i < m_rows.size(); ++i)
        for (Index d = 0; d < m_dim; ++d)
            x(static_cast<Index>(i), d) = weights(m_rows[i], d);
    x.rowwise() -= x.colwise().mean();
    return x;
}

Eigen::MatrixXd TokenMap::aligned(const Eigen::MatrixXd &x) const
{
    // argmin over orthogonal R of |X R - Y| is U V^T for X^T Y = U S V^T (Schoenemann, 1966).
    const Eigen::MatrixXd m = x.transpose() * m_reference;
    // D x D, D a few dozen: Jacobi's one-sided sweeps (BDCSVD splits only past 16 columns, and took
    // this file 35 s to compile against Jacobi's 12).
    const Eigen::JacobiSVD<Eigen::MatrixXd> svd(m, Eigen::ComputeFullU | Eigen::ComputeFullV);
    return x * (svd.matrixU() * svd.matrixV().transpose());
}

std::vector<std::array<float, 2>> TokenMap::place(Eigen::Ref<const Matrix> weights) const
{
    const Eigen::MatrixXd xy = aligned(centredRows(weights)) * m_basis;
    std::vector<std::array<float, 2>> out(m_rows.size());
    for (Index i = 0; i < xy.rows(); ++i)
        out[static_cast<std::size_t>(i)] = {static_cast<float>(xy(i, 0)), static_cast<float>(xy(i, 1))};
    return out;
}

double TokenMap::misfit(Eigen::Ref<const Matrix> weights) const
{
    const double norm = m_reference.norm();
    return norm > 0.0 ? (aligned(centredRows(weights)) - m_reference).norm() / norm : 0.0;
}

void TokenMap::rebase(Eigen::Ref<const Matrix> weights)
{
    m_reference = aligned(centredRows(weights));
}

} // namespace embedlab::core
