#!/usr/bin/env bash
# Fails when the build uses a file from a Debian package that tools/packages.txt does not bring in.
# Usage: check-packages.sh BUILD_DIR PACKAGES_TXT
#
# "Brought in" means: listed, or reachable from a listed package through Depends/Pre-Depends (first
# alternative, as apt picks it; virtual names count their installed providers), or Essential/
# Priority: required (present on any Debian box, e.g. a debootstrap minbase root). Recommends do not
# count: tools/setup.sh installs with --no-install-recommends. Bash, coreutils, awk and dpkg only.
set -euo pipefail
export LC_ALL=C

# External programs the build, the tests, the fuzz run, the packaging and the console call.
# Each must be installed; the package owning it (and the one owning the resolved target) must be covered.
PROGRAMS=(
    cmake ctest ninja pkg-config cc c++ g++ clang clang++ git
    mariadbd mariadb-install-db mariadb
    xvfb-run Xvfb xauth
    /usr/lib/qt6/bin/lupdate /usr/lib/qt6/bin/lrelease
    # packaging: CPack (>= 3.4 builds the .deb without fakeroot) runs file and dpkg-shlibdeps
    cpack file dpkg-deb dpkg-shlibdeps lintian
)
# Compiler runtimes the fuzz run links implicitly (clang -fsanitize=fuzzer,address,undefined); they
# appear in no build.ninja line and in no ldd output.
CLANG_RUNTIMES=(fuzzer asan ubsan_standalone)
# Files the programs open only at run time (Qt plugins, fonts, Qt's own catalogues): neither ldd
# nor the dependency log shows them, so they are named here.
QT_PLUGINS=/usr/lib/$(uname -m)-linux-gnu/qt6/plugins
RUNTIME_FILES=(
    "$QT_PLUGINS/sqldrivers/libqsqlite.so"        # stats history (QSQLITE)
    "$QT_PLUGINS/platforms/libqxcb.so"            # the console on X11 / Xvfb
    "$QT_PLUGINS/platforms/libqoffscreen.so"      # gui tests, screenshots
    "$QT_PLUGINS/imageformats/libqsvg.so"         # SVG icons
    "$QT_PLUGINS/iconengines/libqsvgicon.so"
    /usr/share/qt6/translations/qtbase_zh_CN.qm  # Qt's own dialogs in Chinese
    /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc # zh_CN text in screenshots and tests
)

