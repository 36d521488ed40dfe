#!/usr/bin/env bash
# Issue 13 part 6: what prewarm and warmup: steady do to the noise of one cell. The cell is
# a server restarted from a snapshot, as each matrix cell is: one MariaDB (BUFFER_POOL, 128M)
# with 1 table x TABLE_SIZE (300000, about 70 MB: more than the pool's dump loads back at
# startup) rows, stopped once and copied as the snapshot; every run copies the snapshot back,
# starts the server, runs `versus bench run` of WORKLOAD (oltp_read_only) at THREADS (4) for
# DURATION (10) s, and stops it. Four settings, interleaved: ROUNDS (3) rounds, each running
# every setting once, the order rotated each round:
#   fixed        --warmup WARMUP (5) s
#   prewarm      --prewarm --warmup WARMUP s
#   steady       --warmup steady --warmup-max WARMUP_MAX (30) s
#   prewarm+steady
# Prints per run the TPS, the warmup used (and whether steady was reached), the prewarm's
# seconds and the first-seconds climb (TPS of the first 2 measured seconds over that of the
# rest, 1.00 = no climb); then per setting the CV of TPS across the rounds (sd / mean), the
# mean climb and the mean warmup. Holds /tmp/versus-build.lock while it runs.
# Environment: WORKLOAD, THREADS, DURATION, WARMUP, WARMUP_MAX, ROUNDS, TABLE_SIZE,
# BUFFER_POOL, BASEDIR, VERSUS.
set -euo pipefail
BUFFER_POOL=${BUFFER_POOL:-128M}
source "$(dirname "$0")/lib.sh"
WORKLOAD=${WORKLOAD:-oltp_read_only}
THREADS=${THREADS:-4}
DURATION=${DURATION:-10}
WARMUP=${WARMUP:-5}
WARMUP_MAX=${WARMUP_MAX:-30}
ROUNDS=${ROUNDS:-3}
TABLE_SIZE=${TABLE_SIZE:-300000}
SETTINGS=(fixed prewarm steady prewarm+steady)

[[ -x $VERSUS ]] || { echo "build versus first: $VERSUS" >&2; exit 2; }
hold_build_lock
work=$(mktemp -d /tmp/versus-bench.XXXXXX)
trap 'stop_server; rm -rf "$work"' EXIT
start_server "$work/srv"
echo "server $("$BASEDIR/sbin/mariadbd" --version | head -1), pool $BUFFER_POOL"
common=(--defaults-file "$SERVER_DIR/client.cnf" --port "$SERVER_PORT" --user versus
        --workload "$WORKLOAD" --tables 1 --table-size "$TABLE_SIZE")
"$VERSUS" bench prepare "${common[@]}" > /dev/null
stop_server
cp -a "$SERVER_DIR/data" "$work/snapshot"

# One run of setting $1 into $2 (JSON), on a server restarted from the snapshot.
run_setting() {
  local flags=()
  case $1 in
    fixed) flags=(--warmup "${WARMUP}s") ;;
    prewarm) flags=(--prewarm --warmup "${WARMUP}s") ;;
    steady) flags=(--warmup steady --warmup-max "${WARMUP_MAX}s") ;;
    prewarm+steady) flags=(--prewarm --warmup steady --warmup-max "${WARMUP_MAX}s") ;;
  esac
  rm -rf "$SERVER_DIR/data"
  cp -a "$work/snapshot" "$SERVER_DIR/data"
  "$BASEDIR/bin/mysqld_safe" --defaults-file="$SERVER_DIR/my.cnf" --ledir="$BASEDIR/sbin" \
    --mysqld=mariadbd > "$SERVER_DIR/mysqld_safe.out" 2>&1 &
  SAFE_PID=$!
  wait_answering "$SERVER_DIR/error.log"
  "$VERSUS" bench run "${common[@]}" --threads "$THREADS" --duration "${DURATION}s" \
    --format json "${flags[@]}" > "$2"
  stop_server
}

for r in $(seq 1 "$ROUNDS"); do
  for i in 0 1 2 3; do
    s=${SETTINGS[$(( (i + r - 1) % 4 ))]}
    run_setting "$s" "$work/r$r.$s.json"
    python3 - "$r" "$s" "$work/r$r.$s.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[3]))
tps = [x["transactions"] / x["seconds"] for x in j["series"]]
climb = (sum(tps[:2]) / 2) / (sum(tps[2:]) / len(tps[2:]))
w = j["warmup"]
print(f"round {sys.argv[1]} {sys.argv[2]:15} tps {j['tps']:8.1f}  warmup {w['seconds']:5.1f} s"
      f" ({w['rule']}{', steady' if w['steady'] else ''})  prewarm {w['prewarm_seconds']:4.1f} s"
      f"  climb {climb:.3f}")
PY
  done
done

python3 - "$work" "$ROUNDS" "${SETTINGS[@]}" <<'PY'
import json, statistics, sys
work, rounds, settings = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
print(f"\n{'setting':15} {'mean tps':>9} {'CV of tps':>9} {'climb':>6} {'warmup s':>8} steady")
for s in settings:
    runs = [json.load(open(f"{work}/r{r}.{s}.json")) for r in range(1, rounds + 1)]
    tps = [j["tps"] for j in runs]
    climbs = []
    for j in runs:
        t = [x["transactions"] / x["seconds"] for x in j["series"]]
        climbs.append((sum(t[:2]) / 2) / (sum(t[2:]) / len(t[2:])))
    cv = statistics.stdev(tps) / statistics.mean(tps)
    warm = statistics.mean(j["warmup"]["seconds"] for j in runs)
    steady = sum(j["warmup"]["steady"] for j in runs)
    print(f"{s:15} {statistics.mean(tps):9.1f} {100 * cv:8.2f}% {statistics.mean(climbs):6.3f}"
          f" {warm:8.1f} {steady}/{rounds}")
PY
