// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "ui/model/UndoMemory.h"

#include <QFile>

namespace embedlab::ui {

bool snapshotFitsUndoBudget(std::uint64_t snapshotBytes, std::uint64_t budgetBytes)
{
    return snapshotBytes <= budgetBytes;
}

TrainingMemory trainingMemory(std::int64_t vocab, std::int64_t dim, bool tied, bool bias, std::int64_t tokens,
                              const core::OptimizerConfig &optimizer)
{
    constexpr std::uint64_t kFloat = sizeof(float);
    const auto v = std::uint64_t(vocab);
    const std::uint64_t params = v * std::uint64_t(dim) * (tied ? 1 : 2) + (bias ? v : 0);
    std::uint64_t buffers = 0; // optimiser buffers per parameter
    if (optimizer.kind == core::OptimizerConfig::Kind::Adam)
        buffers = 2; // exp_avg and exp_avg_sq
    else if (optimizer.sgd.momentum != 0.0)
        buffers = 1; // momentum_buffer
    TrainingMemory m;
    m.weights = params * kFloat;
    m.grads = params * kFloat;
    m.optimizerState = buffers * params * kFloat;
    m.logits = 2 * std::uint64_t(tokens) * v * kFloat;
    return m;
}

std::optional<std::uint64_t> parseMemAvailable(const QByteArray &meminfo)
{
    for (const QByteArray &line : meminfo.split('\n')) {
        if (!line.startsWith("MemAvailable:"))
            continue;
        const QList<QByteArray> fields = line.mid(13).simplified().split(' ');
        bool ok = false;
        const std::uint64_t kib = fields.value(0).toULongLong(&ok);
        if (!ok)
            return std::nullopt;
        return kib * 1024; // the kernel's "kB" is KiB
    }
    return std::nullopt;
}

std::optional<std::uint64_t> AvailableMemory::bytes()
{
    if (!m_read) {
        m_read = true;
        QFile file(m_path);
        if (file.open(QIODevice::ReadOnly))
            m_bytes = parseMemAvailable(file.readAll());
    }
    return m_bytes;
}

} // namespace embedlab::ui
