#!/usr/bin/env python3
"""Does usage.host_speed (the in-cell ALU probe, load/drive/usage_probe.h) explain the per-round
swings of a comparison? Reads RUN/results.json for each RUN argument; in each (workload,
threads) row the two arms are the two (server, profile) pairs, B against A in sorted order.
Per row, over all runs' rounds: y = ln(tps_B / tps_A), x = ln(speed_B / speed_A). Prints the
estimate (mean y) and y's SD, then the fit y = d + b x: its slope, correlation, the adjusted
estimate d and the leave-one-out prediction error's SD against the raw one's (each round
predicted from the others: the raw prediction is the others' mean). Per cell: the correlation
of ln tps with ln speed, and the cells' CV before and after dividing tps by speed^b."""
import json, math, statistics as st, sys
from collections import defaultdict

def cells_of(runs):
    for run_no, run in enumerate(runs):
        for c in json.load(open(f"{run}/results.json"))["cells"]:
            u = c.get("usage") or {}
            if c["status"] == "ok" and u.get("host_speed_samples", 0) > 0:
                yield run_no, c, u["host_speed"]

def fit(x, y):
    """Least squares y = d + b x: (d, b)."""
    mx, my = st.mean(x), st.mean(y)
    sxx = sum((v - mx) ** 2 for v in x)
    b = sum((u - mx) * (v - my) for u, v in zip(x, y)) / sxx if sxx > 0 else 0.0
    return my - b * mx, b

def loo_sd(x, y, adjusted):
    """SD of each round's leave-one-out prediction error, raw (the others' mean) or adjusted."""
    errs = []
    for i in range(len(y)):
        xs, ys = x[:i] + x[i + 1:], y[:i] + y[i + 1:]
        if adjusted:
            d, b = fit(xs, ys)
            errs.append(y[i] - d - b * x[i])
        else:
            errs.append(y[i] - st.mean(ys))
    return math.sqrt(sum(e * e for e in errs) / len(errs))

def row_figures(label, cells):
    arms = sorted({(c["server"], c["profile"]) for _, c, _ in cells})
    if len(arms) != 2:
        print(f"{label}: {len(arms)} arms, need 2"); return
    rounds = defaultdict(dict)
    for run_no, c, speed in cells:
        rounds[(run_no, c["repeat"])][(c["server"], c["profile"])] = (c["tps"], speed)
    pairs = [r for r in rounds.values() if len(r) == 2]
    y = [math.log(r[arms[1]][0] / r[arms[0]][0]) for r in pairs]
    x = [math.log(r[arms[1]][1] / r[arms[0]][1]) for r in pairs]
    if len(y) < 4:
        print(f"{label}: {len(y)} rounds, need 4"); return
    d, b = fit(x, y)
    r = st.correlation(x, y) if st.pstdev(x) > 0 and st.pstdev(y) > 0 else float("nan")
    raw, adj = loo_sd(x, y, False), loo_sd(x, y, True)
    lt = [math.log(c["tps"]) for _, c, _ in cells]
    ls = [math.log(s) for _, _, s in cells]
    _, cb = fit(ls, lt)
    cr = st.correlation(ls, lt) if st.pstdev(ls) > 0 else float("nan")
    cv_raw = st.stdev([c["tps"] for _, c, _ in cells]) / st.mean([c["tps"] for _, c, _ in cells])
    adj_tps = [math.exp(a - cb * s) for a, s in zip(lt, ls)]
    cv_adj = st.stdev(adj_tps) / st.mean(adj_tps)
    print(f"{label:24} {len(y):6} {st.mean(y):+8.4f} {st.stdev(y):7.4f} {r:+6.2f} {b:6.2f} "
          f"{d:+8.4f} {raw:7.4f} {adj:7.4f} {adj / raw:6.2f} | {cr:+6.2f} {cb:5.2f} "
          f"{cv_raw:6.3f} {cv_adj:6.3f}")

def main(runs):
    rows = defaultdict(list)
    for run_no, c, speed in cells_of(runs):
        rows[(c["workload"], c["threads"])].append((run_no, c, speed))
    print(f"{'workload threads':24} {'rounds':>6} {'est':>8} {'sd':>7} {'r':>6} {'slope':>6} "
          f"{'adj_est':>8} {'loo_raw':>7} {'loo_adj':>7} {'ratio':>6} | {'cell_r':>6} "
          f"{'c_slp':>5} {'cv':>6} {'cv_adj':>6}")
    for (w, t), cells in sorted(rows.items(), key=lambda kv: (kv[0][0], kv[0][1])):
        row_figures(f"{w} t{t}", cells)

if __name__ == "__main__":
    main(sys.argv[1:])
