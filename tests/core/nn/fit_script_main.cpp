// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// embedlab-fit-script: the PyTorch script of `embedlab-cli fit ARGS...` (its arguments after "fit"),
// for tests/golden/gen_fit.py, which runs it with PyTorch and keeps what PyTorch printed.
#include "core/cli/CliArgs.h"
#include "core/cli/CliFit.h"
#include "core/tensor/Error.h"

#include <iostream>

int main(int argc, char **argv)
{
    using namespace embedlab::core;
    std::vector<std::string> args{"fit"};
    args.insert(args.end(), argv + 1, argv + argc);
    try {
        const FitCommand command = FitCommand::parse(args);
        std::cout << command.script(command.readText()).python();
        return 0;
    } catch (const UsageError &e) {
        std::cerr << "embedlab-fit-script: " << e.message << '\n';
    } catch (const Error &e) {
        std::cerr << e.pythonText() << '\n';
    }
    return 1;
}
