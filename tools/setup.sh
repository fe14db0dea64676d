#!/usr/bin/env bash
# One entry point for a fresh Debian 12 machine (run as root, or with sudo available):
#   tools/setup.sh run    install what is missing, build, launch the console on the local sandbox
#   tools/setup.sh test   install what is missing, build, run the whole test suite (+ a short fuzz run)
#   tools/setup.sh build  install what is missing and build only
set -euo pipefail
mode=${1:-run}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${SHARDPILOT_BUILD_DIR:-$here/build}
cd "$here"

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

install_packages() {
    local wanted missing=()
    wanted=$(grep -v '^#' tools/packages.txt | tr -s ' \n' '\n' | sed '/^$/d')
    for p in $wanted; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
    done
    if [ ${#missing[@]} -gt 0 ]; then
        echo "== installing: ${missing[*]}"
        as_root apt-get update -q
        # The packaged MariaDB service is not used (the sandbox starts its own instances); keep
        # the postinst from trying to start it on machines without an init system.
        as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
    fi
}

configure_and_build() {
    cmake -S "$here" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
    cmake --build "$build" -j"$(nproc)"
}

fuzz_run() {
    command -v clang++ >/dev/null || { echo "== clang++ missing: fuzz run skipped"; return 0; }
    local fb="$build-fuzz"
    CC=clang CXX=clang++ cmake -S "$here" -B "$fb" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DSHARDPILOT_BUILD_GUI=OFF -DSHARDPILOT_BUILD_TESTS=OFF -DSHARDPILOT_BUILD_BENCH=OFF \
        -DSHARDPILOT_BUILD_FUZZ=ON >/dev/null
    cmake --build "$fb" -j"$(nproc)" --target fuzzers
    "$here/tests/fuzz/run-fuzzers.sh" "$fb/tests/fuzz" "${SHARDPILOT_FUZZ_SECONDS:-30}"
}

install_packages
case "$mode" in
build)
    configure_and_build
    ;;
test)
    configure_and_build
    fuzz_run
    ctest --test-dir "$build" -j2 --output-on-failure --no-tests=error
    ;;
run)
    configure_and_build
    if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
        echo "== no display: starting the console under Xvfb (set DISPLAY to use your own)"
        exec xvfb-run -a -s "-screen 0 1600x1000x24" "$build/app/shardpilot" --sandbox
    fi
    exec "$build/app/shardpilot" --sandbox
    ;;
*)
    echo "usage: tools/setup.sh run|test|build" >&2
    exit 2
    ;;
esac