die() { echo "check-packages: $*" >&2; exit 1; }
[ $# -eq 2 ] || die "usage: $0 BUILD_DIR PACKAGES_TXT"
build=$(realpath "$1")
list=$2
cache=$build/CMakeCache.txt
[ -f "$cache" ] || die "$cache not found: configure the build first"
[ -f "$list" ] || die "$list not found"
src=$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' "$cache")
[ -n "$src" ] || die "no CMAKE_HOME_DIRECTORY in $cache"
src=$(realpath "$src")
# Without Ninja's dependency log there are no headers to check; passing then would prove nothing.
[ -f "$build/.ninja_deps" ] || die "$build/.ninja_deps missing: this check needs a Ninja build (-G Ninja) that has been built"
PATH=$PATH:/usr/sbin:/sbin # mariadbd lives in /usr/sbin, outside a normal user's PATH

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
problems=() # failures that are not a package (program not installed, library not found, ...)

# Keep absolute paths outside the source tree and the build dir, normalised without following
# symlinks (the compiler writes /usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/...).
external() {
    grep '^/' | xargs -r -d '\n' realpath -s -m -- |
        awk -v s="$src/" -v b="$build/" 'index($0, s) != 1 && index($0, b) != 1'
}

# (a) CMake package configs found at configure time, and the pkg-config files pkg_check_modules read.
# The config named after its dir (Qt6OpenGL/Qt6OpenGLConfig.cmake) goes first, so that it is the
# example a MISSING line shows rather than some plugin config another package drops into that dir.
sed -n 's/^[A-Za-z0-9_.+-]*_DIR:PATH=\(\/.*\)/\1/p' "$cache" | sort -u | while read -r d; do
    [ -d "$d" ] || continue
    find "$d" -maxdepth 1 \( -type f -o -type l \) \
        \( -name '*Config.cmake' -o -name '*-config.cmake' -o -name '*Targets*.cmake' \) |
        awk -v n="${d##*/}" '{ b = $0; sub(/.*\//, "", b); print (tolower(b) == tolower(n "Config.cmake") || tolower(b) == tolower(n "-config.cmake") ? 0 : 1) "\t" $0 }'
done | sort | cut -f2 >"$tmp/cmake"
{
    grep -oE '=/[^;]*\.pc$' "$cache" | cut -c2- || true
    # __pkg_config_arguments_X:INTERNAL=REQUIRED;IMPORTED_TARGET;yaml-cpp>=0.7 -> module names
    mods=$(sed -n 's/^__pkg_config_arguments_[^=]*=//p' "$cache" | tr ';' '\n' |
        grep -vxE 'REQUIRED|QUIET|IMPORTED_TARGET|GLOBAL|NO_CMAKE_PATH|NO_CMAKE_ENVIRONMENT_PATH' |
        sed 's/[<>=].*//' | sort -u)
    for m in $mods yaml-cpp libmariadb; do pkg-config --path "$m" 2>/dev/null || true; done
} | sort -u >"$tmp/pc"

# Libraries given to the linker by absolute path (the -dev .so symlinks, e.g. libz.so, libyaml-cpp.so).
grep -ohE '(^| )/[^ ]+\.(so|a)(\.[0-9]+)*( |$)' "$build"/build.ninja | tr -d ' ' | sort -u |
    external >"$tmp/linked" || true

# (d) Programs: the PATH entry and its resolved target (alternatives, g++ -> x86_64-linux-gnu-g++-12).
for p in "${PROGRAMS[@]}"; do
    if path=$(command -v "$p" 2>/dev/null) && [ -x "$path" ]; then
        printf '%s\n%s\n' "$path" "$(realpath "$path")"
    else
        problems+=("PROGRAM-MISSING $p  (not installed; add the package providing it to $list)")
    fi
done >"$tmp/programs"
arch=$(uname -m)
for r in "${CLANG_RUNTIMES[@]}"; do
    f=$(clang++ -print-file-name="libclang_rt.$r-$arch.a" 2>/dev/null) || true
    if [ -f "$f" ]; then echo "$f"; else problems+=("RUNTIME-MISSING libclang_rt.$r-$arch.a  (clang++ cannot find it)"); fi
done >>"$tmp/programs"
for f in "${RUNTIME_FILES[@]}"; do
    if [ -e "$f" ]; then echo "$f"; else problems+=("RUNTIME-FILE-MISSING $f  (loaded at run time; add its package)"); fi
done >>"$tmp/programs"

# (c) Shared libraries the built programs load.
find "$build/app" "$build/tests" -type f -perm -u+x -not -path '*/CMakeFiles/*' -print0 2>/dev/null |
    xargs -r -0 ldd 2>/dev/null >"$tmp/ldd.out" || true
awk '/linux-vdso/ { next }
     /=> not found/ { print "NOTFOUND " $1; next }
     $2 == "=>" && $3 ~ /^\// { print $3; next }
     $1 ~ /^\// && $2 ~ /^\(0x/ { print $1 }' "$tmp/ldd.out" | sort -u >"$tmp/ldd"
while read -r _ lib; do problems+=("LIBRARY-NOT-FOUND $lib  (a built program cannot load it)"); done < <(grep '^NOTFOUND ' "$tmp/ldd")
grep -v '^NOTFOUND ' "$tmp/ldd" | external >"$tmp/libs" || true
[ -s "$tmp/libs" ] || problems+=("NO-PROGRAMS  (no built executable under $build/app or $build/tests: build first)")

# (b) Every header in the compiler's dependency files. Lines of `ninja -t deps` that name a
# dependency are indented; the target lines are not.
ninja -C "$build" -t deps | sed -n 's/^[[:space:]]\{1,\}\(\/.*\)/\1/p' | sort -u |
    external >"$tmp/headers" || true
[ -s "$tmp/headers" ] || die "no system headers in the Ninja dependency log of $build: build it first"

# All files, in this order so that a package's example file is its CMake config when it has one.
cat "$tmp/cmake" "$tmp/pc" "$tmp/linked" "$tmp/programs" "$tmp/libs" "$tmp/headers" |
    awk 'NF && !seen[$0]++' >"$tmp/files"

# Map files to owning packages with batched dpkg -S (exact absolute paths are hash look-ups, so
# thousands per call are cheap). Output: "path<TAB>package", one line per owner; diversion lines
# are skipped; ":amd64" is dropped.
owners() {
    xargs -r -d '\n' dpkg -S 2>/dev/null | awk '
        /^diversion by / { next }
        { i = index($0, ": "); if (!i) next
          n = split(substr($0, 1, i - 1), p, ", ")
          for (j = 1; j <= n; j++) { sub(/:.*/, "", p[j]); print substr($0, i + 2) "\t" p[j] } }' || true
}
owners <"$tmp/files" >"$tmp/owned"
# Unowned literal paths: try the resolved path and the merged-/usr twin (/lib <-> /usr/lib, ...),
# since dpkg records the path the package ships, not the one ldd or the compiler printed.
awk -F'\t' 'NR == FNR { own[$1] = 1; next } !($1 in own)' "$tmp/owned" "$tmp/files" >"$tmp/unowned"
while read -r f; do
    r=$(realpath -m -- "$f")
    for c in "$r" "$f"; do
        printf '%s\t%s\n' "$c" "$f"
        case $c in
        /usr/bin/* | /usr/sbin/* | /usr/lib/* | /usr/lib64/*) printf '%s\t%s\n' "${c#/usr}" "$f" ;;
        /bin/* | /sbin/* | /lib/* | /lib64/*) printf '%s\t%s\n' "/usr$c" "$f" ;;
        esac
    done
done <"$tmp/unowned" | awk -F'\t' '$1 != $2' | sort -u >"$tmp/alias"
cut -f1 "$tmp/alias" | sort -u | owners >"$tmp/owned2"
awk -F'\t' 'NR == FNR { own[$1] = own[$1] "\n" $2; next }
            ($1 in own) { n = split(own[$1], p, "\n"); for (j = 2; j <= n; j++) print $2 "\t" p[j] }' \
    "$tmp/owned2" "$tmp/alias" | sort -u >>"$tmp/owned"
awk -F'\t' 'NR == FNR { own[$1] = 1; next } !($1 in own)' "$tmp/owned" "$tmp/files" >"$tmp/unowned"
while read -r f; do problems+=("UNOWNED $f  (no Debian package ships it)"); done <"$tmp/unowned"

# Closure of the list over installed packages.
dpkg-query -W -f='${Package}\t${db:Status-Abbrev}\t${Essential}\t${Priority}\t${Provides}\t${Depends}\t${Pre-Depends}\n' >"$tmp/db"
sed 's/#.*//' "$list" | tr -s ' \t' '\n' | sed '/^$/d' | sort -u >"$tmp/listed"
awk -F'\t' '
    function bare(s) { gsub(/\([^)]*\)/, "", s); gsub(/[ \t]/, "", s); sub(/:.*/, "", s); return s }
    NR == FNR { root[$1] = 1; listed[$1] = 1; next }
    substr($2, 2, 1) != "i" { next }          # only installed packages (not "rc" leftovers)
    {
        inst[$1] = 1
        if ($3 == "yes" || $4 == "required") root[$1] = 1
        n = split($5, pv, ","); for (i = 1; i <= n; i++) if ((v = bare(pv[i])) != "") prov[v] = prov[v] " " $1
        n = split($6 "," $7, dv, ",")
        for (i = 1; i <= n; i++) { split(dv[i], alt, "|"); if ((d = bare(alt[1])) != "") dep[$1] = dep[$1] " " d }
    }
    function add(p) { if (!(p in seen)) { seen[p] = 1; queue[++qn] = p } }
    END {
        for (p in listed) if (!(p in inst)) print "NOTE listed but not installed here: " p > "/dev/stderr"
        for (p in root) if (p in inst) add(p)
        for (q = 1; q <= qn; q++) {
            n = split(dep[queue[q]], ds, " ")
            for (i = 1; i <= n; i++) {
                d = ds[i]
                if (d in inst) add(d)
                else if (d in prov) { m = split(prov[d], pp, " "); for (j = 1; j <= m; j++) add(pp[j]) }
            }
        }
        for (p in seen) print p
    }' "$tmp/listed" "$tmp/db" | sort >"$tmp/covered"

