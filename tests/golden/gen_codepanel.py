#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 EmbedLab developers
"""Golden cases for the code panel (issue #16, "paste it into Python, get the same numbers").

    cmake --build build --target embedlab-codepanel-scenarios
    /usr/bin/python3 tests/golden/gen_codepanel.py [PATH/TO/embedlab-codepanel-scenarios]

The scenarios program drives the app's Lab and code panel through scripted sequences of edits and
prints, for each, the code panel's Python (and the Unembedding transcript when used). This script
keeps only the app's *code*: it runs that code with PyTorch in a fresh interpreter and records what
PyTorch printed, and it re-runs the transcript's `>>>` statements as Python's interactive prompt does
(echoing expression values). tst_codepanelgolden then checks that the app still writes the same code
and that its Output pane and transcript equal PyTorch's. The app's own output is never stored.

Code that reads a file of tests/golden names it by its absolute path; the fixture writes that folder
as @GOLDEN@. Code that reads a .safetensors file runs against the real `safetensors` package when it
is installed (Debian has none: `pip install safetensors`), else against a stand-in `safe_open` below
that reads the format as the package documents it; the fixture says which.
"""
import json
import os
import subprocess
import sys

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DEFAULT_PROGRAM = os.path.join(ROOT, "build", "tests", "embedlab-codepanel-scenarios")

# safetensors.safe_open(path, framework="pt") for a Python without the package: the format is an
# 8-byte little-endian header length, a JSON header (dtype, shape, data_offsets per tensor), then the
# data; get_tensor() returns the tensor with its own dtype, as the package does.
STAND_IN = r'''
import json, struct, sys, types, torch
class safe_open:
    DTYPES = {"F64": torch.float64, "F32": torch.float32, "F16": torch.float16, "BF16": torch.bfloat16,
              "I64": torch.int64, "I32": torch.int32, "I16": torch.int16, "I8": torch.int8,
              "U8": torch.uint8, "BOOL": torch.bool}
    def __init__(self, path, framework):
        assert framework == "pt"
        with open(path, "rb") as f:
            size = struct.unpack("<Q", f.read(8))[0]
            self.header = json.loads(f.read(size))
            self.data = f.read()
    def __enter__(self):
        return self
    def __exit__(self, *exc):
        return False
    def get_tensor(self, name):
        info = self.header[name]
        begin, end = info["data_offsets"]
        flat = torch.frombuffer(bytearray(self.data[begin:end]), dtype=self.DTYPES[info["dtype"]])
        return flat.reshape(info["shape"]).clone()
module = types.ModuleType("safetensors")
module.safe_open = safe_open
sys.modules["safetensors"] = module
'''

# Runs in a fresh interpreter: the code as a script, then each statement as at the `>>>` prompt.
DRIVER = r'''
import code, contextlib, importlib.util, io, json, sys
case = json.load(sys.stdin)
if importlib.util.find_spec("safetensors") is None:
    exec(case["stand_in"])
script = io.StringIO()
with contextlib.redirect_stdout(script):
    exec(compile(case["code"], "<code panel>", "exec"), {"__name__": "__main__"})
namespace = {"__name__": "__main__"}
with contextlib.redirect_stdout(io.StringIO()):
    exec(compile(case["code"], "<code panel>", "exec"), namespace)
echoes = []
for statement in case["statements"]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(statement, "<stdin>", "single"), namespace)
    echoes.append(out.getvalue())
json.dump({"output": script.getvalue(), "echoes": echoes}, sys.stdout)
'''


def run_in_pytorch(code, statements):
    done = subprocess.run([sys.executable, "-c", DRIVER], input=json.dumps(
        {"code": code, "statements": statements, "stand_in": STAND_IN}), capture_output=True, text=True,
        check=True)
    return json.loads(done.stdout)


def safetensors_version():
    try:
        import safetensors
        return safetensors.__version__
    except ImportError:
        return "absent: the stand-in safe_open of gen_codepanel.py"


def transcript(statements, echoes):
    lines = []
    for statement, echo in zip(statements, echoes):
        lines.append(">>> " + statement)
        if echo:
            lines.append(echo.rstrip("\n"))
    return "\n".join(lines)


def main():
    program = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("EMBEDLAB_CODEPANEL_SCENARIOS",
                                                                     DEFAULT_PROGRAM)
    if not os.path.exists(program):
        sys.exit(f"{program} is missing: build it with "
                 "`cmake --build build --target embedlab-codepanel-scenarios` or pass its path")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    scenarios = json.loads(subprocess.run([program], capture_output=True, text=True, env=env,
                                          check=True).stdout)
    cases = []
    for s in scenarios:
        if not s["code"]:
            sys.exit(f"{s['name']}: a step of the sequence was refused by the app")
        statements = [line[4:] for line in s["transcript"].split("\n") if line.startswith(">>> ")]
        ran = run_in_pytorch(s["code"], statements)
        cases.append({
            "name": s["name"],
            "code": s["code"].replace(HERE, "@GOLDEN@"),
            "pytorch_output": ran["output"],
            "pytorch_transcript": transcript(statements, ran["echoes"]) if statements else "",
        })
        print(s["name"], "matches" if ran["output"] == s["app_output"] else "DIFFERS from the app")
    with open(os.path.join(HERE, "codepanel", "cases.json"), "w") as f:
        json.dump({"torch": torch.__version__, "safetensors": safetensors_version(), "cases": cases}, f,
                  indent=1, ensure_ascii=False)
        f.write("\n")


if __name__ == "__main__":
    main()
