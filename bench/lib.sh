# Shared by the bench/ scripts: one MariaDB server started the way versus starts one
# (its own mysqld_safe, --defaults-file first, every path inside one directory, loopback
# only), a benchmark account whose password lives only in 0600 files, and CPU accounting.
# Source it; it defines functions and sets no options of its own.

bench_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BASEDIR=${BASEDIR:-$bench_root/releases/mariadb-10.11.19/usr}
VERSUS=${VERSUS:-$bench_root/build-bench/versus}
BUFFER_POOL=${BUFFER_POOL:-1G}

# A TCP port on 127.0.0.1 nothing listens on right now.
free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}

write_my_cnf() {  # dir port
  local dir=$1 port=$2
  cat > "$dir/my.cnf" <<CNF
[mysqld]
basedir=$BASEDIR
datadir=$dir/data
port=$port
socket=$dir/sock
pid-file=$dir/mysqld.pid
log-error=$dir/error.log
tmpdir=$dir/tmp
bind-address=127.0.0.1
lc-messages-dir=$BASEDIR/share/mysql
plugin-dir=$BASEDIR/lib/mysql/plugin
innodb_buffer_pool_size=$BUFFER_POOL
${EXTRA_MY_CNF:-}
CNF
  if [[ $(id -u) == 0 ]]; then echo "user=root" >> "$dir/my.cnf"; fi
  chmod 600 "$dir/my.cnf"
}

# Writes the account's option files: client.cnf for versus, sysbench.cfg for sysbench.
write_client_files() {  # dir port password
  local dir=$1 port=$2 pw=$3
  (umask 077
   printf '[client]\npassword=%s\n' "$pw" > "$dir/client.cnf"
   printf 'mysql-host=127.0.0.1\nmysql-port=%s\nmysql-user=versus\nmysql-password=%s\nmysql-db=sbtest\n' \
     "$port" "$pw" > "$dir/sysbench.cfg"
   printf 'mysql-host=localhost\nmysql-socket=%s\nmysql-user=versus\nmysql-password=%s\nmysql-db=sbtest\n' \
     "$dir/sock" "$pw" > "$dir/sysbench-socket.cfg")
}

# wait_answering LOG: waits up to 60 s for the server to answer SELECT 1; on failure prints the
# tail of LOG (its error log) and returns 1.
wait_answering() {
  for _ in $(seq 1 300); do
    admin_sql "SELECT 1" > /dev/null 2>&1 && return 0
    sleep 0.2
  done
  admin_sql "SELECT 1" > /dev/null && return 0
  tail -20 "$1"; return 1
}

# Starts a server in a fresh directory $1; sets SERVER_DIR, SERVER_PORT, SAFE_PID.
start_server() {
  SERVER_DIR=$1
  SERVER_PORT=$(free_port)
  mkdir -p "$SERVER_DIR/data" "$SERVER_DIR/tmp"
  chmod 700 "$SERVER_DIR"
  write_my_cnf "$SERVER_DIR" "$SERVER_PORT"
  local user_arg=(); [[ $(id -u) == 0 ]] && user_arg=(--user=root)
  "$BASEDIR/bin/mariadb-install-db" --defaults-file="$SERVER_DIR/my.cnf" --basedir="$BASEDIR" \
    --datadir="$SERVER_DIR/data" "${user_arg[@]}" --auth-root-authentication-method=normal \
    > "$SERVER_DIR/init.log" 2>&1 || { tail -20 "$SERVER_DIR/init.log"; return 1; }
  "$BASEDIR/bin/mysqld_safe" --defaults-file="$SERVER_DIR/my.cnf" --ledir="$BASEDIR/sbin" \
    --mysqld=mariadbd > "$SERVER_DIR/mysqld_safe.out" 2>&1 &
  SAFE_PID=$!
  wait_answering "$SERVER_DIR/error.log" || return 1
  create_account
}

