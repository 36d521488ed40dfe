#!/usr/bin/env bash
# What each equalize group (server/equalize.h) is worth on one release: RELEASE (mysql-9.7) as
# shipped against itself with one group at a time (binlog: its binary log with sync_binlog=1
# off; performance_schema off; charset: latin1 tables) and with all of them, WORKLOAD
# (oltp_read_write) at THREADS ("4 16"), REPEATS (3) interleaved rounds of WARMUP (2s) +
# DURATION (5s), TABLE_SIZE (10000) rows. Prints the run's comparison (comparison.md: each
# profile's TPS ratio to as-shipped with its 95% interval and verdict, and the settings lines
# that name what each column changed). Run it with nothing else on the machine: the run holds
# /tmp/versus-build.lock. Environment: RELEASE, WORKLOAD, THREADS, REPEATS, WARMUP, DURATION,
# TABLE_SIZE, VERSUS; KEEP=1 keeps the work directory.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
RELEASE=${RELEASE:-mysql-9.7}
WORKLOAD=${WORKLOAD:-oltp_read_write}
THREADS=${THREADS:-4 16}
REPEATS=${REPEATS:-3}
WARMUP=${WARMUP:-2s}
DURATION=${DURATION:-5s}
TABLE_SIZE=${TABLE_SIZE:-10000}
basedir=$bench_root/releases/$RELEASE/usr
[[ -x $VERSUS ]] || { echo "build versus first: $VERSUS" >&2; exit 2; }
[[ -d $basedir ]] || { echo "no release at $basedir (scripts/fetch-releases.sh)" >&2; exit 2; }
work=$(mktemp -d /tmp/versus-settings-groups.XXXXXX)
[[ ${KEEP:-0} == 1 ]] && echo "work directory: $work" >&2 || trap 'rm -rf "$work"' EXIT

cat > "$work/matrix.yaml" <<YAML
servers:
  - { name: $RELEASE, basedir: $basedir }
profiles:
  - name: as-shipped
  - { name: no-binlog, equalize: [binlog] }
  - { name: no-ps, equalize: [performance_schema] }
  - { name: latin1, equalize: [charset] }
  - { name: all, equalize: [binlog, performance_schema, charset, snapshot_isolation] }
workloads: [$WORKLOAD]
threads: [${THREADS// /, }]
table_size: $TABLE_SIZE
repeats: $REPEATS
warmup: $WARMUP
duration: $DURATION
YAML
echo "waiting for /tmp/versus-build.lock" >&2
start=$SECONDS
flock /tmp/versus-build.lock "$VERSUS" -q run "$work/matrix.yaml" -o "$work/run" \
  > "$work/run.log" 2>&1 || { tail -20 "$work/run.log"; exit 1; }
echo "run: $((SECONDS - start)) s wall" >&2
# The comparison table and the settings lines, without the cost and counter sections.
awk '/^## /{on=1} /^\*\*Counters behind|^Cost per transaction/{on=0} on' "$work/run/comparison.md"
