// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>

namespace embedlab::core {

/// A whole file mapped read-only into memory (mmap). Move-only; unmapped on destruction. Pages are
/// read from disk only when touched, so opening a 2 GB file costs nothing until data is used. Every
/// mapping is watched by core::mappingGuard: if the file becomes shorter on disk, what is gone reads
/// as zeros instead of ending the process.
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

    /// `size` bytes of the file from `offset` (inside size()) mapped again, privately and writable:
    /// reading them reads the file's pages (no copy); a write copies only the page it touches; the
    /// file never changes. Each call is a mapping of its own, so two of them never share a write.
    /// The bytes stay valid while the returned pointer lives, whatever becomes of this MappedFile.
    /// Throws core::Error (RuntimeError) with the OS reason when the mapping fails.
    std::shared_ptr<std::uint8_t> mapPrivate(std::uint64_t offset, std::uint64_t size) const;
    /// mapPrivate(offset, size) to be called later, as often as wanted, by whoever holds it: it keeps
    /// the file open itself (the same file, whatever becomes of this MappedFile or the path).
    std::function<std::shared_ptr<std::uint8_t>()> privateMapper(std::uint64_t offset,
                                                                 std::uint64_t size) const;

    /// Maps the pages of `bytes` (a part of a mapping) for reading in one call (MADV_POPULATE_READ)
    /// instead of a page fault per few pages as they are read; nothing where the kernel cannot.
    static void populateForReading(std::span<const std::uint8_t> bytes);

private:
    void unmap() noexcept;
    /// Throws core::Error (RuntimeError) unless [offset, offset + size) lies in the open file.
    void checkRegion(std::uint64_t offset, std::uint64_t size) const;

    const std::uint8_t *m_data = nullptr;
    std::size_t m_size = 0;
    std::string m_path;
    /// Kept open for mapPrivate(): the same file even if its path is renamed or replaced since.
    int m_fd = -1;
    int m_watch = -1; // mappingGuard's watch of m_data
};

} // namespace embedlab::core