# The account versus@127.0.0.1 (TCP) and versus@localhost (Unix socket) with a fresh random
# password, the database sbtest, and the option files of both clients (write_client_files).
create_account() {
  local pw; pw=$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')
  # The password goes through stdin, never argv.
  printf "CREATE OR REPLACE USER versus@'127.0.0.1' IDENTIFIED BY '%s';
          GRANT ALL ON *.* TO versus@'127.0.0.1';
          CREATE OR REPLACE USER versus@'localhost' IDENTIFIED BY '%s';
          GRANT ALL ON *.* TO versus@'localhost';
          CREATE DATABASE IF NOT EXISTS sbtest;" "$pw" "$pw" | admin_sql_stdin
  write_client_files "$SERVER_DIR" "$SERVER_PORT" "$pw"
}

# Starts the server versus itself starts for a matrix cell: `versus run` of a one-cell matrix
# (the release at BASEDIR, quickstart's first profile ps-off, 1 table x $1 rows, loaded by
# versus) with --keep-snapshots, then its kept my.cnf (as versus rendered it; only the port
# is moved to a free one) over a copy of its loaded datadir, started as versus starts it
# (mysqld_safe --defaults-file first). Sets SERVER_DIR, SERVER_PORT, SAFE_PID as start_server.
start_versus_instance() {  # dir table_size
  local dir=$1 rows=$2
  mkdir -p "$dir"
  chmod 700 "$dir"
  cat > "$dir/matrix.yaml" <<YAML
servers:
  - { name: bench, basedir: $BASEDIR }
profiles:
  - { name: ps-off, files: [$bench_root/profiles/perf-schema-off.cnf] }
engines: [innodb]
workloads: [oltp_read_write]
threads: [1]
tables: 1
table_size: $rows
warmup: 0s
duration: 1s
YAML
  "$VERSUS" run "$dir/matrix.yaml" --keep-snapshots --output "$dir/run" > "$dir/run.log" 2>&1 ||
    { tail -20 "$dir/run.log"; return 1; }
  local inst; inst=$(dirname "$(find "$dir/run/instances" -maxdepth 2 -name snapshot | head -1)")
  [[ -f $inst/my.cnf ]] || { echo "no kept instance under $dir/run" >&2; return 1; }
  SERVER_DIR=$inst
  SERVER_PORT=$(free_port)
  sed -i "s/^port=.*/port=$SERVER_PORT/" "$inst/my.cnf"
  local datadir; datadir=$(sed -n 's/^datadir=//p' "$inst/my.cnf" | head -1)
  rm -rf "$datadir"
  cp -a "$inst/snapshot" "$datadir"
  "$BASEDIR/bin/mysqld_safe" --defaults-file="$inst/my.cnf" --ledir="$BASEDIR/sbin" \
    --mysqld=mariadbd > "$inst/mysqld_safe.out" 2>&1 &
  SAFE_PID=$!
  wait_answering "$(sed -n 's/^log-error=//p' "$inst/my.cnf")" || return 1
  create_account
}

# The pid-file of the server in SERVER_DIR (start_server's or versus's my.cnf).
pid_file() { sed -n 's/^pid-file=//p' "$SERVER_DIR/my.cnf" | head -1; }

# Waits (at most $1 s, default 60) until InnoDB's purge has caught up: the history list
# (undo logs of committed transactions not yet purged) under PURGE_MAX (default 200)
# entries, so a run does not pay for the purge of the run before it.
wait_purge() {
  local limit=${1:-60} n
  for _ in $(seq 1 $(( limit * 5 ))); do
    n=$(admin_sql "SHOW GLOBAL STATUS LIKE 'Innodb_history_list_length'" | awk '{print $2}')
    (( ${n:-0} < ${PURGE_MAX:-200} )) && { echo "${n:-0}"; return 0; }
    sleep 0.2
  done
  echo "${n:-0}"
}

