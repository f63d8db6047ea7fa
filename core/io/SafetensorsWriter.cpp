// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/io/SafetensorsWriter.h"

#include "core/format/JsonString.h"
#include "core/io/NpyWriter.h"
#include "core/tensor/Error.h"

#include <bit>
#include <cstring>
#include <set>

namespace embedlab::core {

void writeSafetensors(const std::string &path, const std::vector<NamedTensor> &tensors,
                      const std::vector<std::pair<std::string, std::string>> &metadata)
{
    static_assert(std::endian::native == std::endian::little,
                  "the safetensors writer assumes a little-endian host");
    std::set<std::string> names;
    std::string header = "{";
    if (!metadata.empty()) {
        header += "\"__metadata__\":{";
        for (std::size_t i = 0; i < metadata.size(); ++i)
            header.append(i ? "," : "")
                .append(jsonString(metadata[i].first))
                .append(":")
                .append(jsonString(metadata[i].second));
        header += "}";
    }
    std::uint64_t offset = 0;
    for (const NamedTensor &t : tensors) {
        if (t.name.empty() || t.name == "__metadata__")
            throw Error(Error::Kind::ValueError,
                        "cannot save a tensor named '" + t.name + "' in safetensors");
        if (!names.insert(t.name).second)
            throw Error(Error::Kind::ValueError, "duplicate tensor name '" + t.name + "'");
        const std::uint64_t bytes = static_cast<std::uint64_t>(numel(t.shape)) * sizeof(float);
        if (header.size() > 1)
            header += ",";
        header += jsonString(t.name) + ":{\"dtype\":\"F32\",\"shape\":[";
        for (std::size_t i = 0; i < t.shape.size(); ++i)
            header.append(i ? "," : "").append(std::to_string(t.shape[i]));
        // Appended piecewise: GCC 12 warns falsely (-Wrestrict, bug 105329) on "..." + std::string.
        header.append("],\"data_offsets\":[").append(std::to_string(offset)).append(",");
        header.append(std::to_string(offset + bytes)).append("]}");
        offset += bytes;
    }
    header += "}";
    header.append((8 - header.size() % 8) % 8, ' ');
    std::string prefix(8, '\0');
    for (int i = 0; i < 8; ++i)
        prefix[static_cast<std::size_t>(i)] = static_cast<char>((header.size() >> (8 * i)) & 0xff);

    std::vector<ByteRange> parts{{prefix.data(), prefix.size()}, {header.data(), header.size()}};
    for (const NamedTensor &t : tensors)
        parts.push_back({reinterpret_cast<const char *>(t.data),
                         static_cast<std::size_t>(numel(t.shape)) * sizeof(float)});
    writeFileAtomically(path, parts);
}

} // namespace embedlab::core
