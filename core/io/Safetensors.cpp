// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/io/Safetensors.h"

#include "core/io/Json.h"
#include "core/tensor/Error.h"

#include <algorithm>
#include <limits>
#include <map>
#include <string>
#include <string_view>

namespace embedlab::core {

namespace {

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
        throwValueError(what + " is not a non-negative integer at byte " + std::to_string(v.position));
    std::uint64_t value = 0;
    for (char c : v.text) {
        const auto digit = static_cast<std::uint64_t>(c - '0');
        if (value > (std::numeric_limits<std::uint64_t>::max() - digit) / 10)
            throwValueError(what + " " + v.text + " does not fit in 64 bits at byte " +
                            std::to_string(v.position));
        value = value * 10 + digit;
    }
    return value;
}

// The 8-byte length, then the JSON header, which must be a UTF-8 object.
Json parseHeader(std::span<const std::uint8_t> file, std::uint64_t &headerLength)
{
    if (file.size() < 8)
        throwValueError("truncated: the header length needs 8 bytes, the file has " +
                        std::to_string(file.size()));
    headerLength = 0;
    for (int i = 0; i < 8; ++i)
        headerLength |= static_cast<std::uint64_t>(file[static_cast<std::size_t>(i)]) << (8 * i);
    if (headerLength > file.size() - 8)
        throwValueError("header length " + std::to_string(headerLength) + " exceeds file size " +
                        std::to_string(file.size()));
    if (headerLength > kSafetensorsMaxHeaderSize)
        throwValueError("header length " + std::to_string(headerLength) +
                        " exceeds the safetensors limit of " + std::to_string(kSafetensorsMaxHeaderSize) +
                        " bytes");
    const std::string_view header(reinterpret_cast<const char *>(file.data() + 8),
                                  static_cast<std::size_t>(headerLength));
    if (header.empty() || header[0] != '{')
        throwValueError("the JSON header does not start with '{' at byte 8");
    if (const std::size_t bad = invalidUtf8At(header); bad != std::string_view::npos)
        throwValueError("the JSON header is not valid UTF-8 at byte " + std::to_string(8 + bad));
    Json root = parseJson({header, 8, "JSON header", {}});
    if (root.type != Json::Type::Object)
        throwValueError("the JSON header is not an object");
    return root;
}

// '__metadata__': an object of strings, at most once.
void readMetadata(const Json &entry, bool &seenMetadata, WeightIndex &index)
{
    if (seenMetadata)
        throwValueError("duplicate '__metadata__' at byte " + std::to_string(entry.position));
    seenMetadata = true;
    if (entry.type != Json::Type::Object)
        throwValueError("'__metadata__' is " + std::string(jsonTypeName(entry.type)) +
                        ", not an object of strings");
    for (std::size_t i = 0; i < entry.keys.size(); ++i) {
        const std::string &key = entry.keys[i];
        const Json &value = entry.values[i];
        if (value.type != Json::Type::String)
            throwValueError("'__metadata__' value for '" + key + "' is " + jsonTypeName(value.type) +
                            ", not a string");
        index.metadata.emplace_back(key, value.text);
    }
}

// One tensor's entry: exactly dtype, shape and data_offsets, consistent with each other and the file.
TensorInfo tensorInfo(const std::string &name, const Json &entry, std::uint64_t dataStart,
                      std::uint64_t dataSize)
{
    const std::string where = "tensor '" + name + "'";
    if (entry.type != Json::Type::Object)
        throwValueError(where + " is " + jsonTypeName(entry.type) + ", not an object");
    const Json *dtype = nullptr, *shape = nullptr, *offsets = nullptr;
    for (std::size_t i = 0; i < entry.keys.size(); ++i) {
        const std::string &key = entry.keys[i];
        const Json &value = entry.values[i];
        const Json **slot = key == "dtype"          ? &dtype
                            : key == "shape"        ? &shape
                            : key == "data_offsets" ? &offsets
                                                    : nullptr;
        if (!slot)
            throwValueError(where + ": unexpected key '" + key + "' (expected dtype, shape, data_offsets)");
        if (*slot)
            throwValueError(where + ": duplicate key '" + key + "'");
        *slot = &value;
    }
    if (!dtype || !shape || !offsets)
        throwValueError(where + ": missing '" +
                        std::string(!dtype   ? "dtype"
                                    : !shape ? "shape"
                                             : "data_offsets") +
                        "'");
    if (dtype->type != Json::Type::String)
        throwValueError(where + ": dtype is " + jsonTypeName(dtype->type) + ", not a string");
    const DtypeSpec *spec = nullptr;
    for (const DtypeSpec &d : kDtypes) {
        if (d.name == dtype->text)
            spec = &d;
    }
    if (!spec)
        throwValueError(where + ": unknown dtype '" + dtype->text + "'");
    if (shape->type != Json::Type::Array)
        throwValueError(where + ": shape is " + jsonTypeName(shape->type) + ", not an array");
    TensorInfo info;
    info.name = name;
    info.dtype = dtype->text;
    info.element = spec->element;
    if (spec->element == ElementType::Unsupported)
        info.unsupported = "safetensors dtype " + dtype->text + " is not supported";
    for (const Json &d : shape->items) {
        const std::uint64_t dim = unsignedOf(d, where + ": shape dimension");
        if (dim > static_cast<std::uint64_t>(std::numeric_limits<Index>::max()))
            throwValueError(where + ": shape dimension " + d.text + " is too large");
        info.shape.push_back(static_cast<Index>(dim));
    }
    const auto bytes = checkedByteSize(info.shape, spec->size);
    if (!bytes)
        throwValueError(where + ": shape " + shapeString(info.shape) +
                        " overflows: its element count times " + std::to_string(spec->size) +
                        " bytes does not fit in 63 bits");
    if (offsets->type != Json::Type::Array || offsets->items.size() != 2)
        throwValueError(where + ": data_offsets is not an array of two integers");
    const std::uint64_t begin = unsignedOf(offsets->items[0], where + ": data_offsets begin");
    const std::uint64_t end = unsignedOf(offsets->items[1], where + ": data_offsets end");
    // Appended piecewise: GCC 12 warns falsely (-Wrestrict, bug 105329) on "[" + std::string.
    std::string range(1, '[');
    range.append(std::to_string(begin)).append(", ").append(std::to_string(end)).append("]");
    if (end < begin)
        throwValueError(where + ": data_offsets " + range + " end before they begin");
    if (end - begin != *bytes)
        throwValueError(where + ": data_offsets " + range + " hold " + std::to_string(end - begin) +
                        " bytes but shape " + shapeString(info.shape) + " of " + info.dtype + " needs " +
                        std::to_string(*bytes));
    if (end > dataSize)
        throwValueError(where + ": data_offsets " + range + " end past the data section (" +
                        std::to_string(dataSize) + " bytes from byte " + std::to_string(dataStart) + ")");
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
                throwValueError("tensor '" + t.name + "' (bytes " + std::to_string(t.offset - dataStart) +
                                ".." + std::to_string(t.offset - dataStart + t.size) +
                                " of the data) overlaps tensor '" + previous->name + "'");
            if (t.offset > expected)
                throwValueError("gap of " + std::to_string(t.offset - expected) +
                                " bytes in the data section before tensor '" + t.name + "' (at data byte " +
                                std::to_string(expected - dataStart) + ")");
            expected = t.offset + t.size;
        }
        previous = &t;
    }
    if (expected != fileSize)
        throwValueError("the data section has " + std::to_string(fileSize - expected) +
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
            throwValueError("duplicate tensor name '" + name + "' at byte " + std::to_string(entry.position));
        index.tensors.push_back(tensorInfo(name, entry, dataStart, dataSize));
    }
    checkTiling(index, dataStart, file.size());
    return index;
}

} // namespace embedlab::core
