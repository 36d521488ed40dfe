#!/usr/bin/env bash
# TPC-C held for a long run: one server, WAREHOUSES warehouses (1: every transaction on the
# same rows, the hottest counters growing fastest), CONNECTIONS connections over the Unix
# socket for DURATION, then the consistency conditions checked (all ten, then the cheap five,
# each with its time). Prints each minute's TPS (drift over the run), NOPM and TPM, the largest
# value of every counter and year-to-date column a transaction adds to, how fast the hottest
# grew, and how long the old SMALLINT columns (32,767) and today's BIGINT and DECIMAL(18,x)
# would last at that rate. Holds /tmp/versus-build.lock while it runs.
# Environment: DURATION (30m), WAREHOUSES (1), CONNECTIONS (8), BASEDIR, VERSUS.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
DURATION=${DURATION:-30m}
WAREHOUSES=${WAREHOUSES:-1}
CONNECTIONS=${CONNECTIONS:-8}

begin_bench

vb() {  # SUBCOMMAND [option...]: versus bench on tpcc over the socket, as the account versus
  "$VERSUS" bench "$1" --defaults-file "$SERVER_DIR/client.cnf" --user versus \
    --socket "$SERVER_DIR/sock" --workload tpcc --warehouses "$WAREHOUSES" "${@:2}"
}
vb cleanup > /dev/null 2>&1 || true
start=$(date +%s)
vb prepare > /dev/null
echo "loaded $WAREHOUSES warehouse(s) in $(( $(date +%s) - start )) s; running $DURATION at" \
     "$CONNECTIONS connections"
run_status=0
vb run --threads "$CONNECTIONS" --duration "$DURATION" --report-interval 60 --format json \
  > "$work/run.json" 2> "$work/run.err" || run_status=$?
echo "versus bench run exited $run_status"
vb check --format json > "$work/all.json" || true
vb check --tpcc-checks cheap --format json > "$work/cheap.json" || true
admin_sql "SELECT 'stock', MAX(s_order_cnt), MAX(s_remote_cnt), MAX(s_ytd) FROM sbtest.stock
           UNION ALL SELECT 'customer', MAX(c_payment_cnt), MAX(c_delivery_cnt),
             MAX(c_ytd_payment) FROM sbtest.customer
           UNION ALL SELECT 'district', MAX(d_ytd), MAX(d_next_o_id), 0 FROM sbtest.district
           UNION ALL SELECT 'warehouse', MAX(w_ytd), 0, 0 FROM sbtest.warehouse
           UNION ALL SELECT 'rows', (SELECT COUNT(*) FROM sbtest.order_line),
             (SELECT COUNT(*) FROM sbtest.orders), (SELECT COUNT(*) FROM sbtest.history)" \
  > "$work/maxima.txt"

python3 - "$work/run.json" "$work/all.json" "$work/cheap.json" "$work/maxima.txt" <<'PY'
import json, sys
def load(path):
    text = open(path).read()
    return json.loads(text[text.index("{"):text.rindex("}") + 1]) if "{" in text else {}
run, full, cheap = load(sys.argv[1]), load(sys.argv[2]), load(sys.argv[3])
m = {f[0]: [float(x) for x in f[1:]] for f in (l.split("\t") for l in open(sys.argv[4]).read().splitlines())}
secs = run.get("seconds", 0)
print(f"\nmeasured {secs:.0f} s: TPS {run.get('tps', 0):.1f}, NOPM {run.get('nopm', 0):.0f}, "
      f"TPM {run.get('tpm', 0):.0f}, retried errors {run.get('ignored_errors', 'n/a')}")
series = run.get("series", [])
if series:
    minutes = {}
    for s in series:  # per-second samples: t (end, s), seconds, transactions
        n, t = minutes.get(int((s["t"] - 1e-9) // 60), (0, 0.0))
        minutes[int((s["t"] - 1e-9) // 60)] = (n + s["transactions"], t + s["seconds"])
    print("TPS by minute:", " ".join(f"{n / t:.0f}" for _, (n, t) in sorted(minutes.items()) if t))
print("run consistency:", run.get("consistency_error") or "the conditions hold")
for name, j in (("all", full), ("cheap", cheap)):
    conds = j.get("consistency", [])
    print(f"check {name}: " + ", ".join(f"{c['condition']}: {c['seconds']:.2f} s" +
                                         ("" if c["violations"] == 0 else f" ({c['violations']} rows break it)")
                                         for c in conds) +
          f"; total {sum(c['seconds'] for c in conds):.2f} s" +
          (f"; {j['consistency_error']}" if j.get("consistency_error") else ""))
print(f"rows: order_line {m['rows'][0]:.0f}, orders {m['rows'][1]:.0f}, history {m['rows'][2]:.0f}")
hours = secs / 3600 if secs else float("nan")
cols = [("s_order_cnt", m["stock"][0]), ("s_remote_cnt", m["stock"][1]),
        ("c_payment_cnt", m["customer"][0]), ("c_delivery_cnt", m["customer"][1])]
# Rates are the maximum over the run's hours, the loaded values included: an upper bound.
print("\ncolumn           max now   per hour   hours to 32,767 (SMALLINT)  years to 2^63 (BIGINT)")
for name, v in cols:
    rate = v / hours if hours else 0
    small = 32767 / rate if rate else float("inf")
    big = 9.22e18 / rate / 8766 if rate else float("inf")
    print(f"{name:16} {v:8.0f} {rate:9.0f} {small:26.2f} {big:14.3g}")
ytd = [("s_ytd", m["stock"][2], 1e18), ("c_ytd_payment", m["customer"][2], 1e16),
       ("d_ytd", m["district"][0], 1e16), ("w_ytd", m["warehouse"][0], 1e16)]
print("\ncolumn           max now            DECIMAL(18,x) limit   years to it at this run's growth (upper bound: from 0)")
for name, v, limit in ytd:
    rate = v / hours if hours else 0
    print(f"{name:16} {v:18.2f} {limit:18.3g} {limit / rate / 8766 if rate else float('inf'):14.3g}")
PY
