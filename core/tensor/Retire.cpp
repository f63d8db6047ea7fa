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
    std::vector<std::shared_ptr<void>> buffers;
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
    std::vector<std::shared_ptr<void>> freed;
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
        retired().buffers.push_back(std::make_shared<Matrix>(std::move(buffer)));
}

void retire(std::shared_ptr<void> &&keepAlive)
{
    std::shared_ptr<void> freed;
    const std::lock_guard lock(retired().mutex);
    if (retired().readers == 0)
        freed.swap(keepAlive);
    else
        retired().buffers.push_back(std::move(keepAlive));
}

std::size_t retiredCount()
{
    const std::lock_guard lock(retired().mutex);
    return retired().buffers.size();
}

} // namespace embedlab::core
