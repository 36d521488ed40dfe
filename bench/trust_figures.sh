#!/usr/bin/env bash
# Issue 13 part 5: how long repeats: auto takes to decide a known 5% slowdown against fixed
# repeats, and how many false verdicts an A/A matrix gets with Holm and with no adjustment.
#
#   bench/trust_figures.sh known   # a 5% slowdown (cpu_quota: 95%): auto vs fixed repeats
#   bench/trust_figures.sh aa      # A/A: one release, identical profiles, >= 40 comparisons
#   bench/trust_figures.sh all     # both (default)
#
# On the 2-vCPU VM: the per-round log ratio's within-run SD is 0.08-0.16 with 3 s and 10 s
# cells alike (the host's noise), so a 5% slowdown needs ~60 rounds at a fixed 95% interval.
# Session 7, exact group-sequential boundaries: MODES=auto MAX_REPEATS=150 TIME_BUDGET=30m
# decided the 95% quota (ratio 0.945) slower at look 92 in 892 s; the earlier union-bound
# levels were still open at that look (|z| 3.5 needed instead of 2.3).
# Each versus run takes /tmp/versus-build.lock for itself only (one hold: one run); the wall
# time printed is the run's own, measured inside the lock. Results go under $OUT.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
VERSUS=${VERSUS:-$root/build/versus}
BASEDIR=${BASEDIR:-$root/releases/mariadb-10.11.19/usr}
OUT=${OUT:-$(mktemp -d /tmp/trust-figures.XXXXXX)}
LOCK=${LOCK:-/tmp/versus-build.lock}
TRIALS=${TRIALS:-1}              # known: trials of every mode
MODES=${MODES:-"auto 3 5 10"}    # known: auto and the fixed repeat counts
MAX_REPEATS=${MAX_REPEATS:-10}   # known: max_repeats of auto
KNOWN_THREADS=${KNOWN_THREADS:-4}
KNOWN_WARMUP=${KNOWN_WARMUP:-1s}
KNOWN_DURATION=${KNOWN_DURATION:-3s}
# oltp_read_only with 1000-row ranges keeps the server at 1.00 CPU (its CPU 0), so a 95% quota
# takes the full 5%; under oltp_point_select it used 0.97-0.99 and the quota took 3-4%.
KNOWN_WORKLOAD=${KNOWN_WORKLOAD:-oltp_read_only}
RANGE_SIZE=${RANGE_SIZE:-1000}
TIME_BUDGET=${TIME_BUDGET:-0s}   # known: time_budget of auto (0s: none)
QUOTA=${QUOTA:-95%}
MIN_DIFFERENCE=${MIN_DIFFERENCE:-2}
ESTIMATE=${ESTIMATE:-paired}     # the runs' estimate: paired (by round) or independent
ROUNDS=${ROUNDS:-1}              # aa: rounds (each one run, one family)
AA_PROFILES=${AA_PROFILES:-6}    # aa: identical profiles; comparisons = (P-1) x rows
AA_THREADS=${AA_THREADS:-"1, 2, 4, 8"}
AA_WORKLOADS=${AA_WORKLOADS:-"oltp_point_select, oltp_read_only"}
AA_WARMUP=${AA_WARMUP:-500ms}
AA_DURATION=${AA_DURATION:-1s}
AA_REPEATS=${AA_REPEATS:-3}
mkdir -p "$OUT"

# run_versus NAME MATRIX: one versus run under the lock; its wall time into NAME.seconds.
run_versus() {
  local name=$1 matrix=$2
  flock "$LOCK" /usr/bin/time -f %e -o "$OUT/$name.seconds" \
    "$VERSUS" -q run "$matrix" --output "$OUT/$name" > "$OUT/$name.log" 2>&1 || true
  [[ -f $OUT/$name/comparison.json ]] || { tail -20 "$OUT/$name.log"; return 1; }
}

# Server on CPU 0, client on CPU 1: the server alone is the bottleneck, so its quota bites.
known_matrix() {  # repeats-line
  cat <<EOF
servers:
  - { name: fast, basedir: $BASEDIR }
  - { name: slow, basedir: $BASEDIR, cpu_quota: $QUOTA }
profiles:
  - { name: base, options: { innodb_buffer_pool_size: 64M } }
workloads: [$KNOWN_WORKLOAD]
range_size: $RANGE_SIZE
threads: [$KNOWN_THREADS]
table_size: 10000
warmup: $KNOWN_WARMUP
duration: $KNOWN_DURATION
min_difference: $MIN_DIFFERENCE
estimate: $ESTIMATE
client_cpus: 1
server_cpus: 0
$1
EOF
}

