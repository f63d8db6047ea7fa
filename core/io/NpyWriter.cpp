// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/io/NpyWriter.h"

#include "core/tensor/Error.h"
#include "core/tensor/Parameter.h"

#include <fcntl.h>
#include <unistd.h>

#include <bit>
#include <cerrno>
#include <cstring>
#include <random>
#include <utility>

namespace embedlab::core {

std::string npyHeader(const Shape &shape)
{
    std::string dict = "{'descr': '<f4', 'fortran_order': False, 'shape': (";
    for (std::size_t i = 0; i < shape.size(); ++i)
        dict += std::to_string(shape[i]) + (shape.size() == 1 || i + 1 < shape.size() ? ", " : "");
    if (shape.size() == 1)
        dict.resize(dict.size() - 1); // numpy writes (5,) for one dimension
    dict += "), }";
    // magic (6) + version (2) + header length (2) + dict + padding + '\n' is a multiple of 64.
    const std::size_t unpadded = 10 + dict.size() + 1;
    dict.append((64 - unpadded % 64) % 64, ' ');
    dict += '\n';
    std::string header("\x93NUMPY\x01\x00", 8);
    header += static_cast<char>(dict.size() & 0xff);
    header += static_cast<char>((dict.size() >> 8) & 0xff);
    return header + dict;
}

namespace {

[[noreturn]] void fail(const std::string &path, int err)
{
    throw Error(Error::Kind::RuntimeError, "cannot write '" + path + "': " + std::strerror(err));
}

void writeAll(int fd, const char *bytes, std::size_t size, const std::string &path)
{
    while (size > 0) {
        const ssize_t n = ::write(fd, bytes, size);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            fail(path, errno);
        }
        bytes += n;
        size -= static_cast<std::size_t>(n);
    }
}

} // namespace

AtomicFile::AtomicFile(std::string path)
    : m_path(std::move(path))
{
    std::random_device random;
    m_temporary = m_path + ".tmp-" + std::to_string(random());
    m_fd = ::open(m_temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (m_fd < 0)
        fail(m_path, errno);
}

AtomicFile::~AtomicFile()
{
    if (m_fd < 0)
        return;
    ::close(m_fd);
    ::unlink(m_temporary.c_str());
}

void AtomicFile::write(const char *data, std::size_t size)
{
    writeAll(m_fd, data, size, m_path);
}

void AtomicFile::commit()
{
    if (::fsync(m_fd) != 0)
        fail(m_path, errno);
    const int fd = std::exchange(m_fd, -1);
    if (::close(fd) != 0 || ::rename(m_temporary.c_str(), m_path.c_str()) != 0) {
        const int err = errno;
        ::unlink(m_temporary.c_str());
        fail(m_path, err);
    }
}

void writeFileAtomically(const std::string &path, const std::vector<ByteRange> &parts)
{
    AtomicFile file(path);
    for (const ByteRange &part : parts)
        file.write(part.data, part.size);
    file.commit();
}

void writeNpy(const std::string &path, const float *data, const Shape &shape)
{
    static_assert(std::endian::native == std::endian::little, "the .npy writer assumes a little-endian host");
    const std::string header = npyHeader(shape);
    writeFileAtomically(path, {{header.data(), header.size()},
                               {reinterpret_cast<const char *>(data),
                                static_cast<std::size_t>(numel(shape)) * sizeof(float)}});
}

void writeNpy(const std::string &path, const Parameter &p)
{
    const std::string header = npyHeader(p.shape());
    AtomicFile file(path);
    file.write(header.data(), header.size());
    p.forEachRun(0, p.numel(), [&file](const float *values, Index n) {
        file.write(reinterpret_cast<const char *>(values), static_cast<std::size_t>(n) * sizeof(float));
    });
    file.commit();
}

} // namespace embedlab::core
