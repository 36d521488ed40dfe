#pragma once
// BenchSummary: the `versus bench run` report, as sysbench prints its summary (text) or
// as JSON (format "versus-bench/1"). Plain data in, text out; no measurement here.
#include <cstdint>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "results/record.h"

namespace versus::report {

inline constexpr const char* kBenchFormat = "versus-bench/1";

struct BenchSummary {
  std::string workload;  // sysbench name, e.g. "oltp_read_write"
  std::string target;    // where the load went, without the password
  int threads = 0;
  double seconds = 0;  // the measured interval
  results::Counters counters;
  results::LatencyMs latency;  // per transaction, ms
  // SHOW GLOBAL STATUS deltas over the run (--status-deltas), in the order to print.
  std::vector<std::pair<std::string, std::int64_t>> status_deltas;
};

void write_bench_text(std::ostream& out, const BenchSummary& s);
// Pretty-printed (indent 2), ending in a newline.
void write_bench_json(std::ostream& out, const BenchSummary& s);

}  // namespace versus::report