aa_matrix() {
  echo "servers:"
  echo "  - { name: same, basedir: $BASEDIR }"
  echo "profiles:"
  for i in $(seq 1 "$AA_PROFILES"); do
    echo "  - { name: p$i, options: { innodb_buffer_pool_size: 64M } }"
  done
  cat <<EOF
workloads: [$AA_WORKLOADS]
threads: [$AA_THREADS]
table_size: 10000
warmup: $AA_WARMUP
duration: $AA_DURATION
repeats: $AA_REPEATS
min_difference: $MIN_DIFFERENCE
estimate: $ESTIMATE
cpu_probe: false
client_cpus: 1
server_cpus: 0
EOF
}

# Prints one line per known-difference run: the slow server's comparison with the fast one,
# then the per-round log ratios' SD over all runs and how many rounds a decision needs at it.
summarize_known() {
  python3 - "$OUT" "$MIN_DIFFERENCE" "$@" <<'PY'
import json, math, statistics, sys
out, md, names = sys.argv[1], float(sys.argv[2]) / 100, sys.argv[3:]
T975 = [12.71, 4.30, 3.18, 2.78, 2.57, 2.45, 2.36, 2.31, 2.26, 2.23, 2.20, 2.18, 2.16, 2.14]
runs_logs, clean_logs, contended = [], [], 0

def other_load(c):
    """CPUs busy with neither this cell's server nor versus during the cell (another process
    on the machine): the host's busy time less both, per second."""
    u = c.get("usage") or {}
    if "host_busy_s" not in u or not c["seconds"]: return 0
    own = u["server_user_s"] + u["server_system_s"] + u["client_user_s"] + u["client_system_s"]
    return (u["host_busy_s"] - own) / c["seconds"]

def logs_of(name):
    """ln(slow / fast) of every round with both cells ok, and whether another process took
    more than 0.2 CPU during either cell of the round."""
    global contended
    cells = json.load(open(f"{out}/{name}/results.json"))["cells"]
    ok = {(c["server"], c["repeat"]): c for c in cells if c["status"] == "ok"}
    logs = []
    for s, r in list(ok):
        if s != "fast" or ("slow", r) not in ok: continue
        f, w = ok[("fast", r)], ok[("slow", r)]
        d = math.log(w["tps"] / f["tps"])
        logs.append(d)
        if max(other_load(f), other_load(w)) > 0.2: contended += 1
        else: clean_logs.append(d)
    return logs

def paired(name):
    """Geometric mean of the per-round ratios slow/fast with its 95% t interval, computed
    here independently of versus (a check of estimate: paired), and the log ratios' SD."""
    logs = logs_of(name)
    runs_logs.append(logs)
    if len(logs) < 2: return "-"
    m, sd = statistics.mean(logs), statistics.stdev(logs)
    h = T975[min(len(logs) - 2, len(T975) - 1)] * sd / math.sqrt(len(logs))
    return f"{math.exp(m):.3f} [{math.exp(m - h):.3f}, {math.exp(m + h):.3f}] sd {sd:.3f}"

print(f"{'run':<14} {'wall s':>7} {'runs':>4} {'verdict':<26} {'ratio':>6} {'interval':<16} "
      f"{'server CPU':<11} {'':<13} paired ratio")
for name in names:
    d = json.load(open(f"{out}/{name}/comparison.json"))
    row = d["tables"][0]["rows"][0]
    fast, slow = row["cells"][0], row["cells"][1]
    vb = slow["vs_baseline"]
    seq = slow.get("sequential")
    verdict = vb["verdict"] if not seq else f"{seq['state']} (look {seq['look']}, {seq['confidence']:.4f})"
    busy = fast["efficiency"]["server_cpu_us"] * fast["tps"] / 1e6
    wall = float(open(f"{out}/{name}.seconds").read().split()[-1])
    ok = "correct" if "slower" in verdict else "not decided" if "open" in verdict or "no_sig" in verdict else "WRONG"
    print(f"{name:<14} {wall:7.1f} {slow['runs']:>4} {verdict:<26} {vb['ratio']:6.3f} "
          f"[{vb['ratio_ci_low']:.3f}, {vb['ratio_ci_high']:.3f}] {busy:.2f} CPUs {'(' + ok + ')':<13} "
          f"{paired(name)}")

def pooled_sd(groups):  # within-run SD: each run's deviations from its own mean
    df = sum(len(g) - 1 for g in groups if len(g) > 1)
    return math.sqrt(sum((len(g) - 1) * statistics.variance(g) for g in groups if len(g) > 1) / df)
all_logs = [d for g in runs_logs for d in g]
if len(all_logs) > 2:
    sd = pooled_sd(runs_logs)
    print(f"rounds with another process on the machine (> 0.2 CPU besides server and client): "
          f"{contended} of {len(all_logs)}; sd of the other rounds' log ratios "
          f"{statistics.stdev(clean_logs) if len(clean_logs) > 1 else float('nan'):.4f}")
    margin = math.log(1 - md) - math.log(0.95)  # a 5% slowdown's distance from -min_difference
    fixed = math.ceil((1.96 * sd / margin) ** 2)
    print(f"per-round ln(slow/fast) over {len(all_logs)} rounds: mean {statistics.mean(all_logs):.4f} "
          f"(ratio {math.exp(statistics.mean(all_logs)):.3f}), within-run sd {sd:.4f}; to decide a 5% slowdown "
          f"(upper limit below {1 - md:.2f}) about half the time: ~{fixed} rounds at a fixed 95% "
          f"interval (the design's own look is in the table above)")
PY
}

