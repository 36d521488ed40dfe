#!/usr/bin/env python3
"""What sets an A/A comparison's floor: reads RUN/results.json (bench/noise_floor.sh), one
row per (workload, threads), the two arms being profiles a and b. Per row:
  rounds     rounds with both cells ok
  tps, cv    mean TPS of the cells and its CV over them
  sd_mean    SD over the rounds of ln(a/b) from the cells' TPS (versus's paired estimate)
  sd_med     the same from each cell's median per-second rate
  sd_trim    the same from each cell's 20%-trimmed mean per-second rate
  t_mean     mean ln(a/b) / its standard error (A/A: a Student t with rounds-1 df)
  cell_sd    SD of ln TPS over all the row's cells (both profiles: they are the same)
  within     the part of cell_sd the seconds' own noise explains: sqrt(mean var(ln rate) / k)
             over the cells' k seconds, times sqrt((1 + r1) / (1 - r1)) for their lag-1
             autocorrelation r1 (printed as r1)
  shift      sqrt(cell_sd^2 - within^2): how far whole cells move, which no longer or robust
             cell removes, only pairing does
  pair_r     correlation over the rounds of ln TPS of a and b (what the pairing shares)
  out        share of seconds under 2/3 or over 3/2 of their cell's median rate
  hw3        half-width of the 95% paired interval of 3 rounds at sd_mean (the quickstart's)
  n5         rounds at which a 5% slowdown's expected interval clears -2% (min_difference),
             at the last look's |z| of 2.12: (2.12 sd_mean / (ln 0.98 - ln 0.95))^2"""
import json, math, statistics as st, sys
from collections import defaultdict


def rates(cell):
    return [s["transactions"] / s["seconds"] for s in cell.get("series", [])
            if s["seconds"] > 0 and s["transactions"] > 0]


def trimmed(xs, cut=0.2):
    xs = sorted(xs)
    k = int(len(xs) * cut)
    return st.mean(xs[k:len(xs) - k] or xs)


def lag1(xs):
    if len(xs) < 3:
        return 0.0
    m = st.mean(xs)
    den = sum((x - m) ** 2 for x in xs)
    return sum((a - m) * (b - m) for a, b in zip(xs, xs[1:])) / den if den > 0 else 0.0


def within_sd(cells):
    """The SD of a cell's ln mean rate its own seconds' noise explains (lag-1 corrected)."""
    var, r1 = [], []
    for c in cells:
        ln = [math.log(r) for r in rates(c)]
        if len(ln) >= 3:
            var.append(st.variance(ln) / len(ln))
            r1.append(lag1(ln))
    if not var:
        return float("nan"), float("nan")
    r = max(min(st.mean(r1), 0.9), -0.9)
    return math.sqrt(st.mean(var) * (1 + r) / (1 - r)), st.mean(r1)


def outliers(cells):
    n = out = 0
    for c in cells:
        rs = rates(c)
        if not rs:
            continue
        med = st.median(rs)
        n += len(rs)
        out += sum(1 for r in rs if r < med * 2 / 3 or r > med * 1.5)
    return out / n if n else float("nan")


def sd(xs):
    return st.stdev(xs) if len(xs) > 1 else float("nan")


def row(label, cells):
    by_round = defaultdict(dict)
    for c in cells:
        if c["status"] == "ok" and rates(c):
            by_round[c["repeat"]][c["profile"]] = c
    pairs = [(r["a"], r["b"]) for r in by_round.values() if "a" in r and "b" in r]
    if len(pairs) < 3:
        print(f"{label:26} fewer than 3 rounds with both cells ok")
        return
    ok = [c for p in pairs for c in p]
    ratio = {name: [math.log(f(a) / f(b)) for a, b in pairs] for name, f in (
        ("mean", lambda c: c["tps"]), ("med", lambda c: st.median(rates(c))),
        ("trim", lambda c: trimmed(rates(c))))}
    tps = [c["tps"] for c in ok]
    cell_sd = sd([math.log(t) for t in tps])
    within, r1 = within_sd(ok)
    shift = math.sqrt(max(cell_sd ** 2 - within ** 2, 0.0))
    pair_r = st.correlation([math.log(a["tps"]) for a, _ in pairs],
                            [math.log(b["tps"]) for _, b in pairs])
    n = len(pairs)
    s = sd(ratio["mean"])
    t_mean = st.mean(ratio["mean"]) / (s / math.sqrt(n))
    hw3 = 4.303 * s / math.sqrt(3)
    n5 = (2.12 * s / (math.log(0.98) - math.log(0.95))) ** 2
    print(f"{label:26} {n:6} {st.mean(tps):8.0f} {sd(tps) / st.mean(tps):6.3f} {s:7.3f} "
          f"{sd(ratio['med']):7.3f} {sd(ratio['trim']):7.3f} {t_mean:+6.2f} {cell_sd:7.3f} "
          f"{within:6.3f} {r1:+5.2f} {shift:6.3f} {pair_r:+6.2f} {100 * outliers(ok):5.1f}% "
          f"{hw3:6.3f} {n5:6.0f}")


def main(run):
    cells = json.load(open(f"{run}/results.json"))["cells"]
    print(f"{'workload threads':26} {'rounds':>6} {'tps':>8} {'cv':>6} {'sd_mean':>7} "
          f"{'sd_med':>7} {'sd_trim':>7} {'t_mean':>6} {'cell_sd':>7} {'within':>6} {'r1':>5} "
          f"{'shift':>6} {'pair_r':>6} {'out':>6} {'hw3':>6} {'n5':>6}")
    rows = defaultdict(list)
    for c in cells:
        rows[(c["workload"], c["threads"])].append(c)
    for (w, t), cs in sorted(rows.items()):
        row(f"{w} t{t}", cs)


if __name__ == "__main__":
    main(sys.argv[1])