admin_sql() { "$BASEDIR/bin/mariadb" --no-defaults -S "$SERVER_DIR/sock" -uroot -N -e "$1"; }
admin_sql_stdin() { "$BASEDIR/bin/mariadb" --no-defaults -S "$SERVER_DIR/sock" -uroot -N; }

server_pid() { cat "$(pid_file)" 2>/dev/null; }

# SIGTERM to the pid-file pid, then wait for the server and for mysqld_safe.
stop_server() {
  [[ -n ${SAFE_PID:-} ]] || return 0
  local pid; pid=$(server_pid)
  if [[ -n $pid ]]; then
    kill -TERM "$pid" 2>/dev/null
    while kill -0 "$pid" 2>/dev/null; do sleep 0.2; done
  fi
  wait "$SAFE_PID" 2>/dev/null
  SAFE_PID=
}

# CPU seconds (user+sys) a process has used so far, from /proc/<pid>/stat.
proc_cpu_s() {
  python3 - "$1" <<'PY'
import os, sys
f = open(f"/proc/{sys.argv[1]}/stat").read().rsplit(")", 1)[1].split()
print((int(f[11]) + int(f[12])) / os.sysconf("SC_CLK_TCK"))
PY
}

# Runs a command under /usr/bin/time; its stdout goes to $1, and "cpu wall sys" to the file
# $2: user+sys CPU seconds, wall seconds, and the kernel's (sys) share of the CPU seconds.
timed() {  # out cpu_file cmd...
  local out=$1 cpu=$2; shift 2
  /usr/bin/time -f '%U %S %e' -o "$cpu.raw" "$@" > "$out"
  python3 -c 'import sys; u,s,e=map(float,open(sys.argv[1]).read().split()[-3:]); print(u+s, e, s)' \
    "$cpu.raw" > "$cpu"
}

# "tps transactions" from a client's output: sysbench's text summary or versus's JSON.
figures_of() {  # tool out
  if [[ $1 == sysbench ]]; then
    sed -n 's/.*transactions: *\([0-9]*\) *(\([0-9.]*\) per sec.*/\2 \1/p' "$2"
  else
    python3 -c 'import json,sys; j=json.load(open(sys.argv[1])); print(j["tps"], j["transactions"])' "$2"
  fi
}

# An A/A matrix on stdout: one release (BASEDIR), two identical profiles a and b (64M pool),
# WORKLOAD over 1 table x 10,000 rows at each of THREADS (space-separated), REPEATS rounds of
# WARMUP + DURATION, then the lines given as arguments (more matrix keys).
aa_matrix() {  # [line...]
  cat <<YAML
servers:
  - { name: solo, basedir: $BASEDIR }
profiles:
  - { name: a, options: { innodb_buffer_pool_size: 64M } }
  - { name: b, options: { innodb_buffer_pool_size: 64M } }
workloads: [$WORKLOAD]
threads: [${THREADS// /, }]
table_size: 10000
warmup: $WARMUP
duration: $DURATION
repeats: $REPEATS
YAML
  printf '%s\n' "$@"
}

# Holds the build lock for the rest of the script (a build would disturb the measurement).
# The common start of a bench script: versus built, the build lock held, a scratch directory
# $work (removed on exit, the server stopped first), the server started in it and named.
begin_bench() {
  [[ -x $VERSUS ]] || { echo "build versus first: $VERSUS" >&2; exit 2; }
  hold_build_lock
  work=$(mktemp -d /tmp/versus-bench.XXXXXX)
  trap 'stop_server; rm -rf "$work"' EXIT
  start_server "$work/srv"
  echo "server $("$BASEDIR/sbin/mariadbd" --version | head -1) on 127.0.0.1:$SERVER_PORT"
}

hold_build_lock() {
  exec 9> /tmp/versus-build.lock
  echo "waiting for /tmp/versus-build.lock ..." >&2
  flock 9
}
