// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace embedlab::core {

/// Keeps a file that becomes shorter on disk while it is mapped (another program rewrites or
/// truncates it) from ending the process. Reading a mapped page past a file's new end raises
/// SIGBUS; the guard's handler then maps zero pages in place of the rest of that mapping, so the
/// read and every later one see 0.0 there, counts the fault and wakes notifierFd(). The program
/// then tells the user which file changed (takeShortened()). Mappings are watched by MappedFile.
namespace mappingGuard {

/// Watches [begin, begin + length) of a file mapping of `path` made with protection `prot`; the
/// handler is installed on the first call. Returns the watch to give to unwatch(), or -1 when
/// every slot is taken (that mapping is then unguarded).
int watch(const void *begin, std::size_t length, int prot, const std::string &path);
/// Stops watching before the mapping is unmapped; a shortened file is still reported.
void unwatch(int watch) noexcept;

/// How many reads past a file's end were caught since the process started.
std::uint64_t faults();
/// The files found shortened since the last call, each once, in the order found.
std::vector<std::string> takeShortened();
/// A descriptor that becomes readable when a read past a file's end is caught (one byte per fault;
/// read them away), for a QSocketNotifier (the handler is installed then if it was not); -1 when
/// no pipe could be made.
int notifierFd();

} // namespace mappingGuard

} // namespace embedlab::core
