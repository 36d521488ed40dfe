#!/bin/bash
# How configs/replay/shop-slow.log and shop.sql were made: versus's shop example
# (configs/own-sql/shop.yaml) run by `versus bench` for 1 s at 4 threads on MariaDB 10.11.19 with
# the slow log on (long_query_time=0), then a mariadb client session's lookups by name, captured
# in the same log; the log cut to a slice by whole entries (trim_log.py: the first 50 reads of
# each of the four load connections, the session's SELECTs), the tables dumped (mariadb-dump
# --databases shop) and trimmed (trim_dump.py), their collations left to each server's default.
#   scripts/replay-example/capture.sh [WORK_DIR]      (run from the repository's root)
# The server is started without the caller's open files (a lock held by the caller would stay
# held by the daemon) and stopped at the end.
set -euo pipefail
R=$(pwd)
V=${V:-$R/build/versus}
B=$R/releases/mariadb-10.11.19/usr
D=${1:-/tmp/replay-example}
rm -rf "$D"; mkdir -p "$D"
"$B/bin/mariadb-install-db" --no-defaults --basedir="$B" --datadir="$D/data" \
  --auth-root-authentication-method=normal > "$D/install.log" 2>&1
# shellcheck disable=SC2094
"$B/sbin/mariadbd" --no-defaults --basedir="$B" --datadir="$D/data" --socket="$D/sock" \
  --skip-networking --lc-messages-dir="$B/share/mysql" --plugin-dir="$B/lib/mysql/plugin" \
  --log-error="$D/err.log" --pid-file="$D/pid" --user="$(id -un)" --innodb-buffer-pool-size=64M \
  --slow-query-log-file="$D/slow.log" > "$D/mariadbd.out" 2>&1 3>&- 9>&- &
for _ in $(seq 100); do [ -S "$D/sock" ] && break; sleep 0.2; done
M=("$B/bin/mariadb" --no-defaults -S "$D/sock" -uroot --default-character-set=utf8mb4)
export VERSUS_PASSWORD=
shop=(--workload-file "$R/configs/own-sql/shop.yaml" --socket "$D/sock" --user root --database shop)
"$V" bench prepare "${shop[@]}"
# The session's customers, before the log starts.
"${M[@]}" shop -e "INSERT INTO customers VALUES (2001, 'alice@example.com', 'Alice', 'US'),
  (2002, 'weiss@example.com', 'Weiß', 'DE')"
"${M[@]}" -e "SET GLOBAL long_query_time=0; SET GLOBAL slow_query_log=1"
"$V" bench run "${shop[@]}" --threads 4 --duration 1s > "$D/bench.out" 2>&1
"${M[@]}" shop -e "SELECT id, email FROM customers WHERE name = 'Alice ';
  SELECT id, country FROM customers WHERE name = 'Weiss';
  SELECT id, email FROM customers WHERE name = 'Alice ';
  SELECT id, country FROM customers WHERE name = 'Weiss';"
"${M[@]}" -e "SET GLOBAL slow_query_log=0"
threads=$(grep -o "Thread_id: [0-9]*" "$D/slow.log" | sort | uniq -c | sort -rn | head -4 |
  awk '{print $3}' | paste -sd,)
python3 "$R/scripts/replay-example/trim_log.py" "$D/slow.log" "$D/shop-slow.log" 50 "$threads"
# The rows the slice reads: its customers (and their orders), the orders it reads by id.
C=$(grep -oE "customers WHERE id = [0-9]+|customer_id = [0-9]+" "$D/shop-slow.log" |
  grep -oE "[0-9]+$" | sort -un | paste -sd,)
O=$(grep -oE "orders WHERE id = [0-9]+" "$D/shop-slow.log" | grep -oE "[0-9]+$" | sort -un |
  paste -sd,)
"${M[@]}" shop -e "DELETE FROM orders WHERE customer_id NOT IN ($C) AND id NOT IN ($O);
  DELETE FROM customers WHERE id NOT IN ($C,2001,2002) AND id NOT IN (SELECT customer_id FROM orders)"
"$B/bin/mariadb-dump" --no-defaults -S "$D/sock" -uroot --databases shop --skip-dump-date \
  > "$D/dump-raw.sql"
python3 "$R/scripts/replay-example/trim_dump.py" "$D/dump-raw.sql" "$D/shop.sql" 12 "$O"
"$B/bin/mariadb-admin" --no-defaults -S "$D/sock" -uroot shutdown
echo "$D/shop-slow.log and $D/shop.sql (configs/replay/shop.sql adds a header comment)"
