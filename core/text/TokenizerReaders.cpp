// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// The three ways a byte-level BPE tokenizer is written down: tokenizer.json, vocab.json with
// merges.txt, and a GGUF file's tokenizer.ggml.* metadata.
#include "core/io/Gguf.h"
#include "core/io/Json.h"
#include "core/io/MappedFile.h"
#include "core/tensor/Error.h"
#include "core/text/Tokenizer.h"
#include "core/text/TokenizerTables.h"

#include <cstring>
#include <system_error>

namespace embedlab::core {

namespace {

[[noreturn]] void fail(std::string_view origin, const std::string &what)
{
    throw Error(Error::Kind::ValueError, std::string(origin) + ": " + what);
}

Json parseText(std::string_view text, std::string_view origin)
{
    if (text.size() > kMaxTokenizerTextBytes)
        fail(origin, "is " + std::to_string(text.size()) + " bytes, more than the " +
                         std::to_string(kMaxTokenizerTextBytes) + " a tokenizer file may have");
    if (const std::size_t bad = invalidUtf8At(text); bad != std::string_view::npos)
        fail(origin, "is not valid UTF-8 at byte " + std::to_string(bad));
    return parseJson({text, 0, "JSON", origin});
}

std::int64_t idOf(const Json &v, std::string_view origin, const std::string &where)
{
    if (v.type != Json::Type::Number || v.text.empty() || v.text[0] == '-' ||
        v.text.find_first_of(".eE") != std::string::npos || v.text.size() > 10)
        fail(origin,
             where + " is not a token id (a non-negative integer) at byte " + std::to_string(v.position));
    return std::stoll(v.text);
}

void readVocabulary(const Json &vocab, std::string_view origin, const std::string &where,
                    TokenizerSource &source)
{
    if (vocab.type != Json::Type::Object)
        fail(origin, where + " is " + jsonTypeName(vocab.type) + ", not an object of token ids");
    source.vocab.reserve(vocab.keys.size());
    for (std::size_t i = 0; i < vocab.keys.size(); ++i)
        source.vocab.emplace_back(vocab.keys[i],
                                  idOf(vocab.values[i], origin, where + " '" + vocab.keys[i] + "'"));
}

// "a b": two tokens and exactly one space between them (tokens never hold a space: it is 'Ġ').
void addMergeLine(std::string_view line, std::string_view origin, std::string where, TokenizerSource &source)
{
    const std::size_t space = line.find(' ');
    if (space == std::string_view::npos || space == 0 || space + 1 == line.size() ||
        line.find(' ', space + 1) != std::string_view::npos)
        fail(origin,
             where + " is not two tokens separated by one space: '" + std::string(line.substr(0, 80)) + "'");
    source.merges.push_back(
        {std::string(line.substr(0, space)), std::string(line.substr(space + 1)), std::move(where)});
}

// Both layouts of model.merges: "a b" strings, or ["a", "b"] pairs.
void readJsonMerges(const Json &merges, std::string_view origin, TokenizerSource &source)
{
    if (merges.type != Json::Type::Array)
        fail(origin, std::string("model.merges is ") + jsonTypeName(merges.type) + ", not an array");
    source.merges.reserve(merges.items.size());
    for (std::size_t i = 0; i < merges.items.size(); ++i) {
        const Json &m = merges.items[i];
        std::string where = "model.merges[" + std::to_string(i) + "]";
        if (m.type == Json::Type::String) {
            addMergeLine(m.text, origin, std::move(where), source);
        } else if (m.type == Json::Type::Array && m.items.size() == 2 &&
                   m.items[0].type == Json::Type::String && m.items[1].type == Json::Type::String) {
            source.merges.push_back({m.items[0].text, m.items[1].text, std::move(where)});
        } else {
            fail(origin, where + " is neither \"a b\" nor [\"a\", \"b\"] (at byte " +
                             std::to_string(m.position) + ")");
        }
    }
}

void readPreTokenizer(const Json *pre, std::string_view origin, TokenizerSource &source)
{
    const Json *type = pre && pre->type == Json::Type::Object ? pre->member("type") : nullptr;
    if (!type || type->text != "ByteLevel")
        fail(origin, "pre_tokenizer is " + (type ? "'" + type->text + "'" : std::string("missing")) +
                         "; EmbedLab reads byte-level BPE tokenizers (pre_tokenizer ByteLevel, as GPT-2's)");
    if (const Json *regex = pre->member("use_regex");
        regex && regex->type == Json::Type::Bool && !regex->boolean)
        fail(origin, "pre_tokenizer ByteLevel without GPT-2's pattern (use_regex false) is not supported");
    if (const Json *prefix = pre->member("add_prefix_space"); prefix && prefix->type == Json::Type::Bool)
        source.addPrefixSpace = prefix->boolean;
}

void readAddedTokens(const Json *added, std::string_view origin, TokenizerSource &source)
{
    if (!added || added->type == Json::Type::Null)
        return;
    if (added->type != Json::Type::Array)
        fail(origin, std::string("added_tokens is ") + jsonTypeName(added->type) + ", not an array");
    for (std::size_t i = 0; i < added->items.size(); ++i) {
        const Json &token = added->items[i];
        const std::string where = "added_tokens[" + std::to_string(i) + "]";
        const Json *id = token.member("id");
        const Json *content = token.member("content");
        if (!id || !content || content->type != Json::Type::String)
            fail(origin, where + " needs an id and a string content");
        TokenizerSource::AddedToken read{content->text, idOf(*id, origin, where + ".id")};
        const auto flag = [&token](const char *name, bool fallback) {
            const Json *value = token.member(name);
            return value && value->type == Json::Type::Bool ? value->boolean : fallback;
        };
        read.singleWord = flag("single_word", false);
        read.lstrip = flag("lstrip", false);
        read.rstrip = flag("rstrip", false);
        read.normalized = flag("normalized", true); // serde's default for a missing field
        source.literalIds.push_back(read.id);
        source.addedTokens.push_back(std::move(read));
    }
}

Tokenizer::Tables fromTokenizerJsonTree(const Json &root, std::string_view origin)
{
    const Json *model = root.type == Json::Type::Object ? root.member("model") : nullptr;
    if (!model || model->type != Json::Type::Object)
        fail(origin, "has no 'model' object: not a Hugging Face tokenizer.json");
    if (const Json *type = model->member("type"); type && type->text != "BPE")
        fail(origin, "model type '" + type->text + "' is not supported (EmbedLab reads byte-level BPE)");
    TokenizerSource source;
    source.origin = std::string(origin);
    const Json *vocab = model->member("vocab");
    const Json *merges = model->member("merges");
    if (!vocab || !merges)
        fail(origin, std::string("model has no '") + (vocab ? "merges" : "vocab") + "'");
    readVocabulary(*vocab, origin, "model.vocab", source);
    readJsonMerges(*merges, origin, source);
    readPreTokenizer(root.member("pre_tokenizer"), origin, source);
    readAddedTokens(root.member("added_tokens"), origin, source);
    return Tokenizer::Tables::build(source);
}

Tokenizer::Tables fromVocabTree(const Json &vocab, std::string_view mergesTxt, std::string_view origin,
                                std::string_view mergesName)
{
    TokenizerSource source;
    source.origin = std::string(origin);
    readVocabulary(vocab, origin, "the vocabulary", source);
    if (mergesTxt.size() > kMaxTokenizerTextBytes)
        fail(origin, std::string(mergesName) + " is larger than " + std::to_string(kMaxTokenizerTextBytes) +
                         " bytes");
    if (const std::size_t bad = invalidUtf8At(mergesTxt); bad != std::string_view::npos)
        fail(origin, std::string(mergesName) + " is not valid UTF-8 at byte " + std::to_string(bad));
    std::size_t lineNumber = 0;
    for (std::size_t at = 0; at < mergesTxt.size();) {
        std::size_t end = mergesTxt.find('\n', at);
        end = end == std::string_view::npos ? mergesTxt.size() : end;
        std::string_view line = mergesTxt.substr(at, end - at);
        at = end + 1;
        ++lineNumber;
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        if (lineNumber == 1 && line.starts_with("#version"))
            continue;
        addMergeLine(line, origin, std::string(mergesName) + " line " + std::to_string(lineNumber), source);
    }
    return Tokenizer::Tables::build(source);
}

std::string readWholeFile(const std::filesystem::path &path, std::string_view origin)
{
    const MappedFile file(path.string());
    if (file.size() > kMaxTokenizerTextBytes)
        fail(origin, "is " + std::to_string(file.size()) + " bytes, more than the " +
                         std::to_string(kMaxTokenizerTextBytes) + " a tokenizer file may have");
    return std::string(reinterpret_cast<const char *>(file.data()), file.size());
}

bool isGguf(std::span<const std::uint8_t> bytes)
{
    return bytes.size() >= 4 && std::memcmp(bytes.data(), "GGUF", 4) == 0;
}

} // namespace

Tokenizer Tokenizer::fromTokenizerJson(std::string_view json, std::string_view origin)
{
    return Tokenizer(std::make_shared<const Tables>(fromTokenizerJsonTree(parseText(json, origin), origin)));
}

Tokenizer Tokenizer::fromVocabAndMerges(std::string_view vocabJson, std::string_view mergesTxt,
                                        std::string_view origin)
{
    return Tokenizer(std::make_shared<const Tables>(
        fromVocabTree(parseText(vocabJson, origin), mergesTxt, origin, "merges.txt")));
}

Tokenizer Tokenizer::fromGguf(std::span<const std::uint8_t> file, std::string_view origin)
{
    GgufTokenizerData data;
    try {
        data = readGgufTokenizer(file);
    } catch (const Error &e) {
        fail(origin, e.what());
    }
    if (data.model.empty() || data.tokens.empty())
        fail(origin, "has no tokenizer metadata (tokenizer.ggml.model and tokenizer.ggml.tokens)");
    if (data.model != "gpt2")
        fail(origin, "tokenizer.ggml.model is '" + data.model + "'; EmbedLab reads byte-level BPE ('gpt2')");
    if (!data.tokenTypes.empty() && data.tokenTypes.size() != data.tokens.size())
        fail(origin, "tokenizer.ggml.token_type has " + std::to_string(data.tokenTypes.size()) +
                         " entries for " + std::to_string(data.tokens.size()) + " tokens");
    TokenizerSource source;
    source.origin = std::string(origin);
    for (std::size_t id = 0; id < data.tokens.size(); ++id) {
        source.vocab.emplace_back(std::string(data.tokens[id]), static_cast<std::int64_t>(id));
        if (!data.tokenTypes.empty() && data.tokenTypes[id] == 3) // control: <|endoftext|> as written
            source.literalIds.push_back(static_cast<std::int64_t>(id));
    }
    for (std::size_t i = 0; i < data.merges.size(); ++i)
        addMergeLine(data.merges[i], origin, "tokenizer.ggml.merges[" + std::to_string(i) + "]", source);
    return Tokenizer(std::make_shared<const Tables>(Tables::build(source)));
}

Tokenizer Tokenizer::fromFile(const std::filesystem::path &path)
{
    const std::string origin = path.string();
    std::error_code ec;
    if (!std::filesystem::exists(path, ec))
        fail(origin, "no such file");
    if (!std::filesystem::is_regular_file(path, ec))
        fail(origin, "is not a file");
    if (path.filename() == "merges.txt")
        fail(origin, "open the vocab.json beside it: merges.txt alone is not a tokenizer");
    {
        const MappedFile file(origin);
        if (isGguf(file.bytes()))
            return fromGguf(file.bytes(), origin);
    }
    const std::string text = readWholeFile(path, origin);
    const Json root = parseText(text, origin);
    if (root.type != Json::Type::Object)
        fail(origin, "is not a tokenizer.json, a vocab.json or a GGUF file");
    // GPT-2's vocab.json has a token "model" too: a tokenizer.json's model is an object.
    if (const Json *model = root.member("model"); model && model->type == Json::Type::Object)
        return Tokenizer(std::make_shared<const Tables>(fromTokenizerJsonTree(root, origin)));
    const std::filesystem::path mergesPath = path.parent_path() / "merges.txt";
    if (!std::filesystem::exists(mergesPath, ec))
        fail(origin,
             "a vocab.json needs merges.txt beside it, and " + mergesPath.string() + " does not exist");
    const std::string merges = readWholeFile(mergesPath, mergesPath.string());
    return Tokenizer(
        std::make_shared<const Tables>(fromVocabTree(root, merges, origin, mergesPath.string())));
}

std::optional<std::filesystem::path> findTokenizerFor(const std::filesystem::path &weightFile)
{
    std::error_code ec;
    try {
        const MappedFile file(weightFile.string());
        if (isGguf(file.bytes())) {
            const GgufTokenizerData data = readGgufTokenizer(file.bytes());
            if (!data.model.empty() && !data.tokens.empty())
                return weightFile;
        }
    } catch (const Error &) {
        // A damaged or missing weight file has no tokenizer inside; the folder may still have one.
    }
    const std::filesystem::path dir = weightFile.parent_path();
    if (std::filesystem::is_regular_file(dir / "tokenizer.json", ec))
        return dir / "tokenizer.json";
    if (std::filesystem::is_regular_file(dir / "vocab.json", ec) &&
        std::filesystem::is_regular_file(dir / "merges.txt", ec))
        return dir / "vocab.json";
    return std::nullopt;
}

} // namespace embedlab::core
