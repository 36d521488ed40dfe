#!/usr/bin/env bash
# Issue 24 part 3: is the noise shared when both servers run under load at the same time
# (a duet), and does pairing a duet's two figures beat pairing two cells run one after the
# other (versus's rounds)? Two servers (A and B: BASEDIR_A, BASEDIR_B; one release twice is an
# A/A), each its own datadir, loaded once with sysbench prepare (WORKLOAD, 1 table x ROWS),
# unpinned (the default placement). Then ROUNDS rounds; in each, with RESTART=1 (default) both
# servers are restarted first, as versus restarts a cell's server (a start can carry a bias of
# several percent for its life: slice_pairing.sh):
#   sequential: sysbench on A for SECONDS, then on B (ABBA order), THREADS threads each;
#   duet:       sysbench on A and on B at once for SECONDS, THREADS threads each, started
#               together, --report-interval=1.
# Prints the SD of the per-round ln(B/A) of each design (what a paired interval is made of),
# their means (a duet's bias: one server taking more of the shared CPU), the correlation of A
# and B over rounds and, inside the duets, of their per-second rates, and what a 5% difference
# would need at 95%/80%. A duet's absolute TPS is the machine split in two, never a figure
# to report. Holds /tmp/versus-build.lock for the whole run. KEEP=1 keeps the work directory.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
BASEDIR_A=${BASEDIR_A:-$bench_root/releases/mariadb-10.11.19/usr}
BASEDIR_B=${BASEDIR_B:-$BASEDIR_A}
WORKLOAD=${WORKLOAD:-oltp_read_only}
THREADS=${THREADS:-4}
ROUNDS=${ROUNDS:-12}
SECONDS_RUN=${SECONDS_RUN:-5}
ROWS=${ROWS:-10000}
RESTART=${RESTART:-1}
BUFFER_POOL=64M
work=$(mktemp -d /tmp/versus-duet.XXXXXX)
declare -A dir safe base
cleanup() {
  for s in A B; do
    [[ -n ${safe[$s]:-} ]] || continue
    BASEDIR=${base[$s]} SERVER_DIR=${dir[$s]} SAFE_PID=${safe[$s]} stop_server
  done
  [[ ${KEEP:-0} == 1 ]] || rm -rf "$work"
}
trap cleanup EXIT
hold_build_lock
for s in A B; do
  var=BASEDIR_$s; BASEDIR=${!var}; base[$s]=$BASEDIR
  start_server "$work/$s" > /dev/null
  dir[$s]=$SERVER_DIR; safe[$s]=$SAFE_PID
  sysbench --config-file="$SERVER_DIR/sysbench-socket.cfg" "$WORKLOAD" --tables=1 \
    --table-size="$ROWS" prepare > "$work/$s.prepare" 2>&1
done
restart() {  # server
  local s=$1
  BASEDIR=${base[$s]} SERVER_DIR=${dir[$s]} SAFE_PID=${safe[$s]} stop_server
  BASEDIR=${base[$s]}
  "$BASEDIR/bin/mysqld_safe" --defaults-file="${dir[$s]}/my.cnf" --ledir="$BASEDIR/sbin" \
    --mysqld=mariadbd > "${dir[$s]}/mysqld_safe.out" 2>&1 &
  safe[$s]=$!
  SERVER_DIR=${dir[$s]} wait_answering "${dir[$s]}/error.log"
}
sb_run() {  # server seconds [extra...]
  local s=$1 t=$2; shift 2
  sysbench --config-file="${dir[$s]}/sysbench-socket.cfg" "$WORKLOAD" --tables=1 \
    --table-size="$ROWS" --threads="$THREADS" --time="$t" --events=0 "$@" run
}
tps_of() { sed -n 's/.*transactions: *[0-9]* *(\([0-9.]*\) per sec.*/\1/p' "$1"; }
for s in A B; do sb_run $s 2 > /dev/null; done   # prewarm both
for i in $(seq 1 "$ROUNDS"); do
  if [[ $RESTART == 1 ]]; then restart A; restart B; for s in A B; do sb_run $s 1 > /dev/null; done; fi
  if (( i % 2 )); then order="A B"; else order="B A"; fi
  for s in $order; do
    sb_run $s "$SECONDS_RUN" > "$work/seq-$i-$s.out"
    echo "seq $i $s $(tps_of "$work/seq-$i-$s.out")" >> "$work/rounds"
  done
  sb_run A "$SECONDS_RUN" --report-interval=1 > "$work/duet-$i-A.out" &
  a=$!
  sb_run B "$SECONDS_RUN" --report-interval=1 > "$work/duet-$i-B.out"
  wait "$a"
  for s in A B; do
    echo "duet $i $s $(tps_of "$work/duet-$i-$s.out")" >> "$work/rounds"
    sed -n "s/^\[ *\([0-9]*\)s \].* tps: *\([0-9.]*\).*/$i $s \1 \2/p" "$work/duet-$i-$s.out" \
      >> "$work/duet-series"
  done
  echo "round $i of $ROUNDS" >&2
done
python3 - "$work" <<'PY'
import math, statistics as st, sys, collections
work = sys.argv[1]
by = collections.defaultdict(dict)
for l in open(f"{work}/rounds"):
    design, i, s, tps = l.split()
    by[design].setdefault(i, {})[s] = float(tps)
for design in ("seq", "duet"):
    rounds = by[design].values()
    d = [math.log(p["B"] / p["A"]) for p in rounds]
    a = [p["A"] for p in rounds]
    sd = st.stdev(d)
    n5 = ((1.96 + 0.84) * sd / math.log(1 / 0.95)) ** 2
    rho = st.correlation(a, [p["B"] for p in rounds])
    print(f"{design:4}: {len(d)} rounds; TPS of A {st.mean(a):.0f} (CV {st.stdev(a)/st.mean(a):.3f}); "
          f"corr(A,B) over rounds {rho:+.2f}; SD ln(B/A) {sd:.3f}, mean {st.mean(d):+.3f}; "
          f"5% needs ~{max(n5, 2):.0f} rounds")
ser = collections.defaultdict(dict)
for l in open(f"{work}/duet-series"):
    i, s, t, tps = l.split()
    ser[(i, t)][s] = float(tps)
pairs = [(p["A"], p["B"]) for p in ser.values() if "A" in p and "B" in p]
if len(pairs) > 2:
    print(f"duet per second: {len(pairs)} seconds, corr(A,B) "
          f"{st.correlation([a for a, _ in pairs], [b for _, b in pairs]):+.2f}, "
          f"SD of ln(B/A) per second {st.stdev([math.log(b / a) for a, b in pairs]):.3f}")
PY
