// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
//
// GPT-2's ids of the UTF-8 text on stdin, as npm tiktoken's encode_ordinary gives them (a JSON
// array on stdout): the reference tokenizer of tests/golden/gen_fit.py.
//
//   node tests/golden/tiktoken_ids.mjs NODE_MODULES_DIR < text.txt
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';

const modules = process.argv[2] || process.env.EMBEDLAB_NODE_MODULES;
if (!modules) {
    console.error('usage: node tests/golden/tiktoken_ids.mjs NODE_MODULES_DIR < text');
    process.exit(2);
}
const require = createRequire(path.join(path.resolve(modules), 'x.js'));
const { get_encoding } = require('tiktoken');
const encoding = get_encoding('gpt2');
const text = fs.readFileSync(0, 'utf8');
process.stdout.write(JSON.stringify(Array.from(encoding.encode_ordinary(text))));
encoding.free();
