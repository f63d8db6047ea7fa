#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 EmbedLab developers
"""Golden fixtures for core/Embedding, Linear, OneHot, TiedModel, Loss and Optimizer.

Run with Debian's Python, which has the oracle (PyTorch 1.13) installed:
    /usr/bin/python3 tests/golden/gen_layers.py
Writes tests/golden/layers/{embedding,linear,onehot,tied,training}.json. Deterministic: every
random tensor comes from torch.manual_seed(...) or a seeded torch.Generator.

Tensor format: {"shape": [...], "data": [...]} with each float32 as the exact Python float and
non-finite values as "nan"/"inf"/"-inf". Error cases store type(e).__name__ and str(e).
"""

import json
import math
import os

import torch
import torch.nn as nn
import torch.nn.functional as F

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "layers")
torch.set_num_threads(1)


def num(v):
    if isinstance(v, float):
        if math.isnan(v):
            return "nan"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
    return v


def ten(t):
    t = t.detach().contiguous()
    return {"shape": list(t.shape), "data": [num(v) for v in t.reshape(-1).tolist()]}


def err(fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - we record whatever PyTorch raises
        return {"type": type(e).__name__, "message": str(e)}
    raise SystemExit("expected an exception")


def randn(*shape, seed):
    g = torch.Generator().manual_seed(seed)
    return torch.randn(*shape, generator=g)


def write(name, obj):
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, name), "w") as f:
        json.dump(obj, f, separators=(",", ":"))
        f.write("\n")


def opts_json(padding_idx=None, max_norm=None, norm_type=2.0, scale_grad_by_freq=False, sparse=False):
    return {"padding_idx": padding_idx, "max_norm": max_norm, "norm_type": norm_type,
            "scale_grad_by_freq": scale_grad_by_freq, "sparse": sparse}


