// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <string>
#include <string_view>

/// What bytes a vocabulary string stands for in text, in the three ways vocabularies write them.
namespace embedlab::core {

/// A byte-level vocabulary string ("Ġworld") through GPT-2's byte table; a string with a character
/// outside the table (a special token such as "<s>", or damaged text) is kept as it is written.
std::string byteLevelBytes(std::string_view piece);

/// Whether `piece` is a SentencePiece byte token `<0xNN>` (upper-case hex), and its byte.
bool isByteToken(std::string_view piece, int &byte);

/// A SentencePiece string: `<0xNN>` its byte when `byteToken` allows, otherwise each "▁" a space.
std::string spacedBytes(std::string_view piece, bool byteToken);

} // namespace embedlab::core
