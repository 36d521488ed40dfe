#!/usr/bin/env bash
# Seed 004's table-size sweep at reduced scale, four ways, with the same measured seconds
# (issue 9 part 10):
#   versus: one matrix (releases x engines x sizes, one thread count, warmup 0) run by
#           `versus run FILE --server NAME=BASEDIR ...`: each (release, engine, size) is
#           initialized, loaded and snapshotted once, every cell restarts its server from a
#           copy of the snapshot (lifecycle: cell, the default).
#   versus_server: the same matrix with lifecycle: server: one datadir and server per
#           release, started once, each (engine, size) loaded into it and dropped after.
#   versus_server_noprobe: the same with cpu_probe: false (no 200 ms probe before each cell).
#   script: the posts' way: per release a datadir initialized and a server started ONCE
#           (bench/lib.sh's start_server), then per (engine, size) `sysbench WORKLOAD prepare`,
#           `run --time=DURATION`, `cleanup`.
# ROUNDS rounds alternate the order (versus versus_server script, then reversed, ...). Each variant run holds
# /tmp/versus-build.lock by itself (one hold stays short; the lock is released between them).
# Prints per run: wall time, measured time (cells x DURATION), non-measured time (wall -
# measured); per round the ratio of each versus variant's non-measured time to the script's
# (target <= 0.5), and where versus's non-measured time went (from its run.log).
# Environment: ROUNDS (2), SIZES ("10000 20000 40000 80000"), ENGINES ("innodb myisam"),
# DURATION (5, seconds), THREADS (1), WORKLOAD (oltp_read_write), RELEASES (the two
# release basedirs under releases/), VERSUS, BUFFER_POOL (128M: versus's default).
# KEEP=1 keeps the work directory (run dirs, logs). LOCK_EACH=0: the caller holds the lock for
# the whole script (`flock /tmp/versus-build.lock env LOCK_EACH=0 bench/sweep_vs_script.sh`).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
ROUNDS=${ROUNDS:-2}
SIZES=${SIZES:-10000 20000 40000 80000}
ENGINES=${ENGINES:-innodb myisam}
DURATION=${DURATION:-5}
THREADS=${THREADS:-1}
WORKLOAD=${WORKLOAD:-oltp_read_write}
RELEASES=${RELEASES:-$bench_root/releases/mariadb-10.11.18/usr $bench_root/releases/mariadb-10.11.19/usr}
# The server versus starts has the default 128M pool and performance_schema off (profile
# ps-off); the script's server gets the same.
export BUFFER_POOL=${BUFFER_POOL:-128M}
export EXTRA_MY_CNF="loose-performance_schema=OFF"

now() { date +%s.%N; }

# One versus run: the whole sweep as one matrix, lifecycle $2 (cell: the default).
# Writes "wall cells" to $1/figures.
run_versus() {  # dir [lifecycle [cpu_probe]]
  local dir=$1 lifecycle=${2:-cell} probe=${3:-true} servers=() names=() b name
  for b in $RELEASES; do
    name=$(basename "$(dirname "$b")")
    names+=("  - { name: $name }")
    servers+=(--server "$name=$b")
  done
  local sizes engines
  sizes=$(echo $SIZES | tr ' ' ','); engines=$(echo $ENGINES | tr ' ' ',')
  { echo "servers:"; printf '%s\n' "${names[@]}"
    cat <<YAML
profiles:
  - { name: ps-off, files: [$bench_root/profiles/perf-schema-off.cnf] }
engines: [$engines]
workloads: [$WORKLOAD]
threads: [$THREADS]
tables: 1
table_size: [$sizes]
warmup: 0s
duration: ${DURATION}s
lifecycle: $lifecycle
cpu_probe: $probe
YAML
  } > "$dir/matrix.yaml"
  local t0; t0=$(now)
  "$VERSUS" run "$dir/matrix.yaml" "${servers[@]}" -o "$dir/run" > "$dir/versus.out" 2>&1 ||
    { tail -20 "$dir/versus.out"; return 1; }
  local cells; cells=$(grep -c ': ok after' "$dir/run/run.log")
  echo "$(python3 -c "print($(now) - $t0)") $cells" > "$dir/figures"
}

# lifecycle: server: one server per release, started once, the instances loaded into it.
run_versus_server() {  # dir
  run_versus "$1" server
}

# The same without the 200 ms host-speed probe before each cell (cpu_probe: false).
run_versus_server_noprobe() {  # dir
  run_versus "$1" server false
}

