#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 EmbedLab developers
"""Golden fixtures for the row neighbours (core::RowNeighbours), the principal plane
(core::principalPlane) and `embedlab-cli neighbours`, computed by PyTorch and NumPy.

Run with Debian's system Python 3 and python3-torch:  /usr/bin/python3 tests/golden/gen_neighbours.py
(after gen_formats.py: some CLI cases read its weight files). Writes tests/golden/neighbours/ (the
matrices as .npy and cases.json) and tests/golden/cli/neighbours.json. In the CLI cases "@GOLDEN@"
stands for the tests/golden folder.

Cosines are torch.nn.functional.cosine_similarity in float32; rows are ordered by descending cosine,
then by smaller id, the row itself left out. Every printed case is checked against the same cosines
in float64: the order and the 6 decimals must not depend on the last bits of float32 (no near ties
but the exact ones built on purpose), so that the C++ side, which sums in another order, must agree.
"""
import errno
import json
import math
import os

import numpy as np
import torch
import torch.nn.functional as F

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "neighbours")
GOLDEN = "@GOLDEN@"


def tensor_json(a):
    a = np.asarray(a, dtype=np.float32)
    return {"shape": list(a.shape), "data": [float(v) for v in a.reshape(-1)]}


def cosines(w, row):
    w = torch.as_tensor(np.asarray(w, dtype=np.float32))
    return F.cosine_similarity(w, w[row].unsqueeze(0).expand_as(w), dim=1).numpy()


def exact_cosines(w, row):
    w = np.asarray(w, dtype=np.float32).astype(np.float64)
    norms = np.linalg.norm(w, axis=1)
    dots = w @ w[row]
    with np.errstate(invalid="ignore", divide="ignore"):
        c = dots / (norms * norms[row])
    c[(norms == 0) | (norms[row] == 0)] = 0.0
    return c


def nearest(w, row, k):
    """What the contract prints: ids by descending cosine, ties by smaller id, `row` left out."""
    w = np.asarray(w, dtype=np.float32)
    if w.ndim != 2:
        raise ValueError(f"neighbours need a 2-D tensor [rows, dim], got shape [{', '.join(map(str, w.shape))}]")
    if row < 0 or row >= w.shape[0]:
        raise IndexError(f"index {row} is out of bounds for dimension 0 with size {w.shape[0]}")
    if k < 0:
        raise ValueError(f"k must be at least 0, got {k}")
    c = cosines(w, row)
    ids = top_ids(w, row, k)
    problem = fragility(w, row, ids, c)
    assert problem is None, problem
    return ids, [float(c[i]) for i in ids]


def top_ids(w, row, k):
    c = cosines(w, row)
    return sorted((i for i in range(w.shape[0]) if i != row), key=lambda i: (-float(c[i]), i))[:k]


def fragility(w, row, ids, c):
    """Why the printed answer could depend on float32 rounding, or None when it cannot."""
    exact = exact_cosines(w, row)
    others = [i for i in range(w.shape[0]) if i != row]
    for i in ids:
        if f"{float(c[i]):.6f}" != f"{exact[i]:.6f}":
            return f"the cosine of row {i} to row {row} is too close to a rounding edge"
    # Two different exact cosines closer than 1e-7 could swap or tie in float32.
    values = sorted(set(round(exact[i], 12) for i in others))
    for a, b in zip(values, values[1:]):
        if b - a <= 1e-7:
            return f"near tie {a} / {b} to row {row}"
    # Exact ties must be ties in float32 too.
    for i in others:
        for j in others:
            if round(exact[i], 12) == round(exact[j], 12) and c[i] != c[j]:
                return f"rows {i} and {j} tie exactly but not in float32"
    if ids != sorted(ids, key=lambda i: (-round(exact[i], 12), i))[: len(ids)]:
        return f"the float32 order to row {row} is not the exact order"
    return None


