// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/io/Gguf.h"

#include "core/tensor/Error.h"

#include <algorithm>
#include <bit>
#include <cstdio>
#include <cstring>
#include <limits>
#include <set>
#include <string>

namespace embedlab::core {

namespace {

struct GgmlType {
    std::string_view name;
    std::uint64_t blockSize = 0; // elements per block
    std::uint64_t typeSize = 0;  // bytes per block
    ElementType element = ElementType::Unsupported;
};

// ggml.h's enum ggml_type and ggml.c's type_traits (block size, bytes per block). Ids 4, 5, 31-33 and
// 36-38 were removed from ggml and are refused as unknown. The types left Unsupported are listed
// with a reason: Q8_1 and Q8_K are ggml's scratch formats for matrix products (no converter writes
// them), and the IQ1/IQ2/IQ3 types and MXFP4 decode through lookup grids and codebooks of hundreds
// of entries that EmbedLab does not carry (issue #30).
GgmlType ggmlType(std::uint32_t id)
{
    switch (id) {
    case 0:
        return {"F32", 1, 4, ElementType::F32};
    case 1:
        return {"F16", 1, 2, ElementType::F16};
    case 2:
        return {"Q4_0", 32, 18, ElementType::Q4_0};
    case 3:
        return {"Q4_1", 32, 20, ElementType::Q4_1};
    case 6:
        return {"Q5_0", 32, 22, ElementType::Q5_0};
    case 7:
        return {"Q5_1", 32, 24, ElementType::Q5_1};
    case 8:
        return {"Q8_0", 32, 34, ElementType::Q8_0};
    case 9:
        return {"Q8_1", 32, 36};
    case 10:
        return {"Q2_K", 256, 84, ElementType::Q2_K};
    case 11:
        return {"Q3_K", 256, 110, ElementType::Q3_K};
    case 12:
        return {"Q4_K", 256, 144, ElementType::Q4_K};
    case 13:
        return {"Q5_K", 256, 176, ElementType::Q5_K};
    case 14:
        return {"Q6_K", 256, 210, ElementType::Q6_K};
    case 15:
        return {"Q8_K", 256, 292};
    case 16:
        return {"IQ2_XXS", 256, 66};
    case 17:
        return {"IQ2_XS", 256, 74};
    case 18:
        return {"IQ3_XXS", 256, 98};
    case 19:
        return {"IQ1_S", 256, 50};
    case 20:
        return {"IQ4_NL", 32, 18, ElementType::IQ4_NL};
    case 21:
        return {"IQ3_S", 256, 110};
    case 22:
        return {"IQ2_S", 256, 82};
    case 23:
        return {"IQ4_XS", 256, 136, ElementType::IQ4_XS};
    case 24:
        return {"I8", 1, 1, ElementType::I8};
    case 25:
        return {"I16", 1, 2, ElementType::I16};
    case 26:
        return {"I32", 1, 4, ElementType::I32};
    case 27:
        return {"I64", 1, 8, ElementType::I64};
    case 28:
        return {"F64", 1, 8, ElementType::F64};
    case 29:
        return {"IQ1_M", 256, 56};
    case 30:
        return {"BF16", 1, 2, ElementType::BF16};
    case 34:
        return {"TQ1_0", 256, 54, ElementType::TQ1_0};
    case 35:
        return {"TQ2_0", 256, 66, ElementType::TQ2_0};
    case 39:
        return {"MXFP4", 32, 17};
    default:
        return {};
    }
}

enum ValueType : std::uint32_t {
    kUint8 = 0,
    kInt8,
    kUint16,
    kInt16,
    kUint32,
    kInt32,
    kFloat32,
    kBool,
    kString,
    kArray,
    kUint64,
    kInt64,
    kFloat64,
};

class Cursor {
public:
    explicit Cursor(std::span<const std::uint8_t> file)
        : m_file(file)
    {}

    std::size_t position() const { return m_pos; }
    std::size_t remaining() const { return m_file.size() - m_pos; }

