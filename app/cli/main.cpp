// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/cli/Cli.h"

#include <iostream>

int main(int argc, char **argv)
{
    return embedlab::core::runCli({argv + 1, argv + argc}, std::cout, std::cerr);
}
