// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// libFuzzer target for the GGUF tokenizer reader (tokenizer.ggml.*).
#include "FuzzTokenizer.h"

#include <span>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    return fuzzTokenizer(data, size, [data, size](std::string_view) {
        return embedlab::core::Tokenizer::fromGguf(std::span<const std::uint8_t>(data, size), "fuzz.gguf");
    });
}
