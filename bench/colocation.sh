#!/usr/bin/env bash
# Issue 24, thread placement: does thread_placement: colocate (host/colocation.h) steady an A/A
# comparison, and at what cost in throughput? PAIRS (3) pairs of runs, free then colocate,
# interleaved, of an A/A matrix (one release, two identical profiles a and b, WORKLOAD
# oltp_read_only over 10,000 rows, each of THREADS "1 4 16", REPEATS 6 rounds of WARMUP 1s +
# DURATION 4s). Prints per run and thread count: mean TPS, its CV over the cells, the A/A
# per-round log-ratio SD (ln a/b of each round; what a paired comparison's interval is made
# of), the server's and the client's CPU per transaction, and the share of the machine other
# processes took (run it with nothing else running). Then per placement the pooled figures.
# Holds /tmp/versus-build.lock per run. Environment: PAIRS, REPEATS, WORKLOAD, THREADS,
# WARMUP, DURATION, BASEDIR, VERSUS, EXTRA (more matrix lines); KEEP=1 keeps the work directory.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
PAIRS=${PAIRS:-3}
REPEATS=${REPEATS:-6}
WORKLOAD=${WORKLOAD:-oltp_read_only}
THREADS=${THREADS:-1 4 16}
WARMUP=${WARMUP:-1s}
DURATION=${DURATION:-4s}
[[ -x $VERSUS ]] || { echo "build versus first: $VERSUS" >&2; exit 2; }
work=$(mktemp -d /tmp/versus-colocation.XXXXXX)
[[ ${KEEP:-0} == 1 ]] || trap 'rm -rf "$work"' EXIT

aa_matrix "thread_placement: free" "${EXTRA:-}" > "$work/free.yaml"
aa_matrix "thread_placement: colocate" "${EXTRA:-}" > "$work/colocate.yaml"

for n in $(seq "$PAIRS"); do
  for p in free colocate; do
    echo "pair $n of $PAIRS: $p (waiting for /tmp/versus-build.lock)" >&2
    flock /tmp/versus-build.lock "$VERSUS" -q run "$work/$p.yaml" -o "$work/$p-$n" \
      > "$work/$p-$n.log" 2>&1 || { tail -20 "$work/$p-$n.log"; exit 1; }
  done
done
python3 "$(dirname "$0")/aa_summary.py" "$work" "$PAIRS"
