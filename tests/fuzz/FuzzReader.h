// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/io/WeightFile.h"
#include "core/tensor/Error.h"

#include <cstddef>
#include <cstdint>
#include <span>

/// The body of every reader's libFuzzer target: any bytes either parse or throw core::Error, and
/// parsed tensors convert or throw; the first and last element of a block-quantised tensor can be
/// taken apart (issue #30).
template <typename Read> int fuzzReader(const std::uint8_t *data, std::size_t size, Read read)
{
    using namespace embedlab::core;
    const std::span<const std::uint8_t> file(data, size);
    try {
        const WeightIndex index = read(file);
        findTiedPairs(index.tensors, file);
        findAbsentTie(index.tensors);
        for (const TensorInfo &t : index.tensors) {
            // Conversion allocates numel floats: keep each input's work small.
            if (t.size <= (1u << 20) && numel(t.shape) <= (1 << 20)) {
                try {
                    convertToFloat32(t, file, [](double) { return true; });
                } catch (const Error &) {
                }
            }
            if (isBlockQuantised(t.element) && numel(t.shape) > 0) {
                // The reader placed the tensor inside the file.
                const auto bytes =
                    file.subspan(static_cast<std::size_t>(t.offset), static_cast<std::size_t>(t.size));
                try {
                    quantElement(t.element, bytes, 0);
                    quantElement(t.element, bytes, static_cast<std::size_t>(numel(t.shape) - 1));
                } catch (const Error &) {
                }
            }
        }
    } catch (const Error &) {
    }
    return 0;
}