# A file is fine when any of its owners is covered; otherwise charge it to its first owner.
awk -F'\t' '
    FILENAME == ARGV[1] { ok[$1] = 1; next }
    FILENAME == ARGV[2] { if (!($1 in pk)) pk[$1] = $2; if ($2 in ok) good[$1] = 1; next }
    ($1 in pk) && !($1 in good) { p = pk[$1]; if (!(p in cnt)) { ex[p] = $1; order[++n] = p } cnt[p]++ }
    END { for (i = 1; i <= n; i++) { p = order[i]
            printf "MISSING %s  (needed for %s%s)\n", p, ex[p], (cnt[p] > 1 ? ", +" (cnt[p] - 1) " more files" : "") } }
' "$tmp/covered" "$tmp/owned" "$tmp/files" >"$tmp/missing"

cat "$tmp/missing"
for p in "${problems[@]}"; do echo "$p"; done
nmiss=$(wc -l <"$tmp/missing")
summary="$(wc -l <"$tmp/files") files checked ($(wc -l <"$tmp/cmake") cmake configs, $(wc -l <"$tmp/pc") .pc, \
$(wc -l <"$tmp/linked") linked libs, ${#PROGRAMS[@]} programs, $(wc -l <"$tmp/libs") loaded libs, \
$(wc -l <"$tmp/headers") headers) against $(wc -l <"$tmp/listed") listed packages ($(wc -l <"$tmp/covered") with dependencies)"
if [ "$nmiss" -eq 0 ] && [ ${#problems[@]} -eq 0 ]; then
    echo "OK: $summary"
    exit 0
fi
echo "FAIL: $nmiss package(s) missing from $list, ${#problems[@]} other problem(s); $summary"
exit 1
