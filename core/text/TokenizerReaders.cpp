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

template <typename Where> std::int64_t idOf(const Json &v, std::string_view origin, Where where)
{
    if (v.type != Json::Type::Number || v.text.empty() || v.text[0] == '-' ||
        v.text.find_first_of(".eE") != std::string::npos || v.text.size() > 10)
        fail(origin, std::string(where()) + " is not a token id (a non-negative integer) at byte " +
                         std::to_string(v.position));
    return std::stoll(v.text);
}

void readVocabulary(const Json &vocab, std::string_view origin, const std::string &where,
                    TokenizerSource &source)
{
    if (vocab.type != Json::Type::Object)
        fail(origin, where + " is " + jsonTypeName(vocab.type) + ", not an object of token ids");
    source.vocab.reserve(vocab.keys.size());
    for (std::size_t i = 0; i < vocab.keys.size(); ++i)
        source.vocab.emplace_back(
            vocab.keys[i], idOf(vocab.values[i], origin, [&] { return where + " '" + vocab.keys[i] + "'"; }));
}

// "a b": two tokens and exactly one space between them (tokens never hold a space: it is 'Ġ').
void addMergeLine(std::string_view line, std::string_view origin, std::uint32_t place,
                  TokenizerSource &source)
{
    const std::size_t space = line.find(' ');
    if (space == std::string_view::npos || space == 0 || space + 1 == line.size() ||
        line.find(' ', space + 1) != std::string_view::npos)
        fail(origin, source.whereIs({{}, {}, place}) + " is not two tokens separated by one space: '" +
                         std::string(line.substr(0, 80)) + "'");
    source.merges.push_back({line.substr(0, space), line.substr(space + 1), place});
}

// Both layouts of model.merges: "a b" strings, or ["a", "b"] pairs.
void readJsonMerges(const Json &merges, std::string_view origin, TokenizerSource &source)
{
    source.mergePlace = {"model.merges[", "]"};
    if (merges.type != Json::Type::Array)
        fail(origin, std::string("model.merges is ") + jsonTypeName(merges.type) + ", not an array");
    source.merges.reserve(merges.items.size());
    for (std::size_t i = 0; i < merges.items.size(); ++i) {
        const Json &m = merges.items[i];
        const auto place = static_cast<std::uint32_t>(i);
        if (m.type == Json::Type::String) {
            addMergeLine(m.text, origin, place, source);
        } else if (m.type == Json::Type::Array && m.items.size() == 2 &&
                   m.items[0].type == Json::Type::String && m.items[1].type == Json::Type::String) {
            source.merges.push_back({m.items[0].text, m.items[1].text, place});
        } else {
            fail(origin, source.whereIs({{}, {}, place}) +
                             " is neither \"a b\" nor [\"a\", \"b\"] (at byte " + std::to_string(m.position) +
                             ")");
        }
    }
}

bool flagOf(const Json &object, std::string_view name, bool fallback)
{
    const Json *value = object.member(name);
    return value && value->type == Json::Type::Bool ? value->boolean : fallback;
}

std::string typeOf(const Json &object)
{
    const Json *type = object.type == Json::Type::Object ? object.member("type") : nullptr;
    return type && type->type == Json::Type::String ? type->text : std::string();
}

[[noreturn]] void refuse(std::string_view origin, const std::string &part, const std::string &type)
{
    fail(origin, part + " '" + type + "' is not implemented: EmbedLab does not guess what it would do");
}

// A Replace's or Split's {"String": s} or {"Regex": r}: the string, or the regex with `regex` set.
std::string patternOf(const Json &step, std::string_view origin, const std::string &part, bool &regex)
{
    const Json *pattern = step.member("pattern");
    const Json *value = nullptr;
    if (pattern && pattern->type == Json::Type::Object) {
        regex = (value = pattern->member("Regex")) != nullptr;
        if (!regex)
            value = pattern->member("String");
    }
    if (!value || value->type != Json::Type::String)
        fail(origin, part + " has no pattern {\"String\": ...} or {\"Regex\": ...}");
    return value->text;
}

