#!/usr/bin/env bash
# What one client core can drive: queries per client CPU-second of oltp_point_select for
# versus and Debian's sysbench 1.0.20, against a server that is not the bottleneck (1 table x
# 10k rows, every server thread pinned to CPU $SERVER_CPU with taskset, the client to
# $CLIENT_CPU), at 1 and 2 client threads, over each transport, PAIRS pairs alternating.
# Prints per run QPS, client CPU-s and the client's share of its core, and per (threads,
# transport) QPS per client CPU-second of each client and their ratio, geometric mean over
# the pairs with min..max. Holds /tmp/versus-build.lock while it runs.
# Environment: PAIRS (2), DURATION (10), THREADS ("1 2"), TRANSPORTS ("socket tcp"),
#   TABLE_SIZE (10000), SERVER_CPU (1), CLIENT_CPU (0), BASEDIR, VERSUS.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
PAIRS=${PAIRS:-2}
DURATION=${DURATION:-10}
THREADS=${THREADS:-1 2}
TRANSPORTS=${TRANSPORTS:-socket tcp}
TABLE_SIZE=${TABLE_SIZE:-10000}
SERVER_CPU=${SERVER_CPU:-1}
CLIENT_CPU=${CLIENT_CPU:-0}
WORKLOAD=oltp_point_select

[[ -x $VERSUS ]] || { echo "build versus first: $VERSUS" >&2; exit 2; }
hold_build_lock
work=$(mktemp -d /tmp/versus-bench.XXXXXX)
trap 'stop_server; rm -rf "$work"' EXIT
start_server "$work/srv"
sysbench --config-file="$SERVER_DIR/sysbench.cfg" "$WORKLOAD" --tables=1 \
  --table-size="$TABLE_SIZE" prepare > /dev/null
# Every thread of the server, and the ones it starts later, on its own CPU.
taskset -a -p -c "$SERVER_CPU" "$(server_pid)" > /dev/null
echo "server $("$BASEDIR/sbin/mariadbd" --version | head -1 | awk '{print $3}') pinned to CPU" \
  "$SERVER_CPU, clients to CPU $CLIENT_CPU; 1 table x $TABLE_SIZE rows"

run_sysbench() {  # transport threads out cpu
  local cfg=$SERVER_DIR/sysbench.cfg
  [[ $1 == socket ]] && cfg=$SERVER_DIR/sysbench-socket.cfg
  timed "$3" "$4" taskset -c "$CLIENT_CPU" sysbench --config-file="$cfg" "$WORKLOAD" \
    --tables=1 --table-size="$TABLE_SIZE" --threads="$2" --time="$DURATION" --events=0 run
}
run_versus() {  # transport threads out cpu
  local where=(--port "$SERVER_PORT")
  [[ $1 == socket ]] && where=(--socket "$SERVER_DIR/sock")
  timed "$3" "$4" taskset -c "$CLIENT_CPU" "$VERSUS" bench run \
    --defaults-file "$SERVER_DIR/client.cnf" "${where[@]}" --user versus --workload "$WORKLOAD" \
    --tables 1 --table-size "$TABLE_SIZE" --threads "$2" --duration "${DURATION}s" --format json
}
queries_of() {  # tool out: queries of the run
  if [[ $1 == sysbench ]]; then
    sed -n 's/^ *queries: *\([0-9]*\) .*/\1/p' "$2"
  else
    python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["queries"]["total"])' "$2"
  fi
}

results=$work/results.txt
: > "$results"
echo "warmup (discarded): each client 5 s"
DURATION=5 run_sysbench socket 1 "$work/warm.out" "$work/warm.cpu"
DURATION=5 run_versus socket 1 "$work/warm.out" "$work/warm.cpu"
k=0
for p in $(seq 1 "$PAIRS"); do
  for th in $THREADS; do
    for t in $TRANSPORTS; do
      if (( k++ % 2 )); then order=(sysbench versus); else order=(versus sysbench); fi
      for tool in "${order[@]}"; do
        before=$(proc_cpu_s "$(server_pid)")
        "run_$tool" "$t" "$th" "$work/r.out" "$work/r.cpu"
        after=$(proc_cpu_s "$(server_pid)")
        read -r cpu wall _ < "$work/r.cpu"
        q=$(queries_of "$tool" "$work/r.out")
        echo "$th $t p$p $tool $q $cpu $wall $(python3 -c "print($after - $before)")" >> "$results"
        printf 'threads %s %-6s p%s %-8s QPS %8.0f  client CPU %5.2f s  server CPU %5.2f s\n' \
          "$th" "$t" "$p" "$tool" "$(python3 -c "print($q / $wall)")" "$cpu" \
          "$(python3 -c "print($after - $before)")"
      done
    done
  done
done

python3 - "$results" <<'PY'
import sys, statistics
groups = {}
for th, tr, label, tool, q, cpu, wall, server in (l.split() for l in open(sys.argv[1])):
    groups.setdefault((th, tr), {}).setdefault(label, {})[tool] = (float(q), float(cpu), float(wall), float(server))
def gm(xs):
    return f"{statistics.geometric_mean(xs):9.0f} [{min(xs):.0f}..{max(xs):.0f}]"
print("\nqueries per client CPU-second, geometric mean over the pairs [min..max]")
print(f"{'threads':7} {'transport':9} {'versus':24} {'sysbench':24} {'v/s':18}"
      " client busy v / s   server busy v / s")
for (th, tr), pairs in groups.items():
    v = [d["versus"][0] / d["versus"][1] for d in pairs.values()]
    s = [d["sysbench"][0] / d["sysbench"][1] for d in pairs.values()]
    r = [a / b for a, b in zip(v, s)]
    busy = lambda tool, i: statistics.mean(d[tool][i] / d[tool][2] for d in pairs.values())
    print(f"{th:7} {tr:9} {gm(v):24} {gm(s):24} "
          f"{statistics.geometric_mean(r):.3f} [{min(r):.3f}..{max(r):.3f}]"
          f"   {busy('versus', 1):.2f} / {busy('sysbench', 1):.2f}"
          f"          {busy('versus', 3):.2f} / {busy('sysbench', 3):.2f}")
print("client busy: client CPU-s per wall second (1.00 = its whole core); server busy likewise")
PY
