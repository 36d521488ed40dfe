#!/usr/bin/env bash
# Issue 24: can the in-cell host-speed probe (usage.host_speed: 10 ms of an ALU chain each
# measured second, timed in the probing thread's own CPU time) take the host's swings out of
# a comparison? RUNS (1) versus runs of one matrix, then bench/host_speed_fit.py over them:
# per (workload, threads) row the per-round ln ratio's SD raw and after a fit on the ln ratio
# of the two cells' probes (leave-one-out, so the fit cannot flatter itself), and the fit's
# estimate against the raw one.
#   MODE=aa     one release, two identical profiles a and b (bench/lib.sh aa_matrix), free
#               placement: the fit must shrink the SD and leave the estimate near 0
#   MODE=known  one release twice, the second under cpu_quota QUOTA (95%), server on CPU 0 and
#               client on CPU 1 (oltp_read_only, 1000-row ranges: the server CPU-bound, as in
#               trust_figures.sh): the fit must keep the estimate near ln(quota)
# Run it with nothing else on the machine: each run holds /tmp/versus-build.lock.
# Environment: MODE, RUNS, REPEATS (12), WORKLOAD (oltp_read_only), THREADS ("1 4 16"),
# WARMUP (1s), DURATION (4s), QUOTA, BASEDIR, VERSUS, EXTRA (more matrix lines); KEEP=1 keeps
# the work directory.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
MODE=${MODE:-aa}
RUNS=${RUNS:-1}
REPEATS=${REPEATS:-12}
WORKLOAD=${WORKLOAD:-oltp_read_only}
THREADS=${THREADS:-1 4 16}
WARMUP=${WARMUP:-1s}
DURATION=${DURATION:-4s}
QUOTA=${QUOTA:-95%}
[[ -x $VERSUS ]] || { echo "build versus first: $VERSUS" >&2; exit 2; }
work=$(mktemp -d /tmp/versus-host-speed.XXXXXX)
[[ ${KEEP:-0} == 1 ]] && echo "work directory: $work" >&2 || trap 'rm -rf "$work"' EXIT

known_matrix() {
  cat <<YAML
servers:
  - { name: full, basedir: $BASEDIR }
  - { name: quota, basedir: $BASEDIR, cpu_quota: $QUOTA }
profiles:
  - { name: p, options: { innodb_buffer_pool_size: 64M } }
workloads: [$WORKLOAD]
range_size: 1000
threads: [${THREADS// /, }]
table_size: 10000
warmup: $WARMUP
duration: $DURATION
repeats: $REPEATS
server_cpus: "0"
client_cpus: "1"
YAML
  printf '%s\n' "${EXTRA:-}"
}

case $MODE in
  aa) aa_matrix "${EXTRA:-}" > "$work/matrix.yaml" ;;
  known) known_matrix > "$work/matrix.yaml" ;;
  *) echo "MODE is aa or known, not $MODE" >&2; exit 2 ;;
esac
runs=()
for n in $(seq "$RUNS"); do
  echo "run $n of $RUNS ($MODE; waiting for /tmp/versus-build.lock)" >&2
  flock /tmp/versus-build.lock "$VERSUS" -q run "$work/matrix.yaml" -o "$work/run-$n" \
    > "$work/run-$n.log" 2>&1 || { tail -20 "$work/run-$n.log"; exit 1; }
  runs+=("$work/run-$n")
done
python3 "$(dirname "$0")/host_speed_fit.py" "${runs[@]}"
