// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// libFuzzer target for the vocab.json + merges.txt reader: the input is vocab.json, a NUL byte,
// then merges.txt (no NUL: merges.txt is empty).
#include "FuzzTokenizer.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    return fuzzTokenizer(data, size, [](std::string_view bytes) {
        const std::size_t nul = bytes.find('\0');
        const std::string_view vocab = bytes.substr(0, nul);
        const std::string_view merges =
            nul == std::string_view::npos ? std::string_view() : bytes.substr(nul + 1);
        return embedlab::core::Tokenizer::fromVocabAndMerges(vocab, merges, "fuzz/vocab.json");
    });
}
