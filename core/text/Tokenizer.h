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

/// A tokenizer exactly as its reference runs it (#14, #26):
/// - byte-level BPE: GPT-2 (encoder.py, tiktoken), Llama 3, Qwen 2 (Hugging Face's Split patterns,
///   ignore_merges; llama.cpp's tokenizer.ggml.pre);
/// - SentencePiece BPE with byte fallback: Llama 2, Mistral, Gemma (Hugging Face's BPE with merges;
///   llama.cpp's score-based merges for GGUF's tokenizer.ggml.model "llama");
/// - WordPiece: BERT (BertNormalizer, BertPreTokenizer, "##" continuations).
/// Added and special tokens follow each format's rules. Immutable once built; copies share the
/// tables.
///
/// Every reader throws core::Error (ValueError) with a message naming the file and what is wrong,
/// including any part of a file EmbedLab does not implement (it never falls back to another
/// algorithm); none of them crashes on damaged input.
class Tokenizer {
public:
    /// The three families of tokenizer, for explanations (what a byte piece is, what "##" means).
    enum class Kind : std::uint8_t { ByteLevelBpe, SentencePieceBpe, WordPiece };

    /// Reads a `tokenizer.json`, a `vocab.json` (with `merges.txt` beside it) or the
    /// `tokenizer.ggml.*` metadata of a GGUF file, chosen by content and name.
    static Tokenizer fromFile(const std::filesystem::path &path);
    /// The same readers on bytes already in memory (the app's embedded GPT-2 files).
    static Tokenizer fromTokenizerJson(std::string_view json, std::string_view origin);
    static Tokenizer fromVocabAndMerges(std::string_view vocabJson, std::string_view mergesTxt,
                                        std::string_view origin);
    /// The `tokenizer.ggml.*` metadata of a GGUF file held in memory: `model` "gpt2" (byte-level
    /// BPE, `pre` naming its pattern) or "llama" (SentencePiece, with scores and token types).
    static Tokenizer fromGguf(std::span<const std::uint8_t> file, std::string_view origin);

    /// The ids of UTF-8 `text`, exactly as the reference encoder gives them with
    /// add_special_tokens=False (no BOS). Invalid UTF-8 is encoded byte by byte where the
    /// vocabulary has byte tokens.
    std::vector<std::int64_t> encode(std::string_view text) const;
    /// What the reference decoder gives for `ids`, special tokens included. Byte-level BPE gives
    /// the exact bytes (may be invalid UTF-8 when a multi-byte character is split, where Hugging
    /// Face writes U+FFFD). Throws core::Error (IndexError) for an id outside the vocabulary.
    std::string decode(std::span<const std::int64_t> ids) const;
    /// One token for display (tokenLabel() of its bytes): valid UTF-8 as it is, bytes that are no
    /// character on their own as `<E6 88>`, special tokens as written (`<|endoftext|>`).
    std::string tokenText(std::int64_t id) const;
    /// The exact bytes token `id` stands for in decoded text (a SentencePiece "▁" is a space,
    /// `<0xE6>` the byte 0xE6). Throws core::Error (IndexError) for an id outside the vocabulary.
    const std::string &tokenBytes(std::int64_t id) const;
    /// The vocabulary string as the file writes it ("Ġworld", "▁Hello", "<0xE6>", "##ing").
    const std::string &tokenPiece(std::int64_t id) const;
    /// Whether `id` is a special or control token (shown as written, never split into bytes).
    bool isSpecial(std::int64_t id) const;
    /// The id whose display text is exactly `text`, if any (search by token).
    std::optional<std::int64_t> find(std::string_view text) const;
    Kind kind() const;
    /// Whether decode(encode(text)) is `text` for every text: byte-level BPE with a token for each
    /// of the 256 bytes, without a normalizer or an added token that strips the white space beside it.
    bool roundTrips() const;
    /// Number of ids (the largest id + 1).
    std::int64_t vocabSize() const;
    /// Where the tokenizer came from, for messages and sessions.
    const std::string &origin() const;

    struct Tables;

private:
    explicit Tokenizer(std::shared_ptr<const Tables> tables);
    void checkId(std::int64_t id) const;
    std::shared_ptr<const Tables> m_tables;
};

/// The tokenizer that belongs to a weight file: a `tokenizer.json`, or `vocab.json` + `merges.txt`,
/// in the same folder, or the GGUF file itself when it carries `tokenizer.ggml.*` metadata.
std::optional<std::filesystem::path> findTokenizerFor(const std::filesystem::path &weightFile);

} // namespace embedlab::core
