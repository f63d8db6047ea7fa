#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 EmbedLab developers
#
# Issue "A fresh machine": every file the build and the tests take from the system must come from a
# package that scripts/embedlab.sh installs, as apt resolves its list with the script's own policy
# (--no-install-recommends). A package that is merely present on this machine (an earlier install, a
# recommends) does not count: on a fresh bookworm machine it would be missing.
#
#   check_packages.sh BUILD_DIR [--without PACKAGE] [PACKAGE...]
#
# Without packages, the list is `scripts/embedlab.sh packages`; --without drops one from it (the
# suite uses it to prove that the check catches a missing package). What is checked:
#  - every package config CMake loaded: the <Name>Config.cmake (or <name>-config.cmake) file in each
#    *_DIR entry of BUILD_DIR/CMakeCache.txt (the file, not the folder: folders are shared);
#  - every program CMake found (FILEPATH entries outside the build and source trees), and every
#    library it found that a link line of the build uses;
#  - the cache entries named in EMBEDLAB_REQUIRED_ENTRIES must be found (a test that needs a tool is
#    otherwise skipped without a word);
#  - what the tests use at run time: Qt's offscreen platform plugin, fontconfig's fonts for English,
#    Vietnamese and Chinese, the programs named in EMBEDLAB_TEST_TOOLS, the files named in
#    EMBEDLAB_TEST_FILES (daemons that are started, not found on PATH) and the modules named in
#    EMBEDLAB_TEST_PYTHON_MODULES as /usr/bin/python3 imports them.
# Prints one line per file with its package; exits 1 naming every file outside the closure.
set -euo pipefail

build_dir=$(cd "${1:?usage: check_packages.sh BUILD_DIR [--without PACKAGE] [PACKAGE...]}" && pwd)
shift
without=""
if [[ ${1:-} == --without ]]; then
    without=$2
    shift 2
fi
source_dir=$(cd "$(dirname "$0")/../.." && pwd)
cache="$build_dir/CMakeCache.txt"
[[ -f $cache ]] || { echo "check_packages: $cache is missing (configure first)" >&2; exit 2; }

