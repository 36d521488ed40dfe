#!/usr/bin/env bash
# versus's load engine against Debian's sysbench 1.0.20, side by side on the same servers:
# oltp_read_write, 1 table x 100k rows, 8 threads, DURATION s per run, over each transport
# (TCP 127.0.0.1 and the Unix socket) against each server setup, PAIRS pairs per
# (setup, transport), the pairs of all combinations interleaved and each pair alternating
# its order (V S, S V, ...: drift cancels). InnoDB's purge is settled before every run.
# Per pair, and per (setup, transport) as the geometric mean with the pairs' min..max:
#   client CPU-s per transaction, versus / sysbench   (target <= 0.5 over the socket)
#   TPS, versus / sysbench
#   floor: versus's kernel CPU-s per transaction / sysbench's whole CPU-s per transaction
# and per client and run: context switches (voluntary), CPU migrations and wakeups it made
# per transaction (perf stat, when perf is installed), and the server's CPU seconds.
# Holds /tmp/versus-build.lock while it runs.
# Environment: PAIRS (3), DURATION (10), THREADS (8), TABLE_SIZE (100000),
#   WORKLOAD (oltp_read_write), TRANSPORTS ("socket tcp"), SETUPS ("own versus"):
#     own       the server bench/lib.sh starts (1G buffer pool, its own my.cnf)
#     versus    the server versus starts for a cell with quickstart's profile ps-off
#               (`versus run` of a one-cell matrix, its my.cnf and loaded datadir kept)
#     plain     mysqld_safe without --defaults-file (so Debian's /etc/mysql is read), a
#               datadir from mariadb-install-db, 1G pool, max_connections=2000
#     own:K=V,K=V  own with these extra [mysqld] lines (e.g. own:max_connections=2000)
#   BASEDIR (releases/mariadb-10.11.19/usr), VERSUS (build-bench/versus),
#   VERSUS_ARGS (extra `versus bench run` arguments, e.g. "--client-threads 1").
set -euo pipefail
source "$(dirname "$0")/lib.sh"
PAIRS=${PAIRS:-3}
DURATION=${DURATION:-10}
THREADS=${THREADS:-8}
TABLE_SIZE=${TABLE_SIZE:-100000}
WORKLOAD=${WORKLOAD:-oltp_read_write}
TRANSPORTS=${TRANSPORTS:-socket tcp}
SETUPS=${SETUPS:-own versus}
read -r -a versus_args <<< "${VERSUS_ARGS:-}"

[[ -x $VERSUS ]] || { echo "build versus first: $VERSUS" >&2; exit 2; }
perf_events=task-clock,context-switches,cpu-migrations,sched:sched_wakeup
have_perf=0
perf stat -e "$perf_events" true > /dev/null 2>&1 && have_perf=1
hold_build_lock
work=$(mktemp -d /tmp/versus-bench.XXXXXX)
declare -A dir_of port_of safe_of
stop_all() {
  for s in "${!safe_of[@]}"; do
    SERVER_DIR=${dir_of[$s]} SAFE_PID=${safe_of[$s]} stop_server
  done
}
trap 'stop_all; rm -rf "$work"' EXIT

# Starts setup $1 (index $2) in $work/s$2 and loads its table; records dir, port, pid.
start_setup() {
  local name=$1 dir=$work/s$2
  case $name in
    own) start_server "$dir" ;;
    own:*) EXTRA_MY_CNF=$(tr ',' '\n' <<< "${name#own:}") start_server "$dir" ;;
    versus) start_versus_instance "$dir" "$TABLE_SIZE" ;;
    plain) start_plain_server "$dir" ;;
    *) echo "unknown setup '$name' (own, own:K=V,..., versus, plain)" >&2; exit 2 ;;
  esac
  dir_of[$name]=$SERVER_DIR port_of[$name]=$SERVER_PORT safe_of[$name]=$SAFE_PID
  if [[ $name != versus ]]; then  # versus's instance comes loaded by versus
    sysbench --config-file="$SERVER_DIR/sysbench.cfg" "$WORKLOAD" --tables=1 \
      --table-size="$TABLE_SIZE" prepare > /dev/null
  fi
  echo "setup $name: $("$BASEDIR/sbin/mariadbd" --version | head -1 | awk '{print $3}')" \
    "on 127.0.0.1:$SERVER_PORT and $SERVER_DIR/sock;" \
    "$(admin_sql "SELECT CONCAT('thread_handling=', @@thread_handling, ' thread_cache_size=',
       @@thread_cache_size, ' max_connections=', @@max_connections, ' pool=',
       @@innodb_buffer_pool_size DIV 1048576, 'M performance_schema=', @@performance_schema,
       ' character_set_server=', @@character_set_server)")"
}

