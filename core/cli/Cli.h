// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace embedlab::core {

/// embedlab-cli: `embedding ...`, `linear ...` (see README). Prints what PyTorch prints to `out`;
/// errors as PyTorch words them to `err`. Returns the process exit code; never throws.
int runCli(const std::vector<std::string> &args, std::ostream &out, std::ostream &err);

} // namespace embedlab::core
