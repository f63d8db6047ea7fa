#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 EmbedLab developers
"""Fixtures for the ggml block types (issue #30): random blocks and what llama.cpp's gguf-py
dequantises them to (tests/golden/gguf_quant/, read by tests/core/io/tst_ggufquant.cpp).

gguf-py (llama.cpp's Python package, whose quants.py dequantises every ggml type in NumPy) is the
oracle. It is not a Debian package and is never committed here: fetch llama.cpp into a scratch
folder and point this script at its gguf-py folder:

    EMBEDLAB_GGUF_PY=/path/to/llama.cpp/gguf-py /usr/bin/python3 tests/golden/gen_gguf_quant.py

(python3-numpy; gguf-py's own __init__ imports sentencepiece and more, so only its constants.py,
lazy.py and quants.py are loaded). Without EMBEDLAB_GGUF_PY the script says so and keeps the
committed fixtures, so tests/golden/generate.py still runs everywhere.

Each type gets 2048 elements: 64 blocks of 32 or 8 blocks of 256. The block bytes are random; every
f16 scale field (d, and m or dmin where the type has one) is then set to a random finite half, the
first blocks to the edge cases +0, -0, the smallest subnormal and the largest half. Written per type:
TYPE.blocks (the raw bytes, as in a GGUF file) and TYPE.f32 (gguf-py's float32 output, little-endian),
with manifest.json naming the block layout and where the oracle came from; and all_types.gguf, one
[8, 256] tensor "blk.0.TYPE" of each type, for the reader's test and the GGUF fuzzer's seeds.
"""
import hashlib
import importlib
import json
import os
import struct
import sys
import types

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "gguf_quant")

# name: (ggml type id, offsets of the f16 scale fields in a block); block sizes come from gguf-py.
TYPES = {
    "Q4_0": (2, [0]),
    "Q4_1": (3, [0, 2]),
    "Q5_0": (6, [0]),
    "Q5_1": (7, [0, 2]),
    "Q8_0": (8, [0]),
    "Q2_K": (10, [80, 82]),
    "Q3_K": (11, [108]),
    "Q4_K": (12, [0, 2]),
    "Q5_K": (13, [0, 2]),
    "Q6_K": (14, [208]),
    "IQ4_NL": (20, [0]),
    "IQ4_XS": (23, [0]),
    "TQ1_0": (34, [52]),
    "TQ2_0": (35, [64]),
}
EDGE_HALVES = [0x0000, 0x8000, 0x0001, 0x7BFF]


def load_gguf_py(folder):
    """gguf-py's quants module without running gguf/__init__.py."""
    package = types.ModuleType("gguf")
    package.__path__ = [os.path.join(folder, "gguf")]
    sys.modules["gguf"] = package
    return importlib.import_module("gguf.quants"), importlib.import_module("gguf.constants")


def random_finite_halves(rng, count):
    bits = rng.integers(0, 1 << 16, size=count, dtype=np.uint32)
    # Exponent 0x1f is infinity or NaN: redraw those from the finite ones.
    while np.any((bits & 0x7C00) == 0x7C00):
        bad = (bits & 0x7C00) == 0x7C00
        bits[bad] = rng.integers(0, 1 << 16, size=int(bad.sum()), dtype=np.uint32)
    return bits.astype(np.uint16)


def gguf_file(tensors):
    """A GGUF v3 file (llama.cpp's docs/gguf.md) of (name, ggml type id, raw bytes) tensors, each
    [8, 256] in PyTorch order, with no metadata and the default alignment of 32."""
    def string(s):
        return struct.pack("<Q", len(s)) + s.encode()
    header = b"GGUF" + struct.pack("<IQQ", 3, len(tensors), 0)
    data = b""
    for name, type_id, raw in tensors:
        data += b"\0" * (-len(data) % 32)
        header += string(name) + struct.pack("<I2QIQ", 2, 256, 8, type_id, len(data))
        data += raw
    return header + b"\0" * (-len(header) % 32) + data


def main():
    folder = os.environ.get("EMBEDLAB_GGUF_PY")
    if not folder:
        print("gen_gguf_quant.py: EMBEDLAB_GGUF_PY is not set (the path of llama.cpp's gguf-py); "
              "keeping the committed fixtures in tests/golden/gguf_quant")
        return
    quants, constants = load_gguf_py(folder)
    with open(os.path.join(folder, "gguf", "quants.py"), "rb") as f:
        quants_sha = hashlib.sha256(f.read()).hexdigest()
    os.makedirs(OUT, exist_ok=True)
    rng = np.random.default_rng(30)
    tensors = []
    manifest = {"numpy": np.__version__, "gguf_py_quants_sha256": quants_sha,
                "llama_cpp_commit": os.environ.get("EMBEDLAB_LLAMA_CPP_COMMIT", "unknown"), "types": {}}
    for name, (type_id, scale_offsets) in TYPES.items():
        qtype = constants.GGMLQuantizationType(type_id)
        assert qtype.name == name, (qtype.name, name)
        block_elements, block_bytes = constants.GGML_QUANT_SIZES[qtype]
        blocks = 2048 // block_elements
        raw = rng.integers(0, 256, size=(blocks, block_bytes), dtype=np.uint8)
        for offset in scale_offsets:
            halves = random_finite_halves(rng, blocks)
            halves[: len(EDGE_HALVES)] = EDGE_HALVES
            raw[:, offset:offset + 2] = halves.view(np.uint8).reshape(blocks, 2)
        values = quants.dequantize(raw.reshape(-1), qtype).astype("<f4", copy=False)
        assert values.shape == (blocks * block_elements,), values.shape
        assert np.all(np.isfinite(values)), name
        with open(os.path.join(OUT, name + ".blocks"), "wb") as f:
            f.write(raw.tobytes())
        with open(os.path.join(OUT, name + ".f32"), "wb") as f:
            f.write(values.tobytes())
        tensors.append(("blk.0." + name, type_id, raw.tobytes()))
        manifest["types"][name] = {"ggml_type": type_id, "block_elements": block_elements,
                                   "block_bytes": block_bytes, "blocks": blocks}
    with open(os.path.join(OUT, "all_types.gguf"), "wb") as f:
        f.write(gguf_file(tensors))
    with open(os.path.join(OUT, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
