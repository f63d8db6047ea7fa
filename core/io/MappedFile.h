// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

namespace embedlab::core {

/// A whole file mapped read-only into memory (mmap). Move-only; unmapped on destruction. Pages are
/// read from disk only when touched, so opening a 2 GB file costs nothing until data is used.
class MappedFile {
public:
    MappedFile() = default;
    /// Maps `path`. Throws core::Error (RuntimeError) naming the path and the OS reason, or when the
    /// path is not a regular file. An empty file maps to an empty span.
    explicit MappedFile(const std::string &path);
    ~MappedFile();
    MappedFile(MappedFile &&other) noexcept;
    MappedFile &operator=(MappedFile &&other) noexcept;
    MappedFile(const MappedFile &) = delete;
    MappedFile &operator=(const MappedFile &) = delete;

    std::span<const std::uint8_t> bytes() const { return {m_data, m_size}; }
    const std::uint8_t *data() const { return m_data; }
    std::size_t size() const { return m_size; }
    const std::string &path() const { return m_path; }
    /// Gives back the memory of the whole pages inside `range` (a part of bytes()) that have been
    /// read: they stop counting towards the process's memory and are read from the file again if
    /// touched. For a big tensor decoded once, the mapping then never holds more than a few blocks.
    void release(std::span<const std::uint8_t> range) const;

private:
    void unmap() noexcept;

    const std::uint8_t *m_data = nullptr;
    std::size_t m_size = 0;
    std::string m_path;
};

} // namespace embedlab::core
