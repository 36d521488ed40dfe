#!/usr/bin/env bash
# A throwaway single-node Slurm cluster on 127.0.0.1 for the Slurm integration test
# (tests/integration/slurm_test.cpp), everything in DIR:
#   tests/slurm/cluster.sh start DIR   munge key, slurm.conf, cgroup.conf; starts munged,
#                                      slurmctld and slurmd (pids in DIR/*.pid); waits until
#                                      the node is idle. Prints "SLURM_CONF=DIR/slurm.conf".
#   tests/slurm/cluster.sh stop DIR    cancels the cluster's jobs, stops the three daemons by
#                                      the pids this script recorded (never by name).
# Needs root and Debian's slurm-wlm and munge (scripts/setup.sh installs them, never started).
# Fails, saying why, when a daemon cannot start: the test fails then, it never skips.
set -euo pipefail
cmd=${1:?usage: cluster.sh start|stop DIR}
dir=${2:?usage: cluster.sh start|stop DIR}
dir=$(realpath -m "$dir")
conf=$dir/slurm.conf

die() {
  echo "slurm cluster: $*" >&2
  for log in "$dir"/*.log; do [[ -f $log ]] && { echo "--- $log" >&2; tail -n 20 "$log" >&2; }; done
  exit 1
}

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# RealMemory as slurmd itself measures it (a configured figure above it drains the node).
real_memory_mb() {
  local mb
  mb=$(slurmd -C 2>/dev/null | sed -n 's/.*RealMemory=\([0-9]*\).*/\1/p' | head -n 1)
  [[ -n $mb ]] || mb=$(awk '/MemTotal/ { print int($2 / 1024) }' /proc/meminfo)
  echo "$mb"
}

write_config() {
  local host=$1
  mkdir -p "$dir/state" "$dir/spool" "$dir/munge"
  chmod 700 "$dir/munge"
  dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none
  chmod 400 "$dir/munge/munge.key"
  cat >"$conf" <<CONF
ClusterName=versus-test
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$(free_port)
SlurmdPort=$(free_port)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge/munge.socket
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/linear
SchedulerType=sched/backfill
ReturnToService=2
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
NodeName=$host NodeAddr=127.0.0.1 CPUs=2 RealMemory=$(real_memory_mb) State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
  printf 'CgroupPlugin=autodetect\nIgnoreSystemd=yes\nConstrainCores=no\nConstrainRAMSpace=no\n' \
    >"$dir/cgroup.conf"
}

# Waits up to $2 s for a pid file $1 naming a live process.
wait_pid_file() {
  for _ in $(seq $(($2 * 10))); do
    if [[ -s $1 ]] && kill -0 "$(cat "$1")" 2>/dev/null; then return 0; fi
    sleep 0.1
  done
  return 1
}

start() {
  for tool in munged slurmctld slurmd sinfo sbatch; do
    command -v "$tool" >/dev/null || die "no $tool: run scripts/setup.sh (slurm-wlm, munge)"
  done
  [[ ! -e $dir/slurmctld.pid ]] || die "$dir already holds a cluster (stop it first)"
  local host
  host=$(hostname -s)
  write_config "$host"
  munged --socket="$dir/munge/munge.socket" --key-file="$dir/munge/munge.key" \
    --pid-file="$dir/munged.pid" --log-file="$dir/munged.log" \
    --seed-file="$dir/munge/munge.seed" --force ||
    die "munged did not start"
  wait_pid_file "$dir/munged.pid" 10 || die "munged wrote no pid file"
  SLURM_CONF=$conf slurmctld -f "$conf" || die "slurmctld did not start"
  wait_pid_file "$dir/slurmctld.pid" 20 || die "slurmctld did not start"
  SLURM_CONF=$conf slurmd -f "$conf" -N "$host" || die "slurmd did not start"
  wait_pid_file "$dir/slurmd.pid" 20 || die "slurmd did not start"
  for _ in $(seq 300); do
    state=$(SLURM_CONF=$conf sinfo -h -n "$host" -o %T 2>/dev/null || true)
    [[ $state == idle ]] && { echo "SLURM_CONF=$conf"; return 0; }
    sleep 0.1
  done
  die "node $host not idle after 30 s (state: ${state:-none})"
}

# SIGTERM to the pid in pid file $1, SIGKILL after 15 s; only if it still is program $2
# (Debian names the binaries slurmctld-wlm, slurmd-wlm).
stop_pid() {
  local pid
  [[ -s $1 ]] || return 0
  pid=$(cat "$1")
  [[ $(readlink "/proc/$pid/exe" 2>/dev/null) == */"$2"* ]] || return 0  # slurmd-wlm
  kill -TERM "$pid" 2>/dev/null || return 0
  for _ in $(seq 150); do [[ -d /proc/$pid ]] || return 0; sleep 0.1; done
  kill -KILL "$pid" 2>/dev/null || true
}

stop() {
  if [[ -s $dir/slurmctld.pid ]]; then
    local jobs
    jobs=$(SLURM_CONF=$conf squeue -h -o %A 2>/dev/null | sort -u | tr '\n' ' ' || true)
    # shellcheck disable=SC2086 # job ids, one word each
    [[ -z ${jobs// /} ]] || SLURM_CONF=$conf scancel $jobs 2>/dev/null || true
  fi
  stop_pid "$dir/slurmd.pid" slurmd
  stop_pid "$dir/slurmctld.pid" slurmctld
  stop_pid "$dir/munged.pid" munged
}

case $cmd in
  start) start ;;
  stop) stop ;;
  *) die "unknown command $cmd (start or stop)" ;;
esac
