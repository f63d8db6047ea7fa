// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
//
// The peer of embedlab-bench's `tokenize` and `llama3_tokenize` workloads, run by
// tests/bench/compare.py:
//   node tests/bench/tiktoken_bench.mjs NODE_MODULES_DIR TEXT_FILE RUNS [ENCODING]
// Times npm tiktoken's (WASM) encode_ordinary of the file's text with ENCODING (default "gpt2";
// "cl100k_base" for Llama 3's peer, a vocabulary and pattern of the same kind) after one warm-up
// run and prints {"median_ms", "min_ms", "max_ms", "runs", "tokens"} as JSON.
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const [modules, textFile, runsText, encodingName] = process.argv.slice(2);
const require = createRequire(path.join(path.resolve(modules), 'x.js'));
const { get_encoding } = require('tiktoken');
const encoding = get_encoding(encodingName || 'gpt2');
const text = fs.readFileSync(textFile, 'utf8');
const runs = Number(runsText || 7);
let tokens = encoding.encode_ordinary(text).length; // warm-up, as embedlab-bench does
const ms = [];
for (let i = 0; i < runs; ++i) {
    const start = performance.now();
    tokens = encoding.encode_ordinary(text).length;
    ms.push(performance.now() - start);
}
ms.sort((a, b) => a - b);
const median = runs % 2 ? ms[(runs - 1) / 2] : (ms[runs / 2 - 1] + ms[runs / 2]) / 2;
encoding.free();
console.log(JSON.stringify({ median_ms: median, min_ms: ms[0], max_ms: ms[runs - 1], runs, tokens }));
