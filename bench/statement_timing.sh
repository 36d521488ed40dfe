#!/usr/bin/env bash
# What timing every statement by its class costs the client: the same `versus bench run`
# (WORKLOAD oltp_read_write, THREADS 8 connections, 1 table x TABLE_SIZE 10000 rows, DURATION
# 10 s after WARMUP 2 s) with statement timing on and with --no-statement-timing, PAIRS (5)
# pairs per transport, the Unix socket and TCP 127.0.0.1 interleaved in one run, each pair
# alternating its order (on off, off on, ...: drift cancels). Client CPU per transaction is
# versus's own getrusage over the measured interval (--efficiency: efficiency.client_cpu_us).
# Prints each run, then per transport the geometric mean of the pairs' ratios on / off with
# their min..max, for client CPU per transaction and for TPS; the target is a CPU ratio within
# 1.03. Holds /tmp/versus-build.lock while it runs.
# Environment: PAIRS, DURATION, WARMUP, THREADS, TABLE_SIZE, WORKLOAD, TRANSPORTS
# ("socket tcp"), BASEDIR (releases/mariadb-10.11.19/usr), VERSUS (build-bench/versus).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
PAIRS=${PAIRS:-5}
DURATION=${DURATION:-10}
WARMUP=${WARMUP:-2}
THREADS=${THREADS:-8}
TABLE_SIZE=${TABLE_SIZE:-10000}
WORKLOAD=${WORKLOAD:-oltp_read_write}
TRANSPORTS=${TRANSPORTS:-socket tcp}

[[ -x $VERSUS ]] || { echo "build versus first: $VERSUS" >&2; exit 2; }
hold_build_lock
work=$(mktemp -d /tmp/versus-bench.XXXXXX)
trap 'stop_server; rm -rf "$work"' EXIT
start_server "$work/srv"
echo "server $("$BASEDIR/sbin/mariadbd" --version | head -1); versus $("$VERSUS" --version)"
common=(--defaults-file "$SERVER_DIR/client.cnf" --user versus --workload "$WORKLOAD"
        --tables 1 --table-size "$TABLE_SIZE")
"$VERSUS" bench prepare "${common[@]}" --port "$SERVER_PORT" > /dev/null

run_one() {  # transport mode out
  local where=(--port "$SERVER_PORT") flag=()
  [[ $1 == socket ]] && where=(--socket "$SERVER_DIR/sock")
  [[ $2 == off ]] && flag=(--no-statement-timing)
  wait_purge > /dev/null
  "$VERSUS" bench run "${common[@]}" "${where[@]}" --threads "$THREADS" \
    --warmup "${WARMUP}s" --duration "${DURATION}s" --format json --efficiency \
    --server-pid "$(server_pid)" "${flag[@]}" > "$3"
}

results=$work/results.txt
: > "$results"
read -r -a transports <<< "$TRANSPORTS"
for p in $(seq 1 "$PAIRS"); do
  if (( p % 2 )); then order=(on off); else order=(off on); fi
  for t in "${transports[@]}"; do
    for mode in "${order[@]}"; do
      out=$work/p$p.$t.$mode.json
      run_one "$t" "$mode" "$out"
      python3 - "$out" "$p" "$t" "$mode" <<'PY' | tee -a "$results"
import json, sys
j = json.load(open(sys.argv[1]))
timed = "statements" in j
print(sys.argv[2], sys.argv[3], sys.argv[4], f'{j["tps"]:.1f}', f'{j["efficiency"]["client_cpu_us"]:.2f}', int(timed))
PY
    done
  done
done

python3 - "$results" <<'PY'
import math, sys
runs = {}
for line in open(sys.argv[1]):
    p, t, mode, tps, cpu, timed = line.split()
    if (mode == "on") != (timed == "1"):
        sys.exit(f"pair {p} {t} {mode}: statements {'missing' if mode == 'on' else 'present'}")
    runs.setdefault(t, {}).setdefault(int(p), {})[mode] = (float(tps), float(cpu))
def geo(xs): return math.exp(sum(map(math.log, xs)) / len(xs))
print("\ntransport  pairs  client CPU us/txn on/off [min..max]   TPS on/off [min..max]   on us/txn  off us/txn")
for t, pairs in runs.items():
    cpu = [v["on"][1] / v["off"][1] for v in pairs.values()]
    tps = [v["on"][0] / v["off"][0] for v in pairs.values()]
    on = geo([v["on"][1] for v in pairs.values()])
    off = geo([v["off"][1] for v in pairs.values()])
    verdict = "within 3%" if geo(cpu) <= 1.03 else "ABOVE 3%"
    print(f"{t:<10} {len(cpu):>5}  {geo(cpu):.4f} [{min(cpu):.4f}..{max(cpu):.4f}] {verdict:<9}  "
          f"{geo(tps):.4f} [{min(tps):.4f}..{max(tps):.4f}]   {on:8.2f}  {off:9.2f}")
PY
