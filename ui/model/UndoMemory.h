// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/nn/Trainer.h"

#include <QByteArray>
#include <QString>

#include <cstdint>
#include <optional>
#include <utility>

namespace embedlab::ui {

/// Whether a step whose undo snapshot takes `snapshotBytes` can be undone under an undo memory
/// budget of `budgetBytes`: a bigger snapshot is dropped at once (with every older step).
bool snapshotFitsUndoBudget(std::uint64_t snapshotBytes, std::uint64_t budgetBytes);

/// The float32 memory one training step of an embedding [V, D] plus lm_head [V, D] (shared when
/// tied, optional bias [V]) holds, as PyTorch holds it: the weights, their gradients, the
/// optimiser's state (SGD momentum: one buffer, Adam: two moments) and the logits [N, V] of the
/// N tokens with their gradient.
struct TrainingMemory {
    std::uint64_t weights = 0;
    std::uint64_t grads = 0;
    std::uint64_t optimizerState = 0;
    std::uint64_t logits = 0; // logits [N, V] and d loss / d logits [N, V]
    /// A step on a worker computes into copies of the weights and the optimiser's state, kept
    /// until it is committed (or dropped by Cancel): withWorkingCopy() counts them.
    std::uint64_t workingCopy = 0;
    /// Everything the step holds.
    std::uint64_t total() const { return weights + grads + optimizerState + logits + workingCopy; }
    /// The same step computed on copies, as a step on a worker is.
    TrainingMemory withWorkingCopy() const
    {
        TrainingMemory m = *this;
        m.workingCopy = weights + optimizerState;
        return m;
    }
    /// What the step needs beyond the weights, which are already in memory.
    std::uint64_t additional() const { return total() - weights; }
    /// The step fits when what it adds is at most `availableBytes`.
    bool fits(std::uint64_t availableBytes) const { return additional() <= availableBytes; }
};

TrainingMemory trainingMemory(std::int64_t vocab, std::int64_t dim, bool tied, bool bias, std::int64_t tokens,
                              const core::OptimizerConfig &optimizer);

/// The MemAvailable line of /proc/meminfo's text, in bytes; nullopt when it is missing.
std::optional<std::uint64_t> parseMemAvailable(const QByteArray &meminfo);

/// The machine's available memory, read from `path` (/proc/meminfo) the first time it is asked
/// for, or set by tests; nullopt when it cannot be known (then nothing is refused).
class AvailableMemory {
public:
    explicit AvailableMemory(QString path = QStringLiteral("/proc/meminfo"))
        : m_path(std::move(path))
    {}
    std::optional<std::uint64_t> bytes();
    void set(std::optional<std::uint64_t> bytes)
    {
        m_bytes = bytes;
        m_read = true;
    }

private:
    QString m_path;
    std::optional<std::uint64_t> m_bytes;
    bool m_read = false;
};

} // namespace embedlab::ui
