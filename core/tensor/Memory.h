// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <cstddef>

namespace embedlab::core {

/// Lets the C library keep large freed buffers for reuse instead of returning them to the kernel.
/// With GPT-2's 50257 x 768 matrix every lookup, logits tensor and gradient is 50-200 MB; glibc
/// would map each one fresh and unmap it on free, so each use paid for the kernel faulting in and
/// zeroing every page (most of a 32 x 512 lookup's time). Call once at start-up, before any thread
/// is started; does nothing on other C libraries.
void reuseLargeBuffers();

} // namespace embedlab::core