std::string stringOf(const Json &step, std::string_view name, std::string_view origin,
                     const std::string &part, std::string fallback = {}, bool required = false)
{
    const Json *value = step.member(name);
    if (!value || value->type == Json::Type::Null) {
        if (required)
            fail(origin, part + " has no '" + std::string(name) + "'");
        return fallback;
    }
    if (value->type != Json::Type::String)
        fail(origin,
             part + "'s " + std::string(name) + " is " + jsonTypeName(value->type) + ", not a string");
    return value->text;
}

std::size_t countOf(const Json &step, std::string_view name, std::size_t fallback)
{
    const Json *value = step.member(name);
    if (!value || value->type != Json::Type::Number || value->text.empty() || value->text[0] == '-' ||
        value->text.find_first_of(".eE") != std::string::npos || value->text.size() > 9)
        return fallback;
    return static_cast<std::size_t>(std::stoull(value->text));
}

// A Sequence's steps (its member `key`, an array).
const std::vector<Json> &sequenceOf(const Json &step, const char *key, std::string_view origin,
                                    const char *part)
{
    const Json *list = step.member(key);
    if (!list || list->type != Json::Type::Array)
        fail(origin, std::string(part) + " Sequence has no '" + key + "' array");
    return list->items;
}

void readNormalizer(const Json &step, std::string_view origin, TokenizerSource &source)
{
    using Kind = text::NormalizerStep::Kind;
    const std::string type = typeOf(step);
    const std::string part = "normalizer";
    text::NormalizerStep read;
    if (type == "Sequence") {
        for (const Json &inner : sequenceOf(step, "normalizers", origin, "normalizer"))
            readNormalizer(inner, origin, source);
        return;
    } else if (type == "Prepend") {
        read.kind = Kind::Prepend;
        read.text = stringOf(step, "prepend", origin, "normalizer Prepend", {}, true);
    } else if (type == "Replace") {
        bool regex = false;
        read.kind = Kind::Replace;
        read.text = patternOf(step, origin, "normalizer Replace", regex);
        if (regex)
            fail(origin, "normalizer Replace with a Regex pattern ('" + read.text + "') is not implemented");
        read.content = stringOf(step, "content", origin, "normalizer Replace", {}, true);
    } else if (type == "BertNormalizer") {
        read.kind = Kind::Bert;
        read.cleanText = flagOf(step, "clean_text", true);
        read.chineseChars = flagOf(step, "handle_chinese_chars", true);
        read.lowercase = flagOf(step, "lowercase", true);
        read.stripAccents = flagOf(step, "strip_accents", read.lowercase); // null follows lowercase
    } else if (type == "Lowercase") {
        read.kind = Kind::Lowercase;
    } else if (type == "NFD") {
        read.kind = Kind::Nfd;
    } else if (type == "NFC") {
        read.kind = Kind::Nfc;
    } else if (type == "StripAccents") {
        read.kind = Kind::StripAccents;
    } else {
        refuse(origin, part, type.empty() ? "(no type)" : type);
    }
    source.normalizers.push_back(std::move(read));
}

text::PreTokenizerStep::Prepend prependOf(const Json &step, std::string_view origin, const std::string &part)
{
    using Prepend = text::PreTokenizerStep::Prepend;
    // Older files say add_prefix_space instead of prepend_scheme (false: never).
    const std::string scheme = stringOf(step, "prepend_scheme", origin, part);
    const bool addPrefix = flagOf(step, "add_prefix_space", true);
    if (scheme.empty())
        return addPrefix ? Prepend::Always : Prepend::Never;
    if (scheme == "first")
        return Prepend::First;
    if (scheme == "never")
        return Prepend::Never;
    if (scheme != "always")
        fail(origin, part + " prepend_scheme '" + scheme + "' is not one of always, first, never");
    return Prepend::Always;
}