# The plain instance of issue 12: a datadir from mariadb-install-db and mysqld_safe with
# options on its command line only, so the system's option files (/etc/mysql) apply too.
start_plain_server() {  # dir
  SERVER_DIR=$1
  SERVER_PORT=$(free_port)
  mkdir -p "$SERVER_DIR/data" "$SERVER_DIR/tmp"
  chmod 700 "$SERVER_DIR"
  printf '[mysqld]\npid-file=%s\n' "$SERVER_DIR/mysqld.pid" > "$SERVER_DIR/my.cnf"  # for pid_file
  local user_arg=(); [[ $(id -u) == 0 ]] && user_arg=(--user=root)
  "$BASEDIR/bin/mariadb-install-db" --basedir="$BASEDIR" --datadir="$SERVER_DIR/data" \
    "${user_arg[@]}" --auth-root-authentication-method=normal > "$SERVER_DIR/init.log" 2>&1 ||
    { tail -20 "$SERVER_DIR/init.log"; return 1; }
  "$BASEDIR/bin/mysqld_safe" --basedir="$BASEDIR" --ledir="$BASEDIR/sbin" --mysqld=mariadbd \
    --datadir="$SERVER_DIR/data" --socket="$SERVER_DIR/sock" --port="$SERVER_PORT" \
    --pid-file="$SERVER_DIR/mysqld.pid" --log-error="$SERVER_DIR/error.log" \
    --bind-address=127.0.0.1 --innodb-buffer-pool-size=1G --max-connections=2000 \
    --lc-messages-dir="$BASEDIR/share/mysql" --plugin-dir="$BASEDIR/lib/mysql/plugin" \
    "${user_arg[@]}" > "$SERVER_DIR/mysqld_safe.out" 2>&1 &
  SAFE_PID=$!
  wait_answering "$SERVER_DIR/error.log" || return 1
  create_account
}

use_setup() { SERVER_DIR=${dir_of[$1]} SERVER_PORT=${port_of[$1]}; }

run_sysbench() {  # transport seconds out cpu
  local cfg=$SERVER_DIR/sysbench.cfg
  [[ $1 == socket ]] && cfg=$SERVER_DIR/sysbench-socket.cfg
  counted "$3" "$4" sysbench --config-file="$cfg" "$WORKLOAD" --tables=1 \
    --table-size="$TABLE_SIZE" --threads="$THREADS" --time="$2" --events=0 run
}
run_versus() {  # transport seconds out cpu
  local where=(--port "$SERVER_PORT")
  [[ $1 == socket ]] && where=(--socket "$SERVER_DIR/sock")
  counted "$3" "$4" "$VERSUS" bench run --defaults-file "$SERVER_DIR/client.cnf" "${where[@]}" \
    --user versus --workload "$WORKLOAD" --tables 1 --table-size "$TABLE_SIZE" \
    --threads "$THREADS" --duration "${2}s" --format json "${versus_args[@]}"
}

# timed (lib.sh), under perf stat when there is perf: $2 gets "cpu wall sys", $2.ctx the
# voluntary and involuntary context switches (/usr/bin/time), $2.perf perf's counts.
counted() {  # out cpu cmd...
  local out=$1 cpu=$2; shift 2
  local pre=()
  (( have_perf )) && pre=(perf stat -x, -e "$perf_events" -o "$cpu.perf" --)
  "${pre[@]}" /usr/bin/time -f '%U %S %e %w %c' -o "$cpu.raw" "$@" > "$out"
  python3 -c 'import sys; u,s,e,w,c=map(float,open(sys.argv[1]).read().split()[-5:]); print(u+s, e, s); print(w, c, file=open(sys.argv[1][:-4]+".ctx","w"))' \
    "$cpu.raw" > "$cpu"
}

# "cs migrations wakeups" from perf stat's CSV (NA without perf).
perf_counts() {  # cpu_file
  [[ -f $1.perf ]] || { echo "NA NA NA"; return; }
  python3 - "$1.perf" <<'PY'
import sys
c = {}
for line in open(sys.argv[1]):
    f = line.strip().split(",")
    if len(f) > 2 and f[0][:1].isdigit():
        c[f[2]] = f[0]
print(c.get("context-switches", "NA"), c.get("cpu-migrations", "NA"),
      c.get("sched:sched_wakeup", "NA"))
PY
}

