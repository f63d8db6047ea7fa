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
"""
import json
import os
import subprocess
import sys

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DEFAULT_PROGRAM = os.path.join(ROOT, "build", "tests", "embedlab-codepanel-scenarios")

# Runs in a fresh interpreter: the code as a script, then each statement as at the `>>>` prompt.
DRIVER = r'''
import code, contextlib, io, json, sys
case = json.load(sys.stdin)
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
        {"code": code, "statements": statements}), capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


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
            "code": s["code"],
            "pytorch_output": ran["output"],
            "pytorch_transcript": transcript(statements, ran["echoes"]) if statements else "",
        })
        print(s["name"], "matches" if ran["output"] == s["app_output"] else "DIFFERS from the app")
    with open(os.path.join(HERE, "codepanel", "cases.json"), "w") as f:
        json.dump({"torch": torch.__version__, "cases": cases}, f, indent=1, ensure_ascii=False)
        f.write("\n")


if __name__ == "__main__":
    main()
