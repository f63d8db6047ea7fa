// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <string>
#include <string_view>

namespace embedlab::core {

/// `text` as a JSON string literal, exactly as Python's json.dumps(text, ensure_ascii=False) writes
/// it: quoted, with `"` and `\` escaped, \b \f \n \r \t for those controls and \u00XX for the other
/// characters below U+0020; every other byte (UTF-8 included) is copied as it is, as the
/// safetensors library's serde_json does too. The one JSON string writer: the TOKEN column of
/// `embedlab-cli neighbours` and the names and metadata of a .safetensors header.
std::string jsonString(std::string_view text);

} // namespace embedlab::core
