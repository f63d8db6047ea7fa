#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 EmbedLab developers
"""Golden cases for `embedlab-cli train`, computed by real PyTorch.

Run with Debian's system Python 3 and python3-torch:  /usr/bin/python3 tests/golden/gen_train.py
Each case is a command line and what the equivalent PyTorch program does: the "K LOSS" lines it
prints (LOSS as print(loss.item())), the losses as numbers, and embedding.weight / lm_head.weight
after the last step; or, when PyTorch raises, the last line of its traceback and exit code 1.
"""
import json
import math
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


def number(v):
    if math.isnan(v):
        return "nan"
    if math.isinf(v):
        return "inf" if v > 0 else "-inf"
    if v == 0 and math.copysign(1, v) < 0:
        return "-0.0"
    return v


def tensor_json(t):
    t = t.detach()
    return {"shape": list(t.shape), "data": [number(v) for v in t.reshape(-1).tolist()]}


def optimizer_kwargs(spec):
    name, _, rest = spec.partition(":")
    kwargs = {"lr": 0.1} if name == "sgd" else {}
    for item in filter(None, rest.split(",")):
        key, _, value = item.partition("=")
        if key in ("nesterov", "amsgrad"):
            kwargs[key] = value in ("1", "true", "True")
        elif key == "betas":
            kwargs[key] = tuple(float(b) for b in value.split("/"))
        elif key in ("lr", "momentum", "dampening", "weight_decay", "eps"):
            kwargs[key] = float(value)
        else:
            kwargs[key] = value  # torch.optim names the unknown keyword
    return name, kwargs


def run(args):
    it = iter(args[1:])
    positional, opts = [], {}
    for a in it:
        if a in ("--tied", "--bias"):
            opts[a[2:]] = True
        elif a.startswith("--"):
            opts[a[2:]] = next(it)
        else:
            positional.append(a)
    v, d = int(positional[0]), int(positional[1])
    torch.manual_seed(int(opts.get("seed", DEFAULT_SEED)))
    kwargs = {}
    if "padding-idx" in opts:
        kwargs["padding_idx"] = int(opts["padding-idx"])
    embedding = torch.nn.Embedding(v, d, **kwargs)
    lm_head = torch.nn.Linear(d, v, bias=bool(opts.get("bias")))
    if opts.get("tied"):
        lm_head.weight = embedding.weight
    model = torch.nn.Sequential(embedding, lm_head)  # parameters() lists a shared weight once
    name, okw = optimizer_kwargs(opts.get("optimizer", "sgd"))
    optimizer = (torch.optim.SGD if name == "sgd" else torch.optim.Adam)(model.parameters(), **okw)
    ids = torch.tensor(parse_ids(opts["ids"]))
    targets = torch.tensor(parse_ids(opts["targets"]))
    lines, losses = [], []
    for k in range(1, int(opts.get("steps", 1)) + 1):
        optimizer.zero_grad()
        loss = F.cross_entropy(lm_head(embedding(ids)).view(-1, v), targets.view(-1))
        loss.backward()
        optimizer.step()
        lines.append("%d %s" % (k, loss.item()))
        losses.append(number(loss.item()))
    return lines, losses, embedding.weight, lm_head.weight


