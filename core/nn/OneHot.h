// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/nn/Embedding.h"
#include "core/tensor/Tensor.h"

namespace embedlab::core {

/// torch.nn.functional.one_hot(ids, num_classes=-1): int64, shape ids.shape + [C]; C = max(ids)+1 when
/// -1. RuntimeError "Class values must be non-negative." / "Class values must be smaller than
/// num_classes."
LongTensor oneHot(const LongTensor &ids, Index numClasses = -1);
/// `.float()`
Tensor toFloat(const LongTensor &t);
/// one_hot(ids).float() @ weight with the dense product's result, bit for bit (0 * inf is NaN, as in
/// PyTorch): when every row of `hot` is a single 1.0f among zeros, the rows of `weight` are copied
/// with the sums' rules for signed zeros and non-finite columns applied; otherwise every one of the
/// rows x V x D multiply-adds is done, on both cores when large. The lesson's costs
/// (oneHotMatmulCost) describe PyTorch's dense product either way.
/// `hot` is [..., V] float (any values), `weight` [V, D]; the result is [..., D].
Tensor oneHotMatmul(const Tensor &hot, ConstMatrixRef weight);
/// torch.tensor([2, 3, 1]) and [[2, 3], [1, 0]] parsed from the ids field or the CLI ("2,3,1" also
/// accepted). Returns std::nullopt-like failure through core::Error(ValueError, message).
LongTensor parseIds(const std::string &text);

/// What one path costs for `numIds` lookups in a [V, D] float32 matrix.
struct PathCost {
    Index multiplyAdds = 0;
    Index multiplyAddsByZero = 0;
    Index bytesRead = 0;
    Index bytesWritten = 0;
    bool operator==(const PathCost &) const = default;
};
/// W[i]: copies D values per id, no arithmetic.
PathCost lookupCost(Index numIds, Index numEmbeddings, Index embeddingDim);
/// one_hot(ids) @ W: V x D multiply-adds per id, (V - 1) x D of them by zero. Bytes: reads the
/// float one-hot matrix (numIds x V x 4) and W (V x D x 4) once each, writes numIds x D x 4 - the
/// traffic of an ideally blocked GEMM, a lower bound for the real kernel.
PathCost oneHotMatmulCost(Index numIds, Index numEmbeddings, Index embeddingDim);

/// The four ways the reference documents compute the same rows, each computed for real.
struct LookupPaths {
    Tensor call;     // embedding(ids)
    Tensor index;    // embedding.weight[ids]
    Tensor oneHotMm; // one_hot(ids, V).float() @ embedding.weight (a real dense product)
    Tensor linear;   // Linear(V, D, bias=False) with weight = embedding.weight.T, on one_hot(ids).float()
    /// torch.equal of all four: element-wise ==, so a NaN (0 * inf in a product path, or a NaN weight)
    /// makes the paths differ.
    bool allEqual() const;
};
LookupPaths computeLookupPaths(Embedding &embedding, const LongTensor &ids);

} // namespace embedlab::core