# One script run: per release one server, per (engine, size) prepare / run / cleanup.
# Writes "wall cells" to $1/figures and per step "release step seconds" to $1/steps.
run_script() {  # dir
  local dir=$1 t0 t cells=0 b e n
  t0=$(now); : > "$dir/steps"
  for b in $RELEASES; do
    BASEDIR=$b
    t=$(now)
    start_server "$dir/$(basename "$(dirname "$b")")" > /dev/null
    echo "$b init+start $(python3 -c "print($(now) - $t)")" >> "$dir/steps"
    local sb=(sysbench --config-file="$SERVER_DIR/sysbench-socket.cfg" "$WORKLOAD" --tables=1
              --threads="$THREADS")
    for e in $ENGINES; do
      for n in $SIZES; do
        for step in prepare run cleanup; do
          local args=(--mysql-storage-engine="$e" --table-size="$n")
          [[ $step == run ]] && args+=(--time="$DURATION" --events=0)
          t=$(now)
          "${sb[@]}" "${args[@]}" "$step" > "$dir/$e.$n.$step.out" 2>&1 ||
            { tail -20 "$dir/$e.$n.$step.out"; return 1; }
          echo "$b $step $(python3 -c "print($(now) - $t)")" >> "$dir/steps"
        done
        grep -q 'transactions:' "$dir/$e.$n.run.out" && cells=$((cells + 1))
      done
    done
    t=$(now)
    stop_server
    echo "$b stop $(python3 -c "print($(now) - $t)")" >> "$dir/steps"
    rm -rf "$SERVER_DIR"
  done
  echo "$(python3 -c "print($(now) - $t0)") $cells" > "$dir/figures"
}

if [[ ${1:-} == --one ]]; then  # internal: one variant run, under the lock held by the caller
  trap 'stop_server' EXIT
  "run_$2" "$3"
  exit
fi

[[ -x $VERSUS ]] || { echo "build versus first: $VERSUS" >&2; exit 2; }
command -v sysbench > /dev/null || { echo "sysbench is not installed" >&2; exit 2; }
work=$(mktemp -d /tmp/versus-sweep.XXXXXX)
[[ ${KEEP:-0} == 1 ]] || trap 'rm -rf "$work"' EXIT
echo "sweep: sizes [$SIZES] x engines [$ENGINES] x $(echo $RELEASES | wc -w) releases," \
  "$WORKLOAD, $THREADS thread(s), ${DURATION} s cells, $ROUNDS rounds; work dir $work"
for r in $(seq 1 "$ROUNDS"); do
  if (( r % 2 )); then order=(versus versus_server versus_server_noprobe script)
  else order=(script versus_server_noprobe versus_server versus); fi
  for v in "${order[@]}"; do
    mkdir -p "$work/r$r.$v"
    echo "round $r: $v (waiting for /tmp/versus-build.lock)" >&2
    if [[ ${LOCK_EACH:-1} == 1 ]]; then
      flock /tmp/versus-build.lock "$0" --one "$v" "$work/r$r.$v"
    else
      "$0" --one "$v" "$work/r$r.$v"
    fi
    read -r wall cells < "$work/r$r.$v/figures"
    echo "r$r $v $wall $cells" | tee -a "$work/results.txt"
  done
done

python3 - "$work" "$DURATION" <<'PY'
import sys, re, statistics, datetime, collections
work, dur = sys.argv[1], float(sys.argv[2])
runs = collections.defaultdict(dict)
for line in open(f"{work}/results.txt"):
    r, v, wall, cells = line.split()
    runs[r][v] = (float(wall), int(cells))
print(f"\nround  variant        wall s  cells  measured s  non-measured s")
ratios = {}
for r, d in runs.items():
    for v, (wall, cells) in d.items():
        print(f"{r:6} {v:14} {wall:7.1f} {cells:6} {cells * dur:11.1f} {wall - cells * dur:15.1f}")
    nm = {v: wall - cells * dur for v, (wall, cells) in d.items()}
    for v in ("versus", "versus_server", "versus_server_noprobe"):
        ratios.setdefault(v, []).append(nm[v] / nm["script"])
        print(f"{r:6} non-measured {v}/script = {ratios[v][-1]:.2f}")
for v, rs in ratios.items():
    g = statistics.geometric_mean(rs)
    print(f"\noverall (geometric mean): non-measured time {v}/script = {g:.2f}  (target <= 0.5)"
          f"  {'MET' if g <= 0.5 else 'NOT MET'}")