    void need(std::size_t bytes, const char *what) const
    {
        if (bytes > remaining())
            throwValueError(std::string("truncated: reading ") + what + " at byte " + std::to_string(m_pos) +
                            " needs " + std::to_string(bytes) + " bytes, the file has " +
                            std::to_string(remaining()) + " left");
    }
    template <typename T> T read(const char *what)
    {
        need(sizeof(T), what);
        T value;
        std::memcpy(&value, m_file.data() + m_pos, sizeof(T));
        m_pos += sizeof(T);
        return value;
    }
    std::string readString(const char *what)
    {
        const auto length = read<std::uint64_t>(what);
        if (length > remaining())
            throwValueError(std::string("truncated: ") + what + " at byte " + std::to_string(m_pos - 8) +
                            " claims " + std::to_string(length) + " bytes, the file has " +
                            std::to_string(remaining()) + " left");
        std::string s(reinterpret_cast<const char *>(m_file.data() + m_pos),
                      static_cast<std::size_t>(length));
        m_pos += static_cast<std::size_t>(length);
        return s;
    }
    std::string_view readStringView(const char *what)
    {
        const auto length = read<std::uint64_t>(what);
        if (length > remaining())
            throwValueError(std::string("truncated: ") + what + " at byte " + std::to_string(m_pos - 8) +
                            " claims " + std::to_string(length) + " bytes, the file has " +
                            std::to_string(remaining()) + " left");
        const std::string_view s(reinterpret_cast<const char *>(m_file.data() + m_pos),
                                 static_cast<std::size_t>(length));
        m_pos += static_cast<std::size_t>(length);
        return s;
    }
    void skip(std::size_t bytes, const char *what)
    {
        need(bytes, what);
        m_pos += bytes;
    }

private:
    std::span<const std::uint8_t> m_file;
    std::size_t m_pos = 0;
};

std::size_t scalarSize(std::uint32_t type)
{
    switch (type) {
    case kUint8:
    case kInt8:
    case kBool:
        return 1;
    case kUint16:
    case kInt16:
        return 2;
    case kUint32:
    case kInt32:
    case kFloat32:
        return 4;
    case kUint64:
    case kInt64:
    case kFloat64:
        return 8;
    default:
        return 0;
    }
}

std::string formatFloat(double v)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.9g", v);
    return buffer;
}

std::string readScalar(Cursor &c, std::uint32_t type)
{
    switch (type) {
    case kUint8:
        return std::to_string(c.read<std::uint8_t>("a uint8 value"));
    case kInt8:
        return std::to_string(c.read<std::int8_t>("an int8 value"));
    case kUint16:
        return std::to_string(c.read<std::uint16_t>("a uint16 value"));
    case kInt16:
        return std::to_string(c.read<std::int16_t>("an int16 value"));
    case kUint32:
        return std::to_string(c.read<std::uint32_t>("a uint32 value"));
    case kInt32:
        return std::to_string(c.read<std::int32_t>("an int32 value"));
    case kFloat32:
        return formatFloat(c.read<float>("a float32 value"));
    case kBool: {
        const auto b = c.read<std::uint8_t>("a bool value");
        if (b > 1)
            throwValueError("bool value " + std::to_string(b) + " at byte " +
                            std::to_string(c.position() - 1) + " is neither 0 nor 1");
        return b ? "true" : "false";
    }
    case kUint64:
        return std::to_string(c.read<std::uint64_t>("a uint64 value"));
    case kInt64:
        return std::to_string(c.read<std::int64_t>("an int64 value"));
    case kFloat64:
        return formatFloat(c.read<double>("a float64 value"));
    default:
        throwValueError("unknown metadata value type " + std::to_string(type) + " at byte " +
                        std::to_string(c.position() - 4));
    }
}

constexpr const char *kTypeNames[] = {"uint8", "int8",   "uint16", "int16",  "uint32", "int32",  "float32",
                                      "bool",  "string", "array",  "uint64", "int64",  "float64"};

// An array header: its item type and a length no larger than the rest of the file can hold.
std::uint64_t readArrayHeader(Cursor &c, std::uint32_t &itemType)
{
    itemType = c.read<std::uint32_t>("an array's item type");
    const auto count = c.read<std::uint64_t>("an array's length");
    if (itemType > kFloat64)
        throwValueError("unknown array item type " + std::to_string(itemType) + " at byte " +
                        std::to_string(c.position() - 12));
    // Every item takes at least one byte (strings at least eight), so a count beyond that is a lie.
    const std::size_t minimum = itemType == kString || itemType == kArray ? 8 : scalarSize(itemType);
    if (count > c.remaining() / minimum)
        throwValueError("truncated: array of " + std::to_string(count) + " " + kTypeNames[itemType] +
                        " at byte " + std::to_string(c.position() - 12) +
                        " is longer than the rest of the file");
    return count;
}

// A value as text; arrays longer than a few items are summarised (a tokenizer's 50257 strings are
// skipped over, not copied).
std::string readValue(Cursor &c, std::uint32_t type, int depth)
{
    if (type == kString)
        return '"' + c.readString("a string value") + '"';
    if (type != kArray)
        return readScalar(c, type);
    if (depth >= 4)
        throwValueError("metadata arrays nested deeper than 4 levels at byte " +
                        std::to_string(c.position()));
    std::uint32_t itemType = 0;
    const std::uint64_t count = readArrayHeader(c, itemType);
    std::string text = "[";
    for (std::uint64_t i = 0; i < count; ++i) {
        if (itemType != kString && itemType != kArray && i >= 8) {
            c.skip(static_cast<std::size_t>(count - i) * scalarSize(itemType), "array items");
            text += ", ...";
            break;
        }
        const std::string item = readValue(c, itemType, depth + 1);
        if (i < 8)
            text += (i ? ", " : "") + item;
        else if (i == 8)
            text += ", ...";
    }
    return text + "] (" + std::to_string(count) + " " + kTypeNames[itemType] + ")";
}

// The magic and the version (2 or 3, little-endian).
std::uint32_t readVersion(Cursor &c, std::span<const std::uint8_t> file)
{
    c.need(4, "the magic 'GGUF'");
    if (std::memcmp(file.data(), "GGUF", 4) != 0)
        throwValueError("not a GGUF file: the magic at byte 0 is not 'GGUF'");
    c.skip(4, "the magic");
    const auto version = c.read<std::uint32_t>("the version");
    if (version == 0x03000000 || version == 0x02000000)
        throwValueError("big-endian GGUF files are not supported");
    if (version == 1)
        throwValueError("GGUF version 1 is not supported (re-convert the model with a current llama.cpp)");
    if (version != 2 && version != 3)
        throwValueError("unknown GGUF version " + std::to_string(version) +
                        " at byte 4 (EmbedLab reads versions 2 and 3)");
    return version;
}

// The key/value pairs, into index.metadata; returns general.alignment (32 when absent).
std::uint64_t readMetadata(Cursor &c, std::uint64_t kvCount, WeightIndex &index)
{
    std::set<std::string> keys;
    std::uint64_t alignment = 32;
    for (std::uint64_t i = 0; i < kvCount; ++i) {
        const std::size_t at = c.position();
        std::string key = c.readString("a metadata key");
        if (!keys.insert(key).second)
            throwValueError("duplicate metadata key '" + key + "' at byte " + std::to_string(at));
        const auto type = c.read<std::uint32_t>("a metadata value type");
        if (type > kFloat64)
            throwValueError("unknown metadata value type " + std::to_string(type) + " for '" + key +
                            "' at byte " + std::to_string(c.position() - 4));
        if (key == "general.alignment") {
            if (type != kUint32)
                throwValueError("general.alignment is " + std::string(kTypeNames[type]) + ", not uint32");
            alignment = c.read<std::uint32_t>("general.alignment");
            if (alignment == 0 || (alignment & (alignment - 1)) != 0)
                throwValueError("general.alignment " + std::to_string(alignment) + " is not a power of two");
            index.metadata.emplace_back(std::move(key), std::to_string(alignment));
            continue;
        }
        std::string value = readValue(c, type, 0);
        index.metadata.emplace_back(std::move(key), std::move(value));
    }
    return alignment;
}

// One tensor info; its data offset, relative to the data section, goes to `offsetOut`.
TensorInfo readTensorInfo(Cursor &c, std::uint64_t alignment, std::set<std::string> &names,
                          std::uint64_t &offsetOut)
{
    const std::size_t at = c.position();
    TensorInfo info;
    info.name = c.readString("a tensor name");
    const std::string where = "tensor '" + info.name + "' (info at byte " + std::to_string(at) + ")";
    if (!names.insert(info.name).second)
        throwValueError("duplicate tensor name '" + info.name + "' at byte " + std::to_string(at));
    const auto dims = c.read<std::uint32_t>("a tensor's dimension count");
    if (dims > 4)
        throwValueError(where + " has " + std::to_string(dims) + " dimensions; ggml allows at most 4");
    std::vector<std::uint64_t> ne(dims);
    for (auto &d : ne) {
        d = c.read<std::uint64_t>("a tensor dimension");
        if (d > static_cast<std::uint64_t>(std::numeric_limits<Index>::max()))
            throwValueError(where + ": dimension " + std::to_string(d) + " is too large");
    }
    const auto typeId = c.read<std::uint32_t>("a tensor type");
    const GgmlType type = ggmlType(typeId);
    if (type.name.empty())
        throwValueError(where + ": unknown ggml type " + std::to_string(typeId));
    const auto offset = c.read<std::uint64_t>("a tensor offset");
    info.dtype = std::string(type.name);
    info.element = type.element;
    if (type.element == ElementType::Unsupported)
        info.unsupported = "GGUF type " + info.dtype +
                           " is not supported (EmbedLab reads F32, F16, BF16, F64, I8-I64, Q4_0, Q4_1, Q5_0, "
                           "Q5_1, Q8_0, Q2_K, Q3_K, Q4_K, Q5_K, Q6_K, IQ4_NL, IQ4_XS, TQ1_0 and TQ2_0; "
                           "re-quantise with llama.cpp's llama-quantize to one of those, e.g. Q4_K_M, or "
                           "convert to F16)";
    for (auto d = ne.rbegin(); d != ne.rend(); ++d)
        info.shape.push_back(static_cast<Index>(*d));
    const std::uint64_t innermost = ne.empty() ? 1 : ne[0];
    if (innermost % type.blockSize != 0)
        throwValueError(where + ": innermost dimension " + std::to_string(innermost) +
                        " is not a multiple of " + info.dtype + "'s block of " +
                        std::to_string(type.blockSize));
    const auto elements = checkedByteSize(info.shape, 1);
    std::uint64_t bytes = 0;
    if (!elements || __builtin_mul_overflow(*elements / type.blockSize, type.typeSize, &bytes))
        throwValueError(where + ": shape " + shapeString(info.shape) + " overflows");
    if (offset % alignment != 0)
        throwValueError(where + ": offset " + std::to_string(offset) +
                        " is not a multiple of the alignment " + std::to_string(alignment));
    info.size = bytes;
    offsetOut = offset;
    return info;
}

// Places the tensors in the data section, which each must fit in.
void placeTensors(WeightIndex &index, const std::vector<std::uint64_t> &relative, std::uint64_t dataStart,
                  std::size_t fileSize)
{
    for (std::size_t i = 0; i < index.tensors.size(); ++i) {
        TensorInfo &t = index.tensors[i];
        const std::uint64_t available = fileSize - dataStart;
        if (relative[i] > available || t.size > available - relative[i])
            throwValueError("tensor '" + t.name + "': data at offset " + std::to_string(relative[i]) + " (" +
                            std::to_string(t.size) +
                            " bytes) runs past the end of the file (the data section has " +
                            std::to_string(available) + " bytes)");
        t.offset = dataStart + relative[i];
    }
}

void checkOverlaps(const WeightIndex &index, std::uint64_t dataStart)
{
    // Ranges may repeat exactly (two names for one storage) but never partly overlap.
    std::vector<const TensorInfo *> sorted;
    for (const TensorInfo &t : index.tensors) {
        if (t.size > 0)
            sorted.push_back(&t);
    }
    std::sort(sorted.begin(), sorted.end(), [](const TensorInfo *a, const TensorInfo *b) {
        return a->offset != b->offset ? a->offset < b->offset : a->size < b->size;
    });
    for (std::size_t i = 1; i < sorted.size(); ++i) {
        const TensorInfo &a = *sorted[i - 1], &b = *sorted[i];
        const bool alias = a.offset == b.offset && a.size == b.size;
        if (!alias && b.offset < a.offset + a.size)
            throwValueError("tensor '" + b.name + "' (data bytes " + std::to_string(b.offset - dataStart) +
                            ".." + std::to_string(b.offset - dataStart + b.size) + ") overlaps tensor '" +
                            a.name + "'");
    }
}

// Skips a value without building anything.
void skipValue(Cursor &c, std::uint32_t type, int depth)
{
    if (type == kString) {
        c.readStringView("a string value");
        return;
    }
    if (type != kArray) {
        if (scalarSize(type) == 0)
            throwValueError("unknown metadata value type " + std::to_string(type) + " at byte " +
                            std::to_string(c.position() - 4));
        c.skip(scalarSize(type), "a metadata value");
        return;
    }
    if (depth >= 4)
        throwValueError("metadata arrays nested deeper than 4 levels at byte " +
                        std::to_string(c.position()));
    std::uint32_t itemType = 0;
    const std::uint64_t count = readArrayHeader(c, itemType);
    if (itemType != kString && itemType != kArray) {
        c.skip(static_cast<std::size_t>(count) * scalarSize(itemType), "array items");
        return;
    }
    for (std::uint64_t i = 0; i < count; ++i)
        skipValue(c, itemType, depth + 1);
}

} // namespace

