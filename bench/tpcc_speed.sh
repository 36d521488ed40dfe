#!/usr/bin/env bash
# TPC-C's speed on one server: (1) its loader (`versus bench prepare --workload tpcc
# --warehouses W`) against versus's own sbtest loader loading as many rows (`versus bench
# prepare`, 1 table), ROUNDS rounds alternating (T S, S T, ...), tables dropped before every
# load (not timed); rows and MiB per second of each, and their ratio. (2) The engine's client
# CPU per TPC-C transaction at each of CONNECTIONS (`versus bench run --workload tpcc
# --efficiency`), PAIRS rounds, each round every connection count once, over TRANSPORTS.
# Holds /tmp/versus-build.lock while it runs.
# Environment: ROUNDS (2), WAREHOUSES (10), CONNECTIONS ("1 2 4 8 16"), PAIRS (2),
#   DURATION (10), RUN_WAREHOUSES (2), TRANSPORTS ("socket tcp"), BASEDIR, VERSUS.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
ROUNDS=${ROUNDS:-2}
WAREHOUSES=${WAREHOUSES:-10}
CONNECTIONS=${CONNECTIONS:-1 2 4 8 16}
PAIRS=${PAIRS:-2}
DURATION=${DURATION:-10}
RUN_WAREHOUSES=${RUN_WAREHOUSES:-2}
TRANSPORTS=${TRANSPORTS:-socket tcp}
TPCC_TABLES="warehouse district customer history new_order orders order_line item stock"

begin_bench

# CMD: `versus bench SUBCOMMAND [option...]` against the server, as the account versus.
vb() { CMD=("$VERSUS" bench "$1" --defaults-file "$SERVER_DIR/client.cnf" --user versus "${@:2}"); }
tpcc() { vb "$1" --port "$SERVER_PORT" --workload tpcc --warehouses "$2"; }  # SUB WAREHOUSES
sbtest() { vb "$1" --port "$SERVER_PORT" --tables 1 --table-size "$tpcc_rows"; }  # SUB
rows_of() {  # table...: their exact row count in sbtest
  local sum=0 t
  for t in "$@"; do sum=$((sum + $(admin_sql "SELECT COUNT(*) FROM sbtest.$t"))); done
  echo "$sum"
}
mib_of() {  # table...: DATA_LENGTH + INDEX_LENGTH after ANALYZE, MiB
  local list
  list=$(printf "'%s'," "$@")
  admin_sql "ANALYZE TABLE $(printf 'sbtest.%s,' "$@" | sed 's/,$//')" > /dev/null
  admin_sql "SELECT ROUND(SUM(DATA_LENGTH + INDEX_LENGTH) / 1048576, 1) FROM information_schema.TABLES
             WHERE TABLE_SCHEMA = 'sbtest' AND TABLE_NAME IN (${list%,})"
}

# (1) The loaders. The sbtest load has as many rows as TPC-C's at WAREHOUSES, counted after
# TPC-C's first load.
tpcc cleanup "$WAREHOUSES" && { "${CMD[@]}" > /dev/null 2>&1 || true; }
tpcc prepare "$WAREHOUSES" && "${CMD[@]}" > /dev/null
# shellcheck disable=SC2086
tpcc_rows=$(rows_of $TPCC_TABLES)
echo "TPC-C at $WAREHOUSES warehouses: $tpcc_rows rows; sbtest: 1 table x $tpcc_rows rows"
results=$work/loads.txt
: > "$results"
for r in $(seq 1 "$ROUNDS"); do
  if (( r % 2 )); then order=(tpcc sbtest); else order=(sbtest tpcc); fi
  for tool in "${order[@]}"; do
    tpcc cleanup "$WAREHOUSES" && "${CMD[@]}" > /dev/null
    sbtest cleanup && "${CMD[@]}" > /dev/null
    admin_sql "FLUSH TABLES" > /dev/null
    if [[ $tool == tpcc ]]; then
      tpcc prepare "$WAREHOUSES"
      timed "$work/r$r.$tool.out" "$work/r$r.$tool.cpu" "${CMD[@]}"
      # shellcheck disable=SC2086
      mib=$(mib_of $TPCC_TABLES)
    else
      sbtest prepare
      timed "$work/r$r.$tool.out" "$work/r$r.$tool.cpu" "${CMD[@]}"
      mib=$(mib_of sbtest1)
    fi
    read -r cpu wall _ < "$work/r$r.$tool.cpu"
    echo "r$r $tool $wall $cpu $tpcc_rows $mib" | tee -a "$results"
  done
done
sbtest cleanup && "${CMD[@]}" > /dev/null

# (2) The engine at RUN_WAREHOUSES: client CPU per transaction by connections and transport.
tpcc cleanup "$WAREHOUSES" && "${CMD[@]}" > /dev/null
tpcc prepare "$RUN_WAREHOUSES" && "${CMD[@]}" > /dev/null
runs=$work/runs.txt
: > "$runs"
for p in $(seq 1 "$PAIRS"); do
  for transport in $TRANSPORTS; do
    where=(--port "$SERVER_PORT")
    [[ $transport == socket ]] && where=(--socket "$SERVER_DIR/sock")
    for n in $CONNECTIONS; do
      vb run "${where[@]}" --workload tpcc --warehouses "$RUN_WAREHOUSES" --threads "$n" \
        --duration "${DURATION}s" --efficiency --format json
      "${CMD[@]}" > "$work/p$p.$transport.$n.json"
      python3 - "$work/p$p.$transport.$n.json" "$p" "$transport" "$n" <<'PY' | tee -a "$runs"
import json, sys
text = open(sys.argv[1]).read()
j = json.loads(text[text.index("{"):text.rindex("}") + 1])
e = j.get("efficiency", {})
print(sys.argv[2], sys.argv[3], sys.argv[4], round(j["tps"], 1), round(j.get("nopm", 0)),
      round(e.get("client_cpu_us", 0), 1), round(e.get("server_cpu_us", 0), 1))
PY
    done
  done
done

python3 - "$results" "$runs" <<'PY'
import sys, statistics
loads = {}
for label, tool, wall, cpu, rows, mib in (l.split() for l in open(sys.argv[1])):
    loads.setdefault(tool, []).append((float(wall), int(rows), float(mib)))
print("\nloader      rounds  wall s (mean)  rows/s      MiB/s")
rate = {}
for tool, xs in loads.items():
    wall = statistics.mean(x[0] for x in xs)
    rate[tool] = xs[0][1] / wall
    print(f"{tool:10} {len(xs):7} {wall:14.2f} {rate[tool]:10.0f} {xs[0][2] / wall:10.2f}")
print(f"TPC-C rows/s over sbtest rows/s: {rate['tpcc'] / rate['sbtest']:.2f}")
runs = {}
for p, transport, n, tps, nopm, client, server in (l.split() for l in open(sys.argv[2])):
    runs.setdefault((transport, int(n)), []).append((float(tps), float(client), float(server)))
print("\ntransport  connections  TPS (mean)  client CPU us/txn (mean, min..max)  server CPU us/txn")
for (transport, n), xs in sorted(runs.items()):
    c = [x[1] for x in xs]
    print(f"{transport:10} {n:11} {statistics.mean(x[0] for x in xs):11.1f} "
          f"{statistics.mean(c):14.1f} ({min(c):.1f}..{max(c):.1f}) "
          f"{statistics.mean(x[2] for x in xs):16.1f}")
PY
