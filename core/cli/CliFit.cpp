// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/cli/CliFit.h"

#include "core/cli/CliArgs.h"
#include "core/cli/CliTrain.h"
#include "core/format/PythonNumber.h"
#include "core/io/MappedFile.h"
#include "core/io/NpyWriter.h"
#include "core/text/Tokenizer.h"

#include <filesystem>

namespace embedlab::core {

namespace {

Index positiveSize(const std::string &option, const std::string &value)
{
    const Index n = parseInt(value);
    if (n < 1)
        throw UsageError{option + " must be at least 1, got " + value};
    return n;
}

} // namespace

FitConfig FitCommand::untied()
{
    FitConfig c;
    c.tied = false;
    return c;
}

FitCommand FitCommand::parse(const std::vector<std::string> &args)
{
    FitCommand c;
    std::vector<std::string> positional;
    bool haveTokenizer = false;
    for (OptionReader r(args); r.next();) {
        const std::string &a = r.name();
        if (a == "--tokenizer") {
            c.tokenizer = r.value();
            haveTokenizer = true;
            if (c.tokenizer == "chars")
                c.tokenizer.clear();
            else if (c.tokenizer.empty())
                throw UsageError{"--tokenizer needs a tokenizer file or 'chars'"};
        } else if (a == "--dim") {
            c.config.dim = positiveSize(a, r.value());
        } else if (a == "--context") {
            c.config.context = positiveSize(a, r.value());
        } else if (a == "--batch") {
            c.config.batch = positiveSize(a, r.value());
        } else if (a == "--steps") {
            const std::string &v = r.value();
            c.steps = parseInt(v);
            if (c.steps < 0)
                throw UsageError{"--steps must not be negative, got " + v};
        } else if (a == "--every") {
            c.every = positiveSize(a, r.value());
        } else if (a == "--seed") {
            c.config.seed = parseSeed(r.value());
        } else if (a == "--tied") {
            c.config.tied = true;
        } else if (a == "--bias") {
            c.config.bias = true;
        } else if (a == "--npy") {
            c.npy = r.value();
        } else if (a == "--optimizer") {
            c.config.optimizer = parseOptimizerSpec(r.value());
        } else if (a.size() > 1 && a[0] == '-') {
            throw UsageError{"unknown option " + a + " for 'fit'"};
        } else {
            positional.push_back(a);
        }
    }
    if (positional.size() != 1)
        throw UsageError{"'fit' needs one TEXT_FILE, got " + std::to_string(positional.size())};
    if (!haveTokenizer)
        throw UsageError{"'fit' needs --tokenizer TOKENIZER (a tokenizer file) or --tokenizer chars"};
    c.textFile = positional.front();
    return c;
}

std::string FitCommand::readText() const
{
    const MappedFile file(textFile);
    return std::string(reinterpret_cast<const char *>(file.bytes().data()), file.size());
}

FitScript FitCommand::script(const std::string &text) const
{
    FitScript s;
    s.text = text;
    s.config = config;
    s.steps = steps;
    s.every = every;
    if (!tokenizer.empty())
        s.useTokenizer(tokenizer, Tokenizer::fromFile(tokenizer));
    return s;
}

int runFit(const std::vector<std::string> &args, std::ostream &out)
{
    const FitCommand c = FitCommand::parse(args);
    const std::string text = c.readText();
    std::shared_ptr<const FitCorpus> corpus;
    if (c.tokenizer.empty()) {
        corpus = std::make_shared<const FitCorpus>(FitCorpus::fromText(text, nullptr));
    } else {
        FitCorpus::codePoints(text); // Python refuses a file that is not UTF-8 before tokenizing
        const Tokenizer tokenizer = Tokenizer::fromFile(c.tokenizer);
        corpus = std::make_shared<const FitCorpus>(FitCorpus::fromText(text, &tokenizer));
    }
    TextFit fit(corpus, c.config);
    for (std::int64_t k = 1; k <= c.steps; ++k) {
        const float loss = fit.step();
        if (k % c.every == 0 || k == c.steps)
            out << k << ' ' << pythonFloat(double(loss)) << '\n';
    }
    if (c.npy)
        writeNpy(*c.npy, fit.embedding().data(), fit.model().embedding().weight()->shape());
    return 0;
}

} // namespace embedlab::core
