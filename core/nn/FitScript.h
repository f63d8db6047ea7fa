// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/nn/TextFit.h"

#include <cstdint>
#include <string>
#include <vector>

namespace embedlab::core {

class Tokenizer;

/// The whole PyTorch script of a fit (issue #27, "exact and copyable"): the text, the tokenizer
/// call, the vocabulary, the model and the loop. Run with PyTorch 1.13 it prints the lines
/// `embedlab-cli fit` prints ("K LOSS") with the same numbers (tests/golden/gen_fit.py runs it).
struct FitScript {
    /// Where the ids come from, as Python gets them.
    enum class Tokens {
        Characters,    ///< [ord(c) for c in text]
        Gpt2,          ///< tiktoken.get_encoding("gpt2").encode_ordinary(text): GPT-2's own encoder
        TokenizerJson, ///< tokenizers.Tokenizer.from_file(path), no special tokens added
        VocabMerges,   ///< tokenizers.ByteLevelBPETokenizer(vocab.json, merges.txt beside it)
        Listed,        ///< the ids written out (a tokenizer Python has no reader for, e.g. GGUF)
    };

    std::string text; ///< UTF-8
    Tokens tokens = Tokens::Characters;
    std::string tokenizerPath;     ///< TokenizerJson: tokenizer.json; VocabMerges: vocab.json
    std::string tokenizerName;     ///< Listed: where the ids came from, for the comment
    std::vector<std::int64_t> ids; ///< Listed: encode(text)
    FitConfig config;
    std::int64_t steps = 1000;
    std::int64_t every = 100;

    /// Takes the ids of `text` from `tokenizer`, read from `path`, as Python can get them: GPT-2's
    /// encoder (told by its ids, whatever the file) through tiktoken, a tokenizer.json through
    /// `tokenizers`, a vocab.json with its merges.txt beside it, or else the ids written out.
    void useTokenizer(const std::string &path, const Tokenizer &tokenizer);

    /// The script, ending with a newline.
    std::string python() const;
};

} // namespace embedlab::core
