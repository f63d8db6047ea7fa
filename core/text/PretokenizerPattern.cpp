// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/text/PretokenizerPattern.h"

#include "core/text/ByteLevel.h"
#include "core/text/UnicodeClasses.h"

#include <algorithm>
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

// DeepSeek's Splits, as llama.cpp copied them from the models' tokenizer.json (llama-vocab.cpp),
// but for three ranges of the letters whose ends lost their Greek oxia there (U+1F7D, U+1FD3 and
// U+1FDB became U+03CE, U+0390 and U+038A, their canonical equivalents, which put the ranges out
// of order). Each is an optional white space character, then one character or a run of one class.
constexpr std::string_view kCjkClass = "一-龥ࠀ-一가-퟿";
// clang-format off (it breaks these lines anew at every run: it counts bytes, not characters)
constexpr std::string_view kDeepSeekLetterClass =
    "A-Za-zµÀ-ÖØ-öø-ƺƼ-ƿǄ-ʓʕ-ʯͰ-ͳͶͷͻ-ͽͿΆΈ-ΊΌΎ"
    "-ΡΣ-ϵϷ-ҁҊ-ԯԱ-ՖႠ-ჅᎠ-Ᏽᏸ-ᏽᲐ-ᲺᲽ-Ჿᴀ-ᴫᵫ-ᵷᵹ-ᶚḀ-"
    "ἕἘ-Ἕἠ-ὅὈ-Ὅὐ-ὗὙὛὝὟ-ώᾀ-ᾴᾶ-ᾼιῂ-ῄῆ-ῌῐ-ΐῖ-Ίῠ-"
    "Ῥῲ-ῴῶ-ῼℂℇℊ-ℓℕℙ-ℝℤΩℨK-ℭℯ-ℴℹℼ-ℿⅅ-ⅉⅎↃↄⰀ-ⱻⱾ-"
    "ⳤⳫ-ⳮⳲⳳꙀ-ꙭꚀ-ꚛꜢ-ꝯꝱ-ꞇꞋ-ꞎꭰ-ꮿﬀ-ﬆﬓ-ﬗＡ-Ｚａ-ｚ𐐀-𐑏𐒰"
    "-𐓓𐓘-𐓻𐲀-𐲲𐳀-𐳲𑢠-𑣟𞤀-𞥃";
// clang-format on
constexpr std::string_view kDeepSeekSymbolClass = "!-/:-~！-／：-～‘-‟　-。";

enum class ClassKind : std::uint8_t { Newline, Letter, Punctuation, Number, Ranges };
struct SimplePattern {
    PretokenizerPattern pattern;
    bool optionalSpace;
    ClassKind kind;
    bool run; // `+`: one or more; otherwise exactly one
    std::string_view ranges;
};
constexpr std::array kSimplePatterns = {
    SimplePattern{PretokenizerPattern::Newline, false, ClassKind::Newline, false, {}},
    SimplePattern{PretokenizerPattern::SpaceLetters, true, ClassKind::Letter, true, {}},
    SimplePattern{PretokenizerPattern::SpacePunctuation, true, ClassKind::Punctuation, true, {}},
    SimplePattern{PretokenizerPattern::CjkRun, false, ClassKind::Ranges, true, kCjkClass},
    SimplePattern{PretokenizerPattern::Number, false, ClassKind::Number, false, {}},
    SimplePattern{PretokenizerPattern::NumberRun, false, ClassKind::Number, true, {}},
    SimplePattern{PretokenizerPattern::SpaceDeepSeekLetters, true, ClassKind::Ranges, true,
                  kDeepSeekLetterClass},
    SimplePattern{PretokenizerPattern::SpaceDeepSeekSymbols, true, ClassKind::Ranges, true,
                  kDeepSeekSymbolClass},
};

