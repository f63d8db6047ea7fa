// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/tensor/Error.h"
#include "core/text/TokenDisplay.h"
#include "core/text/Tokenizer.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

/// Tokenizer files above this size are not fuzzed (real ones are bigger, but a reader's paths are
/// all reached by small files, and each input must stay fast).
inline constexpr std::size_t kFuzzTokenizerMaxBytes = 256 * 1024;

/// The body of every tokenizer reader's libFuzzer target: any bytes either build a tokenizer or
/// throw core::Error; a built one encodes, decodes (byte-level BPE: back to the exact bytes; the
/// others normalize, so only without a crash), and shows its tokens and their groups.
template <typename Read> int fuzzTokenizer(const std::uint8_t *data, std::size_t size, Read read)
{
    using namespace embedlab::core;
    if (size > kFuzzTokenizerMaxBytes)
        return 0;
    const std::string_view bytes(reinterpret_cast<const char *>(data), size);
    try {
        const Tokenizer tokenizer = read(bytes);
        // Text that reaches every branch of the pattern, and the input itself as text.
        const std::string text =
            "Hello world, it's 2026!\n\n  Xin chào 你好 👍🏽\t<|endoftext|> \xff\xe4\xbd " +
            std::string(bytes.substr(0, 512));
        const auto ids = tokenizer.encode(text);
        const std::string decoded = tokenizer.decode(ids);
        if (tokenizer.roundTrips() && decoded != text)
            __builtin_trap(); // encode/decode lost bytes
        std::vector<std::string_view> pieces;
        for (const std::int64_t id : ids)
            pieces.push_back(tokenizer.tokenBytes(id));
        std::size_t covered = 0;
        for (const TokenGroup &group : groupCharacters(pieces))
            covered += group.count;
        if (covered != ids.size())
            __builtin_trap(); // the groups must cover every token once
        for (std::int64_t id = 0; id < tokenizer.vocabSize() && id < 64; ++id) {
            try {
                const std::string shown = tokenizer.tokenText(id);
                if (!tokenizer.find(shown))
                    __builtin_trap(); // a token's own text must find a token
            } catch (const Error &) {
                // an id the vocabulary skips
            }
        }
    } catch (const Error &) {
    }
    return 0;
}
