// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/text/TokenLabels.h"

#include "core/io/Gguf.h"
#include "core/io/Json.h"
#include "core/io/MappedFile.h"
#include "core/tensor/Error.h"
#include "core/text/PieceBytes.h"
#include "core/text/TokenDisplay.h"
#include "core/text/Tokenizer.h"
#include "core/text/TokenizerTables.h"

#include <cstring>

namespace embedlab::core {

namespace {

[[noreturn]] void fail(std::string_view origin, const std::string &what)
{
    throw Error(Error::Kind::ValueError, std::string(origin) + ": " + what);
}

// Whether a step of this type appears anywhere in `step` (Sequences included).
bool mentions(const Json *step, std::string_view type)
{
    if (!step)
        return false;
    if (step->type == Json::Type::Object) {
        if (const Json *t = step->member("type"); t && t->type == Json::Type::String && t->text == type)
            return true;
        for (const Json &value : step->values) {
            if (mentions(&value, type))
                return true;
        }
    } else if (step->type == Json::Type::Array) {
        for (const Json &item : step->items) {
            if (mentions(&item, type))
                return true;
        }
    }
    return false;
}

std::int64_t idOf(const Json &v)
{
    if (v.type != Json::Type::Number || v.text.empty() || v.text[0] == '-' ||
        v.text.find_first_of(".eE") != std::string::npos || v.text.size() > 10)
        return -1;
    const std::int64_t id = std::stoll(v.text);
    return id < kMaxVocabulary ? id : -1;
}

} // namespace

void TokenLabels::set(std::int64_t id, std::string bytes, bool special)
{
    if (id < 0)
        return;
    const auto i = static_cast<std::size_t>(id);
    if (i >= m_bytes.size()) {
        m_bytes.resize(i + 1);
        m_assigned.resize(i + 1, false);
        m_special.resize(i + 1, false);
    }
    m_bytes[i] = std::move(bytes);
    m_assigned[i] = true;
    m_special[i] = special;
}

TokenLabels TokenLabels::fromTokenizerJson(std::string_view text, std::string_view origin)
{
    if (text.size() > kMaxTokenizerTextBytes)
        fail(origin, "is larger than " + std::to_string(kMaxTokenizerTextBytes) + " bytes");
    if (const std::size_t bad = invalidUtf8At(text); bad != std::string_view::npos)
        fail(origin, "is not valid UTF-8 at byte " + std::to_string(bad));
    const Json root = parseJson({text, 0, "JSON", origin});
    if (root.type != Json::Type::Object)
        fail(origin, "is not a tokenizer.json or a vocab.json");
    TokenLabels labels;
    const Json *model = root.member("model");
    if (!model || model->type != Json::Type::Object) {
        // A vocab.json: GPT-2's byte-level strings.
        for (std::size_t i = 0; i < root.keys.size(); ++i)
            labels.set(idOf(root.values[i]), byteLevelBytes(root.keys[i]), false);
    } else {
        const bool byteLevel = mentions(root.member("pre_tokenizer"), "ByteLevel") ||
                               mentions(root.member("decoder"), "ByteLevel");
        const bool wordPiece = mentions(model, "WordPiece") && !byteLevel;
        const Json *vocab = model->member("vocab");
        auto bytesOf = [&](std::string_view piece) {
            return byteLevel   ? byteLevelBytes(piece)
                   : wordPiece ? std::string(piece)
                               : spacedBytes(piece, true);
        };
        if (vocab && vocab->type == Json::Type::Object) {
            for (std::size_t i = 0; i < vocab->keys.size(); ++i)
                labels.set(idOf(vocab->values[i]), bytesOf(vocab->keys[i]), false);
        } else if (vocab && vocab->type == Json::Type::Array) {
            // Unigram: [piece, score] pairs, the id is the place.
            for (std::size_t i = 0; i < vocab->items.size() && i < static_cast<std::size_t>(kMaxVocabulary);
                 ++i) {
                const Json &entry = vocab->items[i];
                if (entry.type == Json::Type::Array && !entry.items.empty() &&
                    entry.items[0].type == Json::Type::String)
                    labels.set(static_cast<std::int64_t>(i), bytesOf(entry.items[0].text), false);
            }
        }
        if (const Json *added = root.member("added_tokens"); added && added->type == Json::Type::Array) {
            for (const Json &token : added->items) {
                const Json *id = token.member("id");
                const Json *content = token.member("content");
                if (id && content && content->type == Json::Type::String)
                    labels.set(idOf(*id), content->text, true);
            }
        }
    }
    if (labels.m_bytes.empty())
        fail(origin, "has no vocabulary");
    return labels;
}

TokenLabels TokenLabels::fromGguf(std::span<const std::uint8_t> file, std::string_view origin)
{
    GgufTokenizerData data;
    try {
        data = readGgufTokenizer(file);
    } catch (const Error &e) {
        fail(origin, e.what());
    }
    if (data.tokens.empty())
        fail(origin, "has no tokenizer.ggml.tokens");
    if (data.tokens.size() > static_cast<std::size_t>(kMaxVocabulary))
        fail(origin, "has more than " + std::to_string(kMaxVocabulary) + " tokens");
    const bool byteLevel = data.model == "gpt2";
    const bool spaced = data.model == "llama" || data.model == "t5";
    TokenLabels labels;
    for (std::size_t id = data.tokens.size(); id-- > 0;) {
        const std::int32_t type = id < data.tokenTypes.size() ? data.tokenTypes[id] : 1;
        const std::string_view piece = data.tokens[id];
        const bool literal = type == 3 || type == 4;
        labels.set(static_cast<std::int64_t>(id),
                   literal     ? std::string(piece)
                   : byteLevel ? byteLevelBytes(piece)
                   : spaced    ? spacedBytes(piece, type == 6)
                               : std::string(piece),
                   type == 3);
    }
    return labels;
}

TokenLabels TokenLabels::fromFile(const std::filesystem::path &path)
{
    const std::string origin = path.string();
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec))
        fail(origin, "no such file");
    const MappedFile file(origin);
    if (file.size() >= 4 && std::memcmp(file.data(), "GGUF", 4) == 0)
        return fromGguf(file.bytes(), origin);
    return fromTokenizerJson(std::string_view(reinterpret_cast<const char *>(file.data()), file.size()),
                             origin);
}

TokenLabels TokenLabels::of(const Tokenizer &tokenizer)
{
    TokenLabels labels;
    for (std::int64_t id = tokenizer.vocabSize(); id-- > 0;) {
        try {
            labels.set(id, tokenizer.tokenBytes(id), tokenizer.isSpecial(id));
        } catch (const Error &) {
            // an id the vocabulary skips
        }
    }
    return labels;
}

bool TokenLabels::has(std::int64_t id) const
{
    return id >= 0 && id < size() && m_assigned[static_cast<std::size_t>(id)];
}

std::string TokenLabels::label(std::int64_t id) const
{
    if (!has(id))
        return {};
    return m_special[static_cast<std::size_t>(id)] ? m_bytes[static_cast<std::size_t>(id)]
                                                   : tokenLabel(m_bytes[static_cast<std::size_t>(id)]);
}

std::string_view TokenLabels::bytes(std::int64_t id) const
{
    return has(id) ? std::string_view(m_bytes[static_cast<std::size_t>(id)]) : std::string_view();
}

bool TokenLabels::isSpecial(std::int64_t id) const
{
    return has(id) && m_special[static_cast<std::size_t>(id)];
}

} // namespace embedlab::core
