// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/io/NpyWriter.h"

#include "core/tensor/Error.h"

#include <fcntl.h>
#include <unistd.h>

#include <bit>
#include <cerrno>
#include <cstring>
#include <random>

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

void writeFileAtomically(const std::string &path, const std::vector<ByteRange> &parts)
{
    std::random_device random;
    const std::string temporary = path + ".tmp-" + std::to_string(random());
    const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0)
        fail(path, errno);
    try {
        for (const ByteRange &part : parts)
            writeAll(fd, part.data, part.size, path);
        if (::fsync(fd) != 0)
            fail(path, errno);
    } catch (...) {
        ::close(fd);
        ::unlink(temporary.c_str());
        throw;
    }
    if (::close(fd) != 0 || ::rename(temporary.c_str(), path.c_str()) != 0) {
        const int err = errno;
        ::unlink(temporary.c_str());
        fail(path, err);
    }
}

void writeNpy(const std::string &path, const float *data, const Shape &shape)
{
    static_assert(std::endian::native == std::endian::little, "the .npy writer assumes a little-endian host");
    const std::string header = npyHeader(shape);
    writeFileAtomically(path, {{header.data(), header.size()},
                               {reinterpret_cast<const char *>(data),
                                static_cast<std::size_t>(numel(shape)) * sizeof(float)}});
}

} // namespace embedlab::core