def random_matrix(rows, dim, queries):
    """A seeded standard normal matrix whose answers to `queries` (row, k) do not hang on rounding."""
    for seed in range(20260114, 20260114 + 100000):
        w = np.random.default_rng(seed).standard_normal((rows, dim)).astype(np.float32)
        variants = (w, w.astype(np.float16).astype(np.float32))
        if all(fragility(v, r, top_ids(v, r, k), cosines(v, r)) is None for v in variants for r, k in queries):
            return w
    raise AssertionError("no seed gives a robust random matrix")


def vocab_matrix():
    """600 rows for the 557 tokens of tests/golden/tokenizer/small: row 553 (',"', a JSON escape)
    and row 556 (<|endoftext|>) are made close to row 7 so that they show in its top 30."""
    queries = [(7, 30), (599, 10)]
    for seed in range(20260115, 20260115 + 100000):
        w = np.random.default_rng(seed).standard_normal((600, 8)).astype(np.float32)
        w[553] = w[7] + 0.1 * w[553]
        w[556] = w[7] + 0.2 * w[556]
        if all(fragility(w, r, top_ids(w, r, k), cosines(w, r)) is None for r, k in queries):
            return w
    raise AssertionError("no seed gives a robust vocabulary matrix")


def matrices():
    ties = np.array([[1, 2, 0, 1], [2, 4, 0, 2], [1, 2, 0, 1], [0, 0, 0, 0], [-1, -2, 0, -1],
                     [1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 0], [3, -1, 2, 0.5],
                     [0.5, 1, 0, 0.5]], dtype=np.float32)
    return {
        "ties": ties,
        "random": random_matrix(24, 16, [(0, 23), (17, 10), (23, 5), (21, 23)]),
        "one_row": np.array([[1.0, -2.0, 3.0]], dtype=np.float32),
        "no_columns": np.zeros((3, 0), dtype=np.float32),
        "line": np.array([1.0, 2.0, 3.0], dtype=np.float32),
        "vocab": vocab_matrix(),
    }


NEAREST = [
    ("ties", 0, 10), ("ties", 0, 3), ("ties", 3, 4), ("ties", 4, 10), ("ties", 9, 2), ("ties", 10, 100),
    ("random", 0, 10), ("random", 17, 5), ("random", 23, 23), ("random", 5, 0), ("random", 21, 1000),
    ("one_row", 0, 10), ("no_columns", 1, 5),
    ("ties", 11, 3), ("ties", -1, 3), ("ties", 2, -1), ("line", 0, 3),
]


def core_cases(mats):
    cases = []
    for name, row, k in NEAREST:
        case = {"matrix": name, "row": row, "k": k}
        try:
            case["ids"], case["cosines"] = nearest(mats[name], row, k)
        except (IndexError, ValueError) as e:
            case["error"] = f"{type(e).__name__}: {e}"
        cases.append(case)
    return cases


def fixed_sign(axis):
    at = int(np.argmax(np.abs(axis)))
    return axis if axis[at] >= 0 else -axis


def pca_case(name, w):
    """numpy.linalg.svd of the centred rows (float64), axes with the largest |component| positive."""
    w64 = np.asarray(w, dtype=np.float32).astype(np.float64)
    mean = w64.mean(axis=0)
    _, s, vt = np.linalg.svd(w64 - mean, full_matrices=False)
    assert s[1] > 1.5 * s[2], "the test matrix needs a clear gap after the second singular value"
    axes = [fixed_sign(vt[0]), fixed_sign(vt[1])]
    rows = [0, 1, len(w) - 1]
    projected = [[float((w64[r] - mean) @ a) for a in axes] for r in rows]
    return {"name": name, "matrix": tensor_json(w), "mean": [float(v) for v in mean],
            "axes": [[float(v) for v in a] for a in axes], "singular_values": [float(v) for v in s],
            "rows": rows, "projected": projected}


def pca_cases():
    rng = np.random.default_rng(7)
    out = []
    for name, rows, dim, spectrum in (("small", 60, 6, [10, 5, 1, 0.5, 0.3, 0.1]),
                                      ("wide", 200, 32, [30, 18] + list(np.linspace(4, 0.5, 30)))):
        u, _ = np.linalg.qr(rng.standard_normal((rows, dim)))
        v, _ = np.linalg.qr(rng.standard_normal((dim, dim)))
        w = (u * np.asarray(spectrum)) @ v.T + rng.standard_normal(dim) * 3  # an offset to centre away
        out.append(pca_case(name, w.astype(np.float32)))
    return out


