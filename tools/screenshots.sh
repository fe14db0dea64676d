#!/usr/bin/env bash
# Produces docs/screenshots/<page>.png from a built tree: starts the local sandbox cluster with
# shardctl, runs the console offscreen with --screenshot-dir (it visits every page, waits for the
# dashboard's inspection, grabs the window, walks the expansion wizard, and on the sandbox creates a
# run of the plan in <sandbox>/runs and continues it to T3 for migration-run.png), then stops the
# sandbox. Builds nothing.
#
#   tools/screenshots.sh BUILD_DIR [OUT_DIR] [LANGUAGE]
#
# BUILD_DIR holds app/shardpilot and app/shardctl; OUT_DIR defaults to docs/screenshots;
# LANGUAGE (en, zh_CN) defaults to en. Without a sandbox (shardctl sandbox fails) the shots are
# taken with resources/examples/fsharechat-crc32.yaml and no cluster data.
set -euo pipefail

build=${1:?usage: tools/screenshots.sh BUILD_DIR [OUT_DIR] [LANGUAGE]}
src=$(cd "$(dirname "$0")/.." && pwd)
out=${2:-$src/docs/screenshots}
lang=${3:-en}
shardpilot=$build/app/shardpilot
shardctl=$build/app/shardctl
for bin in "$shardpilot" "$shardctl"; do
    [[ -x $bin ]] || { echo "screenshots.sh: $bin is missing; build it first" >&2; exit 2; }
done

work=$(mktemp -d -t shardpilot-shots.XXXXXX)
sandbox_up=0
cleanup() {
    # (an if, not &&: a failing kill of a finished load must not end the trap before the sandbox stops)
    if [[ -n ${load_pid:-} ]]; then kill "$load_pid" 2>/dev/null || true; fi
    if [[ $sandbox_up == 1 ]]; then
        "$shardctl" sandbox down --dir "$work/sandbox" >/dev/null 2>&1 || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT

config=$src/resources/examples/fsharechat-crc32.yaml
wait_ms=5000
if "$shardctl" sandbox up --dir "$work/sandbox" --json >"$work/sandbox.json" 2>"$work/sandbox.log"; then
    sandbox_up=1
    config=$work/sandbox/cluster.yaml
    # The sandbox's application user: its option file (passwords never go on a command line).
    [[ -f $work/sandbox/app.cnf ]] && export SHARDPILOT_DEFAULTS_FILE=$work/sandbox/app.cnf
    wait_ms=60000
else
    echo "screenshots.sh: sandbox did not start, using the example config without data:" >&2
    tail -n 3 "$work/sandbox.log" >&2 || true
fi

mkdir -p "$out"
# A fresh settings home so the shots do not depend on the user's recent files or window layout.
export XDG_CONFIG_HOME=$work/config XDG_DATA_HOME=$work/data XDG_RUNTIME_DIR=$work/run
mkdir -p "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
export QT_QPA_PLATFORM=${QT_QPA_PLATFORM:-offscreen}
# Fonts come from fontconfig; CJK keys and the zh_CN shots need fonts-noto-cjk (tools/packages.txt).

# Application-like writes while the console samples, so the health page and the dashboard show the
# load a DBA would see (QPS, connections) rather than an idle cluster.
load_pid=
if [[ $sandbox_up == 1 ]]; then
    "$shardctl" load --config "$config" --rate 200 --duration 300 >"$work/load.log" 2>&1 &
    load_pid=$!
fi

timeout 600 "$shardpilot" --language "$lang" --screenshot-dir "$out" --screenshot-wait "$wait_ms" \
    --route-keys "alice,bob,飞享,10086,u-42,carol,dave,13800138000" "$config"
if [[ -n $load_pid ]]; then
    kill "$load_pid" 2>/dev/null || true
    wait "$load_pid" 2>/dev/null || true
    load_pid=
fi
echo "screenshots in $out"