// How tokenizer.json writes each of them (the newline class both with the characters and escaped).
const std::vector<std::pair<std::string, PretokenizerPattern>> &simpleRegexes()
{
    static const std::vector<std::pair<std::string, PretokenizerPattern>> table = {
        {"[\r\n]", PretokenizerPattern::Newline},
        {R"([\r\n])", PretokenizerPattern::Newline},
        {R"(\s?\p{L}+)", PretokenizerPattern::SpaceLetters},
        {R"(\s?\p{P}+)", PretokenizerPattern::SpacePunctuation},
        {"[" + std::string(kCjkClass) + "]+", PretokenizerPattern::CjkRun},
        {R"(\p{N})", PretokenizerPattern::Number},
        {R"(\p{N}+)", PretokenizerPattern::NumberRun},
        {R"(\s?[)" + std::string(kDeepSeekLetterClass) + "]+", PretokenizerPattern::SpaceDeepSeekLetters},
        {R"(\s?[)" + std::string(kDeepSeekSymbolClass) + "]+", PretokenizerPattern::SpaceDeepSeekSymbols},
        {R"(\s+$)", PretokenizerPattern::TrailingSpace},
    };
    return table;
}

// llama.cpp's names (llama-vocab.cpp) and what each sets; "llama3", "llama-v3", "falcon3" and
// "smaug-bpe" use Llama 3's pattern, "deepseek-r1-qwen" Qwen 2's.
using P = PretokenizerPattern;
struct GgufName {
    std::string_view name;
    std::vector<PretokenizerPattern> patterns;
    bool ignoreMerges;
};
const std::vector<GgufName> &ggufNames()
{
    static const std::vector<GgufName> names = {
        {"gpt-2", {P::Gpt2}, false},
        {"gpt2", {P::Gpt2}, false},
        {"llama-bpe", {P::Llama3}, true},
        {"llama3", {P::Llama3}, true},
        {"llama-v3", {P::Llama3}, true},
        {"falcon3", {P::Llama3}, true},
        {"smaug-bpe", {P::Llama3}, false},
        {"qwen2", {P::Qwen2}, false},
        {"deepseek-r1-qwen", {P::Qwen2}, false},
        {"deepseek-llm",
         {P::Newline, P::SpaceDeepSeekLetters, P::SpaceDeepSeekSymbols, P::TrailingSpace, P::CjkRun,
          P::NumberRun},
         false},
        {"deepseek-coder", {P::Newline, P::SpaceLetters, P::SpacePunctuation, P::CjkRun, P::Number}, false},
    };
    return names;
}

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
    const std::size_t last = bytelevel::lastCharStart(text, end);
    return last > at ? last : end;
}

// A class written as in a regex bracket: single characters and ranges "a-b", as code points.
std::vector<std::pair<char32_t, char32_t>> rangesOf(std::string_view written)
{
    std::vector<char32_t> cps;
    for (std::size_t at = 0; at < written.size();) {
        const bytelevel::Utf8Unit u = bytelevel::decodeUtf8(written, at);
        cps.push_back(u.cp);
        at += u.length;
    }
    std::vector<std::pair<char32_t, char32_t>> ranges;
    for (std::size_t k = 0; k < cps.size(); ++k) {
        if (k + 2 < cps.size() && cps[k + 1] == '-') {
            ranges.emplace_back(cps[k], cps[k + 2]);
            k += 2;
        } else {
            ranges.emplace_back(cps[k], cps[k]);
        }
    }
    return ranges;
}

bool inClass(const SimplePattern &p, const Unit &u)
{
    switch (p.kind) {
    case ClassKind::Newline:
        return isNewline(u.cp);
    case ClassKind::Letter:
        return u.cls == CharClass::Letter;
    case ClassKind::Number:
        return u.cls == CharClass::Number;
    case ClassKind::Punctuation:
        return u.cp != 0xFFFFFFFF && unicode::isPunctuation(u.cp);
    case ClassKind::Ranges: {
        static const auto letters = rangesOf(kDeepSeekLetterClass);
        static const auto symbols = rangesOf(kDeepSeekSymbolClass);
        static const auto cjk = rangesOf(kCjkClass);
        const auto &ranges = p.ranges == kDeepSeekLetterClass ? letters
                             : p.ranges == kCjkClass          ? cjk
                                                              : symbols;
        return std::any_of(ranges.begin(), ranges.end(),
                           [&](const auto &r) { return u.cp >= r.first && u.cp <= r.second; });
    }
    }
    return false;
}

