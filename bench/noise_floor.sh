#!/usr/bin/env bash
# Issue 24 part 5 and the "bursts" half of part 2: what sets the floor of an A/A comparison
# on this machine with versus's defaults (free placement, lifecycle: cell, interleaved rounds,
# the paired estimate), and would a robust per-cell figure lower it? One A/A run (one
# release, two identical profiles a and b, bench/lib.sh aa_matrix) over WORKLOADS and
# THREADS, REPEATS rounds of WARMUP + DURATION; then bench/noise_floor.py prints per row:
# the per-round SD of ln(a/b) from each cell's TPS (the mean rate, what versus reports), from
# the median and from the 20%-trimmed mean of its per-second rates; the split of a cell's
# spread into what its seconds' own noise explains and the shift of the whole cell; how many
# seconds ran at under 2/3 or over 3/2 of their cell's median; and the rounds a 5% slowdown
# would need at that SD. Run it with nothing else on the machine: the run holds
# /tmp/versus-build.lock. Environment: WORKLOADS ("oltp_read_write oltp_point_select"),
# THREADS ("1 4 16"), REPEATS (10), WARMUP (2s), DURATION (6s), BASEDIR, VERSUS, EXTRA (more
# matrix lines); KEEP=1 keeps the work directory; ANALYZE=<kept run dir> prints a run again.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
if [[ -n ${ANALYZE:-} ]]; then exec python3 "$(dirname "$0")/noise_floor.py" "$ANALYZE"; fi
WORKLOADS=${WORKLOADS:-oltp_read_write oltp_point_select}
THREADS=${THREADS:-1 4 16}
REPEATS=${REPEATS:-10}
WARMUP=${WARMUP:-2s}
DURATION=${DURATION:-6s}
[[ -x $VERSUS ]] || { echo "build versus first: $VERSUS" >&2; exit 2; }
work=$(mktemp -d /tmp/versus-noise-floor.XXXXXX)
[[ ${KEEP:-0} == 1 ]] && echo "work directory: $work" >&2 || trap 'rm -rf "$work"' EXIT

WORKLOAD=${WORKLOADS// /, } aa_matrix "${EXTRA:-}" > "$work/matrix.yaml"
echo "waiting for /tmp/versus-build.lock" >&2
start=$SECONDS
flock /tmp/versus-build.lock "$VERSUS" -q run "$work/matrix.yaml" -o "$work/run" \
  > "$work/run.log" 2>&1 || { tail -20 "$work/run.log"; exit 1; }
echo "run: $((SECONDS - start)) s wall" >&2
python3 "$(dirname "$0")/noise_floor.py" "$work/run"
