#!/usr/bin/env bash
# Issue 13: does pairing at a finer grain than a cell cut the noise of a comparison?
# Two servers live at once (A and B: BASEDIR_A, BASEDIR_B; the same release gives an A/A),
# each loaded once with sysbench prepare, server threads on CPU 0, the client on CPU 1.
# Then, for each slice length L in SLICES (default "1 3"), PAIRS pairs of sysbench runs of L
# seconds alternate A, B, B, A, ... (ABBA, so a trend cancels); every run is a new sysbench
# process with new connections, as a versus cell is. Finally one LONG-second run per server
# with --report-interval=1 (one set of connections) gives the per-second series.
# Prints per L the SD of the per-pair log ratio ln(B/A), the pair's wall time, and the
# seconds of pairs a 5% difference would need at a 95% fixed interval (z 1.96, power 80%).
# Holds /tmp/versus-build.lock for the whole run. KEEP=1 keeps the work directory.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
BASEDIR_A=${BASEDIR_A:-$bench_root/releases/mariadb-10.11.19/usr}
BASEDIR_B=${BASEDIR_B:-$BASEDIR_A}
WORKLOAD=${WORKLOAD:-oltp_point_select}
THREADS=${THREADS:-4}
SLICES=${SLICES:-"1 3"}
PAIRS=${PAIRS:-20}
LONG=${LONG:-30}
BUFFER_POOL=64M
work=$(mktemp -d /tmp/versus-slice.XXXXXX)
declare -A dir safe
cleanup() {
  for s in A B; do
    [[ -n ${safe[$s]:-} ]] || continue
    SERVER_DIR=${dir[$s]} SAFE_PID=${safe[$s]} stop_server
  done
  [[ ${KEEP:-0} == 1 ]] || rm -rf "$work"
}
trap cleanup EXIT
hold_build_lock
for s in A B; do
  var=BASEDIR_$s; BASEDIR=${!var}
  start_server "$work/$s" > /dev/null
  dir[$s]=$SERVER_DIR; safe[$s]=$SAFE_PID
  taskset -a -p -c 0 "$(server_pid)" > /dev/null
  sysbench --config-file="$SERVER_DIR/sysbench-socket.cfg" "$WORKLOAD" --tables=1 \
    --table-size=10000 prepare > "$work/$s.prepare" 2>&1
done
sb_run() {  # server seconds [extra...]
  local s=$1 t=$2; shift 2
  taskset -c 1 sysbench --config-file="${dir[$s]}/sysbench-socket.cfg" "$WORKLOAD" --tables=1 \
    --table-size=10000 --threads="$THREADS" --time="$t" --events=0 "$@" run
}
for s in A B; do sb_run $s 3 > /dev/null; done   # prewarm both
for L in $SLICES; do
  t0=$(date +%s.%N)
  for i in $(seq 1 "$PAIRS"); do
    if (( i % 2 )); then order="A B"; else order="B A"; fi
    for s in $order; do
      tps=$(sb_run $s "$L" | sed -n 's/.*transactions: *[0-9]* *(\([0-9.]*\) per sec.*/\1/p')
      echo "$L $i $s $tps" >> "$work/slices"
    done
  done
  echo "$L $(python3 -c "print(($(date +%s.%N) - $t0) / $PAIRS)")" >> "$work/pairtime"
done
for s in A B; do
  sb_run $s "$LONG" --report-interval=1 |
    sed -n "s/^\[ *\([0-9]*\)s \].* tps: *\([0-9.]*\).*/$s \1 \2/p" >> "$work/series"
done
python3 - "$work" <<'PY'
import math, statistics as st, sys, collections
work = sys.argv[1]
rows = [l.split() for l in open(f"{work}/slices")]
pairtime = dict(l.split() for l in open(f"{work}/pairtime"))
by = collections.defaultdict(dict)
for L, i, s, tps in rows:
    by[L].setdefault(i, {})[s] = float(tps)
for L, pairs in by.items():
    d = [math.log(p["B"] / p["A"]) for p in pairs.values()]
    a = [p["A"] for p in pairs.values()]
    sd = st.stdev(d); secs = float(pairtime[L])
    n5 = ((1.96 + 0.84) * sd / math.log(1 / 0.95)) ** 2
    rho = st.correlation([p["A"] for p in pairs.values()], [p["B"] for p in pairs.values()])
    print(f"slice {L} s: {len(d)} pairs, {secs:.2f} s a pair; CV of A {st.stdev(a)/st.mean(a):.3f};"
          f" corr(A,B) {rho:+.2f}; SD ln(B/A) {sd:.3f}, mean {st.mean(d):+.3f};"
          f" 5% needs ~{n5:.0f} pairs = {n5 * secs:.0f} s")
ser = collections.defaultdict(list)
for l in open(f"{work}/series"):
    s, t, tps = l.split(); ser[s].append(float(tps))
for s, x in ser.items():
    x = x[1:]
    m = st.mean(x); v = [y - m for y in x]
    r1 = sum(v[i] * v[i + 1] for i in range(len(v) - 1)) / sum(y * y for y in v)
    blocks = [st.mean(x[i:i + 3]) for i in range(0, len(x) - 2, 3)]
    print(f"series {s} (one connection set, {len(x)} s): CV per second {st.stdev(x)/m:.3f},"
          f" lag-1 autocorrelation {r1:+.2f}, CV of 3 s means {st.stdev(blocks)/st.mean(blocks):.3f}")
PY
