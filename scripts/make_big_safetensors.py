#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 EmbedLab developers
"""Writes a [ROWS, COLS] bf16 (or f16/f32) .safetensors for measuring big-vocabulary loads.

    python3 scripts/make_big_safetensors.py [--lm-head] /tmp/llama3_vocab.safetensors [ROWS COLS [DTYPE]]

Defaults to Llama 3's vocabulary, 128256 x 4096 bf16 (1 GB). With --lm-head the file also holds an
untied `lm_head.weight` of the same shape after `model.embed_tokens.weight` (Llama 3's 2.1 GB pair).
Needs NumPy only; the values are normal(0, 0.02) from a fixed seed, rounded to bf16 by truncation,
written block by block.
"""
import json
import struct
import sys

import numpy as np


def main():
    args = [a for a in sys.argv[1:] if a != "--lm-head"]
    if not args or any(a.startswith("-") for a in args):
        sys.exit(__doc__)  # --help (or a mistyped option) is not an output file to fill with 1 GB
    names = ["model.embed_tokens.weight"] + (["lm_head.weight"] if "--lm-head" in sys.argv else [])
    out = args[0]
    rows = int(args[1]) if len(args) > 1 else 128256
    cols = int(args[2]) if len(args) > 2 else 4096
    dtype = args[3] if len(args) > 3 else "BF16"
    item = {"BF16": 2, "F16": 2, "F32": 4}[dtype]
    size = rows * cols * item
    header = {name: {"dtype": dtype, "shape": [rows, cols], "data_offsets": [i * size, (i + 1) * size]}
              for i, name in enumerate(names)}
    text = json.dumps(header, separators=(",", ":")).encode()
    text += b" " * ((8 - len(text) % 8) % 8)
    rng = np.random.default_rng(1234)
    with open(out, "wb") as f:
        f.write(struct.pack("<Q", len(text)))
        f.write(text)
        block = max(1, (1 << 22) // cols)
        for first in [f for _ in names for f in range(0, rows, block)]:
            n = min(block, rows - first)
            x = (rng.standard_normal((n, cols), dtype=np.float32) * np.float32(0.02)).astype(np.float32)
            if dtype == "BF16":
                f.write((x.view(np.uint32) >> 16).astype("<u2").tobytes())
            elif dtype == "F16":
                f.write(x.astype("<f2").tobytes())
            else:
                f.write(x.astype("<f4").tobytes())


if __name__ == "__main__":
    main()
