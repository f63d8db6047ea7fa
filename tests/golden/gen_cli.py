#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 EmbedLab developers
"""Golden fixtures for the embedlab-cli contract, printed by real PyTorch.

Run with Debian's system Python 3 and python3-torch:  /usr/bin/python3 tests/golden/gen_cli.py
Each case is a command line and what the equivalent PyTorch program prints (stdout), or the last
line of its traceback ("IndexError: index out of range in self") when it raises.
"""
import json
import os

import torch
import torch.nn.functional as F

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_SEED = 67280421310721  # torch.initial_seed() in a fresh process


def parse_ids(text):
    text = text.strip()
    if text.startswith("["):
        return json.loads(text)
    return [int(x) for x in text.split(",")]


def apply_init(weight, spec):
    name, _, rest = spec.partition(":")
    kwargs = {}
    if rest:
        for item in rest.split(","):
            key, _, value = item.partition("=")
            kwargs[key] = value if key in ("mode", "nonlinearity") else float(value)
    getattr(torch.nn.init, name + "_")(weight, **kwargs)


def run(args):
    it = iter(args[1:])
    positional, opts, inits = [], {}, []
    for a in it:
        if a == "--init":
            inits.append(next(it))
        elif a == "--no-bias":
            opts["no_bias"] = True
        elif a.startswith("--"):
            opts[a[2:]] = next(it)
        else:
            positional.append(a)
    torch.manual_seed(int(opts.get("seed", DEFAULT_SEED)))
    if args[0] == "embedding":
        kwargs = {}
        if "padding-idx" in opts:
            kwargs["padding_idx"] = int(opts["padding-idx"])
        if "max-norm" in opts:
            kwargs["max_norm"] = float(opts["max-norm"])
        layer = torch.nn.Embedding(int(positional[0]), int(positional[1]), **kwargs)
        with torch.no_grad():
            for spec in inits:
                apply_init(layer.weight, spec)
        if "lookup" in opts:
            return str(layer(torch.tensor(parse_ids(opts["lookup"])))), layer.weight
        return str(layer.weight), layer.weight
    layer = torch.nn.Linear(int(positional[0]), int(positional[1]), bias=not opts.get("no_bias"))
    with torch.no_grad():
        for spec in inits:
            apply_init(layer.weight, spec)
    if "onehot-forward" in opts:
        x = F.one_hot(torch.tensor(parse_ids(opts["onehot-forward"])), num_classes=layer.in_features).float()
        return str(layer(x)), layer.weight
    return str(layer.weight), layer.weight


CASES = [
    "embedding 4 5 --seed 123",
    "embedding 4 5 --seed 123 --lookup 2,3,1",
    "embedding 4 5 --seed 123 --lookup 1",
    "embedding 4 5 --seed 123 --lookup [[2,3],[1,0]]",
    "embedding 4 5",
    "embedding 4 5 --seed 0",
    "embedding 3 7 --seed 42",
    "embedding 1 1 --seed 7",
    "embedding 16 1 --seed 5",
    "embedding 17 1 --seed 5",
    "embedding 4 5 --seed 123 --padding-idx 0",
    "embedding 4 5 --seed 123 --padding-idx -1",
    "embedding 4 5 --seed 123 --padding-idx 3 --lookup 3,1",
    "embedding 4 5 --seed 123 --max-norm 1.0 --lookup 2,3,1",
    "embedding 4 5 --seed 123 --max-norm 0.5 --lookup 2,2,0",
    "embedding 4 5 --seed 123 --init zeros",
    "embedding 4 5 --seed 123 --init ones",
    "embedding 4 5 --seed 123 --init eye",
    "embedding 4 5 --seed 123 --init constant:val=0.25",
    "embedding 4 5 --seed 123 --init normal:mean=0,std=0.02",
    "embedding 4 5 --seed 123 --init uniform:a=-0.1,b=0.1",
    "embedding 4 5 --seed 123 --init trunc_normal:mean=0,std=0.02,a=-0.04,b=0.04",
    "embedding 4 5 --seed 123 --init xavier_uniform",
    "embedding 4 5 --seed 123 --init xavier_normal:gain=2",
    "embedding 4 5 --seed 123 --init kaiming_uniform",
    "embedding 4 5 --seed 123 --init kaiming_normal:a=0,mode=fan_out,nonlinearity=relu",
    "embedding 4 5 --seed 123 --init orthogonal:gain=1",
    "embedding 4 5 --seed 123 --init normal --init uniform --init zeros --init normal:std=3",
    "embedding 5000 70 --seed 123",
    "embedding 5000 70 --seed 1 --lookup 4999,0,17",
    "embedding 10 3 --seed 9 --init constant:val=1e6",
    "embedding 10 3 --seed 9 --init normal:std=1e-5",
    "linear 4 5 --no-bias --seed 123",
    "linear 4 5 --seed 123",
    "linear 5 4 --no-bias --seed 123",
    "linear 4 5 --no-bias --seed 123 --onehot-forward 2,3,1",
    "linear 4 5 --seed 123 --onehot-forward 2,3,1",
    "linear 4 5 --no-bias --seed 123 --init orthogonal --onehot-forward 0,1,2,3",
    "linear 70 5000 --seed 123",
    "linear 768 3 --seed 3 --init kaiming_normal:nonlinearity=relu",
    # errors, in PyTorch's words
    "embedding 4 5 --seed 123 --lookup 2,4,1",
    "embedding 4 5 --seed 123 --lookup -1",
    "embedding 4 5 --seed 123 --padding-idx 4",
    "embedding 4 5 --seed 123 --padding-idx -5",
    "embedding -1 5",
    # sizes of 0 are valid modules; lookups into them fail in the words of the kernel PyTorch picks
    "embedding 0 5 --seed 123",
    "embedding 4 0 --seed 123 --lookup 2,3,1",
    "embedding 0 5 --seed 123 --lookup 0",
    "embedding 4 0 --seed 123 --lookup 1,4",
    "linear 0 4 --seed 123",
    "linear 5 0 --seed 123 --onehot-forward 2,3,1",
    "linear 4 5 --seed 123 --onehot-forward 2,4",
    "linear 4 5 --seed 123 --init kaiming_normal:mode=fan_avg",
    "linear 4 5 --seed 123 --init kaiming_normal:nonlinearity=swish",
    "linear 4 5 --seed 123 --init normal:std=-1",
    "linear 4 5 --seed 123 --init uniform:a=1,b=0",
]


def main():
    cases = []
    for line in CASES:
        args = line.split()
        case = {"args": args}
        try:
            out, weight = run(args)
            case["stdout"] = out + "\n"
            if weight.numel() <= 64:
                w = weight.detach()
                case["weight"] = {"shape": list(w.shape), "data": [float(v) for v in w.flatten()]}
        except Exception as e:  # the CLI must print the same last traceback line
            case["stderr"] = f"{type(e).__name__}: {e}\n"
        cases.append(case)
    with open(os.path.join(HERE, "cli", "cases.json"), "w") as f:
        json.dump({"torch": torch.__version__, "cases": cases}, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
