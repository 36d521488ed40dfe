#!/usr/bin/env bash
# Many connections: client peak RSS of Debian's sysbench 1.0.20 and of versus, each holding
# THREADS (1000) connections running oltp_read_only for DURATION (15) s against one server,
# ROUNDS (3) rounds alternating (S V, V S, ...). Peak RSS is /usr/bin/time's maximum resident set
# size; also printed: TPS and client CPU seconds. Prints per round and overall (geometric
# mean) the ratio versus / sysbench of peak RSS (target <= 0.25). Holds
# /tmp/versus-build.lock while it runs.
# Then the floor: the peak RSS of a program that holds the same sessions with Connector/C alone
# (bench/connector_floor.cpp, built next to versus), as a ratio to sysbench's.
# Environment: THREADS, DURATION, ROUNDS, TABLE_SIZE (10000), BASEDIR, VERSUS, FLOOR.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
THREADS=${THREADS:-1000}
DURATION=${DURATION:-15}
ROUNDS=${ROUNDS:-3}
TABLE_SIZE=${TABLE_SIZE:-10000}

FLOOR=${FLOOR:-$(dirname "$VERSUS")/versus_connector_floor}
[[ -x $VERSUS ]] || { echo "build versus first: $VERSUS" >&2; exit 2; }
[[ -x $FLOOR ]] || { echo "build versus_connector_floor first: $FLOOR" >&2; exit 2; }
ulimit -n "$(( THREADS * 2 + 1024 ))"  # a socket per connection, for each client and the server
hold_build_lock
work=$(mktemp -d /tmp/versus-bench.XXXXXX)
trap 'stop_server; rm -rf "$work"' EXIT
EXTRA_MY_CNF="max_connections=$(( THREADS + 50 ))
max_prepared_stmt_count=$(( THREADS * 20 + 1000 ))
open_files_limit=$(( THREADS * 4 + 2000 ))" start_server "$work/srv"
echo "server $("$BASEDIR/sbin/mariadbd" --version | head -1) on 127.0.0.1:$SERVER_PORT"

common=(--tables=1 --table-size="$TABLE_SIZE")
sysbench --config-file="$SERVER_DIR/sysbench.cfg" oltp_read_only "${common[@]}" prepare > /dev/null
run_tool() {  # tool out stats
  local cmd
  if [[ $1 == sysbench ]]; then
    cmd=(sysbench --config-file="$SERVER_DIR/sysbench.cfg" oltp_read_only "${common[@]}"
         --threads="$THREADS" --time="$DURATION" --events=0 run)
  else
    cmd=("$VERSUS" bench --defaults-file "$SERVER_DIR/client.cnf" --port "$SERVER_PORT"
         --user versus --workload oltp_read_only --tables 1 --table-size "$TABLE_SIZE"
         --threads "$THREADS" --warmup 0s --duration "${DURATION}s" --format json)
  fi
  /usr/bin/time -f '%M %U %S %e' -o "$3" "${cmd[@]}" > "$2"
}
results=$work/results.txt
: > "$results"
for r in $(seq 1 "$ROUNDS"); do
  if (( r % 2 )); then order=(sysbench versus); else order=(versus sysbench); fi
  for tool in "${order[@]}"; do
    run_tool "$tool" "$work/r$r.$tool.out" "$work/r$r.$tool.time"
    read -r rss_kb user sys wall < <(tail -1 "$work/r$r.$tool.time")
    echo "r$r $tool $rss_kb $(python3 -c "print(round($user + $sys, 2))") $(figures_of "$tool" "$work/r$r.$tool.out" | cut -d" " -f1)" |
      tee -a "$results"
  done
done

# Connections, peak RSS KB, KB per connection.
floor=$("$FLOOR" --defaults-file "$SERVER_DIR/client.cnf" --port "$SERVER_PORT" --user versus \
        --database sbtest --connections "$THREADS")

python3 - "$results" "$THREADS" "$floor" <<'PY'
import sys, statistics
rounds = {}
for label, tool, rss, cpu, tps in (l.split() for l in open(sys.argv[1])):
    rounds.setdefault(label, {})[tool] = (int(rss), float(cpu), float(tps))
ratios = []
print(f"\n{sys.argv[2]} connections, oltp_read_only")
print("round  sysbench RSS MB  versus RSS MB  RSS v/s   sysbench TPS  versus TPS")
for label, d in rounds.items():
    s, v = d["sysbench"], d["versus"]
    ratios.append(v[0] / s[0])
    print(f"{label:6} {s[0]/1024:15.1f} {v[0]/1024:14.1f}  {ratios[-1]:7.3f}   {s[2]:12.1f}  {v[2]:10.1f}")
g = statistics.geometric_mean(ratios)
print(f"\noverall (geometric mean): client peak RSS versus/sysbench = {g:.3f}  (target <= 0.25)"
      f"  {'MET' if g <= 0.25 else 'NOT MET'}")
n, floor_kb, per_conn = sys.argv[3].split()
sysbench_kb = statistics.mean(d["sysbench"][0] for d in rounds.values())
print(f"floor: Connector/C alone holding the same {n} sessions (connect + 7 prepared statements"
      f" each): {int(floor_kb)/1024:.1f} MB peak RSS, {float(per_conn):.1f} KB per session,"
      f" = {int(floor_kb)/sysbench_kb:.3f} of sysbench's")
PY