GgufTokenizerData readGgufTokenizer(std::span<const std::uint8_t> file)
{
    Cursor c(file);
    readVersion(c, file);
    c.read<std::uint64_t>("the tensor count");
    const auto kvCount = c.read<std::uint64_t>("the metadata count");
    if (kvCount > c.remaining() / 12)
        throwValueError("truncated or corrupt: metadata count " + std::to_string(kvCount) +
                        " at byte 16 is more than the " + std::to_string(c.remaining()) +
                        " bytes left can hold");
    GgufTokenizerData data;
    for (std::uint64_t i = 0; i < kvCount; ++i) {
        const std::string_view key = c.readStringView("a metadata key");
        const auto type = c.read<std::uint32_t>("a metadata value type");
        if (type > kFloat64)
            throwValueError("unknown metadata value type " + std::to_string(type) + " for '" +
                            std::string(key) + "' at byte " + std::to_string(c.position() - 4));
        if (key == "tokenizer.ggml.model" || key == "tokenizer.ggml.pre") {
            if (type != kString)
                throwValueError(std::string(key) + " is " + kTypeNames[type] + ", not a string");
            (key == "tokenizer.ggml.model" ? data.model : data.pre) =
                std::string(c.readStringView(std::string(key).c_str()));
        } else if (key == "tokenizer.ggml.add_space_prefix") {
            if (type != kBool)
                throwValueError("tokenizer.ggml.add_space_prefix is " + std::string(kTypeNames[type]) +
                                ", not a bool");
            data.addSpacePrefix = c.read<std::uint8_t>("tokenizer.ggml.add_space_prefix") != 0;
        } else if (key == "tokenizer.ggml.scores") {
            std::uint32_t itemType = 0;
            if (type != kArray)
                throwValueError("tokenizer.ggml.scores is " + std::string(kTypeNames[type]) +
                                ", not an array");
            const std::uint64_t count = readArrayHeader(c, itemType);
            if (itemType != kFloat32)
                throwValueError("tokenizer.ggml.scores is an array of " + std::string(kTypeNames[itemType]) +
                                ", not of float32");
            data.scores.resize(static_cast<std::size_t>(count));
            for (auto &score : data.scores)
                score = c.read<float>("a token score");
        } else if (key == "tokenizer.ggml.tokens" || key == "tokenizer.ggml.merges") {
            auto &into = key == "tokenizer.ggml.tokens" ? data.tokens : data.merges;
            std::uint32_t itemType = 0;
            if (type != kArray)
                throwValueError(std::string(key) + " is " + kTypeNames[type] + ", not an array of strings");
            const std::uint64_t count = readArrayHeader(c, itemType);
            if (itemType != kString)
                throwValueError(std::string(key) + " is an array of " + kTypeNames[itemType] +
                                ", not of strings");
            into.clear();
            into.reserve(static_cast<std::size_t>(count));
            for (std::uint64_t k = 0; k < count; ++k)
                into.push_back(c.readStringView(key == "tokenizer.ggml.tokens" ? "a token" : "a merge"));
        } else if (key == "tokenizer.ggml.token_type") {
            std::uint32_t itemType = 0;
            if (type != kArray)
                throwValueError("tokenizer.ggml.token_type is " + std::string(kTypeNames[type]) +
                                ", not an array");
            const std::uint64_t count = readArrayHeader(c, itemType);
            if (itemType != kInt32 && itemType != kUint32)
                throwValueError("tokenizer.ggml.token_type is an array of " +
                                std::string(kTypeNames[itemType]) + ", not of int32");
            data.tokenTypes.resize(static_cast<std::size_t>(count));
            for (auto &t : data.tokenTypes)
                t = c.read<std::int32_t>("a token type");
        } else {
            skipValue(c, type, 0);
        }
    }
    return data;
}

