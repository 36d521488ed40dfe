#!/usr/bin/env bash
# Does collecting the usage figures (issue 11: /proc snapshots of the server's tree,
# getrusage, SHOW GLOBAL STATUS and INNODB_METRICS at the measured interval's edges) perturb
# the measurement? The same cell, `versus bench run` of WORKLOAD (oltp_read_write) at THREADS
# (4) for DURATION (10) s after WARMUP (2) s, against one server, PAIRS (6) times with
# `--efficiency` and without, interleaved (on, off, off, on, ...: each pair alternates which
# goes first). Prints each run's TPS, then the mean of the per-pair differences (on - off) / off
# with its 95% CI (Student t over the pairs) and the sd of the runs of each kind: the difference
# is inside the noise when the CI contains 0. Holds /tmp/versus-build.lock while it runs.
# Environment: WORKLOAD, THREADS, DURATION, WARMUP, PAIRS, TABLE_SIZE (10000), BASEDIR, VERSUS.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
WORKLOAD=${WORKLOAD:-oltp_read_write}
THREADS=${THREADS:-4}
DURATION=${DURATION:-10}
WARMUP=${WARMUP:-2}
PAIRS=${PAIRS:-6}
TABLE_SIZE=${TABLE_SIZE:-10000}

begin_bench
common=(--defaults-file "$SERVER_DIR/client.cnf" --port "$SERVER_PORT" --user versus
        --workload "$WORKLOAD" --tables 1 --table-size "$TABLE_SIZE")
"$VERSUS" bench prepare "${common[@]}" > /dev/null

results=$work/results.txt
: > "$results"
for p in $(seq 1 "$PAIRS"); do
  if (( p % 2 )); then order=(on off); else order=(off on); fi
  for mode in "${order[@]}"; do
    flag=(); [[ $mode == on ]] && flag=(--efficiency --server-pid "$(server_pid)")
    "$VERSUS" bench run "${common[@]}" --threads "$THREADS" --warmup "${WARMUP}s" \
      --duration "${DURATION}s" --format json "${flag[@]}" > "$work/p$p.$mode.json"
    echo "pair $p $mode $(figures_of versus "$work/p$p.$mode.json" | cut -d' ' -f1)" | tee -a "$results"
  done
done

python3 - "$results" <<'PY'
import math, statistics, sys
tps = {}
for line in open(sys.argv[1]):
    _, p, mode, v = line.split()
    tps.setdefault(int(p), {})[mode] = float(v)
diffs = [(t["on"] - t["off"]) / t["off"] for t in tps.values()]
on = [t["on"] for t in tps.values()]
off = [t["off"] for t in tps.values()]
n = len(diffs)
mean = statistics.mean(diffs)
sd = statistics.stdev(diffs) if n > 1 else 0.0
# Student t, 97.5% quantile, for n - 1 degrees of freedom (n up to 31; beyond, 1.96).
t975 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179,
        2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
        2.060, 2.056, 2.052, 2.048, 2.045, 2.042]
half = (t975[n - 2] if n - 2 < len(t975) else 1.96) * sd / math.sqrt(n) if n > 1 else float("nan")
print(f"with collection:    mean {statistics.mean(on):.1f} TPS, sd {statistics.stdev(on):.1f} ({statistics.stdev(on) / statistics.mean(on) * 100:.1f}%)")
print(f"without collection: mean {statistics.mean(off):.1f} TPS, sd {statistics.stdev(off):.1f} ({statistics.stdev(off) / statistics.mean(off) * 100:.1f}%)")
print(f"difference (on - off) / off over {n} pairs: {mean * 100:+.2f}% "
      f"[{(mean - half) * 100:+.2f}%, {(mean + half) * 100:+.2f}%] (95% CI); sd of the pair differences {sd * 100:.2f}%")
print("inside the noise" if mean - half <= 0 <= mean + half else "OUTSIDE the noise")
PY
