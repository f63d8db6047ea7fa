#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Issue #12: each per-ISA kernel object (cmake/EmbedLabSimd.cmake) exports its entry point and
# nothing else. A global or weak Eigen or std symbol there could be merged by the linker with the
# baseline code's copy and run AVX-512 code on a CPU without it.
# usage: check_simd_isolation.sh embedlab_simd_<isa>.o...
set -euo pipefail
(($#)) || { echo "usage: check_simd_isolation.sh OBJECT..." >&2; exit 2; }
failures=()
for obj in "$@"; do
    isa=$(basename "$obj" .o)
    isa=${isa#embedlab_simd_}
    exported=$(nm -g --defined-only "$obj" | awk '{print $NF}')
    [[ $exported == "embedlab_simd_$isa" ]] || failures+=("$obj exports: $(tr '\n' ' ' <<<"$exported")")
    # Weak definitions (V, W, u) are what the linker merges across objects.
    weak=$(nm "$obj" | awk '$(NF-1) ~ /^[VWu]$/ {print $NF}')
    [[ -z $weak ]] || failures+=("$obj has weak symbols: $(head -5 <<<"$weak" | tr '\n' ' ')")
    eigen=$(nm -g "$obj" | grep -i 'eigen' || true)
    [[ -z $eigen ]] || failures+=("$obj has global Eigen symbols: $(head -5 <<<"$eigen" | tr '\n' ' ')")
    groups=$(readelf -g "$obj" | grep -c 'COMDAT group' || true)
    ((groups == 0)) || failures+=("$obj keeps $groups COMDAT groups")
    echo "$obj: exports $exported, $(nm "$obj" | wc -l) symbols in all"
done
if ((${#failures[@]})); then
    printf 'simd_isolation: %s\n' "${failures[@]}" >&2
    exit 1
fi
