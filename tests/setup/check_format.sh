#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 EmbedLab developers
#
# Every C++ file of the project is in the committed style (.clang-format).
# usage: check_format.sh SOURCE_DIR CLANG_FORMAT
set -euo pipefail
cd "$1"
clang_format=$2
mapfile -t files < <(git ls-files '*.cpp' '*.h' 2>/dev/null || find core ui app tests -name '*.cpp' -o -name '*.h')
bad=()
for f in "${files[@]}"; do
    [[ -f $f ]] || continue
    "$clang_format" --dry-run --Werror "$f" >/dev/null 2>&1 || bad+=("$f")
done
if ((${#bad[@]})); then
    echo "${#bad[@]} files are not in the .clang-format style (run clang-format -i on them):"
    printf '  %s\n' "${bad[@]}"
    exit 1
fi
echo "${#files[@]} files in the .clang-format style"
