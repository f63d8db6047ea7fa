// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/tensor/Tensor.h"

#include <cstdint>
#include <string>
#include <vector>

namespace embedlab::core {

/// A usage mistake (not a PyTorch error): runCli reports it with the usage hint and exit code 2.
struct UsageError {
    std::string message;
};

/// Walks a command's options after its name: `for (OptionReader r(args); r.next();)`, then
/// r.name() is the option and r.value() takes the argument after it ("option --seed needs a value"
/// as a UsageError when there is none).
class OptionReader {
public:
    explicit OptionReader(const std::vector<std::string> &args)
        : m_args(args)
    {}
    bool next() { return ++m_index < m_args.size(); }
    const std::string &name() const { return m_args[m_index]; }
    const std::string &value()
    {
        if (m_index + 1 >= m_args.size())
            throw UsageError{"option " + name() + " needs a value"};
        return m_args[++m_index];
    }

private:
    const std::vector<std::string> &m_args;
    std::size_t m_index = 0;
};

/// int('...') as Python parses a size or an index: ValueError "invalid literal for int() ...".
Index parseInt(const std::string &text);
/// torch.manual_seed's range: any Python int in [-2^63, 2^64 - 1].
std::uint64_t parseSeed(const std::string &text);
/// float('...'): ValueError "could not convert string to float: '...'".
double parseFloat(const std::string &text);

} // namespace embedlab::core
