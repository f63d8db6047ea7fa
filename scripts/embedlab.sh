#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 EmbedLab developers
#
# All set-up in one place, for a fresh Debian bookworm machine:
#   scripts/embedlab.sh run    install what is missing, build Release, start the app on its default
#   scripts/embedlab.sh test   install what is missing, build Release, run the test suite (all but the
#                              tests labelled `long`: the long soak and fuzzing, which .ci/run adds)
#   scripts/embedlab.sh package   install what is missing, build build-package/embedlab_<version>_amd64.deb
#                                 (portable Release, with embedlab-bench beside it) and lint it
#   scripts/embedlab.sh packages   print the Debian packages the commands install, one a line
# Environment: BUILD_DIR (default build), JOBS (default 2), EMBEDLAB_CMAKE_ARGS (extra -D options),
# PACKAGE_DIR (default build-package: the package's own tree; a portable Release tree the test command
# built, such as build, gives the same .deb without compiling again).
set -euo pipefail

cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
JOBS=${JOBS:-2}

# Installed with --no-install-recommends: list every package the build and the tests use, even one
# that another package only recommends (tests/setup/check_packages.sh checks it after configuring).
PACKAGES=(
    cmake g++ make pkg-config
    qt6-base-dev libqt6opengl6-dev qt6-charts-dev qt6-svg-dev qt6-l10n-tools libgl-dev libeigen3-dev
    fontconfig fonts-dejavu-core xvfb xauth xdotool
    at-spi2-core python3-pyatspi dbus
    desktop-file-utils appstream
    clang libclang-rt-14-dev clang-format
    fonts-noto-cjk qt6-translations-l10n
    qt6-tools-dev binutils dpkg-dev lintian qemu-user
)

install_missing() {
    local missing=()
    for p in "${PACKAGES[@]}"; do
        dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
    done
    if ((${#missing[@]})); then
        echo "embedlab: installing ${missing[*]}"
        local sudo=()
        [[ $(id -u) -eq 0 ]] || sudo=(sudo)
        "${sudo[@]}" apt-get update -q
        DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
    fi
}

build() {
    # shellcheck disable=SC2086 # EMBEDLAB_CMAKE_ARGS is a list of options
    cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release ${EMBEDLAB_CMAKE_ARGS:-}
    cmake --build "$BUILD_DIR" -j "$JOBS"
}

# The .deb: a portable Release build (EMBEDLAB_NATIVE off) of the programs and the benchmark; CPack
# installs only what the package ships, lintian must report no error (its warnings are in README.md).
package() {
    local dir=${PACKAGE_DIR:-build-package}
    # shellcheck disable=SC2086 # EMBEDLAB_CMAKE_ARGS is a list of options
    cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release -DEMBEDLAB_NATIVE=OFF -DEMBEDLAB_SANITIZE=OFF \
        -DCMAKE_SKIP_INSTALL_ALL_DEPENDENCY=ON ${EMBEDLAB_CMAKE_ARGS:-}
    cmake --build "$dir" -j "$JOBS" --target embedlab embedlab-cli embedlab-bench
    (cd "$dir" && cpack -G DEB)
    local version deb
    version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$dir/CMakeCache.txt")
    deb="$dir/embedlab_${version}_amd64.deb"
    lintian --fail-on error --tag-display-limit 0 "$deb"
    echo "embedlab: wrote $deb"
}

case "${1:-}" in
packages)
    printf '%s\n' "${PACKAGES[@]}"
    ;;
run)
    install_missing
    build
    shift
    if [[ -x "$BUILD_DIR/app/embedlab" ]]; then
        exec "$BUILD_DIR/app/embedlab" "$@"
    fi
    exec "$BUILD_DIR/app/embedlab-cli" embedding 4 5 --seed 123 --lookup 2,3,1
    ;;
test)
    install_missing
    build
    ctest --test-dir "$BUILD_DIR" --output-on-failure -j "$JOBS" -LE long
    ;;
package)
    install_missing
    package
    ;;
*)
    echo "usage: scripts/embedlab.sh run|test|package|packages" >&2
    exit 2
    ;;
esac
