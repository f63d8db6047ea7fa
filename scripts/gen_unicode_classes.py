#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 EmbedLab developers
"""Writes core/text/UnicodeClasses.cpp: the letter, number and white-space classes of GPT-2's
pre-tokenizer pattern (\\p{L}, \\p{N}, \\s) and the word characters of Hugging Face's single_word
added tokens (Rust's \\w) as sorted code point ranges; for BERT's normalizer and pre-tokenizer
(#26) punctuation (\\p{P}), other (\\p{C}), non-spacing marks (Mn), canonical decompositions and
combining classes (NFD), canonical compositions (NFC, Qwen 2's normalizer) and lowercase mappings; and
tests/golden/tokenizer/assigned.json: the code points this Unicode version assigns, so that the
tests compare the table with JavaScript's regex engine (tests/golden/gen_tokenizer.mjs) only where
both know the character.

Run with Debian's system Python:  /usr/bin/python3 scripts/gen_unicode_classes.py
"""
import json
import os
import shutil
import subprocess
import sys
import unicodedata

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")

# \s is Unicode's White_Space property (PropList.txt), which is what OpenAI's encoder.py (the `regex`
# module) and tiktoken (Rust's regex) use. unicodedata has no White_Space, and str.isspace() differs
# (it adds U+001C..U+001F), so the 25 code points are listed here. JavaScript's \s differs too: it
# adds U+FEFF and lacks U+0085; tests/golden/gen_tokenizer.mjs records where the two oracles split.
WHITE_SPACE = [(0x09, 0x0D), (0x20, 0x20), (0x85, 0x85), (0xA0, 0xA0), (0x1680, 0x1680),
               (0x2000, 0x200A), (0x2028, 0x2029), (0x202F, 0x202F), (0x205F, 0x205F), (0x3000, 0x3000)]


def ranges(predicate):
    out = []
    start = None
    for cp in range(0x110001):
        inside = cp <= 0x10FFFF and predicate(cp)
        if inside and start is None:
            start = cp
        elif not inside and start is not None:
            out.append((start, cp - 1))
            start = None
    return out


# Rust's regex \w (what tokenizers' AddedVocabulary uses for single_word) follows UTS #18: Alphabetic,
# Mark, Decimal_Number, Connector_Punctuation and Join_Control. unicodedata has no Alphabetic (it is
# L*, Nl and Other_Alphabetic), so the ranges come from Perl's \w, which UTS #18 defines the same way,
# and must be of the same Unicode version as unicodedata.
PERL_WORD = r"""
use Unicode::UCD;
print Unicode::UCD::UnicodeVersion(), "\n";
my $start = -1;
for my $cp (0 .. 0x110000) {
    my $in = $cp <= 0x10FFFF && !($cp >= 0xD800 && $cp <= 0xDFFF) && chr($cp) =~ /\w/u;
    if ($in && $start < 0) { $start = $cp; }
    elsif (!$in && $start >= 0) { print "$start ", $cp - 1, "\n"; $start = -1; }
}
"""


def word_ranges():
    lines = subprocess.run(["perl", "-e", PERL_WORD], check=True, capture_output=True, text=True).stdout.split("\n")
    if lines[0] != unicodedata.unidata_version:
        sys.exit(f"Perl has Unicode {lines[0]}, Python {unicodedata.unidata_version}: use matching versions")
    return [tuple(int(x) for x in line.split()) for line in lines[1:] if line]


def category(cp):
    return unicodedata.category(chr(cp))


def full_decomposition(cp):
    """The canonical decomposition of cp, applied recursively (NFD without reordering); Hangul
    syllables are left to the algorithm in code."""
    d = unicodedata.decomposition(chr(cp))
    if not d or d.startswith("<"):
        return [cp]
    out = []
    for part in d.split():
        out.extend(full_decomposition(int(part, 16)))
    return out


def mapping_table(name, pairs):
    """(code point, replacement code points) as a sorted index into one pool of code points."""
    pool = []
    index = []
    for cp, chars in pairs:
        index.append(f"{{0x{cp:X}, {len(pool)}, {len(chars)}}},")
        pool.extend(chars)
    rows = [f"constexpr char32_t {name}Pool[] = {{"]
    for k in range(0, len(pool), 8):
        rows.append("    " + " ".join(f"0x{c:X}," for c in pool[k:k + 8]))
    rows.append("};")
    rows.append(f"constexpr CodePointMapping {name}[] = {{")
    for k in range(0, len(index), 4):
        rows.append("    " + " ".join(index[k:k + 4]))
    rows.append("};")
    return "\n".join(rows)


def table(name, rs):
    lines = [f"constexpr CodePointRange {name}[] = {{"]
    row = []
    for a, b in rs:
        row.append(f"{{0x{a:X}, 0x{b:X}}},")
        if len(row) == 6:
            lines.append("    " + " ".join(row))
            row = []
    if row:
        lines.append("    " + " ".join(row))
    lines.append("};")
    return "\n".join(lines)


