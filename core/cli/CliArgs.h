// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/tensor/Tensor.h"

#include <cstdint>
#include <string>

namespace embedlab::core {

/// A usage mistake (not a PyTorch error): runCli reports it with the usage hint and exit code 2.
struct UsageError {
    std::string message;
};

/// int('...') as Python parses a size or an index: ValueError "invalid literal for int() ...".
Index parseInt(const std::string &text);
/// torch.manual_seed's range: any Python int in [-2^63, 2^64 - 1].
std::uint64_t parseSeed(const std::string &text);
/// float('...'): ValueError "could not convert string to float: '...'".
double parseFloat(const std::string &text);

} // namespace embedlab::core
