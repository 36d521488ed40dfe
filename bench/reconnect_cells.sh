#!/usr/bin/env bash
# Issue 24 part 2, reconnect inside a cell: if where the scheduler places the server's and
# the client's threads when the sessions connect set a cell's level, sessions that reconnect
# every N seconds would let one cell sample CELL/N placements, and the between-cell CV would
# fall as 1/sqrt(CELL/N). One MariaDB (BASEDIR, 64M pool, thread_cache_size=0 so every
# connection gets a new server thread), loaded once by `versus bench prepare` (1 x 10k rows),
# unpinned. ROUNDS rounds; in each, for every N in EVERY (order rotated round by round), one
# cell of CELL seconds made of CELL/N `versus bench run`s of N seconds over the Unix socket,
# each a new process with new connections (N = CELL: no reconnect). A cell's TPS is its
# transactions over its measured seconds. Prints per N: the cells' mean TPS, their CV, the
# CV 1/sqrt(CELL/N) predicts from the no-reconnect CV, and the CV of adjacent cells' ln
# ratio / sqrt 2 (the drift between rounds taken out). Holds /tmp/versus-build.lock for the
# whole run. Environment: WORKLOAD (oltp_read_only), THREADS (4), CELL (10), EVERY
# ("10 5 2 1"), ROUNDS (12), BASEDIR, VERSUS; KEEP=1 keeps the work directory.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
WORKLOAD=${WORKLOAD:-oltp_read_only}
THREADS=${THREADS:-4}
CELL=${CELL:-10}
EVERY=${EVERY:-10 5 2 1}
ROUNDS=${ROUNDS:-12}
BUFFER_POOL=64M
EXTRA_MY_CNF="thread_cache_size=0"
[[ -x $VERSUS ]] || { echo "build versus first: $VERSUS" >&2; exit 2; }
work=$(mktemp -d /tmp/versus-reconnect.XXXXXX)
cleanup() {
  stop_server
  [[ ${KEEP:-0} == 1 ]] && echo "work directory: $work" >&2 || rm -rf "$work"
}
trap cleanup EXIT
hold_build_lock
start_server "$work/server" > /dev/null
vb() {  # action [options...]
  "$VERSUS" -q bench "$1" --socket "$SERVER_DIR/sock" --user versus \
    --defaults-file "$SERVER_DIR/client.cnf" --workload "$WORKLOAD" --tables 1 \
    --table-size 10000 --threads "$THREADS" "${@:2}"
}
vb prepare > "$work/prepare.log" 2>&1 || { cat "$work/prepare.log"; exit 1; }
vb run --duration 5s > /dev/null   # warm the buffer pool
read -r -a every <<< "$EVERY"
for r in $(seq 1 "$ROUNDS"); do
  for i in "${!every[@]}"; do
    n=${every[$(( (i + r) % ${#every[@]} ))]}
    for s in $(seq 1 $(( CELL / n ))); do
      vb run --duration "${n}s" --format json |
        python3 -c 'import json,sys; j=json.load(sys.stdin); print(j["transactions"], j["seconds"])' |
        sed "s/^/$r $n $s /" >> "$work/slices"
    done
  done
done
python3 - "$work/slices" "$CELL" <<'PY'
import math, statistics as st, sys
from collections import defaultdict
path, cell = sys.argv[1], float(sys.argv[2])
tx, secs = defaultdict(float), defaultdict(float)
for line in open(path):
    r, n, _, t, s = line.split()
    tx[(int(n), int(r))] += float(t); secs[(int(n), int(r))] += float(s)
tps = defaultdict(dict)
for (n, r), t in tx.items():
    tps[n][r] = t / secs[(n, r)]
base = max(tps)
cv = lambda xs: st.stdev(xs) / st.mean(xs)
base_cv = cv(list(tps[base].values()))
print(f"{'every_s':>7} {'cells':>5} {'tps':>8} {'cv':>6} {'cv_pred':>7} {'cv_adj':>6}")
for n in sorted(tps, reverse=True):
    xs = [tps[n][r] for r in sorted(tps[n])]
    adj = [math.log(b / a) for a, b in zip(xs, xs[1:])]
    print(f"{n:7} {len(xs):5} {st.mean(xs):8.0f} {cv(xs):6.3f} "
          f"{base_cv / math.sqrt(base / n):7.3f} {st.stdev(adj) / math.sqrt(2):6.3f}")
PY
