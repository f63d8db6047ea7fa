// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// Hugging Face's normalizers, pre-tokenizers and decoders that EmbedLab implements, after
// tokenizers' src/normalizers, src/pre_tokenizers and src/decoders.
#include "core/text/TextPipeline.h"

#include "core/format/Utf8.h"
#include "core/text/ByteLevel.h"
#include "core/text/UnicodeClasses.h"

namespace embedlab::core::text {

namespace {

// Bytes that are not UTF-8 travel through the steps as lone low surrogates U+DC80..U+DCFF (as
// Python's surrogateescape) and come back as the same bytes: no step ever makes a surrogate.
std::u32string toCodePoints(std::string_view text)
{
    std::u32string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const bytelevel::Utf8Unit u = bytelevel::decodeUtf8(text, i);
        out += u.valid ? u.cp : 0xDC00 + static_cast<unsigned char>(text[i]);
        i += u.length;
    }
    return out;
}

void appendCodePoint(std::string &out, char32_t cp)
{
    if (cp >= 0xDC80 && cp <= 0xDCFF)
        out += static_cast<char>(cp - 0xDC00);
    else
        appendUtf8(out, cp);
}

std::string toUtf8(std::u32string_view text)
{
    std::string out;
    out.reserve(text.size());
    for (const char32_t cp : text)
        appendCodePoint(out, cp);
    return out;
}

void replaceAll(std::string &text, std::string_view from, std::string_view to)
{
    if (from.empty())
        return;
    std::string out;
    std::size_t at = 0;
    for (std::size_t found; (found = text.find(from, at)) != std::string::npos; at = found + from.size())
        out.append(text, at, found - at).append(to);
    if (at == 0)
        return;
    out.append(text, at);
    text = std::move(out);
}

bool isWhiteSpace(char32_t cp)
{
    return unicode::classify(cp) == unicode::CharClass::Space;
}

// tokenizers' normalizers/bert.rs: is_chinese_char's blocks.
bool isChineseChar(char32_t c)
{
    return (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x20000 && c <= 0x2A6DF) ||
           (c >= 0x2A700 && c <= 0x2B73F) || (c >= 0x2B740 && c <= 0x2B81F) ||
           (c >= 0x2B920 && c <= 0x2CEAF) || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0x2F800 && c <= 0x2FA1F);
}

std::u32string stripAccents(std::u32string_view text)
{
    std::u32string nfd;
    unicode::appendNfd(text, nfd);
    std::u32string out;
    out.reserve(nfd.size());
    for (const char32_t cp : nfd) {
        if (!unicode::isNonspacingMark(cp))
            out += cp;
    }
    return out;
}

std::u32string lowercased(std::u32string_view text)
{
    std::u32string out;
    out.reserve(text.size());
    for (const char32_t cp : text)
        unicode::appendLowercase(cp, out);
    return out;
}

std::u32string bertNormalized(const NormalizerStep &step, std::u32string text)
{
    if (step.cleanText) {
        std::u32string out;
        for (const char32_t c : text) {
            const bool control =
                c != '\t' && c != '\n' && c != '\r' && unicode::isOther(c) && !(c >= 0xDC80 && c <= 0xDCFF);
            if (c == 0 || c == 0xFFFD || control)
                continue;
            out += isWhiteSpace(c) ? U' ' : c;
        }
        text = std::move(out);
    }
    if (step.chineseChars) {
        std::u32string out;
        for (const char32_t c : text) {
            if (isChineseChar(c))
                out.append({U' ', c, U' '});
            else
                out += c;
        }
        text = std::move(out);
    }
    if (step.stripAccents)
        text = stripAccents(text);
    if (step.lowercase)
        text = lowercased(text);
    return text;
}

// Splits `text` at each character for which `cut` is true: kept as a word of its own (Isolated)
// or dropped (Removed).
template <typename Cut>
void splitAt(std::string_view text, Cut cut, bool keep, std::vector<std::string_view> &words)
{
    std::size_t start = 0;
    for (std::size_t i = 0; i < text.size();) {
        const bytelevel::Utf8Unit u = bytelevel::decodeUtf8(text, i);
        if (u.valid && cut(u.cp)) {
            if (i > start)
                words.push_back(text.substr(start, i - start));
            if (keep)
                words.push_back(text.substr(i, u.length));
            start = i + u.length;
        }
        i += u.length;
    }
    if (start < text.size())
        words.push_back(text.substr(start));
}

