// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/io/Json.h"

#include "core/format/Utf8.h"
#include "core/tensor/Error.h"

#include <cstdint>
#include <string>

namespace embedlab::core {

const char *jsonTypeName(Json::Type t)
{
    switch (t) {
    case Json::Type::Null:
        return "null";
    case Json::Type::Bool:
        return "a boolean";
    case Json::Type::Number:
        return "a number";
    case Json::Type::String:
        return "a string";
    case Json::Type::Array:
        return "an array";
    case Json::Type::Object:
        return "an object";
    }
    return "a value";
}

const Json *Json::member(std::string_view key) const
{
    for (std::size_t i = 0; i < keys.size(); ++i) {
        if (keys[i] == key)
            return &values[i];
    }
    return nullptr;
}

namespace {

// RFC 8259 JSON, strictly: no comments, no trailing commas, no lone surrogates, nesting capped.
class JsonParser {
public:
    explicit JsonParser(const JsonSource &source)
        : m_text(source.text)
        , m_base(source.base)
        , m_what(source.what)
        , m_origin(source.origin)
    {}

    Json parseDocument()
    {
        Json value = parseValue(0);
        skipSpace();
        if (m_pos != m_text.size())
            failAt("unexpected text after the " + std::string(m_what));
        return value;
    }

private:
    [[noreturn]] void failAt(const std::string &what) const
    {
        std::string message = m_origin.empty() ? std::string() : std::string(m_origin) + ": ";
        message.append("invalid ").append(m_what).append(": ").append(what);
        throw Error(Error::Kind::ValueError, message + " at byte " + std::to_string(m_base + m_pos));
    }
    char peek() const { return m_pos < m_text.size() ? m_text[m_pos] : '\0'; }
    bool atEnd() const { return m_pos >= m_text.size(); }
    void skipSpace()
    {
        while (!atEnd() && (peek() == ' ' || peek() == '\n' || peek() == '\t' || peek() == '\r'))
            ++m_pos;
    }
    void literal(std::string_view word)
    {
        if (m_text.substr(m_pos, word.size()) != word)
            failAt("unexpected character");
        m_pos += word.size();
    }

    Json parseValue(int depth)
    {
        if (depth > kJsonMaxDepth)
            failAt("nesting deeper than " + std::to_string(kJsonMaxDepth) + " levels");
        if (++m_values > kJsonMaxValues)
            failAt("more than " + std::to_string(kJsonMaxValues) + " values");
        skipSpace();
        Json v;
        v.position = m_base + m_pos;
        if (atEnd())
            failAt("unexpected end");
        const char c = peek();
        if (c == '{') {
            v.type = Json::Type::Object;
            ++m_pos;
            skipSpace();
            if (peek() == '}') {
                ++m_pos;
                return v;
            }
            while (true) {
                skipSpace();
                if (peek() != '"')
                    failAt("expected a string key");
                std::string key = parseString();
                skipSpace();
                if (peek() != ':')
                    failAt("expected ':'");
                ++m_pos;
                v.keys.push_back(std::move(key));
                v.values.push_back(parseValue(depth + 1));
                skipSpace();
                if (peek() == ',') {
                    ++m_pos;
                    continue;
                }
                if (peek() == '}') {
                    ++m_pos;
                    return v;
                }
                failAt("expected ',' or '}'");
            }
        }
        if (c == '[') {
            v.type = Json::Type::Array;
            ++m_pos;
            skipSpace();
            if (peek() == ']') {
                ++m_pos;
                return v;
            }
            while (true) {
                v.items.push_back(parseValue(depth + 1));
                skipSpace();
                if (peek() == ',') {
                    ++m_pos;
                    continue;
                }
                if (peek() == ']') {
                    ++m_pos;
                    return v;
                }
                failAt("expected ',' or ']'");
            }
        }
        if (c == '"') {
            v.type = Json::Type::String;
            v.text = parseString();
            return v;
        }
        if (c == 't' || c == 'f') {
            v.type = Json::Type::Bool;
            v.boolean = c == 't';
            literal(c == 't' ? "true" : "false");
            return v;
        }
        if (c == 'n') {
            literal("null");
            return v;
        }
        if (c == '-' || (c >= '0' && c <= '9')) {
            v.type = Json::Type::Number;
            v.text = parseNumber();
            return v;
        }
        failAt("unexpected character");
    }

