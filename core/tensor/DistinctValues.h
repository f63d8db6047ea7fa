// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/tensor/Tensor.h"

namespace embedlab::core {

/// How many different values `data` holds, as numpy.unique(data).size counts them (NumPy 1.24's
/// equal_nan=True): -0.0 and +0.0 are one value, and every NaN is one value. A Q4_K matrix holds at
/// most 16 per group of 32 elements; the statistics table shows the count (issue #30).
///
/// Exact: a bitmap over the 2^32 float patterns, allocated 8 KB page by page where values fall (a
/// quantised or bf16 matrix touches few pages; 512 MB at worst, for data spread over every float).
/// Uses both cores for large inputs. Reads the data once; call it off the UI thread for big matrices.
Index countDistinctValues(const float *data, Index count);
class Parameter;
/// countDistinctValues() of a parameter's values where they lie (bf16 or f16 words converted piece by
/// piece, without a float32 copy).
Index countDistinctValues(const Parameter &p);

} // namespace embedlab::core