WeightIndex readGguf(std::span<const std::uint8_t> file)
{
    static_assert(std::endian::native == std::endian::little, "the GGUF reader assumes a little-endian host");
    Cursor c(file);
    const std::uint32_t version = readVersion(c, file);
    const auto tensorCount = c.read<std::uint64_t>("the tensor count");
    const auto kvCount = c.read<std::uint64_t>("the metadata count");
    // A key/value pair takes at least 12 bytes and a tensor info at least 24: bounds the counts
    // before anything is allocated.
    if (kvCount > c.remaining() / 12)
        throwValueError("truncated or corrupt: metadata count " + std::to_string(kvCount) +
                        " at byte 16 is more than the " + std::to_string(c.remaining()) +
                        " bytes left can hold");

    WeightIndex index;
    const std::uint64_t alignment = readMetadata(c, kvCount, index);
    if (tensorCount > c.remaining() / 24)
        throwValueError("truncated or corrupt: tensor count " + std::to_string(tensorCount) +
                        " at byte 8 is more than the " + std::to_string(c.remaining()) +
                        " bytes left (at byte " + std::to_string(c.position()) + ") can hold");
    std::set<std::string> names;
    std::vector<std::uint64_t> relative;
    for (std::uint64_t i = 0; i < tensorCount; ++i) {
        std::uint64_t offset = 0;
        index.tensors.push_back(readTensorInfo(c, alignment, names, offset));
        relative.push_back(offset);
    }
    const std::uint64_t dataStart = (c.position() + alignment - 1) / alignment * alignment;
    if (tensorCount > 0 && dataStart > file.size())
        throwValueError("truncated: the data section would start at byte " + std::to_string(dataStart) +
                        ", past the end (" + std::to_string(file.size()) + " bytes)");
    placeTensors(index, relative, dataStart, file.size());
    checkOverlaps(index, dataStart);
    index.metadata.insert(index.metadata.begin(), {"format", "gguf " + std::to_string(version)});
    return index;
}

} // namespace embedlab::core
