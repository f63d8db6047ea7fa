// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/io/NpyReader.h"

#include "core/tensor/Error.h"

#include <cstring>
#include <limits>
#include <string>

namespace embedlab::core {

namespace {

std::string printable(std::span<const std::uint8_t> bytes)
{
    static const char *hex = "0123456789abcdef";
    std::string s;
    for (std::uint8_t b : bytes) {
        if (b >= 0x20 && b < 0x7f && b != '\\' && b != '\'') {
            s += static_cast<char>(b);
        } else {
            s += "\\x";
            s += hex[b >> 4];
            s += hex[b & 15];
        }
    }
    return "'" + s + "'";
}

// The header dict as numpy.save writes it: {'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }
// A Python literal subset, parsed strictly: anything else is named with its byte position.
class HeaderParser {
public:
    HeaderParser(std::string_view text, std::size_t base, bool allowLongSuffix)
        : m_text(text)
        , m_base(base)
        , m_allowLong(allowLongSuffix)
    {}

    struct Result {
        std::string descr;
        bool fortranOrder = false;
        Shape shape;
    };

    Result parse()
    {
        Result r;
        bool seenDescr = false, seenOrder = false, seenShape = false;
        expect('{');
        while (true) {
            skipSpace();
            if (peek() == '}')
                break;
            const std::size_t keyAt = m_pos;
            const std::string key = parseString();
            expect(':');
            if (key == "descr") {
                if (seenDescr)
                    failAt("duplicate key 'descr'", keyAt);
                skipSpace();
                if (peek() == '[')
                    throwValueError(
                        "structured dtypes (a list descr) are not supported: EmbedLab reads plain numeric "
                        "arrays");
                r.descr = parseString();
                seenDescr = true;
            } else if (key == "fortran_order") {
                if (seenOrder)
                    failAt("duplicate key 'fortran_order'", keyAt);
                r.fortranOrder = parseBool();
                seenOrder = true;
            } else if (key == "shape") {
                if (seenShape)
                    failAt("duplicate key 'shape'", keyAt);
                r.shape = parseShape();
                seenShape = true;
            } else {
                failAt("unexpected key '" + key +
                           "' (a .npy header has exactly 'descr', 'fortran_order', 'shape')",
                       keyAt);
            }
            skipSpace();
            if (peek() == ',') {
                ++m_pos;
                continue;
            }
            if (peek() != '}')
                failAt("expected ',' or '}'");
        }
        ++m_pos;
        skipSpace();
        if (m_pos != m_text.size())
            failAt("unexpected text after the header dict");
        if (!seenDescr || !seenOrder || !seenShape)
            throwValueError(std::string("header is missing the key '") +
                            (!seenDescr   ? "descr"
                             : !seenOrder ? "fortran_order"
                                          : "shape") +
                            "'");
        return r;
    }

private:
    [[noreturn]] void failAt(const std::string &what) const { failAt(what, m_pos); }
    [[noreturn]] void failAt(const std::string &what, std::size_t at) const
    {
        throwValueError("header: " + what + " at byte " + std::to_string(m_base + at));
    }
    char peek() const { return m_pos < m_text.size() ? m_text[m_pos] : '\0'; }
    void skipSpace()
    {
        while (m_pos < m_text.size() && (m_text[m_pos] == ' ' || m_text[m_pos] == '\n' ||
                                         m_text[m_pos] == '\t' || m_text[m_pos] == '\r'))
            ++m_pos;
    }
    void expect(char c)
    {
        skipSpace();
        if (peek() != c)
            failAt(std::string("expected '") + c + "'");
        ++m_pos;
    }
    std::string parseString()
    {
        skipSpace();
        const char quote = peek();
        if (quote != '\'' && quote != '"')
            failAt("expected a quoted string");
        const std::size_t start = ++m_pos;
        while (m_pos < m_text.size() && m_text[m_pos] != quote) {
            if (m_text[m_pos] == '\\' || m_text[m_pos] == '\n')
                failAt("escape sequences and line breaks in header strings are not supported");
            ++m_pos;
        }
        if (m_pos >= m_text.size())
            failAt("unterminated string");
        return std::string(m_text.substr(start, m_pos++ - start));
    }
    bool parseBool()
    {
        skipSpace();
        if (m_text.substr(m_pos, 4) == "True") {
            m_pos += 4;
            return true;
        }
        if (m_text.substr(m_pos, 5) == "False") {
            m_pos += 5;
            return false;
        }
        failAt("fortran_order is not True or False");
    }
    Index parseDimension()
    {
        skipSpace();
        const std::size_t start = m_pos;
        const bool negative = peek() == '-';
        if (negative)
            ++m_pos;
        if (!(peek() >= '0' && peek() <= '9'))
            failAt("shape is not a tuple of integers");
        std::uint64_t value = 0;
        bool overflow = false;
        while (peek() >= '0' && peek() <= '9') {
            const auto digit = static_cast<std::uint64_t>(peek() - '0');
            if (value > (static_cast<std::uint64_t>(std::numeric_limits<Index>::max()) - digit) / 10)
                overflow = true;
            else
                value = value * 10 + digit;
            ++m_pos;
        }
        if (m_allowLong && peek() == 'L')
            ++m_pos; // Python 2 wrote 3L; numpy's _filter_header drops the suffix for 1.0 and 2.0
        const std::string literal(m_text.substr(start, m_pos - start));
        if (negative)
            failAt("negative dimension " + literal + " in shape");
        if (overflow)
            failAt("dimension " + literal + " is too large");
        return static_cast<Index>(value);
    }
    Shape parseShape()
    {
        skipSpace();
        const std::size_t tupleAt = m_pos;
        if (peek() != '(')
            failAt("shape is not a tuple");
        ++m_pos;
        Shape shape;
        bool sawComma = false;
        while (true) {
            skipSpace();
            if (peek() == ')')
                break;
            shape.push_back(parseDimension());
            skipSpace();
            if (peek() == ',') {
                ++m_pos;
                sawComma = true;
                continue;
            }
            if (peek() != ')')
                failAt("expected ',' or ')' in shape");
        }
        ++m_pos;
        if (shape.size() == 1 && !sawComma)
            failAt("shape (n) is an integer, not a tuple; numpy writes (n,)", tupleAt);
        if (shape.size() > 64)
            failAt("shape has " + std::to_string(shape.size()) + " dimensions, more than NumPy's 64");
        return shape;
    }

