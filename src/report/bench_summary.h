#pragma once
// BenchSummary: the `versus bench run` report, as sysbench prints its summary (text) or
// as JSON (format "versus-bench/1"). Plain data in, text out; no measurement here.
#include <cstdint>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "load/measurement.h"
#include "results/usage_record.h"
#include "results/warmup_record.h"

namespace versus::report {

inline constexpr const char* kBenchFormat = "versus-bench/1";

struct BenchSummary {
  std::string workload;  // sysbench name, e.g. "oltp_read_write"
  std::string target;    // where the load went, without the password
  int threads = 0;
  std::uint64_t rate = 0;  // fixed rate asked for, transactions/s; 0: closed loop
  double seconds = 0;      // the measured interval
  load::Counters counters;
  load::ErrorCounts errors;  // by code and kind, with the server's first message of each
  load::LatencyMs latency;  // per transaction, ms
  // SHOW GLOBAL STATUS deltas over the run (--status-deltas), in the order to print.
  std::vector<std::pair<std::string, std::int64_t>> status_deltas;
  std::vector<load::SecondSample> series;  // per second of the measured interval (JSON only)
  // --efficiency: the interval's usage (results/usage_record.h); measured false otherwise.
  results::UsageRecord usage;
  results::WarmupRecord warmup;  // prewarm and warmup before the interval (JSON only)
};

// One line of live progress (--report-interval), as sysbench prints it: the interval ending
// `t_s` seconds into the measurement, with its rates.
struct BenchInterval {
  double t_s = 0;
  int threads = 0;
  double tps = 0, qps = 0, errors_per_s = 0;
};

void write_bench_text(std::ostream& out, const BenchSummary& s);
// "[ 3s ] thds: 8 tps: 2401.32 qps: 48026.40 err/s: 0.00"
void write_bench_interval(std::ostream& out, const BenchInterval& i);
// Pretty-printed (indent 2), ending in a newline.
void write_bench_json(std::ostream& out, const BenchSummary& s);

}  // namespace versus::report
