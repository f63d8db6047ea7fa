// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/tensor/Tensor.h"

#include <string>
#include <vector>

namespace embedlab::core {

/// The .npy v1.0 header (magic, version, length, dict padded to a multiple of 64 bytes) that
/// numpy.save writes for a little-endian float32 C-order array of this shape.
std::string npyHeader(const Shape &shape);

/// One piece of a file: `size` bytes at `data`.
struct ByteRange {
    const char *data = nullptr;
    std::size_t size = 0;
};
/// A file written piece by piece to a temporary file beside `path`; commit() flushes it and renames
/// it over `path`. Destroyed without commit() (an error, an exception), the temporary is removed and
/// `path` is untouched. Throws core::Error (RuntimeError) "cannot write 'PATH': REASON".
class AtomicFile {
public:
    explicit AtomicFile(std::string path);
    ~AtomicFile();
    AtomicFile(const AtomicFile &) = delete;
    AtomicFile &operator=(const AtomicFile &) = delete;

    void write(const char *data, std::size_t size);
    void commit();

private:
    std::string m_path;
    std::string m_temporary;
    int m_fd = -1;
};

/// Writes `parts` one after the other to a temporary file beside `path`, flushes it and renames it
/// over `path`, so a crash mid-write leaves the old file intact. Throws core::Error (RuntimeError)
/// "cannot write 'PATH': REASON".
void writeFileAtomically(const std::string &path, const std::vector<ByteRange> &parts);

/// Writes `data` as a little-endian float32 C-order .npy that numpy.load reads. Atomic: the data
/// goes to a temporary file beside `path` which is flushed and renamed over it, so a crash mid-write
/// leaves the old file intact. Throws core::Error (RuntimeError) naming the path and the OS reason.
void writeNpy(const std::string &path, const float *data, const Shape &shape);

class Parameter;
/// writeNpy() of a parameter's values where they lie: bf16 or f16 words are converted piece by piece
/// as they are written, without a float32 copy of the matrix (issue #28).
void writeNpy(const std::string &path, const Parameter &p);

} // namespace embedlab::core
