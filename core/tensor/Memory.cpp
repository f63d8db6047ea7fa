// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/tensor/Memory.h"

#include <cstdlib> // defines __GLIBC__ on glibc

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace embedlab::core {

void reuseLargeBuffers()
{
#if defined(__GLIBC__)
    // Blocks up to 256 MiB (a GPT-2 training step's [1024, 50257] logits are 206 MB) come from the
    // heap rather than from a private mmap that free() unmaps.
    mallopt(M_MMAP_THRESHOLD, 256 << 20);
    // The heap keeps up to 768 MiB of freed memory at its top: one training step frees about
    // 570 MB (logits, their gradient, the weight's gradient), which the next step reuses.
    mallopt(M_TRIM_THRESHOLD, 768 << 20);
    // The lessons run on worker threads (QtConcurrent); a second arena would be a 64 MB-limited
    // mmap heap that serves big blocks by mmap again, so every thread shares the main arena. The
    // app allocates little on its hot paths, so the shared lock costs nothing measurable.
    mallopt(M_ARENA_MAX, 1);
#endif
}

} // namespace embedlab::core
