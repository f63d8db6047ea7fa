// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/nn/FitScript.h"
#include "core/nn/TextFit.h"

#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace embedlab::core {

/// The command line of `embedlab-cli fit`, parsed: the text file, the tokenizer (empty for
/// `chars`), the run's settings, how many steps, which to print and where to write emb.weight.
struct FitCommand {
    std::string textFile;
    std::string tokenizer; ///< a tokenizer file; empty: Unicode code points (`--tokenizer chars`)
    FitConfig config = untied();
    std::int64_t steps = FitConfig::kDefaultSteps;
    std::int64_t every = 100;
    std::optional<std::string> npy;
    /// FitConfig's defaults without the tie: the command line's --tied is PyTorch's opt-in.
    static FitConfig untied();
    /// Parses `fit TEXT_FILE --tokenizer ...` (args[0] is "fit"); UsageError for a bad command line.
    static FitCommand parse(const std::vector<std::string> &args);
    /// The text file's bytes; core::Error when it cannot be read.
    std::string readText() const;
    /// The PyTorch script of this run on `text`: GPT-2's encoder (a 50257-token vocabulary that
    /// encodes "Hello world" as [15496, 995] and "<|endoftext|>" as text) is called through tiktoken, another
    /// tokenizer.json or vocab.json through Hugging Face's tokenizers, and a GGUF tokenizer's ids are listed.
    FitScript script(const std::string &text) const;
};

/// `embedlab-cli fit TEXT_FILE --tokenizer TOKENIZER|chars [--dim D] [--context C] [--batch B]
/// [--steps N] [--seed S] [--tied] [--bias] [--every K] [--npy FILE] [--optimizer SPEC]`: reads the
/// file as UTF-8 (all of it, no newline translation), takes encode(text) or its code points, and
/// runs TextFit for N steps, printing "K LOSS" for every K % every == 0 and for the last step (LOSS
/// as Python prints loss.item()). --npy writes emb.weight after the last step. Defaults: D 16, C 4,
/// B 32, N 1000, S 0, K 100, Adam with lr=0.01, untied. Throws core::Error for a file that cannot be read,
/// is not UTF-8 or has fewer than C + 1 tokens, UsageError for a bad command line.
int runFit(const std::vector<std::string> &args, std::ostream &out);

} // namespace embedlab::core