    std::string parseNumber()
    {
        const std::size_t start = m_pos;
        auto digits = [&] {
            const std::size_t from = m_pos;
            while (peek() >= '0' && peek() <= '9')
                ++m_pos;
            if (m_pos == from)
                failAt("malformed number");
        };
        if (peek() == '-')
            ++m_pos;
        if (peek() == '0')
            ++m_pos;
        else
            digits();
        if (peek() == '.') {
            ++m_pos;
            digits();
        }
        if (peek() == 'e' || peek() == 'E') {
            ++m_pos;
            if (peek() == '+' || peek() == '-')
                ++m_pos;
            digits();
        }
        return std::string(m_text.substr(start, m_pos - start));
    }

    unsigned hex4()
    {
        unsigned value = 0;
        for (int i = 0; i < 4; ++i) {
            const char h = peek();
            value <<= 4;
            if (h >= '0' && h <= '9')
                value |= static_cast<unsigned>(h - '0');
            else if (h >= 'a' && h <= 'f')
                value |= static_cast<unsigned>(h - 'a' + 10);
            else if (h >= 'A' && h <= 'F')
                value |= static_cast<unsigned>(h - 'A' + 10);
            else
                failAt("invalid \\u escape");
            ++m_pos;
        }
        return value;
    }

    // The text was checked to be valid UTF-8 beforehand, so raw bytes are copied as they are.
    std::string parseString()
    {
        ++m_pos; // the opening quote
        std::string out;
        while (true) {
            if (atEnd())
                failAt("unterminated string");
            const char c = m_text[m_pos];
            if (c == '"') {
                ++m_pos;
                return out;
            }
            if (static_cast<unsigned char>(c) < 0x20)
                failAt("control character in string");
            if (c != '\\') {
                out += c;
                ++m_pos;
                continue;
            }
            ++m_pos;
            const char e = peek();
            ++m_pos;
            switch (e) {
            case '"':
            case '\\':
            case '/':
                out += e;
                break;
            case 'b':
                out += '\b';
                break;
            case 'f':
                out += '\f';
                break;
            case 'n':
                out += '\n';
                break;
            case 'r':
                out += '\r';
                break;
            case 't':
                out += '\t';
                break;
            case 'u': {
                unsigned cp = hex4();
                if (cp >= 0xdc00 && cp <= 0xdfff)
                    failAt("lone low surrogate in \\u escape");
                if (cp >= 0xd800 && cp <= 0xdbff) {
                    if (m_text.substr(m_pos, 2) != "\\u")
                        failAt("lone high surrogate in \\u escape");
                    m_pos += 2;
                    const unsigned low = hex4();
                    if (low < 0xdc00 || low > 0xdfff)
                        failAt("lone high surrogate in \\u escape");
                    cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
                }
                appendUtf8(out, cp);
                break;
            }
            default:
                --m_pos;
                failAt("invalid escape");
            }
        }
    }

    std::string_view m_text;
    std::size_t m_base = 0;
    std::size_t m_pos = 0;
    std::string_view m_what;
    std::string_view m_origin;
    std::size_t m_values = 0;
};

} // namespace

Json parseJson(const JsonSource &source)
{
    return JsonParser(source).parseDocument();
}

std::size_t invalidUtf8At(std::string_view s)
{
    for (std::size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        const std::size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
        if (n == 0 || i + n > s.size())
            return i;
        std::uint32_t cp = n == 1 ? c : c & (0x7fu >> n);
        for (std::size_t k = 1; k < n; ++k) {
            const auto cc = static_cast<unsigned char>(s[i + k]);
            if ((cc >> 6) != 2)
                return i;
            cp = (cp << 6) | (cc & 0x3f);
        }
        const std::uint32_t minimum[] = {0, 0, 0x80, 0x800, 0x10000};
        if (cp < minimum[n] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
            return i;
        i += n;
    }
    return std::string_view::npos;
}

} // namespace embedlab::core
