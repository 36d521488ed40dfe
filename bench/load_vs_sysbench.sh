#!/usr/bin/env bash
# Loading time: `sysbench oltp_read_write prepare` against `versus bench prepare`, 1 table
# x 1M rows (sysbench's schema, secondary index built after the rows), on one server,
# ROUNDS rounds alternating (S V, V S, ...), tables dropped before every load (not timed).
# Prints each wall time and the ratio sysbench / versus per round and overall
# (target >= 2.0). Holds /tmp/versus-build.lock while it runs.
# Environment: ROUNDS (3), TABLE_SIZE (1000000), BASEDIR, VERSUS.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
ROUNDS=${ROUNDS:-3}
TABLE_SIZE=${TABLE_SIZE:-1000000}

[[ -x $VERSUS ]] || { echo "build versus first: $VERSUS" >&2; exit 2; }
hold_build_lock
work=$(mktemp -d /tmp/versus-bench.XXXXXX)
trap 'stop_server; rm -rf "$work"' EXIT
start_server "$work/srv"
echo "server $("$BASEDIR/sbin/mariadbd" --version | head -1) on 127.0.0.1:$SERVER_PORT"

sb=(sysbench --config-file="$SERVER_DIR/sysbench.cfg" oltp_read_write --tables=1 --table-size="$TABLE_SIZE")
vs=("$VERSUS" bench --defaults-file "$SERVER_DIR/client.cnf" --port "$SERVER_PORT" --user versus
    --tables 1 --table-size "$TABLE_SIZE")
load_sysbench() { timed "$1" "$2" "${sb[@]}" prepare; }
load_versus() { timed "$1" "$2" "${vs[@]}" prepare; }

results=$work/results.txt
: > "$results"
for r in $(seq 1 "$ROUNDS"); do
  if (( r % 2 )); then order=(sysbench versus); else order=(versus sysbench); fi
  for tool in "${order[@]}"; do
    "${sb[@]}" cleanup > /dev/null
    admin_sql "FLUSH TABLES" > /dev/null
    before=$(proc_cpu_s "$(server_pid)")
    "load_$tool" "$work/r$r.$tool.out" "$work/r$r.$tool.cpu"
    after=$(proc_cpu_s "$(server_pid)")
    read -r cpu wall _ < "$work/r$r.$tool.cpu"
    rows=$(admin_sql "SELECT COUNT(*) FROM sbtest.sbtest1")
    echo "r$r $tool $wall $cpu $(python3 -c "print(round($after - $before, 2))") $rows" | tee -a "$results"
  done
done

python3 - "$results" <<'PY'
import sys, statistics
rounds = {}
for label, tool, wall, cpu, server, rows in (l.split() for l in open(sys.argv[1])):
    rounds.setdefault(label, {})[tool] = float(wall)
ratios = []
print("\nround  sysbench s  versus s  sysbench/versus")
for label, d in rounds.items():
    ratios.append(d["sysbench"] / d["versus"])
    print(f"{label:6} {d['sysbench']:10.2f} {d['versus']:9.2f}  {ratios[-1]:8.2f}")
g = statistics.geometric_mean(ratios)
print(f"\noverall (geometric mean): load wall time sysbench/versus = {g:.2f}  (target >= 2.0)"
      f"  {'MET' if g >= 2.0 else 'NOT MET'}")
PY
