#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Issue #12: what the .deb holds. usage: check_deb.sh PACKAGE.deb VERSION
set -euo pipefail
deb=${1:?usage: check_deb.sh PACKAGE.deb VERSION}
version=${2:?usage: check_deb.sh PACKAGE.deb VERSION}
failures=()
field() { dpkg-deb -f "$deb" "$1"; }

[[ $(field Package) == embedlab ]] || failures+=("Package is '$(field Package)', not embedlab")
[[ $(field Version) == "$version" ]] || failures+=("Version is '$(field Version)', not $version")
[[ $(field Architecture) == amd64 ]] || failures+=("Architecture is '$(field Architecture)', not amd64")
# Depends comes from dpkg-shlibdeps: the C library, the C++ library and the Qt libraries used.
depends=$(field Depends)
for lib in libc6 libstdc++6 libqt6core6 libqt6gui6 libqt6widgets6 libqt6charts6 libqt6svg6; do
    [[ $depends == *"$lib "* || $depends == *"$lib," || $depends == *"$lib" ]] ||
        failures+=("Depends lacks $lib: $depends")
done

contents=$(dpkg-deb -c "$deb" | awk '{print $NF}')
id=io.github.embedlab.EmbedLab
for f in ./usr/bin/embedlab ./usr/bin/embedlab-cli \
    ./usr/share/applications/$id.desktop \
    ./usr/share/icons/hicolor/scalable/apps/$id.svg \
    ./usr/share/metainfo/$id.metainfo.xml \
    ./usr/share/mime/packages/$id.xml \
    ./usr/share/doc/embedlab/copyright ./usr/share/doc/embedlab/changelog.gz; do
    grep -qxF "$f" <<<"$contents" || failures+=("missing: $f")
done
# The benchmark and the tests are built in the same tree but are not shipped; nothing outside /usr.
grep -q 'embedlab-bench\|/tst_' <<<"$contents" && failures+=("ships a benchmark or a test")
outside=$(grep -v '^\./usr/' <<<"$contents" | grep -vx '\./' || true)
[[ -z $outside ]] || failures+=("files outside /usr: $outside")
# Every file belongs to root; programs are executable.
owners=$(dpkg-deb -c "$deb" | awk '{print $2}' | sort -u)
[[ $owners == root/root ]] || failures+=("owners other than root/root: $owners")
# Into a variable: `| grep -q .` under pipefail could lose a finding to SIGPIPE.
unexecutable=$(dpkg-deb -c "$deb" | awk '$1 ~ /^-/ && $NF ~ /^\.\/usr\/bin\// && $1 != "-rwxr-xr-x" {print}')
[[ -z $unexecutable ]] || failures+=("a program without mode 755: $unexecutable")

if ((${#failures[@]})); then
    printf 'package_deb: %s\n' "${failures[@]}" >&2
    exit 1
fi
echo "package_deb: $(wc -l <<<"$contents") entries, Depends: $depends"
