#!/usr/bin/env bash
# Issue 13: where a cell's noise comes from. CELLS cells (10) of one server and load, run
# twice each way, in the order S C C S:
#   S  lifecycle: server: every cell on one server start, back to back;
#   C  lifecycle: cell: every cell on a fresh start from the snapshot.
# If the cells' spread came from each start (memory or thread placement), S would be much
# tighter than C; if it comes from the host, both spread alike. Prints per run the cells' TPS,
# their CV, the median per-second CV inside a cell and the CPU probe's range (a steady probe
# with spread TPS: not the CPU's speed). Holds /tmp/versus-build.lock per run.
# Environment: WORKLOAD (oltp_point_select), THREADS (4), WARMUP (1s), DURATION (3s), CELLS,
# BASEDIR, VERSUS; KEEP=1 keeps the work directory.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
WORKLOAD=${WORKLOAD:-oltp_point_select}
THREADS=${THREADS:-4}
WARMUP=${WARMUP:-1s}
DURATION=${DURATION:-3s}
CELLS=${CELLS:-10}
[[ -x $VERSUS ]] || { echo "build versus first: $VERSUS" >&2; exit 2; }
work=$(mktemp -d /tmp/versus-noise.XXXXXX)
[[ ${KEEP:-0} == 1 ]] || trap 'rm -rf "$work"' EXIT

matrix() {  # lifecycle
  cat <<YAML
servers:
  - { name: solo, basedir: $BASEDIR }
profiles:
  - { name: base, options: { innodb_buffer_pool_size: 64M } }
workloads: [$WORKLOAD]
threads: [$THREADS]
table_size: 10000
warmup: $WARMUP
duration: $DURATION
repeats: $CELLS
lifecycle: $1
client_cpus: 1
server_cpus: 0
YAML
}

for run in 1:server 2:cell 3:cell 4:server; do
  n=${run%%:*} lifecycle=${run#*:}
  matrix "$lifecycle" > "$work/$lifecycle.yaml"
  echo "run $n: lifecycle $lifecycle (waiting for /tmp/versus-build.lock)" >&2
  flock /tmp/versus-build.lock "$VERSUS" -q run "$work/$lifecycle.yaml" -o "$work/r$n" \
    > "$work/r$n.log" 2>&1 || { tail -20 "$work/r$n.log"; exit 1; }
done

python3 - "$work" <<'PY'
import json, statistics as st, sys
work = sys.argv[1]
for n, lifecycle in ((1, "server"), (2, "cell"), (3, "cell"), (4, "server")):
    cells = [c for c in json.load(open(f"{work}/r{n}/results.json"))["cells"] if c["status"] == "ok"]
    tps = [c["tps"] for c in cells]
    inside = [st.stdev(x) / st.mean(x) for x in
              ([e["transactions"] / e["seconds"] for e in c["series"]] for c in cells) if len(x) > 1]
    probe = [c.get("cpu_probe", 0) for c in cells]
    print(f"r{n} lifecycle {lifecycle:6}: {len(tps)} cells, TPS " +
          " ".join(f"{t / 1000:.1f}k" for t in tps))
    print(f"   CV between cells {st.stdev(tps) / st.mean(tps):.3f}, median per-second CV inside a"
          f" cell {st.median(inside):.3f}, CPU probe {min(probe):.0f}-{max(probe):.0f}")
PY