# ---------------------------------------------------------------------------------------------
# Embedding
def gen_embedding():
    out = {}
    torch.manual_seed(123)
    e = nn.Embedding(4, 5)
    ids = torch.tensor([2, 3, 1])
    out["reference"] = {"seed": 123, "V": 4, "D": 5, "ids": ten(ids), "weight": ten(e.weight),
                        "output": ten(e(ids))}

    inits = []
    for seed, v, d, pad in [(123, 4, 5, None), (0, 10, 3, None), (42, 7, 16, None), (7, 3, 2, None),
                            (123, 4, 5, 0), (123, 4, 5, -1), (5, 6, 3, 2), (9, 1, 1, None), (11, 0, 3, None)]:
        torch.manual_seed(seed)
        m = nn.Embedding(v, d, padding_idx=pad)
        inits.append({"seed": seed, "V": v, "D": d, "options": opts_json(padding_idx=pad),
                      "padding_normalised": m.padding_idx, "weight": ten(m.weight)})
    out["init"] = inits

    lookups = []
    for name, v, d, ids in [("1d", 4, 5, [2, 3, 1]), ("2d", 6, 3, [[0, 5, 5], [2, 1, 0]]),
                            ("repeat", 5, 4, [1, 1, 1, 4]), ("0d", 4, 3, 2), ("3d", 5, 2, [[[1, 2], [3, 4]]])]:
        w = randn(v, d, seed=len(lookups) + 100)
        m = nn.Embedding(v, d, _weight=w.clone())
        t = torch.tensor(ids)
        lookups.append({"name": name, "weight": ten(w), "ids": ten(t), "output": ten(m(t))})
    out["lookups"] = lookups

    renorms = []
    for name, v, d, ids, max_norm, norm_type in [
            ("p2_d5", 6, 5, [2, 3, 3, 1, 5], 1.0, 2.0), ("p2_d13", 5, 13, [[0, 4], [4, 2]], 2.5, 2.0),
            ("p2_d20", 4, 20, [3, 0, 3], 3.0, 2.0), ("p2_d768", 3, 768, [0, 2], 20.0, 2.0),
            ("p1_d5", 6, 5, [0, 1, 2, 3, 4, 5], 2.0, 1.0), ("p1_d20", 4, 20, [1, 2], 10.0, 1.0),
            ("pinf_d7", 4, 7, [0, 1, 3], 1.5, float("inf")), ("p3_d6", 4, 6, [1, 2, 3], 1.2, 3.0),
            ("noop", 4, 5, [0, 1], 100.0, 2.0)]:
        w = randn(v, d, seed=200 + len(renorms)) * 1.7
        m = nn.Embedding(v, d, max_norm=max_norm, norm_type=norm_type, _weight=w.clone())
        t = torch.tensor(ids)
        o = m(t)
        renorms.append({"name": name, "options": opts_json(max_norm=max_norm, norm_type=num(norm_type)),
                        "weight_before": ten(w), "ids": ten(t), "weight_after": ten(m.weight), "output": ten(o)})
    out["max_norm"] = renorms

    backs = []
    for name, v, d, ids, pad, freq in [
            ("plain", 5, 4, [1, 3, 1, 0], None, False), ("padding", 5, 4, [1, 0, 2, 0], 0, False),
            ("padding_neg", 5, 4, [4, 4, 2], -1, False), ("freq3_d5", 6, 5, [2, 2, 2, 1, 1, 5], None, True),
            ("freq3_d20", 4, 20, [[3, 3], [3, 0]], None, True), ("freq_pad", 4, 3, [1, 1, 1, 0, 0], 0, True),
            ("repeat_d37", 3, 37, [2, 2, 2, 2, 2, 1], None, False)]:
        w = randn(v, d, seed=300 + len(backs))
        m = nn.Embedding(v, d, padding_idx=pad, scale_grad_by_freq=freq, _weight=w.clone())
        t = torch.tensor(ids)
        o = m(t)
        g = randn(*o.shape, seed=400 + len(backs))
        o.backward(g)
        backs.append({"name": name, "options": opts_json(padding_idx=pad, scale_grad_by_freq=freq),
                      "weight": ten(w), "ids": ten(t), "grad_output": ten(g), "grad_weight": ten(m.weight.grad)})
    out["backward"] = backs

    errors = []

    def ctor(v, d, **kw):
        errors.append({"call": "ctor", "V": v, "D": d, "options": opts_json(**kw),
                       **err(lambda: nn.Embedding(v, d, **kw))})

    ctor(4, 5, padding_idx=4)
    ctor(4, 5, padding_idx=-5)
    ctor(-1, 5)
    ctor(4, -2)
    ctor(0, 3, padding_idx=0)

    def fwd(ids, **kw):
        m = nn.Embedding(4, 5, **kw)
        errors.append({"call": "forward", "V": 4, "D": 5, "options": opts_json(**kw), "ids": ten(torch.tensor(ids)),
                       **err(lambda: m(torch.tensor(ids)))})

    fwd([4])
    fwd([-1])
    fwd([[0, 9], [1, 2]])
    fwd([7], max_norm=1.0)
    fwd([-5, 1], max_norm=1.0)
    fwd([-1], max_norm=1.0)
    out["errors"] = errors

    reprs = []
    for v, d, kw in [(4, 5, {}), (4, 5, dict(padding_idx=0)), (4, 5, dict(padding_idx=-1, max_norm=1.0)),
                     (4, 5, dict(max_norm=1.5, norm_type=3.0)), (10, 3, dict(scale_grad_by_freq=True, sparse=True)),
                     (50257, 768, dict(max_norm=1e-05, norm_type=1.0)), (2, 2, dict(max_norm=1e20))]:
        module = nn.Embedding(v, d, device="meta", **kw)  # meta: no 154 MB weight just to print it
        reprs.append({"V": v, "D": d, "options": opts_json(**kw), "repr": repr(module)})
    out["repr"] = reprs
    write("embedding.json", out)


