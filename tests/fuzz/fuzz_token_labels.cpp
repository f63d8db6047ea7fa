// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// libFuzzer target for TokenLabels (issue #26): a tokenizer.json or a GGUF file (by its magic)
// either gives every row a label that holds no U+FFFD, or throws core::Error.
#include "core/tensor/Error.h"
#include "core/text/TokenLabels.h"

#include <cstring>
#include <span>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace embedlab::core;
    if (size > 256 * 1024)
        return 0;
    try {
        const TokenLabels labels =
            size >= 4 && std::memcmp(data, "GGUF", 4) == 0
                ? TokenLabels::fromGguf(std::span(data, size), "fuzz.gguf")
                : TokenLabels::fromTokenizerJson(std::string_view(reinterpret_cast<const char *>(data), size),
                                                 "fuzz.json");
        for (std::int64_t id = 0; id < labels.size() && id < 4096; ++id) {
            if (labels.has(id) && !labels.isSpecial(id) &&
                labels.label(id).find("\xEF\xBF\xBD") != std::string::npos)
                __builtin_trap(); // a label shows U+FFFD
        }
    } catch (const Error &) {
    }
    return 0;
}
