#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 EmbedLab developers
"""The exact .npy bytes numpy.save writes for float32 C-order arrays of several shapes.

Run with Debian's system Python 3 and python3-numpy:  /usr/bin/python3 tests/golden/gen_npy.py
"""
import io
import json
import os

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
SHAPES = [(4, 5), (5,), (), (0, 5), (50257, 768), (1, 1), (3, 4, 5), (12345678901,)]


def main():
    cases = []
    for shape in SHAPES:
        buffer = io.BytesIO()
        # Only the header matters; write it without allocating the array.
        np.lib.format.write_array_header_1_0(buffer, {"descr": "<f4", "fortran_order": False, "shape": shape})
        cases.append({"shape": list(shape), "header_hex": buffer.getvalue().hex()})
    small = np.arange(20, dtype=np.float32).reshape(4, 5) * np.float32(0.25) - np.float32(2)
    buffer = io.BytesIO()
    np.save(buffer, small)
    with open(os.path.join(HERE, "npy", "headers.json"), "w") as f:
        json.dump({"numpy": np.__version__, "cases": cases, "small_file_hex": buffer.getvalue().hex()}, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
