// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace embedlab::core {

/// One JSON value as the strict reader gives it (the safetensors header, a tokenizer.json).
struct Json {
    enum class Type { Null, Bool, Number, String, Array, Object };
    Type type = Type::Null;
    bool boolean = false;
    std::string text; // a string's value or a number's literal
    std::vector<Json> items;
    // An object's keys and values side by side (std::pair<std::string, Json> would need Json complete).
    std::vector<std::string> keys;
    std::vector<Json> values;
    std::size_t position = 0; // byte offset in the file, for messages

    /// The value of an object's first member named `key`, or nullptr.
    const Json *member(std::string_view key) const;
};

/// "null", "a boolean", "a number", "a string", "an array", "an object": for messages.
const char *jsonTypeName(Json::Type type);

/// Where a JSON text comes from, for messages: errors read "<origin>: invalid <what>: <problem> at
/// byte N" (no origin prefix when `origin` is empty), N counted from `base`.
struct JsonSource {
    std::string_view text;
    std::size_t base = 0;
    std::string_view what = "JSON";
    std::string_view origin;
};

/// Caps that keep hostile input cheap: nesting depth and the number of values (each costs about
/// 150 bytes in memory, far more than in the text).
inline constexpr int kJsonMaxDepth = 64;
inline constexpr std::size_t kJsonMaxValues = 8'000'000;

/// RFC 8259 JSON, strictly: no comments, no trailing commas, no lone surrogates in \u escapes,
/// nesting and value count capped. The text must be valid UTF-8 (check with invalidUtf8At first).
/// Throws core::Error (ValueError).
Json parseJson(const JsonSource &source);

/// The byte index of the first invalid UTF-8 sequence in `s` (overlong forms, surrogates and code
/// points above U+10FFFF are invalid), or std::string_view::npos.
std::size_t invalidUtf8At(std::string_view s);

} // namespace embedlab::core