results=$work/results.txt
: > "$results"
measure() {  # setup transport tool label
  local setup=$1 transport=$2 tool=$3 label=$4 before after hist
  use_setup "$setup"
  hist=$(wait_purge 60)
  local base=$work/$label.$tool
  before=$(proc_cpu_s "$(server_pid)")
  "run_$tool" "$transport" "$DURATION" "$base.out" "$base.cpu"
  after=$(proc_cpu_s "$(server_pid)")
  local cpu wall sys vcs ivcs cs mig wake tps txns
  read -r cpu wall sys < "$base.cpu"
  read -r vcs ivcs < "$base.cpu.ctx"
  read -r cs mig wake <<< "$(perf_counts "$base.cpu")"
  read -r tps txns <<< "$(figures_of "$tool" "$base.out")"
  local server_cpu; server_cpu=$(python3 -c "print(round($after - $before, 2))")
  echo "$setup $transport $label $tool $tps $txns $cpu $sys $server_cpu $vcs $ivcs $cs $mig $wake" \
    >> "$results"
  printf '%-22s %-6s %-4s %-8s TPS %8.1f  CPU %5.2f s (kernel %5.2f)  server %5.2f s  history %s\n' \
    "$setup" "$transport" "$label" "$tool" "$tps" "$cpu" "$sys" "$server_cpu" "$hist"
}

read -r -a setups <<< "$SETUPS"
read -r -a transports <<< "$TRANSPORTS"
i=0
for s in "${setups[@]}"; do start_setup "$s" $((i += 1)); done
echo "perf stat: $([[ $have_perf == 1 ]] && echo "$perf_events" || echo 'not installed')"

echo "warmup (discarded): each client 5 s on each setup and transport"
for s in "${setups[@]}"; do
  use_setup "$s"
  for t in "${transports[@]}"; do
    run_sysbench "$t" 5 "$work/warm.out" "$work/warm.cpu"
    run_versus "$t" 5 "$work/warm.out" "$work/warm.cpu"
  done
done
k=0
for p in $(seq 1 "$PAIRS"); do
  for s in "${setups[@]}"; do
    for t in "${transports[@]}"; do
      if (( k++ % 2 )); then order=(sysbench versus); else order=(versus sysbench); fi
      for tool in "${order[@]}"; do measure "$s" "$t" "$tool" "p$p"; done
    done
  done
done

python3 - "$results" <<'PY'
import sys, statistics
rows = [l.split() for l in open(sys.argv[1])]
groups = {}
for setup, tr, label, tool, *v in rows:
    groups.setdefault((setup, tr), {}).setdefault(label, {})[tool] = v
def num(x):
    return float(x) if x != "NA" else float("nan")
def per(v, i):  # counter i per transaction
    return num(v[i]) / float(v[1])
def spread(xs):
    return f"{statistics.geometric_mean(xs):.3f} [{min(xs):.3f}..{max(xs):.3f}]"
summary = []
for (setup, tr), pairs in groups.items():
    print(f"\n== setup {setup}, transport {tr}")
    print("pair  client    TPS      us/txn (kernel)  vol.cs/txn  cs/txn  migr/txn  wakeups/txn"
          "  server s")
    cpu_r, tps_r, floor_r = [], [], []
    for label, d in pairs.items():
        for tool in ("versus", "sysbench"):
            v = d[tool]
            print(f"{label:5} {tool:8} {num(v[0]):8.1f}  {per(v,2)*1e6:6.1f} ({per(v,3)*1e6:6.1f})"
                  f"  {per(v,5):9.2f}  {per(v,7):6.2f}  {per(v,8):8.3f}  {per(v,9):10.2f}"
                  f"  {num(v[4]):7.2f}")
        V, S = d["versus"], d["sysbench"]
        cpu_r.append(per(V, 2) / per(S, 2))
        tps_r.append(num(V[0]) / num(S[0]))
        floor_r.append(per(V, 3) / per(S, 2))
        print(f"      ratio v/s: CPU/txn {cpu_r[-1]:.3f}  TPS {tps_r[-1]:.3f}  floor {floor_r[-1]:.3f}")
    summary.append((setup, tr, spread(cpu_r), spread(tps_r), spread(floor_r), statistics.geometric_mean(cpu_r)))
print("\nversus / sysbench, geometric mean over the pairs [min..max of the pairs]")
print(f"{'setup':22} {'transport':9} {'CPU per txn':22} {'TPS':22} {'floor (kernel)':22}")
for setup, tr, c, t, f, g in summary:
    met = "  (target <= 0.5: " + ("MET)" if g <= 0.5 else "NOT MET)") if tr == "socket" else ""
    print(f"{setup:22} {tr:9} {c:22} {t:22} {f:22}{met}")
print("floor: versus's kernel CPU per transaction alone over sysbench's whole CPU per transaction")
PY
