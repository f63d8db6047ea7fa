// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/tensor/Retire.h"

#include <mutex>
#include <utility>
#include <vector>

namespace embedlab::core {

namespace {

struct Retired {
    std::mutex mutex;
    int readers = 0;
    std::vector<Matrix> buffers;
};

Retired &retired()
{
    static Retired r;
    return r;
}

} // namespace

ReadGuard::ReadGuard()
{
    const std::lock_guard lock(retired().mutex);
    ++retired().readers;
}

ReadGuard::~ReadGuard()
{
    std::vector<Matrix> freed;
    {
        const std::lock_guard lock(retired().mutex);
        if (--retired().readers == 0)
            freed.swap(retired().buffers);
    }
}

void retire(Matrix &&buffer)
{
    Matrix freed;
    const std::lock_guard lock(retired().mutex);
    if (retired().readers == 0)
        freed.swap(buffer);
    else
        retired().buffers.push_back(std::move(buffer));
}

std::size_t retiredCount()
{
    const std::lock_guard lock(retired().mutex);
    return retired().buffers.size();
}

} // namespace embedlab::core
