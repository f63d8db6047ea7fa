// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/io/MappingGuard.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <mutex>

namespace embedlab::core::mappingGuard {

namespace {

// One watched mapping. The handler reads only the atomics; the paths live beside, under a mutex.
struct Slot {
    std::atomic<std::uintptr_t> begin{0};
    std::atomic<std::uintptr_t> end{0};
    std::atomic<int> prot{0};
    std::atomic<bool> shortened{false};
    bool reported = false; // under g_mutex
};

constexpr std::size_t kSlots = 1024;
std::array<Slot, kSlots> g_slots;
std::array<std::string, kSlots> g_paths;       // under g_mutex
std::vector<std::string> g_unwatchedShortened; // under g_mutex
std::mutex g_mutex;
std::atomic<std::uint64_t> g_faults{0};
std::uintptr_t g_page = 4096;
int g_pipe[2] = {-1, -1};
struct sigaction g_previous {};
std::once_flag g_installed;

void passOn(int signal, siginfo_t *info, void *context)
{
    if ((g_previous.sa_flags & SA_SIGINFO) && g_previous.sa_sigaction) {
        g_previous.sa_sigaction(signal, info, context);
        return;
    }
    if (g_previous.sa_handler != SIG_DFL && g_previous.sa_handler != SIG_IGN) {
        g_previous.sa_handler(signal);
        return;
    }
    // Not a watched mapping: the fault it always was (returning would fault again).
    ::signal(signal, SIG_DFL);
    ::raise(signal);
}

// Only async-signal-safe calls: mmap and write are system calls.
void onSigbus(int signal, siginfo_t *info, void *context)
{
    const int savedErrno = errno;
    const auto address = reinterpret_cast<std::uintptr_t>(info->si_addr);
    for (Slot &slot : g_slots) {
        const std::uintptr_t begin = slot.begin.load(std::memory_order_acquire);
        const std::uintptr_t end = slot.end.load(std::memory_order_acquire);
        if (info->si_code != BUS_ADRERR || address < begin || address >= end)
            continue;
        // The faulting page is past the file's end, so is every page after it in this mapping.
        const std::uintptr_t from = address / g_page * g_page;
        void *zeros = ::mmap(reinterpret_cast<void *>(from), end - from, slot.prot.load(),
                             MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
        if (zeros == MAP_FAILED)
            break;
        slot.shortened.store(true);
        g_faults.fetch_add(1);
        const char byte = 1;
        if (g_pipe[1] >= 0)
            (void)!::write(g_pipe[1], &byte, 1);
        errno = savedErrno;
        return;
    }
    passOn(signal, info, context);
}

void install()
{
    g_page = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
    if (::pipe2(g_pipe, O_CLOEXEC | O_NONBLOCK) != 0)
        g_pipe[0] = g_pipe[1] = -1;
    struct sigaction action {};
    action.sa_sigaction = onSigbus;
    action.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigemptyset(&action.sa_mask);
    ::sigaction(SIGBUS, &action, &g_previous);
}

} // namespace

int watch(const void *begin, std::size_t length, int prot, const std::string &path)
{
    if (!begin || length == 0)
        return -1;
    std::call_once(g_installed, install);
    const std::lock_guard lock(g_mutex);
    for (std::size_t i = 0; i < kSlots; ++i) {
        Slot &slot = g_slots[i];
        if (slot.begin.load() != 0)
            continue;
        g_paths[i] = path;
        slot.prot.store(prot);
        slot.shortened.store(false);
        slot.reported = false;
        const auto at = reinterpret_cast<std::uintptr_t>(begin);
        slot.end.store((at + length + g_page - 1) / g_page * g_page, std::memory_order_release);
        slot.begin.store(at, std::memory_order_release);
        return static_cast<int>(i);
    }
    return -1;
}

void unwatch(int watch) noexcept
{
    if (watch < 0 || static_cast<std::size_t>(watch) >= kSlots)
        return;
    const std::lock_guard lock(g_mutex);
    Slot &slot = g_slots[static_cast<std::size_t>(watch)];
    slot.begin.store(0, std::memory_order_release);
    slot.end.store(0, std::memory_order_release);
    if (slot.shortened.exchange(false) && !slot.reported)
        g_unwatchedShortened.push_back(std::move(g_paths[static_cast<std::size_t>(watch)]));
}

std::uint64_t faults()
{
    return g_faults.load();
}

std::vector<std::string> takeShortened()
{
    const std::lock_guard lock(g_mutex);
    std::vector<std::string> files = std::move(g_unwatchedShortened);
    g_unwatchedShortened.clear();
    for (std::size_t i = 0; i < kSlots; ++i)
        if (g_slots[i].begin.load() != 0 && g_slots[i].shortened.exchange(false) && !g_slots[i].reported) {
            // The file's other mappings (the whole file and its tensors) are not reported again.
            for (std::size_t j = 0; j < kSlots; ++j)
                g_slots[j].reported =
                    g_slots[j].reported || (g_slots[j].begin.load() != 0 && g_paths[j] == g_paths[i]);
            files.push_back(g_paths[i]);
        }
    std::vector<std::string> once;
    for (std::string &file : files)
        if (std::find(once.begin(), once.end(), file) == once.end())
            once.push_back(std::move(file));
    return once;
}

int notifierFd()
{
    std::call_once(g_installed, install);
    return g_pipe[0];
}

} // namespace embedlab::core::mappingGuard
