// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// libFuzzer target for the tokenizer.json reader.
#include "FuzzTokenizer.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    return fuzzTokenizer(data, size, [](std::string_view bytes) {
        return embedlab::core::Tokenizer::fromTokenizerJson(bytes, "fuzz.json");
    });
}