CASES = [
    "train 4 5 --seed 123 --ids 2,3,1 --targets 3,1,0",
    "train 4 5 --seed 123 --ids 2,3,1 --targets 3,1,0 --steps 5",
    "train 4 5 --seed 123 --ids 2,3,1 --targets 3,1,0 --steps 5 --tied",
    "train 4 5 --seed 123 --ids 2,3,1 --targets 3,1,0 --steps 4 --optimizer sgd:lr=0.1,momentum=0.9",
    "train 4 5 --seed 123 --ids 2,3,1 --targets 3,1,0 --steps 4 --tied --optimizer sgd:lr=0.1,momentum=0.9",
    "train 6 3 --seed 7 --ids 0,1,2,3 --targets 1,2,3,4 --steps 4 --optimizer sgd:lr=0.05,momentum=0.9,dampening=0.5",
    "train 6 3 --seed 7 --ids 0,1,2,3 --targets 1,2,3,4 --steps 4 --optimizer sgd:lr=0.05,momentum=0.8,nesterov=1",
    "train 6 3 --seed 7 --ids 0,1,2,3 --targets 1,2,3,4 --steps 3 --optimizer sgd:lr=0.1,weight_decay=0.01",
    "train 6 3 --seed 7 --ids 0,1,2,3 --targets 1,2,3,4 --steps 3 --tied --bias --optimizer "
    "sgd:lr=0.1,momentum=0.9,weight_decay=0.1,nesterov=1",
    "train 5 4 --seed 0 --ids [[1,2],[3,4]] --targets [[2,3],[4,0]] --steps 3 --bias",
    "train 5 4 --seed 0 --ids 1,2,0,0 --targets 2,0,1,3 --steps 3 --padding-idx 0",
    "train 5 4 --seed 0 --ids 1,2,0,0 --targets 2,0,1,3 --steps 3 --padding-idx 0 --tied --bias",
    "train 4 5 --seed 123 --ids 2,3,1 --targets 3,1,0 --steps 5 --optimizer adam",
    "train 4 5 --seed 123 --ids 2,3,1 --targets 3,1,0 --steps 5 --optimizer adam:lr=0.01",
    "train 4 5 --seed 123 --ids 2,3,1 --targets 3,1,0 --steps 5 --tied --optimizer adam:lr=0.01",
    "train 6 3 --seed 7 --ids 0,1,2,3 --targets 1,2,3,4 --steps 4 --optimizer adam:lr=0.02,amsgrad=1",
    "train 6 3 --seed 7 --ids 0,1,2,3 --targets 1,2,3,4 --steps 4 --bias --optimizer "
    "adam:lr=0.02,betas=0.8/0.99,eps=1e-06,weight_decay=0.1",
    "train 6 3 --seed 7 --ids 0,1,2,3 --targets 1,2,3,4 --steps 4 --tied --bias --padding-idx 2 --optimizer "
    "adam:lr=0.02,weight_decay=0.01,amsgrad=1",
    "train 50 16 --seed 99 --ids 1,5,9,13,17,21,25,29 --targets 5,9,13,17,21,25,29,33 --steps 6 --tied "
    "--optimizer adam:lr=0.005",
    "train 4 5 --ids 2,3,1 --targets 3,1,0 --steps 2",
    # Bad input: PyTorch's message, exit 1.
    "train 4 5 --seed 123 --ids 2,3,7 --targets 3,1,0",
    "train 4 5 --seed 123 --ids 2,3,1 --targets 3,1,9",
    "train 4 5 --seed 123 --ids 2,3,1 --targets 3,1",
    "train 4 5 --seed 123 --ids 2,3,1 --targets 3,1,0 --optimizer sgd:lr=-0.1",
    "train 4 5 --seed 123 --ids 2,3,1 --targets 3,1,0 --optimizer adam:lr=-1",
    "train 4 5 --seed 123 --ids 2,3,1 --targets 3,1,0 --optimizer sgd:lr=0.1,foo=1",
    "train 4 5 --seed 123 --ids 2,3,1 --targets 3,1,0 --optimizer adam:lr=0.1,momentum=0.9",
    "train 4 5 --seed 123 --ids 2,3,1 --targets 3,1,0 --optimizer sgd:lr=0.1,nesterov=1",
]


def main():
    cases = []
    for line in CASES:
        args = line.split()
        case = {"args": args}
        try:
            lines, losses, weight, head = run(args)
            case.update(stdout="".join(l + "\n" for l in lines), losses=losses,
                        weight=tensor_json(weight), lm_head=tensor_json(head))
        except Exception as e:  # the last line of the traceback
            case.update(stdout="", stderr="%s: %s\n" % (type(e).__name__, e))
        cases.append(case)
    with open(os.path.join(HERE, "train", "cases.json"), "w") as f:
        json.dump({"torch": torch.__version__, "cases": cases}, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
