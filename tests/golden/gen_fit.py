#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 EmbedLab developers
"""Golden cases for `embedlab-cli fit` (issue #27), computed by real PyTorch.

    mkdir -p /tmp/npm-tok && (cd /tmp/npm-tok && npm install tiktoken)
    cmake --build build --target embedlab-fit-script
    /usr/bin/python3 tests/golden/gen_fit.py [--node-modules DIR] [--script-program PATH]

For each command line this runs the loop of core::TextFit in PyTorch: the file read as UTF-8 with
no newline translation, its ids (code points, or GPT-2's from npm tiktoken's encode_ordinary - the
reference encoder, not EmbedLab's), the vocabulary, torch.manual_seed, Embedding, Linear, the tie,
the optimiser and the sequential batches, and records the "K LOSS" lines it prints, the losses and
emb.weight after the last step (or, for a file Python cannot decode, its UnicodeDecodeError).

It then asks embedlab-fit-script for the app's own script of the same run (core::FitScript), runs
that script with PyTorch in a fresh interpreter and checks that it prints the same lines; the
script is stored with "script_matched": true, so tst_fit can check that the app still writes it.
GPT-2's tokens come to the script through a stand-in `tiktoken` module that asks npm tiktoken (the
Python package is not in Debian). The app's numbers are never stored.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

import torch
import torch.nn.functional as F

from gen_train import number, optimizer_kwargs  # the same --optimizer keys as `train`

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
GPT2 = "@ROOT@/resources/tokenizers/gpt2/vocab.json"
TEXTS = "@ROOT@/resources/texts"
FIT = "@GOLDEN@/fit"

# (command line after "fit", keep emb.weight)
CASES = [
    (f"{TEXTS}/en.txt --tokenizer {GPT2} --steps 200 --every 20 --dim 8", True),
    (f"{TEXTS}/en.txt --tokenizer {GPT2} --steps 150 --every 50 --dim 8 --tied --bias "
     "--optimizer adam:lr=0.02,weight_decay=0.01", True),
    (f"{TEXTS}/en.txt --tokenizer {GPT2} --steps 200 --every 25 --dim 8 --optimizer sgd:lr=0.5", True),
    (f"{TEXTS}/en.txt --tokenizer {GPT2} --steps 120 --every 30 --dim 8 --tied "
     "--optimizer sgd:lr=0.2,momentum=0.9,nesterov=1", True),
    (f"{TEXTS}/en.txt --tokenizer chars --context 3 --batch 17 --dim 6 --steps 100 --every 10 --seed 7 --bias "
     "--optimizer sgd:lr=0.3,momentum=0.5,dampening=0.1,weight_decay=0.001", True),
    (f"{TEXTS}/vi.txt --tokenizer {GPT2} --steps 150 --every 50 --dim 8 --tied", True),
    (f"{TEXTS}/vi.txt --tokenizer chars --steps 150 --every 50 --dim 8 "
     "--optimizer adam:lr=0.005,betas=0.8/0.99,eps=1e-06,amsgrad=1", True),
    (f"{TEXTS}/zh.txt --tokenizer chars --steps 200 --every 40 --dim 8 --tied", True),
    (f"{TEXTS}/zh.txt --tokenizer {GPT2} --steps 100 --every 25 --dim 8 --context 6 --batch 64", True),
    # Wider products: PyTorch's BLAS regroups sums of 32 terms and more, so these agree to rounding.
    (f"{TEXTS}/en.txt --tokenizer {GPT2} --steps 100 --every 20 --dim 40 --batch 48 --seed 3", False),
    # The default runs: untied (the command line's default) and tied (the app's), all 1000 steps.
    (f"{TEXTS}/en.txt --tokenizer {GPT2}", False),
    (f"{TEXTS}/zh.txt --tokenizer chars --tied", False),
    # A batch longer than the text wraps around; a BOM, CRLF and a special token's text stay text.
    (f"{FIT}/tiny.txt --tokenizer chars --context 2 --batch 7 --steps 12 --every 1 --dim 3", True),
    (f"{FIT}/odd.txt --tokenizer {GPT2} --context 2 --steps 30 --every 10 --dim 4", True),
    # GPT-2's tokenizer.json: the same ids on a text without "<|endoftext|>"; its script calls Hugging
    # Face's tokenizers, which Debian does not have, so only the loop is checked here.
    (f"{TEXTS}/en.txt --tokenizer @GOLDEN@/tokenizer/gpt2_tokenizer.json --context 2 --steps 30 --every 10 "
     "--dim 4 --tied", True),
    # Python's own words for a file that is not UTF-8.
    (f"{FIT}/bad_start.txt --tokenizer chars", False),
    (f"{FIT}/bad_end.txt --tokenizer chars", False),
    (f"{FIT}/bad_continuation.txt --tokenizer {GPT2}", False),
    (f"{FIT}/bad_surrogate.txt --tokenizer chars", False),
]

DEFAULTS = {"dim": 16, "context": 4, "batch": 32, "steps": 1000, "seed": 0, "every": 100}


def expand(arg):
    return arg.replace("@ROOT@", ROOT).replace("@GOLDEN@", HERE)


def parse(args):
    opts = dict(DEFAULTS, tied=False, bias=False, optimizer="adam:lr=0.01")
    it = iter(args)
    for a in it:
        if a in ("--tied", "--bias"):
            opts[a[2:]] = True
        elif a.startswith("--"):
            opts[a[2:]] = next(it)
        else:
            opts["file"] = a
    for key in DEFAULTS:
        opts[key] = int(opts[key])
    return opts


def gpt2_ids(text, node_modules):
    done = subprocess.run(["node", os.path.join(HERE, "tiktoken_ids.mjs"), node_modules],
                          input=text.encode("utf-8"), capture_output=True, check=True)
    return json.loads(done.stdout)


def reference(opts, node_modules):
    """The loop as PyTorch runs it; the printed lines, the losses and emb.weight."""
    with open(expand(opts["file"]), "rb") as f:
        text = f.read().decode("utf-8")  # raises UnicodeDecodeError as open(..., encoding="utf-8") does
    ids = [ord(c) for c in text] if opts["tokenizer"] == "chars" else gpt2_ids(text, node_modules)
    vocab = sorted(set(ids))
    row = {token: r for r, token in enumerate(vocab)}
    rows = torch.tensor([row[token] for token in ids])
    C, B, V, D = opts["context"], opts["batch"], len(vocab), opts["dim"]
    x = rows.unfold(0, C, 1)[:-1]
    y = rows[C:]
    torch.manual_seed(opts["seed"])
    emb = torch.nn.Embedding(V, D)
    head = torch.nn.Linear(D, V, bias=opts["bias"])
    if opts["tied"]:
        head.weight = emb.weight
    name, kwargs = optimizer_kwargs(opts["optimizer"])
    opt = (torch.optim.SGD if name == "sgd" else torch.optim.Adam)(
        torch.nn.ModuleList([emb, head]).parameters(), **kwargs)
    lines, losses = [], []
    steps, every = opts["steps"], opts["every"]
    for k in range(1, steps + 1):
        i = torch.arange((k - 1) * B, k * B) % len(y)
        loss = F.cross_entropy(head(emb(x[i]).mean(dim=1)), y[i])
        opt.zero_grad()
        loss.backward()
        opt.step()
        if k % every == 0 or k == steps:
            lines.append("%d %s\n" % (k, loss.item()))
            losses.append(number(loss.item()))
    return "".join(lines), losses, emb.weight.detach()


STAND_IN = '''
import json, os, subprocess
class _Encoding:
    def encode_ordinary(self, text):
        done = subprocess.run(["node", os.environ["EMBEDLAB_TIKTOKEN_IDS"], os.environ["EMBEDLAB_NODE_MODULES"]],
                              input=text.encode("utf-8"), capture_output=True, check=True)
        return json.loads(done.stdout)
def get_encoding(name):
    assert name == "gpt2", name
    return _Encoding()
'''


def run_script(program, args, node_modules):
    """The app's script for `args`, and what PyTorch prints running it."""
    made = subprocess.run([program] + [expand(a) for a in args], capture_output=True, text=True)
    if made.returncode != 0:
        sys.exit(f"{program} failed: {made.stderr}")
    script = made.stdout
    if "from tokenizers import" in script:
        try:
            import tokenizers  # noqa: F401
        except ImportError:
            return script, None
    with tempfile.TemporaryDirectory() as shim:
        with open(os.path.join(shim, "tiktoken.py"), "w") as f:
            f.write(STAND_IN)
        env = dict(os.environ, PYTHONPATH=shim, EMBEDLAB_NODE_MODULES=node_modules,
                   EMBEDLAB_TIKTOKEN_IDS=os.path.join(HERE, "tiktoken_ids.mjs"))
        ran = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env)
    if ran.returncode != 0:
        sys.exit(f"the script of {' '.join(args)} failed:\n{ran.stderr}")
    return script, ran.stdout


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--node-modules", default=os.environ.get("EMBEDLAB_NODE_MODULES", "/tmp/npm-tok/node_modules"))
    parser.add_argument("--script-program", default=os.path.join(ROOT, "build", "tests", "embedlab-fit-script"))
    args = parser.parse_args()
    blas = os.path.realpath("/lib/x86_64-linux-gnu/libblas.so.3")
    cases = []
    for line, keep_weight in CASES:
        argv = line.split()
        opts = parse(argv)
        case = {"args": ["fit"] + argv}
        try:
            out, losses, weight = reference(opts, args.node_modules)
        except UnicodeDecodeError as e:
            case.update(stdout="", stderr="UnicodeDecodeError: %s\n" % e)
            cases.append(case)
            continue
        case.update(stdout=out, losses=losses)
        if keep_weight:
            # float32 values written with 9 significant digits: still exact, a third of the size
            case["weight"] = {"shape": list(weight.shape),
                              "data": [float("%.9g" % v) for v in weight.reshape(-1).tolist()]}
        script, printed = run_script(args.script_program, argv, args.node_modules)
        if printed is None:
            case.update(script_matched=None)
            cases.append(case)
            print("ok (script not run: no Python tokenizers)", line, flush=True)
            continue
        if printed != out:
            sys.exit(f"the app's script of '{line}' printed\n{printed}\nPyTorch's loop printed\n{out}")
        case.update(script=script, script_matched=True)
        cases.append(case)
        print("ok", line, flush=True)
    with open(os.path.join(HERE, "fit", "cases.json"), "w") as f:
        json.dump({"torch": torch.__version__, "blas": blas, "threads": torch.get_num_threads(), "cases": cases},
                  f, indent=1, ensure_ascii=False)
        f.write("\n")


if __name__ == "__main__":
    main()
