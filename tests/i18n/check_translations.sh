#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 EmbedLab developers
#
# Every string the sources pass to tr() has a Vietnamese and a Simplified Chinese translation:
# lupdate, run on copies of the .ts files, must find no message without one.
# usage: check_translations.sh SOURCE_DIR LUPDATE
set -euo pipefail
src=$1
lupdate=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
for lang in vi zh_CN; do
    ts="$tmp/embedlab_$lang.ts"
    cp "$src/resources/translations/embedlab_$lang.ts" "$ts"
    (cd "$src" && "$lupdate" -silent -I . -locations none -no-obsolete ui app core -ts "$ts")
    missing=$(grep -c 'type="unfinished"' "$ts" || true)
    if [[ $missing != 0 ]]; then
        echo "$lang: $missing strings in the sources have no translation, e.g.:"
        grep -B2 'type="unfinished"' "$ts" | grep '<source>' | head -10
        status=1
    fi
done
exit $status