void applyStep(const PreTokenizerStep &step, TextPiece piece, std::vector<std::string_view> &out,
               std::deque<std::string> &storage)
{
    switch (step.kind) {
    case PreTokenizerStep::Kind::Split:
        splitWithPattern(step.pattern, piece.text, out);
        return;
    case PreTokenizerStep::Kind::ByteLevel: {
        std::string_view text = piece.text;
        if (step.addPrefixSpace && !text.starts_with(' '))
            text = storage.emplace_back(1, ' ').append(text); // piecewise: GCC 12's -Wrestrict
        if (step.useRegex)
            splitWithPattern(step.pattern, text, out);
        else if (!text.empty())
            out.push_back(text);
        return;
    }
    case PreTokenizerStep::Kind::Metaspace: {
        std::string &text = storage.emplace_back(piece.text);
        replaceAll(text, " ", step.replacement);
        const bool prepend = !text.starts_with(step.replacement) &&
                             (step.prepend == PreTokenizerStep::Prepend::Always ||
                              (step.prepend == PreTokenizerStep::Prepend::First && piece.atStart));
        if (prepend)
            text.insert(0, step.replacement);
        if (!step.split) {
            if (!text.empty())
                out.push_back(text);
            return;
        }
        // MergedWithNext: each replacement starts a word.
        const std::string_view view = text;
        std::size_t start = 0;
        for (std::size_t found = view.find(step.replacement, 1); found != std::string_view::npos;
             found = view.find(step.replacement, found + step.replacement.size())) {
            if (found > start)
                out.push_back(view.substr(start, found - start));
            start = found;
        }
        if (start < view.size())
            out.push_back(view.substr(start));
        return;
    }
    case PreTokenizerStep::Kind::Bert: {
        std::vector<std::string_view> words;
        splitAt(piece.text, isWhiteSpace, false, words);
        for (const std::string_view word : words)
            splitAt(word, isBertPunctuation, true, out);
        return;
    }
    }
}

} // namespace

bool isBertPunctuation(char32_t cp)
{
    if (cp < 0x80)
        return (cp >= '!' && cp <= '/') || (cp >= ':' && cp <= '@') || (cp >= '[' && cp <= '`') ||
               (cp >= '{' && cp <= '~');
    return unicode::isPunctuation(cp);
}

std::string normalize(const std::vector<NormalizerStep> &steps, std::string_view input)
{
    std::string text(input);
    for (const NormalizerStep &step : steps) {
        switch (step.kind) {
        case NormalizerStep::Kind::Prepend:
            if (!text.empty())
                text.insert(0, step.text);
            break;
        case NormalizerStep::Kind::Replace:
            replaceAll(text, step.text, step.content);
            break;
        case NormalizerStep::Kind::Bert:
            text = toUtf8(bertNormalized(step, toCodePoints(text)));
            break;
        case NormalizerStep::Kind::Lowercase:
            text = toUtf8(lowercased(toCodePoints(text)));
            break;
        case NormalizerStep::Kind::Nfd: {
            std::u32string nfd;
            unicode::appendNfd(toCodePoints(text), nfd);
            text = toUtf8(nfd);
            break;
        }
        case NormalizerStep::Kind::Nfc: {
            std::u32string nfc;
            unicode::appendNfc(toCodePoints(text), nfc);
            text = toUtf8(nfc);
            break;
        }
        case NormalizerStep::Kind::StripAccents: {
            // tokenizers' StripAccents removes the non-spacing marks already there (no NFD of its own).
            std::u32string kept;
            for (const char32_t cp : toCodePoints(text)) {
                if (!unicode::isNonspacingMark(cp))
                    kept += cp;
            }
            text = toUtf8(kept);
            break;
        }
        }
    }
    return text;
}

void preTokenize(const std::vector<PreTokenizerStep> &steps, TextPiece piece,
                 std::vector<std::string_view> &words, std::deque<std::string> &storage)
{
    if (steps.empty()) {
        if (!piece.text.empty())
            words.push_back(piece.text);
        return;
    }
    // Each step cuts every word the step before made; only the first word of the first step's input
    // starts the text.
    std::vector<std::string_view> current{piece.text};
    std::vector<std::string_view> next;
    for (std::size_t s = 0; s < steps.size(); ++s) {
        next.clear();
        for (std::size_t w = 0; w < current.size(); ++w)
            applyStep(steps[s],
                      {current[w], piece.atStart && w == 0 && current[w].data() == piece.text.data()}, next,
                      storage);
        current.swap(next);
    }
    words.insert(words.end(), current.begin(), current.end());
}

