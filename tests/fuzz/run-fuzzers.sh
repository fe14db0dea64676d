#!/usr/bin/env bash
# Runs every built harness for a bounded time, seeded from tests/fuzz/seeds/<name>/.
# Usage: run-fuzzers.sh BUILD_FUZZ_DIR SECONDS
set -euo pipefail
dir=$1
secs=${2:-30}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
status=0
for bin in "$dir"/*_fuzz; do
    [ -x "$bin" ] || continue
    name=$(basename "$bin")
    corpus=$(mktemp -d)
    seeds="$here/seeds/$name"
    echo "== fuzz $name for ${secs}s"
    if ! "$bin" -max_total_time="$secs" -max_len=4096 -rss_limit_mb=2048 -timeout=10 \
        -print_final_stats=0 "$corpus" ${seeds:+$( [ -d "$seeds" ] && echo "$seeds")} 2>"$corpus.log"; then
        tail -40 "$corpus.log"
        status=1
    else
        grep -E '^(#[0-9]+ +DONE|Done)' "$corpus.log" | tail -1 || true
    fi
    rm -rf "$corpus" "$corpus.log"
done
exit $status