def ts(line):
    return datetime.datetime.fromisoformat(line[:23]).timestamp()

# Where versus's non-measured time went, per round, from run.log: the instances (init, start,
# load, stop), the cells (restore, start, stop, the rest: probe, connect, counters), the rest.
for r in runs:
    lines = open(f"{work}/{r}.versus/run/run.log").read().splitlines()
    steps = collections.Counter()
    in_cell, cell_start, first_cell, last_cell_end = False, None, None, None
    for l in lines:
        where = "cell" if in_cell else "instance"
        m = re.search(r"mariadb-install-db exited with status \d+ after (\d+) ms", l)
        if m: steps["instance: init (install-db)"] += int(m[1]) / 1000
        m = re.search(r"initialized and loaded in (\d+) ms", l)
        if m: steps["instance: total"] += int(m[1]) / 1000
        m = re.search(r"server ready: .* after (\d+) ms", l)
        if m: steps[f"{where}: server start to ready"] += int(m[1]) / 1000
        m = re.search(r"server stopped: .* after (\d+) ms", l)
        if m: steps[f"{where}: server stop"] += int(m[1]) / 1000
        if re.search(r"cell \d+ \(.*\): started", l):
            in_cell, cell_start = True, ts(l)
            first_cell = first_cell or ts(l)
        elif cell_start is not None and "server start:" in l:
            steps["cell: snapshot restore (started -> server start)"] += ts(l) - cell_start
            cell_start = None
        m = re.search(r"cell \d+: ok after ([\d.]+) s", l)
        if m:
            steps["cell: total - measured"] += float(m[1]) - dur
            in_cell, last_cell_end = False, ts(l)
    first, last = ts(lines[0]), ts(lines[-1])
    wall = runs[r]["versus"][0]
    nm = wall - runs[r]["versus"][1] * dur
    steps["instance: load, data size, rest"] = (steps["instance: total"] - steps["instance: init (install-db)"]
        - steps["instance: server start to ready"] - steps["instance: server stop"])
    steps["cell: probe, connect, counters, rest"] = (steps["cell: total - measured"]
        - steps["cell: snapshot restore (started -> server start)"]
        - steps["cell: server start to ready"] - steps["cell: server stop"])
    steps["between cells (report per cell, scheduling)"] = (last_cell_end - first_cell
        - runs[r]["versus"][1] * dur - steps["cell: total - measured"])
    steps["before the first cell, outside the instances"] = first_cell - first - steps["instance: total"]
    steps["after the last cell (reports)"] = last - last_cell_end
    steps["outside run.log (process start/exit)"] = wall - (last - first)
    print(f"\n{r} versus: non-measured {nm:.1f} s (run.log covers {last - first:.1f} s of {wall:.1f} s wall)")
    for k in sorted(steps):
        print(f"  {k:52} {steps[k]:7.2f} s")
    lines = open(f"{work}/{r}.versus_server/run/run.log").read().splitlines()
    steps = collections.Counter()
    for l in lines:
        for pat, name in ((r"mariadb-install-db exited with status \d+ after (\d+) ms", "server: init (install-db)"),
                          (r"server .*: initialized and started in (\d+) ms", "server: init + start, total"),
                          (r"instance .*: loaded in (\d+) ms", "instance: load, data size"),
                          (r"server stopped: .* after (\d+) ms", "server: stop")):
            m = re.search(pat, l)
            if m: steps[name] += int(m[1]) / 1000
        m = re.search(r"cell \d+: ok after ([\d.]+) s", l)
        if m: steps["cell: total - measured (probe, connect, counters)"] += float(m[1]) - dur
    first, last = ts(lines[0]), ts(lines[-1])
    wall, cells = runs[r]["versus_server"]
    steps["outside run.log (process start/exit, reports)"] = wall - (last - first)
    print(f"{r} versus lifecycle server: non-measured {wall - cells * dur:.1f} s")
    for k in sorted(steps):
        print(f"  {k:52} {steps[k]:7.2f} s")
    sc = collections.Counter()
    for l in open(f"{work}/{r}.script/steps"):
        _, step, s = l.split()
        sc[step] += float(s)
    print(f"{r} script steps: " + ", ".join(f"{k} {v:.2f} s" for k, v in sc.items())
          + f" (run - measured: {sc['run'] - runs[r]['script'][1] * dur:.2f} s)")
PY
