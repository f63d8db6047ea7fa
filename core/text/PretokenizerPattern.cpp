// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/text/PretokenizerPattern.h"

#include "core/text/ByteLevel.h"
#include "core/text/UnicodeClasses.h"

#include <array>

namespace embedlab::core {

namespace {

using unicode::CharClass;

constexpr std::string_view kLlama3Regex =
    R"((?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+)";
constexpr std::string_view kQwen2Regex =
    R"((?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+)";
constexpr std::string_view kGpt2Regex =
    R"('s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+)";

// llama.cpp's names (llama-vocab.cpp) and what each sets; "llama3", "llama-v3", "falcon3" and
// "smaug-bpe" use Llama 3's pattern, "deepseek-r1-qwen" Qwen 2's.
struct GgufName {
    std::string_view name;
    PretokenizerPattern pattern;
    bool ignoreMerges;
};
constexpr std::array kGgufNames = {
    GgufName{"gpt-2", PretokenizerPattern::Gpt2, false},
    GgufName{"gpt2", PretokenizerPattern::Gpt2, false},
    GgufName{"llama-bpe", PretokenizerPattern::Llama3, true},
    GgufName{"llama3", PretokenizerPattern::Llama3, true},
    GgufName{"llama-v3", PretokenizerPattern::Llama3, true},
    GgufName{"falcon3", PretokenizerPattern::Llama3, true},
    GgufName{"smaug-bpe", PretokenizerPattern::Llama3, false},
    GgufName{"qwen2", PretokenizerPattern::Qwen2, false},
    GgufName{"deepseek-r1-qwen", PretokenizerPattern::Qwen2, false},
};

struct Unit {
    CharClass cls = CharClass::Other;
    std::size_t length = 1;
    char32_t cp = 0;
};

Unit unitAt(std::string_view text, std::size_t at)
{
    const auto c = static_cast<unsigned char>(text[at]);
    if (c < 0x80)
        return {unicode::classify(c), 1, c};
    const bytelevel::Utf8Unit u = bytelevel::decodeUtf8(text, at);
    return {u.valid ? unicode::classify(u.cp) : CharClass::Other, u.length, u.valid ? u.cp : 0xFFFFFFFF};
}

bool isNewline(char32_t cp)
{
    return cp == '\r' || cp == '\n';
}

// The end of the run of `cls` characters that starts at `at`, at most `limit` characters long.
std::size_t runEnd(std::string_view text, std::size_t at, CharClass cls, std::size_t limit = SIZE_MAX)
{
    for (std::size_t n = 0; at < text.size() && n < limit; ++n) {
        const Unit u = unitAt(text, at);
        if (u.cls != cls)
            break;
        at += u.length;
    }
    return at;
}

char lower(char c)
{
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c;
}

// (?i:'s|'t|'re|'ve|'m|'ll|'d) at `at` (an apostrophe): the match's length, or 0. Case folding is
// ASCII's: the JavaScript references and llama.cpp fold no other letter onto these.
std::size_t contractionAt(std::string_view text, std::size_t at, bool ignoreCase)
{
    for (std::string_view suffix : {"s", "t", "re", "ve", "m", "ll", "d"}) {
        if (at + 1 + suffix.size() > text.size())
            continue;
        bool same = true;
        for (std::size_t k = 0; k < suffix.size() && same; ++k) {
            const char c = text[at + 1 + k];
            same = (ignoreCase ? lower(c) : c) == suffix[k];
        }
        if (same)
            return 1 + suffix.size();
    }
    return 0;
}

// Where the last character of text[0, end) starts (end > 0).
std::size_t lastCharStart(std::string_view text, std::size_t end)
{
    std::size_t last = end - 1;
    while (last > 0 && end - last < 4 && (static_cast<unsigned char>(text[last]) & 0xC0) == 0x80)
        --last;
    return last;
}

// The end of the piece of Llama 3's pattern (Qwen 2's with `digits` 1) that starts at `at`.
std::size_t llama3PieceEnd(std::string_view text, std::size_t at, std::size_t digits)
{
    if (text[at] == '\'') {
        if (const std::size_t n = contractionAt(text, at, true))
            return at + n;
    }
    const Unit first = unitAt(text, at);
    // [^\r\n\p{L}\p{N}]?\p{L}+
    if (first.cls == CharClass::Letter)
        return runEnd(text, at, CharClass::Letter);
    const bool newline = isNewline(first.cp);
    if (!newline && first.cls != CharClass::Number && at + first.length < text.size() &&
        unitAt(text, at + first.length).cls == CharClass::Letter)
        return runEnd(text, at + first.length, CharClass::Letter);
    // \p{N}{1,3}
    if (first.cls == CharClass::Number)
        return runEnd(text, at, CharClass::Number, digits);
    // ` ?[^\s\p{L}\p{N}]+[\r\n]*`
    std::size_t other = std::string_view::npos;
    if (first.cls == CharClass::Other)
        other = at;
    else if (text[at] == ' ' && at + 1 < text.size() && unitAt(text, at + 1).cls == CharClass::Other)
        other = at + 1;
    if (other != std::string_view::npos) {
        std::size_t end = runEnd(text, other, CharClass::Other);
        while (end < text.size() && isNewline(static_cast<unsigned char>(text[end])))
            ++end;
        return end;
    }
    // White space from here on. `\s*[\r\n]+`: up to the run's last newline.
    const std::size_t end = runEnd(text, at, CharClass::Space);
    for (std::size_t k = end; k > at; --k) {
        if (isNewline(static_cast<unsigned char>(text[k - 1])))
            return k;
    }
    // `\s+(?!\S)` leaves the run's last character to the next piece; `\s+` takes a single one.
    if (end == text.size())
        return end;
    const std::size_t last = lastCharStart(text, end);
    return last > at ? last : end;
}

} // namespace

std::optional<PretokenizerPattern> patternOfRegex(std::string_view regex)
{
    if (regex == kLlama3Regex)
        return PretokenizerPattern::Llama3;
    if (regex == kQwen2Regex)
        return PretokenizerPattern::Qwen2;
    if (regex == kGpt2Regex)
        return PretokenizerPattern::Gpt2;
    return std::nullopt;
}

std::optional<GgufPretokenizer> patternOfGgufPre(std::string_view name)
{
    for (const GgufName &known : kGgufNames) {
        if (known.name == name)
            return GgufPretokenizer{known.pattern, known.ignoreMerges};
    }
    return std::nullopt;
}

std::string_view regexOf(PretokenizerPattern pattern)
{
    switch (pattern) {
    case PretokenizerPattern::Gpt2:
        return kGpt2Regex;
    case PretokenizerPattern::Llama3:
        return kLlama3Regex;
    case PretokenizerPattern::Qwen2:
        return kQwen2Regex;
    }
    return {};
}

std::string knownGgufPretokenizers()
{
    std::string out;
    for (const GgufName &known : kGgufNames)
        out.append(out.empty() ? "" : ", ").append(known.name);
    return out;
}

void splitWithPattern(PretokenizerPattern pattern, std::string_view text,
                      std::vector<std::string_view> &pieces)
{
    if (pattern == PretokenizerPattern::Gpt2) {
        bytelevel::splitPretokens(text, pieces);
        return;
    }
    const std::size_t digits = pattern == PretokenizerPattern::Llama3 ? 3 : 1;
    for (std::size_t at = 0; at < text.size();) {
        const std::size_t end = llama3PieceEnd(text, at, digits);
        pieces.push_back(text.substr(at, end - at));
        at = end;
    }
}

} // namespace embedlab::core
