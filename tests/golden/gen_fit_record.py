#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 EmbedLab developers
"""Golden cases for a fit's stored run (issue #27 item 5, core::writeFitRecords), by real PyTorch.

    /usr/bin/python3 tests/golden/gen_fit_record.py

For each case this runs the loop of core::TextFit in PyTorch 1.13 on a text of ids drawn from a
fixed LCG (tst_fittimeline's), for STORED steps, and writes what a session keeps beside it - the
parameters by the script's names, opt.state_dict()["state"] as "optimizer.state.K.NAME" (Adam's
float "step" included), every loss - as the .safetensors file EmbedLab reads. It then takes the
next MORE steps and records their losses. tst_fittimeline reads PyTorch's file, takes it over and
must print the same losses: the stored state is PyTorch's own, name for name.
"""
import json
import os
import struct

import torch
import torch.nn as nn
import torch.nn.functional as F

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "fit")
STORED, MORE = 97, 3
CASES = [
    # name, tied, bias, optimizer class, keyword arguments
    ("amsgrad_untied", False, True, torch.optim.Adam, {"lr": 0.01, "amsgrad": True}),
    ("sgd_momentum_tied", True, True, torch.optim.SGD, {"lr": 0.1, "momentum": 0.9, "nesterov": True}),
]


def lcg_ids(n, vocabulary):
    ids, x = [], 12345
    for _ in range(n):
        x = (x * 6364136223846793005 + 1442695040888963407) % 2**64
        ids.append((x >> 33) % vocabulary)
    return ids


def write_safetensors(path, tensors, metadata):
    header, offset, blobs = {"__metadata__": metadata}, 0, []
    for name, t in tensors:
        data = t.detach().to(torch.float32).contiguous().numpy().tobytes()
        header[name] = {"dtype": "F32", "shape": list(t.shape), "data_offsets": [offset, offset + len(data)]}
        offset += len(data)
        blobs.append(data)
    text = json.dumps(header, separators=(",", ":")).encode()
    text += b" " * ((8 - len(text) % 8) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(text)) + text + b"".join(blobs))


def run(name, tied, bias, optimizer, kwargs):
    ids = lcg_ids(400, 60)
    vocab = sorted(set(ids))
    rows = torch.tensor([vocab.index(i) for i in ids])
    C, B, D, V = 3, 5, 8, len(vocab)
    x = torch.stack([rows[i - C:i] for i in range(C, len(rows))])
    y = rows[C:]
    torch.manual_seed(0)
    emb = nn.Embedding(V, D)
    head = nn.Linear(D, V, bias=bias)
    if tied:
        head.weight = emb.weight
    opt = optimizer(nn.ModuleList([emb, head]).parameters(), **kwargs)
    losses = []
    for k in range(1, STORED + MORE + 1):
        i = torch.arange((k - 1) * B, k * B) % len(y)
        loss = F.cross_entropy(head(emb(x[i]).mean(dim=1)), y[i])
        opt.zero_grad()
        loss.backward()
        opt.step()
        losses.append(loss.item())
        if k == STORED:
            params = [("emb.weight", emb.weight)]
            if not tied:
                params.append(("head.weight", head.weight))
            if bias:
                params.append(("head.bias", head.bias))
            tensors = list(params)
            for index, state in sorted(opt.state_dict()["state"].items()):
                for key, value in state.items():
                    tensors.append((f"optimizer.state.{index}.{key}", value))
            tensors.append(("losses", torch.tensor(losses)))
            metadata = {"format": "embedlab-fit", "version": "1", "step": str(STORED)}
            write_safetensors(os.path.join(OUT, f"record_{name}.safetensors"), tensors, metadata)
    return {"name": name, "tied": tied, "bias": bias, "optimizer": optimizer.__name__,
            "kwargs": kwargs, "stored": STORED, "more": losses[STORED:]}


def main():
    cases = [run(*case) for case in CASES]
    with open(os.path.join(OUT, "records.json"), "w") as f:
        json.dump({"torch": torch.__version__, "cases": cases}, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