def main():
    letters = ranges(lambda cp: category(cp).startswith("L"))
    numbers = ranges(lambda cp: category(cp).startswith("N"))
    words = word_ranges()
    assigned = ranges(lambda cp: category(cp) != "Cn")
    punctuation = ranges(lambda cp: category(cp).startswith("P"))
    others = ranges(lambda cp: category(cp).startswith("C"))
    nonspacing = ranges(lambda cp: category(cp) == "Mn")
    decompositions = [(cp, full_decomposition(cp)) for cp in range(0x110000)
                      if not 0xAC00 <= cp <= 0xD7A3 and full_decomposition(cp) != [cp]]
    lowercase = [(cp, [ord(c) for c in chr(cp).lower()]) for cp in range(0x110000)
                 if not 0xD800 <= cp <= 0xDFFF and chr(cp).lower() != chr(cp)]
    combining = [(cp, unicodedata.combining(chr(cp))) for cp in range(0x110000) if unicodedata.combining(chr(cp))]
    compositions = []
    for cp in range(0x110000):
        d = unicodedata.decomposition(chr(cp))
        parts = d.split() if d and not d.startswith("<") else []
        # A pair NFC puts back together: not a composition exclusion (NFC of it is itself).
        if len(parts) == 2 and unicodedata.normalize("NFC", chr(cp)) == chr(cp):
            compositions.append((int(parts[0], 16), int(parts[1], 16), cp))
    compositions.sort()
    source = f"""// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
// Generated by scripts/gen_unicode_classes.py from Python {sys.version.split()[0]}'s unicodedata
// (Unicode {unicodedata.unidata_version}); do not edit.
#include "core/text/UnicodeClasses.h"

namespace embedlab::core::unicode {{

namespace {{

// \\p{{L}}: general categories Lu, Ll, Lt, Lm, Lo.
{table("kLetters", letters)}

// \\p{{N}}: general categories Nd, Nl, No.
{table("kNumbers", numbers)}

// \\s: the White_Space property.
{table("kWhiteSpace", WHITE_SPACE)}

// \\w as Rust's regex and Perl define it (UTS #18): Alphabetic, Mark, Decimal_Number,
// Connector_Punctuation, Join_Control.
{table("kWord", words)}

// \\p{{P}}: general categories Pc, Pd, Ps, Pe, Pi, Pf, Po.
{table("kPunctuation", punctuation)}

// \\p{{C}}: Cc, Cf, Cn, Co, Cs (what Rust's unicode_categories calls is_other).
{table("kOther", others)}

// \\p{{Mn}}: non-spacing marks.
{table("kNonspacingMarks", nonspacing)}

// Canonical decompositions, applied recursively (Hangul syllables are decomposed in code).
{mapping_table("kDecomposition", decompositions)}

// Each code point's lowercase mapping where it differs (Python's str.lower of the character alone,
// as Rust's char::to_lowercase: full mappings such as U+0130 -> "i\\u0307", no final sigma).
{mapping_table("kLowercase", lowercase)}

// Canonical compositions (NFC): the two code points a composite decomposes into, sorted, without
// the composition exclusions; Hangul syllables are composed in code.
constexpr CanonicalComposition kCompositions[] = {{
{chr(10).join("    " + " ".join(f"{{0x{a:X}, 0x{b:X}, 0x{c:X}}}," for a, b, c in compositions[k:k + 4]) for k in range(0, len(compositions), 4))}
}};

// Canonical combining classes other than 0.
constexpr CombiningClass kCombining[] = {{
{chr(10).join("    " + " ".join(f"{{0x{cp:X}, {c}}}," for cp, c in combining[k:k + 6]) for k in range(0, len(combining), 6))}
}};

}} // namespace

std::span<const CodePointRange> letters()
{{
    return kLetters;
}}

std::span<const CodePointRange> numbers()
{{
    return kNumbers;
}}

std::span<const CodePointRange> whiteSpace()
{{
    return kWhiteSpace;
}}

std::span<const CodePointRange> wordCharacters()
{{
    return kWord;
}}

std::span<const CodePointRange> punctuation()
{{
    return kPunctuation;
}}

std::span<const CodePointRange> others()
{{
    return kOther;
}}

std::span<const CodePointRange> nonspacingMarks()
{{
    return kNonspacingMarks;
}}

std::span<const CodePointMapping> decompositions()
{{
    return kDecomposition;
}}

std::span<const char32_t> decompositionPool()
{{
    return kDecompositionPool;
}}

std::span<const CodePointMapping> lowercaseMappings()
{{
    return kLowercase;
}}

std::span<const char32_t> lowercasePool()
{{
    return kLowercasePool;
}}

std::span<const CombiningClass> combiningClasses()
{{
    return kCombining;
}}

std::span<const CanonicalComposition> compositions()
{{
    return kCompositions;
}}

const char *version()
{{
    return "{unicodedata.unidata_version}";
}}

}} // namespace embedlab::core::unicode
"""
    target = os.path.join(ROOT, "core", "text", "UnicodeClasses.cpp")
    with open(target, "w") as f:
        f.write(source)
    # The tree's format check covers generated files too.
    clang_format = shutil.which("clang-format") or shutil.which("clang-format-14")
    if clang_format:
        subprocess.run([clang_format, "-i", target], check=True)
    else:
        print("clang-format not found: format core/text/UnicodeClasses.cpp before committing", file=sys.stderr)
    with open(os.path.join(ROOT, "tests", "golden", "tokenizer", "assigned.json"), "w") as f:
        json.dump({"unicode": unicodedata.unidata_version, "assigned": [list(r) for r in assigned]}, f)
    print(f"{len(letters)} letter, {len(numbers)} number, {len(words)} word ranges; Unicode {unicodedata.unidata_version}")


if __name__ == "__main__":
    main()
