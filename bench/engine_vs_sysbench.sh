#!/usr/bin/env bash
# versus's load engine against Debian's sysbench 1.0.20, side by side on one server:
# oltp_read_write, 1 table x 100k rows, 8 threads, 15 s per run, PAIRS pairs alternating
# (V S, S V, V S, ...: drift cancels). Per pair and overall it prints
#   client CPU-s per transaction, versus / sysbench   (target <= 0.5)
#   TPS, versus / sysbench                             (target >= 1.10)
# and the server's CPU seconds in each run. Holds /tmp/versus-build.lock while it runs.
# Environment: PAIRS (3), DURATION (15), THREADS (8), TABLE_SIZE (100000),
#              BASEDIR (releases/mariadb-10.11.19/usr), VERSUS (build-bench/versus).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
PAIRS=${PAIRS:-3}
DURATION=${DURATION:-15}
THREADS=${THREADS:-8}
TABLE_SIZE=${TABLE_SIZE:-100000}
WORKLOAD=${WORKLOAD:-oltp_read_write}

[[ -x $VERSUS ]] || { echo "build versus first: $VERSUS" >&2; exit 2; }
hold_build_lock
work=$(mktemp -d /tmp/versus-bench.XXXXXX)
trap 'stop_server; rm -rf "$work"' EXIT
start_server "$work/srv"
echo "server $("$BASEDIR/sbin/mariadbd" --version | head -1) on 127.0.0.1:$SERVER_PORT"

common=(--tables=1 --table-size="$TABLE_SIZE" --threads="$THREADS")
sysbench --config-file="$SERVER_DIR/sysbench.cfg" "$WORKLOAD" "${common[@]}" prepare > /dev/null
run_sysbench() {  # seconds out cpu
  timed "$2" "$3" sysbench --config-file="$SERVER_DIR/sysbench.cfg" "$WORKLOAD" "${common[@]}" \
    --time="$1" --events=0 run
}
run_versus() {  # seconds out cpu
  timed "$2" "$3" "$VERSUS" bench run --defaults-file "$SERVER_DIR/client.cnf" --port "$SERVER_PORT" \
    --user versus --workload "$WORKLOAD" --tables 1 --table-size "$TABLE_SIZE" --threads "$THREADS" \
    --duration "${1}s" --format json
}
results=$work/results.txt
: > "$results"
measure() {  # tool label
  local tool=$1 label=$2 before after
  before=$(proc_cpu_s "$(server_pid)")
  "run_$tool" "$DURATION" "$work/$label.out" "$work/$label.cpu"
  after=$(proc_cpu_s "$(server_pid)")
  read -r cpu wall sys < "$work/$label.cpu"
  local tps txns; read -r tps txns <<< "$(figures_of "$tool" "$work/$label.out")"
  local server_cpu; server_cpu=$(python3 -c "print(round($after - $before, 2))")
  echo "$label $tool $tps $txns $cpu $server_cpu $sys" >> "$results"
  printf '%-8s %-8s TPS %9.2f  client CPU %6.2f s (kernel %5.2f)  server CPU %6.2f s  wall %5.2f s\n' \
    "$label" "$tool" "$tps" "$cpu" "$sys" "$server_cpu" "$wall"
}

echo "warmup (discarded): sysbench and versus, 5 s each"
run_sysbench 5 "$work/warm_s.out" "$work/warm_s.cpu"
run_versus 5 "$work/warm_v.out" "$work/warm_v.cpu"
for p in $(seq 1 "$PAIRS"); do
  if (( p % 2 )); then order=(versus sysbench); else order=(sysbench versus); fi
  for tool in "${order[@]}"; do measure "$tool" "p$p"; done
done

python3 - "$results" <<'PY'
import sys, statistics
rows = [l.split() for l in open(sys.argv[1])]
pairs = {}
for label, tool, tps, txns, cpu, server, sys in rows:
    pairs.setdefault(label, {})[tool] = (float(tps), float(cpu), float(txns), float(sys))
cpu_ratios, tps_ratios, floor_ratios = [], [], []
print("\npair  TPS v/s   CPU-s/txn v (kernel)     CPU-s/txn s (kernel)     ratio v/s  floor")
for label, d in pairs.items():
    (tv, cv, nv, kv), (ts, cs, ns, ks) = d["versus"], d["sysbench"]
    pv, ps = cv / nv, cs / ns
    tps_ratios.append(tv / ts); cpu_ratios.append(pv / ps); floor_ratios.append(kv / nv / ps)
    print(f"{label:5} {tv/ts:7.3f}   {pv*1e6:7.1f} us ({kv/nv*1e6:6.1f})   "
          f"{ps*1e6:7.1f} us ({ks/ns*1e6:6.1f})   {pv/ps:7.3f}  {floor_ratios[-1]:.3f}")
def geo(xs):
    return statistics.geometric_mean(xs)
print(f"\noverall (geometric mean of {len(pairs)} pairs):")
print(f"  client CPU-s per transaction, versus/sysbench: {geo(cpu_ratios):.3f}  (target <= 0.5)"
      f"  {'MET' if geo(cpu_ratios) <= 0.5 else 'NOT MET'}")
print(f"  floor: versus's kernel CPU-s per transaction alone / sysbench's total: "
      f"{geo(floor_ratios):.3f}  (kernel time alone; the ratio cannot go below it while each statement makes the same socket calls)")
print(f"  TPS, versus/sysbench:                           {geo(tps_ratios):.3f}  (target >= 1.10)"
      f"  {'MET' if geo(tps_ratios) >= 1.10 else 'NOT MET'}")
PY
