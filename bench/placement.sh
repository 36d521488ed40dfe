#!/usr/bin/env bash
# Issue 24, placement: which arrangement of the server's and the client's threads on the CPUs
# gives which throughput mode. RUNS (4) runs of an A/A matrix (one release, two identical
# profiles a and b, WORKLOAD oltp_read_only over 10,000 rows, THREADS 4, REPEATS 4 rounds of
# WARMUP 1s + DURATION 4s), each cell's usage.placement recorded by versus (the CPU each
# thread that ran was last on, sampled at the snapshots and about once a second; the
# migrations between the first and last sample). Prints one line per cell: run, round,
# profile, TPS, the server's and the client's thread samples per CPU, their migrations, and
# what other processes took (a busy machine spoils the figures: run it idle). Extra matrix
# lines can be given in EXTRA (e.g. EXTRA=$'client_cpus: 1\nserver_cpus: 0'). Holds
# /tmp/versus-build.lock per run.
# Environment: RUNS, REPEATS, WORKLOAD, THREADS, WARMUP, DURATION, EXTRA, BASEDIR, VERSUS;
# KEEP=1 keeps the work directory.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
RUNS=${RUNS:-4}
REPEATS=${REPEATS:-4}
WORKLOAD=${WORKLOAD:-oltp_read_only}
THREADS=${THREADS:-4}
WARMUP=${WARMUP:-1s}
DURATION=${DURATION:-4s}
[[ -x $VERSUS ]] || { echo "build versus first: $VERSUS" >&2; exit 2; }
work=$(mktemp -d /tmp/versus-placement.XXXXXX)
[[ ${KEEP:-0} == 1 ]] || trap 'rm -rf "$work"' EXIT

aa_matrix "${EXTRA:-}" > "$work/matrix.yaml"

for n in $(seq "$RUNS"); do
  echo "run $n of $RUNS (waiting for /tmp/versus-build.lock)" >&2
  flock /tmp/versus-build.lock "$VERSUS" -q run "$work/matrix.yaml" -o "$work/r$n" \
    > "$work/r$n.log" 2>&1 || { tail -20 "$work/r$n.log"; exit 1; }
done

python3 - "$work" "$RUNS" <<'PY'
import json, sys
work, runs = sys.argv[1], int(sys.argv[2])
def cpus(m):
    return " ".join(f"{cpu}:{n}" for cpu, n in sorted(m.items(), key=lambda kv: int(kv[0]))) or "-"
print("run round profile      tps  server threads/CPU  client threads/CPU  migr s/c  others")
for n in range(1, runs + 1):
    cells = json.load(open(f"{work}/r{n}/results.json"))["cells"]
    for c in sorted(cells, key=lambda c: (c["repeat"], c["profile"])):
        if c["status"] != "ok":
            print(f"{n:3} {c['repeat'] + 1:5} {c['profile']:7} {c['status']}")
            continue
        u = c.get("usage", {})
        p = u.get("placement", {})
        cap = u.get("interval_s", 0) * u.get("host_cpus", 0)
        other = u.get("host_busy_s", 0) - u.get("server_user_s", 0) - u.get("server_system_s", 0) \
            - u.get("client_user_s", 0) - u.get("client_system_s", 0)
        others = f"{100 * (max(other, 0) + u.get('steal_s', 0)) / cap:.0f}%" if cap else "-"
        print(f"{n:3} {c['repeat'] + 1:5} {c['profile']:7} {c['tps']:8.1f}  "
              f"{cpus(p.get('server_cpus', {})):18}  {cpus(p.get('client_cpus', {})):18}  "
              f"{p.get('server_migrations', -1)}/{p.get('client_migrations', -1):<6} {others}")
PY