# ---------------------------------------------------------------------------------------------
# Linear
def gen_linear():
    out = {}
    inits = []
    for seed, i, o, bias in [(123, 4, 5, False), (123, 4, 5, True), (0, 3, 7, True), (42, 16, 2, True),
                             (7, 1, 1, True), (5, 0, 3, True), (8, 20, 20, False)]:
        torch.manual_seed(seed)
        m = nn.Linear(i, o, bias=bias)
        inits.append({"seed": seed, "in": i, "out": o, "bias": bias, "weight": ten(m.weight),
                      "bias_value": ten(m.bias) if bias else None, "repr": repr(m)})
    out["init"] = inits

    fwds = []
    for name, i, o, bias, shape in [("2d_nobias", 4, 5, False, (3, 4)), ("2d_bias", 4, 5, True, (3, 4)),
                                    ("3d_bias", 4, 5, True, (2, 3, 4)), ("3d_nobias", 4, 5, False, (2, 3, 4)),
                                    ("1d_bias", 4, 5, True, (4,)), ("1d_nobias", 4, 5, False, (4,)),
                                    ("4d_bias", 3, 2, True, (2, 1, 2, 3)), ("4d_nobias", 3, 2, False, (2, 1, 2, 3)),
                                    ("wide", 37, 19, True, (6, 37))]:
        k = len(fwds)
        m = nn.Linear(i, o, bias=bias)
        with torch.no_grad():
            m.weight.copy_(randn(o, i, seed=500 + k))
            if bias:
                m.bias.copy_(randn(o, seed=600 + k))
        x = randn(*shape, seed=700 + k).requires_grad_(True)
        y = m(x)
        g = randn(*y.shape, seed=800 + k)
        y.backward(g)
        fwds.append({"name": name, "in": i, "out": o, "bias": bias, "weight": ten(m.weight),
                     "bias_value": ten(m.bias) if bias else None, "input": ten(x), "output": ten(y),
                     "grad_fn": type(y.grad_fn).__name__, "grad_output": ten(g), "grad_weight": ten(m.weight.grad),
                     "grad_bias": ten(m.bias.grad) if bias else None, "grad_input": ten(x.grad)})
    out["forward"] = fwds

    errors = []
    for i, o, bias, shape in [(4, 5, False, (3, 5)), (4, 5, True, (3, 5)), (4, 5, False, (5,)), (4, 5, True, (5,)),
                              (4, 5, True, (2, 3, 5)), (4, 5, False, (2, 3, 5)), (4, 5, True, ())]:
        m = nn.Linear(i, o, bias=bias)
        x = torch.zeros(shape)
        errors.append({"call": "forward", "in": i, "out": o, "bias": bias, "shape": list(shape), **err(lambda: m(x))})
    for i, o in [(-1, 5), (4, -2)]:
        errors.append({"call": "ctor", "in": i, "out": o, "bias": True, **err(lambda: nn.Linear(i, o))})
    out["errors"] = errors
    write("linear.json", out)


