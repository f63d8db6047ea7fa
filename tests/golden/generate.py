#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 EmbedLab developers
"""Regenerates every golden fixture with real PyTorch.

    sudo apt-get install python3-torch python3-numpy
    /usr/bin/python3 tests/golden/generate.py

Debian's python3-torch is PyTorch 1.13 for the system Python 3 (a pyenv `python3` earlier on the
PATH does not see it). The test suite itself only reads the JSON files this writes.
"""
import glob
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

for script in sorted(glob.glob(os.path.join(HERE, "gen_*.py"))):
    print("running", os.path.basename(script), flush=True)
    subprocess.run([sys.executable, script], check=True)
