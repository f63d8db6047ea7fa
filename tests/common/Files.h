// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <QByteArray>
#include <QString>

#include <cstdint>
#include <vector>

namespace embedlab::testing {

/// Writes `bytes` to `path` (replacing it); false when it cannot be written whole. Callers check it
/// (QVERIFY(writeFile(...))) so a full disk fails the test where it happened.
[[nodiscard]] bool writeFile(const QString &path, const QByteArray &bytes);
/// The bytes of `path`; empty when it cannot be read.
QByteArray readFile(const QString &path);
/// A .safetensors holding one [rows, cols] tensor "w" of 16-bit `dtype` words ("BF16", "F16").
[[nodiscard]] bool writeWordsSafetensors(const QString &path, const char *dtype,
                                         const std::vector<std::uint16_t> &words, long long rows,
                                         long long cols);

} // namespace embedlab::testing
