// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include "core/text/Tokenizer.h"

#include <QByteArray>
#include <QString>

namespace embedlab::testing {

/// The bytes of tests/golden/tokenizer/models/NAME (e.g. "llama3.tokenizer.json"), stored there as
/// NAME.qz (Qt's qCompress format, tests/golden/gen_tokenizer_models.mjs). Read once per process.
const QByteArray &tokenizerModelFile(const QString &name);

/// The tokenizer in tokenizerModelFile(name), read with the in-memory reader its suffix names
/// (".json" or ".gguf"), once per process; `origin` is `name`.
const core::Tokenizer &tokenizerModel(const QString &name);

} // namespace embedlab::testing