    std::string_view m_text;
    std::size_t m_base = 0;
    bool m_allowLong = false;
    std::size_t m_pos = 0;
};

struct Descr {
    ElementType element = ElementType::Unsupported;
    std::size_t itemSize = 0;
    bool bigEndian = false;
};

Descr parseDescr(const std::string &descr)
{
    std::string_view d = descr;
    char order = '=';
    if (!d.empty() && (d[0] == '<' || d[0] == '>' || d[0] == '|' || d[0] == '='))
        order = d[0], d.remove_prefix(1);
    if (d == "O" || d.starts_with("O"))
        throwValueError(
            "descr '" + descr +
            "' is an object array: its elements are Python pickles, which EmbedLab never executes; "
            "save a numeric array instead (numpy.save(path, array.astype(numpy.float32)))");
    Descr r;
    const std::string_view kinds[] = {"f2", "f4", "f8", "i1", "i2", "i4", "i8", "u1", "u2", "u4", "u8", "b1"};
    const ElementType types[] = {ElementType::F16, ElementType::F32, ElementType::F64, ElementType::I8,
                                 ElementType::I16, ElementType::I32, ElementType::I64, ElementType::U8,
                                 ElementType::U16, ElementType::U32, ElementType::U64, ElementType::Bool};
    for (std::size_t i = 0; i < std::size(kinds); ++i) {
        if (d == kinds[i]) {
            r.element = types[i];
            r.itemSize = static_cast<std::size_t>(d[1] - '0');
        }
    }
    if (r.element == ElementType::Unsupported)
        throwValueError(
            "descr '" + descr +
            "' is not supported: EmbedLab reads float (f2, f4, f8), integer (i1..i8, u1..u8) and bool (b1) "
            "arrays");
    if (order == '|' && r.itemSize > 1)
        throwValueError("descr '" + descr + "' has no byte order ('|') but " + std::to_string(r.itemSize) +
                        "-byte elements");
    r.bigEndian = order == '>' && r.itemSize > 1;
    return r;
}

bool validUtf8(std::string_view s, std::size_t &characters, std::size_t &badAt)
{
    characters = 0;
    for (std::size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        std::size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
        if (n == 0 || i + n > s.size()) {
            badAt = i;
            return false;
        }
        std::uint32_t cp = n == 1 ? c : c & (0x7f >> n);
        for (std::size_t k = 1; k < n; ++k) {
            const auto cc = static_cast<unsigned char>(s[i + k]);
            if ((cc >> 6) != 2) {
                badAt = i;
                return false;
            }
            cp = (cp << 6) | (cc & 0x3f);
        }
        const std::uint32_t minimum[] = {0, 0, 0x80, 0x800, 0x10000};
        if (cp < minimum[n] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) {
            badAt = i;
            return false;
        }
        i += n;
        ++characters;
    }
    return true;
}

} // namespace

WeightIndex readNpy(std::span<const std::uint8_t> file)
{
    static const std::uint8_t magic[] = {0x93, 'N', 'U', 'M', 'P', 'Y'};
    if (file.size() < 8)
        throwValueError("truncated: the .npy magic string and version need 8 bytes, the file has " +
                        std::to_string(file.size()));
    if (std::memcmp(file.data(), magic, 6) != 0)
        throwValueError("the magic string is not correct; expected '\\x93NUMPY', got " +
                        printable(file.first(6)));
    const int major = file[6], minor = file[7];
    if (!((major == 1 || major == 2 || major == 3) && minor == 0))
        throwValueError("unsupported .npy format version " + std::to_string(major) + "." +
                        std::to_string(minor) + " (NumPy writes 1.0, 2.0 and 3.0)");
    const std::size_t lengthBytes = major == 1 ? 2 : 4;
    if (file.size() < 8 + lengthBytes)
        throwValueError("truncated: the header length field needs " + std::to_string(8 + lengthBytes) +
                        " bytes, the file has " + std::to_string(file.size()));
    std::uint64_t headerLength = 0;
    for (std::size_t i = 0; i < lengthBytes; ++i)
        headerLength |= static_cast<std::uint64_t>(file[8 + i]) << (8 * i);
    const std::size_t headerStart = 8 + lengthBytes;
    if (headerLength > file.size() - headerStart)
        throwValueError("header length " + std::to_string(headerLength) + " exceeds file size " +
                        std::to_string(file.size()));
    const std::string_view header(reinterpret_cast<const char *>(file.data() + headerStart),
                                  static_cast<std::size_t>(headerLength));
    std::size_t characters = header.size();
    if (major == 3) {
        std::size_t badAt = 0;
        if (!validUtf8(header, characters, badAt))
            throwValueError("header is not valid UTF-8 at byte " + std::to_string(headerStart + badAt));
    }
    if (characters > kNpyMaxHeaderSize)
        throwValueError("header length " + std::to_string(characters) + " is larger than NumPy's limit of " +
                        std::to_string(kNpyMaxHeaderSize) + " characters (numpy.load refuses it too)");
    const auto dict = HeaderParser(header, headerStart, major < 3).parse();
    const Descr descr = parseDescr(dict.descr);

    TensorInfo info;
    info.name = "array";
    info.dtype = dict.descr;
    info.shape = dict.shape;
    info.element = descr.element;
    info.bigEndian = descr.bigEndian;
    info.fortranOrder = dict.fortranOrder && dict.shape.size() > 1;
    info.offset = headerStart + headerLength;
    const auto size = checkedByteSize(dict.shape, descr.itemSize);
    if (!size)
        throwValueError("shape " + shapeString(dict.shape) + " overflows: its element count times " +
                        std::to_string(descr.itemSize) + " bytes does not fit in 63 bits");
    const std::uint64_t bytes = *size;
    info.size = bytes;
    if (bytes > file.size() - info.offset)
        throwValueError("truncated: shape " + shapeString(dict.shape) + " of '" + dict.descr + "' needs " +
                        std::to_string(bytes) + " bytes of data at offset " + std::to_string(info.offset) +
                        ", the file has " + std::to_string(file.size() - info.offset));
    WeightIndex index;
    index.tensors.push_back(std::move(info));
    index.metadata = {{"format", "npy " + std::to_string(major) + ".0"},
                      {"fortran_order", dict.fortranOrder ? "True" : "False"}};
    return index;
}

} // namespace embedlab::core
