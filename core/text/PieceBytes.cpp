// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/text/PieceBytes.h"

#include "core/text/ByteLevel.h"

namespace embedlab::core {

std::string byteLevelBytes(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const bytelevel::Utf8Unit u = bytelevel::decodeUtf8(text, i);
        const int b = u.valid ? bytelevel::byteOfChar(u.cp) : -1;
        if (b < 0)
            return std::string(text);
        out += static_cast<char>(b);
        i += u.length;
    }
    return out;
}

bool isByteToken(std::string_view piece, int &byte)
{
    const auto hex = [](char c) { return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'F'); };
    if (piece.size() != 6 || !piece.starts_with("<0x") || piece.back() != '>' || !hex(piece[3]) ||
        !hex(piece[4]))
        return false;
    const auto value = [](char c) { return c <= '9' ? c - '0' : c - 'A' + 10; };
    byte = value(piece[3]) * 16 + value(piece[4]);
    return true;
}

std::string spacedBytes(std::string_view piece, bool byteToken)
{
    int byte = 0;
    if (byteToken && isByteToken(piece, byte))
        return std::string(1, static_cast<char>(byte));
    std::string out;
    for (std::size_t at = 0;;) {
        const std::size_t found = piece.find("\xE2\x96\x81", at);
        out.append(piece.substr(at, found - at));
        if (found == std::string_view::npos)
            return out;
        out += ' ';
        at = found + 3;
    }
}

} // namespace embedlab::core