// The length of the match of `p` at `at` (0: none), as a backtracking regex engine finds it: the
// optional space taken when the class follows it, otherwise left out.
std::size_t simpleMatchAt(const SimplePattern &p, std::string_view text, std::size_t at)
{
    auto classRun = [&](std::size_t from) {
        std::size_t end = from;
        while (end < text.size()) {
            const Unit u = unitAt(text, end);
            if (!inClass(p, u))
                break;
            end += u.length;
            if (!p.run)
                break;
        }
        return end - from;
    };
    if (p.optionalSpace) {
        const Unit first = unitAt(text, at);
        if (first.cls == CharClass::Space && at + first.length < text.size()) {
            if (const std::size_t n = classRun(at + first.length))
                return first.length + n;
        }
    }
    return classRun(at);
}

// Hugging Face's Split with behaviour Isolated: every match (the leftmost, then on after it) and
// every stretch between matches is a piece.
template <typename MatchAt>
void splitIsolated(std::string_view text, std::vector<std::string_view> &pieces, MatchAt matchAt)
{
    std::size_t gap = 0;
    for (std::size_t at = 0; at < text.size();) {
        if (const std::size_t n = matchAt(at)) {
            if (at > gap)
                pieces.push_back(text.substr(gap, at - gap));
            pieces.push_back(text.substr(at, n));
            at += n;
            gap = at;
        } else {
            at += unitAt(text, at).length;
        }
    }
    if (gap < text.size())
        pieces.push_back(text.substr(gap));
}

// `\s+$`: the white space that ends the text, a piece of its own (a newline is one already, the
// Split before it isolates [\r\n]).
void splitTrailingSpace(std::string_view text, std::vector<std::string_view> &pieces)
{
    std::size_t start = text.size();
    while (start > 0) {
        const std::size_t last = bytelevel::lastCharStart(text, start);
        const Unit u = unitAt(text, last);
        if (u.cls != CharClass::Space || last + u.length != start)
            break;
        start = last;
    }
    if (start > 0)
        pieces.push_back(text.substr(0, start));
    if (start < text.size())
        pieces.push_back(text.substr(start));
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
    for (const auto &[written, pattern] : simpleRegexes()) {
        if (regex == written)
            return pattern;
    }
    return std::nullopt;
}

std::optional<GgufPretokenizer> patternOfGgufPre(std::string_view name)
{
    for (const GgufName &known : ggufNames()) {
        if (known.name == name)
            return GgufPretokenizer{known.patterns, known.ignoreMerges};
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
    default:
        for (const auto &[written, known] : simpleRegexes()) {
            if (known == pattern)
                return written;
        }
    }
    return {};
}

std::string knownGgufPretokenizers()
{
    std::string out;
    for (const GgufName &known : ggufNames())
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
    if (pattern == PretokenizerPattern::TrailingSpace) {
        splitTrailingSpace(text, pieces);
        return;
    }
    for (const SimplePattern &simple : kSimplePatterns) {
        if (simple.pattern == pattern) {
            splitIsolated(text, pieces, [&](std::size_t at) { return simpleMatchAt(simple, text, at); });
            return;
        }
    }
    const std::size_t digits = pattern == PretokenizerPattern::Llama3 ? 3 : 1;
    for (std::size_t at = 0; at < text.size();) {
        const std::size_t end = llama3PieceEnd(text, at, digits);
        pieces.push_back(text.substr(at, end - at));
        at = end;
    }
}

} // namespace embedlab::core
