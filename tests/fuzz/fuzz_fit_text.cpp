// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// libFuzzer target for the text a fit learns from (issue #27): any bytes are either refused as
// Python refuses them (UnicodeDecodeError) or become a corpus; a corpus long enough for the context
// takes two training steps, whose losses are finite, and writes its PyTorch script.
#include "core/nn/FitScript.h"
#include "core/nn/TextFit.h"
#include "core/tensor/Error.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace embedlab::core;
    if (size > 64 * 1024)
        return 0;
    const std::string text(reinterpret_cast<const char *>(data), size);
    try {
        auto corpus = std::make_shared<const FitCorpus>(FitCorpus::fromText(text, nullptr));
        if (corpus->tokenCount() != static_cast<Index>(FitCorpus::codePoints(text).size()))
            __builtin_trap(); // a code point per token
        FitConfig config;
        config.dim = 3;
        config.context = 2;
        config.batch = 3;
        config.tied = size % 2 == 0;
        TextFit fit(corpus, config);
        FitStepReport report;
        for (int k = 0; k < 2; ++k)
            if (!std::isfinite(fit.step(&report)) || report.changedRows.size() > std::size_t(fit.vocabSize()))
                __builtin_trap();
        FitScript script;
        script.text = text;
        script.config = config;
        const std::string python = script.python();
        if (python.find("print(k, loss.item())") == std::string::npos)
            __builtin_trap();
    } catch (const Error &) {
        // not UTF-8, or too short for one example
    }
    return 0;
}
