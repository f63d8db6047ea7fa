// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/io/WeightFile.h"

#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace embedlab::core {

/// One tensor named on the command line as FILE[:TENSOR], read as float32: a view into the mapped
/// file when it is stored as C-order little-endian float32, otherwise a converted copy.
struct CliTensor {
    WeightFile file;
    std::string name;
    std::optional<TensorView> mapped;
    std::optional<Tensor> copy;
    /// The float32 elements, wherever they live.
    TensorView view() const { return mapped ? *mapped : TensorView{copy->data.data(), copy->shape}; }
};

/// Reads FILE[:TENSOR]: it splits at the last ':' unless the whole argument names an existing file;
/// TENSOR may be left out when the file holds a single tensor. Throws core::Error for a missing or
/// malformed file, an unknown tensor or a dtype that cannot be converted.
CliTensor readCliTensor(const std::string &argument);

/// `embedlab-cli inspect FILE`: one line per tensor, NAME<TAB>DTYPE<TAB>SHAPE (SHAPE as 50257x768,
/// empty for a 0-d tensor), then `tied<TAB>NAME1<TAB>NAME2` for each pair of names sharing storage or
/// holding identical bytes. Only pairs present in the file are printed; a head absent because it is
/// tied (GPT-2's missing lm_head.weight) is reported by WeightFile::absentTie(), not here. `args[0]` is
/// "inspect". Throws core::Error for a malformed file.
int runInspect(const std::vector<std::string> &args, std::ostream &out);

/// `embedlab-cli convert FILE[:TENSOR] --npy OUT`: writes the tensor as little-endian float32 C-order
/// .npy. TENSOR may be left out when the file holds a single tensor (a .npy file's is named "array").
/// Prints nothing on success. Throws core::Error for a malformed file or a bad argument.
int runConvert(const std::vector<std::string> &args, std::ostream &out);

} // namespace embedlab::core
