// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
//
// The peer of embedlab-bench's `llama3_load` workload (issue #26), run by tests/bench/compare.py:
//   node tests/bench/hf_load_bench.mjs NODE_MODULES_DIR TOKENIZER_JSON RUNS
// Times reading the file, JSON.parse and @huggingface/tokenizers' Tokenizer constructor (what a
// web page does to load a tokenizer) after one warm-up run and prints {"median_ms", "min_ms",
// "max_ms", "runs"} as JSON.
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

const [modules, file, runsText] = process.argv.slice(2);
const { Tokenizer } = await import(pathToFileURL(path.join(path.resolve(modules), '@huggingface/tokenizers/dist/tokenizers.mjs')).href);
const runs = Number(runsText || 7);
const load = () => new Tokenizer(JSON.parse(fs.readFileSync(file, 'utf8')), {});
let tokenizer = load(); // warm-up
const ms = [];
for (let i = 0; i < runs; ++i) {
    const start = performance.now();
    tokenizer = load();
    ms.push(performance.now() - start);
}
if (tokenizer.encode('Hello world', { add_special_tokens: false }).ids.join(',') !== '9906,1917')
    throw new Error('not Llama 3');
ms.sort((a, b) => a - b);
const median = runs % 2 ? ms[(runs - 1) / 2] : (ms[runs / 2 - 1] + ms[runs / 2]) / 2;
console.log(JSON.stringify({ median_ms: median, min_ms: ms[0], max_ms: ms[runs - 1], runs }));
