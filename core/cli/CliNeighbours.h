// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace embedlab::core {

/// `embedlab-cli neighbours FILE[:TENSOR] ROW [--k K] [--tokenizer TOKENIZER]`: K lines (default 10)
/// ID<TAB>COSINE[<TAB>TOKEN], the rows most similar to row ROW of the 2-D tensor by cosine
/// similarity, descending, ties by smaller id, ROW itself excluded, COSINE with 6 decimals; fewer
/// lines when the tensor has at most K other rows. TOKEN (with --tokenizer) is the row's token text
/// as a JSON string (core::jsonString), `null` for a row past the vocabulary.
/// FILE[:TENSOR] is read as `convert` reads it. `args[0]` is "neighbours". Throws core::Error for a
/// bad file, tensor, row or K, UsageError for a wrong command line.
int runNeighbours(const std::vector<std::string> &args, std::ostream &out);

} // namespace embedlab::core