# ---------------------------------------------------------------------------------------------
# one_hot, the four lookup paths, torch.tensor() parsing
def gen_onehot():
    out = {}
    cases = []
    for ids, nc in [([2, 3, 1], -1), ([2, 3, 1], 6), ([[0, 2], [1, 1]], 3), ([0], -1), (2, 4)]:
        t = torch.tensor(ids)
        cases.append({"ids": ten(t), "num_classes": nc, "output": ten(F.one_hot(t, nc))})
    out["cases"] = cases
    errors = []
    for ids, nc in [([1, -1], -1), ([1, 5], 3), ([], -1), ([3], -2), ([0], 0)]:
        t = torch.tensor(ids, dtype=torch.long)
        errors.append({"ids": ten(t), "num_classes": nc, **err(lambda: F.one_hot(t, nc))})
    out["errors"] = errors

    paths = []
    for name, v, d, ids, special in [("reference", 4, 5, [2, 3, 1], None), ("2d", 6, 3, [[5, 0], [0, 1]], None),
                                     ("inf_row", 4, 3, [0, 2], (3, 1, float("inf"))),
                                     ("nan_row", 4, 3, [1], (0, 2, float("nan")))]:
        if name == "reference":
            torch.manual_seed(123)
            w = nn.Embedding(4, 5).weight.detach().clone()
        else:
            w = randn(v, d, seed=900 + len(paths))
        if special:
            w[special[0], special[1]] = special[2]
        e = nn.Embedding(v, d, _weight=w.clone())
        t = torch.tensor(ids)
        oh = F.one_hot(t, v).float()
        lin = nn.Linear(v, d, bias=False)
        with torch.no_grad():
            lin.weight = nn.Parameter(e.weight.detach().T)
        call = e(t)
        index = e.weight[t]
        mm = oh @ e.weight
        li = lin(oh)
        paths.append({"name": name, "weight": ten(w), "ids": ten(t), "call": ten(call), "index": ten(index),
                      "one_hot_mm": ten(mm), "linear": ten(li),
                      "all_equal": bool(torch.equal(call, index) and torch.equal(call, mm) and torch.equal(call, li))})
    out["paths"] = paths

    parses = []
    for text in ["[2, 3, 1]", "[[2, 3], [1, 0]]", "[7]", "[[[1, 2]], [[3, 4]]]", "[-1, 0]", "[2, 3, 1,]"]:
        parses.append({"text": text, "ids": ten(torch.tensor(eval(text)))})  # noqa: S307 - literals only
    out["parse"] = parses
    ragged = []
    for text in ["[[2, 3], [1, 0, 4]]", "[[2, 3], [1]]", "[[[1, 2]], [[3]]]"]:
        ragged.append({"text": text, **err(lambda: torch.tensor(eval(text)))})  # noqa: S307
    out["parse_errors"] = ragged
    write("onehot.json", out)


# ---------------------------------------------------------------------------------------------
# Tied model: forward, gradients, training
class Model(nn.Module):
    def __init__(self, v, d, bias, tie, padding_idx=None):
        super().__init__()
        self.embedding = nn.Embedding(v, d, padding_idx=padding_idx)
        self.lm_head = nn.Linear(d, v, bias=bias)
        if tie:
            self.lm_head.weight = self.embedding.weight


def model_params(m):
    return {"embedding.weight": ten(m.embedding.weight), "lm_head.weight": ten(m.lm_head.weight),
            "lm_head.bias": ten(m.lm_head.bias) if m.lm_head.bias is not None else None}


def gen_tied():
    out = {}
    models = []
    for seed, v, d, bias, tie in [(123, 6, 4, False, True), (123, 6, 4, False, False), (7, 5, 3, True, True),
                                  (7, 5, 3, True, False)]:
        torch.manual_seed(seed)
        m = Model(v, d, bias, tie)
        ids = torch.tensor([[1, 4, 4], [0, 2, 5 % v]])
        models.append({"seed": seed, "V": v, "D": d, "bias": bias, "tied": tie, "params": model_params(m),
                       "parameter_count": sum(p.numel() for p in m.parameters()), "ids": ten(ids),
                       "logits": ten(m.lm_head(m.embedding(ids)))})
    out["models"] = models
    big = nn.Module()  # GPT-2 small's wte and tied lm_head, on the meta device (no storage)
    big.embedding = nn.Embedding(50257, 768, device="meta")
    big.lm_head = nn.Linear(768, 50257, bias=False, device="meta")
    big.lm_head.weight = big.embedding.weight
    out["gpt2_tied_count"] = sum(p.numel() for p in big.parameters())
    out["gpt2_untied_count"] = 2 * 50257 * 768
    write("tied.json", out)


