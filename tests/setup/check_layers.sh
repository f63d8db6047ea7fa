#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 EmbedLab developers
#
# The folders of ui/ include each other without a cycle (issue #24 item 8): today model, paint,
# heatmap, views, histogram, window, each using only those before it. A cycle would make the
# folders one lump that cannot be read, built or tested apart.
# usage: check_layers.sh SOURCE_DIR
set -euo pipefail
cd "$1/ui"
pairs=$(grep -rHoE '^#include "ui/[a-z]+/' --include='*.h' --include='*.cpp' . |
    sed -E 's#^\./([a-z]+)/[^:]*:\#include "ui/([a-z]+)/#\1 \2#' | awk '$1 != $2' | sort -u)
if ! order=$(printf '%s\n' "$pairs" | tsort 2>&1 >/dev/null); then
    echo "the folders of ui/ include each other in a cycle:"
    echo "$order"
    printf '%s\n' "$pairs" | sed 's/ / -> /; s/^/  /'
    exit 1
fi
echo "ui/ folders without include cycles:" $(printf '%s\n' "$pairs" | tsort | tac)
