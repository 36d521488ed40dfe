#!/usr/bin/env python3
"""A/A figures of bench/colocation.sh's runs: WORK/{free,colocate}-N/results.json, N = 1..PAIRS.
Per run and thread count: mean TPS, CV over the cells, the per-round log-ratio SD of profile a
against b, CPU per transaction of server and client (us), others' share of the machine."""
import json, math, statistics as st, sys
from collections import defaultdict

work, pairs = sys.argv[1], int(sys.argv[2])

def figures(cells):
    by_round = defaultdict(dict)
    srv, cli, others = [], [], []
    for c in cells:
        if c["status"] != "ok":
            continue
        by_round[c["repeat"]][c["profile"]] = c["tps"]
        u = c.get("usage", {})
        t = u.get("transactions") or 0
        if t:
            srv.append((u["server_user_s"] + u["server_system_s"]) / t * 1e6)
            cli.append((u["client_user_s"] + u["client_system_s"]) / t * 1e6)
            cap = u["interval_s"] * u["host_cpus"]
            other = u["host_busy_s"] - u["server_user_s"] - u["server_system_s"] \
                - u["client_user_s"] - u["client_system_s"]
            others.append((max(other, 0) + u.get("steal_s", 0)) / cap)
    tps = [v for r in by_round.values() for v in r.values()]
    ratios = [math.log(r["a"] / r["b"]) for r in by_round.values() if "a" in r and "b" in r]
    return tps, ratios, srv, cli, others

def line(label, tps, ratios, srv, cli, others):
    sd = st.stdev(ratios) if len(ratios) > 1 else float("nan")
    cv = st.stdev(tps) / st.mean(tps) if len(tps) > 1 else float("nan")
    print(f"{label:22} {st.mean(tps):8.0f} {cv:6.3f} {sd:7.3f} {len(ratios):6} "
          f"{st.mean(srv):8.0f} {st.mean(cli):8.0f} {100 * max(others):6.1f}%")

print(f"{'run threads':22} {'tps':>8} {'cv':>6} {'aa_sd':>7} {'rounds':>6} "
      f"{'srv_us':>8} {'cli_us':>8} {'others':>7}")
pooled = defaultdict(lambda: ([], [], [], [], []))
for n in range(1, pairs + 1):
    for p in ("free", "colocate"):
        cells = json.load(open(f"{work}/{p}-{n}/results.json"))["cells"]
        for t in sorted({c["threads"] for c in cells}):
            f = figures([c for c in cells if c["threads"] == t])
            line(f"{p}-{n} t{t}", *f)
            for acc, part in zip(pooled[(p, t)], f):
                acc.extend(part)
print("pooled (cv over all runs' cells; aa_sd over all rounds):")
for (p, t), f in sorted(pooled.items(), key=lambda kv: (kv[0][1], kv[0][0])):
    line(f"{p} t{t}", *f)
