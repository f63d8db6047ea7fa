// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/cli/CliArgs.h"

#include "core/tensor/Error.h"

#include <charconv>

namespace embedlab::core {

// int('...') as Python parses a size or an index.
Index parseInt(const std::string &text)
{
    Index value = 0;
    const char *first = text.data() + (!text.empty() && text[0] == '+' ? 1 : 0);
    auto [ptr, ec] = std::from_chars(first, text.data() + text.size(), value);
    if (text.empty() || ec == std::errc::result_out_of_range)
        throw Error(Error::Kind::ValueError, "invalid literal for int() with base 10: '" + text + "'");
    if (ec != std::errc() || ptr != text.data() + text.size())
        throw Error(Error::Kind::ValueError, "invalid literal for int() with base 10: '" + text + "'");
    return value;
}

std::uint64_t parseSeed(const std::string &text)
{
    // torch.manual_seed accepts any Python int in [-0x8000_0000_0000_0000, 0xffff_ffff_ffff_ffff].
    if (!text.empty() && text[0] == '-') {
        const Index v = parseInt(text);
        return static_cast<std::uint64_t>(v);
    }
    std::uint64_t value = 0;
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec == std::errc::result_out_of_range)
        throw Error(Error::Kind::RuntimeError, "Overflow when unpacking long");
    if (text.empty() || ec != std::errc() || ptr != text.data() + text.size())
        throw Error(Error::Kind::ValueError, "invalid literal for int() with base 10: '" + text + "'");
    return value;
}

double parseFloat(const std::string &text)
{
    double value = 0.0;
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || ptr != text.data() + text.size())
        throw Error(Error::Kind::ValueError, "could not convert string to float: '" + text + "'");
    return value;
}

} // namespace embedlab::core
