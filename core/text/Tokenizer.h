// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace embedlab::core {

/// A byte-level BPE tokenizer as GPT-2's reference encoder runs it: the pre-tokenizer pattern with
/// full Unicode letter/number classes, the byte-to-unicode table, merges by rank, and the special
/// tokens of a Hugging Face tokenizer.json. Immutable once built; copies share the tables.
///
/// Every reader throws core::Error (ValueError) with a message naming the file and what is wrong;
/// none of them crashes on damaged input.
class Tokenizer {
public:
    /// Reads a `tokenizer.json`, a `vocab.json` (with `merges.txt` beside it) or the
    /// `tokenizer.ggml.*` metadata of a GGUF file, chosen by content and name.
    static Tokenizer fromFile(const std::filesystem::path &path);
    /// The same readers on bytes already in memory (the app's embedded GPT-2 files).
    static Tokenizer fromTokenizerJson(std::string_view json, std::string_view origin);
    static Tokenizer fromVocabAndMerges(std::string_view vocabJson, std::string_view mergesTxt,
                                        std::string_view origin);
    /// The `tokenizer.ggml.*` metadata of a GGUF file held in memory (`model` must be "gpt2").
    static Tokenizer fromGguf(std::span<const std::uint8_t> file, std::string_view origin);

    /// The ids of UTF-8 `text`, exactly as the reference encoder gives them. Invalid UTF-8 is
    /// encoded byte by byte, as the byte-level table allows.
    std::vector<std::int64_t> encode(std::string_view text) const;
    /// The exact bytes of `ids` (may be invalid UTF-8 when a multi-byte character is split).
    /// Throws core::Error (IndexError) for an id outside the vocabulary.
    std::string decode(std::span<const std::int64_t> ids) const;
    /// One token for display: its bytes as UTF-8, with invalid sequences shown as U+FFFD, and
    /// special tokens as written (`<|endoftext|>`).
    std::string tokenText(std::int64_t id) const;
    /// The id whose display text is exactly `text`, if any (search by token).
    std::optional<std::int64_t> find(std::string_view text) const;
    /// Number of ids (the largest id + 1).
    std::int64_t vocabSize() const;
    /// Where the tokenizer came from, for messages and sessions.
    const std::string &origin() const;

    struct Tables;

private:
    explicit Tokenizer(std::shared_ptr<const Tables> tables);
    std::shared_ptr<const Tables> m_tables;
};

/// The tokenizer that belongs to a weight file: a `tokenizer.json`, or `vocab.json` + `merges.txt`,
/// in the same folder, or the GGUF file itself when it carries `tokenizer.ggml.*` metadata.
std::optional<std::filesystem::path> findTokenizerFor(const std::filesystem::path &weightFile);

} // namespace embedlab::core