void readPreTokenizer(const Json &step, std::string_view origin, TokenizerSource &source)
{
    using Kind = text::PreTokenizerStep::Kind;
    const std::string type = typeOf(step);
    text::PreTokenizerStep read;
    if (type == "Sequence") {
        for (const Json &inner : sequenceOf(step, "pretokenizers", origin, "pre_tokenizer"))
            readPreTokenizer(inner, origin, source);
        return;
    } else if (type == "ByteLevel") {
        read.kind = Kind::ByteLevel;
        read.useRegex = flagOf(step, "use_regex", true);
        read.addPrefixSpace = flagOf(step, "add_prefix_space", true);
        source.byteLevel = true;
    } else if (type == "Split") {
        bool regex = false;
        const std::string pattern = patternOf(step, origin, "pre_tokenizer Split", regex);
        const std::optional<PretokenizerPattern> known = regex ? patternOfRegex(pattern) : std::nullopt;
        if (!known)
            fail(origin, "pre_tokenizer Split's pattern " + std::string(regex ? "regex '" : "string '") +
                             pattern +
                             "' is not implemented (EmbedLab matches GPT-2's, Llama 3's, Qwen 2's and "
                             "DeepSeek's patterns)");
        const std::string behavior = stringOf(step, "behavior", origin, "pre_tokenizer Split", "Isolated");
        if (behavior != "Isolated")
            fail(origin,
                 "pre_tokenizer Split's behavior '" + behavior + "' is not implemented (only Isolated)");
        if (flagOf(step, "invert", false))
            fail(origin, "pre_tokenizer Split with invert true is not implemented");
        read.kind = Kind::Split;
        read.pattern = *known;
    } else if (type == "Metaspace") {
        read.kind = Kind::Metaspace;
        read.replacement = stringOf(step, "replacement", origin, "pre_tokenizer Metaspace", "\xE2\x96\x81");
        read.prepend = prependOf(step, origin, "pre_tokenizer Metaspace");
        read.split = flagOf(step, "split", true);
    } else if (type == "BertPreTokenizer") {
        read.kind = Kind::Bert;
    } else {
        refuse(origin, "pre_tokenizer", type.empty() ? "(no type)" : type);
    }
    source.preTokenizers.push_back(std::move(read));
}

void readDecoder(const Json &step, std::string_view origin, TokenizerSource &source)
{
    using Kind = text::DecoderStep::Kind;
    const std::string type = typeOf(step);
    text::DecoderStep read;
    if (type == "Sequence") {
        for (const Json &inner : sequenceOf(step, "decoders", origin, "decoder"))
            readDecoder(inner, origin, source);
        return;
    } else if (type == "ByteLevel") {
        read.kind = Kind::ByteLevel;
    } else if (type == "Replace") {
        bool regex = false;
        read.kind = Kind::Replace;
        read.text = patternOf(step, origin, "decoder Replace", regex);
        if (regex)
            fail(origin, "decoder Replace with a Regex pattern ('" + read.text + "') is not implemented");
        read.content = stringOf(step, "content", origin, "decoder Replace", {}, true);
    } else if (type == "ByteFallback") {
        read.kind = Kind::ByteFallback;
    } else if (type == "Fuse") {
        read.kind = Kind::Fuse;
    } else if (type == "Strip") {
        read.kind = Kind::Strip;
        read.text = stringOf(step, "content", origin, "decoder Strip", " ");
        if (read.text.empty())
            fail(origin, "decoder Strip's content is empty");
        read.start = countOf(step, "start", 0);
        read.stop = countOf(step, "stop", 0);
    } else if (type == "Metaspace") {
        read.kind = Kind::Metaspace;
        read.text = stringOf(step, "replacement", origin, "decoder Metaspace", "\xE2\x96\x81");
        read.prepend = prependOf(step, origin, "decoder Metaspace");
    } else if (type == "WordPiece") {
        read.kind = Kind::WordPiece;
        read.text = stringOf(step, "prefix", origin, "decoder WordPiece", "##");
        read.cleanup = flagOf(step, "cleanup", true);
    } else {
        refuse(origin, "decoder", type.empty() ? "(no type)" : type);
    }
    source.decoders.push_back(std::move(read));
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
        TokenizerSource::AddedToken read{content->text, idOf(*id, origin, [&] { return where + ".id"; })};
        const auto flag = [&token](const char *name, bool fallback) {
            const Json *value = token.member(name);
            return value && value->type == Json::Type::Bool ? value->boolean : fallback;
        };
        read.singleWord = flag("single_word", false);
        read.lstrip = flag("lstrip", false);
        read.rstrip = flag("rstrip", false);
        read.normalized = flag("normalized", true); // serde's default for a missing field
        read.special = flag("special", false);
        source.literalIds.push_back(read.id);
        source.addedTokens.push_back(std::move(read));
    }
}

