// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/io/MappedFile.h"

#include "core/io/MappingGuard.h"
#include "core/tensor/Error.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string>
#include <utility>

namespace embedlab::core {

namespace {

[[noreturn]] void fail(const std::string &path, const std::string &reason)
{
    throw Error(Error::Kind::RuntimeError, "cannot open '" + path + "': " + reason);
}

// The size of a memory page: mappings start and madvise() acts on whole pages.
std::uintptr_t pageSize()
{
    static const auto page = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
    return page;
}

} // namespace

MappedFile::MappedFile(const std::string &path)
    : m_path(path)
{
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        fail(path, std::strerror(errno));
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
        const int err = errno;
        ::close(fd);
        fail(path, std::strerror(err));
    }
    if (!S_ISREG(st.st_mode)) {
        ::close(fd);
        fail(path, S_ISDIR(st.st_mode) ? "it is a directory" : "it is not a regular file");
    }
    m_size = static_cast<std::size_t>(st.st_size);
    if (m_size > 0) {
        void *mapped = ::mmap(nullptr, m_size, PROT_READ, MAP_PRIVATE, fd, 0);
        if (mapped == MAP_FAILED) {
            const int err = errno;
            ::close(fd);
            fail(path, std::strerror(err));
        }
        m_data = static_cast<const std::uint8_t *>(mapped);
        m_watch = mappingGuard::watch(m_data, m_size, PROT_READ, path);
    }
    m_fd = fd;
}

MappedFile::~MappedFile()
{
    unmap();
}

MappedFile::MappedFile(MappedFile &&other) noexcept
    : m_data(std::exchange(other.m_data, nullptr))
    , m_size(std::exchange(other.m_size, 0))
    , m_path(std::move(other.m_path))
    , m_fd(std::exchange(other.m_fd, -1))
    , m_watch(std::exchange(other.m_watch, -1))
{}

MappedFile &MappedFile::operator=(MappedFile &&other) noexcept
{
    if (this != &other) {
        unmap();
        m_data = std::exchange(other.m_data, nullptr);
        m_size = std::exchange(other.m_size, 0);
        m_path = std::move(other.m_path);
        m_fd = std::exchange(other.m_fd, -1);
        m_watch = std::exchange(other.m_watch, -1);
    }
    return *this;
}

void MappedFile::release(std::span<const std::uint8_t> range) const
{
    if (!m_data || range.empty() || range.data() < m_data || range.data() + range.size() > m_data + m_size)
        return;
    const std::uintptr_t page = pageSize();
    const auto begin = (reinterpret_cast<std::uintptr_t>(range.data()) + page - 1) / page * page;
    const auto end = (reinterpret_cast<std::uintptr_t>(range.data()) + range.size()) / page * page;
    // A read-only private mapping of a file: dropped pages come back from the file unchanged.
    if (end > begin)
        ::madvise(reinterpret_cast<void *>(begin), end - begin, MADV_DONTNEED);
}

namespace {

// Bytes [offset, offset + size) of the file open as `fd`, mapped privately and writable, watched.
std::shared_ptr<std::uint8_t> mapRegion(int fd, const std::string &path, std::uint64_t offset,
                                        std::uint64_t size)
{
    const std::uint64_t page = pageSize();
    const std::uint64_t start = offset / page * page;
    const auto length = static_cast<std::size_t>(offset - start + std::max<std::uint64_t>(size, 1));
    void *mapped =
        ::mmap(nullptr, length, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, static_cast<off_t>(start));
    if (mapped == MAP_FAILED)
        fail(path, std::strerror(errno));
    auto *base = static_cast<std::uint8_t *>(mapped);
    const int watch = mappingGuard::watch(base, length, PROT_READ | PROT_WRITE, path);
    return {base + (offset - start), [base, length, watch](std::uint8_t *) {
                mappingGuard::unwatch(watch);
                ::munmap(base, length);
            }};
}

} // namespace

void MappedFile::checkRegion(std::uint64_t offset, std::uint64_t size) const
{
    if (offset > m_size || size > m_size - offset || m_fd < 0)
        throw Error(Error::Kind::RuntimeError, "cannot map bytes " + std::to_string(offset) + " to " +
                                                   std::to_string(offset + size) + " of '" + m_path + "'");
}

std::shared_ptr<std::uint8_t> MappedFile::mapPrivate(std::uint64_t offset, std::uint64_t size) const
{
    checkRegion(offset, size);
    return mapRegion(m_fd, m_path, offset, size);
}

std::function<std::shared_ptr<std::uint8_t>()> MappedFile::privateMapper(std::uint64_t offset,
                                                                         std::uint64_t size) const
{
    checkRegion(offset, size);
    const int copy = ::fcntl(m_fd, F_DUPFD_CLOEXEC, 0);
    if (copy < 0)
        fail(m_path, std::strerror(errno));
    const auto fd = std::shared_ptr<const int>(new int(copy), [](const int *p) {
        ::close(*p);
        delete p;
    });
    return [fd, path = m_path, offset, size] { return mapRegion(*fd, path, offset, size); };
}

void MappedFile::populateForReading(std::span<const std::uint8_t> bytes)
{
#ifdef MADV_POPULATE_READ
    const std::uintptr_t page = pageSize();
    const auto begin = reinterpret_cast<std::uintptr_t>(bytes.data()) / page * page;
    const auto end = reinterpret_cast<std::uintptr_t>(bytes.data()) + bytes.size();
    if (!bytes.empty())
        ::madvise(reinterpret_cast<void *>(begin), end - begin, MADV_POPULATE_READ); // Linux 5.14 and later
#else
    (void)bytes;
#endif
}

void MappedFile::unmap() noexcept
{
    mappingGuard::unwatch(std::exchange(m_watch, -1));
    if (m_data)
        ::munmap(const_cast<std::uint8_t *>(m_data), m_size);
    m_data = nullptr;
    m_size = 0;
    if (m_fd >= 0)
        ::close(m_fd);
    m_fd = -1;
}

} // namespace embedlab::core
