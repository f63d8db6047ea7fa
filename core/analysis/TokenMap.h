// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/tensor/Tensor.h"

#include <array>
#include <cstdint>
#include <vector>

namespace embedlab::core {

/// A 2-D map of chosen rows of a weight matrix that stays steady while the matrix learns (issue #27):
/// the basis is fixed - the principal plane of the rows in a reference frame - and each frame's rows
/// are first turned onto the reference's by orthogonal Procrustes (the rotation or reflection R that
/// minimises |X R - Y|, with X and Y the centred rows), which undoes the arbitrary rotations a
/// representation drifts through. A frame is placed on its own (no history), so a scrubbed step
/// lands exactly where it did when it was live, and close frames give close points: they drift,
/// they do not jump.
class TokenMap {
public:
    /// `rows` of `reference` ([rows, dim], dim >= 2; a Matrix, or a Tensor's asMatrix(), e.g.
    /// TextFit::embedding()): their principal plane (core::principalPlane)
    /// is the map's basis. Throws core::Error (IndexError) for a row outside the matrix, (ValueError)
    /// for no rows or fewer than two columns.
    TokenMap(std::vector<std::int64_t> rows, Eigen::Ref<const Matrix> reference);

    const std::vector<std::int64_t> &rows() const { return m_rows; }

    /// The chosen rows of `weights` (the same shape as the reference) on the map, in rows() order.
    std::vector<std::array<float, 2>> place(Eigen::Ref<const Matrix> weights) const;
    /// The Procrustes residual of place(weights): |X R - Y| / |Y|, 0 for a rotated copy of the
    /// reference (how much more than a rotation the rows have changed).
    double misfit(Eigen::Ref<const Matrix> weights) const;

    /// Makes `weights` - turned onto the current reference - the reference, the basis kept: later
    /// frames are aligned to it, so during a long run the reference can follow the run, and a frame
    /// placed right after lands where it did before (no jump).
    void rebase(Eigen::Ref<const Matrix> weights);

private:
    Eigen::MatrixXd centredRows(Eigen::Ref<const Matrix> weights) const;
    Eigen::MatrixXd aligned(const Eigen::MatrixXd &x) const;

    std::vector<std::int64_t> m_rows;
    Index m_dim = 0;
    Index m_matrixRows = 0;
    Eigen::MatrixXd m_reference; // the reference's chosen rows, centred [n, dim]
    Eigen::MatrixXd m_basis;     // [dim, 2]
};

} // namespace embedlab::core
