#!/usr/bin/env bash
# Issue 21's scale figures: a generated history of NIGHTS nights x SERIES series (default
# 365 x 200, 2 repeats a cell: bench/history_gen.py), appended with `versus history add`, then
# the page written by `versus history show -f html`, its size, the time to write it, and the
# time headless Chromium takes to draw its last chart (bench/history_page.mjs).
# It holds /tmp/versus-build.lock from start to end; still, take the figures on an idle
# machine (nothing else building or running): the times are wall-clock.
#   bench/history_page.sh [NIGHTS] [SERIES] [OUT_DIR]
# VERSUS: the binary (default build-test/versus).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
nights=${1:-365}
series=${2:-200}
out=$(realpath -m "${3:-/tmp/versus-history-bench}")
versus=${VERSUS:-$root/build-test/versus}
exec 9>/tmp/versus-build.lock
echo "waiting for /tmp/versus-build.lock ..." >&2
flock 9
rm -rf "$out"
mkdir -p "$out/runs"
python3 "$root/bench/history_gen.py" "$out/runs" "$nights" "$series"
db=$out/history.sqlite
start=$(date +%s.%N)
"$versus" history add "$out"/runs/* --db "$db" 2>/dev/null
added=$(date +%s.%N)
"$versus" history show --db "$db" -f html -o "$out/page.html"
written=$(date +%s.%N)
echo "history: $nights nights x $series series x 2 repeats; $(du -m "$db" | cut -f1) MB ($db)"
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }  # no bc on a fresh machine
printf 'history add of %d runs: %s s\n' "$nights" "$(elapsed "$start" "$added")"
printf 'history show -f html: %s s\n' "$(elapsed "$added" "$written")"
echo "page: $(stat -c %s "$out/page.html") bytes ($out/page.html)"
node "$root/bench/history_page.mjs" "$out/page.html"