if (($#)); then
    packages=("$@")
else
    mapfile -t packages < <("$source_dir/scripts/embedlab.sh" packages)
fi
if [[ -n $without ]]; then
    mapfile -t packages < <(printf '%s\n' "${packages[@]}" | grep -vxF "$without")
fi

# The dependency closure as apt resolves it without recommends or suggests, plus what every Debian
# system has: the essential and required packages (dpkg, bash, coreutils, apt...).
declare -A closure=()
while read -r name; do
    closure[$name]=1
done < <(apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts --no-breaks \
             --no-replaces --no-enhances "${packages[@]}" | grep -v '^ ' | tr -d '<>')
while read -r name; do
    closure[$name]=1
done < <(dpkg-query -W -f '${Package} ${Essential} ${Priority}\n' | awk '$2 == "yes" || $3 == "required" { print $1 }')

declare -A checked=()
failures=()

# The files to check, with what each is for; their owners are asked of dpkg in one call at the end
# (dpkg-query -S reads its database each time: a third of a second a file, most of this check's time).
declare -a pending_what=() pending_file=()
check_file() {
    local what=$1 file=$2
    [[ -n ${checked[$what:$file]:-} ]] && return
    checked[$what:$file]=1
    pending_what+=("$what")
    pending_file+=("$file")
}

# The forms of FILE dpkg may know it by (merged /usr: the resolved path and /usr-less forms).
forms() {
    local file=$1 real
    real=$(readlink -f "$file")
    printf '%s\n' "$file" "$real" "${file#/usr}" "${real#/usr}" "/usr$file" "/usr$real"
}

# Each pending file's package (the first form dpkg knows), inside the closure or a failure.
check_pending() {
    local -A owners=()
    local -a all=()
    local i line pkgs path pkg form
    for file in "${pending_file[@]}"; do
        mapfile -t -O "${#all[@]}" all < <(forms "$file")
    done
    # "pkg1, pkg2: /path" (the first package counts, its architecture dropped); diversions are skipped.
    while IFS= read -r line; do
        [[ $line == diversion* || $line != *": /"* ]] && continue
        pkgs=${line%%: /*}
        path=/${line#*: /}
        pkg=${pkgs%%,*}
        [[ -z ${owners[$path]:-} ]] && owners[$path]=${pkg%%:*}
    done < <(dpkg-query -S "${all[@]}" 2>/dev/null || true)
    for i in "${!pending_file[@]}"; do
        pkg=""
        while IFS= read -r form; do
            pkg=${owners[$form]:-}
            [[ -n $pkg ]] && break
        done < <(forms "${pending_file[$i]}")
        if [[ -z $pkg ]]; then
            failures+=("${pending_what[$i]}: ${pending_file[$i]} belongs to no package")
        elif [[ -z ${closure[$pkg]:-} ]]; then
            failures+=("${pending_what[$i]}: ${pending_file[$i]} comes from $pkg, which the set-up script does not install")
        else
            echo "ok  ${pending_what[$i]}  ${pending_file[$i]}  ($pkg)"
        fi
    done
}

inside_project() {
    [[ $1 == "$build_dir"* || $1 == "$source_dir"* ]]
}

# 1. Package configs.
while IFS='=' read -r key dir; do
    name=${key%%_DIR:PATH}
    # X_INCLUDE_DIR and the like are header folders, not package configs.
    [[ $name == *_INCLUDE || $dir == *-NOTFOUND || -z $dir ]] && continue
    inside_project "$dir" && continue
    lower=$(tr '[:upper:]' '[:lower:]' <<<"$name")
    config=""
    for f in "$dir/${name}Config.cmake" "$dir/${lower}-config.cmake"; do
        [[ -f $f ]] && config=$f && break
    done
    if [[ -z $config ]]; then
        failures+=("$name: no ${name}Config.cmake in $dir")
        continue
    fi
    check_file "$name" "$config"
done < <(grep -E '^[A-Za-z0-9_]+_DIR:PATH=' "$cache")

# 2. Programs and libraries CMake found. FindOpenGL and FindVulkan record every library they see;
# only those a link line uses matter.
link_lines=$(find "$build_dir" -name link.txt -not -path '*/fuzz-build/*' -exec cat {} + 2>/dev/null || true)
while IFS='=' read -r key file; do
    name=${key%%:FILEPATH}
    [[ -f $file ]] || continue
    inside_project "$file" && continue
    if [[ $file == *.so || $file == *.so.* || $file == *.a ]] && ! grep -qF "$file" <<<"$link_lines"; then
        continue
    fi
    check_file "$name" "$file"
done < <(grep -E '^[A-Za-z0-9_]+:FILEPATH=/' "$cache")
for entry in ${EMBEDLAB_REQUIRED_ENTRIES:-}; do
    value=$(grep -E "^$entry:[A-Z]+=" "$cache" | cut -d= -f2- || true)
    if [[ -z $value || $value == *-NOTFOUND ]]; then
        failures+=("$entry: not found by CMake, so the tests that need it do not run")
    fi
done

# 3. What the tests use at run time.
qt_plugins=$(grep -E '^Qt6Core_DIR:PATH=' "$cache" | cut -d= -f2)/../../qt6/plugins
check_file "offscreen platform" "$(readlink -f "$qt_plugins/platforms/libqoffscreen.so")"
for lang in en vi zh-cn; do
    font=$(fc-match -f '%{file}' "sans-serif:lang=$lang")
    check_file "font for $lang" "$font"
    # Read whole first: `fc-list | grep -q` under pipefail failed when grep stopped reading early
    # and fc-list, still writing, died of SIGPIPE (10 runs in 13 once fonts-dejavu-extra was there).
    covering=$(fc-list ":lang=$lang" file)
    if ! grep -qF "$font" <<<"$covering"; then
        failures+=("font for $lang: $font does not cover $lang")
    fi
done
for tool in ${EMBEDLAB_TEST_TOOLS:-}; do
    path=$(command -v "$tool" || true)
    if [[ -z $path ]]; then
        failures+=("tool $tool: not installed")
    else
        check_file "tool $tool" "$path"
    fi
done

for file in ${EMBEDLAB_TEST_FILES:-}; do
    if [[ -e $file ]]; then
        check_file "file" "$file"
    else
        failures+=("file $file: missing")
    fi
done
for module in ${EMBEDLAB_TEST_PYTHON_MODULES:-}; do
    file=$(/usr/bin/python3 -c "import sys, $module; sys.stdout.write($module.__file__)" 2>/dev/null || true)
    if [[ -z $file ]]; then
        failures+=("python module $module: /usr/bin/python3 cannot import it")
    else
        check_file "python module $module" "$file"
    fi
done

check_pending
if ((${#failures[@]})); then
    printf 'FAIL %s\n' "${failures[@]}"
    echo "check_packages: add the packages above to PACKAGES in scripts/embedlab.sh"
    exit 1
fi
echo "check_packages: every file above comes from the set-up script's packages (${#packages[@]} listed)"