std::string decode(const std::vector<DecoderStep> &steps, std::vector<std::string> tokens)
{
    for (const DecoderStep &step : steps) {
        switch (step.kind) {
        case DecoderStep::Kind::ByteLevel:
            for (std::string &token : tokens) {
                std::string bytes;
                bool table = true;
                for (std::size_t i = 0; i < token.size() && table;) {
                    const bytelevel::Utf8Unit u = bytelevel::decodeUtf8(token, i);
                    const int b = u.valid ? bytelevel::byteOfChar(u.cp) : -1;
                    table = b >= 0;
                    bytes += static_cast<char>(b);
                    i += u.length;
                }
                if (table)
                    token = std::move(bytes);
            }
            break;
        case DecoderStep::Kind::Replace:
            for (std::string &token : tokens)
                replaceAll(token, step.text, step.content);
            break;
        case DecoderStep::Kind::ByteFallback: {
            std::vector<std::string> out;
            std::string pending;
            std::size_t pendingCount = 0;
            auto flush = [&] {
                if (!pendingCount)
                    return;
                if (bytelevel::displayText(pending) == pending) {
                    out.push_back(pending);
                } else {
                    for (std::size_t k = 0; k < pendingCount; ++k)
                        out.emplace_back("\xEF\xBF\xBD");
                }
                pending.clear();
                pendingCount = 0;
            };
            for (std::string &token : tokens) {
                const auto hex = [](char c) {
                    return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'F') || (c >= 'a' && c <= 'f');
                };
                if (token.size() == 6 && token.starts_with("<0x") && token.back() == '>' && hex(token[3]) &&
                    hex(token[4])) {
                    pending += static_cast<char>(std::stoi(token.substr(3, 2), nullptr, 16));
                    ++pendingCount;
                } else {
                    flush();
                    out.push_back(std::move(token));
                }
            }
            flush();
            tokens = std::move(out);
            break;
        }
        case DecoderStep::Kind::Fuse: {
            std::string joined;
            for (const std::string &token : tokens)
                joined += token;
            tokens.assign(1, std::move(joined));
            break;
        }
        case DecoderStep::Kind::Strip:
            for (std::string &token : tokens) {
                std::u32string chars = toCodePoints(token);
                const char32_t content = toCodePoints(step.text).front();
                std::size_t startCut = 0;
                for (std::size_t i = 0; i < step.start && i < chars.size() && chars[i] == content; ++i)
                    startCut = i + 1;
                std::size_t stopCut = chars.size();
                for (std::size_t i = 0; i < step.stop && i < chars.size(); ++i) {
                    const std::size_t index = chars.size() - i - 1;
                    if (chars[index] != content)
                        break;
                    stopCut = index;
                }
                token = startCut < stopCut
                            ? toUtf8(std::u32string_view(chars).substr(startCut, stopCut - startCut))
                            : std::string();
            }
            break;
        case DecoderStep::Kind::Metaspace:
            for (std::size_t i = 0; i < tokens.size(); ++i) {
                const bool dropFirst = i == 0 && step.prepend != PreTokenizerStep::Prepend::Never;
                std::string out;
                std::size_t at = 0;
                for (std::size_t found; (found = tokens[i].find(step.text, at)) != std::string::npos;
                     at = found + step.text.size())
                    out.append(tokens[i], at, found - at).append(dropFirst ? "" : " ");
                tokens[i] = out.append(tokens[i], at);
            }
            break;
        case DecoderStep::Kind::WordPiece:
            for (std::size_t i = 0; i < tokens.size(); ++i) {
                std::string &token = tokens[i];
                if (i != 0) {
                    if (token.starts_with(step.text))
                        token.erase(0, step.text.size());
                    else
                        token.insert(0, 1, ' ');
                }
                if (step.cleanup) {
                    for (const auto &[from, to] : {std::pair{" .", "."},
                                                   {" ?", "?"},
                                                   {" !", "!"},
                                                   {" ,", ","},
                                                   {" ' ", "'"},
                                                   {" n't", "n't"},
                                                   {" 'm", "'m"},
                                                   {" do not", " don't"},
                                                   {" 's", "'s"},
                                                   {" 've", "'ve"},
                                                   {" 're", "'re"}})
                        replaceAll(token, from, to);
                }
            }
            break;
        }
    }
    std::string out;
    for (const std::string &token : tokens)
        out += token;
    return out;
}

} // namespace embedlab::core::text
