#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 EmbedLab developers
"""Golden fixtures for sizes of 0: what PyTorch 1.13 prints and raises for Embedding(0, D),
Embedding(V, 0) and the Linear(D, V) next to them, in the order the app shows it.

Run with Debian's Python, which has the oracle installed:
    /usr/bin/python3 tests/golden/gen_zero.py
Writes tests/golden/zero/zero.json. Every printed value is repr() of the tensor; every error is the
last line of the traceback ("RuntimeError: ..."), as the app's code panel shows it.
"""

import json
import os
import warnings

import torch
import torch.nn.functional as F

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "zero")
SEED = 123
IDS = [2, 3, 1]
TARGETS = [3, 1, 0]


def last_line(e):
    return f"{type(e).__name__}: {e}"


def attempt(f):
    """{"repr": ...} or {"error": ...} for what f() returns or raises."""
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            value = f()
        out = {"repr": value if isinstance(value, str) else repr(value)}
        if caught:
            out["warnings"] = [str(w.message) for w in caught]
        return out
    except Exception as e:  # the app must show the same last traceback line
        return {"error": last_line(e)}


def model(v, d, bias=False, caught=None):
    """The app's two modules after torch.manual_seed(SEED); `caught` collects the warnings."""
    torch.manual_seed(SEED)
    with warnings.catch_warnings(record=True) as ws:
        warnings.simplefilter("always")  # Linear's kaiming_uniform_ on zero elements warns and returns
        embedding = torch.nn.Embedding(v, d)
        lm_head = torch.nn.Linear(d, v, bias=bias)
    if caught is not None:
        caught.extend(f"{w.category.__name__}: {w.message}" for w in ws)
    return embedding, lm_head


def size_case(v, d):
    caught = []
    embedding, lm_head = model(v, d, caught=caught)
    ids = torch.tensor(IDS)
    case = {"num_embeddings": v, "embedding_dim": d, "seed": SEED, "ids": IDS}
    # Printed on stderr once per process (the default filter), before anything is printed.
    case["construction_warnings"] = caught
    case["weight"] = repr(embedding.weight)
    case["lm_head_weight"] = repr(lm_head.weight)
    case["lookup"] = attempt(lambda: embedding(ids))
    case["one_hot_mm"] = attempt(lambda: F.one_hot(ids, num_classes=v).float() @ embedding.weight)
    case["parameters"] = sum(p.numel() for p in embedding.parameters()) + sum(
        p.numel() for p in lm_head.parameters())
    # Out-of-range ids, in the words of the kernel PyTorch picks for this shape.
    case["lookup_errors"] = [{"ids": bad, **attempt(lambda bad=bad: embedding(torch.tensor(bad)))}
                             for bad in ([v], [1, v + 5, -1], [-1])]
    # The unembedding view: h from row 0 when there is one, else torch.randn(D) after seed 7.
    if v > 0:
        h = embedding.weight[0].detach()
        case["hidden_code"] = "h = embedding.weight[0].detach()"
    else:
        case["hidden_row_error"] = attempt(lambda: embedding.weight[0])["error"]
        torch.manual_seed(7)
        h = torch.randn(d)
        case["hidden_code"] = "_ = torch.manual_seed(7); h = torch.randn(%d)" % d
    logits = lm_head(h)
    case["hidden"] = repr(h)
    case["logits"] = repr(logits)
    case["probs"] = repr(torch.softmax(logits, dim=-1))
    case["argmax"] = attempt(lambda: str(logits.argmax().item()))
    # Statistics of the weight as the histogram table shows them.
    w = embedding.weight.detach()
    case["mean"] = repr(w.mean())
    case["std"] = repr(w.std())
    case["min"] = attempt(lambda: w.min())
    case["max"] = attempt(lambda: w.max())
    case["histc"] = torch.histc(w, bins=10).tolist()
    # The generator after the constructors: lm_head.bias re-initialised with normal_ (bias=True).
    embedding, lm_head = model(v, d, bias=True)
    case["bias_after_normal"] = attempt(lambda: torch.nn.init.normal_(lm_head.bias))
    # Initialisers on the weight itself.
    inits = {}
    for name in ("normal", "uniform", "zeros", "xavier_uniform", "kaiming_uniform", "orthogonal"):
        embedding, _ = model(v, d)
        with torch.no_grad():
            inits[name] = attempt(lambda name=name: getattr(torch.nn.init, name + "_")(embedding.weight))
    case["inits"] = inits
    # One training step (the training panel: cross_entropy of the tied model's logits, SGD lr=0.1).
    embedding, lm_head = model(v, d)
    lm_head.weight = embedding.weight
    optimizer = torch.optim.SGD(embedding.parameters(), lr=0.1)

    def step():
        optimizer.zero_grad()
        loss = F.cross_entropy(lm_head(embedding(torch.tensor(IDS))), torch.tensor(TARGETS))
        loss.backward()
        optimizer.step()
        return loss

    case["train_step"] = attempt(step)
    return case


def main():
    cases = [size_case(0, 5), size_case(4, 0)]
    negative = []
    for v, d in ((-1, 5), (4, -2), (-1, -2), (0, -3)):
        negative.append({"num_embeddings": v, "embedding_dim": d,
                         "error": attempt(lambda: torch.nn.Embedding(v, d))["error"]})
    # Embedding(0, 0): xavier's fans are both 0, and PyTorch divides by their sum.
    empty_square = {}
    for name in ("xavier_uniform", "xavier_normal", "kaiming_uniform", "normal"):
        embedding, _ = model(0, 0)
        with torch.no_grad():
            empty_square[name] = attempt(lambda name=name: getattr(torch.nn.init, name + "_")(embedding.weight))
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, "zero.json"), "w") as f:
        json.dump({"torch": torch.__version__, "cases": cases, "negative": negative,
                   "inits_0x0": empty_square}, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
