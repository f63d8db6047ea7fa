// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <string>
#include <vector>

namespace embedlab::core {

/// The comment that opens a script needing Python packages beyond torch and numpy (what Debian
/// ships as python3-torch and python3-numpy): "# Needs a package beyond torch and numpy: pip
/// install gguf safetensors", each package once, sorted; "" for none. The code panel's scripts and
/// a fit's script (tiktoken, tokenizers) say it the same way.
std::string installComment(std::vector<std::string> packages);

} // namespace embedlab::core