# Counts faster/slower verdicts of an A/A run: as reported (Holm) and with none (raw p < 0.05
# and at least min_difference, the rule multiple_comparisons: none applies).
summarize_aa() {
  python3 - "$OUT" "$@" <<'PY'
import json, sys
out, names = sys.argv[1], sys.argv[2:]
tot = {"n": 0, "holm": 0, "none": 0, "runs_holm": 0, "runs_none": 0}
for name in names:
    d = json.load(open(f"{out}/{name}/comparison.json"))
    md = d["run"]["min_difference_pct"] / 100
    n = holm = none = 0
    for t in d["tables"]:
        for row in t["rows"]:
            for c in row["cells"]:
                vb = c.get("vs_baseline")
                if not vb: continue
                n += 1
                holm += vb["verdict"] in ("faster", "slower")
                none += vb["p_value"] < 0.05 and abs(vb["ratio"] - 1) >= md
    wall = float(open(f"{out}/{name}.seconds").read().split()[-1])
    print(f"{name}: {n} comparisons in {wall:.0f} s; false verdicts: holm {holm}, none {none}")
    for k, v in (("n", n), ("holm", holm), ("none", none), ("runs_holm", holm > 0), ("runs_none", none > 0)):
        tot[k] += v
n = tot["n"]
print(f"A/A over {len(names)} run(s), {n} comparisons: false-verdict rate holm "
      f"{tot['holm']}/{n} = {tot['holm']/n:.3f}, none {tot['none']}/{n} = {tot['none']/n:.3f}; "
      f"runs with any false verdict: holm {tot['runs_holm']}/{len(names)}, none {tot['runs_none']}/{len(names)}")
PY
}

known() {
  local names=()
  for trial in $(seq 1 "$TRIALS"); do
    for mode in $MODES; do
      local name="known-$mode-t$trial" line="repeats: $mode"
      [[ $mode == auto ]] &&
        line=$'repeats: auto\nmax_repeats: '"$MAX_REPEATS"$'\ntime_budget: '"$TIME_BUDGET"
      known_matrix "$line" > "$OUT/$name.yaml"
      run_versus "$name" "$OUT/$name.yaml"
      names+=("$name")
    done
  done
  summarize_known "${names[@]}"
}

aa() {
  local names=()
  aa_matrix > "$OUT/aa.yaml"
  for round in $(seq 1 "$ROUNDS"); do
    run_versus "aa-r$round" "$OUT/aa.yaml"
    names+=("aa-r$round")
  done
  summarize_aa "${names[@]}"
}

case ${1:-all} in
  known) known ;;
  aa) aa ;;
  all) known; aa ;;
  *) echo "usage: $0 [known|aa|all]" >&2; exit 2 ;;
esac
echo "results in $OUT"