void readModel(const Json &model, std::string_view origin, TokenizerSource &source)
{
    const std::string type = typeOf(model);
    const Json *vocab = model.member("vocab");
    if (type == "WordPiece") {
        source.model = TokenizerModelKind::WordPiece;
        if (!vocab)
            fail(origin, "model has no 'vocab'");
        readVocabulary(*vocab, origin, "model.vocab", source);
        source.unkToken = stringOf(model, "unk_token", origin, "model WordPiece", "[UNK]");
        source.continuingPrefix =
            stringOf(model, "continuing_subword_prefix", origin, "model WordPiece", "##");
        source.maxInputCharsPerWord = countOf(model, "max_input_chars_per_word", 100);
        return;
    }
    if (!type.empty() && type != "BPE")
        fail(origin,
             "model type '" + type + "' is not implemented (EmbedLab reads BPE and WordPiece models)");
    const Json *merges = model.member("merges");
    if (!vocab || !merges)
        fail(origin, std::string("model has no '") + (vocab ? "merges" : "vocab") + "'");
    if (const Json *dropout = model.member("dropout");
        dropout && dropout->type != Json::Type::Null &&
        !(dropout->type == Json::Type::Number && std::stod(dropout->text) == 0))
        fail(origin, "model dropout " + dropout->text + " is not implemented (it makes encoding random)");
    for (const char *affix : {"continuing_subword_prefix", "end_of_word_suffix"}) {
        if (!stringOf(model, affix, origin, "model BPE").empty())
            fail(origin, std::string("model ") + affix + " '" + stringOf(model, affix, origin, "model BPE") +
                             "' is not implemented");
    }
    readVocabulary(*vocab, origin, "model.vocab", source);
    readJsonMerges(*merges, origin, source);
    if (const Json *unk = model.member("unk_token"); unk && unk->type == Json::Type::String)
        source.unkToken = unk->text;
    source.fuseUnk = flagOf(model, "fuse_unk", false);
    source.byteFallback = flagOf(model, "byte_fallback", false);
    source.ignoreMerges = flagOf(model, "ignore_merges", false);
}

Tokenizer::Tables fromTokenizerJsonTree(const Json &root, std::string_view origin)
{
    const Json *model = root.type == Json::Type::Object ? root.member("model") : nullptr;
    if (!model || model->type != Json::Type::Object)
        fail(origin, "has no 'model' object: not a Hugging Face tokenizer.json");
    for (const char *setting : {"truncation", "padding"}) {
        if (const Json *value = root.member(setting); value && value->type != Json::Type::Null)
            fail(origin,
                 std::string(setting) + " is set, which is not implemented (it changes the ids of encode)");
    }
    TokenizerSource source;
    source.origin = std::string(origin);
    source.byteLevel = false;
    // The steps first: the model's vocabulary is read through the byte table only when a ByteLevel
    // pre-tokenizer says so.
    if (const Json *normalizer = root.member("normalizer");
        normalizer && normalizer->type != Json::Type::Null)
        readNormalizer(*normalizer, origin, source);
    if (const Json *pre = root.member("pre_tokenizer"); pre && pre->type != Json::Type::Null)
        readPreTokenizer(*pre, origin, source);
    if (const Json *decoder = root.member("decoder"); decoder && decoder->type != Json::Type::Null)
        readDecoder(*decoder, origin, source);
    readModel(*model, origin, source);
    if (source.byteLevel && source.model != TokenizerModelKind::Bpe)
        fail(origin, "pre_tokenizer ByteLevel with a WordPiece model is not implemented");
    readAddedTokens(root.member("added_tokens"), origin, source);
    return Tokenizer::Tables::build(source);
}

