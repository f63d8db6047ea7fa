// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/cli/CliTokenize.h"

#include "core/cli/CliArgs.h"
#include "core/text/Tokenizer.h"

#include <string_view>

namespace embedlab::core {

namespace {

void needArguments(const std::vector<std::string> &args, const char *synopsis)
{
    if (args.size() != 3)
        throw UsageError{"'" + args[0] + "' needs " + synopsis + ", got " + std::to_string(args.size() - 1) +
                         " argument" + (args.size() == 2 ? "" : "s")};
}

std::string_view trimmed(std::string_view s)
{
    const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
    while (!s.empty() && space(s.front()))
        s.remove_prefix(1);
    while (!s.empty() && space(s.back()))
        s.remove_suffix(1);
    return s;
}

// "15496, 995", "[15496, 995]" or "" (no ids); each id as Python's int() reads it.
std::vector<std::int64_t> parseIdList(std::string_view text)
{
    text = trimmed(text);
    if (text.size() >= 2 && text.front() == '[' && text.back() == ']')
        text = trimmed(text.substr(1, text.size() - 2));
    std::vector<std::int64_t> ids;
    if (text.empty())
        return ids;
    for (std::size_t at = 0;;) {
        const std::size_t comma = text.find(',', at);
        ids.push_back(parseInt(std::string(trimmed(text.substr(at, comma - at)))));
        if (comma == std::string_view::npos)
            return ids;
        at = comma + 1;
    }
}

} // namespace

int runTokenize(const std::vector<std::string> &args, std::ostream &out)
{
    needArguments(args, "TOKENIZER TEXT");
    const Tokenizer tokenizer = Tokenizer::fromFile(args[1]);
    const std::vector<std::int64_t> ids = tokenizer.encode(args[2]);
    for (std::size_t i = 0; i < ids.size(); ++i)
        out << (i ? ", " : "") << ids[i];
    out << '\n';
    return 0;
}

int runDetokenize(const std::vector<std::string> &args, std::ostream &out)
{
    needArguments(args, "TOKENIZER IDS");
    const std::vector<std::int64_t> ids = parseIdList(args[2]);
    const Tokenizer tokenizer = Tokenizer::fromFile(args[1]);
    out << tokenizer.decode(ids) << '\n';
    return 0;
}

} // namespace embedlab::core
