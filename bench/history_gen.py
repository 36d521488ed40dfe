#!/usr/bin/env python3
"""Writes NIGHTS synthetic nightly runs of SERIES cell series (results.json files versus reads)
for bench/history_page.sh: OUT/<run-id>/results.json, one run a night from 2025-12-01 at
01:00 UTC. Series: workloads x engines x threads x table sizes, 2 repeats each (so every point
has a 95% interval), TPS around a per-series level with 2% noise (seeded: the same files every
time). Every 20th series steps by -20% to -35% at a night of its own (big enough to pass Holm over
the page's ~71,000 window tests: an 8% step at this noise would not), the first five of them in
the last 14 nights (5 or more nights before the last: a change point needs 5 runs after it); the server version changes at night NIGHTS - 60. Each cell has usage
figures: 60 counters per transaction, those of a stepped series moving with the step, so the
page has counters to rank.
Usage: history_gen.py OUT NIGHTS SERIES"""
import datetime
import json
import os
import random
import sys

out, nights, series_count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(20261201)
workloads = ["oltp_read_write", "oltp_read_only", "oltp_point_select", "oltp_update_index",
             "oltp_write_only", "legacy_complex", "oltp_insert", "oltp_delete"]
engines = ["innodb", "myisam"]
threads = [1, 4, 16, 64]
sizes = [10000, 100000, 1000000, 5000000, 20000000]
keys = [(w, e, t, s) for w in workloads for e in engines for s in sizes for t in threads]
if series_count > len(keys):
    sys.exit(f"at most {len(keys)} series")
keys = keys[:series_count]
counters = [f"Handler_read_{i}" for i in range(30)] + [f"Com_stmt_{i}" for i in range(30)]
level = [rng.uniform(500, 20000) for _ in keys]
steps = {}  # series index -> (night, factor)
stepped = list(range(0, series_count, 20))
for k, i in enumerate(stepped):
    night = nights - 6 - (k * 2) % 9 if k < 5 else rng.randrange(10, max(11, nights - 20))
    steps[i] = (night, 1 - rng.uniform(0.20, 0.35))
start = datetime.datetime(2025, 12, 1, 1, 0, 0)


def usage(tps, txn, factor):
    status = {c: int(txn * (1 + j % 7) / factor) for j, c in enumerate(counters)}
    cpu = txn / tps * 0.9
    return {"server_user_s": cpu * 0.6, "server_system_s": cpu * 0.4, "client_user_s": cpu * 0.2,
            "client_system_s": cpu * 0.3, "voluntary_switches": txn * 2,
            "involuntary_switches": txn // 10, "read_bytes": 0, "write_bytes": txn * 512,
            "read_chars": 0, "write_chars": 0, "peak_rss_bytes": 1 << 28, "host_busy_s": cpu * 1.5,
            "host_cpus": 2, "status": status, "innodb_metrics": {}}


def cell(i, night, repeat, version):
    w, e, t, s = keys[i]
    step_night, factor = steps.get(i, (nights + 1, 1.0))
    factor = factor if night >= step_night else 1.0
    tps = level[i] * factor * rng.gauss(1, 0.02)
    txn = int(tps * 10)
    return {"server": "nightly", "profile": "default", "engine": e, "workload": w, "threads": t,
            "repeat": repeat, "tables": 4, "table_size": s, "status": "ok", "error": "",
            "server_version": version, "my_cnf": "", "error_log": "", "started_at": "",
            "transport": "socket",
            "run_length": {"warmup_s": 5.0, "duration_s": 10.0, "max_requests": 0},
            "seconds": 10.0,
            "counters": {"transactions": txn, "reads": txn * 14, "writes": txn * 4,
                         "other": txn * 2, "ignored_errors": 0, "reconnects": 0, "abandoned": 0},
            "tps": tps, "qps": tps * 20,
            "latency_ms": {"min": 0.1, "avg": 1.0, "p50": 0.9, "p90": 1.5, "p95": 1.8,
                           "p99": 2.5, "p999": 4.0, "max": 9.0},
            "cpu_probe": 275.0, "cpu_quota_pct": 0.0, "series": [],
            "usage": usage(tps, txn, factor)}


for night in range(nights):
    when = start + datetime.timedelta(days=night)
    run_id = when.strftime("%Y%m%d-%H%M%S")
    version = "11.8.2-MariaDB" if night < nights - 60 else "11.8.3-MariaDB"
    run = {"run_id": run_id, "matrix_file": "configs/nightly.yaml",
           "started_at": when.strftime("%Y-%m-%dT%H:%M:%SZ"), "versus_version": "0.1.0",
           "servers": ["nightly"], "profiles": ["default"], "min_difference_pct": 2.0,
           "metric": "tps", "multiple_comparisons": "holm", "estimate": "paired", "seed": 1,
           "machine": {"cpu_model": "bench", "cores": 2, "kernel": "Linux", "governor": "",
                       "memory_bytes": 1 << 34}}
    cells = [cell(i, night, r, version) for i in range(len(keys)) for r in (0, 1)]
    os.makedirs(f"{out}/{run_id}", exist_ok=True)
    with open(f"{out}/{run_id}/results.json", "w") as f:
        json.dump({"format": "versus-results/2", "run": run, "cells": cells, "data_sizes": []}, f)