def load_cli_tensor(argument):
    """FILE[:TENSOR] as float32, the way embedlab-cli reads it (the values gen_formats.py recorded)."""
    path = argument.replace(GOLDEN, HERE)
    name = None
    if not os.path.exists(path) and ":" in path:
        path, name = path.rsplit(":", 1)
    if not os.path.exists(path):
        shown = path.replace(HERE, GOLDEN)
        raise RuntimeError(f"cannot open '{shown}': {os.strerror(errno.ENOENT)}")
    if path.endswith(".npy"):
        return np.load(path).astype(np.float32)
    expected = json.load(open(os.path.join(HERE, "formats", "expected.json")))["files"]
    t = expected[os.path.basename(path)][name]
    return np.array(t["data"], dtype=np.float32).reshape(t["shape"])


def bytes_to_unicode():
    """GPT-2's byte-to-unicode table (encoder.py)."""
    bs = list(range(ord("!"), ord("~") + 1)) + list(range(ord("\xa1"), ord("\xac") + 1)) + \
        list(range(ord("\xae"), ord("\xff") + 1))
    cs = bs[:]
    n = 0
    for b in range(256):
        if b not in bs:
            bs.append(b)
            cs.append(256 + n)
            n += 1
    return dict(zip(bs, map(chr, cs)))


def token_label(data):
    """A token's bytes for display (#26, core::tokenLabel): valid UTF-8 as it is; each run of bytes
    that are no character alone, invisible control characters (but tab, newline, carriage return),
    U+FEFF and U+FFFD as their values in hex, '<E6 88>'."""
    out = []
    run = []
    i = 0
    while i < len(data):
        shown = None
        for n in (1, 2, 3, 4):
            try:
                ch = data[i:i + n].decode("utf-8")
            except UnicodeDecodeError:
                continue
            cp = ord(ch)
            visible = not ((cp < 0x20 and ch not in "\t\n\r") or 0x7F <= cp <= 0x9F or cp in (0xFEFF, 0xFFFD))
            shown = (ch if visible else None, n)
            break
        if shown and shown[0] is not None:
            if run:
                out.append("<" + " ".join(f"{b:02X}" for b in run) + ">")
                run = []
            out.append(shown[0])
            i += shown[1]
        else:
            length = shown[1] if shown else 1
            run.extend(data[i:i + length])
            i += length
    if run:
        out.append("<" + " ".join(f"{b:02X}" for b in run) + ">")
    return "".join(out)


def token_texts(path):
    """id -> the token's text for display: token_label() of its bytes, special tokens as written.
    Read from the tokenizer.json beside the vocab.json the CLI is given."""
    small = os.path.dirname(path.replace(GOLDEN, HERE))
    doc = json.load(open(os.path.join(small, "tokenizer.json")))
    decoder = {c: b for b, c in bytes_to_unicode().items()}
    texts = {i: token_label(bytes(decoder[c] for c in t)) for t, i in doc["model"]["vocab"].items()}
    for added in doc["added_tokens"]:
        texts[added["id"]] = added["content"]
    return texts


def cli_run(args):
    k = 10
    positional = []
    tokenizer = None
    it = iter(args[1:])
    for a in it:
        if a == "--k":
            k = int(next(it))
        elif a == "--tokenizer":
            tokenizer = next(it)
        else:
            positional.append(a)
    row = int(positional[1])
    w = load_cli_tensor(positional[0])
    ids, cos = nearest(w, row, k)
    if tokenizer is None:
        return "".join(f"{i}\t{c:.6f}\n" for i, c in zip(ids, cos))
    texts = token_texts(tokenizer)
    # A row past the vocabulary has no token: JSON's null.
    return "".join(f"{i}\t{c:.6f}\t{json.dumps(texts.get(i), ensure_ascii=False)}\n" for i, c in zip(ids, cos))


