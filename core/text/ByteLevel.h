// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

/// The byte-level parts of GPT-2's tokenizer that come before BPE: the pre-tokenizer pattern and
/// the table that writes each byte as a printable character in vocabularies.
namespace embedlab::core::bytelevel {

/// bytes_to_unicode() of GPT-2's encoder.py: the character that stands for byte `b`.
char32_t charOfByte(std::uint8_t b);
/// The byte that vocabulary character `c` stands for, or -1 when it stands for none.
int byteOfChar(char32_t c);

/// One UTF-8 sequence: its code point and length. An invalid byte decodes as a 1-byte unit with
/// `valid` false (GPT-2's pattern then sees a character that is neither letter, number nor space).
struct Utf8Unit {
    char32_t cp = 0;
    std::uint8_t length = 1;
    bool valid = false;
};
Utf8Unit decodeUtf8(std::string_view text, std::size_t at);
/// Where the last UTF-8 sequence of text[0, end) starts (end > 0): at most 3 continuation bytes back.
std::size_t lastCharStart(std::string_view text, std::size_t end);

/// Splits `text` as GPT-2's pattern
/// `'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+` does, appending
/// each piece (a view into `text`) to `pieces`. The pieces cover `text` exactly, in order.
void splitPretokens(std::string_view text, std::vector<std::string_view> &pieces);

/// `bytes` for display: valid UTF-8 as it is, each invalid sequence as U+FFFD.
std::string displayText(std::string_view bytes);

} // namespace embedlab::core::bytelevel
