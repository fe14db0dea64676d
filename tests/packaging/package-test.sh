#!/usr/bin/env bash
# packaging.deb: builds the Debian package, unpacks it into a temporary root with dpkg -x and runs
# the installed programs from there (shardctl --version, shardctl lint on an installed example, the
# console offscreen for a few seconds, its diagnostics), checks the installed files and that no
# binary carries a path of the source tree, then runs lintian (errors fail, warnings are listed).
# Usage: package-test.sh BUILD_DIR SOURCE_DIR
set -uo pipefail
build=$1
src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
pass() { echo "ok: $*"; }

echo "== building the package"
if ! cmake --build "$build" --target package >"$tmp/package.log" 2>&1; then
    tail -30 "$tmp/package.log"
    echo "FAIL: cmake --build $build --target package"
    exit 1
fi
deb=$(ls -t "$build"/shardpilot_*.deb 2>/dev/null | head -1)
[ -n "$deb" ] || { echo "FAIL: no shardpilot_*.deb in $build"; exit 1; }
echo "package: $deb ($(stat -c %s "$deb") bytes)"
dpkg-deb --field "$deb" Package Version Architecture Depends Recommends

root=$tmp/root
dpkg -x "$deb" "$root" || { echo "FAIL: dpkg -x"; exit 1; }

# Files the package must install.
for f in usr/bin/shardpilot usr/bin/shardctl \
    usr/share/shardpilot/examples/fsharechat-crc32.yaml \
    usr/share/shardpilot/examples/fsharechat-reference.yaml \
    usr/share/shardpilot/translations/shardpilot_zh_CN.qm \
    usr/share/applications/io.shardpilot.ShardPilot.desktop \
    usr/share/metainfo/io.shardpilot.ShardPilot.metainfo.xml \
    usr/share/icons/hicolor/48x48/apps/io.shardpilot.ShardPilot.png \
    usr/share/icons/hicolor/256x256/apps/io.shardpilot.ShardPilot.png \
    usr/share/icons/hicolor/scalable/apps/io.shardpilot.ShardPilot.svg \
    usr/share/man/man1/shardctl.1.gz usr/share/man/man1/shardpilot.1.gz usr/share/doc/shardpilot/copyright; do
    [ -e "$root/$f" ] && pass "installs /$f" || fail "the package lacks /$f"
done
dpkg-deb --field "$deb" Depends | grep -q 'libmariadb3' && pass "Depends names libmariadb3" ||
    fail "Depends lacks libmariadb3"
dpkg-deb --field "$deb" Depends | grep -q 'libqt6widgets6' && pass "Depends names libqt6widgets6" ||
    fail "Depends lacks libqt6widgets6"
dpkg-deb --field "$deb" Recommends | grep -q 'mariadb-server' && pass "Recommends mariadb-server" ||
    fail "Recommends lacks mariadb-server"

# The man page is shardctl's own help texts: every command has a section.
man=$(zcat "$root/usr/share/man/man1/shardctl.1.gz")
for cmd in $("$root/usr/bin/shardctl" --help | awk '/^Commands:/{on=1; next} on && /^  [a-z]/{print $1}'); do
    grep -q "^\.SS $cmd\$" <<<"$man" && pass "man page has a section for '$cmd'" || fail "man page lacks '$cmd'"
done

export HOME=$tmp/home XDG_CONFIG_HOME=$tmp/home/.config XDG_DATA_HOME=$tmp/home/.local/share
mkdir -p "$HOME"
unset SHARDPILOT_DATA_DIR SHARDPILOT_EXAMPLES_DIR

version=$("$root/usr/bin/shardctl" --version)
echo "$version"
grep -q '^shardctl (ShardPilot) [0-9]' <<<"$version" && pass "version line" || fail "no version line"
grep -q '^Qt 6\.' <<<"$version" && pass "Qt version" || fail "no Qt version"
grep -q '^MariaDB Connector/C [0-9]' <<<"$version" && pass "MariaDB client version" || fail "no MariaDB client version"

"$root/usr/bin/shardctl" lint --config "$root/usr/share/shardpilot/examples/fsharechat-crc32.yaml" >"$tmp/lint.out" 2>&1
rc=$?
[ $rc -eq 0 ] && pass "shardctl lint on the installed example exits 0" || { cat "$tmp/lint.out"; fail "lint exit $rc"; }
"$root/usr/bin/shardctl" lint --config "$root/usr/share/shardpilot/examples/fsharechat-reference.yaml" >"$tmp/lint2.out" 2>&1
rc=$?
[ $rc -eq 1 ] && grep -q unreachable-nodes "$tmp/lint2.out" && pass "lint finds the reference config's defects" ||
    fail "lint of the reference example: exit $rc"

diag=$(QT_QPA_PLATFORM=offscreen "$root/usr/bin/shardpilot" --diagnostics 2>&1)
echo "$diag" | sed 's/^/  | /'
grep -q "^  translations: $root/usr/share/shardpilot/translations\$" <<<"$diag" &&
    pass "the console looks for translations under the installed path" || fail "translations path"
grep -q "^  examples: $root/usr/share/shardpilot/examples\$" <<<"$diag" &&
    pass "the console looks for examples under the installed path" || fail "examples path"

# The console itself, offscreen, in Chinese (catalogue from the installed path), for 4 seconds.
QT_QPA_PLATFORM=offscreen timeout 4 "$root/usr/bin/shardpilot" --language zh_CN \
    "$root/usr/share/shardpilot/examples/fsharechat-crc32.yaml" >"$tmp/gui.out" 2>&1
rc=$?
[ $rc -eq 124 ] && pass "the console ran offscreen until stopped" || { cat "$tmp/gui.out"; fail "console exit $rc"; }

# No compiled-in path of the source or build tree in what is installed.
if grep -rlaF -e "$src/" -e "$build/" "$root/usr/bin" >"$tmp/paths.out"; then
    fail "installed programs contain a source/build path: $(cat "$tmp/paths.out")"
else
    pass "no source or build tree path in the installed programs"
fi

if command -v lintian >/dev/null; then
    lintian --fail-on error --tag-display-limit 0 "$deb" >"$tmp/lintian.out" 2>&1
    rc=$?
    sed 's/^/  lintian: /' "$tmp/lintian.out"
    [ $rc -eq 0 ] && pass "lintian: no errors ($(grep -c '^W:' "$tmp/lintian.out") warnings)" || fail "lintian exit $rc"
else
    fail "lintian is not installed (tools/packages.txt lists it)"
fi

echo "$failures failure(s)"
[ $failures -eq 0 ]
