#!/usr/bin/env bash
# Issue 24 part 2, the host: does the host's own speed, probed second by second beside the
# load, follow the slow windows in which the same work costs the server more CPU per
# transaction (bench/placement.sh: the low cells' server CPU/txn up 10-25%, steal 0, the
# ALU probe before each cell flat)? One MariaDB (BASEDIR, 64M pool, 1 x ROWS rows), one
# sysbench run of DURATION s (WORKLOAD, THREADS threads, --report-interval=1) and, beside it,
# versus_host_probe (bench/host_probe.cpp: ALU rate, L2-sized and 64 MB pointer chases, each
# in its own thread CPU time) and the server's CPU from /proc each second. First IDLE s of the
# probe alone on the idle machine (its own spread, no load). Prints, per window of W seconds
# (1, 5, 10, 30): the CV of TPS and of server CPU/txn, the correlation of each probe with
# TPS and with server CPU/txn, and the SD of ln TPS before and after the least-squares fit
# on ln ALU (its slope: TPS's elasticity to the host's speed; the residual SD is what a
# comparison adjusted by the probe would be left with).
# Holds /tmp/versus-build.lock throughout. KEEP=1 keeps the work directory;
# ANALYZE=<kept directory> prints the figures of a kept run again without measuring.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
WORKLOAD=${WORKLOAD:-oltp_read_only}
THREADS=${THREADS:-4}
DURATION=${DURATION:-600}
IDLE=${IDLE:-60}
ROWS=${ROWS:-10000}
PROBE=${PROBE:-$(dirname "$VERSUS")/versus_host_probe}
BUFFER_POOL=64M
analyze() {  # work
python3 - "$1" "$(cat "$1/start")" "$(getconf CLK_TCK)" <<'PY'
import bisect, math, statistics as st, sys
work, start, tck = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
def rows(name): return [list(map(float, l.split())) for l in open(f"{work}/{name}") if l.strip()]
idle = rows("idle")
for k, name in ((1, "ALU Mops/CPU-s"), (2, "L2 chase ns"), (3, "64 MB chase ns")):
    v = [r[k] for r in idle]
    print(f"idle probe {name}: mean {st.mean(v):.2f}, CV {st.stdev(v)/st.mean(v):.3f}")
tps = {int(s): t for s, t in rows("tps")}                  # second s covers (s-1, s]
srv = rows("server")
srv_t = [r[0] for r in srv]
def server_cpu(t0, t1):  # CPU-s of the server over [t0, t1], linear between samples
    def at(t):
        i = min(max(bisect.bisect(srv_t, t), 1), len(srv) - 1)
        (a, ca), (b, cb) = srv[i - 1], srv[i]
        return (ca + (cb - ca) * (t - a) / (b - a)) / tck
    return at(t1) - at(t0)
probe = rows("probe")
secs = []
for s, t in sorted(tps.items()):
    t0, t1 = start + s - 1, start + s
    p = [r for r in probe if t0 < r[0] <= t1 + 0.5]
    if not p or t <= 0: continue
    secs.append((t, server_cpu(t0, t1) * 1e6 / t, p[0][1], p[0][2], p[0][3]))
print(f"{len(secs)} seconds under load; mean TPS {st.mean(s[0] for s in secs):.0f}")
names = ("TPS", "server CPU us/txn", "ALU", "L2 ns", "64MB ns")
for w in (1, 5, 10, 30):
    win = [[st.mean(c) for c in zip(*secs[i:i + w])] for i in range(0, len(secs) - w + 1, w)]
    if len(win) < 4: continue
    col = list(zip(*win))
    cv = lambda c: st.stdev(c) / st.mean(c)
    line = f"W={w:2} s ({len(win)} windows): CV TPS {cv(col[0]):.3f}, CV CPU/txn {cv(col[1]):.3f}"
    for k in (2, 3, 4):
        r_t = st.correlation(col[0], col[k]); r_c = st.correlation(col[1], col[k])
        line += f"; {names[k]} CV {cv(col[k]):.3f} r(TPS) {r_t:+.2f} r(CPU/txn) {r_c:+.2f}"
    y = [math.log(v) for v in col[0]]; x = [math.log(v) for v in col[2]]
    slope, icept = st.linear_regression(x, y)
    rest = st.stdev([b - icept - slope * a for a, b in zip(x, y)])
    print(line + f"; SD ln TPS {st.stdev(y):.4f}, on ln ALU slope {slope:.2f}, residual SD {rest:.4f}")
PY
}
if [[ -n ${ANALYZE:-} ]]; then analyze "$ANALYZE"; exit; fi
[[ -x $PROBE ]] || { echo "build versus_host_probe first: $PROBE" >&2; exit 2; }
work=$(mktemp -d /tmp/versus-hostwin.XXXXXX)
sampler= probe=
cleanup() {  # the sampler and the probe by pid, then the server
  for p in $sampler $probe; do kill "$p" 2>/dev/null || true; done
  stop_server; [[ ${KEEP:-0} == 1 ]] || rm -rf "$work"
}
trap cleanup EXIT
hold_build_lock
echo "probe alone for $IDLE s" >&2
"$PROBE" "$IDLE" > "$work/idle"
start_server "$work/s" > /dev/null
sysbench --config-file="$SERVER_DIR/sysbench-socket.cfg" "$WORKLOAD" --tables=1 \
  --table-size="$ROWS" prepare > "$work/prepare" 2>&1
pid=$(server_pid)
sample_server() {  # one line a second: unix time, server CPU ticks
  while :; do
    printf '%s %s\n' "$(date +%s.%N)" "$(awk '{print $14 + $15}' "/proc/$pid/stat")"
    sleep 1
  done
}
echo "load for $DURATION s" >&2
sample_server > "$work/server" &
sampler=$!
"$PROBE" "$((DURATION + 2))" > "$work/probe" &
probe=$!
start=$(date +%s.%N)
sysbench --config-file="$SERVER_DIR/sysbench-socket.cfg" "$WORKLOAD" --tables=1 \
  --table-size="$ROWS" --threads="$THREADS" --time="$DURATION" --events=0 \
  --report-interval=1 run > "$work/sysbench"
kill "$sampler"; wait "$probe" || true
sampler= probe=
sed -n 's/^\[ *\([0-9]*\)s \].* tps: *\([0-9.]*\).*/\1 \2/p' "$work/sysbench" > "$work/tps"
echo "$start" > "$work/start"
analyze "$work"
