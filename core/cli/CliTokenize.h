// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace embedlab::core {

/// `embedlab-cli tokenize TOKENIZER TEXT`: the ids of TEXT on one line, joined by ", ". TOKENIZER
/// is a tokenizer.json, a vocab.json (merges.txt beside it) or a GGUF file. `args[0]` is
/// "tokenize". Throws core::Error for a damaged tokenizer, UsageError for a wrong argument count.
int runTokenize(const std::vector<std::string> &args, std::ostream &out);

/// `embedlab-cli detokenize TOKENIZER IDS`: the exact bytes of IDS ("15496, 995", brackets allowed),
/// then a newline. Throws core::Error (IndexError) for an id outside the vocabulary, (ValueError)
/// for an id that is not an integer.
int runDetokenize(const std::vector<std::string> &args, std::ostream &out);

} // namespace embedlab::core