def gen_training():
    out = {}
    x = randn(3, 7, seed=1000) * 2
    out["softmax"] = [{"temperature": t, "input": ten(x), "output": ten(F.softmax(x / t, dim=-1))}
                      for t in [1.0, 0.5, 2.0, 0.1]]
    out["log_softmax"] = {"input": ten(x), "output": ten(F.log_softmax(x, dim=-1))}
    ces = []
    for name, n, c, targets in [("small", 3, 5, [1, 4, 0]), ("ignore", 4, 6, [2, -100, 5, 2]),
                                ("wide", 20, 33, [i * 7 % 33 for i in range(20)])]:
        logits = (randn(n, c, seed=1100 + len(ces)) * 3).requires_grad_(True)
        t = torch.tensor(targets)
        loss = F.cross_entropy(logits, t)
        loss.backward()
        ces.append({"name": name, "logits": ten(logits), "targets": ten(t), "loss": loss.item(),
                    "grad": ten(logits.grad)})
    out["cross_entropy"] = ces
    out["cross_entropy_errors"] = [
        {"targets": [1, 7, 2], **err(lambda: F.cross_entropy(torch.zeros(3, 5), torch.tensor([1, 7, 2])))},
        {"targets": [1, -3, 2], **err(lambda: F.cross_entropy(torch.zeros(3, 5), torch.tensor([1, -3, 2])))},
        {"targets": [1, 2], **err(lambda: F.cross_entropy(torch.zeros(3, 5), torch.tensor([1, 2])))}]

    runs = []
    configs = [("sgd", dict(lr=0.1)), ("sgd_momentum", dict(lr=0.1, momentum=0.9)),
               ("sgd_dampening", dict(lr=0.05, momentum=0.5, dampening=0.3)),
               ("sgd_wd", dict(lr=0.1, weight_decay=0.01)),
               ("sgd_nesterov", dict(lr=0.1, momentum=0.9, nesterov=True, weight_decay=0.001)),
               ("adam", dict(lr=0.01)), ("adam_wd", dict(lr=0.01, weight_decay=0.1)),
               ("adam_amsgrad", dict(lr=0.02, betas=(0.8, 0.99), amsgrad=True))]
    for cname, kw in configs:
        for tie, bias, pad, v, d in [(True, False, None, 7, 20), (False, True, 0, 7, 20)]:
            torch.manual_seed(31)
            m = Model(v, d, bias, tie, padding_idx=pad)
            initial = model_params(m)
            ids = torch.tensor([[1, 3, 3], [0, 5, 1]])
            targets = torch.tensor([[3, 3, 5], [1, 1, 2]])
            if cname.startswith("sgd"):
                opt = torch.optim.SGD(m.parameters(), **kw)
            else:
                opt = torch.optim.Adam(m.parameters(), **kw)
            steps = []
            for _ in range(3):
                opt.zero_grad()
                logits = m.lm_head(m.embedding(ids))
                loss = F.cross_entropy(logits.view(-1, v), targets.view(-1))
                loss.backward()
                grads = {"embedding.weight": ten(m.embedding.weight.grad),
                         "lm_head.weight": ten(m.lm_head.weight.grad),
                         "lm_head.bias": ten(m.lm_head.bias.grad) if bias else None}
                opt.step()
                steps.append({"loss": loss.item(), "logits": ten(logits), "grads": grads, "params": model_params(m)})
            akw = dict(kw)
            if "betas" in akw:
                akw["beta1"], akw["beta2"] = akw.pop("betas")
            runs.append({"name": "%s_%s" % (cname, "tied" if tie else "untied"), "optimizer": cname.split("_")[0],
                         "options": akw, "tied": tie, "bias": bias, "padding_idx": pad, "V": v, "D": d,
                         "ids": ten(ids), "targets": ten(targets), "initial": initial, "steps": steps})
    out["runs"] = runs
    write("training.json", out)


if __name__ == "__main__":
    gen_embedding()
    gen_linear()
    gen_onehot()
    gen_tied()
    gen_training()
    for f in sorted(os.listdir(OUT)):
        print(f, os.path.getsize(os.path.join(OUT, f)))