CLI_CASES = [
    "neighbours @GOLDEN@/neighbours/ties.npy 0",
    "neighbours @GOLDEN@/neighbours/ties.npy 0 --k 3",
    "neighbours @GOLDEN@/neighbours/ties.npy 3 --k 4",
    "neighbours @GOLDEN@/neighbours/ties.npy 4",
    "neighbours @GOLDEN@/neighbours/ties.npy 10 --k 100",
    "neighbours @GOLDEN@/neighbours/ties.npy 9 --k 0",
    "neighbours @GOLDEN@/neighbours/random.npy 17",
    "neighbours --k 5 @GOLDEN@/neighbours/random.npy 23",
    "neighbours @GOLDEN@/neighbours/random.npy 0 --k 23",
    "neighbours @GOLDEN@/neighbours/random_f64.npy 17",
    "neighbours @GOLDEN@/neighbours/random_f16.npy 17 --k 6",
    "neighbours @GOLDEN@/neighbours/one_row.npy 0",
    "neighbours @GOLDEN@/formats/gpt2_like.safetensors:wte.weight 3 --k 4",
    "neighbours @GOLDEN@/formats/gpt2_like.safetensors:wpe.weight 2",
    "neighbours @GOLDEN@/formats/tiny.gguf:blk.0.attn_q.weight 1",
    "neighbours @GOLDEN@/formats/tiny.gguf:token_embd.weight 7 --k 3",
    # the TOKEN column with tests/golden/tokenizer/small (557 tokens; rows 557.. have none)
    "neighbours @GOLDEN@/neighbours/vocab.npy 7 --k 30 --tokenizer @GOLDEN@/tokenizer/small/tokenizer.json",
    "neighbours @GOLDEN@/neighbours/vocab.npy 7 --k 30 --tokenizer @GOLDEN@/tokenizer/small/vocab.json",
    "neighbours @GOLDEN@/neighbours/vocab.npy 7 --k 30 --tokenizer @GOLDEN@/tokenizer/small/tokenizer.gguf",
    "neighbours @GOLDEN@/neighbours/vocab.npy 599 --tokenizer @GOLDEN@/tokenizer/small/tokenizer.json",
    # errors
    "neighbours @GOLDEN@/neighbours/ties.npy 11",
    "neighbours @GOLDEN@/neighbours/ties.npy -1",
    "neighbours @GOLDEN@/neighbours/ties.npy 0 --k -2",
    "neighbours @GOLDEN@/neighbours/ties.npy 0 --k ten",
    "neighbours @GOLDEN@/neighbours/ties.npy first",
    "neighbours @GOLDEN@/neighbours/missing.npy 0",
    "neighbours @GOLDEN@/neighbours/line.npy 0",
    "neighbours @GOLDEN@/formats/gpt2_like.safetensors:ln_f.bias 0",
]


def cli_cases():
    cases = []
    for line in CLI_CASES:
        args = line.split()
        case = {"args": args}
        try:
            case["stdout"] = cli_run(args)
        except (IndexError, ValueError, RuntimeError) as e:  # the CLI prints the same last line
            case["stderr"] = f"{type(e).__name__}: {e}\n"
        cases.append(case)
    return cases


def main():
    os.makedirs(OUT, exist_ok=True)
    mats = matrices()
    for name, w in mats.items():
        np.save(os.path.join(OUT, name + ".npy"), w)
    np.save(os.path.join(OUT, "random_f64.npy"), mats["random"].astype(np.float64))
    half = mats["random"].astype(np.float16)
    np.save(os.path.join(OUT, "random_f16.npy"), half)
    mats["random_f16"] = half.astype(np.float32)
    used = {name for name, _, _ in NEAREST}
    doc = {"torch": torch.__version__, "numpy": np.__version__,
           "matrices": {name: tensor_json(w) for name, w in mats.items() if name in used},
           "nearest": core_cases(mats), "pca": pca_cases()}
    with open(os.path.join(OUT, "cases.json"), "w") as f:
        json.dump(doc, f, indent=1)
    with open(os.path.join(HERE, "cli", "neighbours.json"), "w") as f:
        json.dump({"torch": torch.__version__, "cases": cli_cases()}, f, indent=1)


if __name__ == "__main__":
    main()
