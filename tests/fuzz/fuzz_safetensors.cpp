// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// libFuzzer target for the safetensors reader.
#include "FuzzReader.h"

#include "core/io/Safetensors.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    return fuzzReader(
        data, size, [](std::span<const std::uint8_t> file) { return embedlab::core::readSafetensors(file); });
}
