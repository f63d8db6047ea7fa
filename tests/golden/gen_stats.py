#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 EmbedLab developers
"""Golden fixtures for core/Stats: torch.histc, mean, std, min, max from real PyTorch.

Run with Debian's system Python 3 and python3-torch:  /usr/bin/python3 tests/golden/gen_stats.py
"""
import json
import math
import os

import torch

HERE = os.path.dirname(os.path.abspath(__file__))


def number(x):
    x = float(x)
    if math.isnan(x):
        return "nan"
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    return x


def tensor_json(t):
    return {"shape": list(t.shape), "data": [number(v) for v in t.flatten().tolist()]}


def inputs():
    g = torch.Generator().manual_seed(2026)
    yield "randn_1000", torch.randn(1000, generator=g)
    yield "randn_40x25", torch.randn(40, 25, generator=g)
    yield "uniform_777", torch.rand(777, generator=g) * 0.2 - 0.1
    yield "kaiming_70", torch.empty(50, 70).uniform_(-1 / math.sqrt(70), 1 / math.sqrt(70), generator=g)
    yield "constant", torch.full((30,), 0.25)
    yield "zeros", torch.zeros(4, 5)
    yield "edges", torch.tensor([0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0])
    yield "with_inf", torch.tensor([1.0, float("inf"), -2.0, 0.5, float("-inf"), 3.0])
    yield "single", torch.tensor([1.5])
    yield "tiny_range", torch.tensor([1.0, 1.0000001, 1.0000002, 1.0000004])
    yield "empty", torch.zeros(0)


HISTC_ARGS = [(100, 0, 0), (10, 0, 0), (7, -1, 1), (1, 0, 0), (33, -0.05, 0.05), (4, 0, 2)]


def main():
    cases = []
    for name, t in inputs():
        case = {"name": name, "input": tensor_json(t), "histc": []}
        if t.numel() > 0:
            case["mean"] = number(t.mean())
            case["std"] = number(t.std())
            case["min"] = number(t.min())
            case["max"] = number(t.max())
        for bins, lo, hi in HISTC_ARGS:
            entry = {"bins": bins, "min": lo, "max": hi}
            try:
                entry["counts"] = [number(v) for v in torch.histc(t, bins=bins, min=lo, max=hi).tolist()]
            except RuntimeError as e:
                entry["error"] = str(e)
            case["histc"].append(entry)
        cases.append(case)
    # GPT-2-shaped statistics the app shows: Linear(70, 5000) default init and Embedding(5000, 70).
    torch.manual_seed(123)
    lin = torch.nn.Linear(70, 5000)
    emb = torch.nn.Embedding(5000, 70)
    theory = {
        "linear_70_5000": {"bound": 1 / math.sqrt(70), "std": 1 / math.sqrt(70) / math.sqrt(3),
                           "measured_std": float(lin.weight.std()), "measured_mean": float(lin.weight.mean())},
        "embedding_5000_70": {"std": 1.0, "measured_std": float(emb.weight.std()),
                              "measured_mean": float(emb.weight.mean())},
    }
    with open(os.path.join(HERE, "stats", "stats.json"), "w") as f:
        json.dump({"torch": torch.__version__, "cases": cases, "theory": theory}, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
