// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/format/PythonNumber.h"

#include <charconv>
#include <cmath>
#include <cstdlib>

namespace embedlab::core {

namespace {

// Digits "d1d2d3..." with decimal exponent e (value = d1.d2d3... * 10^e) in fixed notation.
std::string fixedNotation(const std::string &digits, int exponent)
{
    if (exponent < 0)
        return std::string("0.").append(static_cast<std::size_t>(-exponent - 1), '0').append(digits);
    const auto intDigits = static_cast<std::size_t>(exponent + 1);
    if (digits.size() <= intDigits)
        return digits + std::string(intDigits - digits.size(), '0') + ".0";
    return std::string(digits, 0, intDigits).append(1, '.').append(digits, intDigits, std::string::npos);
}

std::string scientificNotation(const std::string &digits, int exponent)
{
    std::string out = digits.substr(0, 1);
    if (digits.size() > 1) {
        out.push_back('.');
        out.append(digits, 1, std::string::npos);
    }
    const int absExp = std::abs(exponent);
    out += exponent < 0 ? "e-" : "e+";
    if (absExp < 10)
        out += '0';
    return out + std::to_string(absExp);
}

} // namespace

std::string pythonFloat(double value)
{
    if (std::isnan(value))
        return "nan";
    if (std::isinf(value))
        return value > 0 ? "inf" : "-inf";
    // Shortest round-trip digits, as Python's float_repr_style 'short' (David Gay's dtoa, mode 0).
    char buf[64];
    const auto res = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::scientific);
    const std::string sci(buf, res.ptr);
    const auto ePos = sci.find('e');
    const int exponent = std::atoi(sci.c_str() + ePos + 1);
    std::string digits;
    for (std::size_t i = 0; i < ePos; ++i)
        if (sci[i] != '.' && sci[i] != '-')
            digits += sci[i];
    const std::string sign = std::signbit(value) ? "-" : "";
    if (exponent >= -4 && exponent < 16)
        return sign + fixedNotation(digits, exponent);
    return sign + scientificNotation(digits, exponent);
}

} // namespace embedlab::core
