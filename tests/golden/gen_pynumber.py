#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 EmbedLab developers
"""Golden fixture for core::pythonFloat: what Python prints for a float (repr(x) == str(x)).

Run with Debian's system Python 3 and python3-torch:  /usr/bin/python3 tests/golden/gen_pynumber.py
Each case is the float's IEEE-754 bits (hex, so the value reaches C++ exactly, -0.0 and NaN
included) and the text print(x) writes. Besides hand-picked edge cases it holds loss.item() values
of real cross-entropy losses and float32 values as .item() turns them into Python floats.
"""
import json
import os
import random
import struct

import torch
import torch.nn.functional as F

HERE = os.path.dirname(os.path.abspath(__file__))
SEED = 13


def bits(x):
    return "0x%016x" % struct.unpack("<Q", struct.pack("<d", x))[0]


def case(x, note):
    return {"bits": bits(x), "text": str(x), "repr": repr(x), "note": note}


def main():
    edges = [
        (0.0, "zero"), (-0.0, "negative zero"), (1.0, "integral"), (2.0, "integral"),
        (-3.0, "negative integral"), (0.1, "shortest digits"), (0.5, "half"), (1 / 3, "17 digits"),
        (1e-08, "Adam's default eps"), (1e-05, "scientific below 1e-04"), (0.0001, "fixed at 1e-04"),
        (0.00012345, "fixed with digits"), (1.5e-05, "scientific with digits"),
        (1e16, "scientific from 1e16"), (1e15, "fixed below 1e16"), (9999999999999998.0, "fixed, 16 digits"),
        (1.2345678901234567e16, "scientific with digits"), (123456789.0, "fixed integral"),
        (1e100, "three exponent digits"), (1e-100, "three negative exponent digits"),
        (5e-324, "smallest subnormal"), (2.2250738585072014e-308, "smallest normal"),
        (1.7976931348623157e308, "largest double"), (float("inf"), "infinity"),
        (float("-inf"), "negative infinity"), (float("nan"), "NaN"), (-float("nan"), "NaN with sign bit"),
        (0.999, "Adam's beta2"), (0.9, "Adam's beta1"), (-0.1, "negative learning rate"),
        (100.0, "spin box maximum"), (1e22, "exact power of ten"), (1e21, "exact power of ten"),
        (123.456, "fixed with fraction"), (-1e-07, "negative scientific"),
        (3.4028234663852886e38, "largest float32"), (1.401298464324817e-45, "smallest float32 subnormal"),
    ]
    cases = [case(x, note) for x, note in edges]
    rng = random.Random(SEED)
    for _ in range(60):
        x = rng.uniform(-1, 1) * 10 ** rng.randint(-12, 20)
        cases.append(case(x, "random double"))
    torch.manual_seed(SEED)
    for value in torch.randn(40).mul(torch.logspace(-8, 8, 40)).tolist():
        cases.append(case(value, "float32 via .item()"))
    for v, n in [(5, 3), (50, 8), (3, 2)]:
        logits = torch.randn(n, v)
        targets = torch.randint(0, v, (n,))
        cases.append(case(F.cross_entropy(logits, targets).item(), "loss.item()"))
    with open(os.path.join(HERE, "pynumber", "floats.json"), "w") as f:
        json.dump({"python": "%d.%d" % tuple(__import__("sys").version_info[:2]),
                   "torch": torch.__version__, "cases": cases}, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