Tokenizer::Tables fromVocabTree(const Json &vocab, std::string_view mergesTxt, std::string_view origin,
                                std::string_view mergesName)
{
    TokenizerSource source;
    source.origin = std::string(origin);
    source.mergePlace = {std::string(mergesName) + " line ", ""};
    source.preTokenizers.push_back({}); // GPT-2's pattern (the default step), as encoder.py
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
        addMergeLine(line, origin, static_cast<std::uint32_t>(lineNumber), source);
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

text::DecoderStep decoderStep(text::DecoderStep::Kind kind, std::string text = {}, std::string content = {})
{
    text::DecoderStep step;
    step.kind = kind;
    step.text = std::move(text);
    step.content = std::move(content);
    return step;
}

text::NormalizerStep normalizerStep(text::NormalizerStep::Kind kind, std::string text,
                                    std::string content = {})
{
    text::NormalizerStep step;
    step.kind = kind;
    step.text = std::move(text);
    step.content = std::move(content);
    return step;
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
    if (data.model != "gpt2" && data.model != "llama")
        fail(origin,
             "tokenizer.ggml.model '" + data.model +
                 "' is not implemented: EmbedLab reads 'gpt2' (byte-level BPE) and 'llama' (SentencePiece "
                 "BPE)");
    if (!data.tokenTypes.empty() && data.tokenTypes.size() != data.tokens.size())
        fail(origin, "tokenizer.ggml.token_type has " + std::to_string(data.tokenTypes.size()) +
                         " entries for " + std::to_string(data.tokens.size()) + " tokens");
    TokenizerSource source;
    source.mergePlace = {"tokenizer.ggml.merges[", "]"};
    source.origin = std::string(origin);
    source.tokenTypes = data.tokenTypes;
    using text::DecoderStep;
    if (data.model == "gpt2") {
        if (data.pre.empty())
            fail(origin,
                 "tokenizer.ggml.pre is missing, so the file does not say which pattern splits its text "
                 "(EmbedLab implements " +
                     knownGgufPretokenizers() + ")");
        const std::optional<GgufPretokenizer> pre = patternOfGgufPre(data.pre);
        if (!pre)
            fail(origin, "tokenizer.ggml.pre '" + data.pre + "' is not implemented (EmbedLab implements " +
                             knownGgufPretokenizers() + ")");
        for (const PretokenizerPattern pattern : pre->patterns) {
            text::PreTokenizerStep split;
            split.pattern = pattern;
            source.preTokenizers.push_back(split);
        }
        source.ignoreMerges = pre->ignoreMerges;
        source.decoders.push_back(decoderStep(DecoderStep::Kind::ByteLevel));
    } else {
        // llama.cpp's SentencePiece: a space before the text (add_space_prefix, default true) and
        // after each special token, spaces written as "▁", merges by the score of the piece made.
        source.model = TokenizerModelKind::SentencePiece;
        source.byteLevel = false;
        if (data.scores.size() != data.tokens.size())
            fail(origin, "tokenizer.ggml.scores has " + std::to_string(data.scores.size()) + " scores for " +
                             std::to_string(data.tokens.size()) + " tokens");
        source.scores = data.scores;
        const bool prefix = data.addSpacePrefix.value_or(true);
        source.normalizers.push_back(
            normalizerStep(text::NormalizerStep::Kind::Replace, " ", "\xE2\x96\x81"));
        if (prefix)
            source.normalizers.push_back(normalizerStep(text::NormalizerStep::Kind::Prepend, "\xE2\x96\x81"));
        source.decoders.push_back(decoderStep(DecoderStep::Kind::Replace, "\xE2\x96\x81", " "));
        source.decoders.push_back(decoderStep(DecoderStep::Kind::ByteFallback));
        source.decoders.push_back(decoderStep(DecoderStep::Kind::Fuse));
        if (prefix) {
            DecoderStep strip = decoderStep(DecoderStep::Kind::Strip, " ");
            strip.start = 1;
            source.decoders.push_back(strip);
        }
    }
    for (std::size_t id = 0; id < data.tokens.size(); ++id) {
        const auto i = static_cast<std::int64_t>(id);
        source.vocab.emplace_back(data.tokens[id], i);
        const std::int32_t type = data.tokenTypes.empty() ? 1 : data.tokenTypes[id];
        // llama.cpp: control tokens are matched only with parse_special (not by tokenize's
        // contract), user-defined ones always, before the rest of the text.
        if (type == 3 || type == 4)
            source.literalIds.push_back(i);
        if (type == 4)
            source.addedTokens.push_back(
                {std::string(data.tokens[id]), i, false, false, false, false, false});
        if (type == 2 && !source.unkToken)
            source.unkToken = std::string(data.tokens[id]);
    }
    for (std::size_t i = 0; i < data.merges.size(); ++i)
        addMergeLine(data.merges[i], origin, static_cast<std::uint32_t>(i), source);
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
