// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/tensor/Tensor.h"

#include <cstddef>
#include <memory>

/// Buffers that worker threads may still be reading when the UI thread replaces them. A training
/// step or an initialiser commits by swapping a parameter's storage for the new values; a worker
/// that started before (the neighbours' principal plane, a heatmap overview, lm_head(h)) still
/// holds a pointer into the old storage. Its result will be stale and replaced, but the storage
/// must outlive it: a GPT-2-sized buffer freed is unmapped, and the read faults.
namespace embedlab::core {

/// A reader: from construction to destruction the buffers retire() is given are kept. Taken by
/// every background job before it reads any weight (ui/model/WorkerPool.h).
class ReadGuard {
public:
    ReadGuard();
    ~ReadGuard();
    ReadGuard(const ReadGuard &) = delete;
    ReadGuard &operator=(const ReadGuard &) = delete;
};

/// Frees `buffer` now when no ReadGuard is alive, else when the last one alive ends (outside the
/// lock, on the thread that ends it).
void retire(Matrix &&buffer);
/// The same for storage of another kind (a weight file's mapping): `keepAlive` is released now when
/// no ReadGuard is alive, else when the last one alive ends.
void retire(std::shared_ptr<void> &&keepAlive);

/// Buffers waiting for the readers to end (for tests).
std::size_t retiredCount();

} // namespace embedlab::core
