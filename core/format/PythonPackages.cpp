// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/format/PythonPackages.h"

#include <algorithm>

namespace embedlab::core {

std::string installComment(std::vector<std::string> packages)
{
    std::sort(packages.begin(), packages.end());
    packages.erase(std::unique(packages.begin(), packages.end()), packages.end());
    if (packages.empty())
        return {};
    std::string comment = "# Needs a package beyond torch and numpy: pip install";
    for (const std::string &package : packages)
        comment += ' ' + package;
    return comment;
}

} // namespace embedlab::core
