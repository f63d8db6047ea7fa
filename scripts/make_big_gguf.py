#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 EmbedLab developers
"""Writes a GGUF v3 file holding token_embd.weight and output.weight, [ROWS, COLS] each, as F16 or BF16.

    python3 scripts/make_big_gguf.py /tmp/llama3_f16.gguf [ROWS COLS [F16|BF16]]

Defaults to Llama 3's shape, 128256 x 4096 F16 (2.1 GB for the pair), the in-place F16/BF16 GGUF
measurement of README.md (#28). Needs NumPy only; values are normal(0, 0.02) from a fixed seed,
rounded to F16 by NumPy or to BF16 by truncation, written block by block. GGUF lists each shape
innermost first (COLS, ROWS) and aligns the data to 32 bytes.
"""
import struct
import sys

import numpy as np

GGUF_TYPES = {"F16": 1, "BF16": 30}
GGUF_STRING = 8  # the metadata value type of general.architecture


def gguf_string(text):
    data = text.encode()
    return struct.pack("<Q", len(data)) + data


def main():
    args = sys.argv[1:]
    if not args or any(a.startswith("-") for a in args):
        sys.exit(__doc__)
    out = args[0]
    rows = int(args[1]) if len(args) > 1 else 128256
    cols = int(args[2]) if len(args) > 2 else 4096
    kind = args[3].upper() if len(args) > 3 else "F16"
    names = ["token_embd.weight", "output.weight"]
    size = rows * cols * 2
    metadata = gguf_string("general.architecture") + struct.pack("<I", GGUF_STRING) + gguf_string("llama")
    infos = b"".join(gguf_string(name) + struct.pack("<IQQIQ", 2, cols, rows, GGUF_TYPES[kind], i * size)
                     for i, name in enumerate(names))
    head = b"GGUF" + struct.pack("<IQQ", 3, len(names), 1) + metadata + infos
    rng = np.random.default_rng(7)
    with open(out, "wb") as f:
        f.write(head + b"\0" * (-len(head) % 32))
        for _ in names:
            for first in range(0, rows, 8192):
                x = rng.standard_normal((min(8192, rows - first), cols), dtype=np.float32) * 0.02
                words = x.astype(np.float16).view(np.uint16) if kind == "F16" else (x.view(np.uint32) >> 16)
                f.write(words.astype(np.uint16).tobytes())
    print(f"wrote {out}: {len(names)} x [{rows}, {cols}] {kind}")


if __name__ == "__main__":
    main()
