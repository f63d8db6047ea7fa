// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/io/Safetensors.h"

#include "core/tensor/Error.h"

#include <algorithm>
#include <limits>
#include <map>
#include <string>
#include <string_view>

namespace embedlab::core {

namespace {

[[noreturn]] void fail(const std::string &message)
{
    throw Error(Error::Kind::ValueError, message);
}

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
};

const char *typeName(Json::Type t)
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

// RFC 8259 JSON, strictly: no comments, no trailing commas, no lone surrogates, nesting capped.
class JsonParser {
public:
    JsonParser(std::string_view text, std::size_t base)
        : m_text(text)
        , m_base(base)
    {}

    Json parseDocument()
    {
        Json value = parseValue(0);
        skipSpace();
        if (m_pos != m_text.size())
            failAt("unexpected text after the JSON header");
        return value;
    }

private:
    static constexpr int kMaxDepth = 64;

    [[noreturn]] void failAt(const std::string &what) const
    {
        fail("invalid JSON header: " + what + " at byte " + std::to_string(m_base + m_pos));
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
        if (depth > kMaxDepth)
            failAt("nesting deeper than " + std::to_string(kMaxDepth) + " levels");
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

    static void appendUtf8(std::string &out, unsigned cp)
    {
        if (cp < 0x80) {
            out += static_cast<char>(cp);
        } else if (cp < 0x800) {
            out += static_cast<char>(0xc0 | (cp >> 6));
            out += static_cast<char>(0x80 | (cp & 0x3f));
        } else if (cp < 0x10000) {
            out += static_cast<char>(0xe0 | (cp >> 12));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
            out += static_cast<char>(0x80 | (cp & 0x3f));
        } else {
            out += static_cast<char>(0xf0 | (cp >> 18));
            out += static_cast<char>(0x80 | ((cp >> 12) & 0x3f));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
            out += static_cast<char>(0x80 | (cp & 0x3f));
        }
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
};

// Returns the byte index of the first invalid UTF-8 sequence, or npos.
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

struct DtypeSpec {
    std::string_view name;
    ElementType element;
    std::uint64_t size;
};

constexpr DtypeSpec kDtypes[] = {
    {"BOOL", ElementType::Bool, 1},
    {"U8", ElementType::U8, 1},
    {"I8", ElementType::I8, 1},
    {"F8_E5M2", ElementType::Unsupported, 1},
    {"F8_E4M3", ElementType::Unsupported, 1},
    {"F8_E8M0", ElementType::Unsupported, 1},
    {"I16", ElementType::I16, 2},
    {"U16", ElementType::U16, 2},
    {"F16", ElementType::F16, 2},
    {"BF16", ElementType::BF16, 2},
    {"I32", ElementType::I32, 4},
    {"U32", ElementType::U32, 4},
    {"F32", ElementType::F32, 4},
    {"F64", ElementType::F64, 8},
    {"I64", ElementType::I64, 8},
    {"U64", ElementType::U64, 8},
    {"C64", ElementType::Unsupported, 8},
};

std::uint64_t unsignedOf(const Json &v, const std::string &what)
{
    if (v.type != Json::Type::Number || v.text.empty() || v.text[0] == '-' ||
        v.text.find_first_of(".eE") != std::string::npos)
        fail(what + " is not a non-negative integer at byte " + std::to_string(v.position));
    std::uint64_t value = 0;
    for (char c : v.text) {
        const auto digit = static_cast<std::uint64_t>(c - '0');
        if (value > (std::numeric_limits<std::uint64_t>::max() - digit) / 10)
            fail(what + " " + v.text + " does not fit in 64 bits at byte " + std::to_string(v.position));
        value = value * 10 + digit;
    }
    return value;
}

// The 8-byte length, then the JSON header, which must be a UTF-8 object.
Json parseHeader(std::span<const std::uint8_t> file, std::uint64_t &headerLength)
{
    if (file.size() < 8)
        fail("truncated: the header length needs 8 bytes, the file has " + std::to_string(file.size()));
    headerLength = 0;
    for (int i = 0; i < 8; ++i)
        headerLength |= static_cast<std::uint64_t>(file[static_cast<std::size_t>(i)]) << (8 * i);
    if (headerLength > file.size() - 8)
        fail("header length " + std::to_string(headerLength) + " exceeds file size " +
             std::to_string(file.size()));
    if (headerLength > kSafetensorsMaxHeaderSize)
        fail("header length " + std::to_string(headerLength) + " exceeds the safetensors limit of " +
             std::to_string(kSafetensorsMaxHeaderSize) + " bytes");
    const std::string_view header(reinterpret_cast<const char *>(file.data() + 8),
                                  static_cast<std::size_t>(headerLength));
    if (header.empty() || header[0] != '{')
        fail("the JSON header does not start with '{' at byte 8");
    if (const std::size_t bad = invalidUtf8At(header); bad != std::string_view::npos)
        fail("the JSON header is not valid UTF-8 at byte " + std::to_string(8 + bad));
    Json root = JsonParser(header, 8).parseDocument();
    if (root.type != Json::Type::Object)
        fail("the JSON header is not an object");
    return root;
}

// '__metadata__': an object of strings, at most once.
void readMetadata(const Json &entry, bool &seenMetadata, WeightIndex &index)
{
    if (seenMetadata)
        fail("duplicate '__metadata__' at byte " + std::to_string(entry.position));
    seenMetadata = true;
    if (entry.type != Json::Type::Object)
        fail("'__metadata__' is " + std::string(typeName(entry.type)) + ", not an object of strings");
    for (std::size_t i = 0; i < entry.keys.size(); ++i) {
        const std::string &key = entry.keys[i];
        const Json &value = entry.values[i];
        if (value.type != Json::Type::String)
            fail("'__metadata__' value for '" + key + "' is " + typeName(value.type) + ", not a string");
        index.metadata.emplace_back(key, value.text);
    }
}

// One tensor's entry: exactly dtype, shape and data_offsets, consistent with each other and the file.
TensorInfo tensorInfo(const std::string &name, const Json &entry, std::uint64_t dataStart,
                      std::uint64_t dataSize)
{
    const std::string where = "tensor '" + name + "'";
    if (entry.type != Json::Type::Object)
        fail(where + " is " + typeName(entry.type) + ", not an object");
    const Json *dtype = nullptr, *shape = nullptr, *offsets = nullptr;
    for (std::size_t i = 0; i < entry.keys.size(); ++i) {
        const std::string &key = entry.keys[i];
        const Json &value = entry.values[i];
        const Json **slot = key == "dtype"          ? &dtype
                            : key == "shape"        ? &shape
                            : key == "data_offsets" ? &offsets
                                                    : nullptr;
        if (!slot)
            fail(where + ": unexpected key '" + key + "' (expected dtype, shape, data_offsets)");
        if (*slot)
            fail(where + ": duplicate key '" + key + "'");
        *slot = &value;
    }
    if (!dtype || !shape || !offsets)
        fail(where + ": missing '" + std::string(!dtype ? "dtype" : !shape ? "shape" : "data_offsets") + "'");
    if (dtype->type != Json::Type::String)
        fail(where + ": dtype is " + typeName(dtype->type) + ", not a string");
    const DtypeSpec *spec = nullptr;
    for (const DtypeSpec &d : kDtypes) {
        if (d.name == dtype->text)
            spec = &d;
    }
    if (!spec)
        fail(where + ": unknown dtype '" + dtype->text + "'");
    if (shape->type != Json::Type::Array)
        fail(where + ": shape is " + typeName(shape->type) + ", not an array");
    TensorInfo info;
    info.name = name;
    info.dtype = dtype->text;
    info.element = spec->element;
    if (spec->element == ElementType::Unsupported)
        info.unsupported = "safetensors dtype " + dtype->text + " is not supported";
    for (const Json &d : shape->items) {
        const std::uint64_t dim = unsignedOf(d, where + ": shape dimension");
        if (dim > static_cast<std::uint64_t>(std::numeric_limits<Index>::max()))
            fail(where + ": shape dimension " + d.text + " is too large");
        info.shape.push_back(static_cast<Index>(dim));
    }
    const auto bytes = checkedByteSize(info.shape, spec->size);
    if (!bytes)
        fail(where + ": shape " + shapeString(info.shape) + " overflows: its element count times " +
             std::to_string(spec->size) + " bytes does not fit in 63 bits");
    if (offsets->type != Json::Type::Array || offsets->items.size() != 2)
        fail(where + ": data_offsets is not an array of two integers");
    const std::uint64_t begin = unsignedOf(offsets->items[0], where + ": data_offsets begin");
    const std::uint64_t end = unsignedOf(offsets->items[1], where + ": data_offsets end");
    // Appended piecewise: GCC 12 warns falsely (-Wrestrict, bug 105329) on "[" + std::string.
    std::string range(1, '[');
    range.append(std::to_string(begin)).append(", ").append(std::to_string(end)).append("]");
    if (end < begin)
        fail(where + ": data_offsets " + range + " end before they begin");
    if (end - begin != *bytes)
        fail(where + ": data_offsets " + range + " hold " + std::to_string(end - begin) +
             " bytes but shape " + shapeString(info.shape) + " of " + info.dtype + " needs " +
             std::to_string(*bytes));
    if (end > dataSize)
        fail(where + ": data_offsets " + range + " end past the data section (" + std::to_string(dataSize) +
             " bytes from byte " + std::to_string(dataStart) + ")");
    info.offset = dataStart + begin;
    info.size = end - begin;
    return info;
}

// Sorts the tensors into data order and checks that they tile the data section exactly.
void checkTiling(WeightIndex &index, std::uint64_t dataStart, std::size_t fileSize)
{
    std::stable_sort(index.tensors.begin(), index.tensors.end(),
                     [](const TensorInfo &a, const TensorInfo &b) {
                         return a.offset != b.offset ? a.offset < b.offset : a.size < b.size;
                     });
    // The tensors must tile the data section exactly (the safetensors library's rule); a name that
    // repeats the previous tensor's range is an alias, which is how tied weights would be stored.
    std::uint64_t expected = dataStart;
    const TensorInfo *previous = nullptr;
    for (const TensorInfo &t : index.tensors) {
        const bool alias = previous && t.size > 0 && t.offset == previous->offset && t.size == previous->size;
        if (!alias) {
            if (t.offset < expected)
                fail("tensor '" + t.name + "' (bytes " + std::to_string(t.offset - dataStart) + ".." +
                     std::to_string(t.offset - dataStart + t.size) + " of the data) overlaps tensor '" +
                     previous->name + "'");
            if (t.offset > expected)
                fail("gap of " + std::to_string(t.offset - expected) +
                     " bytes in the data section before tensor '" + t.name + "' (at data byte " +
                     std::to_string(expected - dataStart) + ")");
            expected = t.offset + t.size;
        }
        previous = &t;
    }
    if (expected != fileSize)
        fail("the data section has " + std::to_string(fileSize - expected) +
             " bytes after the last tensor (at byte " + std::to_string(expected) + ")");
}

} // namespace

WeightIndex readSafetensors(std::span<const std::uint8_t> file)
{
    std::uint64_t headerLength = 0;
    const Json root = parseHeader(file, headerLength);
    const std::uint64_t dataStart = 8 + headerLength;
    const std::uint64_t dataSize = file.size() - dataStart;
    WeightIndex index;
    std::map<std::string, int> seen;
    bool seenMetadata = false;
    for (std::size_t member = 0; member < root.keys.size(); ++member) {
        const std::string &name = root.keys[member];
        const Json &entry = root.values[member];
        if (name == "__metadata__") {
            readMetadata(entry, seenMetadata, index);
            continue;
        }
        if (!seen.emplace(name, 0).second)
            fail("duplicate tensor name '" + name + "' at byte " + std::to_string(entry.position));
        index.tensors.push_back(tensorInfo(name, entry, dataStart, dataSize));
    }
    checkTiling(index, dataStart, file.size());
    return index;
}

} // namespace embedlab::core
