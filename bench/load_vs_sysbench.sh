#!/usr/bin/env bash
# Loading time: `sysbench oltp_read_write prepare` against `versus bench prepare`, 1 table
# x 1M rows (sysbench's schema, secondary index built after the rows), on one server,
# ROUNDS rounds alternating (S V, V S, ...), tables dropped before every load (not timed).
# Prints each wall time and the ratio sysbench / versus per round and overall
# (target >= 2.0). Then the floor, ROUNDS times: the server alone loading the same rows from a
# server-side file (LOAD DATA INFILE, no client at all) and building the index; sysbench's
# time over it is the most any client loading with LOAD DATA could reach.
# Holds /tmp/versus-build.lock while it runs.
# Environment: ROUNDS (3), TABLE_SIZE (1000000), BASEDIR, VERSUS.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
ROUNDS=${ROUNDS:-3}
TABLE_SIZE=${TABLE_SIZE:-1000000}

begin_bench

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

# The floor: the rows versus loaded last, written to a server-side file, then loaded back by
# the server alone into sysbench's schema, and indexed.
rows_file=$SERVER_DIR/tmp/rows.tsv
admin_sql "SELECT k, c, pad INTO OUTFILE '$rows_file' FROM sbtest.sbtest1 ORDER BY id"
floors=$work/floor.txt
: > "$floors"
for r in $(seq 1 "$ROUNDS"); do
  "${sb[@]}" cleanup > /dev/null
  admin_sql "CREATE TABLE sbtest.sbtest1 (id INTEGER NOT NULL AUTO_INCREMENT,
    k INTEGER DEFAULT '0' NOT NULL, c CHAR(120) DEFAULT '' NOT NULL,
    pad CHAR(60) DEFAULT '' NOT NULL, PRIMARY KEY (id)) ENGINE=innodb"
  start=$(date +%s.%N)
  admin_sql "SET SESSION sql_log_bin=0; LOAD DATA INFILE '$rows_file' INTO TABLE sbtest.sbtest1 (k, c, pad);
             CREATE INDEX k_1 ON sbtest.sbtest1(k)"
  python3 -c "import time; print(round(time.time() - $start, 2))" | tee -a "$floors" |
    sed 's/^/floor (server alone) s: /'
done
rm -f "$rows_file"

python3 - "$results" "$floors" <<'PY'
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
floor = statistics.mean(float(l) for l in open(sys.argv[2]))
sysbench = statistics.mean(d["sysbench"] for d in rounds.values())
print(f"floor: the server alone loads the same rows and builds the index in {floor:.2f} s;"
      f" sysbench/floor = {sysbench / floor:.2f} (no LOAD DATA client can beat this ratio)")
PY
