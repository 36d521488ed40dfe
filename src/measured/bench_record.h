#pragma once
// BenchRecord: what one `versus bench run` measured (run/bench_run.h fills it; the bench
// summary, report/bench/, prints it as sysbench prints its summary, or as JSON). Plain data.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "measured/consistency_record.h"
#include "measured/measurement.h"
#include "measured/transaction_kind.h"
#include "measured/statement_time.h"
#include "measured/usage_record.h"
#include "measured/warmup_record.h"

namespace versus::measured {

struct BenchRecord {
  std::string workload;  // sysbench name, e.g. "oltp_read_write"
  std::string target;    // where the load went, without the password
  int threads = 0;
  std::uint64_t rate = 0;  // fixed rate asked for, transactions/s; 0: closed loop
  double seconds = 0;      // the measured interval
  Counters counters;
  ErrorCounts errors;  // by code and kind, with the server's first message of each
  LatencyMs latency;   // per transaction, ms
  StatementTimes statements;  // per statement class, ms (empty: --no-statement-timing)
  // SHOW GLOBAL STATUS deltas over the run (--status-deltas), in the order to print.
  std::vector<std::pair<std::string, std::int64_t>> status_deltas;
  std::vector<SecondSample> series;  // per second of the measured interval (JSON only)
  // --efficiency: the interval's usage (measured/usage_record.h); measured false otherwise.
  UsageRecord usage;
  WarmupRecord warmup;  // prewarm and warmup before the interval (JSON only)
  // By kind, for a workload whose transactions are of several (tpcc); empty otherwise.
  std::vector<TransactionKind> kinds{};
  // tpcc: the consistency conditions checked on the tables after the run; empty otherwise.
  std::vector<ConsistencyRecord> consistency{};
  // Why the tables failed their checks (the first condition that does not hold, or why none
  // could be checked); "" when they passed or the workload has none.
  std::string consistency_error{};
};

// One interval of live progress (--report-interval): the interval ending `t_s` seconds into
// the measurement, with its rates.
struct BenchInterval {
  double t_s = 0;
  int threads = 0;
  double tps = 0, qps = 0, errors_per_s = 0;
};

}  // namespace versus::measured
